import LifecycleCompiler

/// Wires `SceneMigration` (the plan), `SceneDelegateGenerator` (the file) and
/// `SceneAdoptionEdits` (the configuration and the manifest, added with `--update`) to files,
/// written together through one `FileTransaction`: all of them, or none.
enum MigrateCommand: Command {
    static let name = "migrate"
    static let abstract = "Move a pre-scenes app to the scene life cycle: write its scene delegate, configuration and manifest."
    static let arguments = [
        ArgumentSpec("<app-delegate.swift>", "The app delegate's Swift files: its class and its extensions.", count: .oneOrMore),
    ]

    static let infoPlist = OptionSpec(name: "--info-plist", valueName: "plist",
                                      help: "The app's Info.plist (XML in any encoding, or binary): its storyboard, and where the scene manifest goes.")
    static let update = OptionSpec(name: "--update",
                                   help: "Add the scene configuration to the app delegate's class, and the manifest to --info-plist; nothing else in them changes, and every file is written or none.")
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
        var identities: [(identity: FileSystem.FileIdentity, path: String)] = []
        for path in options.sources {
            // The same file twice (`AppDelegate.swift ./AppDelegate.swift`) is read once: read
            // twice, its class would be declared twice and every callback move twice.
            let identity = FileSystem.identity(of: path)
            if let identity, let first = identities.first(where: { $0.identity == identity }) {
                Reporter.say(.warning, "'\(path)' is '\(first.path)', given already; it is read once", command: self)
                continue
            }
            files.append(try frontend.read(path))
            if let identity { identities.append((identity, path)) }
        }
        var plist: InfoPlist?
        if let path = options.infoPlist {
            let (read, diagnostics) = InfoPlist.read(try frontend.read(path), in: frontend.files)
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

        // Every file is checked before any is written, and all are written or none.
        var transaction = FileTransaction(project: FileTransaction.project(containing: options.sources + [options.infoPlist, options.output.path].compactMap { $0 }))
        var stream: String?
        // A half-migrated app keeps the scene delegate an earlier run wrote: among the files,
        // or at `-o` once edited.
        var kept = plan.existingSceneDelegate?.file.path
        if kept == nil, plan.isCompletion, let output = options.output.path, case .success(let existing?) = FileSystem.contents(of: output),
           SceneMigration.isMigrateOutput(existing), GeneratedFileHeader.status(of: existing) == .edited {
            kept = output
        }
        if kept == nil, let output = options.output.path {
            switch try OutputWriter.destination(of: bytes, at: output, force: options.output.force, command: name) {
            case .unchanged: break
            case .standardOutput, .special: stream = output
            case .file(let expecting): transaction.write(bytes, to: output, expecting: expecting)
            }
        }
        if options.update {
            // Each edit is read back by the project's own readers before anything is written.
            var failures = frontend.settings.diagnostics()
            var edits: [(Result<[UInt8], Diagnostic.Failure>, SourceFile)] = []
            if plan.configuration == nil { edits.append((SceneAdoptionEdits.updatedAppDelegate(plan), plan.home.file)) }
            if let plist { edits.append((SceneAdoptionEdits.updatedInfoPlist(plist, plan: plan), plist.original)) }
            for (edit, file) in edits {
                switch edit {
                case .success(let bytes):
                    transaction.write(bytes, to: file.path, expecting: .bytes(Array(file.bytes)))
                case .failure(let failure):
                    failures.append(failure.diagnostic)
                }
            }
            if failures.hasErrors {
                frontend.printText(failures)
                return .inputErrors
            }
        }
        if case .failure(let failure) = transaction.commit() {
            throw .file(FileProblem(path: failure.path, message: "cannot write file: \(failure.message)",
                                    notes: unchangedNotes(transaction, failure)))
        }
        if let stream { try bytes.withUnsafeBufferPointer { buffer throws(CLIError) in try OutputWriter.writeSpecial(buffer, to: stream) } }

        let report = SceneMigrationReport.text(plan, paths: .init(sceneDelegate: options.output.path, appDelegate: plan.home.file.path,
                                                                  infoPlist: options.infoPlist, keptSceneDelegate: kept),
                                               updatedAppDelegate: options.update, updatedInfoPlist: options.update && plist != nil)
        // Standard output holds the scene delegate when there is no `-o`.
        if options.output.path == nil {
            if kept == nil { Terminal.out(bytes) }
            Terminal.err(report)
        } else {
            Terminal.out(report)
        }
        return .success
    }

    /// What a failed transaction says about the files: none changed, or which could not be
    /// put back and where their previous content is.
    static func unchangedNotes(_ transaction: FileTransaction, _ failure: FileTransaction.Failure) -> [String] {
        guard failure.notRestored.isEmpty else {
            return failure.notRestored.map { "'\($0.path)' could not be put back as it was; its previous content is in '\($0.keptAt)'" }
        }
        let names = transaction.changes.map { "'\($0.path)'" }
        let list = names.count == 1 ? names[0] : names.dropLast().joined(separator: ", ") + " and " + names.last!
        return ["nothing was changed: " + list + (names.count == 1 ? " is as it was" : " are as they were")]
    }
}
