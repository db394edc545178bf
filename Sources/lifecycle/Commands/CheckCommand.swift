import LifecycleCompiler

/// `lifecycle check FILE... [--impl SWIFT_FILE]... [--platform "iOS 15.0"] [--warnings-as-errors] [--format text|json]`
enum CheckCommand: Command {
    static let name = "check"
    static let abstract = "Check lifecycle specs and report every problem, as the Swift compiler does."
    static let usage = "check <file>... [--impl <swift-file>]... [--platform <platform>] [--warnings-as-errors] [--format text|json]"
    static let arguments = [("<file>", "One or more .lifecycle specs.")]
    static let options = [
        OptionSpec(name: "--impl", valueName: "swift-file",
                   help: "A Swift file implementing a delegate, or one of its extensions; report each required callback the files together do not implement. Repeatable."),
        OptionSpec(name: "--platform", valueName: "platform",
                   help: "The deployment target, such as \"iOS 15.0\" (overrides the spec's 'platform'): warns about deprecated callbacks and callbacks not called before it."),
        CommonOptions.warningsAsErrors,
        OptionSpec(name: "--format", valueName: "format", help: "text (default: diagnostics on stderr) or json (an array on stdout)."),
        CommonOptions.errorLimit,
        CommonOptions.color,
    ]

    static func run(_ arguments: Arguments) -> ExitCode {
        guard !arguments.positionals.isEmpty else { return usageError("missing spec file argument") }
        let format = arguments.value("--format") ?? "text"
        guard format == "text" || format == "json" else {
            return usageError("'--format' takes text or json, not '\(format)'")
        }
        var frontend: Frontend
        do { frontend = try Frontend(arguments) } catch { return usageError(error.message) }
        frontend.json = format == "json"
        if let platform = arguments.value("--platform") {
            guard let parsed = Platform(platform) else {
                return usageError("'--platform' takes a platform and a version such as \"iOS 15.0\", not '\(platform)'")
            }
            frontend.platform = parsed
        }

        var status = ExitCode.success
        var models: [Model] = []
        for path in arguments.positionals {
            switch frontend.compile(path) {
            case .failure(let code): status = code
            case .success(let compilation):
                if let model = compilation.model { models.append(model) }
            }
        }
        var swiftFiles: [SourceFile] = []
        for path in arguments.all("--impl") {
            switch FileSystem.read(path, into: frontend.files) {
            case .failure(let failure):
                Terminal.err("\(path): error: cannot read file: \(failure.message)\n")
                status = .failure
            case .success(let file):
                swiftFiles.append(file)
            }
        }
        if !swiftFiles.isEmpty && status == .success {
            for model in models {
                var found = ImplementationCheck.check(model, against: swiftFiles)
                if frontend.warningsAsErrors { found.promoteWarnings() }
                frontend.diagnostics.append(contentsOf: found)
            }
        }
        frontend.printDiagnostics()
        if status != .success { return status }
        return frontend.diagnostics.hasErrors ? .inputErrors : .success
    }
}
