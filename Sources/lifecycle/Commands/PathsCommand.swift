import LifecycleCompiler

/// `lifecycle paths SPEC [--machine NAME] [--cover states|transitions] [--format text|json|markdown]`
enum PathsCommand: Command {
    static let name = "paths"
    static let abstract = "Print a few event sequences that together visit every state or transition, with their callbacks: a test plan."
    static let usage = "paths <file> [--machine <name>] [--cover states|transitions] [--format text|json|markdown]"
    static let arguments = [("<file>", "A .lifecycle spec.")]
    static let options = [
        QuerySupport.machineOption,
        OptionSpec(name: "--cover", valueName: "goal", help: "transitions (default: every transition is taken) or states (every state is visited)."),
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
        let model: Model, machine: Machine
        switch QuerySupport.machine(for: self, arguments, path: path) {
        case .failure(let code): return code
        case .success(let chosen): (model, machine) = chosen
        }
        // A system (`--system`) plugs in here with its own automaton, goals and formatter.
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
}
