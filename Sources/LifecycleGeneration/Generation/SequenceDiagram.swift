import LifecycleModel
import LifecycleQueries

/// A system's runs as a sequence diagram: a lifeline for the system (which calls) and one per
/// instance in declaration order, each system event a labelled group, each callback an arrow
/// from the system onto its instance, in the order UIKit calls them; `new X` an arrow too.
///
/// The runs are event sequences from the system's start, stepped by `ComposedStepper`, so the
/// diagram shows what `simulate --system` and `conform` follow. By default they are the ones
/// `paths --system` plans to take every event (`coveringRuns`). `SequenceSVGGenerator` draws
/// it; `MermaidGenerator`, `PlantUMLGenerator` and `MarkdownGenerator` write it as text.
public struct SequenceDiagram: Sendable {
    /// One arrow.
    public enum Message: Sendable, Equatable {
        /// `selector` called on `instance`.
        case callback(instance: Int, selector: String)
        /// `new X`: the instance starts over.
        case new(instance: Int)
    }

    /// One system event as it happened.
    public struct Group: Sendable, Equatable {
        /// The event's index in `System.events`.
        public var event: Int
        public var messages: [Message]
        /// Whether a new run from the start begins here (a later sequence of the plan).
        public var startsRun: Bool
    }

    public let system: System
    public let groups: [Group]

    /// `runs`: event indices from the start, each run possible event by event (an event that
    /// is not possible ends its run).
    public init(model: Model, system: System, runs: [[Int]]) {
        self.system = system
        let stepper = ComposedStepper(system: system)
        var groups: [Group] = []
        for (number, run) in runs.enumerated() {
            var state = stepper.initial
            for (position, event) in run.enumerated() {
                let firing = stepper.fire(event, from: state)
                guard firing.outcome == .done else { break }
                var messages: [Message] = []
                for step in firing.steps {
                    guard let transition = step.transition else {
                        messages.append(.new(instance: step.instance))
                        continue
                    }
                    let machine = system.machine(of: step.instance)
                    for callback in machine.callbacks(of: QueryStep(from: step.from, transition: transition, to: step.to)) {
                        messages.append(.callback(instance: step.instance, selector: model.method(callback).reference))
                    }
                }
                groups.append(Group(event: event, messages: messages, startsRun: number > 0 && position == 0))
                state = firing.state
            }
        }
        self.groups = groups
    }

    /// The event sequences `paths --system` plans so that every event happens.
    public static func coveringRuns(model: Model, system: System) -> [[Int]] {
        let automaton = SystemAutomaton(model: model, system: system)
        return TestPlanner(system: automaton, cover: .transitions).plan().sequences.map { $0.steps.map(\.transition) }
    }

    /// Whether `system` has at most `limit` composed states reachable from its start, so that
    /// `coveringRuns` (which visits them all) stays cheap enough for a page that always shows it.
    public static func isSmall(_ system: System, limit: Int) -> Bool {
        isSmall(exploration(of: ComposedStepper(system: system), limit: limit))
    }

    /// Whether `exploration` (`exploration(of:limit:)`) reached every composed state within its
    /// limit: for a caller that reads the explored states too (the Markdown page).
    public static func isSmall(_ exploration: ComposedExploration) -> Bool { exploration.result == .complete }

    /// A system's composed states from its start, at most `limit` of them (and no more than its
    /// memory budget allows).
    public static func exploration(of stepper: ComposedStepper, limit: Int) -> ComposedExploration {
        ComposedExploration(stepper, limit: min(limit, ComposedExploration.budget(for: stepper)))
    }

    /// How the diagram names a participant: the instance and its machine, `Root: ViewController`.
    public func participant(_ instance: Int) -> String {
        "\(system.instances[instance].name): \(system.machine(of: instance).name)"
    }

    /// A group's label: `push (by user)`.
    public func label(_ group: Group) -> String {
        let event = system.events[group.event]
        return event.name + (event.trigger.map { " (by \($0.rawValue))" } ?? "")
    }

    /// A message's text: the selector, or `new Second`.
    public func text(_ message: Message) -> String {
        switch message {
        case .callback(_, let selector): selector
        case .new(let instance): "new \(system.instances[instance].name)"
        }
    }

    /// The instance a message goes to.
    public func instance(_ message: Message) -> Int {
        switch message {
        case .callback(let instance, _), .new(let instance): instance
        }
    }
}
