import LifecycleCompiler

/// Wires `SceneMigration` (the plan), `SceneDelegateGenerator` (the file) and
/// `SceneAdoptionEdits` (the configuration and the manifest, added with `--update`) to files.
enum MigrateCommand: Command {
    static let name = "migrate"
    static let abstract = "Move a pre-scenes app to the scene life cycle: write its scene delegate, configuration and manifest."
    static let arguments = [
        ArgumentSpec("<app-delegate.swift>", "The app delegate's Swift files: its class and its extensions.", count: .oneOrMore),
    ]

    static let infoPlist = OptionSpec(name: "--info-plist", valueName: "plist",
                                      help: "The app's Info.plist (an XML property list): its storyboard, and where the scene manifest goes.")
    static let update = OptionSpec(name: "--update",
                                   help: "Add the scene configuration to the app delegate's class, and the manifest to --info-plist; nothing else in them changes.")
    static let options = [
        infoPlist, OutputOptions.output("SceneDelegate.swift", help: "Write the scene delegate to this file (atomically; an edited file is never overwritten). Default: stdout."),
        OutputOptions.force, update, DiagnosticOptions.errorLimit, DiagnosticOptions.color,
    ]

    struct Options {
        var sources: [String]
        var infoPlist: String?
        var output: OutputOptions
        var update: Bool
        var diagnostics: DiagnosticOptions
    }

    static func parse(_ arguments: Arguments) throws(CLIError) -> Options {
        guard !arguments.positionals.isEmpty else { throw .usage("missing app delegate file argument") }
        return Options(sources: arguments.positionals, infoPlist: arguments.value(infoPlist), output: OutputOptions(arguments),
                       update: arguments.has(update), diagnostics: try DiagnosticOptions(arguments))
    }

    static func run(_ options: Options) throws(CLIError) -> ExitCode {
        var frontend = Frontend(options.diagnostics)
        var files: [SourceFile] = []
        for path in options.sources { files.append(try frontend.read(path)) }
        var plist: InfoPlist?
        if let path = options.infoPlist {
            let (read, diagnostics) = InfoPlist.read(try frontend.read(path))
            plist = read
            frontend.diagnostics.append(contentsOf: diagnostics)
        }
        var plan: SceneMigration.Plan?
        if options.infoPlist == nil || plist != nil {
            let (planned, diagnostics) = SceneMigration.plan(files, infoPlist: plist)
            plan = planned
            frontend.diagnostics.append(contentsOf: diagnostics)
        }
        frontend.printDiagnostics()
        guard let plan, !frontend.diagnostics.hasErrors else { return .inputErrors }

        var command = "lifecycle migrate " + options.sources.map(OutputWriter.commandPath).joined(separator: " ")
        if let path = options.infoPlist { command += " --info-plist " + OutputWriter.commandPath(path) }
        if let output = options.output.path { command += " -o " + OutputWriter.commandPath(output) }
        let sources = options.sources.map(OutputWriter.displayPath).joined(separator: ", ")
        let bytes = SceneDelegateGenerator(plan: plan).generate(sources: sources, command: command)
        try options.output.write(bytes, command: self)

        if options.update {
            try OutputWriter.writeChecked(SceneAdoptionEdits.updatedAppDelegate(plan), to: plan.home.file.path)
            if let plist { try OutputWriter.writeChecked(SceneAdoptionEdits.updatedInfoPlist(plist, plan: plan), to: plist.file.path) }
        }
        let report = SceneMigrationReport.text(plan, paths: .init(sceneDelegate: options.output.path, appDelegate: plan.home.file.path,
                                                                  infoPlist: options.infoPlist),
                                               updatedAppDelegate: options.update, updatedInfoPlist: options.update && plist != nil)
        // Standard output holds the scene delegate when there is no `-o`.
        if options.output.path == nil { Terminal.err(report) } else { Terminal.out(report) }
        return .success
    }
}
