import LifecycleCompiler

/// `lifecycle swift FILE [-o OUT.swift] [--force] [--update FILE.swift [--impl OTHER.swift]...]`
enum SwiftCommand: Command {
    static let name = "swift"
    static let abstract = "Generate Swift delegate skeletons from a spec."
    static let usage = "swift <file> [-o <out.swift>] [--force] [--update <file.swift> [--impl <other.swift>]...] [--monitor]"
    static let arguments = [("<file>", "A .lifecycle spec.")]
    static let options = [
        CommonOptions.output("out.swift"),
        CommonOptions.force,
        OptionSpec(name: "--update", valueName: "file.swift",
                   help: "Add the callbacks the spec needs that FILE's delegate classes lack; leave every other byte as it was."),
        OptionSpec(name: "--impl", valueName: "other.swift",
                   help: "With --update: another file of the same classes (an extension); what it implements is not added. Repeatable."),
        OptionSpec(name: "--monitor", help: "Also generate, per machine, a <Machine>LifecycleMonitor that every callback feeds and that reports the first one the spec does not allow."),
        CommonOptions.warningsAsErrors,
        CommonOptions.errorLimit,
        CommonOptions.color,
        CommonOptions.stateLimit,
    ]

    static func run(_ arguments: Arguments) -> ExitCode {
        if arguments.has("--update") && arguments.has("-o") {
            return usageError("'--update' edits a file in place; it cannot be combined with '-o'")
        }
        if arguments.has("--update") && arguments.has("--monitor") {
            return usageError("'--monitor' cannot be combined with '--update' yet; generate the file again with '--monitor'")
        }
        let path: String, model: Model
        switch compileSpec(arguments) {
        case .failure(let code): return code
        case .success(let compiled): (path, model) = compiled
        }
        if let target = arguments.value("--update") {
            return update(target, model: model, others: arguments.all("--impl"))
        }
        if arguments.has("--impl") { return usageError("'--impl' is only used with '--update'") }
        let spec = OutputWriter.displayPath(path)
        let output = arguments.value("-o")
        let monitor = arguments.has("--monitor")
        let command = OutputWriter.regenerateCommand("swift", spec: path, options: (output.map { " -o \(OutputWriter.commandPath($0))" } ?? "") + (monitor ? " --monitor" : ""))
        let bytes = SwiftGenerator(model: model, monitor: monitor).generate(specPath: spec, command: command)
        guard let output else {
            Terminal.out(bytes)
            return .success
        }
        return OutputWriter.write(bytes, to: output, force: arguments.has("--force"), command: name)
    }

    static func update(_ target: String, model: Model, others: [String]) -> ExitCode {
        guard let existing = read(target) else { return .failure }
        var otherFiles: [[UInt8]] = []
        for path in others {
            guard let bytes = read(path) else { return .failure }
            otherFiles.append(bytes)
        }
        switch SwiftUpdater.update(existing, model: model, others: otherFiles) {
        case .failure(let failure):
            Terminal.err("\(target):1:1: error: \(failure.message)\n")
            return .inputErrors
        case .success(let update):
            guard !update.added.isEmpty else { return .success }
            if case .failure(let failure) = FileSystem.writeAtomically(update.bytes, to: target) {
                Terminal.err("\(target): error: cannot write file: \(failure.message)\n")
                return .failure
            }
            for (delegate, selector) in update.added {
                Terminal.err("\(target): note: added '\(selector)' to '\(delegate)'\n")
            }
            return .success
        }
    }

    /// The bytes of the file at `path`, or nil after printing why it can't be read.
    static func read(_ path: String) -> [UInt8]? {
        switch FileSystem.contents(of: path) {
        case .failure(let failure):
            Terminal.err("\(path): error: cannot read file: \(failure.message)\n")
            return nil
        case .success(nil):
            Terminal.err("\(path): error: cannot read file: No such file or directory\n")
            return nil
        case .success(let bytes?):
            return bytes
        }
    }
}
