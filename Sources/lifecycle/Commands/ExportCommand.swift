import LifecycleCompiler

/// `lifecycle export FILE --to mermaid|plantuml|scxml|markdown [-o OUT] [--machine NAME] [--force]`
enum ExportCommand: Command {
    static let name = "export"
    static let abstract = "Export a spec as a Mermaid or PlantUML diagram, SCXML, or a Markdown page."
    static let usage = "export <file> --to mermaid|plantuml|scxml|markdown [-o <out>] [--machine <name>] [--force]"
    static let arguments = [("<file>", "A .lifecycle spec.")]
    static let options = [
        OptionSpec(name: "--to", valueName: "format",
                   help: "mermaid (stateDiagram-v2), plantuml (@startuml), scxml (W3C SCXML) or markdown (a page with a Mermaid diagram and tables)."),
        CommonOptions.output("out"),
        OptionSpec(name: "--machine", valueName: "name", help: "Export only this machine."),
        CommonOptions.force,
        CommonOptions.warningsAsErrors,
        CommonOptions.errorLimit,
        CommonOptions.color,
    ]

    static func run(_ arguments: Arguments) -> ExitCode {
        guard let formatName = arguments.value("--to") else {
            return usageError("missing '--to' (one of \(ExportFormat.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        guard let format = ExportFormat(rawValue: formatName) else {
            let names = ExportFormat.allCases.map(\.rawValue)
            let suggestion = Suggestions.bestMatch(for: formatName, in: names)
            return usageError("'--to' takes \(names.joined(separator: ", ")), not '\(formatName)'"
                + (suggestion.map { "; did you mean '\($0)'?" } ?? ""))
        }
        let path: String, model: Model
        switch compileSpec(arguments) {
        case .failure(let code): return code
        case .success(let compiled): (path, model) = compiled
        }
        // `--machine` is checked as `dot` checks it.
        guard let diagram = DotCommand.diagramOptions(arguments, model: model) else { return .inputErrors }
        let spec = OutputWriter.displayPath(path)
        let output = arguments.value("-o")
        var command = "lifecycle export \(spec) --to \(format.rawValue)"
        if let machine = diagram.machine { command += " --machine \(machine)" }
        if let output { command += " -o \(OutputWriter.displayPath(output))" }
        let bytes = format.generate(model: model, options: .init(machine: diagram.machine), specPath: spec, command: command)
        guard let output else {
            Terminal.out(bytes)
            return .success
        }
        return OutputWriter.write(bytes, to: output, force: arguments.has("--force"), command: name)
    }
}
