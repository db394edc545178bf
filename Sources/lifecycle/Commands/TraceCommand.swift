import LifecycleCompiler

/// `lifecycle trace`: a shortest path between two states, the transitions into one, or a
/// system's shortest run to `Instance=State` goals.
enum TraceCommand: Command {
    static let name = "trace"
    static let abstract = "Show the shortest path between two states, or every transition into a state, with the callbacks UIKit calls."
    static let arguments = [ArgumentSpec("<file>", "A .lifecycle spec.")]
    static let from = OptionSpec(name: "--from", valueName: "state", help: "Where the path starts; a composite state means the state entering it enters (its initial state).")
    static let to = OptionSpec(name: "--to", valueName: "state", help: "Where the path ends; a composite state means any state inside it. With --system: Instance=State pairs, comma-separated.")
    static let into = OptionSpec(name: "--into", valueName: "state", help: "List every transition that enters this state, by user and by system.")
    static let options = [
        from, to, into, MachineOptions.machine, MachineOptions.system, OutputFormat.textOrJSON,
        DiagnosticOptions.color, DiagnosticOptions.stateLimit,
    ]
    static let usageShape: [UsageTerm] = [
        .oneOf([[.option(from), .option(to)], [.option(into)], [.option(MachineOptions.system), .option(to, value: "<instance=state,...>")]],
               required: true),
    ]

    /// What to trace.
    enum Goal {
        /// `--from A --to B`: the shortest path.
        case path(from: String, to: String)
        /// `--into S`: every transition entering it.
        case into(String)
        /// `--system NAME --to 'Second=Appeared,…'`.
        case system(to: String)
    }

    struct Options {
        var query: QueryOptions
        var goal: Goal
    }

    static func parse(_ arguments: Arguments) throws(CLIError) -> Options {
        let query = try QueryOptions(spec: try arguments.single("spec file"), arguments)
        let into = arguments.value(into), from = arguments.value(from), to = arguments.value(to)
        let goal: Goal
        if query.selection.system != nil {
            if from != nil || into != nil {
                throw .usage("'--system' takes only '--to' ('Instance=State,…'), not '--from' or '--into'")
            }
            guard let to else { throw .usage("missing '--to' ('Instance=State,…')") }
            goal = .system(to: to)
        } else if let into {
            if from != nil || to != nil { throw .usage("'--into' cannot be combined with '--from' or '--to'") }
            goal = .into(into)
        } else {
            guard let from, let to else {
                throw .usage(from == nil && to == nil ? "give '--from' and '--to', or '--into'" : "missing '\(from == nil ? "--from" : "--to")'")
            }
            goal = .path(from: from, to: to)
        }
        return Options(query: query, goal: goal)
    }

    static func run(_ options: Options) throws(CLIError) -> ExitCode {
        if case .system(let goal) = options.goal { return try runSystem(options.query, to: goal) }
        var query = Query(options.query, jsonErrors: true)
        let named: [String]
        switch options.goal {
        case .into(let name): named = [name]
        case .path(let from, let to): named = [from, to]
        default: named = []
        }
        let (model, machine) = try query.machine(options.query.spec, naming: named)
        let formatter = QueryFormatter(model: model, machine: machine)
        let json = options.query.json
        switch options.goal {
        case .into(let name):
            let target = try state(name, in: machine, query)
            let steps = Tracer.transitionsInto(target, in: machine)
            Terminal.out(json ? formatter.json(steps) : formatter.text(into: target, steps: steps))
        case .path(let from, let to):
            let start = try state(from, in: machine, query), goal = try state(to, in: machine, query)
            guard let found = Tracer.shortestPath(in: machine, from: start, to: goal) else {
                throw query.failure(.noPath(from: from, to: to, machine: machine.name))
            }
            Terminal.out(json ? formatter.json(found.steps, waits: TimedPath.waits(found.steps, from: found.start, in: machine))
                              : formatter.text(path: found, from: start, to: goal))
        case .system:
            break
        }
        return .success
    }

    /// The state `name` of `machine`.
    static func state(_ name: String, in machine: Machine, _ query: Query) throws(CLIError) -> Int {
        switch MachineSelection.state(name, in: machine) {
        case .success(let state): return state
        case .failure(let error): throw query.failure(error)
        }
    }

    /// `--system NAME --to 'Second=Appeared,…'`: the shortest sequence of system events.
    static func runSystem(_ options: QueryOptions, to: String) throws(CLIError) -> ExitCode {
        var query = Query(options, jsonErrors: true)
        let (model, system) = try query.system(options.spec)
        let goal: SystemQueries.Goal
        switch SystemQueries.goal(to, in: system) {
        case .success(let parsed): goal = parsed
        case .failure(let error): throw query.failure(error)
        }
        let formatter = SystemFormatter(model: model, system: system)
        switch SystemQueries.shortestPath(in: system, to: goal, limit: options.diagnostics.stateLimit) {
        case .failure(let error): throw query.failure(error)
        case .success(nil): throw query.failure(.noSystemPath(to: to, system: system.name))
        case .success(let path?):
            Terminal.out(options.json ? formatter.json(path) : formatter.text(path: path))
            return .success
        }
    }
}
