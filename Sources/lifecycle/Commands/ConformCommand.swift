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
    static let emitTest = OptionSpec(name: "--emit-test", valueName: "file.swift",
                                     help: "Write a Swift Testing case per log that does not conform: it replays the events assumed up to the deviation on the component, through the suite 'lifecycle tests' writes.")
    static let module = OptionSpec(name: "--module", valueName: "name", help: "With '--emit-test': the module under test, imported with '@testable import'.")
    static let options = [
        MachineOptions.machine, MachineOptions.system, instance, strict, allowEmpty, emitTest, module, OutputOptions.force,
        OutputFormat.option("text (default: a line per conforming log on stdout, the first deviation as an error on stderr) or json."),
        DiagnosticOptions.errorLimit, DiagnosticOptions.color,
    ]
    static let usageShape: [UsageTerm] = [
        .oneOf([[.option(MachineOptions.machine)], [.option(MachineOptions.system), .optional(instance)]], required: false),
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
            guard !name.isEmpty, !word.isEmpty, word.utf8.allSatisfy(LogReader.isWordByte) else { throw badInstance(value) }
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
                       instanceNames: instanceNames, emitTest: emitted.map { ($0, moduleName) }, force: arguments.has(OutputOptions.force))
    }

    static func badInstance(_ value: String) -> CLIError {
        .usage("'--instance' takes an instance and the word a log names it by, as in 'Root=RootViewController' (letters, digits and '_'), not '\(value)'")
    }

    static func run(_ options: Options) throws(CLIError) -> ExitCode {
        var query = Query(options.query, jsonErrors: true)
        let allowEmpty = options.allowEmpty
        let kept = options.emitTest == nil ? ConformanceSearch<MachineAutomaton>.Trail.kept : replayableEvents
        if options.query.selection.system != nil {
            let (model, system) = try query.system(options.query.spec)
            let automaton = SystemAutomaton(model: model, system: system)
            var vocabulary = LogVocabulary(automaton, model: model)
            for (name, word) in options.instanceNames {
                guard let index = system.instances.firstIndex(where: { $0.name == name || $0.label == name }) else {
                    throw query.failure(.unknownInstance(name, system: system.name, instances: system.instances.map(\.name)))
                }
                vocabulary.addName(word, instance: index)
            }
            let reader = LogReader(vocabulary)
            let (status, entries) = check(options, reader: reader, name: automaton.name, frontend: query.frontend) { logging, path, excerpts in
                LogCheck(automaton, reader: reader, logging: logging, allowEmpty: allowEmpty, path: path, excerpts: excerpts, keptEvents: kept)
            }
            guard let emit = options.emitTest else { return status }
            return try emitTests(emit, status: status, entries: entries, options: options,
                                 suite: TestSuite.system(system, in: model, cover: .transitions, neutral: false)) { automaton.callbacks[$0] }
        }
        let (model, machine) = try query.machine(options.query.spec)
        let automaton = MachineAutomaton(model: model, machine: machine)
        let reader = LogReader(automaton)
        let (status, entries) = check(options, reader: reader, name: automaton.name, frontend: query.frontend) { logging, path, excerpts in
            LogCheck(automaton, reader: reader, logging: logging, allowEmpty: allowEmpty, path: path, excerpts: excerpts, keptEvents: kept)
        }
        guard let emit = options.emitTest else { return status }
        return try emitTests(emit, status: status, entries: entries, options: options,
                             suite: TestSuite.machine(machine, in: model, cover: .transitions, neutral: false)) { automaton.callbacks[$0] }
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
        if let machine = options.query.selection.machine { command += " --machine \(machine)" }
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

    /// Reads and checks each log from the initial configuration, printing each result as it
    /// is known.
    static func check(_ options: Options, reader: LogReader, name: String, frontend: Frontend,
                      start: (Conformance.Logging, String, SourceFiles) -> LogCheck) -> (ExitCode, [ConformanceFormatter.Entry]) {
        var status = ExitCode.success
        var entries: [ConformanceFormatter.Entry] = []
        for log in options.logs {
            let report: Conformance.Report
            switch read(log, strict: options.strict, reader: reader, excerpts: frontend.files, start: start) {
            case .failure(let error):
                status = Reporter.report(error, command: self)
                // In JSON, the log is there too, with why it was not checked.
                if case .file(let problem) = error { entries.append(ConformanceFormatter.Entry(path: log == "-" ? "<stdin>" : log, error: problem.message)) }
                continue
            case .success(let result):
                report = result
            }
            let path = log == "-" ? "<stdin>" : log
            entries.append(ConformanceFormatter.Entry(path: path, report: report))
            if report.conforms {
                if !options.query.json { Terminal.out(ConformanceFormatter.text(log: path, automaton: name, report: report)) }
            } else {
                if !options.query.json { frontend.printText(report.diagnostics) }
                if status == .success { status = .inputErrors }
            }
        }
        if options.query.json {
            Terminal.out(ConformanceFormatter.json(entries, automaton: name, files: frontend.files))
        }
        return (status, entries)
    }

    /// Checks one log, read in chunks. Unless strict, a file is read twice: first for the
    /// callbacks it names (which are then the logged ones), then to check it; a pipe is read
    /// once, as it comes (`Conformance.Logging.asTheyAppear`).
    static func read(_ log: String, strict: Bool, reader: LogReader, excerpts: SourceFiles,
                     start: (Conformance.Logging, String, SourceFiles) -> LogCheck) -> Result<Conformance.Report, CLIError> {
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
            var survey = LogSurvey(reader)
            switch input.read({ survey.feed($0) }) {
            case .failure(let failure): return .failure(.cannotRead(log, failure.message))
            case .success(let count): limit = count
            }
            survey.finish()
            if case .failure(let failure) = input.rewind() { return .failure(.cannotRead(log, failure.message)) }
            logging = .named(survey.named)
        }
        let check = start(logging, input.displayPath, excerpts)
        if case .failure(let failure) = input.read(limit: limit, { check.feed($0) }) {
            return .failure(.cannotRead(log, failure.message))
        }
        return .success(check.finish())
    }
}
