import LifecycleCompiler

/// `lifecycle check FILE... [--impl SWIFT_FILE]... [--platform "iOS 15.0"] [--machine NAME]... [--only-declared]
/// [--config FILE] [--stamp FILE] [--warnings-as-errors] [--format text|json]`
enum CheckCommand: Command {
    static let name = "check"
    static let abstract = "Check lifecycle specs and report every problem, as the Swift compiler does."
    static let usage = "check <file>... [--impl <swift-file>]... [--platform <platform>] [--machine <name>]... [--only-declared] [--config <file>] [--stamp <file>] [--warnings-as-errors] [--format text|json]"
    static let arguments = [("<file>", "One or more .lifecycle specs.")]
    static let options = [
        OptionSpec(name: "--impl", valueName: "swift-file",
                   help: "A Swift file implementing a delegate, or one of its extensions; report each required callback the files together do not implement. Repeatable."),
        OptionSpec(name: "--platform", valueName: "platform",
                   help: "The deployment target, such as \"iOS 15.0\" (overrides the spec's 'platform'): warns about deprecated callbacks and callbacks not called before it."),
        OptionSpec(name: "--machine", valueName: "name",
                   help: "With --impl: check only this machine's delegate (repeatable; default: every machine)."),
        OptionSpec(name: "--only-declared",
                   help: "With --impl: skip the machines whose delegate class no --impl file declares, instead of reporting them."),
        CheckConfiguration.option,
        OptionSpec(name: "--stamp", valueName: "file",
                   help: "When the check passes, write a one-line summary (a Swift comment) to this file: an output for build systems to track."),
        CommonOptions.warningsAsErrors,
        OptionSpec(name: "--format", valueName: "format", help: "text (default: diagnostics on stderr) or json (an array on stdout)."),
        CommonOptions.errorLimit,
        CommonOptions.color,
        CommonOptions.stateLimit,
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
        let machines = arguments.has("--machine") ? arguments.all("--machine") : nil
        if let machines, status == .success, !frontend.diagnostics.hasErrors {
            let declared = models.flatMap { $0.machines.map(\.name) }
            for name in machines where !declared.contains(name) {
                return QuerySupport.report(.unknownMachine(name, path: arguments.positionals.joined(separator: "', '"),
                                                           machines: declared), for: self)
            }
        }
        if !swiftFiles.isEmpty && status == .success {
            for model in models {
                var found = ImplementationCheck.check(model, against: swiftFiles, machines: machines,
                                                      skippingUndeclared: arguments.has("--only-declared"))
                if frontend.warningsAsErrors { found.promoteWarnings() }
                frontend.diagnostics.append(contentsOf: found)
            }
        }
        frontend.printDiagnostics()
        if status != .success { return status }
        if frontend.diagnostics.hasErrors { return .inputErrors }
        if let stamp = arguments.value("--stamp") {
            return writeStamp(stamp, specs: arguments.positionals.count, frontend.diagnostics)
        }
        return .success
    }

    /// `--stamp FILE`: records that the check passed, as `// checked N spec(s): M warning(s)`.
    /// Written only on success, and only when it changes, so a build system that tracks the
    /// file sees a missing or old output after a failure and runs the check again. The line
    /// is a Swift comment, so the stamp can be a `.swift` file that a build compiles to
    /// nothing (SwiftPM copies any other kind of plugin output into a resource bundle).
    static func writeStamp(_ path: String, specs: Int, _ diagnostics: Diagnostics) -> ExitCode {
        let warnings = diagnostics.warningCount
        let line = "// checked \(specs) spec\(specs == 1 ? "" : "s"): \(warnings) warning\(warnings == 1 ? "" : "s")\n"
        if case .success(let old?) = FileSystem.contents(of: path), old == Array(line.utf8) { return .success }
        if case .failure(let failure) = FileSystem.writeAtomically(Array(line.utf8), to: path) {
            Terminal.err("\(path): error: cannot write file: \(failure.message)\n")
            return .failure
        }
        return .success
    }
}
