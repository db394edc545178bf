/// The pipeline, stage by stage:
///
/// ```
///  bytes ──▶ Lexer ──▶ Parser ──▶ FileSyntax ──▶ Checker ──▶ Model ──▶ SwiftGenerator / DotGenerator
///  (SourceFile)  tokens       (+ imports)                     (checked)       (Printer)
/// ```
///
/// `Compiler` wires the stages together; it does no I/O of its own. Files come through a
/// `SourceLoader` that the caller provides (the command line reads from disk; tests read from
/// memory).

/// Why a file could not be read.
public struct LoadFailure: Error, Sendable {
    public var message: String
    public init(_ message: String) { self.message = message }
}

/// Reads the file at `path` into `files` and returns it.
public typealias SourceLoader = (_ path: String, _ files: SourceFiles) -> Result<SourceFile, LoadFailure>

/// The file `path` opens, named so that two paths to one file get one name: its real path,
/// with symbolic links and `..` resolved by the file system. Nil when it can't be resolved
/// (the file does not exist: the loader then reports why).
public typealias PathIdentity = (_ path: String) -> String?

/// Everything one compilation produced.
public struct Compilation: Sendable {
    public let files: SourceFiles
    /// The root file's syntax.
    public var syntax: FileSyntax
    public var diagnostics: Diagnostics
    /// The checked model; nil when the input has errors.
    public var model: Model?
    /// The checker's model even when there are errors (meaningful parts survive errors
    /// elsewhere): what an editor shows while a spec is being typed.
    public var partialModel: Model
    /// The root file's `TokenIndex`, when asked for (`recordingIndex`).
    public var tokenIndex: TokenIndex?
}

public enum Compiler {
    /// Parses `root` and everything it imports, then checks it.
    ///
    /// `identity`: the real path of a file, when the caller has a file system to ask (see
    /// `Checker+Imports`); nil folds `..` textually.
    ///
    /// `diagnosticLimit`: keep only the first this many diagnostics in printing order and count
    /// the rest (`Diagnostics.limit`), so that memory does not grow with the number of errors;
    /// 0 keeps all.
    ///
    /// `recordingIndex`: also record the root's `TokenIndex` (the language server does; the
    /// command line does not, and pays nothing for it).
    public static func compile(_ root: SourceFile, files: SourceFiles, loader: @escaping SourceLoader,
                               warningsAsErrors: Bool = false, platform: Platform? = nil,
                               stateLimit: Int = Checker.defaultStateLimit,
                               diagnosticLimit: Int = 0, identity: PathIdentity? = nil,
                               recordingIndex: Bool = false) -> Compilation {
        var tokenIndex: TokenIndex?
        let syntax: FileSyntax, parseDiagnostics: Diagnostics
        if recordingIndex {
            (syntax, parseDiagnostics, tokenIndex) = Parser.parse(root, diagnosticLimit: diagnosticLimit, recordingIndex: true)
        } else {
            (syntax, parseDiagnostics) = Parser.parse(root, diagnosticLimit: diagnosticLimit)
        }
        var diagnostics = Diagnostics(limit: diagnosticLimit)
        diagnostics.append(contentsOf: parseDiagnostics)
        var model: Model?
        var checker = Checker(root: syntax, files: files, loader: loader)
        checker.diagnostics = Diagnostics(limit: diagnosticLimit)
        checker.syntaxHadErrors = parseDiagnostics.hasErrors
        checker.platformOverride = platform
        checker.stateLimit = stateLimit
        checker.identity = identity
        let checked = checker.check()
        diagnostics.append(contentsOf: checker.diagnostics)
        if warningsAsErrors { diagnostics.promoteWarnings() }
        if !diagnostics.hasErrors { model = checked }
        return Compilation(files: files, syntax: syntax, diagnostics: diagnostics, model: model,
                           partialModel: checked, tokenIndex: tokenIndex)
    }

    /// Compiles source held in memory (tests, fuzzing). Imports are looked up in `imports`.
    public static func compile(path: String, source: String, imports: [String: String] = [:],
                               warningsAsErrors: Bool = false, platform: Platform? = nil,
                               stateLimit: Int = Checker.defaultStateLimit,
                               diagnosticLimit: Int = 0) -> Compilation {
        let files = SourceFiles()
        let root = files.add(path: path, bytes: Array(source.utf8))
        return compile(root, files: files, loader: { path, files in
            guard let text = imports[path] else { return .failure(LoadFailure("no such file")) }
            return .success(files.add(path: path, bytes: Array(text.utf8)))
        }, warningsAsErrors: warningsAsErrors, platform: platform, stateLimit: stateLimit, diagnosticLimit: diagnosticLimit)
    }
}
