import Foundation
import Testing
import LifecycleCompiler
import SpecGeneration

/// The SCXML export against Qt's SCXML engine, a second interpreter nobody here wrote: a few
/// hundred random specs (`SemanticsSpecGenerator`: composites three levels deep, transitions on
/// composites shadowed inside them, internal ones, a state's second transition on an event,
/// final states at every depth) exported with `export --to scxml` and run by
/// `QScxmlStateMachine::fromFile` on random sequences of events. For every event, Qt's active
/// leaf and the callbacks it ran (the `<log>`s, in order) must be what `simulate` says: the
/// step the event makes, or nothing where the leaf does not accept it (SCXML discards such an
/// event; `simulate` stops there, and the rest of the sequence is compared with the same steps
/// `simulate` takes, `MachineStepper`'s).
///
/// The events are named to trip SCXML: `done` and `error` (SCXML raises `done.state.…` when a
/// final state completes its composite, and `error.…`), `done_event` (close to what the export
/// writes for `done`, `done-event`), and `callback`; the callbacks include two with
/// one base name (`scene(_:willConnectTo:)`, `scene(_:openURLContexts:)`) and one named
/// `callback()`. The harness (`Tests/QtSCXMLHarness/harness.cpp`) is compiled at test time with
/// `g++` against the system's Qt 6 (`pkg-config Qt6Scxml`; Debian's `qt6-scxml-dev`, which
/// `.ci/run` installs), once per content, and runs every document and sequence in one process.
/// Without Qt the comparison is skipped with a note.
@Suite struct QtSCXMLDifferentialTests {
    static let specCount = 300
    static let sequencesPerSpec = 8
    static let firstSeed: UInt64 = 38_000
    static let events = ["done", "error", "done_event", "callback"]
    static let callbacks = ["scene(_:willConnectTo:)", "scene(_:openURLContexts:)", "callback()", "done()", "f()"]

    /// What one event did: the active leaf afterwards and the callbacks run, in order.
    struct Outcome: Equatable, CustomStringConvertible {
        var leaf: String
        var calls: [String]
        var description: String { "\(leaf) \(calls)" }
    }

    @Test func qtRunsEveryExportAsSimulateDoes() throws {
        guard let harness = try Self.harness() else { return }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lifecycle-qt-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }

        struct Case {
            var spec: SemanticsSpecGenerator.Spec
            var model: Model
            var document: String
            var sequences: [[String]]
        }
        var cases: [Case] = []
        var input = ""
        for index in 0..<Self.specCount {
            let seed = Self.firstSeed + UInt64(index)
            let spec = SemanticsSpecGenerator.make(seed: seed, name: "Q\(index)", events: Self.events, callbacks: Self.callbacks)
            let compilation = Compiler.compile(path: "\(spec.name).lifecycle", source: spec.text)
            guard let model = compilation.model else {
                Issue.record("the generator wrote a spec with errors (seed \(seed)):\n\(spec.text)\n\(compilation.diagnostics.all.map(\.message))")
                continue
            }
            let document = String(decoding: ExportFormat.scxml.generate(model: model, specPath: "\(spec.name).lifecycle",
                                                                         command: "lifecycle export"), as: UTF8.self)
            let url = folder.appendingPathComponent("\(spec.name).scxml")
            try Data(document.utf8).write(to: url)
            var random = SplitMix64(seed: seed ^ 0x9C_3A)
            let stepper = MachineStepper(model.machines[0])
            let sequences = (0..<Self.sequencesPerSpec).map { Self.sequence(guided: $0 % 4 != 0, by: stepper, &random) }
            input += "file\t\(url.path)\n"
            for sequence in sequences {
                input += "run\t" + sequence.map { SCXMLGenerator.eventName($0) }.joined(separator: "\t") + "\n"
            }
            cases.append(Case(spec: spec, model: model, document: document, sequences: sequences))
        }
        let sequences = folder.appendingPathComponent("sequences.txt")
        try Data(input.utf8).write(to: sequences)
        let run = try Shell.run(harness, [sequences.path])
        #expect(run.status == 0, "the harness failed:\n\(run.stderr)")
        // The answers, run by run: a `start` line, a `step` line per event, `end`.
        var runs: [[Outcome]] = [], current: [Outcome] = []
        for line in run.stdout.split(separator: "\n", omittingEmptySubsequences: false) where !line.isEmpty {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            switch fields[0] {
            case "start": current = [Outcome(leaf: fields.count > 1 ? fields[1] : "", calls: [])]
            case "step": current.append(Outcome(leaf: fields.count > 1 ? fields[1] : "", calls: Array(fields.dropFirst(2))))
            case "end": runs.append(current); current = []
            default: current.append(Outcome(leaf: "error", calls: fields))
            }
        }
        #expect(runs.count == cases.count * Self.sequencesPerSpec, "\(runs.count) runs answered")

        var compared = 0, rejected = 0, completions = 0, emptyCalls = 0
        var answers = runs.makeIterator()
        for item in cases {
            let machine = item.model.machines[0], stepper = MachineStepper(machine)
            for events in item.sequences {
                guard let qt = answers.next() else { break }
                // What `simulate` says: its steps up to the event the leaf rejects, then the same
                // steps for the rest (an event no step takes leaves everything as it was).
                let simulated: (steps: [QueryStep], stoppedAt: Int?) = switch Simulator.run(events, in: machine) {
                case .success(let run): (run.steps, nil)
                case .failure(let failure): (failure.run.steps, failure.eventIndex)
                }
                var leaf = stepper.start
                var expected = [Outcome(leaf: machine.states[leaf].name, calls: [])]
                var taken: [Int] = [], firstRejected: Int?
                for (position, event) in events.enumerated() {
                    guard let step = stepper.step(on: event, from: leaf) else {
                        firstRejected = firstRejected ?? position
                        rejected += 1
                        expected.append(Outcome(leaf: machine.states[leaf].name, calls: []))
                        continue
                    }
                    if firstRejected == nil { taken.append(step.transition) }
                    if machine.states[step.to].isFinal && machine.states[step.to].parent != nil { completions += 1 }
                    let calls = machine.callbacks(of: step).map { item.model.method($0).selector }
                    if calls.isEmpty { emptyCalls += 1 }
                    expected.append(Outcome(leaf: machine.states[step.to].name, calls: calls))
                    leaf = step.to
                }
                #expect(simulated.steps.map(\.transition) == taken && simulated.stoppedAt == firstRejected,
                        "simulate \(events.joined(separator: " ")) stops at \(simulated.stoppedAt.map(String.init) ?? "none")")
                if qt != expected {
                    let first = zip(qt, expected).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(qt.count, expected.count)
                    Issue.record("""
                        seed \(item.spec.seed), events \(events.joined(separator: " ")): Qt and simulate part at \(first == 0 ? "the start" : "event \(first) ('\(events[first - 1])')")
                        Qt:       \(qt)
                        simulate: \(expected)
                        spec:
                        \(item.spec.text)
                        SCXML:
                        \(item.document)
                        """)
                }
                compared += events.count
            }
        }
        print("Qt SCXML comparison: \(cases.count) specs, \(compared) events, \(rejected) rejected, \(completions) into a final state inside a composite")
        // Every kind of case happens, so agreement means something.
        #expect(compared > 10_000 && rejected > 1_000 && completions > 100 && emptyCalls > 100,
                "\(compared) events, \(rejected) rejected, \(completions) into a final state inside a composite, \(emptyCalls) steps calling nothing")
    }

    /// Eight events: mostly ones the leaf accepts where our own stepper says it is (guided), so
    /// that runs go deep, else any of the spec's.
    static func sequence(guided: Bool, by stepper: MachineStepper, _ random: inout SplitMix64) -> [String] {
        var events: [String] = []
        var leaf = stepper.start
        for _ in 0..<8 {
            let accepted = stepper.acceptedEvents(in: leaf)
            let event = guided && !accepted.isEmpty && random.chance(80) ? random.pick(accepted) : random.pick(Self.events)
            events.append(event)
            leaf = stepper.step(on: event, from: leaf)?.to ?? leaf
        }
        return events
    }

    /// The harness, compiled once per content (the source and Qt's flags) into the temporary
    /// folder; nil after a note when Qt or a compiler is missing (an issue on CI).
    static func harness() throws -> String? {
        func skip(_ reason: String) -> String? {
            print("Qt SCXML comparison skipped: \(reason)")
            if ProcessInfo.processInfo.environment["CI"] != nil { Issue.record("Qt SCXML comparison skipped on CI: \(reason)") }
            return nil
        }
        guard let compiler = Shell.which("g++") ?? Shell.which("c++") else { return skip("no C++ compiler (g++) on PATH") }
        guard let pkgConfig = Shell.which("pkg-config") else { return skip("no pkg-config on PATH") }
        let flags = try Shell.run(pkgConfig, ["--cflags", "--libs", "Qt6Scxml"])
        guard flags.status == 0 else { return skip("pkg-config finds no Qt6Scxml (apt-get install qt6-scxml-dev)") }
        let source = Repository.root.appendingPathComponent("Tests/QtSCXMLHarness/harness.cpp")
        let text = try Data(contentsOf: source)
        let key = SHA256.hex(Array(text) + Array(flags.stdout.utf8)).prefix(16)
        let binary = FileManager.default.temporaryDirectory.appendingPathComponent("lifecycle-qt-harness-\(key)")
        if FileManager.default.isExecutableFile(atPath: binary.path) { return binary.path }
        let building = binary.path + ".\(getpid()).tmp"
        let arguments = ["-std=c++17", "-O1", "-fPIC", source.path, "-o", building]
            + flags.stdout.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
        let build = try Shell.run(compiler, arguments)
        guard build.status == 0 else {
            Issue.record("the Qt harness does not compile:\n\(build.stderr)")
            return nil
        }
        // Renamed into place whole, so a concurrent run never starts a half-written binary.
        guard rename(building, binary.path) == 0 else {
            Issue.record("cannot move the Qt harness into place: errno \(errno)")
            return nil
        }
        return binary.path
    }
}
