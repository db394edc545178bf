import LifecycleCompiler

/// `lifecycle check`: diagnostics for specs, and with `--impl` for the Swift that implements them.
enum CheckCommand: Command {
    static let name = "check"
    static let abstract = "Check lifecycle specs and report every problem, as the Swift compiler does."
    static let arguments = [ArgumentSpec("<file>", "One or more .lifecycle specs.", count: .oneOrMore)]

    static let impl = OptionSpec(name: "--impl", valueName: "swift-file",
                                 help: "A Swift file implementing a delegate, or one of its extensions; report each required callback the files together do not implement. Repeatable.", repeatable: true)
    static let infoPlist = OptionSpec(name: "--info-plist", valueName: "plist",
                                      help: "With --impl: the app's Info.plist (XML or binary), to tell whether the app adopts the scene life cycle.")
    static let xcodeproj = OptionSpec(name: "--xcodeproj", valueName: "project",
                                      help: "With --impl: the app's Xcode project (App.xcodeproj), whose target's build settings give the generated Info.plist keys, the Info.plist file and the deployment target.")
    static let target = OptionSpec(name: "--target", valueName: "name",
                                   help: "With --xcodeproj: the target to read (default: the project's only application target).")
    static let platform = OptionSpec(name: "--platform", valueName: "platform",
                                     help: "The deployment target, such as \"iOS 15.0\" (overrides the spec's 'platform'): warns about deprecated callbacks and callbacks not called before it.")
    static let machine = MachineOptions.machine("With --impl: check only this machine's delegate (repeatable; default: every machine).").repeated
    static let onlyDeclared = OptionSpec(name: "--only-declared",
                                         help: "With --impl: skip the machines whose delegate class no --impl file declares, instead of reporting them.")
    static let define = OptionSpec(name: "--define", valueName: "flag",
                                   help: "With --impl: a custom #if flag the app is built with, as swiftc's -D (repeatable); the others are then unset. Without it, code under a custom flag may or may not be compiled.",
                                   repeatable: true)
    static let stamp = OptionSpec(name: "--stamp", valueName: "file",
                                  help: "When the check passes, write a one-line summary (a Swift comment) to this file: an output for build systems to track.")
    static let format = OutputFormat.option("text (default: diagnostics on stderr) or json (an array on stdout).")

    static let options = [
        impl, infoPlist, xcodeproj, target, platform, machine, onlyDeclared, define, CheckConfiguration.option, stamp,
        DiagnosticOptions.warningsAsErrors, format, DiagnosticOptions.errorLimit, DiagnosticOptions.color,
        DiagnosticOptions.stateLimit,
    ]

    static let usageShape: [UsageTerm] = [.optional(impl), .optional(infoPlist), .optional([.option(xcodeproj), .optional(target)])]

    struct Options {
        var specs: [String]
        var impl: [String]
        var infoPlist: String?
        var xcodeproj: String?
        var target: String?
        var platform: Platform?
        /// `--machine`s, or nil for every machine.
        var machines: [String]?
        var onlyDeclared: Bool
        /// `--define`s, or nil when none is given (custom flags unknown).
        var defines: [String]?
        var stamp: String?
        var json: Bool
        var diagnostics: DiagnosticOptions
    }

    /// The command line, then `--config`'s file merged into it once.
    static func parse(_ arguments: Arguments) throws(CLIError) -> Options {
        let configuration = try arguments.value(CheckConfiguration.option).map { path throws(CLIError) in try CheckConfiguration.load(path) }
        guard !arguments.positionals.isEmpty else { throw .usage("missing spec file argument") }
        let json = try OutputFormat.parse(arguments, accepting: [.text, .json]) == .json
        let diagnostics = try DiagnosticOptions(arguments)
        var platform: Platform?
        if let text = arguments.value(Self.platform) {
            guard let parsed = Platform(text) else {
                throw .usage("'--platform' takes a platform and a version such as \"iOS 15.0\", not '\(text)'")
            }
            platform = parsed
        }
        var options = Options(specs: arguments.positionals, impl: arguments.all(impl), infoPlist: arguments.value(infoPlist),
                              xcodeproj: arguments.value(xcodeproj), target: arguments.value(target), platform: platform, machines: arguments.has(machine) ? arguments.all(machine) : nil,
                              onlyDeclared: arguments.has(onlyDeclared), defines: arguments.has(define) ? arguments.all(define) : nil,
                              stamp: arguments.value(stamp), json: json,
                              diagnostics: diagnostics)
        try configuration?.apply(to: &options)
        if options.impl.isEmpty && options.infoPlist != nil { throw .usage("'--info-plist' is only used with '--impl'") }
        if options.impl.isEmpty && options.xcodeproj != nil { throw .usage("'--xcodeproj' is only used with '--impl'") }
        if options.xcodeproj == nil && options.target != nil { throw .usage("'--target' is only used with '--xcodeproj'") }
        if options.impl.isEmpty && arguments.has(define) { throw .usage("'--define' is only used with '--impl'") }
        return options
    }

    static func run(_ options: Options) throws(CLIError) -> ExitCode {
        var frontend = Frontend(options.diagnostics, json: options.json, platform: options.platform)
        var status = ExitCode.success
        // The Xcode target first: its deployment target is the platform the specs are checked
        // for (unless given), and it may name the Info.plist.
        var project: XcodeAppTarget?
        var infoPlistPath = options.infoPlist
        if let path = options.xcodeproj {
            do {
                project = try XcodeTargetReader.read(path, target: options.target, frontend: &frontend)
                if let project {
                    if options.platform == nil, let (platform, _) = project.platform { frontend.settings.platform = platform }
                    if infoPlistPath == nil {
                        let (relative, expansion) = project.infoPlistPath()
                        frontend.diagnostics.append(contentsOf: expansion)
                        infoPlistPath = relative.map { XcodeTargetReader.path($0, besideProject: path) }
                    }
                }
            } catch {
                status = Reporter.report(error, command: self)
            }
        }
        var models: [Model] = []
        for path in options.specs {
            switch frontend.compile(path) {
            case .failure(let error): status = Reporter.report(error, command: self)
            case .success(let compilation):
                if let model = compilation.model { models.append(model) }
            }
        }
        var swiftFiles: [SourceFile] = []
        for path in options.impl {
            do { swiftFiles.append(try frontend.read(path)) } catch { status = Reporter.report(error, command: self) }
        }
        var infoPlist: InfoPlist?
        if let path = infoPlistPath {
            do {
                let (read, plistDiagnostics) = InfoPlist.read(try frontend.read(path), in: frontend.files)
                infoPlist = read
                frontend.diagnostics.append(contentsOf: plistDiagnostics)
            } catch {
                status = Reporter.report(error, command: self)
            }
        }
        if let machines = options.machines, status == .success, !frontend.diagnostics.hasErrors {
            let declared = models.flatMap { $0.machines.map(\.name) }
            for name in machines where !declared.contains(name) {
                throw .query(.unknownMachine(name, path: options.specs.joined(separator: "', '"), machines: declared))
            }
        }
        if !swiftFiles.isEmpty && status == .success && (infoPlistPath == nil || infoPlist != nil)
            && (options.xcodeproj == nil || project != nil) {
            frontend.diagnostics.append(contentsOf: ImplementationCheck.check(models, against: swiftFiles, infoPlist: infoPlist,
                                                                              project: project, machines: options.machines,
                                                                              skippingUndeclared: options.onlyDeclared, flags: options.defines))
        }
        frontend.printDiagnostics()
        if status != .success { return status }
        if frontend.diagnostics.hasErrors { return .inputErrors }
        if let stamp = options.stamp {
            try writeStamp(stamp, specs: options.specs.count, frontend.diagnostics)
        }
        return .success
    }

    /// `--stamp FILE`: records that the check passed, as `// checked N spec(s): M warning(s)`.
    /// Written only on success, and only when it changes, so a build system that tracks the
    /// file sees a missing or old output after a failure and runs the check again. The line
    /// is a Swift comment, so the stamp can be a `.swift` file that a build compiles to
    /// nothing (SwiftPM copies any other kind of plugin output into a resource bundle).
    static func writeStamp(_ path: String, specs: Int, _ diagnostics: Diagnostics) throws(CLIError) {
        let warnings = diagnostics.warningCount
        let line = "// checked \(specs) spec\(specs == 1 ? "" : "s"): \(warnings) warning\(warnings == 1 ? "" : "s")\n"
        try OutputWriter.refuseInput(path)
        if case .success(let old?) = FileSystem.contents(of: path), old == Array(line.utf8) { return }
        if case .failure(let failure) = FileSystem.writeAtomically(Array(line.utf8), to: path) {
            throw .cannotWrite(path, failure.message)
        }
    }
}
