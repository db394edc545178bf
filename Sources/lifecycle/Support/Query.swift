import LifecycleCompiler

/// The options `trace`, `simulate` and `conform` share: the spec, `--machine` or `--system`,
/// `--format text|json`, and the diagnostic options.
struct QueryOptions {
    var spec: String
    var selection: MachineOptions
    var json: Bool
    var diagnostics: DiagnosticOptions

    init(spec: String, _ arguments: Arguments) throws(CLIError) {
        self.spec = spec
        selection = try MachineOptions(arguments)
        json = try OutputFormat.parse(arguments, accepting: [.text, .json]) == .json
        diagnostics = try DiagnosticOptions(arguments)
    }
}

/// What the query commands (`trace`, `simulate`, `paths`, `conform`) share: compiling the
/// spec and choosing its machine or system, and, with `--format json`, an error object on
/// stdout so that a script reading it gets JSON, never text or nothing.
struct Query {
    var frontend: Frontend
    let selection: MachineOptions
    /// Whether errors go to stdout as JSON too (`--format json`).
    let jsonErrors: Bool

    init(_ diagnostics: DiagnosticOptions, selection: MachineOptions, jsonErrors: Bool = false) {
        frontend = Frontend(diagnostics)
        self.selection = selection
        self.jsonErrors = jsonErrors
    }

    /// A query on the machine or system of `options`, with JSON errors when JSON was asked for
    /// (`jsonErrors: false`: errors on stderr only, for a command that prints them otherwise).
    init(_ options: QueryOptions, jsonErrors: Bool) {
        self.init(options.diagnostics, selection: options.selection, jsonErrors: jsonErrors && options.json)
    }

    /// The compiled spec at `path` (its diagnostics printed).
    mutating func model(_ path: String) throws(CLIError) -> Model {
        do {
            return try frontend.model(path)
        } catch {
            // The diagnostics are on stderr; stdout says there was an error.
            if case .status(.inputErrors) = error {
                fail("'\(path)' has errors; see the diagnostics on stderr")
            } else if case .file = error {
                fail("cannot read '\(path)'")
            }
            throw error
        }
    }

    /// The machine `--machine` names in the spec at `path`, or its only one, or the one machine
    /// whose states or events `naming` (the command's arguments) mention.
    mutating func machine(_ path: String, naming: [String] = []) throws(CLIError) -> (Model, Machine) {
        let model = try self.model(path)
        do { return (model, try selection.machine(in: model, naming: naming)) } catch { throw failure(error) }
    }

    /// The system `--system` names in the spec at `path`, or its only one.
    mutating func system(_ path: String) throws(CLIError) -> (Model, System) {
        let model = try self.model(path)
        do { return (model, try selection.system(in: model)) } catch { throw failure(error) }
    }

    /// `error`, after writing it to stdout as JSON when JSON was asked for: `steps` are those
    /// taken before the error (for `simulate`).
    func failure(_ error: QueryError, steps: String = "[]") -> CLIError {
        fail(error.message, notes: error.notes, steps: steps)
        return .query(error)
    }

    func failure(_ error: CLIError) -> CLIError {
        if case .query(let query) = error { return failure(query) }
        return error
    }

    /// `{"error": message, "notes": [note…], "steps": steps}` on stdout, with `--format json`.
    func fail(_ message: String, notes: [String] = [], steps: String = "[]") {
        guard jsonErrors else { return }
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
