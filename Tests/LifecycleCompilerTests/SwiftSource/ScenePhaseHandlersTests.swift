import Testing
@testable import LifecycleCompiler

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

    @Test("two parameters, a tuple switch: each case tells its change apart; '_' and default tell nothing alone")
    func tupleSwitch() {
        let source = """
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
        let found = Self.handlers(source)
        #expect(found.count == 1 && found[0].owner == "A" && found[0].isRead)
        // (.active, _) matches only (.active, .inactive) among these changes.
        #expect(Self.told(source) == [Self.changes[0], Self.changes[1], Self.changes[2]])
        // The case goes before `default:`, indented as the cases are.
        let insertion = found[0].caseInsertion
        #expect(insertion?.indentation == "            ")
        #expect(insertion.map { Array(source.utf8)[$0.offset..<($0.offset + 19)] }.map { String(decoding: $0, as: UTF8.self) } == "            default")
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
