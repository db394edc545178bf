import LifecycleCompiler

/// `lifecycle tests`: test suites from a spec (`TestSuite`; `TestSuiteGenerator` for component
/// tests, `UITestGenerator` for UI tests), the driver a component suite runs
/// (`TestDriverGenerator`), and that driver updated when the spec gains events.
enum TestsCommand: Command {
    static let name = "tests"
    static let abstract = "Generate tests from a spec: a Swift Testing or XCTest suite that drives the component calling a delegate, or UI tests that drive the app."
    static let arguments = [ArgumentSpec("<file>", "A .lifecycle spec.")]
    static let cover = OptionSpec(name: "--cover", valueName: "goal",
                                  help: "What the paths cover, as 'lifecycle paths' plans them: transitions (default), states, or pairs (every two transitions that can follow each other).",
                                  usageValue: "states|transitions|pairs")
    static let style = OptionSpec(name: "--style", valueName: "style",
                                  help: "swift-testing (default: one @Test, each path a case), xctest (a test method per path) or xcuitest (UI tests of the app and scene lifecycles: XCUIApplication, XCUIDevice).",
                                  usageValue: TestSuite.Style.allCases.map(\.rawValue).joined(separator: "|"))
    static let neutral = OptionSpec(name: "--neutral", help: "Also put into each path, where the spec allows it, the round trips that should change nothing (every cycle of one or two events; background and back, inactive and back for the app and scene), each as a case of its own.")
    static let module = OptionSpec(name: "--module", valueName: "name", help: "The module under test, imported with '@testable import' (default: none, the tests are in the same module).")
    static let driver = OptionSpec(name: "--driver", help: "Write the skeleton of the driver the suite runs (<Subject>TestDriver: one method per event, to make your component do it) instead of the suite.")
    static let update = OptionSpec(name: "--update", valueName: "driver.swift",
                                   help: "Add to the driver in FILE the methods of the events the spec has gained; leave every other byte as it was.")
    static let options = [
        MachineOptions.machine, MachineOptions.system, cover, style, neutral, module, driver, update,
        OutputOptions.output("out.swift"), OutputOptions.force,
    ] + DiagnosticOptions.all
    static let usageShape: [UsageTerm] = [
        .oneOf([[.option(MachineOptions.machine)], [.option(MachineOptions.system)]], required: false),
        .oneOf([[.option(driver)], [.option(update)]], required: false),
    ]

    struct Options {
        var spec: String
        var selection: MachineOptions
        var coverage: Coverage
        var style: TestSuite.Style
        var neutral: Bool
        var module: String?
        /// What to write: the suite, the driver's skeleton, or the driver updated in place.
        var product: Product
        var output: OutputOptions
        var diagnostics: DiagnosticOptions
    }

    enum Product {
        case suite
        case driver
        case update(String)
    }

    static func parse(_ arguments: Arguments) throws(CLIError) -> Options {
        let spec = try arguments.single("spec file")
        let selection = try MachineOptions(arguments)
        let coverage = try arguments.choice(cover, of: Coverage.allCases) ?? .transitions
        let style = try arguments.choice(style, of: TestSuite.Style.allCases) ?? .swiftTesting
        let output = OutputOptions(arguments)
        var product = Product.suite
        if let target = arguments.value(update) {
            if output.path != nil { throw .usage("'--update' edits the driver in place; it cannot be combined with '-o'") }
            product = .update(target)
        } else if arguments.has(driver) {
            product = .driver
        }
        if style == .xcuitest {
            if case .suite = product {} else { throw .usage("UI tests ('--style xcuitest') need no driver: they drive the app with XCUIApplication") }
            if arguments.has(module) { throw .usage("UI tests ('--style xcuitest') import no module: they drive the app from outside") }
        }
        let moduleName = arguments.value(module)
        if let moduleName, !isIdentifier(moduleName) {
            throw .usage("'--module' takes a Swift module name (letters, digits and '_'), not '\(moduleName)'")
        }
        return Options(spec: spec, selection: selection, coverage: coverage, style: style, neutral: arguments.has(neutral),
                       module: moduleName, product: product, output: output, diagnostics: try DiagnosticOptions(arguments))
    }

    static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
        return name.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" }
    }

    static func run(_ options: Options) throws(CLIError) -> ExitCode {
        var query = Query(options.diagnostics, selection: options.selection)
        let suite: TestSuite
        let result: Result<TestSuite, QueryError>
        if options.selection.system != nil {
            let (model, system) = try query.system(options.spec)
            result = TestSuite.system(system, in: model, cover: options.coverage, neutral: options.neutral, ui: options.style == .xcuitest)
        } else {
            let (model, machine) = try query.machine(options.spec)
            result = options.style == .xcuitest
                ? TestSuite.uiMachine(machine, in: model, cover: options.coverage, neutral: options.neutral)
                : TestSuite.machine(machine, in: model, cover: options.coverage, neutral: options.neutral)
        }
        switch result {
        case .failure(let error): throw .query(error)
        case .success(let made): suite = made
        }
        let spec = OutputWriter.displayPath(options.spec)
        switch options.product {
        case .update(let target):
            try updateDriver(target, suite: suite, module: options.module)
            return .success
        case .driver:
            let bytes = TestDriverGenerator(suite: suite, module: options.module).generate(specPath: spec, command: command(options))
            try options.output.write(bytes, command: self)
        case .suite:
            let bytes: [UInt8]
            if options.style == .xcuitest {
                bytes = UITestGenerator(suite: suite).generate(specPath: spec, command: command(options))
            } else {
                bytes = TestSuiteGenerator(suite: suite, style: options.style, module: options.module).generate(specPath: spec, command: command(options))
            }
            try options.output.write(bytes, command: self)
        }
        return .success
    }

    /// The "Regenerate with" command: the options that change the output, in a fixed order.
    static func command(_ options: Options) -> String {
        var flags = ""
        if let machine = options.selection.machine { flags += " --machine \(machine)" }
        if let system = options.selection.system { flags += " --system \(system)" }
        if options.coverage != .transitions { flags += " --cover \(options.coverage.rawValue)" }
        if options.style != .swiftTesting { flags += " --style \(options.style.rawValue)" }
        if options.neutral { flags += " --neutral" }
        if let module = options.module { flags += " --module \(module)" }
        if case .driver = options.product { flags += " --driver" }
        if let output = options.output.path { flags += " -o \(OutputWriter.commandPath(output))" }
        return OutputWriter.regenerateCommand(name, spec: options.spec, options: flags)
    }

    static func updateDriver(_ target: String, suite: TestSuite, module: String?) throws(CLIError) {
        try OutputWriter.refuseInput(target)
        let existing = try SwiftCommand.read(target)
        switch TestDriverGenerator(suite: suite, module: module).update(existing) {
        case .failure(let failure):
            throw .file(FileProblem(path: target, at: (1, 1), message: failure.message, status: .inputErrors))
        case .success(let update):
            guard !update.added.isEmpty else { return }
            if case .failure(let failure) = FileSystem.writeAtomically(update.bytes, to: target) {
                throw .cannotWrite(target, failure.message)
            }
            for event in update.added { Reporter.note("added '\(event)()' to the driver", file: target) }
        }
    }
}
