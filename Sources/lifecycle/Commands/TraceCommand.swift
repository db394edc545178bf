import LifecycleCompiler

/// `lifecycle trace SPEC --from STATE --to STATE [--machine NAME] [--format text|json]`
/// `lifecycle trace SPEC --into STATE [--machine NAME] [--format text|json]`
/// `lifecycle trace SPEC --system NAME --to 'Instance=State,…' [--format text|json]`
enum TraceCommand: Command {
    static let name = "trace"
    static let abstract = "Show the shortest path between two states, or every transition into a state, with the callbacks UIKit calls."
    static let usage = "trace <file> (--from <state> --to <state> | --into <state> | --system <name> --to <instance=state,...>) [--machine <name>] [--format text|json]"
    static let arguments = [("<file>", "A .lifecycle spec.")]
    static let options = [
        OptionSpec(name: "--from", valueName: "state", help: "Where the path starts; a composite state means the state entering it enters (its initial state)."),
        OptionSpec(name: "--to", valueName: "state", help: "Where the path ends; a composite state means any state inside it. With --system: Instance=State pairs, comma-separated."),
        OptionSpec(name: "--into", valueName: "state", help: "List every transition that enters this state, by user and by system."),
        QuerySupport.machineOption,
        QuerySupport.systemOption,
        QuerySupport.formatOption,
        CommonOptions.color,
        CommonOptions.stateLimit,
    ]

    static func run(_ arguments: Arguments) -> ExitCode {
        guard let path = arguments.positionals.first else { return usageError("missing spec file argument") }
        guard arguments.positionals.count == 1 else {
            return usageError("unexpected argument '\(arguments.positionals[1])'")
        }
        if arguments.has("--system") { return runSystem(arguments, path: path) }
        let into = arguments.value("--into")
        let from = arguments.value("--from"), to = arguments.value("--to")
        if into != nil && (from != nil || to != nil) {
            return usageError("'--into' cannot be combined with '--from' or '--to'")
        }
        if into == nil && (from == nil || to == nil) {
            return usageError(from == nil && to == nil ? "give '--from' and '--to', or '--into'"
                              : "missing '\(from == nil ? "--from" : "--to")'")
        }
        let json: Bool, model: Model, machine: Machine
        switch QuerySupport.prepare(for: self, arguments, path: path) {
        case .failure(let code): return code
        case .success(let prepared): (json, model, machine) = prepared
        }
        let formatter = QueryFormatter(model: model, machine: machine)
        func state(_ name: String) -> Result<Int, ExitCode> {
            MachineSelection.state(name, in: machine).mapError { QuerySupport.report($0, for: self, json: json) }
        }

        if let into {
            guard case .success(let target) = state(into) else { return .inputErrors }
            let steps = Tracer.transitionsInto(target, in: machine)
            Terminal.out(json ? formatter.json(steps) : formatter.text(into: target, steps: steps))
            return .success
        }
        guard case .success(let start) = state(from!), case .success(let goal) = state(to!) else { return .inputErrors }
        guard let found = Tracer.shortestPath(in: machine, from: start, to: goal) else {
            return QuerySupport.report(.noPath(from: from!, to: to!, machine: machine.name), for: self, json: json)
        }
        Terminal.out(json ? formatter.json(found.steps) : formatter.text(path: found, from: start, to: goal))
        return .success
    }

    /// `--system NAME --to 'Second=Appeared,…'`: the shortest sequence of system events.
    static func runSystem(_ arguments: Arguments, path: String) -> ExitCode {
        if arguments.has("--from") || arguments.has("--into") {
            return usageError("'--system' takes only '--to' ('Instance=State,…'), not '--from' or '--into'")
        }
        guard let to = arguments.value("--to") else { return usageError("missing '--to' ('Instance=State,…')") }
        let json: Bool, model: Model, system: System, limit: Int
        switch QuerySupport.system(for: self, arguments, path: path) {
        case .failure(let code): return code
        case .success(let prepared): (json, model, system, limit) = prepared
        }
        let goal: SystemQueries.Goal
        switch SystemQueries.goal(to, in: system) {
        case .success(let parsed): goal = parsed
        case .failure(let error): return QuerySupport.report(error, for: self)
        }
        let formatter = SystemFormatter(model: model, system: system)
        switch SystemQueries.shortestPath(in: system, to: goal, limit: limit) {
        case .failure(let error):
            return QuerySupport.report(error, for: self)
        case .success(nil):
            return QuerySupport.report(.noSystemPath(to: to, system: system.name), for: self)
        case .success(let path?):
            Terminal.out(json ? formatter.json(path) : formatter.text(path: path))
            return .success
        }
    }
}
