import LifecycleSyntax
import LifecycleModel
import LifecycleQueries

/// What a generated test suite knows of its spec (`lifecycle tests`): the machine or system it
/// tests, its events, what each event does in each configuration a run reaches, the paths of the
/// coverage plan, and the delegate classes the component under test calls.
///
/// Everything is read through `LifecycleAutomaton`: a machine's steps are `MachineStepper`'s
/// (through `MachineAutomaton`), a system's `ComposedStepper`'s, and each step's callbacks are
/// the automaton's, so the suite expects exactly what `simulate`, `paths`, `conform` and the
/// monitor do. The generators (`TestSuiteGenerator`, `UITestGenerator`, `TestDriverGenerator`)
/// only print it.
public struct TestSuite {
    /// What a suite is written as.
    public enum Style: String, Sendable, CaseIterable {
        /// Swift Testing: one `@Test` whose arguments are the paths.
        case swiftTesting = "swift-testing"
        /// XCTest: one test method per path.
        case xctest
        /// UI tests (`XCUIApplication`) for the app and scene lifecycles.
        case xcuitest
    }

    /// An event a test can make happen: a driver method.
    public struct Event {
        public var name: String
        /// `start`, escaped when a Swift keyword.
        public var identifier: String
        public var trigger: Transition.Trigger?
        /// One line per way it happens: `Idle` → `Transferring`: the user taps Download.
        public var documentation: [String]
    }

    /// A call the component makes: a callback, and in a system the instance it belongs to.
    public struct Call: Equatable {
        public var instance: Int?
        public var selector: String

        public init(instance: Int?, selector: String) {
            self.instance = instance
            self.selector = selector
        }
    }

    /// What one event does in one configuration.
    public struct Move {
        public var event: Int
        public var calls: [Call]
        public var target: Int
        /// The machine's transition, or the system's event (`AutomatonStep.transition`).
        public var transition: Int
    }

    /// A case of the suite: events from the initial configuration, and where a neutral round
    /// trip was put into a path of the plan (`--neutral`).
    public struct Path: Equatable {
        public var events: [Int]
        public var roundTrip: Range<Int>?
    }

    /// A delegate class the component under test calls: the recording stand-in generated for it.
    public struct Recorder {
        /// `DownloadingRecordingDelegate`, `NavigationRecordingViewController`.
        public var typeName: String
        /// The class it stands in for.
        public var delegate: Delegate
        /// The instances it records, for a system (empty for a machine).
        public var instances: [Int]
        /// The methods it implements, in the order the generator writes a delegate's.
        public var methods: [MethodRef]
        /// The stored properties its protocols require.
        public var properties: [Property]
    }

    public let model: Model
    /// `Downloading` or `Navigation`.
    public let subject: String
    public let system: System?
    /// The machine, when the subject is one.
    public let machine: Machine?
    public let events: [Event]
    /// The configurations a run reaches, breadth first (the initial one first), as messages
    /// name them: `Idle`, or `Root=Appeared, Second=Created`.
    public let configurations: [String]
    /// How the monitor names each configuration (`'Idle'` in a machine).
    public let monitorNames: [String]
    /// `moves[c]`: what each event accepted in configuration `c` does, in step order.
    public let moves: [[Move]]
    /// The instances of a system, by name (empty for a machine).
    public let instanceNames: [String]
    public let recorders: [Recorder]
    public let coverage: Coverage
    /// The plan's paths, then the neutral cases.
    public let paths: [Path]
    public let neutral: [Path]
    /// `3 sequences cover all 6 transitions of Downloading.`
    public let summary: String
    /// The leaf state of each configuration of a machine (empty for a system).
    public let leaves: [Int]
    /// A system's configurations as they are (empty for a machine).
    public let composedStates: [[Int32]]
    /// UI tests only: what they can drive and check.
    public let ui: UI?
    /// The monitor the recording delegates feed.
    let monitor: MonitorGenerator

    /// What a UI test knows besides (`--style xcuitest`).
    public struct UI {
        /// What a UI test does for each event.
        public var actions: [UIAction]
        /// Per configuration, the `XCUIApplication.State` cases it may show as (`runningForeground`);
        /// empty where the spec's states say nothing of the app's.
        public var appStates: [[String]]
        /// The events no API can perform whose transitions a run of the spec takes, in event order.
        public var skipped: [Int]
        /// The plan of every transition, events no API can perform included (`paths`' summary).
        public var fullSummary: String
    }

    /// The suite of a machine: its paths for `coverage`, and with `neutral` the round trips.
    public static func machine(_ machine: Machine, in model: Model, cover coverage: Coverage, neutral: Bool) -> Result<TestSuite, QueryError> {
        if let refusal = eventless(machine) { return .failure(refusal) }
        guard let delegate = machine.delegate else {
            return .failure(.untestable(machine.name, reason: "it has no delegate; a test records the callbacks its delegate class receives ('delegate NAME: …')"))
        }
        if SwiftGenerator(model: model).swiftUIKind(delegate) != nil {
            return .failure(.untestable(machine.name, reason: "'\(delegate.name)' is a SwiftUI App or View, whose closures SwiftUI calls, not a delegate a component calls; '--style xcuitest' tests its phases"))
        }
        let recorder = Recorder(typeName: SwiftNames.identifier(machine.name + "RecordingDelegate"), delegate: delegate, instances: [],
                                methods: [], properties: [])
        return .success(machineSuite(machine, in: model, cover: coverage, neutral: neutral,
                                     recorders: [plan(recorder, machines: [machine], in: model)], ui: false))
    }

    /// A machine's UI tests: the app's or a scene's (or a SwiftUI `App`'s or `View`'s phases).
    public static func uiMachine(_ machine: Machine, in model: Model, cover coverage: Coverage, neutral: Bool) -> Result<TestSuite, QueryError> {
        if let refusal = eventless(machine) { return .failure(refusal) }
        guard UIAction.isAppLifecycle([machine], model) else {
            return .failure(.untestable(machine.name, reason: "UI tests drive the app and its scenes; '\(machine.name)' is not the app's, a scene's or a SwiftUI phase machine (its delegate adopts neither UIApplicationDelegate nor UISceneDelegate, nor is an App or a View with 'scenePhase'); 'appState' says what its states look like to a UI test"))
        }
        return .success(machineSuite(machine, in: model, cover: coverage, neutral: neutral, recorders: [], ui: true))
    }

    /// A machine none of whose transitions has an event has no step a test can make.
    static func eventless(_ machine: Machine) -> QueryError? {
        machine.transitions.contains { $0.event != nil } ? nil : .untestable(machine.name, reason: "it has no event, so no path to test")
    }

    static func machineSuite(_ machine: Machine, in model: Model, cover coverage: Coverage, neutral: Bool, recorders: [Recorder], ui: Bool) -> TestSuite {
        var events: [Event] = []
        var eventIndex: [String: Int] = [:]
        for transition in machine.transitions {
            guard let name = transition.event else { continue }
            let line = Self.documentation(transition, in: machine)
            if let known = eventIndex[name] {
                if !events[known].documentation.contains(line) { events[known].documentation.append(line) }
                continue
            }
            eventIndex[name] = events.count
            events.append(Event(name: name, identifier: SwiftNames.identifier(name), trigger: transition.trigger, documentation: [line]))
        }
        let automaton = MachineAutomaton(model: model, machine: machine, phases: false)
        let longer = Self.isAppOrScene([machine], model) || ui
        func name(_ leaf: Int) -> String { machine.states[leaf].name }
        if !ui {
            let plan = TestPlanner(machine: automaton, cover: coverage).plan()
            let summary = TestPlanFormatter(model: model, machine: machine, coverage: coverage, plan: plan).summary
            var builder = Builder(automaton: automaton, eventIndex: { eventIndex[$0.label] })
            builder.explore()
            return TestSuite(model: model, subject: machine.name, system: nil, machine: machine, events: events,
                             configurations: builder.order.map(name), monitorNames: builder.order.map(automaton.describe),
                             moves: builder.moves, instanceNames: [], recorders: recorders, coverage: coverage,
                             paths: builder.paths(plan.sequences.map(\.steps)),
                             neutral: neutral ? builder.neutralPaths(plan.sequences.map(\.steps), longer: longer) : [],
                             summary: summary, leaves: builder.order, composedStates: [], ui: nil,
                             monitor: MonitorGenerator(model: model, machine: machine))
        }
        let actions = events.map { UIAction.defaultAction(for: $0.name) }
        let restricted = UIAction.restrict(automaton, actions: actions, eventIndex: { eventIndex[$0.label] })
        let plan = uiPlan(restricted, cover: coverage, goalCount: { coverage == .states ? machine.states.count : machine.transitions.count },
                          coveredIn: { machine.ancestry($0) }, leaves: machine.states.indices.filter { !machine.states[$0].isComposite })
        let full = TestPlanner(machine: automaton, cover: coverage).plan()
        var builder = Builder(automaton: restricted, eventIndex: { eventIndex[$0.label] })
        builder.explore()
        let states = builder.order.map { UIAction.appStates(of: [($0, machine)]) }
        let summary = uiSummary(plan, coverage: coverage, subject: machine.name,
                                noun: coverage == .states ? "state" : coverage == .pairs ? "transition pair" : "transition")
        return TestSuite(model: model, subject: machine.name, system: nil, machine: machine, events: events,
                         configurations: builder.order.map(name), monitorNames: builder.order.map(automaton.describe),
                         moves: builder.moves, instanceNames: [], recorders: [], coverage: coverage,
                         paths: builder.paths(plan.sequences.map(\.steps)),
                         neutral: neutral ? builder.neutralPaths(plan.sequences.map(\.steps), longer: longer) : [],
                         summary: summary, leaves: builder.order, composedStates: [],
                         ui: UI(actions: actions, appStates: states,
                                skipped: skippedEvents(automaton, actions: actions, eventIndex: { eventIndex[$0.label] }),
                                fullSummary: TestPlanFormatter(model: model, machine: machine, coverage: coverage, plan: full).summary),
                         monitor: MonitorGenerator(model: model, machine: machine))
    }

    /// The suite of a system: its events drive every instance; one recording delegate class per
    /// delegate class of its machines (none for UI tests).
    public static func system(_ system: System, in model: Model, cover coverage: Coverage, neutral: Bool, ui: Bool = false) -> Result<TestSuite, QueryError> {
        guard !system.events.isEmpty else { return .failure(.untestable(system.name, reason: "it has no event, so no path to test")) }
        var recorders: [Recorder] = []
        if ui {
            guard UIAction.isAppLifecycle(system.machines, model) else {
                return .failure(.untestable(system.name, reason: "UI tests drive the app and its scenes; none of its instances is the app's or a scene's"))
            }
        } else {
            for (index, instance) in system.instances.enumerated() {
                let machine = system.machines[instance.machine]
                guard let delegate = machine.delegate else {
                    return .failure(.untestable(system.name, reason: "instance '\(instance.name)' is a '\(machine.name)', which has no delegate; a test records the callbacks its delegate class receives"))
                }
                if SwiftGenerator(model: model).swiftUIKind(delegate) != nil {
                    return .failure(.untestable(system.name, reason: "instance '\(instance.name)' is shown by SwiftUI ('\(delegate.name)' is an App or a View), not by a delegate a component calls"))
                }
                if let existing = recorders.firstIndex(where: { $0.delegate.name == delegate.name }) {
                    recorders[existing].instances.append(index)
                } else {
                    recorders.append(Recorder(typeName: SwiftNames.identifier(system.name + "Recording" + delegate.name), delegate: delegate,
                                              instances: [index], methods: [], properties: []))
                }
            }
            recorders = recorders.map { recorder in
                Self.plan(recorder, machines: recorder.instances.map { system.machine(of: $0) }, in: model)
            }
        }
        let automaton = SystemAutomaton(model: model, system: system)
        let events = system.events.map { event in
            Event(name: event.name, identifier: SwiftNames.identifier(event.name), trigger: event.trigger,
                  documentation: [event.description.map(DocComment.singleLine) ?? "a system event."])
        }
        var eventIndex: [String: Int] = [:]
        for (index, event) in system.events.enumerated() where eventIndex[event.name] == nil { eventIndex[event.name] = index }
        let longer = Self.isAppOrScene(system.machines, model) || ui
        let full = TestPlanner(system: automaton, cover: coverage).plan()
        let fullSummary = systemSummary(automaton, plan: full, coverage: coverage)
        if !ui {
            var builder = Builder(automaton: automaton, eventIndex: { eventIndex[$0.label] })
            builder.explore()
            return .success(TestSuite(
                model: model, subject: system.name, system: system, machine: nil, events: events,
                configurations: builder.order.map(system.describe), monitorNames: builder.order.map(system.describe),
                moves: builder.moves, instanceNames: system.instances.map(\.name), recorders: recorders, coverage: coverage,
                paths: builder.paths(full.sequences.map(\.steps)),
                neutral: neutral ? builder.neutralPaths(full.sequences.map(\.steps), longer: longer) : [],
                summary: fullSummary, leaves: [], composedStates: builder.order, ui: nil,
                monitor: MonitorGenerator(model: model, system: system)))
        }
        let actions = events.map { UIAction.defaultAction(for: $0.name) }
        let restricted = UIAction.restrict(automaton, actions: actions, eventIndex: { eventIndex[$0.label] })
        let plan = uiPlan(restricted, cover: coverage, goalCount: {
            coverage == .states ? system.instances.indices.reduce(0) { $0 + system.machine(of: $1).states.count } : system.events.count
        }, coveredIn: { configuration in
            var first = 0, goals: [Int] = []
            for index in system.instances.indices {
                goals += system.machine(of: index).ancestry(Int(configuration[index])).map { first + $0 }
                first += system.machine(of: index).states.count
            }
            return goals
        }, leaves: nil)
        var builder = Builder(automaton: restricted, eventIndex: { eventIndex[$0.label] })
        builder.explore()
        let states = builder.order.map { configuration in
            UIAction.appStates(of: system.instances.indices.map { (Int(configuration[$0]), system.machine(of: $0)) })
        }
        return .success(TestSuite(
            model: model, subject: system.name, system: system, machine: nil, events: events,
            configurations: builder.order.map(system.describe), monitorNames: builder.order.map(system.describe),
            moves: builder.moves, instanceNames: system.instances.map(\.name), recorders: [], coverage: coverage,
            paths: builder.paths(plan.sequences.map(\.steps)),
            neutral: neutral ? builder.neutralPaths(plan.sequences.map(\.steps), longer: longer) : [],
            summary: uiSummary(plan, coverage: coverage, subject: system.name,
                               noun: coverage == .states ? "instance state" : coverage == .pairs ? "event pair" : "event"),
            leaves: [], composedStates: builder.order,
            ui: UI(actions: actions, appStates: states,
                   skipped: skippedEvents(automaton, actions: actions, eventIndex: { eventIndex[$0.label] }), fullSummary: fullSummary),
            monitor: MonitorGenerator(model: model, system: system)))
    }

    /// `1 sequence covers all 3 events of Navigation.`: the first line of a system's plan.
    static func systemSummary(_ automaton: SystemAutomaton, plan: TestPlanner<SystemAutomaton>.Plan, coverage: Coverage) -> String {
        var formatter = AutomatonPlanFormatter(automaton: automaton, plan: plan,
                                               goalNames: TestPlanner.goalNames(system: automaton.system, cover: coverage, pairs: plan.pairs),
                                               goalNoun: coverage == .states ? "instance states" : coverage == .pairs ? "event pairs" : "events")
        formatter.coverage = coverage
        return String(formatter.text().prefix { $0 != "\n" })
    }

    /// A plan over what a UI test can do: the goals a run of those steps reaches (the others
    /// are the skipped tests' and the summary's business).
    static func uiPlan<A: LifecycleAutomaton>(_ automaton: A, cover coverage: Coverage, goalCount: () -> Int,
                                              coveredIn: @escaping (A.Configuration) -> [Int], leaves: [A.Configuration]?) -> TestPlanner<A>.Plan {
        switch coverage {
        case .states:
            return TestPlanner(automaton, goalCount: goalCount(), coveredIn: coveredIn, coveredBy: { _ in [] }).plan()
        case .transitions:
            return TestPlanner(automaton, goalCount: goalCount(), coveredIn: { _ in [] }, coveredBy: { [$0.transition] }).plan()
        case .pairs:
            return TestPlanner(automaton, pairs: TestPlanner.pairs(of: automaton, from: leaves ?? TestPlanner.reachable(in: automaton))).plan()
        }
    }

    /// `2 sequences cover 9 of the 18 transitions of App with what a UI test can do.`
    static func uiSummary<C>(_ plan: TestPlanner<RestrictedAutomaton<C>>.Plan, coverage: Coverage, subject: String, noun: String) -> String {
        let sequences = plan.sequences.count == 1 ? "1 sequence covers" : "\(plan.sequences.count) sequences cover"
        let covered = plan.goalCount - plan.uncovered.count
        let total = "\(plan.goalCount) \(noun)\(plan.goalCount == 1 ? "" : "s")"
        return covered == plan.goalCount
            ? "\(sequences) all \(total) of \(subject) with what a UI test can do."
            : "\(sequences) \(covered) of the \(total) of \(subject) with what a UI test can do."
    }

    /// The events no API can perform that some run of the spec takes, in event order.
    static func skippedEvents<A: LifecycleAutomaton>(_ automaton: A, actions: [UIAction], eventIndex: (AutomatonStep<A.Configuration>) -> Int?) -> [Int] {
        var taken = Set<Int>()
        for configuration in TestPlanner.reachable(in: automaton) {
            for step in automaton.steps(from: configuration) { if let event = eventIndex(step) { taken.insert(event) } }
        }
        return actions.indices.filter { taken.contains($0) && actions[$0].impossibility != nil }
    }

    /// `` `Idle` → `Transferring`: The user taps Download. ``: one way an event happens.
    static func documentation(_ transition: Transition, in machine: Machine) -> String {
        let source = machine.states[transition.source].name, target = machine.states[transition.target].name
        var line = transition.isInternal ? "In `\(source)`, staying there" : "`\(source)` → `\(target)`"
        if let description = transition.description { line += ": " + DocComment.singleLine(description) }
        return line
    }

    /// Whether the machines include the app's or a scene's (their delegate adopts UIKit's
    /// `UIApplicationDelegate` or `UISceneDelegate`): their neutral round trips go through the
    /// background and back (three events: leave, reopen, activate).
    static func isAppOrScene(_ machines: [Machine], _ model: Model) -> Bool {
        let generator = SwiftGenerator(model: model)
        return machines.contains { machine in
            guard let delegate = machine.delegate else { return false }
            return generator.adopts(delegate, "UIApplicationDelegate") || generator.adopts(delegate, "UISceneDelegate")
        }
    }

    /// The recorder with its methods: every callback the machines' transitions call (in the
    /// order they are first called), every one they require, and every method and property of
    /// the spec's own protocols it adopts (Swift protocols have no optional requirements).
    static func plan(_ recorder: Recorder, machines: [Machine], in model: Model) -> Recorder {
        var recorder = recorder
        var seen: Set<String> = []
        func add(_ ref: MethodRef) {
            if seen.insert(model.method(ref).selector).inserted { recorder.methods.append(ref) }
        }
        for machine in machines {
            for transition in machine.transitions { for callback in transition.callbacks { add(callback) } }
            for callback in machine.stateCallbacks.all { add(callback) }
        }
        for machine in machines { for requirement in machine.requirements { add(requirement.callback) } }
        let generator = SwiftGenerator(model: model)
        var propertyNames: Set<String> = []
        for type in generator.adoptedTypes(recorder.delegate) where model.types[type].kind == .protocol {
            let info = model.types[type]
            for property in info.properties where propertyNames.insert(property.name).inserted { recorder.properties.append(property) }
            guard !info.isImported else { continue }
            for index in info.methods.indices { add(MethodRef(type: type, index: index)) }
        }
        return recorder
    }

    /// The events of `path`, as the cases' names and replay lines write them: `start, error, retry`.
    public func eventNames(_ path: Path) -> [String] { path.events.map { events[$0].name } }

    /// What a step of the spec expects the component to call: `downloadDidStart(_:)`, or
    /// `Root viewDidLoad()` in a system.
    public func callName(_ call: Call) -> String {
        guard let instance = call.instance else { return call.selector }
        return "\(instanceNames[instance]) \(call.selector)"
    }

    /// Explores an automaton from its initial configuration and records what each event does.
    struct Builder<Automaton: LifecycleAutomaton> {
        let automaton: Automaton
        let eventIndex: (AutomatonStep<Automaton.Configuration>) -> Int?
        var order: [Automaton.Configuration] = []
        var index: [Automaton.Configuration: Int] = [:]
        var moves: [[Move]] = []

        init(automaton: Automaton, eventIndex: @escaping (AutomatonStep<Automaton.Configuration>) -> Int?) {
            self.automaton = automaton
            self.eventIndex = eventIndex
        }

        mutating func number(_ configuration: Automaton.Configuration) -> Int {
            if let known = index[configuration] { return known }
            index[configuration] = order.count
            order.append(configuration)
            return order.count - 1
        }

        /// Numbers the reachable configurations, breadth first, with their moves.
        mutating func explore() {
            _ = number(automaton.initialConfiguration)
            var head = 0
            while head < order.count {
                let configuration = order[head]
                head += 1
                var row: [Move] = []
                for step in automaton.steps(from: configuration) {
                    guard let event = eventIndex(step) else { continue }
                    let calls = step.callbacks.map { Call(instance: automaton.callbacks[$0].instance, selector: automaton.callbacks[$0].selector) }
                    row.append(Move(event: event, calls: calls, target: number(step.target), transition: step.transition))
                }
                moves.append(row)
            }
        }

        /// The plan's sequences as paths of events.
        func paths(_ sequences: [[AutomatonStep<Automaton.Configuration>]]) -> [Path] {
            sequences.map { steps in Path(events: steps.compactMap(eventIndex), roundTrip: nil) }
        }

        /// The round trips from configuration `start` that should change nothing observable:
        /// every cycle of one or two events back to it (three with `longer`, through neither
        /// the initial configuration nor one without a way out), in step order.
        func roundTrips(from start: Int, longer: Bool) -> [[Int]] {
            var found: [[Int]] = []
            let limit = longer ? 3 : 2
            func extend(_ at: Int, _ events: [Int], _ visited: [Int]) {
                for move in moves[at] {
                    let trip = events + [move.event]
                    if move.target == start {
                        if trip.count <= 2 || (longer && !visited.contains(0)) { found.append(trip) }
                        continue
                    }
                    guard trip.count < limit, !visited.contains(move.target), !moves[move.target].isEmpty else { continue }
                    extend(move.target, trip, visited + [move.target])
                }
            }
            extend(start, [], [start])
            return found
        }

        /// For each configuration a path of the plan passes through (the first time one does),
        /// each round trip from it put into that path there: the path up to it, the round trip,
        /// then the rest of the path.
        func neutralPaths(_ sequences: [[AutomatonStep<Automaton.Configuration>]], longer: Bool) -> [Path] {
            var done: Set<Int> = []
            var result: [Path] = []
            for steps in sequences {
                let events = steps.compactMap(eventIndex)
                var at = 0
                for position in 0...events.count {
                    if done.insert(at).inserted {
                        for trip in roundTrips(from: at, longer: longer) {
                            let inserted = Array(events[..<position]) + trip + Array(events[position...])
                            result.append(Path(events: inserted, roundTrip: position..<(position + trip.count)))
                        }
                    }
                    guard position < events.count, let move = moves[at].first(where: { $0.event == events[position] }) else { break }
                    at = move.target
                }
            }
            return result
        }
    }
}
