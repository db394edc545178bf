import Foundation
import Testing
import LifecycleCompiler
import SpecGeneration

/// Random systems over the example machines. Whatever the checker says, it says it without
/// crashing; when a system checks clean, the composed stepper agrees with each instance's
/// `MachineStepper` run alone (an independent oracle) on every event of every state of a random
/// walk: an event is possible exactly when all its steps happen in turn there, and lands where
/// they do; and the DOT renders without a Graphviz warning.
@Suite struct SystemPropertyTests {
    static let cases = Int(ProcessInfo.processInfo.environment["LIFECYCLE_PROPERTY_CASES"] ?? "") ?? 40

    /// The scene and media examples' machines, imported.
    static let machines = ["AppSessions", "Scene", "MediaPlayback"]

    static func imports() throws -> [String: String] {
        var files: [String: String] = [:]
        for name in ["SceneLifecycle", "MediaPlayer"] {
            files["\(name).lifecycle"] = try String(contentsOfFile: Repository.examples.path + "/\(name).lifecycle", encoding: .utf8)
        }
        return files
    }

    /// A random system: 1–4 instances, 1–6 events of 1–5 steps each (some `new`).
    static func spec(seed: UInt64, events: [String: [String]]) -> String {
        var random = SplitMix64(seed: seed)
        var lines = ["import \"SceneLifecycle.lifecycle\"", "import \"MediaPlayer.lifecycle\"", "system Random {"]
        var instances: [(String, String)] = []
        for k in 0..<(1 + random.below(4)) {
            let machine = random.pick(machines)
            instances.append(("I\(k)", machine))
            lines.append("    instance I\(k): \(machine)")
        }
        for e in 0..<(1 + random.below(6)) {
            var steps: [String] = []
            for _ in 0..<(1 + random.below(5)) {
                let (name, machine) = random.pick(instances)
                steps.append(random.chance(15) ? "new \(name)" : "\(name).\(random.pick(events[machine]!))")
            }
            lines.append("    on e\(e): " + steps.joined(separator: ", "))
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    @Test func randomSystemsAgreeWithEachInstanceAlone() throws {
        let imports = try Self.imports()
        // Every event name of each machine, from the examples themselves.
        let library = try #require(Compiler.compile(path: "Lib.lifecycle", source: "import \"SceneLifecycle.lifecycle\"\nimport \"MediaPlayer.lifecycle\"\nsystem S {\n    instance A: AppSessions\n    instance B: Scene\n    instance C: MediaPlayback\n    on x: A.launch\n}\n", imports: imports).model)
        let known = try #require(library.system(named: "S"))
        var events: [String: [String]] = [:]
        for machine in known.machines {
            var seen = Set<String>()
            events[machine.name] = machine.transitions.compactMap(\.event).filter { seen.insert($0).inserted }
        }
        var clean = 0
        for seed in 0..<UInt64(Self.cases) {
            var source = Self.spec(seed: seed, events: events)
            var compilation = Compiler.compile(path: "Random.lifecycle", source: source, imports: imports)
            // Random steps are often possible nowhere, an error: leave those events out.
            for _ in 0..<3 where compilation.model == nil {
                let impossible = compilation.diagnostics.all.filter { $0.id == "systemEventNeverPossible" }
                    .compactMap { $0.message.split(separator: "'").dropFirst().first.map { "    on \($0):" } }
                guard !impossible.isEmpty, impossible.count == compilation.diagnostics.errorCount else { break }
                source = source.split(separator: "\n").filter { line in !impossible.contains { line.hasPrefix($0) } }
                    .joined(separator: "\n") + "\n"
                compilation = Compiler.compile(path: "Random.lifecycle", source: source, imports: imports)
            }
            guard let model = compilation.model, let system = model.system(named: "Random"), !system.events.isEmpty else { continue }
            clean += 1
            // Walk: in each state, every event against each machine's own steps; then a random possible one.
            var random = SplitMix64(seed: seed &+ 1000)
            let stepper = ComposedStepper(system: system)
            var state = stepper.initial
            for _ in 0..<20 {
                let possible = stepper.possibleEvents(in: state)
                for event in system.events.indices {
                    var expected: [Int32]? = state
                    for step in system.events[event].steps {
                        guard let current = expected?[step.instance] else { break }
                        let machine = system.machine(of: step.instance)
                        switch step.action {
                        case .new:
                            let allowed = machine.states[Int(current)].isFinal || machine.isWithin(Int(current), machine.initialState)
                            expected?[step.instance] = Int32(Simulator.start(of: machine))
                            if !allowed { expected = nil }
                        case .fire(let name):
                            if let fired = MachineStepper(machine).step(on: name, from: Int(current)) {
                                expected?[step.instance] = Int32(fired.to)
                            } else {
                                expected = nil
                            }
                        }
                    }
                    let firing = stepper.fire(event, from: state)
                    #expect((firing.outcome == .done) == (expected != nil), "seed \(seed), event \(event)\n\(source)")
                    #expect(possible.contains(event) == (expected != nil), "seed \(seed), event \(event)\n\(source)")
                    if let expected { #expect(firing.state == expected, "seed \(seed)\n\(source)") }
                }
                guard !possible.isEmpty else { break }
                state = stepper.fire(random.pick(possible), from: state).state
            }
            if seed < 10, let dot = try GraphvizRequirement.dot() {
                let result = try Shell.run(dot, ["-Tsvg", "-o", "/dev/null"], input: Data(DotGenerator(model: model).body()))
                #expect(result.status == 0 && result.stderr.isEmpty, "seed \(seed): \(result.stderr)")
            }
        }
        // Random systems often have other errors; enough must still check clean to mean something.
        #expect(clean >= Self.cases / 10, "only \(clean) of \(Self.cases) random systems checked clean")
    }
}
