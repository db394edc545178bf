import LifecycleCompiler

/// `lifecycle simulate SPEC [--machine NAME] [--format text|json] EVENT...`
/// `lifecycle simulate SPEC --system NAME [--format text|json] EVENT...`
enum SimulateCommand: Command {
    static let name = "simulate"
    static let abstract = "Run a machine on a list of events from its initial state, printing each step and the callbacks fired."
    static let usage = "simulate <file> [--machine <name> | --system <name>] [--format text|json] [<event>...]"
    static let arguments = [
        ("<file>", "A .lifecycle spec."),
        ("<event>", "Events to apply in order; with none, show the initial state and the events it accepts. With --system, the system's events."),
    ]
    static let options = [
        MachineOptions.machine, MachineOptions.system, OutputFormat.textOrJSON, DiagnosticOptions.color, DiagnosticOptions.stateLimit,
    ]

    struct Options {
        var spec: String
        var events: [String]
        var selection: MachineOptions
        var json: Bool
        var diagnostics: DiagnosticOptions
    }

    static func parse(_ arguments: Arguments) throws(CLIError) -> Options {
        Options(spec: try arguments.first("spec file"), events: Array(arguments.positionals.dropFirst()),
                selection: try MachineOptions(arguments),
                json: try OutputFormat.parse(arguments, accepting: [.text, .json]) == .json,
                diagnostics: try DiagnosticOptions(arguments))
    }

    static func run(_ options: Options) throws(CLIError) -> ExitCode {
        if options.selection.system != nil { return try runSystem(options) }
        var query = Query(options.diagnostics, selection: options.selection, jsonErrors: options.json)
        let (model, machine) = try query.machine(options.spec)
        let formatter = QueryFormatter(model: model, machine: machine)
        switch Simulator.run(options.events, in: machine) {
        case .success(let run):
            Terminal.out(options.json ? formatter.json(run.steps) : formatter.text(run: run))
            return .success
        case .failure(let failure):
            // The steps taken so far show where the machine was when the event came.
            if !options.json { Terminal.out(formatter.text(stoppedRun: failure.run)) }
            throw query.failure(failure.error, steps: formatter.json(failure.run.steps))
        }
    }

    /// `--system NAME`: the system's events, each step's callbacks with its instance.
    static func runSystem(_ options: Options) throws(CLIError) -> ExitCode {
        var query = Query(options.diagnostics, selection: options.selection)
        let (model, system) = try query.system(options.spec)
        let formatter = SystemFormatter(model: model, system: system)
        switch SystemQueries.run(options.events, in: system) {
        case .success(let run):
            Terminal.out(options.json ? formatter.json(run) : formatter.text(run: run))
            return .success
        case .failure(let failure):
            if !options.json { Terminal.out(formatter.text(events: failure.run)) }
            throw .query(failure.error)
        }
    }
}
