import Foundation
import Testing

/// Keeps the language reference (`Language.md` in the DocC catalog) true to the compiler and to
/// `Grammar/lifecycle.ebnf`:
///
/// - every ```` ```lifecycle ```` block is a whole spec, compiled by `lifecycle check`; it must
///   check clean, unless the next block is a ```` ```text ```` block starting with
///   `$ lifecycle check NAME.lifecycle`, in which case the spec is `NAME.lifecycle` and the check
///   must print exactly the rest of that block (exit status 1 when it shows an error, else 0);
/// - a spec whose first line is a comment naming a file (`// Door.lifecycle`) is that file, and
///   is written next to every other spec, so that they may import it;
/// - every rule quoted in an ```` ```ebnf ```` block is the grammar's rule, word for word, and
///   every syntactic rule of the grammar is quoted;
/// - every keyword and contextual word of the grammar appears in some spec of the article;
/// - the command-line synopsis is, line for line, the usage each command's `--help` prints.
@Suite struct LanguageReferenceTests {
    static let document = DocumentationFile.catalog + "Language.md"

    struct Example: Sendable, CustomTestStringConvertible {
        /// The file the spec is written to.
        var name: String
        var spec: String
        /// The line of the article where the spec starts (for messages).
        var line: Int
        /// The command shown after it (`check NAME.lifecycle …`), or nil: it checks clean.
        var command: [String]?
        var expected: String
        var testDescription: String { "\(name) (Language.md:\(line))" }
    }

    static func examples() throws -> [Example] {
        let blocks = try DocumentationFile(document).blocks
        var examples: [Example] = []
        for (index, block) in blocks.enumerated() where block.fence == "lifecycle" {
            let spec = block.lines.joined(separator: "\n") + "\n"
            var example = Example(name: Self.fileName(of: block.lines) ?? "Example\(examples.count + 1).lifecycle",
                                  spec: spec, line: block.line, command: nil, expected: "")
            if index + 1 < blocks.count, blocks[index + 1].fence == "text",
               let first = blocks[index + 1].lines.first, first.hasPrefix("$ lifecycle check ") {
                let words = first.dropFirst("$ lifecycle ".count).split(separator: " ").map(String.init)
                example.command = words
                example.name = words[1]
                example.expected = blocks[index + 1].lines.dropFirst().map { $0 + "\n" }.joined()
            }
            examples.append(example)
        }
        return examples
    }

    /// `Door.lifecycle` for a spec whose first line is `// Door.lifecycle`.
    static func fileName(of lines: [String]) -> String? {
        guard let first = lines.first, first.hasPrefix("// "), first.hasSuffix(".lifecycle"),
              !first.dropFirst(3).contains(" ") else { return nil }
        return String(first.dropFirst(3))
    }

    /// Runs `example` in a fresh folder holding it and every named spec of the article.
    static func run(_ example: Example) throws -> CLIRunner.Output {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lifecycle-language-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for other in try examples() where fileName(of: other.spec.components(separatedBy: "\n")) != nil {
            try other.spec.write(to: folder.appendingPathComponent(other.name), atomically: true, encoding: .utf8)
        }
        try example.spec.write(to: folder.appendingPathComponent(example.name), atomically: true, encoding: .utf8)
        return try CLIRunner.run(example.command ?? ["check", example.name], in: folder.path)
    }

    @Test func articleHasCleanAndBrokenSpecs() throws {
        let examples = try Self.examples()
        #expect(examples.filter { $0.command == nil }.count >= 8)
        #expect(examples.filter { $0.expected.contains(": error: ") }.count >= 6)
        #expect(examples.contains { $0.expected.contains(": warning: ") && !$0.expected.contains(": error: ") })
        #expect(Set(examples.map(\.name)).count == examples.count, "two specs of the article have one file name")
    }

    @Test(arguments: try examples()) func specCompilesAsTheArticleSays(_ example: Example) throws {
        let output = try Self.run(example)
        if example.command == nil {
            #expect(output.status == 0, "\(output)")
            #expect(output.stderr == "", "expected a clean check")
        } else {
            #expect(output.status == (example.expected.contains(": error: ") ? 1 : 0), "\(output)")
            #expect(output.stderr + output.stdout == example.expected)
        }
    }

    // MARK: - The grammar

    /// The rules of `Grammar/lifecycle.ebnf` by name, each as written (`name := … ;`), comments
    /// left out.
    static func grammarRules(in text: String) -> [String: String] {
        var withoutComments = ""
        var rest = Substring(text)
        while let open = rest.range(of: "(*") {
            withoutComments += rest[..<open.lowerBound]
            guard let close = rest.range(of: "*)", range: open.upperBound..<rest.endIndex) else { break }
            rest = rest[close.upperBound...]
        }
        withoutComments += rest
        var rules: [String: String] = [:]
        var current: (name: String, text: String)?
        for line in withoutComments.split(separator: "\n") {
            if current == nil, let define = line.range(of: ":=") {
                current = (line[..<define.lowerBound].trimmingCharacters(in: .whitespaces), "")
            }
            guard current != nil else { continue }
            current!.text += line + "\n"
            if line.trimmingCharacters(in: .whitespaces).hasSuffix(";") {
                rules[current!.name] = current!.text
                current = nil
            }
        }
        return rules
    }

    /// A rule with its whitespace normalised, so that alignment does not count.
    static func normalised(_ rule: String) -> String {
        rule.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
    }

    static func grammar() throws -> [String: String] {
        try grammarRules(in: String(contentsOfFile: CLIRunner.packageRoot + "/Grammar/lifecycle.ebnf", encoding: .utf8))
    }

    @Test func everyQuotedRuleIsTheGrammarsAndEverySyntacticRuleIsQuoted() throws {
        let grammar = try Self.grammar()
        let quoted = try DocumentationFile(Self.document).blocks.filter { $0.fence == "ebnf" }
            .map { Self.grammarRules(in: $0.lines.joined(separator: "\n") + "\n") }
            .reduce(into: [String: String]()) { $0.merge($1) { first, _ in first } }
        for (name, rule) in quoted {
            let real = try #require(grammar[name], "the article quotes '\(name)', which the grammar does not define")
            #expect(Self.normalised(rule) == Self.normalised(real), "'\(name)' differs from Grammar/lifecycle.ebnf")
        }
        let syntactic = grammar.keys.filter { $0.first?.isLowercase == true }
        #expect(syntactic.count >= 20)
        for name in syntactic.sorted() {
            #expect(quoted[name] != nil, "the article does not quote the grammar's rule '\(name)'")
        }
    }

    /// Every word the grammar reserves or reads in context is used in some spec of the article.
    @Test func everyKeywordAndContextualWordHasAnExample() throws {
        let ebnf = try String(contentsOfFile: CLIRunner.packageRoot + "/Grammar/lifecycle.ebnf", encoding: .utf8)
        let keywordRule = try #require(Self.grammarRules(in: ebnf)["KEYWORD"])
        let keywords = keywordRule.split(separator: "'").enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
        #expect(keywords.count == 15)
        // The contextual words, from the grammar's comment that lists them ("'internal' before 'on', …").
        let contextual = ebnf.components(separatedBy: "Contextual words")[1].components(separatedBy: "*)")[0]
            .split(separator: "\n").compactMap { line -> [String]? in
                let quoted = line.split(separator: "'").enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
                return line.hasPrefix("     '") ? [quoted[0]] + (line.contains(", '") ? [quoted[1]] : []) : nil
            }.flatMap { $0 }
        #expect(contextual.contains("instance") && contextual.contains("platform") && contextual.contains("extension"))
        // The words of the specs, strings and comments left out.
        let code = try Self.examples().flatMap { $0.spec.split(separator: "\n") }.map { line in
            line.split(separator: "\"", omittingEmptySubsequences: false).enumerated()
                .filter { $0.offset % 2 == 0 }.map(\.element).joined(separator: " ")
                .components(separatedBy: "//")[0]
        }.joined(separator: "\n")
        let words = Set(code.split { !($0.isLetter || $0 == "@") }.map(String.init))
        for word in keywords + contextual + ["@available"] {
            let used = words.contains(word)
            #expect(used, "no spec of the article uses '\(word)'")
        }
    }

    // MARK: - The command line

    /// The lines of the article's synopsis: the `text` block of "The command line" whose lines
    /// all start with `lifecycle `.
    static func synopsis(in document: String, heading: String) throws -> [String] {
        let block = try DocumentationFile(document).blocks.first {
            $0.heading == heading && !$0.lines.isEmpty && $0.lines.allSatisfy { $0.hasPrefix("lifecycle ") }
        }
        return try #require(block, "no synopsis under '\(heading)' in \(document)").lines
    }

    /// What the synopsis must be: `lifecycle <usage>` for each subcommand `lifecycle --help`
    /// lists, in its order, then the line for help and the version.
    static func expectedSynopsis() throws -> [String] {
        let help = try CLIRunner.run(["--help"])
        let listed = help.stdout.components(separatedBy: "SUBCOMMANDS:\n")[1]
            .split(separator: "\n").filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }
            .compactMap { $0.split(separator: " ").first.map(String.init) }
            .filter { $0 != "See" }
        #expect(listed.count >= 12)
        var lines: [String] = []
        for command in listed {
            let usage = try CLIRunner.run([command, "--help"]).stdout.split(separator: "\n").first { $0.hasPrefix("USAGE: ") }
            lines.append("lifecycle " + String(try #require(usage, "'\(command) --help' prints no usage").dropFirst("USAGE: lifecycle ".count)))
        }
        return lines + ["lifecycle --help | --version | help <subcommand>"]
    }

    @Test func synopsisIsEachCommandsUsage() throws {
        let expected = try Self.expectedSynopsis()
        #expect(try Self.synopsis(in: Self.document, heading: "The command line") == expected)
        #expect(try Self.synopsis(in: "README.md", heading: "Command line") == expected)
    }
}
