import LifecycleSource
import LifecycleModel

/// `simulate --system` and `trace --system`: questions about several instances at once.
///
/// Both drive a `ComposedStepper`. A run is a list of system events, each with the steps it
/// took; a path is the shortest list of events from the start to a composed state where the
/// named instances are in the named states (a composite state counts for every state inside).
public enum SystemQueries {
    /// The system called `name`, or the only one when `name` is nil.
    public static func select(_ name: String?, in model: Model) -> Result<System, QueryError> {
        let names = model.systems.map(\.name)
        if model.systems.isEmpty { return .failure(.noSystem(path: model.path)) }
        guard let name else {
            if model.systems.count == 1 { return .success(model.systems[0]) }
            return .failure(.systemRequired(path: model.path, systems: names))
        }
        guard let system = model.system(named: name) else {
            return .failure(.unknownSystem(name, path: model.path, systems: names))
        }
        return .success(system)
    }

    /// One system event as it happened.
    public struct Event: Sendable, Equatable {
        /// Its index in `System.events`.
        public var event: Int
        public var steps: [ComposedStepper.FiredStep]
        /// The composed state after it.
        public var state: [Int32]
    }

    /// A run or a path: where it starts and its events.
    public struct Run: Sendable, Equatable {
        public var start: [Int32]
        public var events: [Event]
        public var end: [Int32] { events.last?.state ?? start }
    }

    /// Why a run stopped: the run so far, the event's position in the list and the error.
    public struct Failure: Error, Sendable, Equatable {
        public var run: Run
        public var eventIndex: Int
        public var error: QueryError
    }

    /// Applies `events` (by name) in order from the system's start.
    public static func run(_ events: [String], in system: System) -> Result<Run, Failure> {
        let stepper = ComposedStepper(system: system)
        var run = Run(start: stepper.initial, events: [])
        for (position, name) in events.enumerated() {
            let state = run.end
            let possible = stepper.possibleEvents(in: state).map { system.events[$0].name }
            guard let event = system.event(named: name) else {
                return .failure(Failure(run: run, eventIndex: position,
                                        error: .unknownSystemEvent(name, system: system.name, events: system.events.map(\.name))))
            }
            let firing = stepper.fire(event, from: state)
            switch firing.outcome {
            case .done:
                run.events.append(Event(event: event, steps: firing.steps, state: firing.state))
            case .unexpected, .blocked:
                return .failure(Failure(run: run, eventIndex: position,
                                        error: .impossibleSystemEvent(name, state: describe(state, in: system), possible: possible,
                                                                      why: why(event, firing, in: system))))
            }
        }
        return .success(run)
    }

    /// Why `event` did not happen, in words: which step could not, and where its instance was.
    static func why(_ event: Int, _ firing: ComposedStepper.Firing, in system: System) -> String {
        guard case .blocked(let index) = firing.outcome else { return "its 'when' clause does not hold there" }
        let step = system.events[event].steps[index]
        let instance = system.instances[step.instance].name
        let state = system.machine(of: step.instance).states[Int(firing.state[step.instance])].name
        switch step.action {
        case .fire(let name): return "its step '\(instance).\(name)' cannot happen: '\(instance)' is in '\(state)'"
        case .new: return "its step 'new \(instance)' cannot happen: '\(instance)' is in '\(state)', neither the state it starts in nor a final state where it has ended"
        }
    }

    /// A goal parsed from `Second=Appeared,Root=Disappeared`: instance and state indices.
    public typealias Goal = [(instance: Int, state: Int)]

    /// Parses `--to`'s `Instance=State,…`; names are checked against the system.
    public static func goal(_ text: String, in system: System) -> Result<Goal, QueryError> {
        var goal: Goal = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let pieces = part.split(separator: "=", omittingEmptySubsequences: false)
            let instanceName = pieces.first.map { String($0.trimmingSpaces) } ?? ""
            guard pieces.count == 2, !instanceName.isEmpty, !pieces[1].trimmingSpaces.isEmpty else {
                return .failure(.malformedGoal(text))
            }
            let stateName = String(pieces[1].trimmingSpaces)
            guard let instance = system.instance(named: instanceName) else {
                return .failure(.unknownInstance(instanceName, system: system.name, instances: system.instances.map(\.name)))
            }
            let machine = system.machine(of: instance)
            guard let state = machine.state(named: stateName) else {
                return .failure(.unknownState(stateName, machine: machine.name, states: machine.states.map(\.name)))
            }
            goal.append((instance, state))
        }
        return .success(goal)
    }

    /// The shortest list of events from the start to a state meeting `goal`; among equally
    /// short ones, the one whose events are declared first. Nil when none exists; a failure
    /// when more than `limit` states would have to be searched.
    public static func shortestPath(in system: System, to goal: Goal, limit: Int) -> Result<Run?, QueryError> {
        let stepper = ComposedStepper(system: system)
        let machines = system.instances.map { system.machines[$0.machine] }
        let limit = min(limit, ComposedExploration.budget(for: stepper))
        let exploration = ComposedExploration(stepper, limit: limit) { state in
            goal.allSatisfy { machines[$0.instance].isWithin(Int(state[$0.instance]), $0.state) }
        }
        switch exploration.result {
        case .limitReached: return .failure(.systemStateLimit(system.name, limit: limit))
        case .complete: return .success(nil)
        case .found(let index):
            var run = Run(start: stepper.initial, events: [])
            for event in exploration.events(to: index) {
                let firing = stepper.fire(event, from: run.end)
                run.events.append(Event(event: event, steps: firing.steps, state: firing.state))
            }
            return .success(run)
        }
    }

    /// `Root=Appeared, Second=Created` (`System.describe`).
    public static func describe(_ state: [Int32], in system: System) -> String { system.describe(state) }
}

/// Prints system runs as text or JSON.
///
/// Text: each event as `name (trigger)`, then each callback with its instance, in the order
/// UIKit calls them (`  Second: viewDidLoad()`), then the state the run ends in and the events
/// possible there. JSON: one array of events, each
/// `{"event", "by", "callbacks": [{"instance", "callback"}], "states": {instance: state}, "description"}`.
public struct SystemFormatter {
    public var model: Model
    public var system: System

    public init(model: Model, system: System) {
        self.model = model
        self.system = system
    }

    /// The events of a run, without the closing lines.
    public func text(events run: SystemQueries.Run) -> String {
        run.events.map { text(event: $0) }.joined()
    }

    /// A whole run: its events, where it ends and what is possible there.
    public func text(run: SystemQueries.Run) -> String {
        var text = self.text(events: run)
        let state = SystemQueries.describe(run.end, in: system)
        text += run.events.isEmpty ? "Starts in \(state).\n" : "Ends in \(state).\n"
        let possible = ComposedStepper(system: system).possibleEvents(in: run.end).map { system.events[$0].name }
        text += possible.isEmpty ? "Possible: nothing.\n" : "Possible: \(possible.joined(separator: ", ")).\n"
        return text
    }

    /// A path found by `trace`: its events and where it ends.
    public func text(path: SystemQueries.Run) -> String {
        let state = SystemQueries.describe(path.end, in: system)
        if path.events.isEmpty { return "Already there at the start: \(state).\n" }
        return text(events: path) + "Ends in \(state).\n"
    }

    func text(event: SystemQueries.Event) -> String {
        let declared = system.events[event.event]
        var text = declared.name + (declared.trigger.map { " (\($0.rawValue))" } ?? "") + "\n"
        let callbacks = self.callbacks(event)
        if callbacks.isEmpty { return text + "  (nothing is called)\n" }
        for (instance, selector) in callbacks { text += "  \(system.instances[instance].name): \(selector)\n" }
        return text
    }

    /// Every callback of an event, with its instance, in step order.
    func callbacks(_ event: SystemQueries.Event) -> [(Int, String)] {
        var result: [(Int, String)] = []
        for step in event.steps {
            guard let transition = step.transition else { continue }
            let machine = system.machine(of: step.instance)
            for callback in machine.callbacks(of: QueryStep(from: step.from, transition: transition, to: step.to)) {
                result.append((step.instance, model.method(callback).reference))
            }
        }
        return result
    }

    /// The events as one JSON array (followed by a newline).
    public func json(_ run: SystemQueries.Run) -> String {
        let json = JSONWriter()
        json.array {
            for event in run.events {
                let declared = system.events[event.event]
                json.object {
                    json.field("event", declared.name)
                    json.field("by", declared.trigger?.rawValue)
                    json.key("callbacks")
                    json.array {
                        for (instance, selector) in callbacks(event) {
                            json.object {
                                json.field("instance", system.instances[instance].name)
                                json.field("callback", selector)
                            }
                        }
                    }
                    json.key("states")
                    json.object {
                        for (index, instance) in system.instances.enumerated() {
                            json.field(instance.name, system.machine(of: index).states[Int(event.state[index])].name)
                        }
                    }
                    json.field("description", declared.description)
                }
            }
        }
        return json.output + "\n"
    }
}

