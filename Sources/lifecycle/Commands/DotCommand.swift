import LifecycleCompiler

/// `lifecycle dot`: a spec as Graphviz DOT (`DotGenerator`).
enum DotCommand: Command {
    static let name = "dot"
    static let abstract = "Generate a Graphviz DOT diagram from a spec."
    static let arguments = [ArgumentSpec("<file>", "A .lifecycle spec.")]
    static let options = [OutputOptions.output("out.dot")] + DiagramOptions.options + [OutputOptions.force] + DiagnosticOptions.all

    struct Options {
        var spec: String
        var output: OutputOptions
        var diagram: DiagramOptions
        var diagnostics: DiagnosticOptions
    }

    static func parse(_ arguments: Arguments) throws(CLIError) -> Options {
        Options(spec: try arguments.single("spec file"), output: OutputOptions(arguments),
                diagram: try DiagramOptions(arguments), diagnostics: try DiagnosticOptions(arguments))
    }

    static func run(_ options: Options) throws(CLIError) -> ExitCode {
        var frontend = Frontend(options.diagnostics)
        let path = options.spec
        let model = try frontend.model(path)
        let drawing = try options.diagram.generatorOptions(for: model)
        let output = options.output.path
        var flags = options.diagram.flags(drawing)
        if let output { flags += " -o \(OutputWriter.commandPath(output))" }
        let command = OutputWriter.regenerateCommand(name, spec: path, options: flags)
        // The body is hashed on a second thread while it is printed, and the file is written
        // straight from the generator's buffer, in one `write`.
        let file = DotGenerator(model: model, options: drawing)
            .generateFile(specPath: OutputWriter.displayPath(path), command: command, hasher: PlatformBackgroundHasher())
        let written = file.withUnsafeBytes { bytes in
            Result { () throws(CLIError) in try options.output.write(bytes, command: self) }
        }
        try written.get()
        return .success
    }
}
