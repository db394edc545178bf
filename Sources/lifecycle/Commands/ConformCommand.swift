import LifecycleCompiler

/// `lifecycle conform SPEC LOG... [--machine NAME | --system NAME] [--strict] [--format text|json]`
enum ConformCommand: Command {
    static let name = "conform"
    static let abstract = "Check recorded console logs of callbacks against a spec: is each what some run prints?"
    static let usage = "conform <file> <log>... [--machine <name> | --system <name>] [--strict] [--format text|json]"
    static let arguments = [
        ("<file>", "A .lifecycle spec."),
        ("<log>", "Console logs, one callback a line (timestamps, prefixes and other text ignored); each is checked from the initial state."),
    ]
    static let strict = OptionSpec(name: "--strict", help: "Every callback is logged: one missing from a log is a deviation.")
    static let options = [
        MachineOptions.machine, MachineOptions.system, strict,
        OutputFormat.option("text (default: a line per conforming log on stdout, the first deviation as an error on stderr) or json."),
        DiagnosticOptions.errorLimit, DiagnosticOptions.color,
    ]

    struct Options {
        var query: QueryOptions
        var logs: [String]
        var strict: Bool
    }

    static func parse(_ arguments: Arguments) throws(CLIError) -> Options {
        let spec = try arguments.first("spec file")
        let logs = Array(arguments.positionals.dropFirst())
        guard !logs.isEmpty else { throw .usage("missing log file argument") }
        return Options(query: try QueryOptions(spec: spec, arguments), logs: logs, strict: arguments.has(strict))
    }

    static func run(_ options: Options) throws(CLIError) -> ExitCode {
        var query = Query(options.query, jsonErrors: false)
        let strict = options.strict
        if options.query.selection.system != nil {
            let (model, system) = try query.system(options.query.spec)
            let automaton = SystemAutomaton(model: model, system: system)
            return check(options, reader: LogReader(automaton), name: automaton.name, frontend: query.frontend) {
                Conformance.check($0, against: automaton, strict: strict)
            }
        }
        let (model, machine) = try query.machine(options.query.spec)
        let automaton = MachineAutomaton(model: model, machine: machine)
        return check(options, reader: LogReader(automaton), name: automaton.name, frontend: query.frontend) {
            Conformance.check($0, against: automaton, strict: strict)
        }
    }

    /// Reads and checks each log from the initial configuration; prints the results.
    static func check(_ options: Options, reader: LogReader, name: String, frontend: Frontend,
                      conformance: (LogReader.Log) -> Conformance.Report) -> ExitCode {
        var status = ExitCode.success
        var entries: [ConformanceFormatter.Entry] = []
        var failures = Diagnostics()
        for log in options.logs {
            let file: SourceFile
            do { file = try frontend.read(log) } catch {
                status = Reporter.report(error, command: self)
                continue
            }
            let report = conformance(reader.read(file))
            entries.append(ConformanceFormatter.Entry(path: log, file: file, report: report))
            if report.conforms {
                if !options.query.json { Terminal.out(ConformanceFormatter.text(log: log, automaton: name, report: report)) }
            } else {
                failures.append(contentsOf: report.diagnostics)
                if status == .success { status = .inputErrors }
            }
        }
        if options.query.json {
            Terminal.out(ConformanceFormatter.json(entries, automaton: name))
        } else if !failures.isEmpty {
            frontend.printText(failures)
        }
        return status
    }
}
