import LifecycleCompiler

/// `lifecycle simulate SPEC [--machine NAME] [--format text|json] EVENT...`
enum SimulateCommand: Command {
    static let name = "simulate"
    static let abstract = "Run a machine on a list of events from its initial state, printing each step and the callbacks fired."
    static let usage = "simulate <file> [--machine <name>] [--format text|json] [<event>...]"
    static let arguments = [
        ("<file>", "A .lifecycle spec."),
        ("<event>", "Events to apply in order; with none, show the initial state and the events it accepts."),
    ]
    static let options = [
        QuerySupport.machineOption,
        QuerySupport.formatOption,
        CommonOptions.color,
    ]

    static func run(_ arguments: Arguments) -> ExitCode {
        guard let path = arguments.positionals.first else { return usageError("missing spec file argument") }
        let events = Array(arguments.positionals.dropFirst())
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
}
