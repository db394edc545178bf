/// Every word the language gives a meaning, in one table: the reserved keywords the lexer
/// matches (`Keyword`), the contextual ones the parser reads as keywords only where the
/// grammar names them (`ContextualKeyword`), and the two attributes.
///
/// The lexer, the parser, the formatter, completion, hover and the test that keeps the
/// TextMate grammar in step read this table; no other file of the front end spells a keyword
/// as a string literal (`KeywordTableTests` checks it).
public enum KeywordTable {
    /// One word of the language.
    public struct Entry: Sendable {
        public enum Word: Equatable, Sendable {
            case reserved(Keyword)
            case contextual(ContextualKeyword)
            /// `@available` or `@objc`.
            case attribute
        }

        public var word: Word
        /// The word as written.
        public var text: String
        /// Where a statement may begin with it (what completion offers on an empty line).
        public var starts: [Place]
        /// What completion inserts when it starts a statement (`initial state`), if not `text`.
        public var completionLabel: String?
        /// One line for hover and completion.
        public var summary: String
    }

    /// The kinds of block a statement can be in.
    public enum Place: Equatable, Sendable {
        /// The top level of a file.
        case file
        /// A machine's or a state's body.
        case machineBody
        /// A system's body.
        case systemBody
        /// A protocol's, class's or extension's body.
        case typeBody
    }

    public static let entries: [Entry] = [
        Entry(word: .reserved(.import), text: Keyword.import.text, starts: [.file], summary: "imports UIKit's catalog or another spec file"),
        Entry(word: .contextual(.platform), text: ContextualKeyword.platform.text, starts: [.file],
              summary: "the deployment target: `platform iOS 15.0`"),
        Entry(word: .reserved(.machine), text: Keyword.machine.text, starts: [.file], summary: "declares a state machine"),
        Entry(word: .contextual(.system), text: ContextualKeyword.system.text, starts: [.file],
              summary: "declares a system: instances of machines driven together (also a trigger: `by system`)"),
        Entry(word: .reserved(.protocol), text: Keyword.protocol.text, starts: [.file], summary: "declares a delegate protocol and its callbacks"),
        Entry(word: .reserved(.class), text: Keyword.class.text, starts: [.file], summary: "declares a class and its overridable methods"),
        Entry(word: .contextual(.extension), text: ContextualKeyword.extension.text, starts: [.file],
              summary: "adds members to a protocol or class declared elsewhere"),
        Entry(word: .reserved(.state), text: Keyword.state.text, starts: [.machineBody], summary: "declares a state"),
        Entry(word: .reserved(.initial), text: Keyword.initial.text, starts: [.machineBody], completionLabel: "initial state",
              summary: "the state a machine (or a composite state) starts in"),
        Entry(word: .reserved(.final), text: Keyword.final.text, starts: [.machineBody], completionLabel: "final state",
              summary: "a state the machine ends in"),
        Entry(word: .contextual(.internal), text: ContextualKeyword.internal.text, starts: [.machineBody],
              completionLabel: "internal on", summary: "a transition that stays in its state: no exit, no entry"),
        Entry(word: .contextual(.entry), text: ContextualKeyword.entry.text, starts: [.machineBody],
              completionLabel: "entry calls", summary: "callbacks every transition into the state calls, after its own (outermost state first)"),
        Entry(word: .contextual(.exit), text: ContextualKeyword.exit.text, starts: [.machineBody],
              completionLabel: "exit calls", summary: "callbacks every transition out of the state calls, before its own (innermost state first)"),
        Entry(word: .contextual(.scenePhase), text: ContextualKeyword.scenePhase.text, starts: [.machineBody],
              summary: "which state is which SwiftUI scene phase: `scenePhase Active: .active, …`"),
        Entry(word: .contextual(.appState), text: ContextualKeyword.appState.text, starts: [.machineBody],
              summary: "what each state looks like to a UI test, as `XCUIApplication.State`: `appState Background: .runningBackground, …`"),
        Entry(word: .reserved(.delegate), text: Keyword.delegate.text, starts: [.machineBody],
              summary: "the class that implements the machine's callbacks, and what it adopts"),
        Entry(word: .contextual(.open), text: ContextualKeyword.open.text, starts: [],
              summary: "after `delegate`: the app subclasses the delegate class, so it is generated without `final`"),
        Entry(word: .reserved(.require), text: Keyword.require.text, starts: [.machineBody],
              summary: "a callback the delegate must implement"),
        Entry(word: .reserved(.on), text: Keyword.on.text, starts: [.systemBody], summary: "the event a transition (or a system event) fires on"),
        Entry(word: .reserved(.by), text: Keyword.by.text, starts: [], summary: "who triggers the event: `user` or `system`"),
        Entry(word: .reserved(.calls), text: Keyword.calls.text, starts: [], summary: "the callbacks a transition calls, in order"),
        Entry(word: .contextual(.user), text: ContextualKeyword.user.text, starts: [], summary: "the user triggers it (solid edge)"),
        Entry(word: .contextual(.instance), text: ContextualKeyword.instance.text, starts: [.systemBody],
              summary: "an instance of a machine in a system: `instance Name: Machine`"),
        Entry(word: .contextual(.when), text: ContextualKeyword.when.text, starts: [],
              summary: "the states a system event needs its instances in: `on go when Home is Shown: …`"),
        Entry(word: .contextual(.and), text: ContextualKeyword.and.text, starts: [], summary: "another condition of a `when` clause"),
        Entry(word: .contextual(.is), text: ContextualKeyword.is.text, starts: [],
              summary: "in a `when` clause: the instance is in that state (or a state inside it)"),
        Entry(word: .contextual(.after), text: ContextualKeyword.after.text, starts: [],
              summary: "a timed transition: the system takes it once the machine has stayed that long in its source: `after 5s`"),
        Entry(word: .contextual(.within), text: ContextualKeyword.within.text, starts: [],
              summary: "a deadline: the state must be left, or the second callback called, within the time: `within 20s`"),
        Entry(word: .contextual(.from), text: ContextualKeyword.from.text, starts: [.machineBody],
              summary: "a deadline between two callbacks: `from f to g within 30s`"),
        Entry(word: .contextual(.to), text: ContextualKeyword.to.text, starts: [], summary: "the callback that ends a `from` deadline"),
        Entry(word: .contextual(.new), text: ContextualKeyword.new.text, starts: [],
              summary: "a system step that starts a fresh instance: `new Instance`"),
        Entry(word: .attribute, text: "@available", starts: [.typeBody], summary: "the callback's availability, as Swift writes it"),
        Entry(word: .attribute, text: "@objc", starts: [.typeBody], summary: "the callback's Objective-C selector"),
        Entry(word: .reserved(.func), text: Keyword.func.text, starts: [.typeBody], summary: "declares a method (a callback)"),
        Entry(word: .reserved(.var), text: Keyword.var.text, starts: [.typeBody], summary: "declares a property"),
        Entry(word: .contextual(.async), text: ContextualKeyword.async.text, starts: [], summary: "the method is asynchronous"),
        Entry(word: .contextual(.throws), text: ContextualKeyword.throws.text, starts: [], summary: "the method throws"),
        Entry(word: .reserved(.returns), text: Keyword.returns.text, starts: [],
              summary: "the value a generated method body returns"),
        Entry(word: .contextual(.body), text: ContextualKeyword.body.text, starts: [], summary: "the generated method body"),
        Entry(word: .contextual(.get), text: ContextualKeyword.get.text, starts: [], summary: "the property can be read"),
        Entry(word: .contextual(.set), text: ContextualKeyword.set.text, starts: [], summary: "the property can be written"),
    ]

    /// The entry of a word as written, if the language gives it a meaning.
    public static func entry(_ text: some StringProtocol) -> Entry? {
        entries.first { $0.text == text }
    }

    /// The entry of a reserved keyword.
    public static func entry(_ keyword: Keyword) -> Entry { entries.first { $0.word == .reserved(keyword) }! }

    /// The entry of a contextual keyword.
    public static func entry(_ word: ContextualKeyword) -> Entry { entries.first { $0.word == .contextual(word) }! }

    /// The words that may start a statement in `place`, in the table's order.
    public static func statementWords(in place: Place) -> [Entry] { entries.filter { $0.starts.contains(place) } }

    /// The words of the attributes, `@available` and `@objc`.
    public static let attributes: [String] = entries.filter { $0.word == .attribute }.map(\.text)
}

/// The reserved words of the language, which the lexer matches (`Lexer.keyword(word:)`); the
/// others are `ContextualKeyword`s.
public enum Keyword: UInt8, CaseIterable, Sendable {
    case `import`, machine, delegate, state, initial, final, on, by, calls, require
    case `protocol`, `class`, `func`, `var`, returns

    /// The keyword as written in source.
    public var text: String { "\(staticText)" }

    /// The keyword as written, for comparisons that make no `String`.
    public var staticText: StaticString {
        switch self {
        case .import: "import"
        case .machine: "machine"
        case .delegate: "delegate"
        case .state: "state"
        case .initial: "initial"
        case .final: "final"
        case .on: "on"
        case .by: "by"
        case .calls: "calls"
        case .require: "require"
        case .protocol: "protocol"
        case .class: "class"
        case .func: "func"
        case .var: "var"
        case .returns: "returns"
        }
    }
}

/// Words that are keywords only where the grammar names them, and ordinary names everywhere
/// else (a state may be called `system`, an event `new`), so no existing spec changes meaning
/// when one is added.
public enum ContextualKeyword: UInt8, CaseIterable, Sendable {
    /// `platform iOS 15.0` at the top level.
    case platform
    /// `system Name {` at the top level; `by system` after `by`.
    case system
    /// `instance Name: Machine` at the start of a system member.
    case instance
    /// `new Instance`, a system step.
    case new
    /// `internal on event` in a state's body.
    case `internal`
    /// `extension Type {` at the top level.
    case `extension`
    /// `by user`.
    case user
    /// `func f() async throws` in a protocol or class.
    case async, `throws`
    /// `func f() body "…"`.
    case body
    /// `var p: T { get set }`.
    case get, set
    /// `scenePhase State: .phase, …` in a machine's or state's body.
    case scenePhase
    /// `appState State: .runningForeground, …` in a machine's or state's body.
    case appState
    /// `on go when Home is Shown and Menu is Closed: …` in a system.
    case when, and, `is`
    /// `after 5s` on a transition; `within 20s` on a state; `from f to g within 30s` in a body (issue 43).
    case after, within, from, to
    /// `delegate open Name`: a delegate class the app subclasses (not generated `final`).
    case open
    /// `entry calls …` and `exit calls …` in a state's body.
    case entry, exit

    /// The word as written.
    public var text: String { "\(staticText)" }

    /// The word as written, for comparisons that make no `String`.
    public var staticText: StaticString {
        switch self {
        case .platform: "platform"
        case .system: "system"
        case .instance: "instance"
        case .new: "new"
        case .internal: "internal"
        case .extension: "extension"
        case .user: "user"
        case .async: "async"
        case .throws: "throws"
        case .body: "body"
        case .get: "get"
        case .set: "set"
        case .scenePhase: "scenePhase"
        case .appState: "appState"
        case .when: "when"
        case .and: "and"
        case .is: "is"
        case .after: "after"
        case .within: "within"
        case .from: "from"
        case .to: "to"
        case .open: "open"
        case .entry: "entry"
        case .exit: "exit"
        }
    }
}
