/// A system of machine instances as an automaton: a configuration is one leaf state per
/// instance (a `ComposedStepper` state), a step is a system event that happens entirely there,
/// and its callbacks are every step's callbacks, each tagged with its instance, in the order
/// UIKit calls them. A log names an instance by its label (`1st`) or its name (`Root`).
///
/// Only the callbacks some system event can call are numbered (per instance, in the order of
/// its machine's transitions): a callback no event calls cannot be logged by a run.
/// An event that starts and then fails at a later step is not a step (`check` reports it).
public struct SystemAutomaton: LifecycleAutomaton, Sendable {
    public let system: System
    public let stepper: ComposedStepper
    public let callbacks: [LoggedCallback]
    public let instances: [LoggedInstance]
    /// `callbackIDs[i][t]`: transition `t` of instance `i`'s machine, its callbacks as indices
    /// into `callbacks` (empty for transitions no event fires on the instance).
    let callbackIDs: [[[Int]]]
    /// Per instance whose machine has `entry` or `exit` callbacks, each method's index in
    /// `callbacks` (empty for the others, whose steps read `callbackIDs`).
    let stateCallbackIDs: [[MethodRef: Int]]

    public init(model: Model, system: System) {
        self.system = system
        self.stepper = ComposedStepper(system: system)
        // Per instance, the events the system fires on it.
        var fired = [Set<String>](repeating: [], count: system.instances.count)
        for event in system.events {
            for step in event.steps {
                if case .fire(let name) = step.action { fired[step.instance].insert(name) }
            }
        }
        var numbering = CallbackNumbering()
        callbackIDs = system.instances.indices.map { instance in
            system.machine(of: instance).transitions.map { transition in
                guard let event = transition.event, fired[instance].contains(event) else { return [] }
                return transition.callbacks.map { numbering.number(model.method($0).reference, instance: instance) }
            }
        }
        // `entry` and `exit` callbacks: a step's list depends on where it fires from
        // (`Machine.callbacks(of:)`), so those instances' steps are looked up by method.
        var stateCallbackIDs = [[MethodRef: Int]](repeating: [:], count: system.instances.count)
        for instance in system.instances.indices where !system.machine(of: instance).stateCallbacks.isEmpty {
            let machine = system.machine(of: instance)
            for transition in machine.transitions {
                guard let event = transition.event, fired[instance].contains(event) else { continue }
                for ref in transition.callbacks { stateCallbackIDs[instance][ref] = numbering.number(model.method(ref).reference, instance: instance) }
            }
            for ref in machine.stateCallbacks.all { stateCallbackIDs[instance][ref] = numbering.number(model.method(ref).reference, instance: instance) }
        }
        self.stateCallbackIDs = stateCallbackIDs
        callbacks = numbering.callbacks
        self.instances = system.instances.map { instance in
            LoggedInstance(names: (instance.label.map { [$0] } ?? []) + (instance.label == instance.name ? [] : [instance.name]))
        }
    }

    public var name: String { system.name }
    public var initialConfiguration: [Int32] { stepper.initial }

    public func steps(from configuration: [Int32]) -> [AutomatonStep<[Int32]>] {
        system.events.indices.compactMap { event in
            let firing = stepper.fire(event, from: configuration)
            guard firing.outcome == .done else { return nil }
            var called: [Int] = []
            for step in firing.steps {
                guard let transition = step.transition else { continue }
                if stateCallbackIDs[step.instance].isEmpty {
                    called += callbackIDs[step.instance][transition]
                } else {
                    let machine = system.machine(of: step.instance)
                    called += machine.callbacks(of: QueryStep(from: step.from, transition: transition, to: step.to))
                        .map { stateCallbackIDs[step.instance][$0]! }
                }
            }
            return AutomatonStep(label: system.events[event].name, callbacks: called, target: firing.state,
                                 transition: event, from: 0)
        }
    }

    /// `Root=Appeared, Second=Loaded`, as every command writes a composed state.
    public func describe(_ configuration: [Int32]) -> String { system.describe(configuration) }
}
