import Foundation
import Testing

/// Every subcommand × every kind of bad command line gives one message shape (issue 16):
///
///     lifecycle COMMAND: error: MESSAGE[; did you mean 'NAME'?]
///     Usage: lifecycle USAGE
///       See 'lifecycle COMMAND --help' for more information.
///
/// on stderr, nothing on stdout, and exit status 2. An unknown `--machine` is a question about
/// the spec, not the command line: one error line and a note listing the machines, exit 1,
/// worded the same by every command that takes `--machine`.
@Suite struct UsageErrorTests {
    static let scene = "Examples/SceneLifecycle.lifecycle"
    static let log = "Examples/logs/scene-swapped.log"

    /// A command line each subcommand accepts (nothing runs: each test adds a mistake), with
    /// `--machine Scene` where the command takes it.
    static let valid: [String: [String]] = [
        "check": ["check", scene, "--machine", "Scene"],
        "swift": ["swift", scene],
        "dot": ["dot", scene, "--machine", "Scene"],
        "render": ["render", scene, "-o", "never-written.svg", "--machine", "Scene"],
        "trace": ["trace", scene, "--machine", "Scene", "--into", "Active"],
        "simulate": ["simulate", scene, "--machine", "Scene"],
        "export": ["export", scene, "--to", "mermaid", "--machine", "Scene"],
        "import-scxml": ["import-scxml", "never-read.scxml"],
        "migrate": ["migrate", "never-read.swift"],
        "conform": ["conform", scene, log, "--machine", "Scene"],
        "paths": ["paths", scene, "--machine", "Scene"],
        "tests": ["tests", scene, "--machine", "Scene"],
        "fmt": ["fmt", scene],
        "lsp": ["lsp"],
    ]

    /// The subcommands that take one file (or, `lsp`, none): an argument more is a mistake.
    static let takeOneFile: Set = ["swift", "dot", "render", "trace", "export", "import-scxml", "paths", "tests", "lsp"]

    /// The subcommands `lifecycle --help` lists.
    static func subcommands() throws -> [String] {
        let help = try CLIRunner.run(["--help"]).stdout
        guard let section = help.range(of: "SUBCOMMANDS:\n") else { return [] }
        return help[section.upperBound...].split(separator: "\n").compactMap { line in
            guard line.hasPrefix("  "), !line.hasPrefix("   "), !line.contains("See 'lifecycle") else { return nil }
            return line.split(separator: " ").first.map(String.init)
        }
    }

    /// A subcommand's help: its usage line and the options it declares.
    struct Help {
        var usage: String
        var options: [String]

        init(_ command: String) throws {
            let text = try CLIRunner.run(["help", command]).stdout
            usage = text.split(separator: "\n").first { $0.hasPrefix("USAGE: ") }.map { String($0.dropFirst("USAGE: ".count)) } ?? ""
            let section = text.range(of: "OPTIONS:\n").map { text[$0.upperBound...] } ?? ""
            // The left column of each row: `-o, --output <out.swift>`.
            options = section.split(separator: "\n").flatMap { line in
                (String(line.dropFirst(2)).components(separatedBy: "  ").first ?? "").split(separator: " ")
                    .map { $0.trimmingCharacters(in: CharacterSet(charactersIn: ",")) }
                    .filter { $0.hasPrefix("-") && $0.count > 1 }
            }
        }

        func takes(_ option: String) -> Bool { options.contains(option) }
    }

    /// Asserts the usage-error shape; `message` must be in the error line.
    static func expectUsageError(_ arguments: [String], usage: String, message: String,
                                 sourceLocation: SourceLocation = #_sourceLocation) throws {
        let command = arguments[0]
        let run = try CLIRunner.run(arguments)
        let lines = run.stderr.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(run.status == 2, "\(arguments): \(run)", sourceLocation: sourceLocation)
        #expect(run.stdout == "", "\(arguments)", sourceLocation: sourceLocation)
        #expect(lines.count == 4 && lines[3] == "", "\(arguments): \(run.stderr)", sourceLocation: sourceLocation)
        guard lines.count == 4 else { return }
        #expect(lines[0].hasPrefix("lifecycle \(command): error: "), "\(arguments): \(lines[0])", sourceLocation: sourceLocation)
        #expect(lines[0].contains(message), "\(arguments): \(lines[0]) lacks \(message)", sourceLocation: sourceLocation)
        #expect(lines[1] == "Usage: \(usage)", "\(arguments)", sourceLocation: sourceLocation)
        #expect(lines[2] == "  See 'lifecycle \(command) --help' for more information.", "\(arguments)", sourceLocation: sourceLocation)
    }

    @Test func everySubcommandIsCovered() throws {
        let listed = try Self.subcommands()
        #expect(listed.count >= 12, "\(listed)")
        #expect(Set(listed) == Set(Self.valid.keys), "\(listed)")
    }

    @Test(arguments: valid.keys.sorted())
    func badCommandLinesGiveOneShapeAndExitTwo(_ command: String) throws {
        let help = try Help(command)
        let valid = try #require(Self.valid[command])
        #expect(help.usage.hasPrefix("lifecycle \(command)"))

        // An unknown option, one letter short of a real one: the real one is suggested.
        let real = try #require(help.options.first { $0.hasPrefix("--") && $0.count > 5 && $0 != "--help" })
        try Self.expectUsageError(valid + [String(real.dropLast())], usage: help.usage,
                                  message: "unknown option '\(real.dropLast())'; did you mean '\(real)'?")
        try Self.expectUsageError(valid + ["--no-such-option"], usage: help.usage, message: "unknown option '--no-such-option'")

        // Bad values, each for the option that takes it.
        if help.takes("--color") {
            try Self.expectUsageError(valid + ["--color", "bogus"], usage: help.usage,
                                      message: "'--color' takes auto, always or never, not 'bogus'")
            try Self.expectUsageError(valid + ["--color", "nevr"], usage: help.usage, message: "; did you mean 'never'?")
            // A value missing at the end of the line.
            try Self.expectUsageError(valid + ["--color"], usage: help.usage, message: "option '--color' needs a value")
        }
        if help.takes("--format") {
            try Self.expectUsageError(valid + ["--format", "jsn"], usage: help.usage, message: "'--format' takes text")
            try Self.expectUsageError(valid + ["--format", "jsn"], usage: help.usage, message: "not 'jsn'; did you mean 'json'?")
        }
        if help.takes("--error-limit") {
            try Self.expectUsageError(valid + ["--error-limit", "x"], usage: help.usage,
                                      message: "'--error-limit' takes a whole number, not 'x'")
        }
        if help.takes("--state-limit") {
            try Self.expectUsageError(valid + ["--state-limit", "0"], usage: help.usage,
                                      message: "'--state-limit' takes a positive whole number, not '0'")
        }
        if help.takes("--stdio") {
            try Self.expectUsageError(valid + ["--stdio=yes"], usage: help.usage, message: "option '--stdio' takes no value")
        }

        // An argument too many, for the commands that take one file (or none).
        if Self.takeOneFile.contains(command) {
            try Self.expectUsageError(valid + ["extra-argument"], usage: help.usage, message: "unexpected argument 'extra-argument'")
        }
        // No file at all.
        if valid.count > 1 {
            let withoutFile = [command] + valid.dropFirst(2)
            try Self.expectUsageError(Array(withoutFile), usage: help.usage, message: "missing")
        }
    }

    /// Issue 37: an option that takes one value (or a flag) given twice is a usage error in
    /// every command, naming both values; only an option the usage line shows repeatable
    /// (`[--impl <file>]...`) may be given again. `conform --machine Sync --machine Camera`
    /// checked one machine and `simulate --machine A --machine B` the last one, silently.
    @Test(arguments: valid.keys.sorted())
    func anOptionTakenOnceGivenTwiceIsAUsageError(_ command: String) throws {
        let help = try Help(command)
        let valid = try #require(Self.valid[command])
        let text = try CLIRunner.run(["help", command]).stdout
        let section = text.range(of: "OPTIONS:\n").map { text[$0.upperBound...] } ?? ""
        var checked = 0
        for row in section.split(separator: "\n") {
            // `  --machine <name>   help`, `  -o, --output <out.swift>   help`: the first spelling, and whether a value follows.
            let left = (String(row.dropFirst(2)).components(separatedBy: "  ").first ?? "").split(separator: " ").map(String.init)
            guard let option = left.first?.trimmingCharacters(in: CharacterSet(charactersIn: ",")), option.hasPrefix("-"),
                  option != "-h" else { continue }
            // The token after the spellings: `<name>` or `text|json` for a value (the help text may follow one space after).
            let afterSpellings = left.drop { $0.hasPrefix("-") }.first
            let takesValue = afterSpellings.map { $0.hasPrefix("<") || $0.contains("|") } ?? false
            if Self.isRepeatable(option, in: help.usage) {
                #expect(!["--color", "--format", "--error-limit", "-o", "--system"].contains(option), "\(command): \(option) shown repeatable")
                continue
            }
            let once = takesValue ? [option, "first"] : [option]
            let again = takesValue ? [option, "second"] : [option]
            // Given once in the valid command line already, it is given once more.
            let arguments = valid.contains(option) ? valid + again : valid + once + again
            try Self.expectUsageError(arguments, usage: help.usage, message: "'\(option)' is given twice")
            if takesValue, let earlier = valid.firstIndex(of: option) {
                try Self.expectUsageError(arguments, usage: help.usage, message: "('\(valid[earlier + 1])' and 'second'); it takes one value")
            }
            checked += 1
        }
        #expect(checked >= (command == "lsp" ? 1 : 2), "\(command): \(checked) options checked")
    }

    /// Whether the usage line shows `option` repeatable: `[--impl <file>]...`.
    static func isRepeatable(_ option: String, in usage: String) -> Bool {
        guard let start = usage.range(of: "[\(option) ") ?? usage.range(of: "[\(option)]"),
              let close = usage[start.upperBound...].firstIndex(of: "]") else { return false }
        return usage[close...].hasPrefix("]...")
    }

    @Test func simulateAndTraceTakeOneMachine() throws {
        for command in [["simulate", Self.scene], ["trace", Self.scene, "--into", "Active"]] {
            let run = try CLIRunner.run(command + ["--machine", "Scene", "--machine", "AppSessions"])
            #expect(run.status == 2, "\(command): \(run)")
            #expect(run.stderr.hasPrefix("lifecycle \(command[0]): error: '--machine' is given twice ('Scene' and 'AppSessions'); it takes one value\n"),
                    "\(run.stderr)")
        }
    }

    /// `--machine` naming no machine: the same two lines from every command that takes it.
    @Test(arguments: valid.keys.sorted())
    func unknownMachineIsWordedOneWay(_ command: String) throws {
        let valid = try #require(Self.valid[command])
        guard let index = valid.firstIndex(of: "--machine") else { return }
        var arguments = valid
        arguments[index + 1] = "Scen"
        let run = try CLIRunner.run(arguments + ["--dot", "/nonexistent/dot"].filter { _ in command == "render" })
        #expect(run.status == 1, "\(arguments): \(run)")
        #expect(run.stderr == """
            lifecycle \(command): error: no machine 'Scen' in '\(Self.scene)'; did you mean 'Scene'?
            lifecycle \(command): note: '\(Self.scene)' declares 'AppSessions', 'Scene'

            """, "\(arguments)")
        #expect(!FileManager.default.fileExists(atPath: CLIRunner.packageRoot + "/never-written.svg"))
    }

    /// Before a subcommand is chosen, the same shape with `lifecycle:` and the tool's usage.
    @Test func topLevelMistakesHaveTheSameShape() throws {
        for arguments in [[], ["chek"], ["help", "chek"]] {
            let run = try CLIRunner.run(arguments)
            let lines = run.stderr.split(separator: "\n").map(String.init)
            #expect(run.status == 2, "\(arguments)")
            #expect(run.stdout == "")
            #expect(lines.count == 3, "\(run.stderr)")
            #expect(lines.first?.hasPrefix("lifecycle: error: ") == true, "\(run.stderr)")
            #expect(lines.dropFirst().first == "Usage: lifecycle <subcommand> [options]")
            #expect(lines.last == "  See 'lifecycle --help' for more information.")
        }
        #expect(try CLIRunner.run(["chek"]).stderr.hasPrefix("lifecycle: error: unknown subcommand 'chek'; did you mean 'check'?\n"))
    }
}
