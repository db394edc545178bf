import LifecycleCompiler

/// A subcommand: its help text, the options it declares, their typed values, and what it
/// does with them (wiring library stages together).
///
/// `main` runs every subcommand the same way: parse the command line against `options`,
/// turn it into `Options` (where every usage problem is found), run, and hand any `CLIError`
/// to `Reporter`.
protocol Command {
    /// The command line, parsed and checked: what `run` works from.
    associatedtype Options

    static var name: String { get }
    /// One line for the overview.
    static var abstract: String { get }
    /// The positional arguments, in order.
    static var arguments: [ArgumentSpec] { get }
    static var options: [OptionSpec] { get }
    /// The options the usage line shows in a shape of their own (required ones, alternatives);
    /// none by default. Every other option is listed after them, each in brackets.
    static var usageShape: [UsageTerm] { get }

    /// The typed options; throws `.usage` for anything the command cannot run with.
    static func parse(_ arguments: Arguments) throws(CLIError) -> Options
    /// Runs the command; everything it prints goes through `Terminal` and `Reporter`.
    static func run(_ options: Options) throws(CLIError) -> ExitCode
}

extension Command {
    static var usageShape: [UsageTerm] { [] }

    /// The usage line after `lifecycle `, made from the declarations: the arguments, the
    /// options in `usageShape`, then every other option in the order `options` declares them.
    /// It cannot name an option the command does not take, nor leave one out
    /// (`UsageTextTests`).
    static var usage: String {
        let shaped = usageShape.flatMap(\.options).map(\.name)
        let rest = options.filter { !shaped.contains($0.name) }.map { UsageTerm.optional($0) }
        return ([name] + arguments.map(\.synopsis) + (usageShape + rest).map(\.text)).joined(separator: " ")
    }
    /// Runs the command on its arguments (after the subcommand's name): `--help`, or
    /// parse and run, reporting what went wrong.
    ///
    /// With `--format json`, every outcome puts a JSON value on standard output: what the
    /// command prints, or, for a failure that printed nothing there (a usage error, an
    /// unreadable file, a spec with errors), `Reporter.json`'s error object.
    static func main(_ raw: [String]) -> ExitCode {
        let json = OutputFormat.asksForJSON(raw, options: options)
        do {
            // After `--` every argument is a file name, `--help` too.
            let options = raw.prefix { $0 != "--" }
            if options.contains("--help") || options.contains("-h") {
                Terminal.out(helpText)
                return .success
            }
            let status = try run(try parse(try Arguments.parse(raw, options: self.options)))
            if json && status != .success && !Terminal.wroteOutput { Terminal.out(Reporter.json(.status(status))) }
            return status
        } catch {
            let status = Reporter.report(error, command: self)
            if json && !Terminal.wroteOutput { Terminal.out(Reporter.json(error)) }
            return status
        }
    }

    /// The `--help` text: OVERVIEW, USAGE, ARGUMENTS, OPTIONS.
    static var helpText: String {
        var text = "OVERVIEW: \(abstract)\n\nUSAGE: lifecycle \(usage)\n"
        if !arguments.isEmpty {
            text += "\nARGUMENTS:\n"
            for argument in arguments { text += HelpText.row(argument.name, argument.help) }
        }
        text += "\nOPTIONS:\n"
        for option in options {
            let spelled = ([option.name] + option.aliases).joined(separator: ", ")
                + (option.valueName.map { " <\($0)>" } ?? "")
            text += HelpText.row(spelled, option.help)
        }
        text += HelpText.row("-h, --help", "Show help information.")
        return text
    }
}

enum HelpText {
    /// `  left    right`, the right column at 28 (on the next line when `left` is too long).
    static func row(_ left: String, _ right: String) -> String {
        let pad = left.count < 26 ? String(repeating: " ", count: 26 - left.count) : "\n" + String(repeating: " ", count: 28)
        return "  \(left)\(pad)\(right)\n"
    }
}
