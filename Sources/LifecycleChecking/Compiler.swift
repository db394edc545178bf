import LifecycleSource
import LifecycleSyntax
import LifecycleModel

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
    /// Parses `root` and everything it imports, then checks it as `settings` say.
    ///
    /// `identity`: the real path of a file, when the caller has a file system to ask (see
    /// `Checker+Imports`); nil folds `..` textually.
    ///
    /// `recordingIndex`: also record the root's `TokenIndex` (the language server does; the
    /// command line does not, and pays nothing for it).
    public static func compile(_ root: SourceFile, files: SourceFiles, loader: @escaping SourceLoader,
                               settings: CompileSettings = CompileSettings(), identity: PathIdentity? = nil,
                               recordingIndex: Bool = false) -> Compilation {
        let (syntax, parseDiagnostics, tokenIndex) = Parser.parse(root, diagnosticLimit: settings.diagnosticLimit,
                                                                   recordingIndex: recordingIndex)
        var diagnostics = settings.diagnostics()
        diagnostics.append(contentsOf: parseDiagnostics)
        var checker = Checker(root: syntax, files: files, loader: loader, settings: settings, identity: identity,
                              syntaxHadErrors: parseDiagnostics.hasErrors)
        let checked = checker.check()
        diagnostics.append(contentsOf: checker.diagnostics)
        // `// lifecycle: ignore GROUP "reason"` in the spec and the files it imports.
        Suppressions.apply(to: &diagnostics, files: files.files.filter { $0.id >= root.id })
        return Compilation(files: files, syntax: syntax, diagnostics: diagnostics, model: diagnostics.hasErrors ? nil : checked,
                           partialModel: checked, tokenIndex: tokenIndex)
    }

    /// Compiles source held in memory (tests, fuzzing). Imports are looked up in `imports`.
    public static func compile(path: String, source: String, imports: [String: String] = [:],
                               settings: CompileSettings = CompileSettings()) -> Compilation {
        let files = SourceFiles()
        let root = files.add(path: path, bytes: Array(source.utf8))
        return compile(root, files: files, loader: { path, files in
            guard let text = imports[path] else { return .failure(LoadFailure("no such file")) }
            return .success(files.add(path: path, bytes: Array(text.utf8)))
        }, settings: settings)
    }
}
