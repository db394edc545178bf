import LifecycleSource
import LifecycleSyntax

/// The checked model: what a spec means, with every name resolved.
///
/// Generators and queries read only this, never the syntax tree. States and transitions are
/// numbered in declaration order; the graph is kept as index arrays so that every traversal is
/// linear in the size of the machine.
public struct Model: Sendable {
    /// The root spec's path, as given.
    public var path: String
    public var machines: [Machine]
    /// Every protocol and class in scope: the root file's own, imported files', UIKit's.
    public var types: [TypeInfo]
    /// The root file's own declarations, in source order (the Swift generator emits these).
    public var ownTypes: [Int]
    /// Whether the root file says `import UIKit`.
    public var importsUIKit: Bool
    /// Whether the root file says `import SwiftUI`.
    public var importsSwiftUI = false
    /// The built-in modules the spec's imports brought (`import CoreBluetooth`, and the modules
    /// they re-export), in the order they were first read: what the generated Swift imports.
    public var modules: [String] = []
    /// The deployment target: `check --platform`, else the root file's `platform`, else nil.
    public var platform: Platform? = nil
    /// The root file's systems, in declaration order.
    public var systems: [System] = []

    @inlinable public func method(_ ref: MethodRef) -> Method { types[ref.type].methods[ref.index] }

    /// The machine with this name.
    public func machine(named name: String) -> Machine? { machines.first { $0.name == name } }

    /// The system with this name.
    public func system(named name: String) -> System? { systems.first { $0.name == name } }

    /// The memberwise initializer, for the stages after this one (inlinable, as that one was).
    @inlinable package init(path: String, machines: [Machine], types: [TypeInfo], ownTypes: [Int], importsUIKit: Bool, importsSwiftUI: Bool = false, modules: [String] = [], platform: Platform? = nil, systems: [System] = []) {
        self.path = path
        self.machines = machines
        self.types = types
        self.ownTypes = ownTypes
        self.importsUIKit = importsUIKit
        self.importsSwiftUI = importsSwiftUI
        self.modules = modules
        self.platform = platform
        self.systems = systems
    }
}

/// A method of a type: `types[type].methods[index]`.
///
/// Stored as two `Int32` (8 bytes instead of 16): a spec of a million states holds millions.
public struct MethodRef: Hashable, Sendable, Comparable {
    private var storedType: Int32
    private var storedIndex: Int32

    public init(type: Int, index: Int) {
        storedType = Int32(truncatingIfNeeded: type)
        storedIndex = Int32(truncatingIfNeeded: index)
    }

    public var type: Int {
        get { Int(storedType) }
        set { storedType = Int32(truncatingIfNeeded: newValue) }
    }

    public var index: Int {
        get { Int(storedIndex) }
        set { storedIndex = Int32(truncatingIfNeeded: newValue) }
    }

    public static func < (a: MethodRef, b: MethodRef) -> Bool { (a.type, a.index) < (b.type, b.index) }
}

/// A `protocol` or `class` declaration.
public struct TypeInfo: Sendable {
    public enum Kind: String, Sendable { case `protocol`, `class` }
    public var kind: Kind
    public var name: String
    /// Parent protocols (for a protocol) or the superclass (for a class), resolved.
    public var parents: [Int]
    public var methods: [Method]
    public var properties: [Property]
    /// Where it came from: nil for the root file, else the module (`UIKit`) or file path.
    public var origin: String?
    public var range: SourceRange
    /// How Swift isolates a framework's type (`@MainActor`, `Sendable`), from its catalog; nil
    /// for a spec's own type and a framework type that is neither.
    public var isolation: TypeIsolation? = nil

    public var isImported: Bool { origin != nil }

    /// The memberwise initializer, for the stages after this one (inlinable, as that one was).
    @inlinable package init(kind: Kind, name: String, parents: [Int], methods: [Method], properties: [Property], origin: String? = nil, range: SourceRange, isolation: TypeIsolation? = nil) {
        self.kind = kind
        self.name = name
        self.parents = parents
        self.methods = methods
        self.properties = properties
        self.origin = origin
        self.range = range
        self.isolation = isolation
    }
}

/// A callback signature.
public struct Method: Sendable {
    public var name: String
    /// Swift's method-reference spelling: `scene(_:willConnectTo:options:)`.
    public var selector: String
    /// The Objective-C selector UIKit calls, when the declaration says it
    /// (`scene:willConnectToSession:options:`): what Objective-C apps print with `_cmd`.
    /// Nil when unknown; a log reader then derives it from `selector`.
    public var objcSelector: String? = nil
    public var parameters: [SwiftParameter]
    /// The parameter clause exactly as written, parentheses included.
    public var parameterText: String
    public var returnType: String?
    /// `returns "…"`: the generated body's return expression.
    public var returns: String?
    /// `body "…"`: a statement replacing the generated `super` call.
    public var body: String?
    public var isAsync: Bool
    public var isThrowing: Bool
    public var range: SourceRange
    /// `@available(…)` (for the built-in UIKit catalog: Apple's availability).
    public var availability: Availability? = nil
    /// Another method of its type has the same Swift selector and other parameter types (Swift
    /// overloads them: `CBPeripheralDelegate`'s `peripheral(_:didUpdateValueFor:error:)` for a
    /// characteristic and for a descriptor). A spec names it by its Objective-C selector.
    public var isOverloaded = false
    /// A protocol requirement of a framework that is not `optional` (a catalog's `required`): a
    /// class adopting the protocol must implement it. A spec's own protocols require every method.
    public var isRequired = false

    /// How specs, messages and every output name the method: its Swift selector, or for an
    /// overload its Objective-C selector (`peripheral:didUpdateValueForCharacteristic:error:`),
    /// which tells it from its twin.
    public var reference: String { isOverloaded ? objcSelector ?? selector : selector }

    /// The memberwise initializer, for the stages after this one (inlinable, as that one was).
    @inlinable package init(name: String, selector: String, objcSelector: String? = nil, parameters: [SwiftParameter], parameterText: String, returnType: String? = nil, returns: String? = nil, body: String? = nil, isAsync: Bool, isThrowing: Bool, range: SourceRange, availability: Availability? = nil, isOverloaded: Bool = false, isRequired: Bool = false) {
        self.name = name
        self.selector = selector
        self.objcSelector = objcSelector
        self.parameters = parameters
        self.parameterText = parameterText
        self.returnType = returnType
        self.returns = returns
        self.body = body
        self.isAsync = isAsync
        self.isThrowing = isThrowing
        self.range = range
        self.availability = availability
        self.isOverloaded = isOverloaded
        self.isRequired = isRequired
    }
}

/// A stored property a delegate declares: `var window: UIWindow?`.
public struct Property: Sendable {
    public var name: String
    public var type: String
    public var range: SourceRange

    /// The memberwise initializer, for the stages after this one (inlinable, as that one was).
    @inlinable package init(name: String, type: String, range: SourceRange) {
        self.name = name
        self.type = type
        self.range = range
    }
}

/// One lifecycle.
public struct Machine: Sendable {
    public var name: String
    public var description: String?
    public var range: SourceRange
    public var delegate: Delegate?
    /// In declaration order (a parent before its children).
    public var states: [State]
    /// In declaration order.
    public var transitions: [Transition]
    public var requirements: [Requirement]
    /// The top-level initial state.
    public var initialState: Int
    /// Transition indices by source state, in declaration order: `outgoing[state]`.
    public var outgoing: OutgoingTransitions
    /// How SwiftUI shows the machine, when its spec says (`scenePhase …`): each state's scene
    /// phase, read in its delegate, an `App` or a `View`.
    public var phases: PhaseObservation? = nil
    /// What each state looks like to a UI test, when the spec says (`appState …`): its own
    /// `XCUIApplication.State` or its nearest enclosing state's; nil where it has none.
    public var appStates: [AppState?]? = nil
    /// `entry calls …` and `exit calls …`: by state, the callbacks every transition entering or
    /// leaving it calls (empty for most machines: a step then calls only its transition's).
    public var stateCallbacks = StateCallbacks()
    /// `from f to g within 30s` (issue 43; <doc:Language>, "Time").
    public var callbackDeadlines: [CallbackDeadline] = []

    /// The state entered when `state` is the target: its initial child, recursively.
    public func entry(_ state: Int) -> Int {
        StateTree.entry(state, count: states.count) { states[$0].initialChild }
    }

    /// `state` and its ancestors, innermost first.
    public func ancestry(_ state: Int) -> [Int] {
        var chain = [state]
        var current = state
        while let parent = states[current].parent {
            chain.append(parent)
            current = parent
        }
        return chain
    }

    /// Whether `state` is `ancestor` or lies inside it.
    public func isWithin(_ state: Int, _ ancestor: Int) -> Bool {
        StateTree.isWithin(state, ancestor) { states[$0].parent }
    }

    /// The index of the state with this name.
    public func state(named name: String) -> Int? { states.firstIndex { $0.name == name } }

    /// The phase a diagram writes on `state`: where its phase is not its enclosing state's.
    public func shownPhase(_ state: Int) -> ScenePhase? {
        guard let phases = phases?.phases, let phase = phases[state] else { return nil }
        if let parent = states[state].parent, phases[parent] == phase { return nil }
        return phase
    }

    /// The memberwise initializer, for the stages after this one (inlinable, as that one was).
    @inlinable package init(name: String, description: String? = nil, range: SourceRange, delegate: Delegate? = nil, states: [State], transitions: [Transition], requirements: [Requirement], initialState: Int, outgoing: OutgoingTransitions, phases: PhaseObservation? = nil, appStates: [AppState?]? = nil, stateCallbacks: StateCallbacks = StateCallbacks(), callbackDeadlines: [CallbackDeadline] = []) {
        self.name = name
        self.description = description
        self.range = range
        self.delegate = delegate
        self.states = states
        self.transitions = transitions
        self.requirements = requirements
        self.initialState = initialState
        self.outgoing = outgoing
        self.phases = phases
        self.appStates = appStates
        self.stateCallbacks = stateCallbacks
        self.callbackDeadlines = callbackDeadlines
    }
}

/// The `entry` and `exit` callbacks of a machine's states, by state index; a state with none
/// has no entry (a machine without any costs nothing).
public struct StateCallbacks: Sendable {
    public var entry: [Int: [MethodRef]] = [:]
    public var exit: [Int: [MethodRef]] = [:]

    public init() {}

    public var isEmpty: Bool { entry.isEmpty && exit.isEmpty }

    /// Every callback of them, states in order, a state's entry before its exit.
    public var all: [MethodRef] {
        Set(entry.keys).union(exit.keys).sorted().flatMap { (entry[$0] ?? []) + (exit[$0] ?? []) }
    }
}

/// A machine observed as SwiftUI's `@Environment(\.scenePhase)` (`scenePhase Active: .active, …`).
public struct PhaseObservation: Sendable {
    /// Where the phase is read: in the `App` (the aggregate of every scene: active if any is,
    /// else inactive if any is, else background) or in a `View` (the phase of its scene).
    public enum Scope: String, Sendable { case app, scene }
    public var scope: Scope
    /// `phases[state]`: the phase a state is observed as, its own or its nearest enclosing
    /// state's; nil where it has none.
    public var phases: [ScenePhase?]
    /// The first `scenePhase` word of the machine.
    public var range: SourceRange

    /// The memberwise initializer, for the stages after this one (inlinable, as that one was).
    @inlinable package init(scope: Scope, phases: [ScenePhase?], range: SourceRange) {
        self.scope = scope
        self.phases = phases
        self.range = range
    }
}

/// Transition indices grouped by source state, kept in one array with per-state offsets
/// (compressed sparse rows) rather than one small array per state: a million states cost two
/// allocations instead of a million. Read it like an array of arrays: `outgoing[state]`.
/// Offsets and indices are `Int32` (a spec holds far fewer than 2^31 transitions): half the
/// bytes of `Int` for graph passes that read them in random order.
public struct OutgoingTransitions: Sendable {
    /// State `s`'s transitions are `indices[starts[s]..<starts[s + 1]]`.
    package private(set) var starts: [Int32]
    package private(set) var indices: [Int32]

    /// Groups transitions `0..<sources.count` by source, keeping declaration order within each
    /// state; `sources[t]` is transition `t`'s source state, in `0..<stateCount`, or -1 for a
    /// transition left out.
    public init(sources: [Int32], stateCount: Int) {
        var starts = [Int32](repeating: 0, count: stateCount + 1)
        var kept = 0
        for source in sources where source >= 0 {
            starts[Int(source) + 1] += 1
            kept += 1
        }
        for state in 0..<stateCount { starts[state + 1] += starts[state] }
        var fill = starts
        var indices = [Int32](repeating: 0, count: kept)
        for (transition, source) in sources.enumerated() where source >= 0 {
            indices[Int(fill[Int(source)])] = Int32(transition)
            fill[Int(source)] += 1
        }
        self.starts = starts
        self.indices = indices
    }

    /// The transitions leaving `state`, in declaration order.
    public subscript(state: Int) -> LazyMapCollection<ArraySlice<Int32>, Int> {
        indices[Int(starts[state])..<Int(starts[state + 1])].lazy.map { Int($0) }
    }

    /// Whether no transition leaves `state`.
    public func isEmpty(_ state: Int) -> Bool { starts[state] == starts[state + 1] }

    /// How many states there are.
    public var count: Int { starts.count - 1 }
}

/// The class that receives a machine's callbacks.
public struct Delegate: Sendable {
    public var name: String
    /// The adopted types as written, resolved: a class first (the superclass), then protocols.
    public var adopted: [Int]
    public var superclass: Int?
    public var range: SourceRange
    /// Whether some adopted name did not resolve (its callbacks are then not judged).
    public var isIncomplete = false
    /// `delegate open Name`: the app subclasses it, so the generated class is not `final`.
    public var isOpen = false

    /// The memberwise initializer, for the stages after this one (inlinable, as that one was).
    @inlinable package init(name: String, adopted: [Int], superclass: Int? = nil, range: SourceRange, isIncomplete: Bool = false, isOpen: Bool = false) {
        self.name = name
        self.adopted = adopted
        self.superclass = superclass
        self.range = range
        self.isIncomplete = isIncomplete
        self.isOpen = isOpen
    }
}

/// A state of a machine: one per state the spec declares.
///
/// Its stored properties, like ``Transition``'s, have no initial value, and its optionals are
/// spelled `Optional<…>`, which Swift does not set to `nil` before an initializer runs. Otherwise
/// the explicit initializer first stores the defaults and then overwrites them, and a target that
/// builds the value then copies the whole of it (retaining each field) into the array it goes to:
/// with `Transition`'s copies, 3.5% of `check` at 10^5 states.
public struct State: Sendable {
    public enum Kind: Sendable { case normal, initial, final }
    public var name: String
    public var description: Optional<String>
    public var kind: Kind
    public var parent: Optional<Int>
    public var children: [Int]
    public var initialChild: Optional<Int>
    public var range: SourceRange
    /// `within 20s "reason"` (issue 43): the machine must leave the state in time.
    public var deadline: Optional<Deadline>

    @inlinable public var isFinal: Bool { kind == .final }
    @inlinable public var isComposite: Bool { !children.isEmpty }

    /// The memberwise initializer, for the stages after this one (inlinable, as that one was).
    @inlinable package init(name: String, description: String? = nil, kind: Kind, parent: Int? = nil, children: [Int], initialChild: Int? = nil, range: SourceRange, deadline: Deadline? = nil) {
        self.name = name
        self.description = description
        self.kind = kind
        self.parent = parent
        self.children = children
        self.initialChild = initialChild
        self.range = range
        self.deadline = deadline
    }
}

/// A transition of a machine. Its stored properties are written as ``State``'s are, and for the
/// same reason.
public struct Transition: Sendable {
    public enum Trigger: String, Sendable { case user, system }
    public var source: Int
    public var target: Int
    public var event: Optional<String>
    public var trigger: Optional<Trigger>
    /// An internal transition (`internal on event …` inside a state): it fires in `source` or
    /// any state inside it and leaves the machine in the leaf it is in (`source == target`).
    public var isInternal: Bool
    /// In the order UIKit calls them. A slice of one array holding every transition's
    /// callbacks, rather than an array per transition (a million allocations at 10^6 states).
    public var callbacks: ArraySlice<MethodRef>
    public var description: Optional<String>
    public var range: SourceRange
    /// `after 5s` (issue 43): the system takes the transition once the machine has stayed that
    /// long in `source`, unless another transition leaves it first. A timed transition is taken
    /// by time, never by sending its event.
    public var delay: Optional<TimeSpan>

    /// The memberwise initializer, for the stages after this one (inlinable, as that one was).
    @inlinable package init(source: Int, target: Int, event: String? = nil, trigger: Trigger? = nil, isInternal: Bool = false, callbacks: ArraySlice<MethodRef>, description: String? = nil, range: SourceRange, delay: TimeSpan? = nil) {
        self.source = source
        self.target = target
        self.event = event
        self.trigger = trigger
        self.isInternal = isInternal
        self.callbacks = callbacks
        self.description = description
        self.range = range
        self.delay = delay
    }
}

/// `require callback "reason"`.
public struct Requirement: Sendable {
    public var callback: MethodRef
    public var reason: String?
    public var range: SourceRange

    /// The memberwise initializer, for the stages after this one (inlinable, as that one was).
    @inlinable package init(callback: MethodRef, reason: String? = nil, range: SourceRange) {
        self.callback = callback
        self.reason = reason
        self.range = range
    }
}

/// How Swift isolates a framework's protocol or class (Swift 6 language mode).
public enum TypeIsolation: String, Sendable {
    /// `@MainActor`: UIKit's and AppKit's delegates, `UIViewController`, WebKit's delegates. The
    /// generated class is `@MainActor` too.
    case mainActor
    /// A `Sendable` protocol the framework calls from any queue (`URLSessionDelegate`): the
    /// generated class is `final` and holds no unprotected mutable state, and in a `@MainActor`
    /// class its methods are `nonisolated`.
    case sendable
}
