import LifecycleCompiler

/// Why a command stopped, as data until `Reporter` prints it: the one error type of the
/// command line (a spec's own problems are `Diagnostic`s, printed by `Frontend`).
enum CLIError: Error {
    /// A command line the command cannot run: exit 2, with the usage line and a `--help` pointer.
    case usage(String)
    /// A question about the spec with no answer (an unknown machine, no path): exit 1, or 2
    /// when it is a usage problem (`QueryError.isUsage`).
    case query(QueryError)
    /// A file that cannot be read or written, or that lifecycle will not replace.
    case file(FileProblem)
    /// The tool could not do its job (Graphviz missing, or failing): exit 3.
    case failure(String, notes: [String] = [])
    /// Already reported (the spec's diagnostics are printed): only the exit status is left.
    case status(ExitCode)

    static func cannotRead(_ path: String, _ reason: String) -> CLIError {
        .file(FileProblem(path: path, message: "cannot read file: \(reason)"))
    }

    static func cannotWrite(_ path: String, _ reason: String) -> CLIError {
        .file(FileProblem(path: path, message: "cannot write file: \(reason)"))
    }
}

/// A problem with a file: printed `path: error: message`, or `path:line:column: error:
/// message` when it points into the file, with its notes at the same place.
struct FileProblem {
    var path: String
    /// Where in the file, when the problem is at a place in it.
    var position: (line: Int, column: Int)?
    var message: String
    var notes: [String] = []
    /// 3 for I/O; 1 for a file whose content is wrong (`--config`, `swift --update`).
    var status = ExitCode.failure

    init(path: String, at position: (line: Int, column: Int)? = nil, message: String, notes: [String] = [],
         status: ExitCode = .failure) {
        self.path = path
        self.position = position
        self.message = message
        self.notes = notes
        self.status = status
    }
}

/// Every message of the command line that is not a spec diagnostic goes through here, in
/// one format: `lifecycle COMMAND: error|warning|note: message` (just `lifecycle:` before a
/// subcommand is chosen), or `PATH[:LINE:COLUMN]: error|note: message` for a file (the path
/// escaped as diagnostics escape it: `Diagnostic.printablePath`). Usage errors add the
/// command's usage line and a pointer to its `--help`.
enum Reporter {
    enum Severity: String {
        case error, warning, note
    }

    /// Prints `error` on stderr and returns its exit status.
    @discardableResult
    static func report(_ error: CLIError, command: (any Command.Type)?) -> ExitCode {
        switch error {
        case .usage(let message):
            return usage(message, command: command)
        case .query(let error):
            if error.isUsage { return usage(error.message, command: command) }
            var text = line(.error, error.message, command: command?.name)
            for note in error.notes { text += line(.note, note, command: command?.name) }
            Terminal.err(text)
            return .inputErrors
        case .file(let problem):
            let place = Diagnostic.printablePath(problem.path) + (problem.position.map { ":\($0.line):\($0.column)" } ?? "")
            var text = "\(place): error: \(Diagnostic.oneLine(problem.message))\n"
            for note in problem.notes { text += "\(place): note: \(Diagnostic.oneLine(note))\n" }
            Terminal.err(text)
            return problem.status
        case .failure(let message, let notes):
            var text = line(.error, message, command: command?.name)
            for note in notes { text += line(.note, note, command: command?.name) }
            Terminal.err(text)
            return .failure
        case .status(let code):
            return code
        }
    }

    /// `error` as the JSON object every command prints on stdout with `--format json` when it
    /// printed nothing else there: `{"error": message, "notes": [note…], "steps": []}`, the
    /// shape `Query.fail` gives a query's errors (stderr has the same, as text).
    static func json(_ error: CLIError) -> String {
        let (message, notes): (String, [String]) = switch error {
        case .usage(let message): (message, [])
        case .query(let error): (error.message, error.notes)
        case .file(let problem):
            (Diagnostic.printablePath(problem.path) + (problem.position.map { ":\($0.line):\($0.column)" } ?? "") + ": " + problem.message,
             problem.notes)
        case .failure(let message, let notes): (message, notes)
        case .status: ("the input has errors; see the diagnostics on stderr", [])
        }
        return "{\n  \"error\": \(JSONWriter.quoted(message)),\n  \"notes\": ["
            + notes.map { JSONWriter.quoted($0) }.joined(separator: ", ") + "],\n  \"steps\": []\n}\n"
    }

    /// A warning or note that does not stop the command.
    static func say(_ severity: Severity, _ message: String, command: (any Command.Type)?) {
        Terminal.err(line(severity, message, command: command?.name))
    }

    /// A note about a file (`PATH: note: message`).
    static func note(_ message: String, file path: String) {
        Terminal.err("\(Diagnostic.printablePath(path)): note: \(Diagnostic.oneLine(message))\n")
    }

    /// The usage error shape: the message, the usage line, the `--help` pointer; exit 2.
    static func usage(_ message: String, command: (any Command.Type)?) -> ExitCode {
        let name = command.map { "lifecycle \($0.name)" } ?? "lifecycle"
        let usage = command.map { "lifecycle \($0.usage)" } ?? "lifecycle <subcommand> [options]"
        Terminal.err(line(.error, message, command: command?.name)
            + "Usage: \(usage)\n  See '\(name) --help' for more information.\n")
        return .usage
    }

    /// `lifecycle[ COMMAND]: severity: message` and a line feed; hidden characters in the
    /// message (names from the spec or the command line) escaped.
    static func line(_ severity: Severity, _ message: String, command: String?) -> String {
        "lifecycle\(command.map { " \($0)" } ?? ""): \(severity.rawValue): \(Diagnostic.oneLine(message))\n"
    }
}
