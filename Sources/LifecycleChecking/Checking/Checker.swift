import LifecycleSource
import LifecycleSyntax
import LifecycleModel

/// Turns syntax into a checked `Model`, reporting every mistake it finds.
///
/// The checker runs in phases: load imports (`Checker+Imports`), declare protocols and
/// classes (`Checker+Types`), then for each machine resolve its delegate, states,
/// transitions and callbacks (`Checker+Machine`, `Checker+Callbacks`) and analyse its graph
/// (`Checker+Reachability`, over a `MachineGraph`). Every phase is linear in the size of the input; suggestions
/// ("did you mean") are computed only on the error path.
public struct Checker {
    /// The file being checked (another file's, briefly, while a system's imported machine is).
    var root: FileSyntax
    let files: SourceFiles
    let loader: SourceLoader
    /// What the caller asked for: the deployment target, the state limit, the diagnostic
    /// limit and warnings as errors.
    let settings: CompileSettings
    /// How the file system names the file a path opens (`realpath`), for the command line;
    /// nil (tests, the language server) folds `.` and `..` textually instead
    /// (`Checker+Imports`).
    let identity: PathIdentity?
    public internal(set) var diagnostics: Diagnostics

    var types: [TypeInfo] = []
    var typeByName: [String: Int] = [:]
    /// The syntax each type came from (for resolving parents).
    var typeParents: [[NameSyntax]] = []
    var ownTypes: [Int] = []
    var importsUIKit = false
    var importsSwiftUI = false
    /// The built-in modules imported by name, in order (`Model.modules`).
    package var modules: [String] = []
    /// Every built-in module read, re-exported ones included.
    var loadedModules: [String] = []
    /// Whether the root file had syntax errors: its graph is then incomplete, so the graph
    /// checks (reachability, dead ends) would only repeat them.
    var syntaxHadErrors: Bool
    /// The deployment target in effect (set by `check()`).
    var platform: Platform?
    /// Where the app adopts scenes, if it does (`Checker+Availability`).
    var sceneAdoption: SceneAdoption?
    /// The machines whose check found errors: a system's steps on them are not judged.
    var machinesWithErrors: Set<String> = []
    var suggestionsMade = 0

    /// A checker of `root` (whose syntax had errors when `syntaxHadErrors`), set up once.
    public init(root: FileSyntax, files: SourceFiles, loader: @escaping SourceLoader,
                settings: CompileSettings = CompileSettings(), identity: PathIdentity? = nil, syntaxHadErrors: Bool = false) {
        self.root = root
        self.files = files
        self.loader = loader
        self.settings = settings
        self.identity = identity
        self.syntaxHadErrors = syntaxHadErrors
        // Warnings stay warnings here (the checks count errors); the compilation promotes them.
        diagnostics = Diagnostics(limit: settings.diagnosticLimit)
    }

    /// Checks everything and returns the model (meaningful only if no errors were reported).
    public mutating func check() -> Model {
        let imported = loadImports()
        for (syntax, origin) in imported {
            declareTypes(of: syntax, origin: origin)
        }
        declareTypes(of: root, origin: nil)
        for (syntax, _) in imported { extendTypes(of: syntax) }
        extendTypes(of: root)
        resolveParents()
        checkOverrides()
        platform = resolvePlatform()
        sceneAdoption = findSceneAdoption()

        var machines: [Machine] = []
        var machineByName: [String: SourceRange] = [:]
        for decl in root.machines {
            let name = text(decl.name.range)
            declareOnce(name, at: decl.name.range, in: &machineByName, duplicate: Diagnostic.duplicateMachine)
            let errorsBefore = diagnostics.errorCount
            machines.append(checkMachine(decl))
            if diagnostics.errorCount > errorsBefore { machinesWithErrors.insert(name) }
        }
        checkSharedDelegates(machines)
        let systems = checkSystems(machines: machines, imported: imported)
        return Model(path: root.file.path, machines: machines, types: types, ownTypes: ownTypes,
                     importsUIKit: importsUIKit, importsSwiftUI: importsSwiftUI, modules: modules, platform: platform, systems: systems)
    }

    mutating func report(_ diagnostic: Diagnostic) { diagnostics.append(diagnostic) }

    /// Records where `name` is first declared; a later declaration is reported as `duplicate`,
    /// with a note at the first.
    mutating func declareOnce(_ name: String, at range: SourceRange, in first: inout [String: SourceRange],
                              duplicate: (String, SourceRange) -> Diagnostic) {
        if let earlier = first[name] {
            report(duplicate(name, range).note("'\(name)' first declared here", at: earlier))
        } else {
            first[name] = range
        }
    }

    /// Machines may share a delegate class (one generated class serves both), but only with
    /// the same adopted types: the generator writes one class declaration, and silently
    /// keeping the first machine's list dropped a protocol the second machine needs.
    mutating func checkSharedDelegates(_ machines: [Machine]) {
        var first: [String: (delegate: Delegate, machine: String)] = [:]
        for machine in machines {
            guard let delegate = machine.delegate, !delegate.isIncomplete else { continue }
            guard let earlier = first[delegate.name] else {
                first[delegate.name] = (delegate, machine.name)
                continue
            }
            guard Set(earlier.delegate.adopted) != Set(delegate.adopted) || earlier.delegate.superclass != delegate.superclass else { continue }
            report(.delegateAdoptsDifferently(delegate.name, adopted: delegate.adopted.map { types[$0].name },
                                              firstMachine: earlier.machine, firstAdopted: earlier.delegate.adopted.map { types[$0].name },
                                              at: delegate.range)
                .note("'\(delegate.name)' declared here by machine '\(earlier.machine)'", at: earlier.delegate.range))
        }
    }

    /// How many "did you mean" searches one check may run. Each search scans every candidate,
    /// so without a bound a file with as many misspellings as names costs quadratic time; past
    /// the bound, errors come without a suggestion (nobody reads the 5,000th one anyway).
    public static let maximumSuggestions = 100

    /// Whether one more "did you mean" search fits in the budget (and counts it).
    mutating func spendSuggestion() -> Bool {
        guard suggestionsMade < Checker.maximumSuggestions else { return false }
        suggestionsMade += 1
        return true
    }

    // MARK: - Source access

    func text(_ range: SourceRange) -> String { files[range.file].text(range) }

    /// A string literal's value (the syntax keeps only its range).
    func value(_ literal: StringSyntax) -> String {
        literal.value(in: literal.range.file == root.file.id ? root.file : files[literal.range.file])
    }

    func bytes(_ range: SourceRange) -> UnsafeBufferPointer<UInt8> {
        // Almost every name is in the root file: skip the look-up in `files` for it.
        let file = range.file == root.file.id ? root.file : files[range.file]
        let lower = min(range.startOffset, file.count), upper = min(range.endOffset, file.count)
        return UnsafeBufferPointer(rebasing: file.bytes[lower..<max(lower, upper)])
    }
}
