import LifecycleCompiler

/// The `lifecycle` command: picks a subcommand and runs it.
enum LifecycleTool {
    nonisolated(unsafe) static let commands: [any Command.Type] = [
        CheckCommand.self,
        SwiftCommand.self,
        DotCommand.self,
        RenderCommand.self,
        TraceCommand.self,
        SimulateCommand.self,
        ExportCommand.self,
        ImportSCXMLCommand.self,
        MigrateCommand.self,
        ConformCommand.self,
        PathsCommand.self,
        TestsCommand.self,
        FmtCommand.self,
        LspCommand.self,
    ]

    static var overview: String {
        var text = """
        OVERVIEW: Check lifecycle specs and generate Swift delegate skeletons, diagrams and documents.

        USAGE: lifecycle <subcommand> [options]

        OPTIONS:
          --version                 Show the version.
          -h, --help                Show help information.

        SUBCOMMANDS:

        """
        for command in commands { text += HelpText.row(command.name, command.abstract) }
        text += "\n  See 'lifecycle help <subcommand>' for detailed help.\n"
        return text
    }

    static func main(_ arguments: [String]) -> ExitCode {
        guard let first = arguments.first else { return Reporter.usage("missing subcommand", command: nil) }
        switch first {
        case "--help", "-h":
            Terminal.out(overview)
            return .success
        case "--version":
            Terminal.out(LifecycleVersion.line + "\n")
            return .success
        case "help":
            guard arguments.count > 1 else {
                Terminal.out(overview)
                return .success
            }
            guard let command = command(named: arguments[1]) else { return unknownSubcommand(arguments[1]) }
            Terminal.out(command.helpText)
            return .success
        default:
            guard let command = command(named: first) else { return unknownSubcommand(first) }
            return command.main(Array(arguments.dropFirst()))
        }
    }

    static func command(named name: String) -> (any Command.Type)? {
        commands.first { $0.name == name }
    }

    static func unknownSubcommand(_ name: String) -> ExitCode {
        let known = commands.map { $0.name } + ["help"]
        return Reporter.usage("unknown subcommand '\(name)'" + Suggestions.didYouMean(name, in: known), command: nil)
    }
}
