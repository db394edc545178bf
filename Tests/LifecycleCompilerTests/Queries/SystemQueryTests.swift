import Foundation
import Testing
import LifecycleCompiler
@testable import LifecycleQueries

/// Systems: the composed-state stepper and search, `simulate --system` and `trace --system`
/// as the library renders them (golden files `Fixtures/Queries/system-*.txt|json`), and the
/// semantics the issue names: two instances of one machine, composite states of an instance,
/// `new` on a final instance, machines imported from another file, the state limit.
@Suite struct SystemQueryTests {
    static let navigation = "Examples/NavigationLifecycle.lifecycle"

    /// The navigation example, compiled from disk with its imports.
    static func navigationModel() throws -> Model {
        try GeneratorGoldenTests.model(Repository.root.appendingPathComponent(navigation), displayPath: navigation)
    }

    static func system(_ name: String, in model: Model) throws -> System {
        try #require(model.system(named: name))
    }

    static func render(_ error: QueryError) -> String {
        QueryGoldenTests.render(error)
    }

    // MARK: - Golden outputs

    enum Query: Sendable {
        case simulate([String])
        case trace(String)
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var system: String?
        var query: Query
        var json = false
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "system-simulate-push-pop", system: "Navigation", query: .simulate(["launch", "push", "pop", "push"])),
        Case(name: "system-simulate-push-pop", system: "Navigation", query: .simulate(["launch", "push", "pop"]), json: true),
        Case(name: "system-simulate-start", system: "Navigation", query: .simulate([])),
        Case(name: "system-simulate-not-possible", system: "Navigation", query: .simulate(["launch", "pop"])),
        Case(name: "system-simulate-typo", system: "Navigation", query: .simulate(["launch", "psh"])),
        Case(name: "system-simulate-scene-call", system: "AppWithOneScene",
             query: .simulate(["launch", "incomingCall", "declineCall", "home", "return", "home", "terminate", "launch"])),
        Case(name: "system-simulate-system-required", system: nil, query: .simulate(["launch"])),
        Case(name: "system-simulate-unknown-system", system: "Navigaton", query: .simulate(["launch"])),
        Case(name: "system-trace-background", system: "AppWithOneScene", query: .trace("Main=Background")),
        Case(name: "system-trace-background", system: "AppWithOneScene", query: .trace("Main=Background"), json: true),
        Case(name: "system-trace-composite", system: "AppWithOneScene", query: .trace("Main=Foreground, App=Running")),
        Case(name: "system-trace-start", system: "Navigation", query: .trace("Root=Created")),
        Case(name: "system-trace-no-path", system: "Navigation", query: .trace("Root=Released")),
        Case(name: "system-trace-unknown-instance", system: "Navigation", query: .trace("Secnd=Appeared")),
        Case(name: "system-trace-unknown-state", system: "Navigation", query: .trace("Second=Apeared")),
        Case(name: "system-trace-malformed", system: "Navigation", query: .trace("Second:Appeared")),
    ]

    @Test(arguments: cases) func golden(_ test: Case) throws {
        let model = try Self.navigationModel()
        GoldenFile.check(Self.answer(test, model),
                         against: Repository.fixtures.appendingPathComponent("Queries/\(test.name).\(test.json ? "json" : "txt")"))
    }

    static func answer(_ test: Case, _ model: Model) -> String {
        let system: System
        switch SystemQueries.select(test.system, in: model) {
        case .failure(let error): return render(error)
        case .success(let chosen): system = chosen
        }
        let formatter = SystemFormatter(model: model, system: system)
        switch test.query {
        case .simulate(let events):
            switch SystemQueries.run(events, in: system) {
            case .success(let run): return test.json ? formatter.json(run) : formatter.text(run: run)
            case .failure(let failure): return formatter.text(events: failure.run) + render(failure.error)
            }
        case .trace(let goalText):
            switch SystemQueries.goal(goalText, in: system) {
            case .failure(let error): return render(error)
            case .success(let goal):
                switch SystemQueries.shortestPath(in: system, to: goal, limit: Checker.defaultStateLimit) {
                case .failure(let error): return render(error)
                case .success(nil): return render(.noSystemPath(to: goalText, system: system.name))
                case .success(let path?): return test.json ? formatter.json(path) : formatter.text(path: path)
                }
            }
        }
    }

    // MARK: - The seed's log

    /// Seed 003's console log of a push and a pop, `label callback` without `(_:)`.
    static let seedLog = """
        2st viewDidLoad
        1st viewWillDisappear
        2st viewWillAppear
        1st viewDidDisappear
        2st viewDidAppear
        2st viewWillDisappear
        1st viewWillAppear
        2st viewDidDisappear
        1st viewDidAppear
        2st viewDidLoad
        """

    @Test func pushPopIsTheSeedsLogPlusLoadViewAndViewIsAppearing() throws {
        let model = try Self.navigationModel()
        let system = try Self.system("Navigation", in: model)
        let run = try SystemQueries.run(["launch", "push", "pop", "push"], in: system).get()
        let formatter = SystemFormatter(model: model, system: system)
        // Everything after launch, as the seed's log writes it: label, then the method's base name.
        var lines: [String] = []
        var extra: Set<String> = []
        for event in run.events.dropFirst() {
            for (instance, selector) in formatter.callbacks(event) {
                let base = String(selector.prefix { $0 != "(" })
                if base == "loadView" || base == "viewIsAppearing" {
                    extra.insert(base)
                    continue
                }
                lines.append("\(system.instances[instance].label ?? "?") \(base)")
            }
        }
        // The seed's log ends at the second push's viewDidLoad.
        #expect(Array(lines.prefix(10)) == Self.seedLog.split(separator: "\n").map(String.init))
        #expect(extra == ["loadView", "viewIsAppearing"])
        // The popped controller was released, so the second push made a new one.
        #expect(SystemQueries.describe(run.events[2].state, in: system) == "Root=Appeared, Second=Released")
    }

    // MARK: - Semantics

    static let door = """
        machine Door {
            initial state Closed
            state Open
            final state Gone
            Closed -> Open on open
            Open -> Closed on close
            Closed -> Gone on remove
        }
        """

    static func compile(_ source: String, imports: [String: String] = [:], stateLimit: Int = Checker.defaultStateLimit) -> Compilation {
        Compiler.compile(path: "Test.lifecycle", source: source, imports: imports, settings: CompileSettings(stateLimit: stateLimit))
    }

    @Test func twoInstancesOfOneMachineMoveIndependently() throws {
        let compilation = Self.compile(Self.door + """

            system House {
                instance Front: Door
                instance Back: Door
                on openFront: Front.open
                on openBack: Back.open
                on closeBack: Back.close
            }
            """)
        #expect(compilation.diagnostics.all.map(\.message) == [])
        let system = try Self.system("House", in: try #require(compilation.model))
        #expect(system.machines.count == 1)
        let run = try SystemQueries.run(["openBack", "openFront", "closeBack"], in: system).get()
        #expect(SystemQueries.describe(run.end, in: system) == "Front=Open, Back=Closed")
        let stepper = ComposedStepper(system: system)
        #expect(stepper.possibleEvents(in: run.end).map { system.events[$0].name } == ["openBack"])
        // Every combination of two doors that the events can reach: Closed/Open × Closed/Open.
        #expect(ComposedExploration(stepper, limit: 100).count == 4)
    }

    @Test func newOnAFinalInstanceStartsItOver() throws {
        let compilation = Self.compile(Self.door + """

            system House {
                instance Front: Door
                on rebuild: new Front, Front.open
                on close: Front.close
                on demolish: Front.remove
            }
            """)
        #expect(compilation.diagnostics.all.map(\.message) == [])
        let system = try Self.system("House", in: try #require(compilation.model))
        let run = try SystemQueries.run(["demolish", "rebuild"], in: system).get()
        #expect(SystemQueries.describe(run.events[0].state, in: system) == "Front=Gone")
        #expect(SystemQueries.describe(run.end, in: system) == "Front=Open")
        #expect(run.events[1].steps.map(\.transition) == [nil, 0])
        // While the door is open, 'new Front' (the first step) is not possible.
        guard case .failure(let failure) = SystemQueries.run(["rebuild", "rebuild"], in: system) else {
            Issue.record("a second rebuild while open should not be possible")
            return
        }
        #expect(failure.eventIndex == 1)
        #expect(failure.error == .impossibleSystemEvent("rebuild", state: "Front=Open", possible: ["close"],
                                                        why: "its step 'new Front' cannot happen: 'Front' is in 'Open', neither the state it starts in nor a final state where it has ended"))
    }

    @Test func compositeStatesOfAnInstance() throws {
        let compilation = Self.compile("""
            machine Player {
                initial state Idle
                state Session {
                    initial state Paused
                    state Playing
                }
                final state Closed
                Idle -> Session on open
                Paused -> Playing on play
                Playing -> Paused on pause
                Session -> Closed on close
            }
            system Jukebox {
                instance Radio: Player
                on start: Radio.open, Radio.play
                on eject: Radio.close
            }
            """)
        #expect(compilation.diagnostics.all.map(\.message) == [])
        let system = try Self.system("Jukebox", in: try #require(compilation.model))
        // Entering the composite enters its initial child; the composite's 'close' fires inside it.
        let run = try SystemQueries.run(["start", "eject"], in: system).get()
        #expect(SystemQueries.describe(run.events[0].state, in: system) == "Radio=Playing (in Session)")
        #expect(SystemQueries.describe(run.end, in: system) == "Radio=Closed")
        // A goal on the composite is met by any state inside it.
        let goal = try SystemQueries.goal("Radio=Session", in: system).get()
        let path = try #require(try SystemQueries.shortestPath(in: system, to: goal, limit: 100).get())
        #expect(path.events.map { system.events[$0.event].name } == ["start"])
    }

    @Test func systemUsesMachinesImportedFromAnotherFile() throws {
        let compilation = Self.compile("""
            import "Doors.lifecycle"
            system House {
                instance Front: Door
                on enter: Front.open
                on leave: Front.close
            }
            """, imports: ["Doors.lifecycle": Self.door])
        #expect(compilation.diagnostics.all.map(\.message) == [])
        let model = try #require(compilation.model)
        // The imported machine is the system's, not the file's own: generators skip it.
        #expect(model.machines.isEmpty)
        let system = try Self.system("House", in: model)
        #expect(system.machines.map(\.name) == ["Door"])
        #expect(try SystemQueries.run(["enter", "leave"], in: system).get().events.count == 2)
    }

    @Test func importedMachineErrorsAreReportedInItsFile() throws {
        let compilation = Self.compile("""
            import "Doors.lifecycle"
            system House {
                instance Front: Door
                on enter: Front.open
            }
            """, imports: ["Doors.lifecycle": "machine Door {\n    initial state Closed\n    Closed -> Opn on open\n}\n"])
        let errors = compilation.diagnostics.all.filter { $0.severity == .error }
        #expect(errors.map(\.id) == ["unknownState"])
        #expect(compilation.files[try #require(errors.first).range.file].path == "Doors.lifecycle")
    }

    @Test func stepperOutcomes() throws {
        let compilation = Self.compile(Self.door + """

            system House {
                instance Front: Door
                instance Back: Door
                on openBoth: Front.open, Back.open
                on closeBoth: Front.close, Back.close
                on openFront when Back is Closed and Front is Closed: Front.open
            }
            """)
        let system = try Self.system("House", in: try #require(compilation.model))
        let stepper = ComposedStepper(system: system)
        #expect(stepper.initial == [0, 0])
        var state: [Int32] = [0, 1]  // Front closed, Back open
        let outcome = state.withUnsafeMutableBufferPointer { stepper.apply(0, to: $0.baseAddress!) }
        #expect(outcome == .blocked(step: 1))
        #expect(stepper.fire(0, from: [0, 1]).outcome == .blocked(step: 1))
        #expect(state.withUnsafeMutableBufferPointer { stepper.apply(2, to: $0.baseAddress!) } == .unexpected)
        #expect(stepper.fire(2, from: [0, 1]).outcome == .unexpected)
        // Possible only where every step happens: neither 'openBoth' nor 'openFront' here.
        #expect(stepper.possibleEvents(in: [0, 1]).isEmpty)
        #expect(stepper.possibleEvents(in: [0, 0]) == [0, 2])
        state = [0, 0]
        #expect(state.withUnsafeMutableBufferPointer { stepper.apply(1, to: $0.baseAddress!) } == .blocked(step: 0))
        #expect(state == [0, 0])
        #expect(state.withUnsafeMutableBufferPointer { stepper.apply(0, to: $0.baseAddress!) } == .done)
        #expect(state == [1, 1])
        let firing = stepper.fire(1, from: state)
        #expect(firing.outcome == .done && firing.state == [0, 0])
        #expect(firing.steps.map(\.instance) == [0, 1])
    }

    /// `instances` rings of ten states, one event each: 10^instances composed states.
    static func rings(_ instances: Int) -> String {
        var lines = ["machine Ring {", "    initial state S0"]
        for i in 1..<10 { lines.append("    state S\(i)") }
        for i in 0..<10 { lines.append("    S\(i) -> S\((i + 1) % 10) on next") }
        lines.append("}")
        lines.append("system Rings {")
        for k in 0..<instances { lines.append("    instance I\(k): Ring") }
        for k in 0..<instances { lines.append("    on step\(k): I\(k).next") }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    @Test func explorationVisitsEachComposedStateOnce() throws {
        let system = try Self.system("Rings", in: try #require(Self.compile(Self.rings(3)).model))
        let exploration = ComposedExploration(ComposedStepper(system: system), limit: 1000)
        #expect(exploration.result == .complete)
        #expect(exploration.count == 1000)
        // Breadth-first: the farthest state (9,9,9) is 27 events away.
        #expect(exploration.events(to: exploration.count - 1).count == 27)
    }

    @Test func stateLimitIsAnErrorNotAHang() throws {
        let source = Self.rings(3)
        #expect(Self.compile(source, stateLimit: 1000).diagnostics.isEmpty)
        let limited = Self.compile(source, stateLimit: 999)
        #expect(limited.model == nil)
        #expect(limited.diagnostics.all.map(\.message)
            == ["system 'Rings' has more than 999 reachable states; its checks stopped there (raise the limit with '--state-limit')"])
        let system = try Self.system("Rings", in: try #require(Self.compile(source).model))
        let goal = try SystemQueries.goal("I0=S9,I1=S9,I2=S9", in: system).get()
        #expect(throws: QueryError.systemStateLimit("Rings", limit: 10)) { try SystemQueries.shortestPath(in: system, to: goal, limit: 10).get() }
    }

    @Test func systemTooLargeToTabulateIsAnError() throws {
        // 4,096 states and 4,097 distinct events, each a step: 4,097 rows of 4,096 entries each,
        // past the 2^24 budget, so the checker reports it instead of allocating 64 MB and more.
        var lines = ["machine Big {", "    initial state S0"]
        for i in 1..<4096 { lines.append("    state S\(i)") }
        for i in 0...4096 { lines.append("    S\(i % 4096) -> S\((i + 1) % 4096) on e\(i)") }
        lines += ["}", "system Huge {", "    instance B: Big"]
        lines.append("    on go: " + (0...4096).map { "B.e\($0)" }.joined(separator: ", "))
        lines.append("}")
        let compilation = Self.compile(lines.joined(separator: "\n"))
        #expect(compilation.diagnostics.all.map(\.id) == ["systemTooLarge"])
        #expect(compilation.diagnostics.all.first?.message
            == "system 'Huge' is too large to explore: its steps need 16781312 table entries (at most 16777216); use fewer distinct events on large machines")
    }

    @Test func explorationBudgetBoundsWorkWhateverTheLimit() throws {
        // Six rings of ten states (10^6 composed states, 49 reads each) fit the budget; a
        // thousand toggles with an event each would cost a million reads per state, so far
        // fewer states are explored, whatever '--state-limit' says.
        func system(_ machine: Machine, instances: Int) -> System {
            let here = machine.range
            let event = machine.transitions[0].event!
            return System(
                name: "S", description: nil, range: here, machines: [machine],
                instances: (0..<instances).map { Instance(name: "I\($0)", label: nil, machine: 0, range: here) },
                events: (0..<instances).map {
                    SystemEvent(name: "e\($0)", trigger: nil, description: nil,
                                steps: [SystemStep(instance: $0, action: .fire(event), range: here)], range: here)
                })
        }
        let ring = try #require(Self.compile(Self.rings(1)).model?.machines.first)
        #expect(ComposedExploration.budget(for: ComposedStepper(system: system(ring, instances: 6))) > 1_000_000)
        let toggles = ComposedStepper(system: system(ring, instances: 1000))
        #expect(ComposedExploration.budget(for: toggles) == (1 << 28) / (1000 * 1001 + 1000 + 1))
        let exploration = ComposedExploration(toggles, limit: 3)
        #expect(exploration.result == .limitReached && exploration.count == 3)
    }

    /// A long event on a long machine: parsing, resolving and exploring stay linear (one shared
    /// next-state row for the repeated step, not one per step).
    @Test func longEventsOnLongMachinesScaleLinearly() {
        func source(_ n: Int) -> String {
            var text = "machine Chain {\n    initial state S0\n"
            for i in 1...n { text += "    state S\(i)\n" }
            for i in 0..<n { text += "    S\(i) -> S\(i + 1) on next\n" }
            text += "    S\(n) -> S0 on reset\n}\nsystem Walk {\n    instance W: Chain\n    on go: "
            text += Array(repeating: "W.next", count: n).joined(separator: ", ")
            return text + "\n    on back: W.reset\n}\n"
        }
        let small = source(5_000), large = source(20_000)
        let compilation = Self.compile(large)
        #expect(compilation.diagnostics.isEmpty)
        let scaling = Scaling.ratio(small: { _ = Self.compile(small) }, large: { _ = Self.compile(large) })
        #expect(scaling.ratio < 7, "5k steps: \(scaling.small)s, 20k steps: \(scaling.large)s")
    }

    @Test func dotDrawsManyInstancesOfALargeMachineAsBoxes() throws {
        // 50 instances of a 2,500-state ring would repeat 125,000 states: each is one box.
        var lines = ["machine Ring {", "    initial state S0"]
        for i in 1..<2500 { lines.append("    state S\(i)") }
        for i in 0..<2500 { lines.append("    S\(i) -> S\((i + 1) % 2500) on next") }
        lines += ["}", "system Many {"]
        for k in 0..<50 { lines.append("    instance I\(k): Ring") }
        lines += ["    on step: I0.next", "}"]
        let compilation = Self.compile(lines.joined(separator: "\n"))
        // Only I0 moves: the others are warned about, which leaves a model.
        #expect(compilation.diagnostics.all.map(\.id) == Array(repeating: "instanceNeverLeavesInitial", count: 49))
        let model = try #require(compilation.model)
        let dot = String(decoding: DotGenerator(model: model).body(), as: UTF8.self)
        #expect(dot.contains("m1_instance [label=\"I0: Ring\", style=\"rounded,bold\"];"))
        #expect(!dot.contains("I0.S0"))
        // The machine itself (about 5,000 lines) and one line per instance.
        #expect(dot.split(separator: "\n").count < 5_200)
    }

    @Test func contextualWordsStayNames() throws {
        // 'system', 'instance' and 'new' are names outside their places.
        let compilation = Self.compile("""
            machine system {
                initial state instance
                state new
                instance -> new on new
                new -> instance on system
            }
            system Pair {
                instance new: system
                on new: new.new
                on system: new.system
            }
            """)
        #expect(compilation.diagnostics.all.map(\.message) == [])
        let system = try Self.system("Pair", in: try #require(compilation.model))
        #expect(system.events.flatMap(\.steps).map(\.action) == [.fire("new"), .fire("system")])
    }
}
