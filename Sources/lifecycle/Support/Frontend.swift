import LifecycleCompiler

/// Reads spec files, compiles them, and prints their diagnostics: the part every command
/// shares.
struct Frontend {
    let files = SourceFiles()
    var diagnostics = Diagnostics()
    var colors: Bool
    var errorLimit: Int
    /// Whether `--error-limit` was given: JSON for editors lists every diagnostic unless it was.
    var errorLimitGiven: Bool
    var warningsAsErrors: Bool
    var stateLimit = Checker.defaultStateLimit
    /// Diagnostics as JSON on stdout (`--format json`) instead of text on stderr.
    var json = false {
        didSet { diagnostics = Diagnostics(limit: keptDiagnostics) }
    }
    /// The deployment target given on the command line (`check --platform "iOS 15.0"`).
    var platform: Platform?

    /// How many diagnostics to keep: those printed, never more than `Diagnostics.maximumKept`
    /// (what "all" means for `--error-limit 0` and JSON); the rest are only counted.
    var keptDiagnostics: Int {
        let asked = json && !errorLimitGiven ? 0 : errorLimit
        return asked == 0 ? Diagnostics.maximumKept : min(asked, Diagnostics.maximumKept)
    }

    init(_ arguments: Arguments) throws(Arguments.UsageError) {
        let mode = arguments.value("--color")
        if let mode, !["auto", "always", "never"].contains(mode) {
            throw Arguments.UsageError(message: "'--color' takes auto, always or never, not '\(mode)'")
        }
        colors = Terminal.useColors(mode)
        if let limit = arguments.value("--error-limit") {
            guard let value = Int(limit), value >= 0 else {
                throw Arguments.UsageError(message: "'--error-limit' takes a whole number, not '\(limit)'")
            }
            errorLimit = value
            errorLimitGiven = true
        } else {
            errorLimit = 50
            errorLimitGiven = false
        }
        warningsAsErrors = arguments.has("--warnings-as-errors")
        diagnostics = Diagnostics(limit: keptDiagnostics)
        if let limit = arguments.value("--state-limit") {
            guard let value = Int(limit), value > 0 else {
                throw Arguments.UsageError(message: "'--state-limit' takes a positive whole number, not '\(limit)'")
            }
            stateLimit = value
        }
    }

    /// Compiles one spec. Nil with an I/O exit code when it can't be read (already printed).
    mutating func compile(_ path: String) -> Result<Compilation, ExitCode> {
        switch FileSystem.read(path, into: files) {
        case .failure(let failure):
            Terminal.err("\(path): error: cannot read file: \(failure.message)\n")
            return .failure(.failure)
        case .success(let file):
            let compilation = Compiler.compile(file, files: files, loader: FileSystem.read,
                                               warningsAsErrors: warningsAsErrors, platform: platform, stateLimit: stateLimit,
                                               diagnosticLimit: keptDiagnostics, identity: FileSystem.realPath)
            Frontend.keepUntilExit.append(compilation)
            diagnostics.append(contentsOf: compilation.diagnostics)
            return .success(compilation)
        }
    }

    /// Every compilation of this run, never freed. The process exits right after its command,
    /// and the kernel takes back the memory at once; freeing a large syntax tree node by node
    /// first cost about a tenth of `lifecycle check` (compilers skip it for the same reason,
    /// e.g. clang's `-disable-free`). Only the main thread touches it.
    nonisolated(unsafe) static var keepUntilExit: [Compilation] = []

    /// Prints the diagnostics gathered so far (text to stderr, or JSON to stdout).
    func printDiagnostics() {
        if json {
            Terminal.out(DiagnosticJSON.render(diagnostics, files: files))
            if let note = DiagnosticJSON.notWrittenNote(diagnostics) { Terminal.err(note) }
        } else {
            let renderer = DiagnosticRenderer(files: files, colors: colors, limit: errorLimit)
            Terminal.err(renderer.render(diagnostics))
        }
    }

    /// Compiles one spec for a generator or a query: prints diagnostics, and returns the model
    /// only when there are no errors.
    static func model(_ arguments: Arguments, path: String) -> Result<(Model, Frontend), ExitCode> {
        var frontend: Frontend
        do { frontend = try Frontend(arguments) } catch {
            Terminal.err("lifecycle: error: \(error.message)\n")
            return .failure(.usage)
        }
        let result = frontend.compile(path)
        frontend.printDiagnostics()
        switch result {
        case .failure(let code): return .failure(code)
        case .success(let compilation):
            guard let model = compilation.model else { return .failure(.inputErrors) }
            return .success((model, frontend))
        }
    }
}
