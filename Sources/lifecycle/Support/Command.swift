import LifecycleCompiler

/// A subcommand: its help text, its options, and what it does.
protocol Command {
    static var name: String { get }
    /// One line for the overview.
    static var abstract: String { get }
    /// The usage line after `lifecycle `.
    static var usage: String { get }
    /// Paragraphs describing the arguments.
    static var arguments: [(String, String)] { get }
    static var options: [OptionSpec] { get }
    /// Runs the command; everything it prints goes through `Terminal`.
    static func run(_ arguments: Arguments) -> ExitCode
}

extension Command {
    /// The `--help` text: OVERVIEW, USAGE, ARGUMENTS, OPTIONS.
    static var helpText: String {
        var text = "OVERVIEW: \(abstract)\n\nUSAGE: lifecycle \(usage)\n"
        if !arguments.isEmpty {
            text += "\nARGUMENTS:\n"
            for (name, help) in arguments { text += Self.row(name, help) }
        }
        text += "\nOPTIONS:\n"
        for option in options {
            let spelled = ([option.name] + option.aliases).joined(separator: ", ")
                + (option.valueName.map { " <\($0)>" } ?? "")
            text += Self.row(spelled, option.help)
        }
        text += Self.row("-h, --help", "Show help information.")
        return text
    }

    static func row(_ left: String, _ right: String) -> String {
        let pad = left.count < 26 ? String(repeating: " ", count: 26 - left.count) : "\n" + String(repeating: " ", count: 28)
        return "  \(left)\(pad)\(right)\n"
    }

    /// The one spec file a generator takes, or the usage error when there is not exactly one.
    static func specPath(_ arguments: Arguments) -> Result<String, ExitCode> {
        guard arguments.positionals.count == 1 else {
            return .failure(usageError(arguments.positionals.isEmpty ? "missing spec file argument"
                                       : "expected one spec file, got \(arguments.positionals.count)"))
        }
        return .success(arguments.positionals[0])
    }

    /// Compiles the one spec a generator takes; its diagnostics are printed, and a failure
    /// carries the exit status.
    static func specModel(_ arguments: Arguments, path: String) -> Result<Model, ExitCode> {
        Frontend.model(arguments, path: path).map(\.0)
    }

    /// Prints a usage error the way argument-parser does, and returns exit status 2.
    static func usageError(_ message: String) -> ExitCode {
        Terminal.err("lifecycle \(name): error: \(message)\nUsage: lifecycle \(usage)\n  See 'lifecycle \(name) --help' for more information.\n")
        return .usage
    }
}

/// Options every compiling command shares.
enum CommonOptions {
    static let color = OptionSpec(name: "--color", valueName: "when", help: "Colour diagnostics: auto (default: when stderr is a terminal), always, never.")
    static let errorLimit = OptionSpec(name: "--error-limit", valueName: "n", help: "Print at most n diagnostics (default 50; 0 prints all).")
    static let warningsAsErrors = OptionSpec(name: "--warnings-as-errors", help: "Treat warnings as errors.")
}
