import LifecycleCompiler

/// The `lifecycle` command: picks a subcommand and runs it.
enum LifecycleTool {
    static let version = "0.1.0"

    nonisolated(unsafe) static let commands: [any Command.Type] = [
        CheckCommand.self,
        SwiftCommand.self,
        DotCommand.self,
        RenderCommand.self,
        TraceCommand.self,
        SimulateCommand.self,
        ExportCommand.self,
        ImportSCXMLCommand.self,
        ConformCommand.self,
        PathsCommand.self,
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
        for command in commands { text += CheckCommand.row(command.name, command.abstract) }
        text += "\n  See 'lifecycle help <subcommand>' for detailed help.\n"
        return text
    }

    static func main(_ arguments: [String]) -> ExitCode {
        guard let first = arguments.first else {
            Terminal.err("lifecycle: error: missing subcommand\n" + overview)
            return .usage
        }
        switch first {
        case "--help", "-h":
            Terminal.out(overview)
            return .success
        case "--version":
            Terminal.out("lifecycle \(version)\n")
            return .success
        case "help":
            guard arguments.count > 1 else {
                Terminal.out(overview)
                return .success
            }
            guard let command = commands.first(where: { $0.name == arguments[1] }) else {
                return unknownSubcommand(arguments[1])
            }
            Terminal.out(command.helpText)
            return .success
        default:
            guard let command = commands.first(where: { $0.name == first }) else {
                return unknownSubcommand(first)
            }
            var rest = Array(arguments.dropFirst())
            if command == CheckCommand.self {
                switch CheckConfiguration.apply(to: rest) {
                case .success(let expanded): rest = expanded
                case .failure(let code): return code
                }
            }
            // After `--` every argument is a file name, `--help` too.
            let options = rest.prefix { $0 != "--" }
            if options.contains("--help") || options.contains("-h") {
                Terminal.out(command.helpText)
                return .success
            }
            do {
                return command.run(try Arguments.parse(rest, options: command.options))
            } catch {
                return command.usageError(error.message)
            }
        }
    }

    static func unknownSubcommand(_ name: String) -> ExitCode {
        let suggestion = Suggestions.bestMatch(for: name, in: commands.map { $0.name } + ["help"])
        Terminal.err("lifecycle: error: unknown subcommand '\(name)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
            + "\nUsage: lifecycle <subcommand> [options]\n  See 'lifecycle --help' for more information.\n")
        return .usage
    }
}
