import LifecycleCompiler

/// What `trace` and `simulate` share: the options, choosing the machine, and reporting a
/// `QueryError`.
enum QuerySupport {
    static let machineOption = OptionSpec(name: "--machine", valueName: "name",
                                          help: "The machine to ask about; needed when the spec declares several.")
    static let formatOption = OptionSpec(name: "--format", valueName: "format",
                                         help: "text (default) or json (one array of steps on stdout).")

    /// Whether `--format json` was asked for; a usage error for anything but text or json.
    static func wantsJSON(_ arguments: Arguments) throws(Arguments.UsageError) -> Bool {
        let format = arguments.value("--format") ?? "text"
        guard format == "text" || format == "json" else {
            throw Arguments.UsageError(message: "'--format' takes text or json, not '\(format)'")
        }
        return format == "json"
    }

    /// What a query command needs before it runs: whether JSON was asked for, the compiled
    /// spec at `path` (its diagnostics printed), and the machine `--machine` names, or the only one.
    static func prepare(for command: any Command.Type, _ arguments: Arguments, path: String)
        -> Result<(json: Bool, model: Model, machine: Machine), ExitCode> {
        let json: Bool
        do { json = try wantsJSON(arguments) } catch { return .failure(command.usageError(error.message)) }
        return machine(for: command, arguments, path: path).map { (json, $0.0, $0.1) }
    }

    /// Compiles the spec at `path` (printing its diagnostics) and picks the machine `--machine`
    /// names, or the only one.
    static func machine(for command: any Command.Type, _ arguments: Arguments, path: String)
        -> Result<(Model, Machine), ExitCode> {
        switch Frontend.model(arguments, path: path) {
        case .failure(let code):
            return .failure(code)
        case .success(let (model, _)):
            switch MachineSelection.select(arguments.value("--machine"), in: model) {
            case .success(let machine): return .success((model, machine))
            case .failure(let error): return .failure(report(error, for: command))
            }
        }
    }

    /// Prints `error` on stderr as `lifecycle <command>: error: …` with its notes, and returns
    /// the exit status: 2 for a usage problem (with the usage line), else 1.
    static func report(_ error: QueryError, for command: any Command.Type) -> ExitCode {
        if error.isUsage { return command.usageError(error.message) }
        // Names in the message come from the spec and the command line: hidden characters escaped.
        var text = "lifecycle \(command.name): error: \(Diagnostic.oneLine(error.message))\n"
        for note in error.notes { text += "lifecycle \(command.name): note: \(Diagnostic.oneLine(note))\n" }
        Terminal.err(text)
        return .inputErrors
    }
}
