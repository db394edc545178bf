import LifecycleCompiler

/// Reads spec files, compiles them, and prints their diagnostics: the part every command
/// shares.
struct Frontend {
    let files = SourceFiles()
    /// How each spec is compiled, computed once from the options (the diagnostic limit, warnings
    /// as errors, the state limit and `check --platform`).
    var settings: CompileSettings
    /// Every diagnostic of the run (specs, Swift files, the Info.plist), kept and promoted as
    /// `settings` say.
    var diagnostics: Diagnostics
    /// How many diagnostics text prints (`--error-limit`, default 50; 0 prints all).
    let errorLimit: Int
    let colors: Bool
    /// Diagnostics as JSON on stdout (`--format json`) instead of text on stderr.
    let json: Bool

    /// `platform`: the deployment target given on the command line (`check --platform "iOS 15.0"`).
    init(_ options: DiagnosticOptions, json: Bool = false, platform: Platform? = nil) {
        self.json = json
        colors = Terminal.useColors(options.color.rawValue)
        errorLimit = options.errorLimit ?? 50
        // Keep those printed, never more than `Diagnostics.maximumKept` (what "all" means for
        // `--error-limit 0` and JSON, which for editors keeps every one unless `--error-limit`
        // was given); the rest are only counted.
        let asked = json && options.errorLimit == nil ? 0 : errorLimit
        settings = CompileSettings(warningsAsErrors: options.warningsAsErrors, platform: platform, stateLimit: options.stateLimit,
                                   diagnosticLimit: asked == 0 ? Diagnostics.maximumKept : min(asked, Diagnostics.maximumKept))
        diagnostics = settings.diagnostics()
    }

    /// Compiles one spec; a failure to read it is the error.
    mutating func compile(_ path: String) -> Result<Compilation, CLIError> {
        switch FileSystem.read(path, into: files) {
        case .failure(let failure):
            return .failure(.cannotRead(path, failure.message))
        case .success(let file):
            let compilation = Compiler.compile(file, files: files, loader: FileSystem.readImport, settings: settings,
                                               identity: FileSystem.realPath)
            Frontend.keepUntilExit.append(compilation)
            diagnostics.append(contentsOf: compilation.diagnostics)
            return .success(compilation)
        }
    }

    /// Reads a file that is not a spec (a Swift file, a log, an SCXML document) into `files`.
    func read(_ path: String) throws(CLIError) -> SourceFile {
        switch FileSystem.read(path, into: files) {
        case .failure(let failure): throw .cannotRead(path, failure.message)
        case .success(let file): return file
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
            if let note = DiagnosticJSON.notWrittenNote(diagnostics) { Reporter.say(.note, note, command: nil) }
        } else {
            printText(diagnostics)
        }
    }

    /// Prints `diagnostics` as text on stderr, coloured and limited as the options say.
    func printText(_ diagnostics: Diagnostics) {
        Terminal.err(DiagnosticRenderer(files: files, colors: colors, limit: errorLimit).render(diagnostics))
    }

    /// Compiles the spec a generator or a query works on and prints its diagnostics; the
    /// model, when there are no errors.
    mutating func model(_ path: String) throws(CLIError) -> Model {
        let result = compile(path)
        printDiagnostics()
        switch result {
        case .failure(let error): throw error
        case .success(let compilation):
            guard let model = compilation.model else { throw .status(.inputErrors) }
            return model
        }
    }
}
