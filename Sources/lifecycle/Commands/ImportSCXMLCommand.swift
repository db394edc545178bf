import LifecycleCompiler

/// `lifecycle import-scxml`: a `.lifecycle` skeleton from an SCXML document (`SCXMLImporter`).
enum ImportSCXMLCommand: Command {
    static let name = "import-scxml"
    static let abstract = "Write a .lifecycle skeleton (states, transitions, events) from an SCXML state machine."
    static let arguments = [ArgumentSpec("<file.scxml>", "A W3C SCXML document.")]
    static let options = [
        OutputOptions.output("out.lifecycle"), OutputOptions.force, DiagnosticOptions.errorLimit, DiagnosticOptions.color,
    ]

    struct Options {
        var document: String
        var output: OutputOptions
        var diagnostics: DiagnosticOptions
    }

    static func parse(_ arguments: Arguments) throws(CLIError) -> Options {
        Options(document: try arguments.single("SCXML file"), output: OutputOptions(arguments),
                diagnostics: try DiagnosticOptions(arguments))
    }

    static func run(_ options: Options) throws(CLIError) -> ExitCode {
        var frontend = Frontend(options.diagnostics)
        let path = options.document
        let (text, diagnostics) = SCXMLImporter.importSCXML(try frontend.read(path), in: frontend.files)
        frontend.diagnostics.append(contentsOf: diagnostics)
        frontend.printDiagnostics()
        guard let text else { return .inputErrors }
        let source = OutputWriter.displayPath(path)
        let command = "lifecycle import-scxml \(source)" + (options.output.path.map { " -o \(OutputWriter.displayPath($0))" } ?? "")
        // Written straight from the printer's buffer, which starts at the text's size.
        let file = GeneratedFileHeader.file(Printer(capacity: text.utf8.count + 512), specPath: source, command: command,
                                            note: "A skeleton: add descriptions, the delegate and its callbacks, then run 'lifecycle check'.") {
            $0.write(text)
        }
        let written = file.withUnsafeBytes { bytes in
            Result { () throws(CLIError) in try options.output.write(bytes, command: self) }
        }
        try written.get()
        return .success
    }
}
