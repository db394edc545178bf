import LifecycleCompiler

/// `lifecycle simulate`: events applied to a machine or a system from its initial state.
enum SimulateCommand: Command {
    static let name = "simulate"
    static let abstract = "Run a machine on a list of events from its initial state, printing each step and the callbacks fired."
    static let arguments = [
        ArgumentSpec("<file>", "A .lifecycle spec."),
        ArgumentSpec("<event>", "Events to apply in order; with none, show the initial state and the events it accepts. With --system, the system's events.",
                     count: .any),
    ]
    static let options = [
        MachineOptions.machine, MachineOptions.system, OutputFormat.textOrJSON, DiagnosticOptions.color, DiagnosticOptions.stateLimit,
    ]
    static let usageShape: [UsageTerm] = [.oneOf([[.option(MachineOptions.machine)], [.option(MachineOptions.system)]], required: false)]

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
        let (model, machine) = try query.machine(options.query.spec, naming: Simulator.namedEvents(options.events))
        let formatter = QueryFormatter(model: model, machine: machine)
        switch Simulator.run(options.events, in: machine) {
        case .success(let run):
            Terminal.out(options.query.json ? formatter.json(run.steps, timed: run.timed) : formatter.text(run: run))
            return .success
        case .failure(let failure):
            // The steps taken so far show where the machine was when the event came.
            if !options.query.json { Terminal.out(formatter.text(stoppedRun: failure.run)) }
            throw query.failure(failure.error, steps: formatter.json(failure.run.steps))
        }
    }

    /// `--system NAME`: the system's events, each step's callbacks with its instance.
    static func runSystem(_ options: Options) throws(CLIError) -> ExitCode {
        var query = Query(options.query, jsonErrors: true)
        let (model, system) = try query.system(options.query.spec)
        let formatter = SystemFormatter(model: model, system: system)
        switch SystemQueries.run(options.events, in: system) {
        case .success(let run):
            Terminal.out(options.query.json ? formatter.json(run) : formatter.text(run: run))
            return .success
        case .failure(let failure):
            if !options.query.json { Terminal.out(formatter.text(events: failure.run)) }
            throw query.failure(failure.error, steps: formatter.json(failure.run))
        }
    }
}
