import Foundation
import Testing
import LifecycleCompiler

/// The grammar files in `Grammar/` agree with the lexer and parser.
@Suite struct GrammarFilesTests {
    static let grammar = Repository.root.appendingPathComponent("Grammar")

    @Test func textMateKeywordsAreExactlyTheLexersKeywords() throws {
        let data = try Data(contentsOf: Self.grammar.appendingPathComponent("lifecycle.tmLanguage.json"))
        #expect(try JSONSerialization.jsonObject(with: data) is [String: Any])
        let text = String(decoding: data, as: UTF8.self)
        // The one keyword rule: "\\b(import|machine|…)\\b" as written in the JSON file.
        let start = try #require(text.range(of: #"\\b(import|"#))
        let end = try #require(text[start.upperBound...].range(of: #")\\b"#))
        let keywords = ("import|" + text[start.upperBound..<end.lowerBound]).split(separator: "|").map(String.init)
        let reserved = KeywordTable.entries.compactMap { entry -> String? in
            if case .reserved = entry.word { return entry.text } else { return nil }
        }
        #expect(keywords.sorted() == reserved.sorted())
    }

    @Test func everyParserRuleIsInTheGrammar() throws {
        let ebnf = try String(contentsOf: Self.grammar.appendingPathComponent("lifecycle.ebnf"), encoding: .utf8)
        for rule in ["file", "declaration", "importDecl", "platformDecl", "attribute", "machineDecl", "member", "delegateDecl", "stateDecl",
                     "transitionDecl", "internalDecl", "stateActionDecl", "scenePhaseDecl", "phaseMapping", "appStateDecl", "callbackList", "callbackRef", "requireDecl", "protocolDecl", "classDecl", "extensionDecl",
                     "funcDecl", "varDecl",
                     "systemDecl", "instanceDecl", "systemEventDecl", "conditionDecl", "stepDecl"] {
            #expect(ebnf.range(of: "\n\(rule) ", options: []) != nil || ebnf.range(of: "\n\(rule)\t") != nil,
                    "rule '\(rule)' is not defined in lifecycle.ebnf")
        }
    }

    /// The TextMate rule for a system event's `when` clause picks out every condition's
    /// instance and state (read here with Foundation's regular expressions, which agree with
    /// TextMate's Oniguruma on this pattern).
    @Test func textMateConditionRuleMatchesEachCondition() throws {
        let data = try Data(contentsOf: Self.grammar.appendingPathComponent("lifecycle.tmLanguage.json"))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let repository = try #require(object["repository"] as? [String: Any])
        let pattern = try #require((repository["condition"] as? [String: Any])?["match"] as? String)
        let patterns = try #require(object["patterns"] as? [[String: String]])
        #expect(patterns.contains { $0["include"] == "#condition" })
        let regex = try NSRegularExpression(pattern: pattern)
        let line = "    on push by user when Home is Shown and Détail is Gone: new Détail, Détail.load"
        let matches = regex.matches(in: line, range: NSRange(line.startIndex..., in: line)).map { match in
            (1...4).map { String(line[Range(match.range(at: $0), in: line)!]) }
        }
        #expect(matches == [["when", "Home", "is", "Shown"], ["and", "Détail", "is", "Gone"]])
    }
}
