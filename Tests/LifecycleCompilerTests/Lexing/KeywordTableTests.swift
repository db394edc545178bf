import Foundation
import Testing
import LifecycleCompiler

/// The keyword table is the one list of the language's words: the lexer agrees with it, and
/// no other file of the front end spells a keyword as a string literal.
@Suite struct KeywordTableTests {
    @Test("the table lists every reserved and contextual keyword once; the lexer matches exactly the reserved ones")
    func tableAndLexer() {
        let texts = KeywordTable.entries.map(\.text)
        #expect(Set(texts).count == texts.count, "a word is listed twice")
        let reserved = KeywordTable.entries.compactMap { entry -> Keyword? in
            if case .reserved(let keyword) = entry.word { return keyword } else { return nil }
        }
        let contextual = KeywordTable.entries.compactMap { entry -> ContextualKeyword? in
            if case .contextual(let word) = entry.word { return word } else { return nil }
        }
        #expect(Set(reserved) == Set(Keyword.allCases) && reserved.count == Keyword.allCases.count)
        #expect(Set(contextual) == Set(ContextualKeyword.allCases) && contextual.count == ContextualKeyword.allCases.count)
        for entry in KeywordTable.entries {
            let file = SourceFile(id: FileID(0), path: "k", bytes: Array(entry.text.utf8))
            var lexer = Lexer(file)
            let token = lexer.next()
            #expect(token.end == file.count, "'\(entry.text)' is not one token")
            switch entry.word {
            case .reserved(let keyword): #expect(token.kind == .keyword(keyword), "'\(entry.text)'")
            case .contextual: #expect(token.kind == .identifier, "'\(entry.text)' is reserved by the lexer")
            case .attribute: #expect(token.kind == .attribute, "'\(entry.text)'")
            }
        }
    }

    /// The front end's folders, where keywords are read.
    static let frontEnd = ["LifecycleSyntax/Lexing", "LifecycleSyntax/Parsing", "LifecycleSyntax/Formatting", "LifecycleLanguageServer/LanguageServer"]

    /// The string literals of a Swift source, outside comments (single-line literals only; the
    /// front end has no multi-line ones that could hold a keyword).
    static func stringLiterals(_ source: String) -> [(line: Int, text: String)] {
        var result: [(Int, String)] = []
        for (number, line) in source.components(separatedBy: "\n").enumerated() {
            var inString = false
            var escaped = false
            var current = ""
            var previous: Character = " "
            for character in line {
                if inString {
                    if escaped { escaped = false; current.append(character) }
                    else if character == "\\" { escaped = true; current.append(character) }
                    else if character == "\"" { inString = false; result.append((number + 1, current)); current = "" }
                    else { current.append(character) }
                } else if character == "/" && previous == "/" {
                    break
                } else if character == "\"" {
                    inString = true
                }
                previous = inString ? " " : character
            }
        }
        return result
    }

    @Test("no keyword is a string literal in the front end outside the table (Keywords.swift)")
    func noKeywordLiterals() throws {
        let words = Set(KeywordTable.entries.map(\.text))
        let sources = Repository.root.appendingPathComponent("Sources")
        var checked = 0
        for folder in Self.frontEnd {
            let url = sources.appendingPathComponent(folder)
            for name in try FileManager.default.contentsOfDirectory(atPath: url.path).sorted() where name.hasSuffix(".swift") && name != "Keywords.swift" {
                let text = try String(contentsOf: url.appendingPathComponent(name), encoding: .utf8)
                checked += 1
                for (line, literal) in Self.stringLiterals(text) where words.contains(literal) {
                    Issue.record("\(folder)/\(name):\(line): the keyword \"\(literal)\" is spelt out; read it from KeywordTable")
                }
            }
        }
        #expect(checked >= 15)
        // The scan itself finds a literal, and skips comments.
        #expect(Self.stringLiterals(#"if word == "platform" { f("a\"b") } // "system""#).map(\.text) == ["platform", #"a\"b"#])
    }

    @Test("the TextMate grammar names every word of the table")
    func textMateGrammar() throws {
        let text = try String(contentsOf: Repository.root.appendingPathComponent("Grammar/lifecycle.tmLanguage.json"), encoding: .utf8)
        for entry in KeywordTable.entries {
            let escaped = NSRegularExpression.escapedPattern(for: entry.text)
            let pattern = try NSRegularExpression(pattern: "(?<![A-Za-z0-9_])\(escaped)(?![A-Za-z0-9_])")
            #expect(pattern.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil,
                    "'\(entry.text)' is not in Grammar/lifecycle.tmLanguage.json")
        }
    }
}
