/// `lifecycle migrate`: plans the move of a pre-scenes app to the scene life cycle.
///
/// Reads the app delegate (its class and extensions, over every file given) and decides, for
/// the `SceneDelegateGenerator` and the `SceneAdoptionEdits`:
///
/// - which callbacks move to which scene callbacks (`MovedCallback`, from
///   `Checker.sceneReplacements`), each under the `#if` condition it was declared in;
/// - what `application(_:didFinishLaunchingWithOptions:)` does with `window` (`WindowSetUp`):
///   moved to `scene(_:willConnectTo:options:)` when it is plainly window set-up, else quoted
///   there in a comment;
/// - which members of the app delegate the moved code uses: the scene delegate forwards each to
///   the app delegate (`Forwarder`), which keeps the app's state;
/// - what it cannot do by itself, as warnings located in the app delegate: a private member the
///   moved code calls, a property whose type is not written, `self` passed as a value (it is the
///   scene delegate now), state restoration with a coder.
///
/// The app delegate is never changed here: its old callbacks stay until the user deletes them,
/// and `check --impl` reports them as no longer called.
public enum SceneMigration {
    /// The generated class.
    public static let sceneDelegateName = "SceneDelegate"

    /// Everything the generator and the edits need.
    public struct Plan: Sendable {
        public var appDelegate: String
        /// The app delegate's class declaration (where `--update` adds the configuration).
        public var home: SwiftProgram.Declaration
        public var program: SwiftProgram
        /// The imports of the files the moved code comes from, `import UIKit` first.
        public var imports: [ScannedImport]
        var moved: [MovedCallback]
        var window: WindowSetUp
        /// Callbacks of state restoration with a coder, left in the app delegate.
        public var restoration: [SwiftProgram.Located<ScannedMethod>]
        var forwarders: [Forwarder]
        /// The storyboard UIKit loads at launch (`UIMainStoryboardFile`), which scenes load
        /// through their configuration.
        public var storyboard: String?
        /// The Info.plist given, if any.
        public var infoPlist: InfoPlist?

        /// (app callback, scene callback, where) for each moved callback, in the scene
        /// delegate's order.
        public var movedCallbacks: [(from: String, to: String, at: SourceRange)] {
            moved.map { ($0.source.member.selector, $0.scene.selector, SwiftProgram.funcRange($0.source)) }
        }
    }

    /// A member of the app delegate the moved code uses, forwarded by the scene delegate.
    struct Forwarder {
        enum Member {
            case property(ScannedProperty)
            case method(ScannedMethod)
        }
        var member: Member
        var file: SourceFile
    }

    /// Plans the migration of the app delegate in `files` (its class and its extensions), or
    /// explains why there is none (errors); warnings in both cases.
    public static func plan(_ files: [SourceFile], infoPlist: InfoPlist?) -> (Plan?, Diagnostics) {
        let program = SwiftProgram(files: files, readingProperties: true)
        var diagnostics = Diagnostics()
        guard let appDelegate = program.appDelegate(),
              let home = program.classDeclaration(appDelegate) else {
            let at = program.files.first.map { SourceRange(file: $0.id, start: 0, end: 0) }
            if let at {
                let names = program.files.map { PathNames.lastComponent($0.path) }.joined(separator: ", ")
                diagnostics.append(.migrateNoAppDelegate(names, at: at))
            }
            return (nil, diagnostics)
        }
        switch SceneLifecycleCheck.adoption(models: [], program: program, infoPlist: infoPlist, appDelegate: appDelegate) {
        case .adopted(let evidence):
            diagnostics.append(Diagnostic.migrateAlreadyAdopted(appDelegate, at: SwiftProgram.keywordRange(of: home))
                .note(evidence.note, at: evidence.range))
            return (nil, diagnostics)
        case .presumed, .notAdopted:
            break
        }
        if let existing = program.classDeclaration(sceneDelegateName) {
            diagnostics.append(Diagnostic.migrateClassExists(sceneDelegateName, at: SwiftProgram.keywordRange(of: existing)))
            return (nil, diagnostics)
        }
        let catalog = Catalog()
        let methods = program.methods(ofClass: appDelegate)
        var moved: [MovedCallback] = []
        for (selector, kind) in MovedCallback.order {
            for located in methods where located.member.selector == selector {
                guard let sceneSelector = Checker.sceneReplacements[selector], let scene = catalog.method(sceneSelector) else { continue }
                moved.append(movedCallback(located, scene: scene, kind: kind))
            }
        }
        // A callback the table names that the migration does not know how to move.
        for located in methods where Checker.sceneReplacements[located.member.selector] != nil
            && !MovedCallback.order.contains(where: { $0.app == located.member.selector }) {
            diagnostics.append(.migrateNotMoved(located.member.selector, replacement: Checker.sceneReplacements[located.member.selector]!,
                                                at: SwiftProgram.funcRange(located)))
        }
        let restoration = methods.filter { MovedCallback.coderRestoration.contains($0.member.selector) }
        for located in restoration {
            diagnostics.append(.migrateCoderRestoration(located.member.selector, at: SwiftProgram.funcRange(located)))
        }
        let launch = methods.first { $0.member.selector == "application(_:didFinishLaunchingWithOptions:)" && $0.member.body != nil }
        let window = launch.map { WindowSetUp(launch: $0) } ?? WindowSetUp.none
        if case .quoted(_, let source, let reason) = window {
            diagnostics.append(.migrateWindowSetUpQuoted(reason, at: SwiftProgram.funcRange(source)))
        }
        var plan = Plan(appDelegate: appDelegate, home: home, program: program, imports: [], moved: moved, window: window,
                        restoration: restoration, forwarders: [], storyboard: infoPlist?.mainStoryboard, infoPlist: infoPlist)
        plan.imports = imports(of: plan)
        plan.forwarders = forwarders(for: plan, into: &diagnostics)
        return (plan, diagnostics)
    }

    /// The UIKit catalog's scene callbacks, for their exact signatures.
    struct Catalog {
        let model: Model?

        init() {
            model = Compiler.compile(path: "<migrate>", source: "import UIKit\n").model
        }

        func method(_ selector: String) -> Method? {
            guard let model else { return nil }
            for name in ["UISceneDelegate", "UIWindowSceneDelegate"] {
                if let type = model.types.first(where: { $0.name == name && $0.origin == "UIKit" }),
                   let method = type.methods.first(where: { $0.selector == selector }) {
                    return method
                }
            }
            return nil
        }
    }

    /// The scene counterpart of one app callback, its parameters named for the moved code.
    static func movedCallback(_ located: SwiftProgram.Located<ScannedMethod>, scene: Method, kind: MovedCallback.Kind) -> MovedCallback {
        var scene = scene
        var binding: String?
        if case .body = kind, let body = located.member.body {
            let used = Set(SwiftStatements.references(in: Array(located.file.bytes), body).map(\.name))
            let application = located.member.parameters.first?.name ?? "_"
            if application != "_" && used.contains(application) { binding = application }
            // The other parameters are the app callback's, under the names its body uses.
            let app = located.member.parameters
            if app.count == scene.parameters.count {
                for index in scene.parameters.indices.dropFirst() where app[index].name != "_" {
                    scene.parameters[index].name = app[index].name
                }
            }
            // The scene itself: a name the body does not use.
            let taken = used.union(scene.parameters.dropFirst().map(\.name)).union(binding.map { [$0] } ?? [])
            if let free = [scene.parameters[0].name, "scene", "windowScene", "uiScene", "currentScene"].first(where: { !taken.contains($0) }) {
                scene.parameters[0].name = free
            }
        }
        return MovedCallback(source: located, scene: scene, kind: kind, applicationBinding: binding)
    }

    /// `import UIKit`, then each import of the files the moved code comes from, once.
    static func imports(of plan: Plan) -> [ScannedImport] {
        var files = plan.moved.map(\.source.file)
        if case .moved(_, let source, _, _) = plan.window { files.append(source.file) }
        var result = [ScannedImport(text: "import UIKit", condition: nil)]
        for (file, scan) in zip(plan.program.files, plan.program.scans) where files.contains(where: { $0 === file }) {
            for item in scan.imports where !result.contains(where: { $0.text == item.text && $0.condition == item.condition }) {
                result.append(item)
            }
        }
        return result
    }

    /// The members of the app delegate the moved code uses: forwarded by the scene delegate,
    /// with a warning for each one it cannot forward as is.
    static func forwarders(for plan: Plan, into diagnostics: inout Diagnostics) -> [Forwarder] {
        // Every name the moved code refers to, with where (for the warnings), in order.
        // A method is referred to by a call (`name(…)`, `name { … }`); the callback's own
        // parameters are not the app delegate's members.
        var references: [(name: String, at: SourceRange, from: String, isCall: Bool)] = []
        func collect(_ file: SourceFile, _ ranges: [Range<Int>], from method: ScannedMethod) {
            let bytes = Array(file.bytes)
            let parameters = Set(method.parameters.map(\.name))
            for range in ranges {
                for (name, at) in SwiftStatements.references(in: bytes, range) where !parameters.contains(name) {
                    var next = at.upperBound
                    while next < range.upperBound && (bytes[next] == UInt8(ascii: " ") || bytes[next] == UInt8(ascii: "\t")) { next += 1 }
                    let isCall = next < range.upperBound
                        && (bytes[next] == UInt8(ascii: "(") && next == at.upperBound || bytes[next] == UInt8(ascii: "{"))
                    references.append((name, SourceRange(file: file.id, start: at.lowerBound, end: at.upperBound), method.selector, isCall))
                }
                let tokens = SwiftLexer(bytes: bytes, range: range).tokenize()
                for index in SwiftStatements.bareSelf(in: tokens, tokens.indices) {
                    diagnostics.append(.migrateSelfPassed(method.selector, appDelegate: plan.appDelegate,
                                                          at: SourceRange(file: file.id, start: tokens[index].start, end: tokens[index].end)))
                }
            }
        }
        for moved in plan.moved {
            guard let body = moved.source.member.body else { continue }
            collect(moved.source.file, [body], from: moved.source.member)
        }
        if case .moved(let lines, let source, _, _) = plan.window {
            collect(source.file, lines, from: source.member)
        }
        let properties = plan.program.properties(ofClass: plan.appDelegate)
        let methods = plan.program.methods(ofClass: plan.appDelegate)
        var forwarders: [Forwarder] = []
        var done: Set<String> = []
        for reference in references where !done.contains(reference.name) {
            let name = reference.name
            let property = properties.first { $0.member.name == name }
            let overloads = reference.isCall ? methods.filter { $0.member.baseName == name } : []
            guard property != nil || !overloads.isEmpty else { continue }
            done.insert(name)
            // The scene delegate's own `window` is the scene's: the moved code means it.
            if name == "window" { continue }
            if SceneDelegateGenerator.memberNames.contains(name) {
                diagnostics.append(.migrateNameTaken(name, appDelegate: plan.appDelegate, at: reference.at))
                continue
            }
            if let property {
                if !property.member.isVisibleToOtherTypes {
                    diagnostics.append(Diagnostic.migrateUsesPrivateMember(name, callback: reference.from, appDelegate: plan.appDelegate,
                                                                           access: property.member.access ?? "private", at: reference.at)
                        .note("'\(name)' is declared here", at: SourceRange(file: property.file.id, start: property.member.offset,
                                                                            end: property.member.offset + 3)))
                }
                if property.member.type == nil {
                    diagnostics.append(Diagnostic.migrateUntypedProperty(name, appDelegate: plan.appDelegate, at: reference.at)
                        .note("'\(name)' is declared here", at: SourceRange(file: property.file.id, start: property.member.offset,
                                                                            end: property.member.offset + 3)))
                }
                forwarders.append(Forwarder(member: .property(property.member), file: property.file))
                continue
            }
            for overload in overloads {
                let method = overload.member
                let at = SwiftProgram.funcRange(overload)
                if method.isGeneric || method.parameters.contains(where: { SwiftTypeText.normalized($0.type).hasSuffix("...") }) {
                    diagnostics.append(Diagnostic.migrateCannotForward(method.selector, appDelegate: plan.appDelegate, at: reference.at)
                        .note("'\(method.selector)' is declared here", at: at))
                    continue
                }
                if !method.isVisibleToOtherTypes {
                    diagnostics.append(Diagnostic.migrateUsesPrivateMember(method.selector, callback: reference.from, appDelegate: plan.appDelegate,
                                                                           access: method.access ?? "private", at: reference.at)
                        .note("'\(method.selector)' is declared here", at: at))
                }
                forwarders.append(Forwarder(member: .method(method), file: overload.file))
                // The app delegate's window is nil once scenes are adopted: a forwarded method
                // that reads it no longer finds the user interface.
                if let body = method.body,
                   let use = SwiftStatements.references(in: Array(overload.file.bytes), body).first(where: { $0.name == "window" }) {
                        diagnostics.append(Diagnostic.migrateForwardedUsesWindow(method.selector, appDelegate: plan.appDelegate,
                                                                                 at: SourceRange(file: overload.file.id, start: use.range.lowerBound,
                                                                                                 end: use.range.upperBound))
                            .note("the moved code calls it here", at: reference.at))
                }
            }
        }
        return forwarders
    }
}
