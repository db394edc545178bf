import Foundation
import Testing
import LifecycleCompiler
@testable import LifecycleLanguageServer
import SpecGeneration

/// The language server in process: dispatch, lifecycle of the session, debounced diagnostics,
/// and the features on the examples. (`Tests/LanguageServerClientTests` drives the real
/// binary with a real LSP client.)
@Suite struct LanguageServerTests {
    /// Frames messages in, parses messages out.
    final class Client {
        let server: LanguageServer
        var now = 0.0
        var nextID = 1
        var files: [String: String]

        init(files: [String: String] = [:]) {
            self.files = files
            let table = files
            server = LanguageServer { path in table[path].map { .success(Array($0.utf8)) } ?? .failure(LoadFailure("no such file")) }
        }

        func messages(_ bytes: [UInt8]) -> [JSONValue] {
            var framer = MessageFramer()
            framer.append(bytes)
            var result: [JSONValue] = []
            while let item = framer.next() {
                if case .body(let body) = item, case .success(let value) = JSONValue.parse(body) { result.append(value) }
            }
            return result
        }

        func send(_ text: String) -> [JSONValue] { messages(server.receive(MessageFramer.frame(text), now: now)) }

        func send(_ message: JSONValue) -> [JSONValue] { send(message.serialized()) }

        func request(_ method: String, _ params: JSONValue = .object([])) -> JSONValue? {
            let id = nextID
            nextID += 1
            let replies = send(.object([("jsonrpc", "2.0"), ("id", JSONValue(id)), ("method", .string(method)), ("params", params)]))
            return replies.first { $0["id"] == JSONValue(id) }
        }

        func notify(_ method: String, _ params: JSONValue) -> [JSONValue] {
            send(.object([("jsonrpc", "2.0"), ("method", .string(method)), ("params", params)]))
        }

        func initialize(utf8: Bool = false) {
            let general: JSONValue = utf8 ? .object([("positionEncodings", ["utf-8", "utf-16"])]) : .object([])
            _ = request("initialize", .object([("capabilities", .object([("general", general)]))]))
            _ = notify("initialized", .object([]))
        }

        func open(_ uri: String, _ text: String) {
            _ = notify("textDocument/didOpen", .object([("textDocument", .object([
                ("uri", .string(uri)), ("languageId", "lifecycle"), ("version", 1), ("text", .string(text))]))]))
        }

        /// Advances the clock and returns the diagnostics published by then, by URI.
        func diagnostics(after seconds: Double) -> [String: [JSONValue]] {
            now += seconds
            var result: [String: [JSONValue]] = [:]
            for message in messages(server.tick(now: now)) where message["method"] == "textDocument/publishDiagnostics" {
                result[message["params"]?["uri"]?.string ?? ""] = message["params"]?["diagnostics"]?.array
            }
            return result
        }

        func at(_ uri: String, _ line: Int, _ character: Int) -> JSONValue {
            .object([("textDocument", .object([("uri", .string(uri))])),
                     ("position", .object([("line", JSONValue(line)), ("character", JSONValue(character))]))])
        }
    }

    static let sceneURI = "file:///specs/Scene.lifecycle"
    static func example(_ name: String) throws -> String {
        try String(contentsOf: Repository.examples.appendingPathComponent(name), encoding: .utf8)
    }

    /// Line and character of the first occurrence of `needle` (plus `offset` characters).
    static func position(of needle: String, in text: String, offset: Int = 0) -> (Int, Int) {
        let lines = text.components(separatedBy: "\n")
        for (index, line) in lines.enumerated() {
            if let range = line.range(of: needle) { return (index, line.utf16.distance(from: line.startIndex, to: range.lowerBound) + offset) }
        }
        return (0, 0)
    }

    @Test("hover text of an availability: introduced, deprecated with its replacement, the attribute")
    func availabilityHover() throws {
        let text = #"@available(iOS, introduced: 4.0, deprecated: 26.0, renamed: "sceneDidBecomeActive(_:)")"#
        guard case .success(let availability) = Availability.parse(
            arguments: #"iOS, introduced: 4.0, deprecated: 26.0, renamed: "sceneDidBecomeActive(_:)""#, text: text) else {
            Issue.record("the attribute does not parse")
            return
        }
        #expect(LanguageServer.availabilityText(availability) == """
            **Availability:** iOS 4.0+; deprecated in iOS 26.0: use 'sceneDidBecomeActive(_:)' instead

            `\(text)`
            """)
    }

    @Test("hover text of a deprecation with a message: Apple's message verbatim, in quotes")
    func deprecationMessageHover() throws {
        let message = "Use UIScene lifecycle and sceneDidBecomeActive(_:) from UISceneDelegate or the UIApplication.didBecomeActiveNotification instead."
        let text = #"@available(iOS, introduced: 2.0, deprecated: 26.0, message: ""# + message + #"")"#
        guard case .success(let availability) = Availability.parse(
            arguments: String(text.dropFirst("@available(".count).dropLast()), text: text) else {
            Issue.record("the attribute does not parse")
            return
        }
        #expect(LanguageServer.availabilityText(availability) == """
            **Availability:** iOS 2.0+; deprecated in iOS 26.0: "\(message)"

            `\(text)`
            """)
    }

    @Test("session: requests before initialize, unknown methods, shutdown and exit")
    func session() {
        let client = Client()
        #expect(client.request("textDocument/hover")?["error"]?["code"] == JSONValue(RPCErrorCode.serverNotInitialized.rawValue))
        let initialize = client.request("initialize", .object([("capabilities", .object([]))]))
        #expect(initialize?["result"]?["capabilities"]?["textDocumentSync"]?["change"] == 2)
        #expect(initialize?["result"]?["capabilities"]?["positionEncoding"] == "utf-16")
        #expect(client.request("initialize")?["error"] != nil)
        #expect(client.request("workspace/frobnicate")?["error"]?["code"] == JSONValue(RPCErrorCode.methodNotFound.rawValue))
        #expect(client.notify("workspace/frobnicate", .object([])).isEmpty)
        #expect(client.request("textDocument/hover", .object([]))?["error"]?["code"] == JSONValue(RPCErrorCode.invalidParams.rawValue))
        #expect(client.send("{oops")[0]["error"]?["code"] == JSONValue(RPCErrorCode.parseError.rawValue))
        #expect(client.send("[]")[0]["error"]?["code"] == JSONValue(RPCErrorCode.invalidRequest.rawValue))
        #expect(client.request("shutdown")?["result"] == .null)
        #expect(client.request("textDocument/hover")?["error"]?["code"] == JSONValue(RPCErrorCode.invalidRequest.rawValue))
        _ = client.notify("exit", .null)
        #expect(client.server.exitStatus == 0)
    }

    @Test("session: exit without shutdown is status 1, and so is the client going away")
    func exitWithoutShutdown() {
        let client = Client()
        client.initialize()
        _ = client.notify("exit", .null)
        #expect(client.server.exitStatus == 1)
        let other = Client()
        other.initialize()
        #expect(other.server.endOfInput() == 1)
    }

    @Test("diagnostics: published on open, debounced on change, with the checker's ids and notes")
    func diagnostics() throws {
        let client = Client()
        client.initialize()
        let text = try Self.example("SceneLifecycle.lifecycle")
        client.open(Self.sceneURI, text)
        #expect(client.diagnostics(after: 0)[Self.sceneURI]?.isEmpty == true)
        // A typo, typed one character at a time: nothing is published until typing pauses.
        let (line, character) = Self.position(of: "-> Foreground on reopen", in: text, offset: 3)
        for (index, letter) in "Foregrund".enumerated() {
            _ = client.notify("textDocument/didChange", .object([
                ("textDocument", .object([("uri", .string(Self.sceneURI)), ("version", JSONValue(index + 2))])),
                ("contentChanges", [.object([
                    ("range", .object([("start", .object([("line", JSONValue(line)), ("character", JSONValue(character + index))])),
                                       ("end", .object([("line", JSONValue(line)), ("character", JSONValue(character + index + (index == 0 ? 10 : 0)))]))])),
                    ("text", .string(String(letter)))])]),
            ]))
            #expect(client.diagnostics(after: 0.01).isEmpty)
        }
        let published = client.diagnostics(after: LanguageServer.debounce)[Self.sceneURI] ?? []
        #expect(published.count == 1)
        #expect(published.first?["code"] == "unknownState")
        #expect(published.first?["message"]?.string == "unknown state 'Foregrund'; did you mean 'Foreground'?")
        #expect(published.first?["relatedInformation"]?.array?.first?["message"] == "'Foreground' declared here")
        #expect(published.first?["range"]?["start"] == .object([("line", JSONValue(line)), ("character", JSONValue(character))]))
        // The fix-it is a quick fix.
        let actions = client.request("textDocument/codeAction", .object([
            ("textDocument", .object([("uri", .string(Self.sceneURI))])),
            ("range", published.first?["range"] ?? .null), ("context", .object([("diagnostics", .array(published))]))]))
        let edit = actions?["result"]?.array?.first?["edit"]?["changes"]?[Self.sceneURI]?.array?.first
        #expect(edit?["newText"] == "Foreground")
    }

    @Test("diagnostics: a burst of 1,000 changes gives one publication, within the maximum delay")
    func burst() throws {
        let client = Client()
        client.initialize()
        client.open(Self.sceneURI, try Self.example("SceneLifecycle.lifecycle"))
        _ = client.diagnostics(after: 0)
        var published = 0
        for index in 0..<1_000 {
            _ = client.notify("textDocument/didChange", .object([
                ("textDocument", .object([("uri", .string(Self.sceneURI)), ("version", JSONValue(index + 2))])),
                ("contentChanges", [.object([
                    ("range", .object([("start", .object([("line", 0), ("character", 0)])), ("end", .object([("line", 0), ("character", 0)]))])),
                    ("text", index % 2 == 0 ? "/" : "/")])]),
            ]))
            published += client.diagnostics(after: 0.001).count
        }
        #expect(published <= 1, "at most one publication forced by the maximum delay")
        published += client.diagnostics(after: 1).count
        #expect((1...2).contains(published))
        #expect(client.server.documents[Self.sceneURI]?.bytes.prefix(1_000).allSatisfy { $0 == UInt8(ascii: "/") } == true)
    }

    @Test("diagnostics: a change to an imported file re-checks the open files importing it")
    func importers() {
        let client = Client()
        client.initialize()
        let shared = "protocol Shared {\n    func ping()\n}\n"
        let user = "import \"Shared.lifecycle\"\nmachine M {\n    delegate D: Shared\n    initial state A\n    A -> A on tick by system calls ping()\n}\n"
        client.open("file:///w/Shared.lifecycle", shared)
        client.open("file:///w/User.lifecycle", user)
        let first = client.diagnostics(after: 0)
        #expect(first["file:///w/User.lifecycle"]?.isEmpty == true)
        _ = client.notify("textDocument/didChange", .object([
            ("textDocument", .object([("uri", "file:///w/Shared.lifecycle"), ("version", 2)])),
            ("contentChanges", [.object([("text", "protocol Shared {\n    func pong()\n}\n")])]),
        ]))
        let second = client.diagnostics(after: 1)
        #expect(second["file:///w/User.lifecycle"]?.first?["code"] == "unknownCallback")
    }

    @Test("definition: a system's step on an imported machine's event, and its 'when' state, go to the imported file")
    func importedMachineDefinitions() {
        let client = Client()
        client.initialize()
        let shared = "machine Job {\n    initial state Idle\n    state Busy\n    Idle -> Busy on start\n    Busy -> Idle on stop\n}\n"
        let user = "import \"Shared.lifecycle\"\nsystem Jobs {\n    instance J: Job\n    on go by user when J is Busy: J.stop\n}\n"
        client.open("file:///w/Shared.lifecycle", shared)
        client.open("file:///w/User.lifecycle", user)
        func definition(_ needle: String, _ offset: Int) -> JSONValue? {
            let (line, character) = Self.position(of: needle, in: user, offset: offset)
            return client.request("textDocument/definition", client.at("file:///w/User.lifecycle", line, character))?["result"]
        }
        // `J.stop`: the imported machine's first transition on `stop` (line 4 of Shared).
        let event = definition("J.stop", 3)
        #expect(event?["uri"] == JSONValue.string("file:///w/Shared.lifecycle"), "\(String(describing: event))")
        #expect(event?["range"]?["start"]?["line"]?.int == 4 && event?["range"]?["start"]?["character"]?.int == 20, "\(String(describing: event))")
        // `J is Busy`: the state's declaration (line 2 of Shared).
        let state = definition("is Busy", 4)
        #expect(state?["uri"] == JSONValue.string("file:///w/Shared.lifecycle"), "\(String(describing: state))")
        #expect(state?["range"]?["start"]?["line"]?.int == 2 && state?["range"]?["start"]?["character"]?.int == 10, "\(String(describing: state))")
    }

    @Test("a document over the size limit is refused with a diagnostic, not analysed")
    func hugeDocuments() {
        let client = Client()
        client.initialize()
        let big = String(repeating: "// filler line\n", count: (LanguageServer.maximumDocumentSize / 15) + 1)
        client.open("file:///big.lifecycle", big)
        let published = client.diagnostics(after: 0)["file:///big.lifecycle"]
        #expect(published?.first?["code"] == "documentTooLarge")
        #expect(client.request("textDocument/hover", client.at("file:///big.lifecycle", 0, 0))?["error"] != nil)
        // A 20 MB document that fits is analysed: `Tests/LanguageServerClientTests` (the real binary).
    }

    @Test("hover, definition, references, completion, rename, symbols, formatting on an example")
    func features() throws {
        let client = Client()
        client.initialize()
        let text = try Self.example("SceneLifecycle.lifecycle")
        client.open(Self.sceneURI, text)
        // Hover on a state: description and transitions.
        let (stateLine, stateCharacter) = Self.position(of: "state Background", in: text, offset: 7)
        let stateHover = client.request("textDocument/hover", client.at(Self.sceneURI, stateLine, stateCharacter))?["result"]?["contents"]?["value"]?.string ?? ""
        #expect(stateHover.contains("Off screen; code may still run.") && stateHover.contains("Outgoing") && stateHover.contains("Incoming"))
        // An internal transition neither leaves nor enters its state: listed apart, once.
        let (runningLine, runningCharacter) = Self.position(of: "state Running", in: text, offset: 7)
        let running = client.request("textDocument/hover", client.at(Self.sceneURI, runningLine, runningCharacter))?["result"]?["contents"]?["value"]?.string ?? ""
        let internalList = running.components(separatedBy: "Internal (the state is neither left nor entered):").last ?? ""
        #expect(internalList.contains("- `internal` in `Running` on `newSession` by user"), "\(running)")
        #expect(running.components(separatedBy: "newSession").count == 2, "\(running)")
        // Hover on a callback: the UIKit signature, owner and doc text.
        let (callLine, callCharacter) = Self.position(of: "calls sceneDidBecomeActive", in: text, offset: 8)
        let callbackHover = client.request("textDocument/hover", client.at(Self.sceneURI, callLine, callCharacter))?["result"]?["contents"]?["value"]?.string ?? ""
        #expect(callbackHover.contains("func sceneDidBecomeActive(_ scene: UIScene)"))
        #expect(callbackHover.contains("protocol `UISceneDelegate` (UIKit, iOS 26.2 SDK); Objective-C `sceneDidBecomeActive:`"), "\(callbackHover)")
        // …and Apple's availability from the catalog.
        #expect(callbackHover.contains("**Availability:** iOS 13.0+"), "\(callbackHover)")
        // …and the catalog's description of it, above its attributes.
        #expect(callbackHover.contains("Now active: restart what was paused."), "\(callbackHover)")
        #expect(callbackHover.contains("`@available("))
        // Definition of a callback: the catalog, a virtual document.
        let definition = client.request("textDocument/definition", client.at(Self.sceneURI, callLine, callCharacter))?["result"]?.array?.first
        #expect(definition?["uri"] == JSONValue.string(LanguageServer.catalogURI))
        let catalog = client.request("lifecycle/catalog")?["result"]?["text"]?.string ?? ""
        let catalogLine = definition?["range"]?["start"]?["line"]?.int ?? -1
        #expect(catalog.components(separatedBy: "\n").dropFirst(catalogLine).first?.contains("func sceneDidBecomeActive") == true)
        // Definition of a state reference: its declaration.
        let (refLine, refCharacter) = Self.position(of: "Inactive   -> Active", in: text, offset: 15)
        let stateDefinition = client.request("textDocument/definition", client.at(Self.sceneURI, refLine, refCharacter))?["result"]?.array?.first
        #expect(stateDefinition?["range"]?["start"]?["line"]?.int == Self.position(of: "state Active", in: text).0)
        // References to the state Active: its declaration and four transitions.
        let references = client.request("textDocument/references", .object([
            ("textDocument", .object([("uri", .string(Self.sceneURI))])), ("position", .object([("line", JSONValue(refLine)), ("character", JSONValue(refCharacter))])),
            ("context", .object([("includeDeclaration", true)]))]))?["result"]?.array
        #expect(references?.count == 5)
        // Completion after `calls`: the delegate's protocols' methods, with full selectors.
        let (completionLine, completionCharacter) = Self.position(of: "calls sceneDidBecomeActive", in: text, offset: 6)
        let items = client.request("textDocument/completion", client.at(Self.sceneURI, completionLine, completionCharacter))?["result"]?["items"]?.array ?? []
        let labels = items.compactMap { $0["label"]?.string }
        #expect(labels.contains("scene(_:willConnectTo:options:)") && labels.contains("sceneDidBecomeActive(_:)"))
        #expect(!labels.contains("applicationDidBecomeActive(_:)"), "only the delegate's protocols")
        #expect(items.first { $0["label"] == "scene(_:willConnectTo:options:)" }?["detail"]?.string?.contains("connectionOptions") == true)
        // Completion after `by`.
        let (byLine, byCharacter) = Self.position(of: "on activate            by ", in: text, offset: 26)
        let triggers = client.request("textDocument/completion", client.at(Self.sceneURI, byLine, byCharacter))?["result"]?["items"]?.array?.compactMap { $0["label"]?.string }
        #expect(triggers == ["user", "system"])
        // Rename a state: every occurrence in its machine.
        let rename = client.request("textDocument/rename", .object([
            ("textDocument", .object([("uri", .string(Self.sceneURI))])), ("position", .object([("line", JSONValue(refLine)), ("character", JSONValue(refCharacter))])),
            ("newName", "Running")]))
        #expect(rename?["result"]?["changes"]?[Self.sceneURI]?.array?.count == 5)
        let badRename = client.request("textDocument/rename", .object([
            ("textDocument", .object([("uri", .string(Self.sceneURI))])), ("position", .object([("line", JSONValue(refLine)), ("character", JSONValue(refCharacter))])),
            ("newName", "state")]))
        #expect(badRename?["error"] != nil)
        // Symbols: machines with nested states.
        let symbols = client.request("textDocument/documentSymbol", .object([("textDocument", .object([("uri", .string(Self.sceneURI))]))]))?["result"]?.array
        #expect(symbols?.map { $0["name"]?.string } == ["AppSessions", "Scene"])
        let foreground = symbols?[1]["children"]?.array?.first { $0["name"] == "Foreground" }
        #expect(foreground?["children"]?.array?.compactMap { $0["name"]?.string } == ["Inactive", "Active"])
        // Formatting: the example is formatted already.
        #expect(client.request("textDocument/formatting", .object([("textDocument", .object([("uri", .string(Self.sceneURI))])), ("options", .object([]))]))?["result"] == .array([]))
        // Semantic tokens: five integers per token.
        let data = client.request("textDocument/semanticTokens/full", .object([("textDocument", .object([("uri", .string(Self.sceneURI))]))]))?["result"]?["data"]?.array
        #expect((data?.count ?? 0) > 100 && (data?.count ?? 1) % 5 == 0)
    }

    @Test("SwiftUI: hover on 'scenePhase', a phase and 'import SwiftUI'; completion of phases and states; rename reaches the mapping; the SwiftUI catalog")
    func swiftUI() throws {
        let client = Client()
        client.initialize()
        let uri = "file:///specs/SwiftUILifecycle.lifecycle"
        let text = try Self.example("SwiftUILifecycle.lifecycle")
        client.open(uri, text)
        func hover(_ needle: String, _ offset: Int = 0) -> String {
            let (line, character) = Self.position(of: needle, in: text, offset: offset)
            return client.request("textDocument/hover", client.at(uri, line, character))?["result"]?["contents"]?["value"]?.string ?? ""
        }
        // The word: where the phase is read, and every state's phase.
        let word = hover("scenePhase Inactive", 2)
        #expect(word.contains("read in `NotesApp`, an `App`, it is the app's aggregate phase"), "\(word)")
        #expect(word.contains("- `NotRunning`: no phase") && word.contains("- `Active`: `.active`"), "\(word)")
        // The second machine's, in the line after its delegate's.
        let (windowLine, _) = Self.position(of: "delegate ContentView: View", in: text)
        let windowWord = client.request("textDocument/hover", client.at(uri, windowLine + 1, 6))?["result"]?["contents"]?["value"]?.string ?? ""
        #expect(windowWord.contains("read in `ContentView`, a `View`, it is the phase of the scene that shows the view"), "\(windowWord)")
        // A phase: Apple's meaning.
        #expect(hover("Active: .active", 10).contains("**scene phase** `.active`: the scene is in the foreground and interactive"))
        // The module, and a view modifier from the SwiftUI catalog.
        #expect(hover("import SwiftUI", 8).contains("**import** `SwiftUI`"))
        let task = hover("on push     by user calls onAppear(perform:), task(priority:_:)", 47)  // inside `task`
        #expect(task.contains("declared in protocol `View` (SwiftUI, iOS 26.2 SDK)") && task.contains("**Availability:** iOS 15.0+"), "\(task)")
        // Definition of `SwiftUI` and of a modifier: the SwiftUI catalog's virtual document.
        let (importLine, importCharacter) = Self.position(of: "import SwiftUI", in: text, offset: 8)
        let module = client.request("textDocument/definition", client.at(uri, importLine, importCharacter))?["result"]
        #expect(module?["uri"] == JSONValue.string(LanguageServer.swiftUICatalogURI))
        let catalog = client.request("lifecycle/catalog", .object([("uri", .string(LanguageServer.swiftUICatalogURI))]))?["result"]?["text"]?.string ?? ""
        #expect(catalog.contains("func onAppear(perform action: (() -> Void)? = nil)"))
        // Completion: the phases after ':', the states after 'scenePhase'.
        let edited = text.replacingOccurrences(of: "scenePhase Inactive: .inactive, Active: .active, Background: .background\n\n    initial state NotRunning",
                                               with: "scenePhase Inactive: \n\n    initial state NotRunning")
        client.open("file:///specs/Edited.lifecycle", edited)
        let (phaseLine, phaseCharacter) = Self.position(of: "scenePhase Inactive: ", in: edited, offset: 21)
        let phases = client.request("textDocument/completion", client.at("file:///specs/Edited.lifecycle", phaseLine, phaseCharacter))?["result"]?["items"]?.array
        #expect(phases?.compactMap { $0["label"]?.string } == [".active", ".inactive", ".background"])
        let (stateLine, stateCharacter) = Self.position(of: "scenePhase Inactive: ", in: edited, offset: 11)
        let states = client.request("textDocument/completion", client.at("file:///specs/Edited.lifecycle", stateLine, stateCharacter))?["result"]?["items"]?.array?.compactMap { $0["label"]?.string }
        #expect(states?.contains("Background") == true && states?.contains("NotRunning") == true, "\(states ?? [])")
        // Renaming a state renames it in the mapping too: declaration, mapping, two transitions.
        let (refLine, refCharacter) = Self.position(of: "Inactive   -> Active     on activate           by system \"UIKit makes", in: text, offset: 15)
        let rename = client.request("textDocument/rename", .object([
            ("textDocument", .object([("uri", .string(uri))])), ("position", .object([("line", JSONValue(refLine)), ("character", JSONValue(refCharacter))])),
            ("newName", "Running")]))
        let edits = rename?["result"]?["changes"]?[uri]?.array ?? []
        #expect(edits.contains { $0["range"]?["start"]?["line"]?.int == Self.position(of: "Active: .active", in: text).0 })
    }

    @Test("systems: document symbols list them with their instances; completion after 'X.' offers X's events")
    func systems() {
        let client = Client()
        client.initialize()
        let uri = "file:///specs/Two.lifecycle"
        let text = """
        machine Player {
            initial state Idle
            state Playing
            Idle    -> Playing on play by user
            Playing -> Idle    on stop by user
            Playing -> Playing on seek by user
        }
        machine Light {
            initial state Off
            Off -> Off on blink by system
        }
        system Two "two players" {
            instance A: Player "first"
            instance L: Light
            on start by user: A.play, A.stop, L.blink "go"
        }

        """
        client.open(uri, text)
        let symbols = client.request("textDocument/documentSymbol", .object([("textDocument", .object([("uri", .string(uri))]))]))?["result"]?.array
        #expect(symbols?.map { $0["name"]?.string } == ["Player", "Light", "Two"])
        let two = symbols?.last
        #expect(two?["detail"] == "two players")
        #expect(two?["children"]?.array?.compactMap { $0["name"]?.string } == ["A", "L"])
        #expect(two?["children"]?.array?.first?["detail"] == "Player \"first\"")
        // After `A.`: Player's events, each once, in order; after `L.`: Light's.
        let (aLine, aCharacter) = Self.position(of: "A.play", in: text, offset: 2)
        let events = client.request("textDocument/completion", client.at(uri, aLine, aCharacter))?["result"]?["items"]?.array?.compactMap { $0["label"]?.string }
        #expect(events == ["play", "stop", "seek"])
        let (lLine, lCharacter) = Self.position(of: "L.blink", in: text, offset: 4)
        let lightEvents = client.request("textDocument/completion", client.at(uri, lLine, lCharacter))?["result"]?["items"]?.array?.compactMap { $0["label"]?.string }
        #expect(lightEvents == ["blink"])
    }

    @Test("hostile input: random bytes and random JSON never crash the server", arguments: 0..<4)
    func fuzz(seed: Int) {
        let client = Client()
        client.initialize()
        var random = SplitMix64(seed: UInt64(seed))
        let methods = ["textDocument/hover", "textDocument/completion", "textDocument/definition", "textDocument/rename",
                       "textDocument/didOpen", "textDocument/didChange", "textDocument/semanticTokens/full", "textDocument/formatting",
                       "textDocument/documentSymbol", "textDocument/codeAction", "textDocument/references"]
        client.open("file:///f.lifecycle", "machine M {\n    initial state A\n    A -> A on x by user\n}\n")
        for _ in 0..<300 {
            let method = methods[random.below(methods.count)]
            let line = JSONValue(random.below(6) - 1), character = JSONValue(random.below(30) - 2)
            let params: JSONValue = .object([
                ("textDocument", .object([("uri", random.chance(80) ? "file:///f.lifecycle" : "file:///nope"), ("version", 9), ("text", "machine")])),
                ("position", .object([("line", line), ("character", character)])),
                ("range", .object([("start", .object([("line", line), ("character", character)])), ("end", .object([("line", 1), ("character", 3)]))])),
                ("contentChanges", [.object([("range", .object([("start", .object([("line", line), ("character", character)])), ("end", .object([("line", 0), ("character", 1)]))])), ("text", "x -> {")])]),
                ("newName", random.chance(50) ? "B" : "1x"),
            ])
            _ = random.chance(50) ? client.request(method, params).map { [$0] } ?? [] : client.notify(method, params)
            var noise = [UInt8]()
            for _ in 0..<random.below(40) { noise.append(UInt8(truncatingIfNeeded: random.below(256))) }
            _ = client.server.receive(MessageFramer.frame(String(decoding: noise, as: UTF8.self)), now: client.now)
        }
        #expect(client.request("shutdown")?["result"] == .null)
    }
}
