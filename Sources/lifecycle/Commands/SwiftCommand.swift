import LifecycleCompiler

/// `lifecycle swift`: delegate skeletons (`SwiftGenerator`), a file updated (`SwiftUpdater`), monitors.
enum SwiftCommand: Command {
    static let name = "swift"
    static let abstract = "Generate Swift delegate skeletons from a spec."
    static let arguments = [ArgumentSpec("<file>", "A .lifecycle spec.")]
    static let update = OptionSpec(name: "--update", valueName: "file.swift",
                                   help: "Add the callbacks the spec needs that FILE's delegate classes lack; leave every other byte as it was.")
    static let impl = OptionSpec(name: "--impl", valueName: "other.swift",
                                 help: "Another Swift file of the target (repeatable): the types it declares are not declared again, a delegate class it declares gets an extension with what it lacks, and a callback it implements is not written (with --update: not added).",
                                 repeatable: true)
    static let fixNearMisses = OptionSpec(name: "--fix-near-misses",
                                          help: "With --update: rename each near miss of a missing callback (its name and argument labels only) instead of stopping at it.")
    static let define = OptionSpec(name: "--define", valueName: "flag",
                                   help: "With --update: a custom #if flag the app is built with, as swiftc's -D (repeatable); the others are then unset.",
                                   repeatable: true)
    static let monitor = OptionSpec(name: "--monitor", help: "Also generate, per machine, a <Machine>LifecycleMonitor that every callback feeds and that reports the first one the spec does not allow.")
    static let options = [OutputOptions.output("out.swift"), OutputOptions.force, update, impl, fixNearMisses, define, monitor] + DiagnosticOptions.all
    static let usageShape: [UsageTerm] = [.optional([.option(update), .optional(fixNearMisses), .optional(define)]), .optional([.option(impl)])]

    struct Options {
        var spec: String
        var output: OutputOptions
        /// `--update FILE`.
        var update: String?
        /// `--impl` files: the target's other Swift files.
        var others: [String]
        var fixNearMisses: Bool
        /// `--define`s, or nil when none is given.
        var defines: [String]?
        var monitor: Bool
        var diagnostics: DiagnosticOptions
    }

    static func parse(_ arguments: Arguments) throws(CLIError) -> Options {
        let output = OutputOptions(arguments)
        let target = arguments.value(update), monitor = arguments.has(monitor)
        if target != nil && output.path != nil {
            throw .usage("'--update' edits a file in place; it cannot be combined with '-o'")
        }
        if target != nil && monitor {
            throw .usage("'--monitor' cannot be combined with '--update' yet; generate the file again with '--monitor'")
        }
        let spec = try arguments.single("spec file")
        let diagnostics = try DiagnosticOptions(arguments)
        if target == nil && arguments.has(fixNearMisses) { throw .usage("'--fix-near-misses' is only used with '--update'") }
        if target == nil && arguments.has(define) { throw .usage("'--define' is only used with '--update'") }
        return Options(spec: spec, output: output, update: target, others: arguments.all(impl),
                       fixNearMisses: arguments.has(fixNearMisses), defines: arguments.has(define) ? arguments.all(define) : nil,
                       monitor: monitor, diagnostics: diagnostics)
    }

    static func run(_ options: Options) throws(CLIError) -> ExitCode {
        var frontend = Frontend(options.diagnostics)
        let path = options.spec
        let model = try frontend.model(path)
        if let target = options.update {
            return try update(target, model: model, others: options.others, options: options, frontend: &frontend)
        }
        let output = options.output.path
        var program: SwiftProgram?
        if !options.others.isEmpty {
            var files: [SourceFile] = []
            for other in options.others { files.append(try frontend.read(other)) }
            program = SwiftProgram(files: files)
        }
        let generator = SwiftGenerator(model: model, monitor: options.monitor, target: program)
        if program != nil && generator.isEmpty {
            // Writing a file of imports alone would only clutter the target.
            Reporter.note("nothing to write: \(options.others.map(OutputWriter.displayPath).joined(separator: ", ")) \(options.others.count == 1 ? "declares" : "declare") every type and callback the spec needs",
                          file: output ?? path)
            return .success
        }
        let implOptions = options.others.map { " --impl \(OutputWriter.commandPath($0))" }.joined()
        let command = OutputWriter.regenerateCommand(name, spec: path, options: (output.map { " -o \(OutputWriter.commandPath($0))" } ?? "")
            + (options.monitor ? " --monitor" : "") + implOptions)
        let bytes = generator.generate(specPath: OutputWriter.displayPath(path), command: command)
        try options.output.write(bytes, command: self)
        return .success
    }

    static func update(_ target: String, model: Model, others: [String], options: Options,
                       frontend: inout Frontend) throws(CLIError) -> ExitCode {
        try OutputWriter.refuseInput(target)
        let file = try frontend.read(target)
        var otherFiles: [SourceFile] = []
        for path in others { otherFiles.append(try frontend.read(path)) }
        switch SwiftUpdater.update(file, model: model, others: otherFiles, fixingNearMisses: options.fixNearMisses, flags: options.defines) {
        case .failure(let failure):
            guard !failure.diagnostics.all.isEmpty else {
                throw .file(FileProblem(path: target, at: (1, 1), message: failure.message, status: .inputErrors))
            }
            // The near misses, each at its method with its fix-it; the file is left as it was.
            frontend.diagnostics.append(contentsOf: failure.diagnostics)
            frontend.printDiagnostics()
            Reporter.say(.error, "\(target) was not updated: \(failure.message)", command: self)
            return .inputErrors
        case .success(let update):
            guard !update.added.isEmpty || !update.renamed.isEmpty else { return .success }
            if case .failure(let failure) = FileSystem.writeAtomically(update.bytes, to: target) {
                throw .cannotWrite(target, failure.message)
            }
            for (from, to) in update.renamed {
                Reporter.note("renamed '\(from)' to '\(to)'", file: target)
            }
            for (delegate, selector) in update.added {
                Reporter.note("added '\(selector)' to '\(delegate)'", file: target)
            }
            for module in update.imports {
                Reporter.note("added 'import \(module)' for the types of the added callbacks", file: target)
            }
            return .success
        }
    }

    /// The bytes of the file at `path`.
    static func read(_ path: String) throws(CLIError) -> [UInt8] {
        switch FileSystem.contents(of: path) {
        case .failure(let failure): throw .cannotRead(path, failure.message)
        case .success(nil): throw .cannotRead(path, "No such file or directory")
        case .success(let bytes?): return bytes
        }
    }
}
