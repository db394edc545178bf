import LifecycleCompiler

/// `lifecycle paths`: a test plan (`TestPlanner`).
enum PathsCommand: Command {
    static let name = "paths"
    static let abstract = "Print a few event sequences that together visit every state or transition, with their callbacks: a test plan."
    static let arguments = [ArgumentSpec("<file>", "A .lifecycle spec.")]
    static let cover = OptionSpec(name: "--cover", valueName: "goal", help: "transitions (default: every transition is taken; with --system, every system event), states (every state is visited; with --system, every state of every instance) or pairs (every two transitions, or system events, that can follow each other are taken in a row).",
                                usageValue: "states|transitions|pairs")
    static let options = [
        MachineOptions.machine, MachineOptions.system, cover,
        OutputFormat.option("text (default), json, or markdown (a checklist to tick on a device).", accepting: [.text, .json, .markdown]),
        DiagnosticOptions.color,
    ]
    static let usageShape: [UsageTerm] = [.oneOf([[.option(MachineOptions.machine)], [.option(MachineOptions.system)]], required: false)]

    struct Options {
        var spec: String
        var selection: MachineOptions
        var coverage: Coverage
        var format: OutputFormat
        var diagnostics: DiagnosticOptions
    }

    static func parse(_ arguments: Arguments) throws(CLIError) -> Options {
        let spec = try arguments.single("spec file")
        let format = try OutputFormat.parse(arguments, accepting: [.text, .json, .markdown])
        let coverage = try arguments.choice(cover, of: Coverage.allCases) ?? .transitions
        let selection = try MachineOptions(arguments)
        return Options(spec: spec, selection: selection, coverage: coverage, format: format,
                       diagnostics: try DiagnosticOptions(arguments))
    }

    static func run(_ options: Options) throws(CLIError) -> ExitCode {
        var query = Query(options.diagnostics, selection: options.selection, jsonErrors: options.format == .json)
        if options.selection.system != nil { return try runSystem(options, query: &query) }
        let (model, machine) = try query.machine(options.spec)
        let automaton = MachineAutomaton(model: model, machine: machine)
        let plan = TestPlanner(machine: automaton, cover: options.coverage).plan()
        let formatter = TestPlanFormatter(model: model, machine: machine, coverage: options.coverage, plan: plan)
        switch options.format {
        case .json: Terminal.out(formatter.json())
        case .markdown: Terminal.out(formatter.markdown())
        case .text: Terminal.out(formatter.text())
        }
        return .success
    }

    /// `--system NAME`: sequences of system events, each with every instance's callbacks.
    static func runSystem(_ options: Options, query: inout Query) throws(CLIError) -> ExitCode {
        let (model, system) = try query.system(options.spec)
        let automaton = SystemAutomaton(model: model, system: system)
        let plan = TestPlanner(system: automaton, cover: options.coverage).plan()
        var formatter = AutomatonPlanFormatter(automaton: automaton, plan: plan,
                                               goalNames: TestPlanner.goalNames(system: system, cover: options.coverage, pairs: plan.pairs),
                                               goalNoun: options.coverage.systemGoalNoun)
        formatter.coverage = options.coverage
        switch options.format {
        case .json: Terminal.out(formatter.json())
        case .markdown: Terminal.out(formatter.markdown())
        case .text: Terminal.out(formatter.text())
        }
        return .success
    }
}

extension Coverage {
    /// What a system's goals are called in its plan's summary.
    var systemGoalNoun: String {
        switch self {
        case .states: "instance states"
        case .transitions: "events"
        case .pairs: "event pairs"
        }
    }
}
