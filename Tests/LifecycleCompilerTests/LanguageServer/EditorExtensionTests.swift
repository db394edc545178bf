import Foundation
import Testing
import LifecycleCompiler

/// The VS Code extension in `Examples/VSCode` is consistent with the repository: its grammar is
/// the repository's, its language configuration has the language's comments and brackets, and
/// it starts `lifecycle lsp` and serves the catalog's virtual documents.
@Suite struct EditorExtensionTests {
    static let folder = Repository.examples.appendingPathComponent("VSCode")

    func json(_ name: String) throws -> [String: Any] {
        let data = try Data(contentsOf: Self.folder.appendingPathComponent(name))
        return try #require(JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test("package.json contributes the language, the repository's grammar, and the client")
    func manifest() throws {
        let manifest = try json("package.json")
        let contributes = try #require(manifest["contributes"] as? [String: Any])
        let languages = try #require(contributes["languages"] as? [[String: Any]])
        #expect(languages.first?["extensions"] as? [String] == [".lifecycle"])
        let grammar = try #require((contributes["grammars"] as? [[String: Any]])?.first)
        #expect(grammar["scopeName"] as? String == "source.lifecycle")
        let path = try #require(grammar["path"] as? String)
        let linked = try Data(contentsOf: Self.folder.appendingPathComponent(path))
        let original = try Data(contentsOf: Repository.root.appendingPathComponent("Grammar/lifecycle.tmLanguage.json"))
        #expect(linked == original, "the extension's grammar is not Grammar/lifecycle.tmLanguage.json")
        let script = try String(contentsOf: Self.folder.appendingPathComponent(manifest["main"] as? String ?? ""), encoding: .utf8)
        #expect(script.contains(#"args: ["lsp"]"#))
        let scheme = String(LanguageServer.catalogURI.prefix { $0 != ":" })
        #expect(script.contains(#"registerTextDocumentContentProvider("\#(scheme)""#))
        #expect(script.contains(#""lifecycle/catalog""#))
    }

    @Test("the language configuration has the language's comments and brackets")
    func languageConfiguration() throws {
        let configuration = try json("language-configuration.json")
        let comments = try #require(configuration["comments"] as? [String: Any])
        #expect(comments["lineComment"] as? String == "//")
        #expect(comments["blockComment"] as? [String] == ["/*", "*/"])
        #expect((configuration["brackets"] as? [[String]])?.contains(["{", "}"]) == true)
        #expect((configuration["brackets"] as? [[String]])?.contains(["(", ")"]) == true)
    }
}
