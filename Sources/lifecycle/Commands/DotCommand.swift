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

/// `--machine`, `--no-clusters`, `--descriptions`: what `dot` and `render` draw (and the
/// machine `export` exports).
struct DiagramOptions {
    static let machine = MachineOptions.machine("Draw only this machine.")
    static let noClusters = OptionSpec(name: "--no-clusters", help: "Draw composite states as plain boxes (for very large specs).")
    static let descriptions = OptionSpec(name: "--descriptions", help: "Write the descriptions into the drawing, not only as tooltips (which a PNG or PDF loses).")
    static let options = [machine, noClusters, descriptions]

    var selection: MachineOptions
    var clusters: Bool
    var descriptions: Bool

    init(_ arguments: Arguments) throws(CLIError) {
        selection = try MachineOptions(arguments)
        clusters = !arguments.has(Self.noClusters)
        descriptions = arguments.has(Self.descriptions)
    }

    /// The generator's options, checking that `--machine` names a machine of the spec.
    func generatorOptions(for model: Model) throws(CLIError) -> DotGenerator.Options {
        var options = DotGenerator.Options()
        options.clusters = clusters
        options.descriptions = descriptions
        options.machine = try selection.drawn(in: model)
        return options
    }

    /// The options as the "Regenerate with" line repeats them.
    func flags(_ options: DotGenerator.Options) -> String {
        var flags = ""
        if let machine = options.machine { flags += " --machine \(machine)" }
        if !options.clusters { flags += " --no-clusters" }
        if options.descriptions { flags += " --descriptions" }
        return flags
    }
}
