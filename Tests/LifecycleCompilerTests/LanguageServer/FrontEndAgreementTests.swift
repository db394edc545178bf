import Testing
import LifecycleCompiler

/// The language server reads the same front end as `check` and `fmt`: the keyword table for
/// completion, the token index for semantic tokens.
@Suite struct FrontEndAgreementTests {
    typealias Client = LanguageServerTests.Client

    /// The semantic tokens of `text` as (line, character, length, type name), absolute.
    static func semanticTokens(_ text: String) -> [(line: Int, character: Int, length: Int, type: String)] {
        let client = Client()
        let initialize = client.request("initialize", .object([("capabilities", .object([]))]))
        _ = client.notify("initialized", .object([]))
        let legend = initialize?["result"]?["capabilities"]?["semanticTokensProvider"]?["legend"]?["tokenTypes"]?.array?.compactMap(\.string) ?? []
        let uri = "file:///specs/Tokens.lifecycle"
        client.open(uri, text)
        let data = client.request("textDocument/semanticTokens/full", .object([("textDocument", .object([("uri", .string(uri))]))]))?["result"]?["data"]?.array?.compactMap(\.int) ?? []
        var result: [(Int, Int, Int, String)] = []
        var line = 0, character = 0
        for index in stride(from: 0, to: data.count - 4, by: 5) {
            line += data[index]
            character = data[index] == 0 ? character + data[index + 1] : data[index + 1]
            let type = data[index + 3]
            result.append((line, character, data[index + 2], legend.indices.contains(type) ? legend[type] : "?\(type)"))
        }
        return result
    }

    @Test("semantic tokens colour a platform's version and an attribute's arguments as the formatter reads them: one piece each")
    func versionsAndAttributeArguments() {
        let text = """
        platform iOS 15.0
        protocol P {
            @available(iOS 13.0, *) func f(_ a: Int)
            @objc(g:) func g(_ b: Int)
        }

        """
        let tokens = Self.semanticTokens(text)
        func token(line: Int, character: Int) -> (length: Int, type: String)? {
            tokens.first { $0.line == line && $0.character == character }.map { ($0.length, $0.type) }
        }
        #expect(token(line: 0, character: 0)?.type == "keyword", "'platform' is a keyword")
        #expect(token(line: 0, character: 13)?.length == 4)
        #expect(token(line: 0, character: 13)?.type == "number", "the version is one number")
        #expect(token(line: 2, character: 4)?.type == "decorator")
        #expect(token(line: 2, character: 14)?.length == 13, "the arguments '(iOS 13.0, *)' are one piece")
        #expect(token(line: 2, character: 14)?.type == "decorator")
        #expect(token(line: 3, character: 9)?.length == 4, "'(g:)' is one piece")
        // Nothing starts inside a piece the formatter keeps whole.
        #expect(!tokens.contains { $0.line == 2 && $0.character > 14 && $0.character < 27 })
        #expect(!tokens.contains { $0.line == 0 && $0.character > 13 })
    }

    @Test("completion on an empty line offers every word that starts a statement there")
    func statementKeywords() {
        let client = Client()
        client.initialize()
        let uri = "file:///specs/Words.lifecycle"
        let text = """

        machine M {
            initial state A {

            }
            A -> A on go
        }
        system S {
            instance I: M

        }
        protocol P {

        }

        """
        client.open(uri, text)
        func labels(_ line: Int, _ character: Int) -> [String] {
            client.request("textDocument/completion", client.at(uri, line, character))?["result"]?["items"]?.array?
                .filter { $0["kind"] == 14 }.compactMap { $0["label"]?.string } ?? []
        }
        #expect(labels(0, 0) == ["import", "platform", "machine", "system", "protocol", "class", "extension"])
        #expect(labels(3, 8) == ["state", "initial state", "final state", "internal on", "entry calls", "exit calls", "scenePhase", "appState", "delegate", "require", "from"])
        #expect(labels(9, 4) == ["on", "instance"])
        #expect(labels(12, 4) == ["@available", "@objc", "func", "var"])
    }

    @Test("completion offers nothing inside a comment, a string or Swift text; after 'by', the triggers")
    func completionContext() {
        let client = Client()
        client.initialize()
        let uri = "file:///specs/Context.lifecycle"
        let text = """
        machine M {
            initial state A // on
            A -> A on go by user "x by "
        }
        protocol P {
            func f(_ a: Int)
        }

        """
        client.open(uri, text)
        func labels(_ line: Int, _ character: Int) -> [String] {
            client.request("textDocument/completion", client.at(uri, line, character))?["result"]?["items"]?.array?.compactMap { $0["label"]?.string } ?? []
        }
        #expect(labels(1, 25) == [], "in a comment")
        #expect(labels(2, 30) == [], "in a string")
        #expect(labels(5, 16) == [], "in a parameter clause")
        #expect(labels(2, 20) == ["user", "system"], "after 'by'")
    }

    @Test("hover over a keyword, reserved or contextual, says what it does, from the keyword table")
    func keywordHover() {
        let client = Client()
        client.initialize()
        let uri = "file:///specs/Hover.lifecycle"
        client.open(uri, "platform iOS 15.0\nmachine M {\n    initial state A\n}\n")
        func hover(_ line: Int, _ character: Int) -> String? {
            client.request("textDocument/hover", client.at(uri, line, character))?["result"]?["contents"]?["value"]?.string
        }
        #expect(hover(0, 3) == "**platform**: " + KeywordTable.entry(.platform).summary)
        #expect(hover(1, 2) == "**machine**: " + KeywordTable.entry(.machine).summary)
        #expect(hover(0, 10) == nil, "'iOS' is no keyword")
    }
}
