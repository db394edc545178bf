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
        QuerySupport.machineOption,
        QuerySupport.systemOption,
        QuerySupport.formatOption,
        CommonOptions.color,
        CommonOptions.stateLimit,
    ]

    static func run(_ arguments: Arguments) -> ExitCode {
        guard let path = arguments.positionals.first else { return usageError("missing spec file argument") }
        let events = Array(arguments.positionals.dropFirst())
        if arguments.has("--system") { return runSystem(arguments, path: path, events: events) }
        let json: Bool, model: Model, machine: Machine
        switch QuerySupport.prepare(for: self, arguments, path: path) {
        case .failure(let code): return code
        case .success(let prepared): (json, model, machine) = prepared
        }
        let formatter = QueryFormatter(model: model, machine: machine)
        switch Simulator.run(events, in: machine) {
        case .success(let run):
            Terminal.out(json ? formatter.json(run.steps) : formatter.text(run: run))
            return .success
        case .failure(let failure):
            // The steps taken so far show where the machine was when the event came.
            if !json { Terminal.out(formatter.text(stoppedRun: failure.run)) }
            return QuerySupport.report(failure.error, for: self, json: json, steps: formatter.json(failure.run.steps))
        }
    }

    /// `--system NAME`: the system's events, each step's callbacks with its instance.
    static func runSystem(_ arguments: Arguments, path: String, events: [String]) -> ExitCode {
        let json: Bool, model: Model, system: System
        switch QuerySupport.system(for: self, arguments, path: path) {
        case .failure(let code): return code
        case .success(let prepared): (json, model, system) = (prepared.json, prepared.model, prepared.system)
        }
        let formatter = SystemFormatter(model: model, system: system)
        switch SystemQueries.run(events, in: system) {
        case .success(let run):
            Terminal.out(json ? formatter.json(run) : formatter.text(run: run))
            return .success
        case .failure(let failure):
            if !json { Terminal.out(formatter.text(events: failure.run)) }
            return QuerySupport.report(failure.error, for: self)
        }
    }
}
