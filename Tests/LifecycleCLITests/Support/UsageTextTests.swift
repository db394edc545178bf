import Foundation
import Testing

/// A subcommand's usage line and `--help` are made from the options it declares (issue 30): the
/// usage line names every declared option and no other, and the help has a row for each. Before,
/// usage lines were written apart and had drifted (`check`'s left out `--error-limit`, `--color`
/// and `--state-limit`).
@Suite struct UsageTextTests {
    /// The options a usage line names: its words that start with `-`, without brackets,
    /// parentheses, `|` and `...`.
    static func options(inUsage usage: String) -> [String] {
        usage.split(whereSeparator: { " |[]()".contains($0) })
            .map { $0.hasSuffix("...") ? $0.dropLast(3) : $0 }
            .filter { $0.hasPrefix("-") && $0.count > 1 }
            .map(String.init)
    }

    /// The first spelling of each row of the help's OPTIONS section (`-o` of `-o, --output <out>`).
    static func declaredOptions(inHelp help: String) -> [String] {
        guard let section = help.range(of: "OPTIONS:\n") else { return [] }
        return help[section.upperBound...].split(separator: "\n").compactMap { line in
            guard line.hasPrefix("  -") else { return nil }
            return line.dropFirst(2).split(whereSeparator: { $0 == " " || $0 == "," }).first.map(String.init)
        }
    }

    @Test(arguments: UsageErrorTests.valid.keys.sorted())
    func usageAndHelpNameEveryDeclaredOptionAndNoOther(_ command: String) throws {
        let help = try CLIRunner.run(["help", command]).stdout
        let usage = try UsageErrorTests.Help(command).usage
        let named = Self.options(inUsage: usage)
        let declared = Self.declaredOptions(inHelp: help).filter { $0 != "-h" }
        #expect(!declared.isEmpty || command == "lsp", "\(command): \(help)")
        for option in declared {
            #expect(named.contains(option), "\(command): the usage line leaves out \(option): \(usage)")
        }
        for option in named {
            #expect(declared.contains(option), "\(command): the usage line names \(option), which the command does not declare")
        }
        // Each option once, but `trace --to`, whose value differs between a machine and a system.
        let repeated = Dictionary(grouping: named, by: { $0 }).filter { $0.value.count > 1 }.keys
        #expect(repeated.allSatisfy { command == "trace" && $0 == "--to" }, "\(command): \(usage)")
        #expect(help.contains("USAGE: \(usage)\n"))
        #expect(help.contains("  -h, --help "))
    }

    /// The usage line an error prints is the one `--help` shows.
    @Test func usageErrorsPrintTheHelpUsage() throws {
        let run = try CLIRunner.run(["check"])
        let usage = try UsageErrorTests.Help("check").usage
        #expect(run.stderr.contains("Usage: \(usage)\n"))
        #expect(Self.options(inUsage: usage).contains("--error-limit"))
    }

    @Test func usageWordsAreReadLikeAPerson() {
        #expect(Self.options(inUsage: "trace <file> (--from <state> --to <state> | --into <state>) [--impl <x>]... [-o <out>]")
            == ["--from", "--to", "--into", "--impl", "-o"])
        #expect(Self.declaredOptions(inHelp: "OPTIONS:\n  -o, --output <out>        Write.\n  --force                   Force.\n")
            == ["-o", "--force"])
    }
}
