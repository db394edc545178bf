import LifecycleCompiler

/// `lifecycle export`: a spec in another format (`ExportFormat`).
enum ExportCommand: Command {
    static let name = "export"
    static let abstract = "Export a spec as a Mermaid or PlantUML diagram, SCXML, or a Markdown page."
    static let arguments = [ArgumentSpec("<file>", "A .lifecycle spec.")]
    static let to = OptionSpec(name: "--to", valueName: "format",
                               help: "mermaid (stateDiagram-v2), plantuml (@startuml), scxml (W3C SCXML) or markdown (a page with a Mermaid diagram and tables).",
                               usageValue: ExportFormat.allCases.map(\.rawValue).joined(separator: "|"))
    static let machine = MachineOptions.machine("Export only this machine.")
    static let system = OptionSpec(name: "--system", valueName: "name",
                                   help: "Export this system's sequence diagram (with --to mermaid or plantuml): its instances' callbacks, event by event.")
    static let options = [
        to, OutputOptions.output("out"), machine, system, OutputOptions.force,
        DiagnosticOptions.warningsAsErrors, DiagnosticOptions.errorLimit, DiagnosticOptions.color,
    ]
    static let usageShape: [UsageTerm] = [.option(to), .oneOf([[.option(machine)], [.option(system)]], required: false)]

    struct Options {
        var spec: String
        var format: ExportFormat
        var output: OutputOptions
        var selection: MachineOptions
        var diagnostics: DiagnosticOptions
    }

    static func parse(_ arguments: Arguments) throws(CLIError) -> Options {
        guard let format = try arguments.choice(to, of: ExportFormat.allCases) else {
            throw .usage("missing '--to' (one of \(ExportFormat.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        let selection = try MachineOptions(arguments)
        if selection.system != nil && !format.drawsSequences {
            throw .usage("'--system' exports a sequence diagram, with '--to mermaid' or '--to plantuml', not '\(format.rawValue)'")
        }
        return Options(spec: try arguments.single("spec file"), format: format, output: OutputOptions(arguments),
                       selection: selection, diagnostics: try DiagnosticOptions(arguments))
    }

    static func run(_ options: Options) throws(CLIError) -> ExitCode {
        var frontend = Frontend(options.diagnostics)
        let model = try frontend.model(options.spec)
        // `--machine` is checked as `dot` checks it.
        let machine = try options.selection.drawn(in: model)
        let system = options.selection.system == nil ? nil : try options.selection.system(in: model).name
        let spec = OutputWriter.displayPath(options.spec)
        var command = "lifecycle export \(spec) --to \(options.format.rawValue)"
        if let machine { command += " --machine \(machine)" }
        if let system { command += " --system \(system)" }
        if let output = options.output.path { command += " -o \(OutputWriter.displayPath(output))" }
        let bytes = options.format.generate(model: model, options: .init(machine: machine, system: system), specPath: spec, command: command)
        try options.output.write(bytes, command: self)
        return .success
    }
}
