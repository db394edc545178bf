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
        return machine(for: command, arguments, path: path, json: json).map { (json, $0.0, $0.1) }
    }

    /// Compiles the spec at `path` (printing its diagnostics) and picks the machine `--machine`
    /// names, or the only one.
    static func machine(for command: any Command.Type, _ arguments: Arguments, path: String, json: Bool = false)
        -> Result<(Model, Machine), ExitCode> {
        switch Frontend.model(arguments, path: path) {
        case .failure(let code):
            // The diagnostics are on stderr; stdout says there was an error.
            if json && code != .usage {
                printJSONError(code == .inputErrors ? "'\(path)' has errors; see the diagnostics on stderr" : "cannot read '\(path)'")
            }
            return .failure(code)
        case .success(let (model, _)):
            switch MachineSelection.select(arguments.value("--machine"), in: model) {
            case .success(let machine): return .success((model, machine))
            case .failure(let error): return .failure(report(error, for: command, json: json))
            }
        }
    }

    /// Prints `error` on stderr as `lifecycle <command>: error: …` with its notes, and returns
    /// the exit status: 2 for a usage problem (with the usage line), else 1. With `--format
    /// json`, stdout gets the error too, as one object a script can read instead of nothing:
    /// `{"error": message, "notes": [note…], "steps": [step…]}` (`steps`: those taken before
    /// the error, for `simulate`; empty otherwise).
    static func report(_ error: QueryError, for command: any Command.Type, json: Bool = false, steps: String = "[]") -> ExitCode {
        if json { printJSONError(error.message, notes: error.notes, steps: steps) }
        if error.isUsage { return command.usageError(error.message) }
        // Names in the message come from the spec and the command line: hidden characters escaped.
        var text = "lifecycle \(command.name): error: \(Diagnostic.oneLine(error.message))\n"
        for note in error.notes { text += "lifecycle \(command.name): note: \(Diagnostic.oneLine(note))\n" }
        Terminal.err(text)
        return .inputErrors
    }

    /// `{"error": message, "notes": [note…], "steps": steps}` on stdout.
    static func printJSONError(_ message: String, notes: [String] = [], steps: String = "[]") {
        let indentedSteps = steps.trimmingSuffixNewline.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\n  ")
        Terminal.out("{\n  \"error\": \(JSONWriter.quoted(message)),\n  \"notes\": ["
            + notes.map { JSONWriter.quoted($0) }.joined(separator: ", ")
            + "],\n  \"steps\": \(indentedSteps)\n}\n")
    }
}

extension String {
    /// The string without one final line feed.
    var trimmingSuffixNewline: Substring { hasSuffix("\n") ? dropLast() : self[...] }
}

/// `--system`: what `trace` and `simulate` do with a system instead of a machine.
extension QuerySupport {
    static let systemOption = OptionSpec(name: "--system", valueName: "name",
                                         help: "Ask about this system (several instances at once) instead of a machine.")

    /// Compiles the spec at `path` (printing its diagnostics) and picks the system `--system`
    /// names; also whether JSON was asked for and the state limit.
    static func system(for command: any Command.Type, _ arguments: Arguments, path: String)
        -> Result<(json: Bool, model: Model, system: System, stateLimit: Int), ExitCode> {
        if arguments.has("--machine") { return .failure(command.usageError("'--system' cannot be combined with '--machine'")) }
        let json: Bool
        do { json = try wantsJSON(arguments) } catch { return .failure(command.usageError(error.message)) }
        switch Frontend.model(arguments, path: path) {
        case .failure(let code):
            return .failure(code)
        case .success(let (model, frontend)):
            switch SystemQueries.select(arguments.value("--system"), in: model) {
            case .success(let system): return .success((json, model, system, frontend.stateLimit))
            case .failure(let error): return .failure(report(error, for: command))
            }
        }
    }
}
