import LifecycleSource

/// A checked system: instances of machines, and system events that drive them together.
///
/// `machines` holds each machine the instances use once (a machine of the spec itself or one
/// it imports), so a system is complete on its own: `ComposedStepper` needs nothing else.
public struct System: Sendable {
    public var name: String
    public var description: String?
    public var range: SourceRange
    /// The machines of the instances, each once, in order of first use.
    public var machines: [Machine]
    /// In declaration order.
    public var instances: [Instance]
    /// In declaration order.
    public var events: [SystemEvent]

    /// The machine of instance `instance`.
    public func machine(of instance: Int) -> Machine { machines[instances[instance].machine] }

    public func instance(named name: String) -> Int? { instances.firstIndex { $0.name == name } }

    public func event(named name: String) -> Int? { events.firstIndex { $0.name == name } }

    /// A composed state as every command writes it (`simulate`, `trace`, `paths`, `conform`,
    /// the monitors): each instance with its leaf state, `Root=Appeared, Second=Created`; a leaf
    /// inside composites with them, `Main=Active (in Foreground)`.
    public func describe(_ state: [Int32]) -> String {
        instances.indices.map { index in
            let machine = machine(of: index)
            let leaf = Int(state[index])
            let outer = machine.ancestry(leaf).dropFirst().map { machine.states[$0].name }
            let name = machine.states[leaf].name
            return "\(instances[index].name)=" + (outer.isEmpty ? name : "\(name) (in \(outer.joined(separator: ", in ")))")
        }.joined(separator: ", ")
    }

    /// The memberwise initializer, for the stages after this one (inlinable, as that one was).
    @inlinable package init(name: String, description: String? = nil, range: SourceRange, machines: [Machine], instances: [Instance], events: [SystemEvent]) {
        self.name = name
        self.description = description
        self.range = range
        self.machines = machines
        self.instances = instances
        self.events = events
    }
}

/// `instance Second: ViewController "2st"`.
public struct Instance: Sendable {
    public var name: String
    /// The string after the machine: how logs name the instance.
    public var label: String?
    /// Its machine: `System.machines[machine]`.
    public var machine: Int
    public var range: SourceRange

    /// The memberwise initializer, for the stages after this one (inlinable, as that one was).
    @inlinable package init(name: String, label: String? = nil, machine: Int, range: SourceRange) {
        self.name = name
        self.label = label
        self.machine = machine
        self.range = range
    }
}

/// `on push by user when Home is Shown: new Second, Second.load, … "description"`.
///
/// The event is possible in a composed state when its conditions hold there and every step
/// can be applied in turn (<doc:Language>, "Systems"): the steps are its guard, and a `when`
/// clause says where the author expects it, which `check` holds the steps to.
public struct SystemEvent: Sendable {
    public var name: String
    public var trigger: Transition.Trigger?
    public var description: String?
    /// The `when` clause, in order; empty without one.
    public var conditions: [SystemCondition] = []
    /// Applied in order.
    public var steps: [SystemStep]
    public var range: SourceRange

    /// The memberwise initializer, for the stages after this one (inlinable, as that one was).
    @inlinable package init(name: String, trigger: Transition.Trigger? = nil, description: String? = nil, conditions: [SystemCondition] = [], steps: [SystemStep], range: SourceRange) {
        self.name = name
        self.trigger = trigger
        self.description = description
        self.conditions = conditions
        self.steps = steps
        self.range = range
    }
}

/// `Home is Shown` in a `when` clause: instance `instance` is in state `state` of its machine
/// or in a state inside it.
public struct SystemCondition: Sendable, Equatable {
    public var instance: Int
    public var state: Int
    public var range: SourceRange

    /// The memberwise initializer, for the stages after this one (inlinable, as that one was).
    @inlinable package init(instance: Int, state: Int, range: SourceRange) {
        self.instance = instance
        self.state = state
        self.range = range
    }
}

/// `Second.load` or `new Second`.
public struct SystemStep: Sendable, Equatable {
    public enum Action: Sendable, Equatable {
        /// Fire this event on the instance's machine.
        case fire(String)
        /// Start the instance over in its machine's initial state (allowed in its initial
        /// state or a final state).
        case new
    }
    public var instance: Int
    public var action: Action
    public var range: SourceRange

    /// The memberwise initializer, for the stages after this one (inlinable, as that one was).
    @inlinable package init(instance: Int, action: Action, range: SourceRange) {
        self.instance = instance
        self.action = action
        self.range = range
    }
}
