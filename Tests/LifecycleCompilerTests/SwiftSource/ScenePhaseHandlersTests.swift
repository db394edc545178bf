import Testing
import LifecycleCompiler

/// `ScenePhaseHandlers`: which phase changes an `onChange(of: scenePhase)` action tells apart,
/// in every form of the action and of its branches.
@Suite struct ScenePhaseHandlersTests {
    static func handlers(_ source: String) -> [ScenePhaseHandler] {
        let file = SourceFile(id: FileID(0), path: "App.swift", bytes: Array(source.utf8))
        return ScenePhaseHandlers.scan(file, types: SwiftSourceScanner(source: source).scan())
    }

    /// The changes of a typical phase machine: interruption, return, going to and from the background.
    static let changes = [PhaseChange(old: .inactive, new: .active), PhaseChange(old: .active, new: .inactive),
                          PhaseChange(old: .inactive, new: .background), PhaseChange(old: .background, new: .inactive)]

    /// The changes of `changes` that one of `source`'s handlers tells apart.
    static func told(_ source: String) -> [PhaseChange] {
        let found = handlers(source)
        return changes.filter { change in found.contains { $0.distinguishingBranch(change, among: changes) != nil } }
    }

    /// An `App` whose handler switches over `(oldPhase, newPhase)`, ending in `default:`; the
    /// tuple-switch tests and the line-end tests read the same file.
    static let tupleSwitchApp = """
        struct A: App {
            @Environment(\\.scenePhase) private var scenePhase
            var body: some Scene {
                WindowGroup { Text("") }
                .onChange(of: scenePhase) { oldPhase, newPhase in
                    switch (oldPhase, newPhase) {
                    case (.inactive, .active): refresh()
                    case (_, .background): save()
                    case (.active, _), (_, _): break
                    default: break
                    }
                }
            }
        }
        """

    /// The 19 bytes of `source` where a handler's new case goes.
    static func atInsertion(_ handler: ScenePhaseHandler?, in source: String) -> String? {
        handler?.caseInsertion.map { String(decoding: Array(source.utf8)[$0.offset..<($0.offset + 19)], as: UTF8.self) }
    }

    @Test("two parameters, a tuple switch: each case tells its change apart; a case list is one branch; default tells nothing alone")
    func tupleSwitch() {
        let source = Self.tupleSwitchApp
        let found = Self.handlers(source)
        #expect(found.count == 1 && found[0].owner == "A" && found[0].isRead)
        // `case (.active, _), (_, _):` is one case: its body runs for both patterns, so it tells
        // nothing apart (reading its patterns as two branches passed '.active → .inactive').
        #expect(Self.told(source) == [Self.changes[0], Self.changes[2]])
        // The case goes before `default:`, indented as the cases are.
        #expect(found[0].caseInsertion?.indentation == "            ")
        #expect(Self.atInsertion(found[0], in: source) == "            default")
    }

    /// Issue 44: where a case goes was found only after an LF, so a file with lone-CR (old
    /// Mac) line ends got no fix-it; every kind of line end gets the same insertion.
    @Test("a case insertion in a file with CR or CR LF line ends", arguments: ["\r", "\r\n"])
    func caseInsertionWithEveryLineEnd(_ lineEnd: String) {
        let source = Self.tupleSwitchApp.replacingOccurrences(of: "\n", with: lineEnd)
        let found = Self.handlers(source)
        #expect(found.first?.caseInsertion?.indentation == "            ")
        #expect(Self.atInsertion(found.first, in: source) == "            default")
        #expect(Self.told(source) == Self.told(Self.tupleSwitchApp))
    }

    @Test("one parameter: the new phase; the captured or read 'scenePhase' is the old one")
    func oneParameter() {
        let captured = """
        struct V: View {
            @Environment(\\.scenePhase) var phase
            var body: some View {
                Text("").onChange(of: phase) { [oldPhase = phase] newPhase in
                    if oldPhase == .background && newPhase == .inactive { reopened() }
                }
            }
        }
        """
        #expect(Self.told(captured) == [Self.changes[3]])
        // Without a capture, the closure reads the old value of the property (Apple's documentation).
        let read = """
        struct V: View {
            @Environment(\\.scenePhase) var scenePhase
            var body: some View {
                Text("").onChange(of: scenePhase) { newPhase in
                    guard scenePhase == .active, newPhase == .inactive else { return }
                    pause()
                }
            }
        }
        """
        #expect(Self.told(read) == [Self.changes[1]])
    }

    @Test("no parameter: 'scenePhase' is the new phase; a comparison outside a condition is a branch")
    func noParameter() {
        let source = """
        struct V: View {
            @Environment(\\.scenePhase) private var scenePhase
            var body: some View {
                TimerView().onChange(of: scenePhase) {
                    model.isTimerRunning = (scenePhase == .active)
                }
            }
        }
        """
        #expect(Self.told(source) == [Self.changes[0]])
    }

    @Test("a switch on the new phase alone, nested conditions, '!=', '||' and 'ScenePhase.x'")
    func branchesAndNesting() {
        let source = """
        struct A: App {
            @Environment(\\.scenePhase) private var scenePhase
            var body: some Scene {
                WindowGroup { Text("") }
                .onChange(of: scenePhase, initial: false) { old, new in
                    switch new {
                    case .inactive:
                        // Told apart only inside the 'if': from the background.
                        if old != .active { reopened() }
                    case ScenePhase.background:
                        save()
                    default:
                        break
                    }
                    if old == .inactive || new == .inactive { log() }
                }
            }
        }
        """
        // `case .inactive` alone matches two changes; nested with `old != .active` it matches one.
        // `case ScenePhase.background` matches one. The '||' branches match two each.
        #expect(Self.told(source) == [Self.changes[2], Self.changes[3]])
    }

    @Test("not phase handlers: another value's onChange, an onChange of a property not read from the environment")
    func otherValues() {
        let source = """
        struct V: View {
            @State private var text = ""
            @Environment(\\.colorScheme) private var colorScheme
            var body: some View {
                TextEditor(text: $text)
                    .onChange(of: text) { old, new in if new == .active { } }
                    .onChange(of: colorScheme) { _, new in }
            }
        }
        """
        #expect(Self.handlers(source).isEmpty)
    }

    @Test("an action passed by name is a handler whose branches are not read")
    func actionByName() {
        let source = """
        struct A: App {
            @Environment(\\.scenePhase) private var scenePhase
            var body: some Scene {
                WindowGroup { Text("") }.onChange(of: scenePhase, perform: handle)
            }
        }
        """
        let found = Self.handlers(source)
        #expect(found.count == 1 && !found[0].isRead && found[0].branches.isEmpty)
    }

    @Test("a handler of many conditions is read up to the bound, and nested handlers are not walked twice: linear time")
    func hostileSizes() {
        func handler(_ conditions: Int) -> String {
            "struct A: App {\n@Environment(\\.scenePhase) var scenePhase\nvar body: some Scene { WindowGroup { }.onChange(of: scenePhase) { old, new in\n"
                + String(repeating: "if new == .active && old == .inactive { if if if }\n", count: conditions) + "} }\n}\n"
        }
        let found = Self.handlers(handler(5_000))
        #expect(found.count == 1 && found[0].branches.count == ScenePhaseHandlers.maximumBranches)
        func nested(_ depth: Int) -> String {
            "struct A: App {\n@Environment(\\.scenePhase) var scenePhase\nvar body: some Scene { WindowGroup { }"
                + String(repeating: ".onChange(of: scenePhase) { old, new in if new == .active { }\nText(\"\")", count: depth)
                + String(repeating: "}", count: depth) + " }\n}\n"
        }
        #expect(Self.handlers(nested(50)).count == 1)
        let small = handler(5_000), large = handler(20_000)
        let conditions = Scaling.ratio(small: { _ = Self.handlers(small) }, large: { _ = Self.handlers(large) })
        #expect(conditions.ratio < 8, "many conditions: ×\(conditions.ratio) for 4× the input")
        let shallow = nested(1_000), deep = nested(4_000)
        let nesting = Scaling.ratio(small: { _ = Self.handlers(shallow) }, large: { _ = Self.handlers(deep) })
        #expect(nesting.ratio < 8, "nested handlers: ×\(nesting.ratio) for 4× the input")
    }

    /// A handler's action whose body is `body` repeated `count` times.
    static func action(_ body: String, _ count: Int, closing: String = "") -> String {
        "struct A: App {\n@Environment(\\.scenePhase) var scenePhase\nvar body: some Scene { WindowGroup { }.onChange(of: scenePhase) { old, new in\n"
            + String(repeating: body, count: count) + closing + "} }\n}\n"
    }

    /// Hostile shapes of `n` repetitions, each once quadratic.
    static func shape(_ name: String, _ n: Int) -> String {
        switch name {
        case "braceless if": action("if new == .active && old == .inactive\n", n)
        case "braceless guard": action("guard new == .active ", n)
        case "braceless switch": action("switch (old, new)\n", n)
        case "nested switches": action("switch (old, new) { case (.inactive, .active): ", n, closing: String(repeating: "}", count: n))
        default: String(repeating: "@Environment(", count: n) + String(repeating: ")", count: n) + action("if new == .active { }\n", 1)
        }
    }

    @Test("conditions and switches without a brace, nested switches and nested @Environment( arguments: linear time",
          arguments: ["braceless if", "braceless guard", "braceless switch", "nested switches", "nested environments"])
    func hostileShapes(_ name: String) {
        let small = Self.shape(name, 5_000), large = Self.shape(name, 20_000)
        #expect(Self.handlers(large).count == 1, "\(name): the handler is still found")
        let scaling = Scaling.ratio(small: { _ = Self.handlers(small) }, large: { _ = Self.handlers(large) })
        #expect(scaling.ratio < 8, "\(name): ×\(scaling.ratio) for 4× the input")
    }

    @Test("truncated and hostile code never traps", arguments: 0..<3)
    func hostile(_ seed: Int) {
        let source = """
        struct A: App { @Environment(\\.scenePhase) var scenePhase
        var body: some Scene { WindowGroup { }.onChange(of: scenePhase) { oldPhase, newPhase in
        switch (oldPhase, newPhase) { case (.active, .inactive): if newPhase == .
        """
        var generator = SystemRandomNumberGenerator()
        for cut in 0...source.utf8.count {
            let prefix = String(decoding: Array(source.utf8).prefix(cut), as: UTF8.self)
            _ = Self.handlers(prefix)
            if seed > 0, cut % 7 == 0 {
                var bytes = Array(prefix.utf8)
                if !bytes.isEmpty { bytes[Int.random(in: 0..<bytes.count, using: &generator)] = [UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "(")].randomElement(using: &generator)! }
                _ = Self.handlers(String(decoding: bytes, as: UTF8.self))
            }
        }
    }
}
