import LifecycleCompiler

/// `lifecycle dot FILE [-o OUT.dot] [--machine NAME] [--no-clusters] [--descriptions] [--force]`
enum DotCommand: Command {
    static let name = "dot"
    static let abstract = "Generate a Graphviz DOT diagram from a spec."
    static let usage = "dot <file> [-o <out.dot>] [--machine <name>] [--no-clusters] [--descriptions] [--force]"
    static let arguments = [("<file>", "A .lifecycle spec.")]
    static let options = [
        CommonOptions.output("out.dot"),
        OptionSpec(name: "--machine", valueName: "name", help: "Draw only this machine."),
        OptionSpec(name: "--no-clusters", help: "Draw composite states as plain boxes (for very large specs)."),
        OptionSpec(name: "--descriptions", help: "Write the descriptions into the drawing, not only as tooltips (which a PNG or PDF loses)."),
        CommonOptions.force,
        CommonOptions.warningsAsErrors,
        CommonOptions.errorLimit,
        CommonOptions.color,
        CommonOptions.stateLimit,
    ]

    static func run(_ arguments: Arguments) -> ExitCode {
        let path: String, model: Model
        switch compileSpec(arguments) {
        case .failure(let code): return code
        case .success(let compiled): (path, model) = compiled
        }
        guard let options = diagramOptions(arguments, model: model) else { return .inputErrors }
        let spec = OutputWriter.displayPath(path)
        let output = arguments.value("-o")
        var flags = ""
        if let machine = options.machine { flags += " --machine \(machine)" }
        if !options.clusters { flags += " --no-clusters" }
        if options.descriptions { flags += " --descriptions" }
        if let output { flags += " -o \(OutputWriter.commandPath(output))" }
        let command = OutputWriter.regenerateCommand("dot", spec: path, options: flags)
        // The body is hashed on a second thread while it is printed, and the file is written
        // straight from the generator's buffer, in one `write`.
        let file = DotGenerator(model: model, options: options).generateFile(specPath: spec, command: command, hasher: PlatformBackgroundHasher())
        return file.withUnsafeBytes { bytes in
            guard let output else {
                Terminal.out(bytes)
                return .success
            }
            return OutputWriter.write(bytes, to: output, force: arguments.has("--force"), command: name)
        }
    }

    /// The diagram options, checking that `--machine` names a machine of the spec.
    static func diagramOptions(_ arguments: Arguments, model: Model) -> DotGenerator.Options? {
        var options = DotGenerator.Options()
        options.clusters = !arguments.has("--no-clusters")
        options.descriptions = arguments.has("--descriptions")
        if let machine = arguments.value("--machine") {
            guard model.machine(named: machine) != nil else {
                let names = model.machines.map(\.name)
                let suggestion = Suggestions.bestMatch(for: machine, in: names)
                Terminal.err("lifecycle: error: no machine '\(machine)' in \(model.path)"
                    + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
                    + "\nnote: its machines are: \(names.joined(separator: ", "))\n")
                return nil
            }
            options.machine = machine
        }
        return options
    }
}
