import LifecycleCompiler

/// `lifecycle paths SPEC [--machine NAME | --system NAME] [--cover states|transitions] [--format text|json|markdown]`
enum PathsCommand: Command {
    static let name = "paths"
    static let abstract = "Print a few event sequences that together visit every state or transition, with their callbacks: a test plan."
    static let usage = "paths <file> [--machine <name> | --system <name>] [--cover states|transitions] [--format text|json|markdown]"
    static let arguments = [("<file>", "A .lifecycle spec.")]
    static let options = [
        QuerySupport.machineOption,
        QuerySupport.systemOption,
        OptionSpec(name: "--cover", valueName: "goal", help: "transitions (default: every transition is taken; with --system, every system event) or states (every state is visited; with --system, every state of every instance)."),
        OptionSpec(name: "--format", valueName: "format", help: "text (default), json, or markdown (a checklist to tick on a device)."),
        CommonOptions.color,
    ]

    static func run(_ arguments: Arguments) -> ExitCode {
        guard let path = arguments.positionals.first else { return usageError("missing spec file argument") }
        guard arguments.positionals.count == 1 else { return usageError("unexpected argument '\(arguments.positionals[1])'") }
        let format = arguments.value("--format") ?? "text"
        guard ["text", "json", "markdown"].contains(format) else {
            return usageError("'--format' takes text, json or markdown, not '\(format)'")
        }
        let goal = arguments.value("--cover") ?? "transitions"
        guard let coverage = Coverage(rawValue: goal) else {
            return usageError("'--cover' takes states or transitions, not '\(goal)'")
        }
        if arguments.has("--system") { return runSystem(arguments, path: path, format: format, coverage: coverage) }
        let model: Model, machine: Machine
        switch QuerySupport.machine(for: self, arguments, path: path) {
        case .failure(let code): return code
        case .success(let chosen): (model, machine) = chosen
        }
        let automaton = MachineAutomaton(model: model, machine: machine)
        let plan = TestPlanner(machine: automaton, cover: coverage).plan()
        let formatter = TestPlanFormatter(model: model, machine: machine, coverage: coverage, plan: plan)
        switch format {
        case "json": Terminal.out(formatter.json())
        case "markdown": Terminal.out(formatter.markdown())
        default: Terminal.out(formatter.text())
        }
        return .success
    }

    /// `--system NAME`: sequences of system events, each with every instance's callbacks (text only).
    static func runSystem(_ arguments: Arguments, path: String, format: String, coverage: Coverage) -> ExitCode {
        if arguments.has("--machine") { return usageError("'--system' cannot be combined with '--machine'") }
        guard format == "text" else { return usageError("'--format' takes only text with '--system', not '\(format)'") }
        let model: Model
        switch Frontend.model(arguments, path: path) {
        case .failure(let code): return code
        case .success(let (compiled, _)): model = compiled
        }
        switch SystemQueries.select(arguments.value("--system"), in: model) {
        case .failure(let error):
            return QuerySupport.report(error, for: self)
        case .success(let system):
            let automaton = SystemAutomaton(model: model, system: system)
            let plan = TestPlanner(system: automaton, cover: coverage).plan()
            let formatter = AutomatonPlanFormatter(automaton: automaton, plan: plan,
                                                   goalNames: TestPlanner.goalNames(system: system, cover: coverage),
                                                   goalNoun: coverage == .states ? "instance states" : "events")
            Terminal.out(formatter.text())
            return .success
        }
    }
}
