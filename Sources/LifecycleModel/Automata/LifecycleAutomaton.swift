import LifecycleSyntax

/// Something whose callbacks a log or a monitor can follow: it is in a configuration, and each
/// step it can take from there calls some callbacks, in order, and lands in another
/// configuration.
///
/// `Conformance`, `LogReader`, `TestPlan` and `MonitorTables` work on this protocol only, so
/// a machine (`MachineAutomaton`: a configuration is a leaf state) and a system of machine
/// instances (a configuration is one state per instance; a callback names its instance) plug
/// into the same search. Everything is numbered: callbacks by their index in `callbacks`,
/// steps by their index in `steps(from:)`, which must list them in the same order every time.
public protocol LifecycleAutomaton {
    associatedtype Configuration: Hashable & Sendable

    /// What a log line or a monitor names, numbered: index `i` is callback `i`.
    var callbacks: [LoggedCallback] { get }
    /// The instances callbacks belong to (empty for a lone machine): what a log line names
    /// besides the callback, e.g. `1st` in `1st viewWillAppear`.
    var instances: [LoggedInstance] { get }
    /// What the automaton is called in messages: `Scene`.
    var name: String { get }
    var initialConfiguration: Configuration { get }
    /// The steps possible in `configuration`, always in the same order.
    func steps(from configuration: Configuration) -> [AutomatonStep<Configuration>]
    /// How a message names `configuration`: `'Background'`, or `Root=Appeared, Second=Created`
    /// in a system (`System.describe`, as `simulate`, `trace` and `paths` write it).
    func describe(_ configuration: Configuration) -> String
}

extension LifecycleAutomaton {
    /// How a message names a run inside `step` from `configuration`, its callbacks half
    /// logged: `partway through 'push' (from 'A' to 'B'): some of its callbacks are logged, the
    /// rest are still to come`. Every command that says it says it this way.
    public func describe(partway step: AutomatonStep<Configuration>, from configuration: Configuration) -> String {
        "partway through '\(step.label)' (from \(describe(configuration)) to \(describe(step.target))): some of its callbacks are logged, the rest are still to come"
    }
}

/// One step: an event (or the declared transition, when it has no event) and what it calls.
public struct AutomatonStep<Configuration: Hashable & Sendable>: Sendable {
    /// How a test plan or a note names the step: the event, `1st.push` in a system, or
    /// `A -> B` for a transition with no event.
    public var label: String
    /// Indices into `LifecycleAutomaton.callbacks`, in the order they are called.
    public var callbacks: [Int]
    public var target: Configuration
    /// What the step is, for rendering (a machine's transition index, with the state it fires from).
    public var transition: Int
    public var from: Int
}

/// A callback as a log names it: its selector, and the instance it belongs to in a system.
/// Or, in a machine mapped with `scenePhase`, a change of scene phase, which a log names by the
/// phases (`scenePhase: active`, `.inactive -> .active`) rather than a selector.
public struct LoggedCallback: Sendable, Hashable {
    /// Index into `LifecycleAutomaton.instances`; nil for a lone machine.
    public var instance: Int?
    /// `scene(_:willConnectTo:options:)`; for a phase change, how messages name it
    /// (`scenePhase .active → .inactive`).
    public var selector: String
    /// The phase change it is, if it is one.
    public var phase: PhaseChange?

    public init(instance: Int?, selector: String) {
        self.instance = instance
        self.selector = selector
    }

    /// A change of scene phase.
    public init(phase: PhaseChange) {
        self.instance = nil
        self.selector = "scenePhase " + phase.text
        self.phase = phase
    }

    /// `scene`: the selector up to its parenthesis (an overload's Objective-C selector, up to
    /// its first colon).
    public var baseName: Substring { selector.prefix { $0 != "(" && $0 != ":" } }

    /// Whether a log may name it by its base name alone (`viewWillAppear`): it takes at most
    /// one argument. `scene(_:willConnectTo:options:)` must be written in full.
    public var knownByBaseName: Bool { selector.utf8.count { $0 == UInt8(ascii: ":") } <= 1 }
}

/// Numbers callbacks in the order they are first met: the same callback (of the same instance)
/// always gets the same index in `callbacks`.
struct CallbackNumbering {
    private(set) var callbacks: [LoggedCallback] = []
    private var numbers: [LoggedCallback: Int] = [:]

    mutating func number(_ selector: String, instance: Int?) -> Int {
        number(LoggedCallback(instance: instance, selector: selector))
    }

    mutating func number(_ callback: LoggedCallback) -> Int {
        if let known = numbers[callback] { return known }
        numbers[callback] = callbacks.count
        callbacks.append(callback)
        return callbacks.count - 1
    }
}

/// An instance of a system, as a log line names it: any of `names` (its label, `1st`, and its
/// name, `First`).
public struct LoggedInstance: Sendable, Equatable {
    public var names: [String]
    public init(names: [String]) { self.names = names }
}

/// A lone machine: a configuration is the leaf state it is in. Steps are the ones
/// `MachineStepper` makes there (<doc:Semantics>), each calling its transition's callbacks.
///
/// In a machine mapped with `scenePhase`, a step first "calls" the phase changes it makes
/// (`Machine.phaseChanges(of:)`), then its callbacks: what an app that prints its phases logs.
public struct MachineAutomaton: LifecycleAutomaton, Sendable {
    public let model: Model
    public let machine: Machine
    public let stepper: MachineStepper
    public let callbacks: [LoggedCallback]
    public var instances: [LoggedInstance] { [] }
    /// `callbackIDs[t]`: transition `t`'s callbacks as indices into `callbacks`.
    let callbackIDs: [[Int]]
    /// Each phase change's index in `callbacks` (empty without phases).
    let phaseIDs: [PhaseChange: Int]
    /// Each method's index in `callbacks`, in a machine with `entry` or `exit` callbacks
    /// (empty otherwise: a step's list is then its transition's, `callbackIDs`).
    let stateCallbackIDs: [MethodRef: Int]

    /// - Parameter phases: whether phase changes are callbacks (not for a monitor, which
    ///   UIKit's callbacks feed).
    public init(model: Model, machine: Machine, phases: Bool = true) {
        self.model = model
        self.machine = machine
        stepper = MachineStepper(machine)
        var numbering = CallbackNumbering()
        var phaseIDs: [PhaseChange: Int] = [:]
        if phases && machine.phases != nil {
            for changes in machine.phaseChangesByTransition(stepper) {
                for change in changes where phaseIDs[change] == nil {
                    phaseIDs[change] = numbering.number(LoggedCallback(phase: change))
                }
            }
        }
        callbackIDs = machine.transitions.map { transition in
            transition.callbacks.map { numbering.number(model.method($0).reference, instance: nil) }
        }
        // `entry` and `exit` callbacks make a step's list depend on where it fires from
        // (`Machine.callbacks(of:)`): numbered here, looked up by method in `steps(from:)`.
        var stateCallbackIDs: [MethodRef: Int] = [:]
        if !machine.stateCallbacks.isEmpty {
            for transition in machine.transitions {
                for ref in transition.callbacks { stateCallbackIDs[ref] = numbering.number(model.method(ref).reference, instance: nil) }
            }
            for ref in machine.stateCallbacks.all { stateCallbackIDs[ref] = numbering.number(model.method(ref).reference, instance: nil) }
        }
        self.stateCallbackIDs = stateCallbackIDs
        callbacks = numbering.callbacks
        self.phaseIDs = phaseIDs
    }

    public var name: String { machine.name }
    public var initialConfiguration: Int { stepper.start }

    public func steps(from state: Int) -> [AutomatonStep<Int>] {
        stepper.steps(from: state).map { automatonStep($0) }
    }

    /// `step` as the search sees it: its label and what it calls (also a timed transition's
    /// step, which `TimedConformance` takes when it comes due).
    package func automatonStep(_ step: QueryStep) -> AutomatonStep<Int> {
        let transition = machine.transitions[step.transition]
        let label = transition.event
            ?? "\(machine.states[transition.source].name) -> \(machine.states[transition.target].name)"
        let changes = phaseIDs.isEmpty ? [] : machine.phaseChanges(of: step).compactMap { phaseIDs[$0] }
        let called = stateCallbackIDs.isEmpty ? callbackIDs[step.transition]
            : machine.callbacks(of: step).map { stateCallbackIDs[$0]! }
        return AutomatonStep(label: label, callbacks: changes.isEmpty ? called : changes + called,
                             target: step.to, transition: step.transition, from: step.from)
    }

    public func describe(_ state: Int) -> String { "'\(machine.states[state].name)'" }
}
