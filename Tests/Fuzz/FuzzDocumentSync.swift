/// libFuzzer target for the language server's document sync (issue 24): a document opened,
/// then edited incrementally in UTF-8 or UTF-16 positions, must always hold the client's text.
///
/// Input: the document's first text, a zero byte, then one byte choosing the position encoding
/// (odd: UTF-8) and five bytes per edit (start line, start character, end line, end character,
/// replacement: one of `pieces`, which holds every line end, emoji, a combining mark and spec
/// fragments). A line or character byte past the document is clamped by the server as LSP
/// says; 255 is the character "past the end of the line". The client's text is kept by an
/// independent model (Unicode scalars, lines split at LF, CR LF and CR) and compared with the
/// server's after every edit, bytes and line starts, with the same text opened afresh; at the
/// end the features that read positions (completion, hover, rename, semantic tokens, symbols)
/// run at a position of the input, and must answer.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzDocumentSync.run(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}

enum FuzzDocumentSync {
    static let pieces = ["", "a", "Z", " ", "\n", "\r", "\r\n", "\n\r", "😀", "e\u{301}", "\u{301}", "中文", "ß", "{", "}", "->",
                         ".", "state ", "// c", "\"s\"", "\u{1F469}\u{200D}\u{1F467}", "machine M {\n", "    initial state A\n",
                         "    A -> A on go\n", "}\n", "system S {\n    instance I: M\n    on t: I.", "I.", "calls ", "on ", "by "]
    static let uri = "file:///fuzz/Edited.lifecycle"

    /// The client's copy of the text (the same model as `LanguageServerHostileTests`).
    struct ClientText {
        var scalars: [Unicode.Scalar]

        var lines: [(start: Int, end: Int)] {
            var result: [(Int, Int)] = []
            var start = 0, index = 0
            while index < scalars.count {
                let scalar = scalars[index]
                if scalar == "\r" || scalar == "\n" {
                    result.append((start, index))
                    index += scalar == "\r" && index + 1 < scalars.count && scalars[index + 1] == "\n" ? 2 : 1
                    start = index
                } else {
                    index += 1
                }
            }
            result.append((start, scalars.count))
            return result
        }

        func index(line: Int, character: Int, utf8: Bool) -> Int {
            let lines = self.lines
            guard line < lines.count else { return scalars.count }
            var index = lines[line].start, units = 0
            while index < lines[line].end && units < character {
                units += utf8 ? String(scalars[index]).utf8.count : String(scalars[index]).utf16.count
                index += 1
            }
            return index
        }

        var text: String { String(String.UnicodeScalarView(scalars)) }
    }

    static func message(_ method: String, _ params: JSONValue, id: Int? = nil) -> [UInt8] {
        var fields: [(String, JSONValue)] = [("jsonrpc", "2.0")]
        if let id { fields.append(("id", JSONValue(id))) }
        fields += [("method", .string(method)), ("params", params)]
        return MessageFramer.frame(JSONValue.object(fields).serialized())
    }

    static func position(_ line: Int, _ character: Int) -> JSONValue {
        .object([("line", JSONValue(line)), ("character", JSONValue(character))])
    }

    static func run(_ bytes: [UInt8]) {
        let split = bytes.firstIndex(of: 0) ?? bytes.count
        var model = ClientText(scalars: Array(String(decoding: bytes[..<split], as: UTF8.self).unicodeScalars))
        let script = split < bytes.count ? Array(bytes[(split + 1)...]) : []
        let utf8 = (script.first ?? 0) & 1 == 1
        let server = LanguageServer { _ in .failure(LoadFailure("no files while fuzzing")) }
        let general: JSONValue = utf8 ? .object([("positionEncodings", ["utf-8"])]) : .object([])
        _ = server.receive(message("initialize", .object([("capabilities", .object([("general", general)]))]), id: 1), now: 0)
        _ = server.receive(message("textDocument/didOpen", .object([("textDocument", .object([
            ("uri", .string(uri)), ("languageId", "lifecycle"), ("version", 1), ("text", .string(model.text))]))])), now: 0)
        var version = 1
        var offset = 1
        while offset + 5 <= script.count {
            let edit = script[offset..<(offset + 5)].map(Int.init)
            offset += 5
            let lineCount = model.lines.count
            var a = (edit[0] % (lineCount + 1), edit[1] == 255 ? 999 : edit[1] % 24)
            var b = (edit[2] % (lineCount + 1), edit[3] == 255 ? 999 : edit[3] % 24)
            if (b.0, b.1) < (a.0, a.1) { swap(&a, &b) }
            let text = pieces[edit[4] % pieces.count]
            let start = model.index(line: a.0, character: a.1, utf8: utf8)
            let end = model.index(line: b.0, character: b.1, utf8: utf8)
            model.scalars.replaceSubrange(start..<end, with: Array(text.unicodeScalars))
            version += 1
            _ = server.receive(message("textDocument/didChange", .object([
                ("textDocument", .object([("uri", .string(uri)), ("version", JSONValue(version))])),
                ("contentChanges", [.object([("range", .object([("start", position(a.0, a.1)), ("end", position(b.0, b.1))])),
                                             ("text", .string(text))])]),
            ])), now: Double(version))
            guard let document = server.documents[uri] else { return FuzzPipeline.require(false, "the document was dropped") }
            FuzzPipeline.require(document.bytes == Array(model.text.utf8),
                                 "the server's text \(document.text.debugDescription) is not the client's \(model.text.debugDescription)")
            FuzzPipeline.require(document.lineStarts == TextDocument(uri: uri, version: 0, text: document.bytes).lineStarts,
                                 "line starts differ from the same text opened afresh")
        }
        // The features that read positions, at a position of the input.
        let line = Int(script.last ?? 0) % (model.lines.count + 1), character = Int(script.dropLast().last ?? 0) % 40
        let at: JSONValue = .object([("textDocument", .object([("uri", .string(uri))])), ("position", position(line, character))])
        var id = 2
        for method in ["textDocument/completion", "textDocument/hover", "textDocument/definition", "textDocument/references",
                       "textDocument/prepareRename", "textDocument/semanticTokens/full", "textDocument/documentSymbol",
                       "textDocument/formatting"] {
            id += 1
            var params = at
            if case .object(var fields) = at, method == "textDocument/formatting" {
                fields.append(("options", .object([])))
                params = .object(fields)
            }
            let reply = server.receive(message(method, params, id: id), now: 1_000)
            FuzzPipeline.require(!reply.isEmpty, "no answer to \(method)")
        }
        id += 1
        var rename = at
        if case .object(var fields) = at {
            fields.append(("newName", "renamed"))
            rename = .object(fields)
        }
        FuzzPipeline.require(!server.receive(message("textDocument/rename", rename, id: id), now: 1_000).isEmpty, "no answer to rename")
        _ = server.tick(now: 10_000)
    }
}
