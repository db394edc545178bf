import Foundation
import Testing
@testable import LifecycleCompiler
import SpecGeneration

/// Random systems over the example machines. Whatever the checker says, it says it without
/// crashing; when a system checks clean, `simulate --system` agrees step by step with
/// `Simulator` run on each instance alone (an independent oracle), no step of a possible event
/// fails (the checker proved it), and the DOT renders without a Graphviz warning.
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
            let source = Self.spec(seed: seed, events: events)
            let compilation = Compiler.compile(path: "Random.lifecycle", source: source, imports: imports)
            guard let model = compilation.model, let system = model.system(named: "Random") else { continue }
            clean += 1
            // Walk: at each point fire a random possible event; compare with each machine's own steps.
            var random = SplitMix64(seed: seed &+ 1000)
            let stepper = ComposedStepper(system: system)
            var state = stepper.initial
            for _ in 0..<20 {
                let possible = stepper.possibleEvents(in: state)
                guard !possible.isEmpty else { break }
                let event = random.pick(possible)
                let firing = stepper.fire(event, from: state)
                #expect(firing.outcome == .done, "seed \(seed): a possible event failed, but the checker passed it\n\(source)")
                var expected = state
                for step in system.events[event].steps {
                    let machine = system.machine(of: step.instance)
                    switch step.action {
                    case .new:
                        expected[step.instance] = Int32(Simulator.start(of: machine))
                    case .fire(let name):
                        let fired = MachineStepper(machine).step(on: name, from: Int(expected[step.instance]))
                        expected[step.instance] = Int32(fired?.to ?? -1)
                    }
                }
                #expect(firing.state == expected, "seed \(seed)\n\(source)")
                state = firing.state
            }
            if seed < 10, let dot = try GraphvizRequirement.dot() {
                let result = try Shell.run(dot, ["-Tsvg", "-o", "/dev/null"], input: Data(DotGenerator(model: model).body()))
                #expect(result.status == 0 && result.stderr.isEmpty, "seed \(seed): \(result.stderr)")
            }
        }
        // Random steps often can fail; enough systems must still check clean to mean something.
        #expect(clean >= Self.cases / 10, "only \(clean) of \(Self.cases) random systems checked clean")
    }
}
