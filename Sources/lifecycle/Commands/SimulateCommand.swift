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
        var query: QueryOptions
        var events: [String]
    }

    static func parse(_ arguments: Arguments) throws(CLIError) -> Options {
        Options(query: try QueryOptions(spec: try arguments.first("spec file"), arguments),
                events: Array(arguments.positionals.dropFirst()))
    }

    static func run(_ options: Options) throws(CLIError) -> ExitCode {
        if options.query.selection.system != nil { return try runSystem(options) }
        var query = Query(options.query, jsonErrors: true)
        let (model, machine) = try query.machine(options.query.spec)
        let formatter = QueryFormatter(model: model, machine: machine)
        switch Simulator.run(options.events, in: machine) {
        case .success(let run):
            Terminal.out(options.query.json ? formatter.json(run.steps) : formatter.text(run: run))
            return .success
        case .failure(let failure):
            // The steps taken so far show where the machine was when the event came.
            if !options.query.json { Terminal.out(formatter.text(stoppedRun: failure.run)) }
            throw query.failure(failure.error, steps: formatter.json(failure.run.steps))
        }
    }

    /// `--system NAME`: the system's events, each step's callbacks with its instance.
    static func runSystem(_ options: Options) throws(CLIError) -> ExitCode {
        var query = Query(options.query, jsonErrors: false)
        let (model, system) = try query.system(options.query.spec)
        let formatter = SystemFormatter(model: model, system: system)
        switch SystemQueries.run(options.events, in: system) {
        case .success(let run):
            Terminal.out(options.query.json ? formatter.json(run) : formatter.text(run: run))
            return .success
        case .failure(let failure):
            if !options.query.json { Terminal.out(formatter.text(events: failure.run)) }
            throw .query(failure.error)
        }
    }
}
