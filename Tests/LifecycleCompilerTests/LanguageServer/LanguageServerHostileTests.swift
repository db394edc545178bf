import Testing
import LifecycleCompiler
@testable import LifecycleLanguageServer
import SpecGeneration

/// The language server against hostile documents and edits (issue 24, items 6 to 14), and
/// the promise under them: the server's copy of a document never diverges from the client's.
@Suite struct LanguageServerHostileTests {
    typealias Client = LanguageServerTests.Client

    static func change(_ uri: String, version: Int, _ edits: [(Int, Int, Int, Int, String)]) -> JSONValue {
        .object([
            ("textDocument", .object([("uri", .string(uri)), ("version", JSONValue(version))])),
            ("contentChanges", .array(edits.map { edit in
                .object([("range", .object([("start", .object([("line", JSONValue(edit.0)), ("character", JSONValue(edit.1))])),
                                            ("end", .object([("line", JSONValue(edit.2)), ("character", JSONValue(edit.3))]))])),
                         ("text", .string(edit.4))])
            })),
        ])
    }

    @Test("completion after 'I.' for an instance of an unknown machine: no crash, and no other machine's events (item 6)")
    func completionUnknownMachine() throws {
        let client = Client()
        client.initialize()
        let alone = "file:///w/Alone.lifecycle"
        client.open(alone, "system S {\n    instance I: M\n    on go: I.\n}\n")
        let items = client.request("textDocument/completion", client.at(alone, 2, 13))?["result"]?["items"]?.array
        #expect(items == [])
        let other = "file:///w/Other.lifecycle"
        client.open(other, "machine Other {\n    initial state A\n    A -> A on tick\n}\nsystem S {\n    instance I: M\n    on go: I.\n}\n")
        let labels = client.request("textDocument/completion", client.at(other, 6, 13))?["result"]?["items"]?.array?.compactMap { $0["label"]?.string }
        #expect(labels == [], "'tick' is Other's event, not M's")
        // The example the issue names as an untitled buffer (its imports unreadable, so the
        // model has no machine at all), completing after `Root.`.
        let example = try LanguageServerTests.example("NavigationLifecycle.lifecycle")
        client.open("untitled:Untitled-1", example)
        let (line, character) = LanguageServerTests.position(of: "Root.load", in: example, offset: 5)
        #expect(client.request("textDocument/completion", client.at("untitled:Untitled-1", line, character))?["result"]?["items"]?.array == [])
        #expect(client.request("shutdown")?["result"] == .null, "the server is still up")
    }

    @Test("a CR-only document: diagnostics at the line and column 'check' gives (item 8)")
    func crOnlyDiagnostics() {
        let client = Client()
        client.initialize()
        let uri = "file:///w/M.lifecycle"
        client.open(uri, "machine M {\r    initial state A\r    A -> Nowhere on go\r}\r")
        let published = client.diagnostics(after: 0)[uri] ?? []
        #expect(published.first?["code"] == "unknownState")
        #expect(published.first?["range"]?["start"] == .object([("line", 2), ("character", 9)]))
        // An incremental edit on that line lands where the client put it.
        _ = client.notify("textDocument/didChange", Self.change(uri, version: 2, [(2, 9, 2, 16, "A")]))
        #expect(client.server.documents[uri]?.text == "machine M {\r    initial state A\r    A -> A on go\r}\r")
        #expect(client.diagnostics(after: 1)[uri] == [])
    }

    static let machineFile = "machine M {\n    initial state A\n    state B\n    A -> B on go\n    B -> A on back\n}\n"
    static let systemText = "system S {\n    instance I: M\n    on tick: I.go\n    on tock: I.back\n}\n"

    /// The edits of a rename, by URI, as (line, character, newText).
    static func edits(_ result: JSONValue?) -> [String: [String]] {
        var found: [String: [String]] = [:]
        guard case .object(let changes)? = result?["changes"] else { return found }
        for (uri, list) in changes {
            found[uri] = list.array?.map { edit in
                let start = edit["range"]?["start"]
                return "\(start?["line"]?.int ?? -1):\(start?["character"]?.int ?? -1)=\(edit["newText"]?.string ?? "")"
            }
        }
        return found
    }

    static func rename(_ client: Client, _ uri: String, _ line: Int, _ character: Int, to name: String) -> JSONValue? {
        client.request("textDocument/rename", .object([
            ("textDocument", .object([("uri", .string(uri))])),
            ("position", .object([("line", JSONValue(line)), ("character", JSONValue(character))])), ("newName", .string(name))]))
    }

    @Test("renaming an event renames the system steps naming it, and a step can be renamed from (item 11)")
    func renameEventInSteps() {
        let client = Client()
        client.initialize()
        let uri = "file:///w/One.lifecycle"
        client.open(uri, Self.machineFile + Self.systemText)
        // From the transition (line 3, `go` at 14): the step `I.go` on line 8 too.
        #expect(Self.edits(Self.rename(client, uri, 3, 15, to: "start")?["result"]) == [uri: ["3:14=start", "8:15=start"]])
        // From the step: prepareRename accepts it, and the rename reaches the transition.
        let prepared = client.request("textDocument/prepareRename", client.at(uri, 8, 16))?["result"]
        #expect(prepared?["placeholder"] == "go")
        #expect(Self.edits(Self.rename(client, uri, 8, 16, to: "start")?["result"]) == [uri: ["3:14=start", "8:15=start"]])
    }

    @Test("renaming a state renames it in the machine's appState line (issue 42)")
    func renameStateInAppState() {
        let client = Client()
        client.initialize()
        let uri = "file:///w/Player.lifecycle"
        client.open(uri, "machine P {\n    appState Idle: .notRunning, Busy: .runningForeground\n    initial state Idle\n    state Busy\n    Idle -> Busy on go\n    Busy -> Idle on stop\n}\n")
        #expect(client.diagnostics(after: 0)[uri] == [])
        let expected = [uri: ["1:13=Ready", "2:18=Ready", "4:4=Ready", "5:12=Ready"]]
        #expect(Self.edits(Self.rename(client, uri, 2, 19, to: "Ready")?["result"]).mapValues { $0.sorted() } == expected)
        #expect(Self.edits(Self.rename(client, uri, 1, 14, to: "Ready")?["result"]).mapValues { $0.sorted() } == expected)
    }

    @Test("renaming an event reaches the steps of open importers, and a step reaches the imported file (item 11)")
    func renameEventAcrossFiles() {
        let machineURI = "file:///w/Machine.lifecycle", systemURI = "file:///w/System.lifecycle"
        let importer = "import \"Machine.lifecycle\"\n" + Self.systemText
        do {
            let client = Client(files: ["/w/Machine.lifecycle": Self.machineFile])
            client.initialize()
            client.open(machineURI, Self.machineFile)
            client.open(systemURI, importer)
            let expected = [machineURI: ["3:14=start"], systemURI: ["3:15=start"]]
            #expect(Self.edits(Self.rename(client, machineURI, 3, 15, to: "start")?["result"]) == expected)
            #expect(Self.edits(Self.rename(client, systemURI, 3, 16, to: "start")?["result"]) == expected)
        }
        // The machine's file not open: the edit goes to it on disk.
        let client = Client(files: ["/w/Machine.lifecycle": Self.machineFile])
        client.initialize()
        client.open(systemURI, importer)
        #expect(client.request("textDocument/prepareRename", client.at(systemURI, 3, 16))?["result"]?["placeholder"] == "go")
        #expect(Self.edits(Self.rename(client, systemURI, 3, 16, to: "start")?["result"])
                == [systemURI: ["3:15=start"], machineURI: ["3:14=start"]])
    }

    @Test("a 'when' clause's state: rename reaches its machine's file and every clause, hover and definition find it (issue 26)")
    func renameStateInWhenClauses() throws {
        let machineURI = "file:///w/Machine.lifecycle", systemURI = "file:///w/System.lifecycle"
        let system = "import \"Machine.lifecycle\"\nsystem S {\n    instance I: M\n    on tick when I is A: I.go\n    on tock when I is B: I.back\n}\n"
        let client = Client(files: ["/w/Machine.lifecycle": Self.machineFile])
        client.initialize()
        client.open(machineURI, Self.machineFile)
        client.open(systemURI, system)
        #expect(client.diagnostics(after: 0)[systemURI] == [])
        // From the clause (line 3, `A` at 22): the state's declaration and transitions, and the clause.
        let expected = [machineURI: ["1:18=Ready", "3:4=Ready", "4:9=Ready"], systemURI: ["3:22=Ready"]]
        #expect(Self.edits(Self.rename(client, systemURI, 3, 22, to: "Ready")?["result"]) == expected)
        // From the machine's own file, the same edits.
        #expect(Self.edits(Self.rename(client, machineURI, 1, 19, to: "Ready")?["result"]) == expected)
        #expect(Self.rename(client, systemURI, 3, 22, to: "B")?["error"]?["message"] == "a state named 'B' already exists")
        let hover = client.request("textDocument/hover", client.at(systemURI, 3, 22))?["result"]?["contents"]?["value"]?.string
        #expect(hover == "**state** `A` of machine `M`, imported from `/w/Machine.lifecycle`")
        let definition = client.request("textDocument/definition", client.at(systemURI, 4, 22))?["result"]
        #expect(definition?["uri"] == .string(machineURI) && definition?["range"]?["start"]?["line"] == 2)
        // Completion after `when` offers the instances, after `I is` the states of I's machine.
        let typingState = "file:///w/TypingState.lifecycle", typingInstance = "file:///w/TypingInstance.lifecycle"
        client.open(typingState, system.replacingOccurrences(of: "when I is B", with: "when I is "))
        let states = client.request("textDocument/completion", client.at(typingState, 4, 22))?["result"]?["items"]?.array?.compactMap { $0["label"]?.string }
        #expect(states == ["A", "B"])
        client.open(typingInstance, system.replacingOccurrences(of: "when I is B", with: "when "))
        let instances = client.request("textDocument/completion", client.at(typingInstance, 4, 17))?["result"]?["items"]?.array?.compactMap { $0["label"]?.string }
        #expect(instances == ["I"])
    }

    @Test("renaming an event to another event of its machine is refused, as for states (item 12)")
    func renameEventToExisting() {
        let client = Client()
        client.initialize()
        let uri = "file:///w/One.lifecycle"
        client.open(uri, Self.machineFile + Self.systemText)
        let refused = Self.rename(client, uri, 3, 15, to: "back")
        #expect(refused?["error"]?["message"] == "an event named 'back' already exists in machine 'M'")
        #expect(Self.rename(client, uri, 8, 16, to: "back")?["error"] != nil, "from a step too")
    }

    @Test("an imported document closed with unsaved edits: its importers are checked against the file again (item 14)")
    func staleDiagnosticsAfterClose() {
        let shared = "protocol Shared {\n    func ping()\n}\n"
        let user = "import \"Shared.lifecycle\"\nmachine M {\n    delegate D: Shared\n    initial state A\n    A -> A on tick by system calls ping()\n}\n"
        let client = Client(files: ["/w/Shared.lifecycle": shared])
        client.initialize()
        let sharedURI = "file:///w/Shared.lifecycle", userURI = "file:///w/User.lifecycle"
        client.open(userURI, user)
        #expect(client.diagnostics(after: 0)[userURI] == [])
        client.open(sharedURI, shared)
        _ = client.diagnostics(after: 0)
        _ = client.notify("textDocument/didChange", .object([
            ("textDocument", .object([("uri", .string(sharedURI)), ("version", 2)])),
            ("contentChanges", [.object([("text", "protocol Shared {\n    func pong()\n}\n")])]),
        ]))
        #expect(client.diagnostics(after: 1)[userURI]?.first?["code"] == "unknownCallback")
        // Closed without saving: the file on disk still declares ping().
        let closed = client.notify("textDocument/didClose", .object([("textDocument", .object([("uri", .string(sharedURI))]))]))
        #expect(closed.first?["params"]?["uri"]?.string == sharedURI)
        #expect(client.diagnostics(after: 1)[userURI] == [], "User.lifecycle is published again, without the stale error")
    }

    // MARK: - Divergence

    /// The client's copy of a document, kept independently of the server's code: Unicode
    /// scalars, lines split at LF, CR LF and CR (LSP 3.17), positions counted in UTF-8 or
    /// UTF-16 units, a position inside a character taken as that character's end, a character
    /// past a line's end as the end of the line, a line past the last as the end of the text.
    struct ClientText {
        var scalars: [Unicode.Scalar]

        /// (start, end of content) of each line, in scalar indices.
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

    static let pieces = ["", "a", "Z", " ", "\n", "\r", "\r\n", "\n\r", "😀", "e\u{301}", "\u{301}", "中文", "ß", "{", "}", "->",
                         "state", "// c", "\u{1F469}\u{200D}\u{1F467}", "\"s\""]

    @Test("thousands of random incremental edits (CR, CR LF, LF, emoji, combining marks): the server's text is the client's",
          arguments: [false, true])
    func randomEditsNeverDiverge(utf8: Bool) throws {
        let client = Client()
        client.initialize(utf8: utf8)
        let uri = "file:///w/Edited.lifecycle"
        var random = SplitMix64(seed: utf8 ? 24 : 42)
        var model = ClientText(scalars: Array("machine M {\r\n    initial state A 😀\r    A -> A on go\n}\n".unicodeScalars))
        client.open(uri, model.text)
        var version = 1
        for batch in 0..<1_500 {
            var edits: [(Int, Int, Int, Int, String)] = []
            for _ in 0..<(1 + random.below(3)) {
                let lineCount = model.lines.count
                var a = (random.below(lineCount + 1), random.below(12)), b = (random.below(lineCount + 1), random.below(12))
                if random.chance(30) { b = a }
                if random.chance(10) { a.1 = 999 }
                if (b.0, b.1) < (a.0, a.1) { swap(&a, &b) }
                var text = ""
                for _ in 0..<random.below(3) { text += Self.pieces[random.below(Self.pieces.count)] }
                let start = model.index(line: a.0, character: a.1, utf8: utf8)
                let end = model.index(line: b.0, character: b.1, utf8: utf8)
                model.scalars.replaceSubrange(start..<end, with: Array(text.unicodeScalars))
                edits.append((a.0, a.1, b.0, b.1, text))
            }
            version += 1
            _ = client.notify("textDocument/didChange", Self.change(uri, version: version, edits))
            let document = try #require(client.server.documents[uri])
            guard document.bytes == Array(model.text.utf8) else {
                Issue.record("batch \(batch) (\(edits)): the server holds \(document.text.debugDescription), the client \(model.text.debugDescription)")
                return
            }
            // The same text opened afresh: the same lines, so the same positions for everything.
            let reopened = TextDocument(uri: uri, version: 0, text: Array(model.text.utf8))
            guard document.lineStarts == reopened.lineStarts else {
                Issue.record("batch \(batch): line starts \(document.lineStarts), reopened \(reopened.lineStarts)")
                return
            }
            if batch % 100 == 0 {
                // Diagnostics of the edited document and of the same text opened afresh agree.
                let fresh = "file:///w/Fresh\(batch).lifecycle"
                client.open(fresh, model.text)
                let published = client.diagnostics(after: 2)
                #expect(published[uri]?.map { $0["range"] } == published[fresh]?.map { $0["range"] }, "batch \(batch)")
                _ = client.notify("textDocument/didClose", .object([("textDocument", .object([("uri", .string(fresh))]))]))
            }
        }
    }
}
