import LifecycleCompiler

/// `lifecycle conform SPEC LOG... [--machine NAME] [--strict] [--format text|json]`
enum ConformCommand: Command {
    static let name = "conform"
    static let abstract = "Check recorded console logs of callbacks against a spec: is each what some run prints?"
    static let usage = "conform <file> <log>... [--machine <name>] [--strict] [--format text|json]"
    static let arguments = [
        ("<file>", "A .lifecycle spec."),
        ("<log>", "Console logs, one callback a line (timestamps, prefixes and other text ignored); each is checked from the initial state."),
    ]
    static let options = [
        QuerySupport.machineOption,
        OptionSpec(name: "--strict", help: "Every callback is logged: one missing from a log is a deviation."),
        OptionSpec(name: "--format", valueName: "format",
                   help: "text (default: a line per conforming log on stdout, the first deviation as an error on stderr) or json."),
        CommonOptions.errorLimit,
        CommonOptions.color,
    ]

    static func run(_ arguments: Arguments) -> ExitCode {
        guard let path = arguments.positionals.first else { return usageError("missing spec file argument") }
        let logs = Array(arguments.positionals.dropFirst())
        guard !logs.isEmpty else { return usageError("missing log file argument") }
        let json: Bool
        do { json = try QuerySupport.wantsJSON(arguments) } catch { return usageError(error.message) }
        let model: Model, frontend: Frontend
        switch Frontend.model(arguments, path: path) {
        case .failure(let code): return code
        case .success(let compiled): (model, frontend) = compiled
        }
        switch MachineSelection.select(arguments.value("--machine"), in: model) {
        case .failure(let error):
            return QuerySupport.report(error, for: self)
        case .success(let machine):
            // A system (`--system`) plugs in here with its own automaton and `Conformance.check` overload.
            let automaton = MachineAutomaton(model: model, machine: machine)
            let strict = arguments.has("--strict")
            return check(logs, reader: LogReader(automaton), name: automaton.name, json: json, frontend: frontend) {
                Conformance.check($0, against: automaton, strict: strict)
            }
        }
    }

    /// Reads and checks each log from the initial configuration; prints the results.
    static func check(_ logs: [String], reader: LogReader, name: String, json: Bool, frontend: Frontend,
                      conformance: (LogReader.Log) -> Conformance.Report) -> ExitCode {
        var status = ExitCode.success
        var entries: [ConformanceFormatter.Entry] = []
        var failures = Diagnostics()
        for log in logs {
            switch FileSystem.read(log, into: frontend.files) {
            case .failure(let failure):
                Terminal.err("\(log): error: cannot read file: \(failure.message)\n")
                status = .failure
            case .success(let file):
                let report = conformance(reader.read(file))
                entries.append(ConformanceFormatter.Entry(path: log, file: file, report: report))
                if report.conforms {
                    if !json { Terminal.out(ConformanceFormatter.text(log: log, automaton: name, report: report)) }
                } else {
                    failures.append(contentsOf: report.diagnostics)
                    if status == .success { status = .inputErrors }
                }
            }
        }
        if json {
            Terminal.out(ConformanceFormatter.json(entries, automaton: name))
        } else if !failures.isEmpty {
            let renderer = DiagnosticRenderer(files: frontend.files, colors: frontend.colors, limit: frontend.errorLimit)
            Terminal.err(renderer.render(failures))
        }
        return status
    }
}
