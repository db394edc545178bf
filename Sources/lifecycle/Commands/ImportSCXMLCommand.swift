import LifecycleCompiler

/// `lifecycle import-scxml FILE.scxml [-o OUT.lifecycle] [--force]`
enum ImportSCXMLCommand: Command {
    static let name = "import-scxml"
    static let abstract = "Write a .lifecycle skeleton (states, transitions, events) from an SCXML state machine."
    static let usage = "import-scxml <file.scxml> [-o <out.lifecycle>] [--force]"
    static let arguments = [("<file.scxml>", "A W3C SCXML document.")]
    static let options = [
        CommonOptions.output("out.lifecycle"),
        CommonOptions.force,
        CommonOptions.errorLimit,
        CommonOptions.color,
    ]

    static func run(_ arguments: Arguments) -> ExitCode {
        guard arguments.positionals.count == 1 else {
            return usageError(arguments.positionals.isEmpty ? "missing SCXML file argument"
                              : "expected one SCXML file, got \(arguments.positionals.count)")
        }
        let path = arguments.positionals[0]
        var frontend: Frontend
        do { frontend = try Frontend(arguments) } catch { return usageError(error.message) }
        let file: SourceFile
        switch FileSystem.read(path, into: frontend.files) {
        case .failure(let failure):
            Terminal.err("\(path): error: cannot read file: \(failure.message)\n")
            return .failure
        case .success(let read):
            file = read
        }
        let (text, diagnostics) = SCXMLImporter.importSCXML(file)
        frontend.diagnostics.append(contentsOf: diagnostics)
        frontend.printDiagnostics()
        guard let text else { return .inputErrors }
        let source = OutputWriter.displayPath(path)
        let output = arguments.value("-o")
        let command = "lifecycle import-scxml \(source)" + (output.map { " -o \(OutputWriter.displayPath($0))" } ?? "")
        let bytes = GeneratedFileHeader.file(Printer(), specPath: source, command: command,
                                             note: "A skeleton: add descriptions, the delegate and its callbacks, then run 'lifecycle check'.") {
            $0.write(text)
        }.bytes
        guard let output else {
            Terminal.out(bytes)
            return .success
        }
        return OutputWriter.write(bytes, to: output, force: arguments.has("--force"), command: name)
    }
}
