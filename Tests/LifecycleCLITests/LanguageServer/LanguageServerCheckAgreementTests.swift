import Foundation
import Testing

/// An open document gets exactly the diagnostics `lifecycle check` prints for the same file:
/// the language server compiles through the command line's entry point, with its platform
/// handling and its path identity (an import through a symbolic link and `..` is opened as the
/// kernel opens it, not folded as text).
@Suite struct LanguageServerCheckAgreementTests {
    /// One diagnostic as both sides can say it: line and column (1-based), severity, id, message.
    struct Seen: Hashable, CustomStringConvertible {
        var line: Int
        var column: Int
        var severity: String
        var id: String
        var message: String
        var description: String { "\(line):\(column): \(severity) [\(id)] \(message)" }
    }

    /// `lifecycle check --format json FILE`'s diagnostics in `FILE` itself.
    static func check(_ path: String, in folder: String) throws -> [Seen] {
        let output = try CLIRunner.run(["check", path, "--format", "json"], in: folder)
        let parsed = try JSONSerialization.jsonObject(with: Data(output.stdout.utf8))
        let items = try #require(parsed as? [[String: Any]], "\(output.stderr)")
        return items.filter { ($0["file"] as? String) == path }.map {
            Seen(line: $0["line"] as! Int, column: $0["column"] as! Int, severity: $0["severity"] as! String,
                 id: $0["id"] as! String, message: $0["message"] as! String)
        }
    }

    /// The diagnostics `lifecycle lsp` publishes for `path` opened with `text`.
    static func languageServer(_ path: String, text: String, in folder: String) throws -> [Seen] {
        func frame(_ object: [String: Any]) throws -> Data {
            let body = try JSONSerialization.data(withJSONObject: object)
            return Data("Content-Length: \(body.count)\r\n\r\n".utf8) + body
        }
        let uri = URL(fileURLWithPath: path).absoluteString
        var input = Data()
        input += try frame(["jsonrpc": "2.0", "id": 1, "method": "initialize", "params": ["capabilities": [String: Any]()]])
        input += try frame(["jsonrpc": "2.0", "method": "initialized", "params": [String: Any]()])
        input += try frame(["jsonrpc": "2.0", "method": "textDocument/didOpen",
                            "params": ["textDocument": ["uri": uri, "languageId": "lifecycle", "version": 1, "text": text]]])
        input += try frame(["jsonrpc": "2.0", "id": 2, "method": "shutdown"])
        input += try frame(["jsonrpc": "2.0", "method": "exit"])
        let output = try CLIRunner.run(["lsp"], in: folder, input: input)
        // The messages out: `Content-Length` frames.
        var rest = Substring(output.stdout)
        var published: [[String: Any]]?
        while let header = rest.range(of: "\r\n\r\n") {
            let length = Int(rest[..<header.lowerBound].split(separator: ":").last!.trimmingCharacters(in: .whitespaces))!
            let body = Data(rest[header.upperBound...].utf8.prefix(length))
            rest = Substring(String(decoding: Data(rest[header.upperBound...].utf8).dropFirst(length), as: UTF8.self))
            let message = try JSONSerialization.jsonObject(with: body) as? [String: Any]
            if message?["method"] as? String == "textDocument/publishDiagnostics",
               let params = message?["params"] as? [String: Any], params["uri"] as? String == uri {
                published = params["diagnostics"] as? [[String: Any]]
            }
        }
        let diagnostics = try #require(published, "no diagnostics published:\n\(output.stdout)\n\(output.stderr)")
        let severities = [1: "error", 2: "warning", 3: "note"]
        let lines = text.components(separatedBy: "\n")
        return diagnostics.map { item in
            let start = (item["range"] as! [String: Any])["start"] as! [String: Int]
            // UTF-16 characters to the 1-based byte column `check` prints.
            let line = lines[start["line"]!]
            let column = String(line.utf16.prefix(start["character"]!))!.utf8.count + 1
            return Seen(line: start["line"]! + 1, column: column, severity: severities[item["severity"] as! Int]!,
                        id: item["code"] as! String, message: item["message"] as! String)
        }
    }

    @Test("an open document's diagnostics are exactly check's: platform, UIKit, an import through a symbolic link and '..'")
    func sameDiagnosticsAsCheck() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lsp-check-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let manager = FileManager.default
        try manager.createDirectory(atPath: folder + "/a", withIntermediateDirectories: true)
        try manager.createDirectory(atPath: folder + "/b/inner", withIntermediateDirectories: true)
        // `a/link` is `b/inner`: `a/link/../Shared.lifecycle` is `b/Shared.lifecycle` for the
        // kernel (and for check); folded as text it would be `a/Shared.lifecycle`, which does
        // not exist.
        try manager.createSymbolicLink(atPath: folder + "/a/link", withDestinationPath: folder + "/b/inner")
        try "protocol SharedDelegate {\n    func sharedDidStart()\n}\n".write(toFile: folder + "/b/Shared.lifecycle", atomically: true, encoding: .utf8)
        let text = """
        platform iOS 15.0
        import UIKit
        import "link/../Shared.lifecycle"
        machine Scene {
            delegate SceneDelegate: UIResponder, UIWindowSceneDelegate, SharedDelegate
            initial state Started
            Started -> Geometry on resize calls windowScene(_:didUpdateEffectiveGeometry:)
            Geometry -> Started on back calls sharedDidStart, sharedDidStop
            Started -> Gone on leave
        }

        """
        let path = folder + "/a/Root.lifecycle"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let printed = try Self.check(path, in: folder)
        let published = try Self.languageServer(path, text: text, in: folder)
        // Something of each kind, so that agreeing means something: the callback newer than
        // the platform, the missing import member, the unknown state.
        #expect(printed.contains { $0.severity == "warning" && $0.message.contains("26.0") }, "\(printed)")
        #expect(printed.contains { $0.message.contains("sharedDidStop") }, "\(printed)")
        #expect(printed.contains { $0.id == "unknownState" }, "\(printed)")
        #expect(!printed.contains { $0.message.contains("Shared.lifecycle") }, "check reads the import: \(printed)")
        #expect(published == printed, "check:\n\(printed.map(\.description).joined(separator: "\n"))\nlsp:\n\(published.map(\.description).joined(separator: "\n"))")
    }
}
