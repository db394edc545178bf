import LifecycleCompiler

/// `lifecycle swift FILE [-o OUT.swift] [--force] [--update FILE.swift]`
enum SwiftCommand: Command {
    static let name = "swift"
    static let abstract = "Generate Swift delegate skeletons from a spec."
    static let usage = "swift <file> [-o <out.swift>] [--force] [--update <file.swift>]"
    static let arguments = [("<file>", "A .lifecycle spec.")]
    static let options = [
        CommonOptions.output("out.swift"),
        CommonOptions.force,
        OptionSpec(name: "--update", valueName: "file.swift",
                   help: "Add the callbacks the spec needs that FILE's delegate classes lack; leave every other byte as it was."),
        CommonOptions.warningsAsErrors,
        CommonOptions.errorLimit,
        CommonOptions.color,
    ]

    static func run(_ arguments: Arguments) -> ExitCode {
        if arguments.has("--update") && arguments.has("-o") {
            return usageError("'--update' edits a file in place; it cannot be combined with '-o'")
        }
        let path: String, model: Model
        switch compileSpec(arguments) {
        case .failure(let code): return code
        case .success(let compiled): (path, model) = compiled
        }
        if let target = arguments.value("--update") {
            return update(target, model: model)
        }
        let spec = OutputWriter.displayPath(path)
        let output = arguments.value("-o")
        let command = OutputWriter.regenerateCommand("swift", spec: path, options: output.map { " -o \(OutputWriter.commandPath($0))" } ?? "")
        let bytes = SwiftGenerator(model: model).generate(specPath: spec, command: command)
        guard let output else {
            Terminal.out(bytes)
            return .success
        }
        return OutputWriter.write(bytes, to: output, force: arguments.has("--force"), command: name)
    }

    static func update(_ target: String, model: Model) -> ExitCode {
        let existing: [UInt8]
        switch FileSystem.contents(of: target) {
        case .failure(let failure):
            Terminal.err("\(target): error: cannot read file: \(failure.message)\n")
            return .failure
        case .success(nil):
            Terminal.err("\(target): error: cannot read file: No such file or directory\n")
            return .failure
        case .success(let bytes?):
            existing = bytes
        }
        switch SwiftUpdater.update(existing, model: model) {
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
}
