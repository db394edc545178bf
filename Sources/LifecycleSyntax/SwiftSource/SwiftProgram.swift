import LifecycleSource

/// The Swift files of one app or target, read together: a class is its declaration and its
/// extensions in any of the files, it inherits what its superclasses in the files implement,
/// every file's `typealias`es are in scope, and each declaration is compiled in the app's build
/// or not as its `#if` conditions say (`SwiftBuildConfiguration`). What `check --impl`,
/// `swift --update` and `migrate` read.
public struct SwiftProgram: Sendable {
    public let files: [SourceFile]
    public let scans: [SwiftFileScan]
    /// Every file's (non-generic) type aliases (the first declaration of a name wins).
    public let aliases: [String: String]
    /// What is known of the build, for `#if`.
    public let configuration: SwiftBuildConfiguration

    /// A type declaration or extension, with the file it is in.
    public struct Declaration: Sendable {
        public var file: SourceFile
        public var type: ScannedType

        /// The memberwise initializer, for the stages after this one (inlinable, as that one was).
        @inlinable package init(file: SourceFile, type: ScannedType) {
            self.file = file
            self.type = type
        }
    }

    /// A member with the file it is declared in, and the type whose body (or extension) declares it.
    public struct Located<Member: Sendable>: Sendable {
        public var member: Member
        public var file: SourceFile
        /// The class (or other type) that declares it: for an inherited member, the superclass.
        public var owner: String = ""

        /// The memberwise initializer, for the stages after this one (inlinable, as that one was).
        @inlinable package init(member: Member, file: SourceFile, owner: String = "") {
            self.member = member
            self.file = file
            self.owner = owner
        }
    }

    /// - Parameters:
    ///   - readingProperties: read the types' properties too (`migrate`).
    ///   - configuration: what is known of the build the files are compiled in.
    public init(files: [SourceFile], readingProperties: Bool = false, configuration: SwiftBuildConfiguration = .iOSApp) {
        self.files = files
        self.configuration = configuration
        scans = files.map { SwiftSourceScanner(bytes: Array($0.bytes)).scanFile(readingProperties: readingProperties) }
        var aliases: [String: String] = [:]
        for scan in scans {
            for alias in scan.typealiases where alias.genericParameters == nil && aliases[alias.name] == nil { aliases[alias.name] = alias.type }
        }
        self.aliases = aliases
    }

    /// Every `class name` and `extension name` (`extension Outer.name` too), in file order.
    public func declarations(of name: String) -> [Declaration] {
        var found: [Declaration] = []
        for (file, scan) in zip(files, scans) {
            for type in scan.types where (type.kind == .class || type.kind == .extension) && type.name == name {
                found.append(Declaration(file: file, type: type))
            }
        }
        return found
    }

    /// The first `class name` declaration.
    public func classDeclaration(_ name: String) -> Declaration? {
        declarations(of: name).first { $0.type.kind == .class }
    }

    /// The instance methods of class `name`: its body's and every extension's, in file order.
    public func methods(ofClass name: String) -> [Located<ScannedMethod>] {
        allMethods(ofClass: name).filter { !$0.member.isStatic }
    }

    /// Every method of class `name`, `static` and `class` ones included.
    public func allMethods(ofClass name: String) -> [Located<ScannedMethod>] {
        declarations(of: name).flatMap { declaration in
            declaration.type.methods.map { Located(member: $0, file: declaration.file, owner: name) }
        }
    }

    /// The instance properties of class `name`, body and extensions.
    public func properties(ofClass name: String) -> [Located<ScannedProperty>] {
        declarations(of: name).flatMap { declaration in
            declaration.type.properties.filter { !$0.isStatic }.map { Located(member: $0, file: declaration.file, owner: name) }
        }
    }

    // MARK: - Superclasses

    /// Where a class's superclass chain leads, within the files.
    public struct Ancestry: Sendable {
        /// The superclasses declared in the files, nearest first (not the class itself).
        public var superclasses: [Declaration]
        /// The first name of the last class's inheritance clause that no file declares as a
        /// class (`UIViewController`, `BaseViewController` from another module, or a protocol),
        /// and where it is written; nil when the last class lists nothing, or only types the
        /// files declare as something else.
        public var beyond: (name: String, declaration: Declaration)?
    }

    /// The superclasses of class `name` the files declare, nearest first, and the first
    /// inherited name beyond them. Swift writes a superclass first in the inheritance clause;
    /// a name the files declare as a protocol, struct or enum there means there is none.
    public func ancestry(ofClass name: String) -> Ancestry {
        var ancestry = Ancestry(superclasses: [], beyond: nil)
        var visited: Set<String> = [name]
        var current = classDeclaration(name)
        while let declaration = current, let first = declaration.type.inherited.first {
            if let superclass = classDeclaration(first) {
                guard visited.insert(first).inserted else { break }  // a cycle: the compiler rejects it
                ancestry.superclasses.append(superclass)
                current = superclass
                continue
            }
            if !declaresNonClass(first) { ancestry.beyond = (first, declaration) }
            break
        }
        return ancestry
    }

    /// Whether the files declare a protocol, struct, enum or actor named `name`.
    func declaresNonClass(_ name: String) -> Bool {
        scans.contains { scan in scan.types.contains { $0.name == name && $0.kind != .class && $0.kind != .extension } }
    }

    /// The instance methods class `name` inherits from its superclasses in the files, nearest
    /// superclass first, each with the class that provides it (`owner`).
    public func inheritedMethods(ofClass name: String) -> [Located<ScannedMethod>] {
        ancestry(ofClass: name).superclasses.flatMap { methods(ofClass: $0.type.name) }
    }

    /// The superclass of class `name` when the files declare it (`ancestry(ofClass:)`'s nearest).
    public func superclass(of name: String) -> String? {
        ancestry(ofClass: name).superclasses.first?.type.name
    }

    /// The first name of class `name`'s inheritance clause, declared in the files or not.
    public func inheritedFirst(by name: String) -> String? {
        classDeclaration(name)?.type.inherited.first
    }

    /// Class `name`, then its superclasses the files declare, nearest first (a cycle ends it).
    public func classChain(from name: String) -> [String] {
        [name] + ancestry(ofClass: name).superclasses.map(\.type.name)
    }

    /// Whether class `name`, or a superclass of it the files declare, adopts any of `protocols`.
    public func inherits(_ name: String, anyOf protocols: Set<String>) -> Bool {
        classChain(from: name).contains { adopts($0, anyOf: protocols) }
    }

    // MARK: - Conditions

    /// The scan of `file`.
    public func scan(of file: SourceFile) -> SwiftFileScan? {
        files.firstIndex { $0.id == file.id }.map { scans[$0] }
    }

    /// The condition under which `clause` of `file` is compiled (nil: always).
    public func condition(ofClause clause: Int?, in file: SourceFile) -> CompilationCondition? {
        guard clause != nil, let scan = scan(of: file) else { return nil }
        return scan.condition(ofClause: clause, in: Array(file.bytes))
    }

    /// Whether a method is compiled in the app's build: always, never, or only in some builds.
    public func truth(of method: Located<ScannedMethod>) -> Truth {
        guard let condition = condition(ofClause: method.member.clause, in: method.file) else { return .true }
        return configuration.evaluate(condition)
    }

    /// Whether a declaration is compiled in the app's build.
    public func truth(of declaration: Declaration) -> Truth {
        guard let condition = condition(ofClause: declaration.type.clause, in: declaration.file) else { return .true }
        return configuration.evaluate(condition)
    }

    // MARK: - The app

    /// Whether class `name`'s declaration or one of its extensions lists any of `protocols`.
    public func adopts(_ name: String, anyOf protocols: Set<String>) -> Bool {
        declarations(of: name).contains { $0.type.inherited.contains(where: protocols.contains) }
    }

    /// The classes (declared, or only extended) that adopt any of `protocols`, in file order.
    public func classes(adopting protocols: Set<String>) -> [String] {
        var names: [String] = []
        for scan in scans {
            for type in scan.types where (type.kind == .class || type.kind == .extension)
                && type.inherited.contains(where: protocols.contains) && !names.contains(type.name) {
                names.append(type.name)
            }
        }
        return names
    }

    /// The app delegate: the first of `preferred` (the specs' app delegates) the files declare
    /// or extend; else the class a SwiftUI `App`'s `@UIApplicationDelegateAdaptor` names; else
    /// the class `@main`, `@UIApplicationMain` or `UIApplicationMain(…)` starts that adopts
    /// `UIApplicationDelegate` itself or through a superclass of the files (`@main class
    /// AppDelegate: BaseAppDelegate`: the app delegate is `AppDelegate`, not the base it
    /// inherits from); else the first class adopting it; else a class those start (its adoption
    /// may be in a file not given).
    public func appDelegate(preferring preferred: [String] = []) -> String? {
        if let name = preferred.first(where: { !declarations(of: $0).isEmpty }) { return name }
        if let adapted = adaptedAppDelegate, !declarations(of: adapted.name).isEmpty { return adapted.name }
        let adopting = classes(adopting: ["UIApplicationDelegate"])
        let started = startedClasses
        if let start = started.first(where: { classDeclaration($0) != nil && inherits($0, anyOf: ["UIApplicationDelegate"]) }) {
            return start
        }
        return adopting.first(where: started.contains) ?? adopting.first ?? started.first { classDeclaration($0) != nil }
    }

    /// The classes the app starts with: `@main` or `@UIApplicationMain` ones, and those a
    /// `UIApplicationMain(…)` call names.
    public var startedClasses: [String] {
        var names: [String] = []
        for scan in scans {
            for type in scan.types where type.kind == .class
                && (type.hasAttribute("main") || type.hasAttribute("UIApplicationMain")) && !names.contains(type.name) {
                names.append(type.name)
            }
            for name in scan.applicationMainClasses where !names.contains(name) { names.append(name) }
        }
        return names
    }

    /// The `@main` SwiftUI `App`, if the files declare one: such an app always has scenes.
    public var swiftUIApp: Declaration? {
        for (file, scan) in zip(files, scans) {
            if let type = scan.types.first(where: { $0.kind == .struct && $0.hasAttribute("main") && $0.inherited.contains("App") }) {
                return Declaration(file: file, type: type)
            }
        }
        return nil
    }

    /// The class the SwiftUI `App` installs as its app delegate, `@UIApplicationDelegateAdaptor(X.self)`
    /// in its body, with the range of `X`: SwiftUI creates it, and UIKit calls it as any app
    /// delegate.
    public var adaptedAppDelegate: (name: String, range: SourceRange)? {
        guard let app = swiftUIApp else { return nil }
        let bytes = Array(app.file.bytes)
        let body = app.type.bodyOpen..<min(app.type.bodyClose, bytes.count)
        let tokens = SwiftLexer(bytes: bytes, range: body).tokenize()
        for k in tokens.indices.dropFirst() where tokens[k].isKeyword("UIApplicationDelegateAdaptor") && tokens[k - 1].isPunct(UInt8(ascii: "@")) {
            // `(X.self)`, or `(X.self)` after generic arguments' `<X>`.
            guard k + 4 < tokens.count, tokens[k + 1].isPunct(UInt8(ascii: "(")), tokens[k + 2].kind == .identifier,
                  tokens[k + 3].isPunct(UInt8(ascii: ".")), tokens[k + 4].isKeyword("self") else { continue }
            return (tokens[k + 2].text, SourceRange(file: app.file.id, start: tokens[k + 2].start, end: tokens[k + 2].end))
        }
        return nil
    }

    /// Every `onChange(of: scenePhase)` handler of the files, in file order.
    public func scenePhaseHandlers() -> [(handler: ScenePhaseHandler, file: SourceFile)] {
        zip(files, scans).flatMap { file, scan in ScenePhaseHandlers.scan(file, types: scan.types).map { ($0, file) } }
    }

    /// Whether the files declare a type `name` (a class, struct, enum, actor or protocol, not
    /// an extension): what `lifecycle swift` with the target's files does not declare again.
    public func declaresType(_ name: String) -> Bool {
        scans.contains { scan in scan.types.contains { $0.name == name && $0.kind != .extension } }
    }

    /// The first `struct`, `class` or `extension` named `name`.
    public func anyDeclaration(of name: String) -> Declaration? {
        for (file, scan) in zip(files, scans) {
            if let type = scan.types.first(where: { $0.name == name && $0.kind != .protocol }) { return Declaration(file: file, type: type) }
        }
        return nil
    }

    /// The range of a declaration's keyword (`class`, `extension`, `struct`), for diagnostics.
    public static func keywordRange(of declaration: Declaration) -> SourceRange {
        SourceRange(file: declaration.file.id, start: declaration.type.declarationOffset,
                    end: declaration.type.declarationOffset + declaration.type.kind.rawValue.utf8.count)
    }

    /// The range of a method's `func` keyword.
    public static func funcRange(_ method: Located<ScannedMethod>) -> SourceRange {
        SourceRange(file: method.file.id, start: method.member.offset, end: method.member.offset + 4)
    }
}
