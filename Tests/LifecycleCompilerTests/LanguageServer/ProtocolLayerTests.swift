import Testing
import LifecycleCompiler
@testable import LifecycleLanguageServer

/// The language server's protocol layer: JSON, `Content-Length` framing, JSON-RPC messages.
@Suite struct ProtocolLayerTests {
    func parse(_ text: String) -> JSONValue? {
        if case .success(let value) = JSONValue.parse(text) { return value }
        return nil
    }

    @Test("JSON: every kind of value, escapes and surrogate pairs, round-tripped")
    func jsonValues() {
        let value = parse(#" { "a": [1, -2.5, 3e2, true, false, null], "b": "x\"\\\/\n\t\u00e9\ud83d\ude00", "c": {} , "d": [] } "#)
        #expect(value?["a"] == .array([1, .number(-2.5), 300, true, false, .null]))
        #expect(value?["b"]?.string == "x\"\\/\n\té😀")
        #expect(value?["c"] == .object([]) && value?["d"] == .array([]))
        #expect(value.map { parse($0.serialized()) } == value)
        #expect(JSONValue.object([("k", "a\u{0}\u{2028}\u{7F}é")]).serialized() == #"{"k":"a\u0000\u2028\u007fé"}"#)
        #expect(JSONValue.number(42).serialized() == "42" && JSONValue.number(0.5).serialized() == "0.5")
        #expect(parse("7")?.int == 7 && parse("7.5")?.int == nil && parse("1e300")?.int == nil)
    }

    @Test("JSON: malformed texts are errors, never traps", arguments: [
        "", " ", "{", "}", "[1,]", "[1 2]", "{\"a\" 1}", "{\"a\":}", "{1:2}", "01", "-", "1.", "1e", "+1", "tru", "nulls",
        "\"abc", "\"\\x\"", "\"\\u12\"", "\"\\ud800\"", "\"\\udc00x\"", "\"a\u{1}\"", "[1] 2", "{\"a\":1,}", "\"\\ud800\\u0041\"",
    ])
    func jsonErrors(_ text: String) {
        guard case .failure = JSONValue.parse(text) else {
            Issue.record("accepted '\(text)'")
            return
        }
    }

    @Test("JSON: invalid UTF-8 in a string is an error")
    func jsonInvalidUTF8() {
        guard case .failure = JSONValue.parse([0x22, 0xFF, 0x22]) else { Issue.record("accepted invalid UTF-8"); return }
    }

    @Test("JSON: nesting beyond the limit is an error, and deep nesting does not overflow the stack")
    func jsonDepth() {
        let ok = String(repeating: "[", count: JSONValue.maximumDepth) + String(repeating: "]", count: JSONValue.maximumDepth)
        #expect(parse(ok) != nil)
        let deep = String(repeating: "[", count: 1_000_000)
        guard case .failure(let error) = JSONValue.parse(deep) else { Issue.record("accepted"); return }
        #expect(error.message.contains("nesting"))
        // Serializing a deep value is iterative too (values only the server builds: freeing a recursive enum recurses).
        var value = JSONValue.null
        for _ in 0..<2_000 { value = .array([value]) }
        #expect(value.serialized().count == 4_004)
    }

    @Test("framing: messages split across reads, several in one read, and header case")
    func framing() {
        var framer = MessageFramer()
        let stream = MessageFramer.frame(#"{"a":1}"#) + Array("content-length:  2\r\nContent-Type: x\r\n\r\n[]".utf8) + MessageFramer.frame("3")
        var bodies: [String] = []
        for byte in stream {
            framer.append([byte])
            while let item = framer.next() {
                if case .body(let body) = item { bodies.append(String(decoding: body, as: UTF8.self)) }
            }
        }
        #expect(bodies == [#"{"a":1}"#, "[]", "3"])
        #expect(framer.bufferedCount == 0)
    }

    @Test("framing: a bad header is reported and skipped; the next message still arrives")
    func framingRecovery() {
        var framer = MessageFramer()
        framer.append(Array("Content-Lenght: 3\r\n\r\nabc".utf8) + MessageFramer.frame("1"))
        #expect(framer.next().map { if case .problem = $0 { true } else { false } } == true)
        #expect(framer.next() == .body(Array("1".utf8)))
        // Garbage without any header end: skipped once it exceeds the header limit.
        framer.append([UInt8](repeating: UInt8(ascii: "x"), count: MessageFramer.maximumHeaderSize + 10))
        #expect(framer.next().map { if case .problem = $0 { true } else { false } } == true)
        framer.append(MessageFramer.frame("2"))
        var found: [MessageFramer.Item] = []
        while let item = framer.next() { found.append(item) }
        #expect(found.last == .body(Array("2".utf8)))
    }

    @Test("framing: a stray line before a header loses no message; the framer looks again from the next byte (issue 24, item 13)")
    func framingStrayLine() {
        var framer = MessageFramer()
        framer.append(Array("junk\r\n".utf8) + MessageFramer.frame(#"{"id":1}"#) + MessageFramer.frame("2"))
        var found: [MessageFramer.Item] = []
        while let item = framer.next() { found.append(item) }
        #expect(found.count == 3, "\(found)")
        #expect(found.first.map { if case .problem = $0 { true } else { false } } == true)
        #expect(Array(found.dropFirst()) == [.body(Array(#"{"id":1}"#.utf8)), .body(Array("2".utf8))])
    }

    @Test("framing: conflicting Content-Length headers are an error, not 'the last one wins' (issue 24, item 13)")
    func framingConflictingLengths() {
        var framer = MessageFramer()
        framer.append(Array("Content-Length: 2\r\nContent-Length: 7\r\n\r\n[1,2,3]".utf8) + MessageFramer.frame("4"))
        var found: [MessageFramer.Item] = []
        while let item = framer.next() { found.append(item) }
        #expect(found == [.problem("a message with conflicting Content-Length headers; skipped"), .body(Array("4".utf8))])
        // The same length twice is one length.
        framer.append(Array("Content-Length: 1\r\ncontent-length: 1\r\n\r\n5".utf8))
        #expect(framer.next() == .body(Array("5".utf8)))
    }

    @Test("framing: an oversized body is skipped as it streams in, never buffered")
    func framingOversized() {
        var framer = MessageFramer()
        let length = MessageFramer.maximumBodySize + 1
        framer.append(Array("Content-Length: \(length)\r\n\r\n".utf8))
        #expect(framer.next().map { if case .problem = $0 { true } else { false } } == true)
        let chunk = [UInt8](repeating: 0x20, count: 1 << 20)
        var sent = 0
        while sent < length {
            let part = min(chunk.count, length - sent)
            framer.append(chunk[0..<part])
            sent += part
            #expect(framer.next() == nil)
            #expect(framer.bufferedCount <= chunk.count)
        }
        framer.append(MessageFramer.frame("4"))
        #expect(framer.next() == .body(Array("4".utf8)))
    }

    @Test("JSON-RPC: requests, notifications, responses and invalid messages are told apart")
    func classify() {
        func kind(_ text: String) -> String {
            switch RPCMessage.classify(parse(text)!) {
            case .request(_, let method, _): "request \(method)"
            case .notification(let method, _): "notification \(method)"
            case .response: "response"
            case .invalid(_, let code, _): "invalid \(code.rawValue)"
            }
        }
        #expect(kind(#"{"jsonrpc":"2.0","id":1,"method":"m","params":{}}"#) == "request m")
        #expect(kind(#"{"jsonrpc":"2.0","id":"x","method":"m"}"#) == "request m")
        #expect(kind(#"{"jsonrpc":"2.0","method":"n","params":[1]}"#) == "notification n")
        #expect(kind(#"{"jsonrpc":"2.0","id":3,"result":null}"#) == "response")
        #expect(kind("[1,2]") == "invalid -32600")
        #expect(kind(#"{"id":1}"#) == "invalid -32600")
        #expect(kind(#"{"id":{},"method":"m"}"#) == "invalid -32600")
        #expect(kind(#"{"id":1.5,"method":"m"}"#) == "invalid -32600")
        #expect(kind(#"{"id":1,"method":7}"#) == "invalid -32600")
        #expect(kind(#"{"id":1,"method":"m","params":3}"#) == "invalid -32600")
    }

    @Test("documents: incremental edits in UTF-16 and UTF-8 positions, with non-ASCII text")
    func incrementalEdits() {
        var document = TextDocument(uri: "file:///a.lifecycle", version: 1, text: Array("상태 😀 A\nB\n".utf8))
        func change(_ line: Int, _ start: Int, _ endLine: Int, _ end: Int, _ text: String) -> ContentChange {
            ContentChange(json: .object([("range", .object([("start", .object([("line", JSONValue(line)), ("character", JSONValue(start))])),
                                        ("end", .object([("line", JSONValue(endLine)), ("character", JSONValue(end))]))])),
                     ("text", .string(text))]))
        }
        // UTF-16: "상태 😀 " is 2 + 1 + 2 + 1 = 6 units; replace "A" with "C".
        let applied1 = document.apply(change(0, 6, 0, 7, "C"), encoding: .utf16, maximumSize: 1 << 20)
        #expect(applied1)
        #expect(document.text == "상태 😀 C\nB\n")
        // Join the lines, then split them again.
        let applied2 = document.apply(change(0, 7, 1, 0, ""), encoding: .utf16, maximumSize: 1 << 20)
        #expect(applied2)
        #expect(document.text == "상태 😀 CB\n")
        let applied3 = document.apply(change(0, 7, 0, 7, "\n"), encoding: .utf16, maximumSize: 1 << 20)
        #expect(applied3)
        #expect(document.text == "상태 😀 C\nB\n")
        #expect(document.position(of: document.bytes.count - 2, encoding: .utf16) == Position(line: 1, character: 0))
        // UTF-8 positions count bytes: "상태 " is 7.
        #expect(document.offset(of: Position(line: 0, character: 7), encoding: .utf8) == 7)
        // Positions past the end clamp; malformed ones are rejected without a change.
        #expect(document.offset(of: Position(line: 99, character: 0), encoding: .utf16) == document.bytes.count)
        let applied4 = document.apply(ContentChange(json: .object([("range", "x"), ("text", "y")])), encoding: .utf16, maximumSize: 1 << 20)
        #expect(!applied4)
        let applied5 = document.apply(ContentChange(json: .object([("text", .string(String(repeating: "x", count: 100)))])), encoding: .utf16, maximumSize: 10)
        #expect(!applied5)
        #expect(document.text == "상태 😀 C\nB\n")
    }

    @Test("documents: CR, LF and CR LF each end a line, for positions and for edits (issue 24, items 8 and 9)")
    func lineEnds() {
        func change(_ line: Int, _ start: Int, _ endLine: Int, _ end: Int, _ text: String) -> ContentChange {
            ContentChange(json: .object([("range", .object([("start", .object([("line", JSONValue(line)), ("character", JSONValue(start))])),
                                        ("end", .object([("line", JSONValue(endLine)), ("character", JSONValue(end))]))])),
                     ("text", .string(text))]))
        }
        var document = TextDocument(uri: "file:///a.lifecycle", version: 1, text: Array("ab\rcd\r\nef\ngh".utf8))
        #expect(document.offset(of: Position(line: 1, character: 1), encoding: .utf16) == 4)
        #expect(document.offset(of: Position(line: 2, character: 0), encoding: .utf16) == 7)
        #expect(document.position(of: 10, encoding: .utf16) == Position(line: 3, character: 0))
        // A character past the end of a CR LF line is the end of the line, before the CR.
        let edited1 = document.apply(change(1, 999, 1, 999, "!"), encoding: .utf16, maximumSize: 1 << 20)
        #expect(edited1)
        #expect(document.text == "ab\rcd!\r\nef\ngh")
        func expectFresh(_ document: TextDocument) {
            #expect(document.lineStarts == TextDocument(uri: "", version: 0, text: document.bytes).lineStarts, "\(document.text.debugDescription)")
        }
        expectFresh(document)
        // Joining lines, a CR LF becoming a CR, a CR and a new LF becoming one CR LF.
        let edited2 = document.apply(change(0, 2, 1, 0, ""), encoding: .utf16, maximumSize: 1 << 20)
        #expect(edited2)
        #expect(document.text == "abcd!\r\nef\ngh")
        expectFresh(document)
        let edited3 = document.apply(change(0, 5, 1, 0, "\r"), encoding: .utf16, maximumSize: 1 << 20)
        #expect(edited3)
        #expect(document.text == "abcd!\ref\ngh")
        expectFresh(document)
        let edited4 = document.apply(change(1, 0, 1, 0, "\n"), encoding: .utf16, maximumSize: 1 << 20)
        #expect(edited4)
        #expect(document.text == "abcd!\r\nef\ngh")
        expectFresh(document)
        // Deleting what stood between a CR and an LF pairs them: one line fewer.
        var pairing = TextDocument(uri: "file:///b.lifecycle", version: 1, text: Array("a\rX\nb".utf8))
        let edited5 = pairing.apply(change(1, 0, 1, 1, ""), encoding: .utf16, maximumSize: 1 << 20)
        #expect(edited5)
        #expect(pairing.text == "a\r\nb")
        expectFresh(pairing)
        #expect(pairing.position(of: 3, encoding: .utf16) == Position(line: 1, character: 0))
    }

    @Test("documents: a UTF-8 position inside a character is the end of that character, never a split (issue 24, item 10)")
    func utf8PositionInsideACharacter() {
        var document = TextDocument(uri: "file:///a.lifecycle", version: 1, text: Array("// 😀x\n".utf8))
        let edit: JSONValue = .object([("range", .object([("start", .object([("line", 0), ("character", 5)])),
                                                           ("end", .object([("line", 0), ("character", 5)]))])),
                                       ("text", "!")])
        let edited6 = document.apply(ContentChange(json: edit), encoding: .utf8, maximumSize: 1 << 20)
        #expect(edited6)
        #expect(document.text == "// 😀!x\n")
        #expect(Array(document.text.utf8) == document.bytes, "the document is valid UTF-8")
    }

    @Test("URIs: file paths are percent-decoded and encoded")
    func uris() {
        #expect(DocumentURI.path(of: "file:///tmp/a%20b/%EC%83%81.lifecycle") == "/tmp/a b/상.lifecycle")
        #expect(DocumentURI.uri(ofPath: "/tmp/a b/상.lifecycle") == "file:///tmp/a%20b/%EC%83%81.lifecycle")
        #expect(DocumentURI.path(of: "untitled:Untitled-1") == "untitled:Untitled-1")
    }
}
