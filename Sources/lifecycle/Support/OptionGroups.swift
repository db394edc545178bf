import LifecycleCompiler

// Option groups: the options several subcommands take, declared once with their help and
// parsed once into typed values (as swift-argument-parser's `@OptionGroup`). A command lists
// the specs it accepts in `options`; a group reads only those (the others are absent, so
// they keep their defaults).

/// `--color`, `--error-limit`, `--warnings-as-errors`, `--state-limit`: how diagnostics are
/// printed and how far checking goes.
struct DiagnosticOptions {
    static let color = OptionSpec(name: "--color", valueName: "when", help: "Colour diagnostics: auto (default: when stderr is a terminal), always, never.")
    static let errorLimit = OptionSpec(name: "--error-limit", valueName: "n", help: "Print at most n diagnostics (default 50; 0: all, up to 10,000).")
    static let warningsAsErrors = OptionSpec(name: "--warnings-as-errors", help: "Treat warnings as errors.")
    static let stateLimit = OptionSpec(name: "--state-limit", valueName: "n",
                                       help: "Explore at most n composed states of a system (default 1000000).")
    static let warn = OptionSpec(name: "--warn", valueName: "group=level",
                                 help: "Set a named group of warnings (shown after each warning, e.g. [dead-end]) to off, error or warning; repeatable.").repeated
    /// What a command that compiles a spec and prints its diagnostics takes.
    static let all = [warningsAsErrors, errorLimit, color, stateLimit, warn]

    enum Color: String, CaseIterable {
        case auto, always, never
    }

    var color = Color.auto
    /// `--error-limit`; nil when not given (50 for text; JSON for editors then lists all).
    var errorLimit: Int?
    var warningsAsErrors = false
    var stateLimit = Checker.defaultStateLimit
    /// `--warn GROUP=LEVEL`, each group's level (later wins); `lifecycle.json`'s `warnings`
    /// fill in the groups the command line leaves out.
    var groupLevels: [String: DiagnosticGroups.Level] = [:]

    init() {}

    init(_ arguments: Arguments) throws(CLIError) {
        color = try arguments.choice(Self.color, of: Color.allCases) ?? .auto
        errorLimit = try arguments.number(Self.errorLimit, minimum: 0)
        warningsAsErrors = arguments.has(Self.warningsAsErrors)
        stateLimit = try arguments.number(Self.stateLimit, minimum: 1) ?? Checker.defaultStateLimit
        if arguments.has(Self.warn) {
            for value in arguments.all(Self.warn) {
                let (group, level) = try Self.groupLevel(value)
                groupLevels[group] = level
            }
        }
    }

    /// `GROUP=off|error|warning`: a usage error names the groups or levels when one is wrong.
    static func groupLevel(_ value: String) throws(CLIError) -> (String, DiagnosticGroups.Level) {
        let parts = value.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 2 else {
            throw .usage("'--warn' takes GROUP=off, GROUP=error or GROUP=warning, not '\(value)'")
        }
        guard DiagnosticGroups.group(named: parts[0]) != nil else {
            let suggestion = Suggestions.bestMatch(for: parts[0], in: DiagnosticGroups.names)
            throw .usage("'--warn' names no warning group '\(parts[0])'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
                         + " (the Language reference lists the groups)")
        }
        guard let level = DiagnosticGroups.Level(rawValue: parts[1]) else {
            throw .usage("'--warn \(parts[0])=' takes off, error or warning, not '\(parts[1])'")
        }
        return (parts[0], level)
    }
}

/// `--format`: the one place its value is checked, against the formats a command offers.
enum OutputFormat: String, CaseIterable {
    case text, json, markdown

    /// `--format`, taking the formats a command offers.
    static func option(_ help: String, accepting accepted: [OutputFormat] = [.text, .json]) -> OptionSpec {
        OptionSpec(name: "--format", valueName: "format", help: help, usageValue: accepted.map(\.rawValue).joined(separator: "|"))
    }

    /// text (default) or json, as most commands offer.
    static let textOrJSON = option("text (default) or json (one array of steps on stdout).")

    /// Whether the command line `raw` (before `--`) asks a command with `options` for
    /// `--format json`: read before parsing, so that a usage error can answer in JSON too.
    static func asksForJSON(_ raw: [String], options: [OptionSpec]) -> Bool {
        guard let format = options.first(where: { $0.name == textOrJSON.name }),
              format.usageValue?.split(separator: "|").contains("json") == true else { return false }
        let arguments = raw.prefix { $0 != "--" }
        for (index, argument) in arguments.enumerated() {
            if argument == format.name + "=json" { return true }
            if argument == format.name, index + 1 < arguments.count, arguments[arguments.startIndex + index + 1] == "json" { return true }
        }
        return false
    }

    /// The format `--format` names among `accepted` (the first when absent).
    static func parse(_ arguments: Arguments, accepting accepted: [OutputFormat]) throws(CLIError) -> OutputFormat {
        try arguments.choice(textOrJSON, of: accepted) ?? accepted[0]
    }
}

/// `-o FILE` and `--force`: where a generator writes, and whether it may replace a file it
/// would otherwise protect.
struct OutputOptions {
    /// `-o FILE` for a generator writing files named like `example`.
    static func output(_ example: String, help: String = "Write to this file (atomically; an edited file is never overwritten). Default: stdout.") -> OptionSpec {
        OptionSpec(name: "-o", aliases: ["--output"], valueName: example, help: help)
    }

    static let force = OptionSpec(name: "--force", help: "Overwrite the output even if it was edited or not generated by lifecycle.")
    /// `-o`, whatever its commands call the file: options are looked up by name.
    static let file = output("file")

    /// nil: standard output.
    var path: String?
    var force: Bool

    init(_ arguments: Arguments) {
        path = arguments.value(Self.file)
        force = arguments.has(Self.force)
    }

    /// Writes `bytes` to the file, or to standard output when there is none.
    func write(_ bytes: UnsafeBufferPointer<UInt8>, command: any Command.Type) throws(CLIError) {
        guard let path else { return Terminal.out(bytes) }
        try OutputWriter.write(bytes, to: path, force: force, command: command.name)
    }

    func write(_ bytes: [UInt8], command: any Command.Type) throws(CLIError) {
        guard let path else { return Terminal.out(bytes) }
        try OutputWriter.write(bytes, to: path, force: force, command: command.name)
    }
}

/// `--machine NAME` and `--system NAME`: which part of the spec a command is about.
struct MachineOptions {
    static func machine(_ help: String) -> OptionSpec {
        OptionSpec(name: "--machine", valueName: "name", help: help)
    }

    static let machine = machine("The machine to ask about (default: the only one, or the one that declares every state and event named).")
    static let system = OptionSpec(name: "--system", valueName: "name",
                                   help: "Ask about this system (several instances at once) instead of a machine.")

    var machine: String?
    var system: String?

    /// Reads both; giving both is a usage error.
    init(_ arguments: Arguments) throws(CLIError) {
        machine = arguments.value(Self.machine)
        system = arguments.value(Self.system)
        if machine != nil && system != nil { throw .usage("'--system' cannot be combined with '--machine'") }
    }

    /// The machine `--machine` names, or the only one, or the one whose states or events
    /// `naming` (the command's arguments) mention.
    func machine(in model: Model, naming: [String] = []) throws(CLIError) -> Machine {
        switch MachineSelection.select(machine, in: model, naming: naming) {
        case .success(let machine): return machine
        case .failure(let error): throw .query(error)
        }
    }

    /// The system `--system` names, or the only one.
    func system(in model: Model) throws(CLIError) -> System {
        switch SystemQueries.select(system, in: model) {
        case .success(let system): return system
        case .failure(let error): throw .query(error)
        }
    }

    /// For a drawing or an export: the machine `--machine` names, checked, or nil for all.
    func drawn(in model: Model) throws(CLIError) -> String? {
        guard let machine else { return nil }
        guard model.machine(named: machine) != nil else {
            throw .query(.unknownMachine(machine, path: model.path, machines: model.machines.map(\.name)))
        }
        return machine
    }
}

/// `--machine`, `--no-clusters`, `--descriptions`: what `dot` and `render` draw (and the
/// machine `export` exports).
struct DiagramOptions {
    static let machine = MachineOptions.machine("Draw only this machine.")
    static let noClusters = OptionSpec(name: "--no-clusters", help: "Draw composite states as plain boxes (for very large specs).")
    static let descriptions = OptionSpec(name: "--descriptions", help: "Write the descriptions into the drawing, not only as tooltips (which a PNG or PDF loses).")
    static let options = [machine, noClusters, descriptions]

    var selection: MachineOptions
    var clusters: Bool
    var descriptions: Bool

    init(_ arguments: Arguments) throws(CLIError) {
        selection = try MachineOptions(arguments)
        clusters = !arguments.has(Self.noClusters)
        descriptions = arguments.has(Self.descriptions)
    }

    /// The generator's options, checking that `--machine` names a machine of the spec.
    func generatorOptions(for model: Model) throws(CLIError) -> DotGenerator.Options {
        var options = DotGenerator.Options()
        options.clusters = clusters
        options.descriptions = descriptions
        options.machine = try selection.drawn(in: model)
        return options
    }

    /// The options as the "Regenerate with" line repeats them.
    func flags(_ options: DotGenerator.Options) -> String {
        var flags = ""
        if let machine = options.machine { flags += " --machine \(machine)" }
        if !options.clusters { flags += " --no-clusters" }
        if options.descriptions { flags += " --descriptions" }
        return flags
    }
}
