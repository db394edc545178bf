/// The Swift files of one app or target, scanned together: a class is its declaration and its
/// extensions in any of the files, and every file's `typealias`es are in scope. What
/// `check --impl` and `migrate` read.
public struct SwiftProgram: Sendable {
    public let files: [SourceFile]
    public let scans: [SwiftFileScan]
    /// Every file's type aliases (the first declaration of a name wins).
    public let aliases: [String: String]

    /// A type declaration or extension, with the file it is in.
    public struct Declaration: Sendable {
        public var file: SourceFile
        public var type: ScannedType
    }

    /// A member with the file it is declared in.
    public struct Located<Member: Sendable>: Sendable {
        public var member: Member
        public var file: SourceFile
    }

    /// - Parameter readingProperties: read the types' instance properties too (`migrate`).
    public init(files: [SourceFile], readingProperties: Bool = false) {
        self.files = files
        scans = files.map { SwiftSourceScanner(bytes: Array($0.bytes)).scanFile(readingProperties: readingProperties) }
        var aliases: [String: String] = [:]
        for scan in scans {
            for alias in scan.typealiases where aliases[alias.name] == nil { aliases[alias.name] = alias.type }
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
        declarations(of: name).flatMap { declaration in declaration.type.methods.map { Located(member: $0, file: declaration.file) } }
    }

    /// The instance properties of class `name`, body and extensions.
    public func properties(ofClass name: String) -> [Located<ScannedProperty>] {
        declarations(of: name).flatMap { declaration in declaration.type.properties.map { Located(member: $0, file: declaration.file) } }
    }

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
    /// or extend; else the class a SwiftUI `App`'s `@UIApplicationDelegateAdaptor` names; else of
    /// the classes adopting `UIApplicationDelegate`, the one `@main`, `@UIApplicationMain` or
    /// `UIApplicationMain(…)` starts, else the first; else a class those start (its adoption may
    /// be in a file not given).
    public func appDelegate(preferring preferred: [String] = []) -> String? {
        if let name = preferred.first(where: { !declarations(of: $0).isEmpty }) { return name }
        if let adapted = adaptedAppDelegate, !declarations(of: adapted.name).isEmpty { return adapted.name }
        let adopting = classes(adopting: ["UIApplicationDelegate"])
        let started = startedClasses
        return adopting.first(where: started.contains) ?? adopting.first ?? started.first { classDeclaration($0) != nil }
    }

    /// The classes the app starts with: `@main` or `@UIApplicationMain` ones, and those a
    /// `UIApplicationMain(…)` call names.
    public var startedClasses: [String] {
        var names: [String] = []
        for scan in scans {
            for type in scan.types where type.kind == .class
                && (type.attributes.contains("main") || type.attributes.contains("UIApplicationMain")) && !names.contains(type.name) {
                names.append(type.name)
            }
            for name in scan.applicationMainClasses where !names.contains(name) { names.append(name) }
        }
        return names
    }

    /// The `@main` SwiftUI `App`, if the files declare one: such an app always has scenes.
    public var swiftUIApp: Declaration? {
        for (file, scan) in zip(files, scans) {
            if let type = scan.types.first(where: { $0.kind == .struct && $0.attributes.contains("main") && $0.inherited.contains("App") }) {
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
        let length: Int
        switch declaration.type.kind {
        case .class, .actor: length = 5
        case .struct: length = 6
        case .enum: length = 4
        case .protocol: length = 8
        case .extension: length = 9
        }
        return SourceRange(file: declaration.file.id, start: declaration.type.declarationOffset,
                           end: declaration.type.declarationOffset + length)
    }

    /// The range of a method's `func` keyword.
    public static func funcRange(_ method: Located<ScannedMethod>) -> SourceRange {
        SourceRange(file: method.file.id, start: method.member.offset, end: method.member.offset + 4)
    }
}
