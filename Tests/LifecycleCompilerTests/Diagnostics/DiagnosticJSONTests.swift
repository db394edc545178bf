import Foundation
import Testing
import LifecycleCompiler

/// The `--format json` schema: an array of objects with fixed keys and types, parsed back
/// with Foundation so that the escaping is checked by a real JSON parser.
@Suite struct DiagnosticJSONTests {
    static func json(_ source: String, path: String = "Spec.lifecycle") throws -> [[String: Any]] {
        let compilation = Compiler.compile(path: path, source: source)
        let text = DiagnosticJSON.render(compilation.diagnostics, files: compilation.files)
        #expect(text.hasSuffix("\n"))
        let parsed = try JSONSerialization.jsonObject(with: Data(text.utf8))
        return try #require(parsed as? [[String: Any]], "not an array of objects: \(text)")
    }

    static func checkSchema(_ element: [String: Any]) {
        for key in ["file", "id", "message"] {
            #expect(element[key] is String, "'\(key)' is not a string in \(element)")
        }
        for key in ["line", "column", "endLine", "endColumn"] {
            #expect((element[key] as? Int).map { $0 >= 1 } == true, "'\(key)' is not a positive integer in \(element)")
        }
        #expect(["error", "warning", "note"].contains(element["severity"] as? String ?? ""))
        let notes = element["notes"] as? [[String: Any]]
        #expect(notes != nil, "'notes' is not an array of objects in \(element)")
        for note in notes ?? [] {
            #expect(note["file"] is String && note["message"] is String)
            #expect(note["line"] is Int && note["column"] is Int)
        }
        if let fixIt = element["fixIt"] {
            let object = fixIt as? [String: Any]
            #expect(object?["replacement"] is String && object?["file"] is String)
            #expect(object?["line"] is Int && object?["column"] is Int && object?["endLine"] is Int && object?["endColumn"] is Int)
        }
        let allowed: Set = ["file", "line", "column", "endLine", "endColumn", "severity", "id", "group", "message", "notes", "fixIt"]
        #expect(Set(element.keys).isSubset(of: allowed), "unexpected keys: \(Set(element.keys).subtracting(allowed))")
    }

    @Test func schemaWithNotesAndFixIt() throws {
        let array = try Self.json("""
        machine Scene {
            initial state Idle
            state Background
            Idle -> Backgruond on go
            Background -> Idle on back
        }
        """)
        #expect(array.count == 1)
        array.forEach(Self.checkSchema)
        let first = try #require(array.first)
        #expect(first["file"] as? String == "Spec.lifecycle")
        #expect(first["line"] as? Int == 4 && first["column"] as? Int == 13)
        #expect(first["endLine"] as? Int == 4 && first["endColumn"] as? Int == 23)
        #expect(first["id"] as? String == "unknownState")
        #expect(first["severity"] as? String == "error")
        let note = try #require((first["notes"] as? [[String: Any]])?.first)
        #expect(note["message"] as? String == "'Background' declared here")
        #expect(note["line"] as? Int == 3 && note["column"] as? Int == 11)
        let fixIt = try #require(first["fixIt"] as? [String: Any])
        #expect(fixIt["replacement"] as? String == "Background")
    }

    /// `check --impl`: the error is in the spec, the near miss and its fix-it in the Swift file.
    /// Every note and the fix-it name the file they point into, so that a tool applying the
    /// fix-it edits the Swift file, not the spec.
    @Test func fixItsAndNotesNameTheirFiles() throws {
        let (compilation, _) = try ImplementationFixtureTests.run("LabelOff")
        let text = DiagnosticJSON.render(compilation.diagnostics, files: compilation.files)
        let array = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
        array.forEach(Self.checkSchema)
        let error = try #require(array.first { $0["id"] as? String == "missingImplementation" })
        #expect(error["file"] as? String == "Spec.lifecycle")
        let fixIt = try #require(error["fixIt"] as? [String: Any])
        #expect(fixIt["file"] as? String == "SceneDelegate.swift")
        #expect(fixIt["line"] as? Int == 12 && fixIt["column"] as? Int == 5)
        let notes = try #require(error["notes"] as? [[String: Any]])
        #expect(notes.map { $0["file"] as? String } == ["SceneDelegate.swift", "SceneDelegate.swift", "SceneDelegate.swift"])
        #expect(notes.last?["message"] as? String == "change it to: func sceneDidEnterBackground(_ scene: UIScene)")
    }

    /// Quotes, backslashes, Korean text and control characters survive the round trip.
    @Test func escaping() throws {
        var source = "machine 장면 {\n    initial state A \"bad \\q\"\n    A -> A on x\n}\n"
        source += "\u{7F}\n"
        let array = try Self.json(source, path: "dir/\"odd\" name.lifecycle")
        array.forEach(Self.checkSchema)
        #expect(array.first?["file"] as? String == "dir/\"odd\" name.lifecycle")
        let messages = array.compactMap { $0["message"] as? String }
        #expect(messages.contains(#"invalid escape sequence '\q' in string literal; use \", \\, \n, \t, \r, \0 or \u{…}"#))
        #expect(messages.contains("unexpected character 'U+7F'"))
    }

    @Test func noDiagnosticsIsAnEmptyArray() throws {
        #expect(try Self.json("machine M {\n    initial state A\n    A -> A on x\n}\n").isEmpty)
    }

    @Test func everyFixtureProducesValidJSON() throws {
        let folder = Repository.fixtures.appendingPathComponent("Diagnostics")
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".lifecycle") {
            let source = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            let array = try Self.json(source, path: name)
            #expect(!array.isEmpty, "\(name)")
            array.forEach(Self.checkSchema)
        }
    }
}
