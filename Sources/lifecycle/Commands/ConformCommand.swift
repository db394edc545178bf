import LifecycleCompiler

/// `lifecycle conform`: recorded logs checked against a spec (`LogCheck`).
enum ConformCommand: Command {
    static let name = "conform"
    static let abstract = "Check recorded console logs of callbacks against a spec: is each what some run prints?"
    static let arguments = [
        ArgumentSpec("<file>", "A .lifecycle spec."),
        ArgumentSpec("<log>", "Console logs of any size, one callback a line (timestamps, prefixes, colours and other text ignored), '-' for standard input as it comes; each is checked from the initial state.",
                     count: .oneOrMore),
    ]
    static let strict = OptionSpec(name: "--strict", help: "Every callback is logged: one missing from a log is a deviation.")
    static let allowEmpty = OptionSpec(name: "--allow-empty", help: "A log that names no callback the check can use conforms (by default it is an error: nothing was checked).")
    static let instance = OptionSpec(name: "--instance", valueName: "name=word",
                                     help: "With '--system': a word that names the instance in the log, such as the class name 'type(of: self)' prints (repeatable).",
                                     usageValue: "<name>=<word>", repeatable: true)
    static let maxLineLength = OptionSpec(name: "--max-line-length", valueName: "n",
                                          help: "Read lines of up to n bytes (default 1048576, 1 MiB); a longer line is an error at that line.")
    /// `--machine`, repeatable here: each machine is checked on its own callbacks.
    static let machine = MachineOptions.machine("A machine to check, on its own callbacks (repeatable; default: the spec's machines, each on its own).").repeated
    static let emitTest = OptionSpec(name: "--emit-test", valueName: "file.swift",
                                     help: "Write a Swift Testing case per log that does not conform: it replays the events assumed up to the deviation on the component, through the suite 'lifecycle tests' writes.")
    static let module = OptionSpec(name: "--module", valueName: "name", help: "With '--emit-test': the module under test, imported with '@testable import'.")
    static let options = [
        machine, MachineOptions.system, instance, strict, allowEmpty, maxLineLength, emitTest, module, OutputOptions.force,
        OutputFormat.option("text (default: a line per conforming log on stdout, the first deviation as an error on stderr) or json."),
        DiagnosticOptions.errorLimit, DiagnosticOptions.color,
    ]
    static let usageShape: [UsageTerm] = [
        .oneOf([[.option(machine)], [.option(MachineOptions.system), .optional(instance)]], required: false),
        .optional([.option(emitTest), .optional(module), .optional(OutputOptions.force)]),
    ]

    /// How many events before a deviation `--emit-test` can replay (the report keeps them all up to this).
    static let replayableEvents = 4096

    struct Options {
        var query: QueryOptions
        var logs: [String]
        var strict: Bool
        var allowEmpty: Bool
        /// `--instance Root=RootViewController`: instance (name or label), then the word.
        var instanceNames: [(instance: String, word: String)]
        /// `--max-line-length`.
        var maximumLineLength: Int
        /// `--machine`, each once, in the order given.
        var machines: [String]
        /// `--emit-test FILE`, and its `--module`.
        var emitTest: (path: String, module: String?)?
        var force: Bool
    }

    static func parse(_ arguments: Arguments) throws(CLIError) -> Options {
        let spec = try arguments.first("spec file")
        let logs = Array(arguments.positionals.dropFirst())
        guard !logs.isEmpty else { throw .usage("missing log file argument") }
        guard logs.count(where: { $0 == "-" }) <= 1 else { throw .usage("standard input ('-') can be read only once") }
        var instanceNames: [(instance: String, word: String)] = []
        for value in arguments.all(instance) {
            guard let equals = value.firstIndex(of: "=") else { throw badInstance(value) }
            let name = String(value[..<equals]), word = String(value[value.index(after: equals)...])
            guard !name.isEmpty, LogReader.isWord(word) else { throw badInstance(value) }
            if let other = instanceNames.first(where: { $0.word == word && $0.instance != name }) {
                throw sharedInstanceWord(word, other.instance, name)
            }
            instanceNames.append((name, word))
        }
        let query = try QueryOptions(spec: spec, arguments)
        if !instanceNames.isEmpty && query.selection.system == nil {
            throw .usage("'--instance' names an instance of a system: give '--system' too")
        }
        let emitted = arguments.value(emitTest)
        let moduleName = arguments.value(module)
        if moduleName != nil && emitted == nil { throw .usage("'--module' names the module '--emit-test' imports; give '--emit-test' too") }
        if arguments.has(OutputOptions.force) && emitted == nil { throw .usage("'--force' lets '--emit-test' replace its file; give '--emit-test' too") }
        if let moduleName, !TestsCommand.isIdentifier(moduleName) {
            throw .usage("'--module' takes a Swift module name (letters, digits and '_'), not '\(moduleName)'")
        }
        return Options(query: query, logs: logs, strict: arguments.has(strict), allowEmpty: arguments.has(allowEmpty),
                       instanceNames: instanceNames,
                       maximumLineLength: try arguments.number(maxLineLength, minimum: 1) ?? LogCheck.defaultMaximumLineLength,
                       machines: arguments.all(machine).reduce(into: []) { if !$0.contains($1) { $0.append($1) } },
                       emitTest: emitted.map { ($0, moduleName) }, force: arguments.has(OutputOptions.force))
    }

    /// Two instances given one word: a line naming it could be either's.
    static func sharedInstanceWord(_ word: String, _ first: String, _ second: String) -> CLIError {
        .usage("'--instance' gives the word '\(word)' to both '\(first)' and '\(second)'; a line must name one instance: "
            + "give each a word only its lines print, such as the object's address ('--instance \(first)=0x600000c04000')")
    }

    static func badInstance(_ value: String) -> CLIError {
        .usage("'--instance' takes an instance and the word a log names it by, as in 'Root=RootViewController' (one word: letters, digits and '_') or 'Root=0x600000c04000' (its address), not '\(value)'")
    }

    static func run(_ options: Options) throws(CLIError) -> ExitCode {
        var query = Query(options.query, jsonErrors: true)
        let allowEmpty = options.allowEmpty, maximumLineLength = options.maximumLineLength
        let kept = options.emitTest == nil ? ConformanceSearch<MachineAutomaton>.Trail.kept : replayableEvents
        if options.query.selection.system != nil {
            let (model, system) = try query.system(options.query.spec)
            let automaton = SystemAutomaton(model: model, system: system)
            var vocabulary = LogVocabulary(automaton, model: model)
            for (name, word) in options.instanceNames {
                guard let index = system.instances.firstIndex(where: { $0.name == name || $0.label == name }) else {
                    throw query.failure(.unknownInstance(name, system: system.name, instances: system.instances.map(\.name)))
                }
                // A word another instance is already known by (its name, its label, or an earlier '--instance').
                if let other = vocabulary.instances.indices.first(where: { $0 != index && vocabulary.instances[$0].names.contains(word) }) {
                    throw sharedInstanceWord(word, system.instances[other].name, name)
                }
                vocabulary.addName(word, instance: index)
            }
            let reader = LogReader(vocabulary)
            let (status, entries) = check(options, reader: reader, names: [automaton.name], frontend: query.frontend) { logging, path, excerpts in
                LogCheck(automaton, reader: reader, logging: logging, allowEmpty: allowEmpty, path: path, excerpts: excerpts,
                         maximumLineLength: maximumLineLength, keptEvents: kept)
            }
            guard let emit = options.emitTest else { return status }
            return try emitTests(emit, status: status, entries: entries, options: options,
                                 suite: TestSuite.system(system, in: model, cover: .transitions, neutral: false)) { automaton.callbacks[$0] }
        }
        let model = try query.model(options.query.spec)
        let machines = try self.machines(options.machines, in: model, query: query)
        if options.emitTest != nil, machines.count > 1 {
            throw .usage("'--emit-test' replays one machine's deviation: give '--machine' once (the spec has \(machines.count) machines)")
        }
        let automata = machines.map { MachineAutomaton(model: model, machine: $0) }
        let reader = LogReader(LogVocabulary(machines: automata))
        // Machines named are each required; the spec's machines by default are checked where logged.
        let requireEach = !options.machines.isEmpty || automata.count == 1
        let (status, entries) = check(options, reader: reader, names: automata.map(\.name), frontend: query.frontend) { logging, path, excerpts in
            LogCheck(machines: automata, reader: reader, logging: logging, allowEmpty: allowEmpty, requireEach: requireEach,
                     path: path, excerpts: excerpts, maximumLineLength: maximumLineLength, keptEvents: kept)
        }
        guard let emit = options.emitTest else { return status }
        return try emitTests(emit, status: status, entries: entries, options: options,
                             suite: TestSuite.machine(machines[0], in: model, cover: .transitions, neutral: false)) { automata[0].callbacks[$0] }
    }

    /// `--emit-test`: a case per log that deviated, written to the file (all or nothing: one
    /// file); nothing when every log conforms.
    static func emitTests(_ emit: (path: String, module: String?), status: ExitCode, entries: [ConformanceFormatter.Entry],
                          options: Options, suite: Result<TestSuite, QueryError>,
                          callback: (Int) -> LoggedCallback) throws(CLIError) -> ExitCode {
        // A log that could not be read has no report: it is reported already, and has no case.
        let deviating: [(path: String, deviation: Conformance.Deviation)] = entries.compactMap { entry in
            entry.report?.deviation.map { (entry.path, $0) }
        }
        guard !deviating.isEmpty else {
            Reporter.say(.note, "no log deviates: no test written to '\(emit.path)'", command: self)
            return status
        }
        let made: TestSuite
        switch suite {
        case .failure(let error): throw .query(error)
        case .success(let suite): made = suite
        }
        let logs = deviating.map { entry in
            let deviation = entry.deviation
            return ReplayTestGenerator.Log(path: entry.path, deviation: deviation, callback: deviation.callback.map {
                let called = callback($0)
                return TestSuite.Call(instance: called.instance, selector: called.selector)
            }.map(made.callName))
        }
        var command = "lifecycle conform \(OutputWriter.commandPath(options.query.spec))"
        for machine in options.machines { command += " --machine \(machine)" }
        if let system = options.query.selection.system { command += " --system \(system)" }
        for (instance, word) in options.instanceNames { command += " --instance \(instance)=\(word)" }
        command += " " + options.logs.map(OutputWriter.commandPath).joined(separator: " ")
        command += " --emit-test \(OutputWriter.commandPath(emit.path))" + (emit.module.map { " --module \($0)" } ?? "")
        switch ReplayTestGenerator(suite: made, module: emit.module).generate(logs, specPath: OutputWriter.displayPath(options.query.spec), command: command) {
        case .failure(let refusal):
            throw .failure(refusal.message)
        case .success(let bytes):
            try OutputWriter.write(bytes, to: emit.path, force: options.force, command: name)
            Reporter.note(logs.count == 1 ? "wrote a test that replays the log that deviates" : "wrote \(logs.count) tests that replay the logs that deviate",
                          file: emit.path)
        }
        return status
    }

    /// The machines `--machine` names (each must be one of the spec's), or every machine of the spec.
    static func machines(_ names: [String], in model: Model, query: Query) throws(CLIError) -> [Machine] {
        guard !names.isEmpty else {
            guard !model.machines.isEmpty else { throw query.failure(.noMachine(path: model.path)) }
            return model.machines
        }
        var machines: [Machine] = []
        for name in names {
            switch MachineSelection.select(name, in: model) {
            case .success(let machine): machines.append(machine)
            case .failure(let error): throw query.failure(error)
            }
        }
        return machines
    }

    /// Reads and checks each log from the initial configuration, printing each result as it
    /// is known: one per machine checked (`names`, one for a system).
    static func check(_ options: Options, reader: LogReader, names: [String], frontend: Frontend,
                      start: (Conformance.Logging, String, SourceFiles) -> LogCheck) -> (ExitCode, [ConformanceFormatter.Entry]) {
        var status = ExitCode.success
        var entries: [ConformanceFormatter.Entry] = []
        for log in options.logs {
            let reports: [Conformance.Report]
            switch read(log, strict: options.strict, maximumLineLength: options.maximumLineLength, reader: reader,
                        excerpts: frontend.files, start: start) {
            case .failure(let error):
                status = Reporter.report(error, command: self)
                // In JSON, the log is there too, with why it was not checked.
                if case .file(let problem) = error {
                    for name in names { entries.append(ConformanceFormatter.Entry(path: log == "-" ? "<stdin>" : log, automaton: name, error: problem.message)) }
                }
                continue
            case .success(let result):
                reports = result
            }
            let path = log == "-" ? "<stdin>" : log
            var errors = Diagnostics()
            for (report, name) in zip(reports, names) {
                entries.append(ConformanceFormatter.Entry(path: path, automaton: name, report: report))
                if report.conforms {
                    if !options.query.json { Terminal.out(ConformanceFormatter.text(log: path, automaton: name, report: report)) }
                } else {
                    // One line's error (a line too long) is every machine's: printed once.
                    for diagnostic in report.diagnostics.all where !errors.all.contains(diagnostic) { errors.append(diagnostic) }
                    if status == .success { status = .inputErrors }
                }
            }
            if !options.query.json && errors.hasErrors { frontend.printText(errors) }
        }
        if options.query.json {
            Terminal.out(ConformanceFormatter.json(entries, files: frontend.files))
        }
        return (status, entries)
    }

    /// Checks one log, read in chunks. Unless strict, a file is read twice: first for the
    /// callbacks it names (which are then the logged ones), then to check it; a pipe is read
    /// once, as it comes (`Conformance.Logging.asTheyAppear`).
    static func read(_ log: String, strict: Bool, maximumLineLength: Int, reader: LogReader, excerpts: SourceFiles,
                     start: (Conformance.Logging, String, SourceFiles) -> LogCheck) -> Result<[Conformance.Report], CLIError> {
        let input: ChunkedInput
        switch ChunkedInput.open(log) {
        case .failure(let failure): return .failure(.cannotRead(log, failure.message))
        case .success(let opened): input = opened
        }
        var logging = Conformance.Logging.asTheyAppear
        var limit = Int.max
        if strict {
            logging = .all
        } else if input.isRegularFile {
            var survey = LogSurvey(reader, maximumLineLength: maximumLineLength)
            // A JSON log (`log show --style json`/`ndjson`) is read as its message lines (`LogJSONLines`).
            var front = LogJSONLines(maximumLength: maximumLineLength)
            switch input.read({ front.feed($0) { survey.feed($0) } }) {
            case .failure(let failure): return .failure(.cannotRead(log, failure.message))
            case .success(let count): limit = count
            }
            _ = front.finish { survey.feed($0) }
            survey.finish()
            if case .failure(let failure) = input.rewind() { return .failure(.cannotRead(log, failure.message)) }
            logging = .named(survey.named)
        }
        let check = start(logging, input.displayPath, excerpts)
        var front = LogJSONLines(maximumLength: maximumLineLength)
        if case .failure(let failure) = input.read(limit: limit, { front.feed($0) { check.feed($0) } }) {
            return .failure(.cannotRead(log, failure.message))
        }
        _ = front.finish { check.feed($0) }
        if let failure = front.failure {
            check.fail(failure.diagnostic(path: input.displayPath, files: excerpts), line: failure.line)
        }
        return .success(check.finish())
    }
}
