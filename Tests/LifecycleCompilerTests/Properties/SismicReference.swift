import Foundation
import Testing
import LifecycleCompiler
import SpecGeneration

/// What sismic (PyPI; `.ci/run` installs it), a statechart interpreter nobody here wrote, says
/// a few hundred random specs do: the reference `SismicDifferentialTests` and `MonitorTests`
/// compare every command with.
///
/// The specs come from `SemanticsSpecGenerator`, seeded; each gets random event sequences and
/// logs (runs of our own automaton, some spoiled). All of them go to one Python process,
/// `Tests/SismicReference/reference.py`, which translates each spec to sismic's YAML statechart
/// and answers with sismic's runs of the sequences, the graph of what each event does in each
/// reachable leaf, and the line at which `conform` must reject each log (its own random logs
/// added). Computed once per test process.
enum SismicReference {
    /// Specs that check without errors: every command is compared on them.
    static let specCount = 300
    /// Specs with some states unreachable: the checker's reachability is compared on them.
    static let unchainedCount = 100
    static let firstSeed: UInt64 = 23_000

    /// What sismic does with one event in one leaf.
    struct Move: Equatable, CustomStringConvertible {
        var calls: [String]
        var leaf: String
        /// Whether the transition has a target (not an internal one).
        var external: Bool
        var description: String { "\(calls) -> \(leaf)\(external ? "" : " (internal)")" }
    }

    /// A log, and the 1-based line where `conform` must reject it (0: it conforms).
    struct Verdict {
        var log: [String]
        var strict: Int
        var loose: Int
    }

    struct Case {
        var spec: SemanticsSpecGenerator.Spec
        /// Nil for a spec with errors (some states unreachable).
        var model: Model?
        var sequences: [[String]]
        /// The statechart sismic ran.
        var yaml: String
        var start: String
        /// Per sequence: sismic's steps, nil for the event it rejected (the last one).
        var runs: [[Move?]]
        /// Per reachable leaf, per event of the spec: what sismic does, nil when it does nothing.
        var graph: [String: [String: Move]]
        var verdicts: [Verdict]

        /// The model of a case `cases()` returns (one that checks without errors).
        var checked: Model { model! }
        var machine: Machine { checked.machines[0] }

        /// The spec and sismic's statechart, in full, for a message about a disagreement.
        var shown: String { "spec (seed \(spec.seed)):\n\(spec.text)\nsismic's statechart:\n\(yaml)" }
    }

    enum Outcome {
        case cases([Case])
        /// Why there is nothing to compare with (printed as the test's note).
        case skipped(String)
    }

    /// Computed on first use, once for every test that asks.
    static let outcome: Outcome = compute()

    /// The cases that check without errors (`all`: every case), or nil after printing why the
    /// comparison is skipped (an issue on CI, where `.ci/run` installs sismic).
    static func cases(all: Bool = false) -> [Case]? {
        switch outcome {
        case .cases(let cases): return all ? cases : cases.filter { $0.model != nil }
        case .skipped(let reason):
            print("sismic comparison skipped: \(reason)")
            if ProcessInfo.processInfo.environment["CI"] != nil { Issue.record("sismic comparison skipped on CI: \(reason)") }
            return nil
        }
    }

    static func compute() -> Outcome {
        guard let python = Shell.which("python3") else { return .skipped("no python3 on PATH") }
        guard let probe = try? Shell.run(python, ["-c", "import sismic"]), probe.status == 0 else {
            return .skipped("python3 cannot import sismic (pip install 'sismic>=1.6,<2')")
        }
        var built: [(SemanticsSpecGenerator.Spec, Model?, [[String]], [[String]])] = []
        for index in 0..<(specCount + unchainedCount) {
            let seed = firstSeed + UInt64(index)
            let chained = index < specCount
            let spec = SemanticsSpecGenerator.make(seed: seed, name: "R\(index)", chained: chained)
            let compilation = Compiler.compile(path: "\(spec.name).lifecycle", source: spec.text)
            guard let model = compilation.model else {
                if chained {
                    Issue.record("the generator wrote a spec with errors (seed \(seed)):\n\(spec.text)\n\(compilation.diagnostics.all.map(\.message))")
                } else {
                    built.append((spec, nil, [], []))
                }
                continue
            }
            var random = SplitMix64(seed: seed ^ 0x5EED)
            let machine = model.machines[0]
            let automaton = MachineAutomaton(model: model, machine: machine)
            let sequences = (0..<4).map { sequence(guided: $0 % 2 == 1, by: automaton.stepper, &random) }
            let logs = (0..<6).map { _ in MonitorTests.sequence(automaton, &random).map { automaton.callbacks[$0].selector } }
                .filter { !$0.isEmpty }
            built.append((spec, model, sequences, logs))
        }
        let input: [String: Any] = ["specs": built.map { spec, _, sequences, logs in
            [
                "name": spec.name, "seed": spec.seed, "events": spec.events, "sequences": sequences, "logs": logs,
                "states": spec.states.map { ["name": $0.name, "parent": $0.parent as Any? ?? NSNull(), "initial": $0.isInitial, "final": $0.isFinal,
                                             "entry": $0.entry, "exit": $0.exit] },
                "transitions": spec.transitions.map { ["source": $0.source, "target": $0.target as Any? ?? NSNull(), "event": $0.event, "calls": $0.calls] },
            ] as [String: Any]
        }]
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lifecycle-sismic-\(getpid())")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let file = folder.appendingPathComponent("specs.json")
            try JSONSerialization.data(withJSONObject: input).write(to: file)
            let script = Repository.root.appendingPathComponent("Tests/SismicReference/reference.py").path
            let run = try Shell.run(python, [script, file.path])
            guard run.status == 0,
                  let output = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any],
                  let answers = output["specs"] as? [[String: Any]], answers.count == built.count else {
                Issue.record("reference.py failed (status \(run.status)):\n\(run.stderr)")
                return .cases([])
            }
            return .cases(zip(built, answers).map { built, answer in
                let (spec, model, sequences, _) = built
                return Case(spec: spec, model: model, sequences: sequences,
                            yaml: answer["yaml"] as? String ?? "", start: answer["start"] as? String ?? "",
                            runs: (answer["runs"] as? [[[String: Any]]] ?? []).map { $0.map(move) },
                            graph: (answer["graph"] as? [String: [String: Any]] ?? [:]).mapValues { row in
                                row.compactMapValues { ($0 as? [String: Any]).flatMap(move) }
                            },
                            verdicts: (answer["logs"] as? [[String: Any]] ?? []).map {
                                Verdict(log: $0["log"] as? [String] ?? [], strict: $0["strict"] as? Int ?? -1, loose: $0["loose"] as? Int ?? -1)
                            })
            })
        } catch {
            Issue.record("running reference.py: \(error)")
            return .cases([])
        }
    }

    static func move(_ object: [String: Any]) -> Move? {
        guard let calls = object["calls"] as? [String], let leaf = object["leaf"] as? String else { return nil }
        return Move(calls: calls, leaf: leaf, external: object["external"] as? Bool ?? true)
    }

    /// Eight events: any of the spec's, or (guided) mostly ones the machine accepts where our
    /// own stepper says it is, so that runs get somewhere before an event is rejected.
    static func sequence(guided: Bool, by stepper: MachineStepper, _ random: inout SplitMix64) -> [String] {
        var events: [String] = []
        var leaf = stepper.start
        for _ in 0..<8 {
            let accepted = stepper.acceptedEvents(in: leaf)
            let event = guided && !accepted.isEmpty && random.chance(85) ? random.pick(accepted) : random.pick(SemanticsSpecGenerator.events)
            events.append(event)
            guard let step = stepper.step(on: event, from: leaf) else { break }
            leaf = step.to
        }
        return events
    }
}
