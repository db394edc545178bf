import Foundation
import Testing
import LifecycleCompiler
import SpecGeneration

/// `swift --monitor`: the generated skeletons with monitors are golden files (type-checked with
/// the others by `GeneratedCodeCompilesTests`), and the monitors, compiled with `swiftc` and run,
/// agree with `conform --strict` on 10,000 random sequences, verdict and message, and with
/// sismic on the logs of `SismicReference`.
@Suite(.serialized) struct MonitorTests {
    /// Specs whose `--monitor` output is kept as `Fixtures/Golden/<name>.monitor.swift`.
    static let goldens: [(folder: String, name: String)] = [
        ("Examples", "SceneLifecycle"), ("Examples", "MediaPlayer"), ("Examples", "SwiftUILifecycle"),
        ("Tests/LifecycleCompilerTests/Fixtures/Golden", "Hostile"), ("Tests/LifecycleCompilerTests/Fixtures/Golden", "Keywords"),
        ("Examples", "NavigationLifecycle"),
    ]

    static func model(_ folder: String, _ name: String) throws -> Model {
        let url = Repository.root.appendingPathComponent("\(folder)/\(name).lifecycle")
        return try GeneratorGoldenTests.model(url, displayPath: "\(folder.split(separator: "/").last!)/\(name).lifecycle")
    }

    /// Whether a monitor would be empty is asked without building it (`SwiftGenerator` asks for
    /// every machine before writing anything); the answer is the built monitor's, for every
    /// example's machines and systems (the SwiftUI example's phase-only machine is empty).
    @Test func emptinessWithoutTheTablesIsTheMonitorsOwn() throws {
        var empty = 0, checked = 0
        let names = try FileManager.default.contentsOfDirectory(atPath: Repository.root.appendingPathComponent("Examples").path)
            .filter { $0.hasSuffix(".lifecycle") }.map { String($0.dropLast(".lifecycle".count)) }.sorted()
        for name in names {
            let model = try Self.model("Examples", name)
            for machine in model.machines {
                let built = MonitorGenerator(model: model, machine: machine).isEmpty
                #expect(MonitorGenerator.isEmpty(model: model, machine: machine) == built, "\(name): \(machine.name)")
                empty += built ? 1 : 0
                checked += 1
            }
            for system in model.systems {
                #expect(MonitorGenerator.isEmpty(model: model, system: system) == MonitorGenerator(model: model, system: system).isEmpty, "\(name): \(system.name)")
                checked += 1
            }
        }
        #expect(checked > 10 && empty >= 1, "\(checked) monitors, \(empty) empty")
    }

    @Test(arguments: goldens.map { "\($0.folder)/\($0.name)" }) func golden(_ path: String) throws {
        let folder = String(path.split(separator: "/").dropLast().joined(separator: "/")), name = String(path.split(separator: "/").last!)
        let model = try Self.model(folder, name)
        let spec = "\(folder.split(separator: "/").last!)/\(name).lifecycle"
        let swift = SwiftGenerator(model: model, monitor: true).generate(specPath: spec, command: "lifecycle swift \(spec) --monitor")
        GoldenFile.check(String(decoding: swift, as: UTF8.self), against: Repository.fixtures.appendingPathComponent("Golden/\(name).monitor.swift"))
    }

    @Test func everyCallbackFeedsItsMonitor() throws {
        let model = try Self.model("Examples", "SceneLifecycle")
        let swift = String(decoding: SwiftGenerator(model: model, monitor: true).body(), as: UTF8.self)
        #expect(swift.contains("    var sceneMonitor = SceneLifecycleMonitor()\n"))
        #expect(swift.contains("    func sceneDidBecomeActive(_ scene: UIScene) {\n        sceneMonitor.record(.sceneDidBecomeActive)\n    }\n"))
        #expect(!swift.contains("import Foundation"))
        // Without --monitor, nothing of it.
        #expect(!String(decoding: SwiftGenerator(model: model).body(), as: UTF8.self).contains("Monitor"))
    }

    /// A random sequence of callbacks: mostly a real run, sometimes with a pair swapped, one
    /// dropped or one added.
    static func sequence<Automaton: LifecycleAutomaton>(_ automaton: Automaton, _ random: inout SplitMix64) -> [Int] {
        var callbacks: [Int] = []
        var state = automaton.initialConfiguration
        for _ in 0..<random.below(10) {
            let steps = automaton.steps(from: state)
            guard !steps.isEmpty else { break }
            let step = random.pick(steps)
            callbacks += step.callbacks
            state = step.target
        }
        if random.chance(50), !callbacks.isEmpty {
            switch random.below(3) {
            case 0 where callbacks.count > 1:
                let at = random.below(callbacks.count - 1)
                callbacks.swapAt(at, at + 1)
            case 1: callbacks.remove(at: random.below(callbacks.count))
            default: callbacks.insert(random.below(automaton.callbacks.count), at: random.below(callbacks.count + 1))
            }
        }
        return callbacks
    }

    /// `conform --strict` on a log of these callbacks: the line of the first deviation (0 when
    /// it conforms) and its message.
    static func conform(_ callbacks: [Int], _ automaton: MachineAutomaton) -> String {
        let files = SourceFiles()
        let file = files.add(path: "run.log", bytes: Array(callbacks.map { automaton.callbacks[$0].selector + "\n" }.joined().utf8))
        let report = Conformance.check(LogReader(automaton).read(file), against: automaton, strict: true)
        guard let error = report.diagnostics.all.first else { return "0" }
        let line = files[error.range.file].lineColumn(of: error.range.startOffset, table: LineTable(file.bytes)).line
        return "\(line) \(error.message)"
    }

    /// One program holding the monitors of `machines`, compiled with `swiftc`: it reads lines of
    /// numbers (which machine, then callbacks) and prints, per line, `0` or the line of the
    /// first violation and its message, as `conform(_:_:)` writes them.
    struct MonitorProgram {
        let machines: [(model: Model, machine: Machine)]
        let folder: URL
        let program: URL

        init(_ machines: [(model: Model, machine: Machine)]) throws {
            self.machines = machines
            // One search for every monitor of the file, as `swift --monitor` writes it.
            // A monitor that keeps time reads `ProcessInfo`'s clock by default, and the file's shared clock.
            let timed = machines.contains(where: { MonitorGenerator(model: $0.model, machine: $0.machine).keepsTime })
            var source = String(decoding: MonitorGenerator.searchSource(timed: timed), as: UTF8.self) + "\n"
            if timed { source = "import Foundation\n\n" + source }
            var dispatch = ""
            for (index, (model, machine)) in machines.enumerated() {
                let generator = MonitorGenerator(model: model, machine: machine)
                source += String(decoding: generator.source(), as: UTF8.self) + "\n"
                dispatch += """
                    case \(index):
                        var monitor = \(generator.typeName)()
                        for (position, raw) in numbers.dropFirst().enumerated() {
                            if let violation = monitor.observe(\(generator.typeName).Callback(rawValue: raw)!) {
                                print("\\(position + 1) \\(violation)")
                                continue lines
                            }
                        }
                        print("0")

                """
            }
            source += """
                @main struct Main {
                    static func main() {
                        lines: while let line = readLine() {
                            let numbers = line.split(separator: " ").map { Int($0)! }
                            switch numbers[0] {
                \(dispatch)
                            default: fatalError()
                            }
                        }
                    }
                }

                """
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("lifecycle-monitor-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let file = folder.appendingPathComponent("Monitors.swift")
            program = folder.appendingPathComponent("monitors")
            try source.write(to: file, atomically: true, encoding: .utf8)
            let build = try Shell.run("/usr/bin/env", ["swiftc", "-swift-version", "6", "-parse-as-library", "-Onone",
                                                       "-warnings-as-errors", file.path, "-o", program.path])
            try #require(build.status == 0, "the monitors do not compile:\n\(build.stdout)\(build.stderr)")
        }

        /// Each sequence's verdict: `0`, or the line of the first violation and its message.
        func run(_ sequences: [(machine: Int, callbacks: [Int])]) throws -> [String] {
            let input = sequences.map { ([$0.machine] + $0.callbacks).map(String.init).joined(separator: " ") + "\n" }.joined()
            // Through a file: writing many lines into a pipe while not reading the answers would block both.
            let file = folder.appendingPathComponent("sequences.txt")
            try input.write(to: file, atomically: true, encoding: .utf8)
            let run = try Shell.run("/bin/sh", ["-c", "exec \"$0\" < \"$1\"", program.path, file.path])
            #expect(run.status == 0, "\(run.stderr)")
            return run.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        }

        func remove() { try? FileManager.default.removeItem(at: folder) }
    }

    /// The monitors of the examples on 10,000 random sequences; of issue 23's machine on its log;
    /// and of 100 random specs on logs whose verdict sismic gives (`SismicReference`):
    /// each verdict and message is `conform --strict`'s, and each line sismic's. All in one
    /// program, compiled once.
    @Test func monitorsAgreeWithConformStrict() throws {
        let examples: [(String, String)] = [("SceneLifecycle", "Scene"), ("SceneLifecycle", "AppSessions"), ("AppLifecycle", "App"),
                                            ("MediaPlayer", "MediaPlayback"), ("ViewControllerLifecycle", "ViewController")]
        var machines: [(model: Model, machine: Machine)] = try examples.map { example, name in
            let model = try Self.model("Examples", example)
            return (model, try #require(model.machine(named: name)))
        }
        let issue = try #require(Compiler.compile(path: "Issue23.lifecycle", source: Self.issue23).model)
        machines.append((issue, issue.machines[0]))
        let sismic = Array((SismicReference.cases() ?? []).filter { !MonitorGenerator(model: $0.checked, machine: $0.machine).isEmpty }
            .prefix(Self.sismicMonitors))
        machines += sismic.map { ($0.checked, $0.machine) }
        let program = try MonitorProgram(machines)
        defer { program.remove() }
        let automata = machines.map { MachineAutomaton(model: $0.model, machine: $0.machine) }

        var random = SplitMix64(seed: 18)
        var sequences: [(machine: Int, callbacks: [Int])] = [], expected: [String] = [], sismicLines: [Int?] = []
        for _ in 0..<10_000 {
            let which = random.below(examples.count)
            let callbacks = Self.sequence(automata[which], &random)
            sequences.append((which, callbacks))
            expected.append(Self.conform(callbacks, automata[which]))
            sismicLines.append(nil)
        }
        let issueLog = ["a()", "b()", "d()", "b()"].map { selector in automata[examples.count].callbacks.firstIndex { $0.selector == selector }! }
        sequences.append((examples.count, issueLog))
        expected.append(Self.conform(issueLog, automata[examples.count]))
        sismicLines.append(4)
        for (offset, item) in sismic.enumerated() {
            let which = examples.count + 1 + offset
            for verdict in item.verdicts {
                let callbacks = verdict.log.map { selector in automata[which].callbacks.firstIndex { $0.selector == selector }! }
                sequences.append((which, callbacks))
                expected.append(Self.conform(callbacks, automata[which]))
                sismicLines.append(verdict.strict)
            }
        }
        let actual = try program.run(sequences)
        #expect(actual.count == expected.count)
        let disagreements = zip(actual, expected).enumerated().filter { $0.element.0 != $0.element.1 }
        #expect(disagreements.isEmpty, "first disagreement: \(disagreements.first.map { "sequence \($0.offset): monitor \($0.element.0), conform \($0.element.1)" } ?? "")")
        for (index, line) in sismicLines.enumerated() {
            guard let line, index < actual.count, actual[index].split(separator: " ").first != Substring(String(line)) else { continue }
            let machine = sequences[index].machine
            let item = machine > examples.count ? sismic[machine - examples.count - 1].shown : Self.issue23
            Issue.record("monitor: \(actual[index]), sismic's line \(line), log:\n\(sequences[index].callbacks.map { automata[machine].callbacks[$0].selector }.joined(separator: "\n"))\n\(item)")
        }
        // Both verdicts occur, so agreement means something.
        let rejected = expected.prefix(10_000).filter { $0 != "0" }.count
        #expect(rejected > 1_000 && rejected < 9_000)
    }

    /// A system's monitor, fed `(instance, #function)` pairs, on 3,000 random interleavings of
    /// the examples' systems (real runs, sometimes with two callbacks swapped, one dropped or
    /// one of any instance added): each verdict and message is `conform --strict`'s on the log
    /// that names each callback with its instance. Compiled once, with `swiftc`.
    @Test func systemMonitorsAgreeWithConformStrict() throws {
        let model = try Self.model("Examples", "NavigationLifecycle")
        let systems = model.systems
        #expect(systems.map(\.name) == ["Navigation", "AppWithOneScene"])
        let generators = systems.map { MonitorGenerator(model: model, system: $0) }
        var source = String(decoding: MonitorGenerator.searchSource(), as: UTF8.self) + "\n"
        var dispatch = ""
        for (index, generator) in generators.enumerated() {
            source += String(decoding: generator.source(), as: UTF8.self) + "\n"
            // Input: the system's number, then pairs `instance selector`, space-separated.
            dispatch += """
                case \(index):
                    var monitor = \(generator.typeName)()
                    var position = 0
                    for pair in words.dropFirst() {
                        let parts = pair.split(separator: "/")
                        position += 1
                        let instance = \(generator.typeName).Instance(rawValue: Int(parts[0])!)!
                        if let violation = monitor.observe(instance, String(parts[1])) {
                            print("\\(position) \\(violation)")
                            continue lines
                        }
                    }
                    print("0")

            """
        }
        source += """
            @main struct Main {
                static func main() {
                    lines: while let line = readLine() {
                        let words = line.split(separator: " ")
                        switch Int(words[0])! {
            \(dispatch)
                        default: fatalError()
                        }
                    }
                }
            }

            """
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lifecycle-system-monitor-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("Monitors.swift"), program = folder.appendingPathComponent("monitors")
        try source.write(to: file, atomically: true, encoding: .utf8)
        let build = try Shell.run("/usr/bin/env", ["swiftc", "-swift-version", "6", "-parse-as-library", "-Onone",
                                                   "-warnings-as-errors", file.path, "-o", program.path])
        try #require(build.status == 0, "the system monitors do not compile:\n\(build.stdout)\(build.stderr)")

        let automata = systems.map { SystemAutomaton(model: model, system: $0) }
        var random = SplitMix64(seed: 26)
        var input = "", expected: [String] = []
        for _ in 0..<3_000 {
            let which = random.below(systems.count)
            let automaton = automata[which]
            let callbacks = Self.sequence(automaton, &random)
            // The log names each callback with its instance's name (`Root viewDidLoad()`).
            let log = callbacks.map { "\(systems[which].instances[automaton.callbacks[$0].instance!].name) \(automaton.callbacks[$0].selector)\n" }.joined()
            let files = SourceFiles()
            let logFile = files.add(path: "run.log", bytes: Array(log.utf8))
            let report = Conformance.check(LogReader(automaton).read(logFile), against: automaton, strict: true)
            if let error = report.diagnostics.all.first {
                let line = files[error.range.file].lineColumn(of: error.range.startOffset, table: LineTable(logFile.bytes)).line
                expected.append("\(line) \(error.message)")
            } else {
                expected.append("0")
            }
            input += ([String(which)] + callbacks.map { "\(automaton.callbacks[$0].instance!)/\(automaton.callbacks[$0].selector)" })
                .joined(separator: " ") + "\n"
        }
        let sequences = folder.appendingPathComponent("sequences.txt")
        try input.write(to: sequences, atomically: true, encoding: .utf8)
        let run = try Shell.run("/bin/sh", ["-c", "exec \"$0\" < \"$1\"", program.path, sequences.path])
        #expect(run.status == 0, "\(run.stderr)")
        let actual = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        #expect(actual.count == expected.count)
        let disagreements = zip(actual, expected).enumerated().filter { $0.element.0 != $0.element.1 }
        #expect(disagreements.isEmpty, "first disagreement: \(disagreements.first.map { "sequence \($0.offset): monitor \($0.element.0), conform \($0.element.1)" } ?? "")")
        let rejected = expected.filter { $0 != "0" }.count
        #expect(rejected > 300 && rejected < 2_700, "\(rejected) of 3,000 rejected")
    }

    /// How many of `SismicReference`'s specs get a monitor here: `swiftc` takes about 0.2 s a
    /// monitor on this machine, and `SismicDifferentialTests` compares `conform --strict` with
    /// sismic on all of them.
    static let sismicMonitors = 100

    /// Issue 23's machine: after `start up poke`, the internal transition leaves it in `High`.
    static let issue23 = """
        protocol P {
            func a()
            func b()
            func c()
            func d()
        }
        machine M {
            delegate D: P
            initial state Off
            state On {
                initial state Low
                state High
                internal on poke by user calls d()
            }
            Off  -> On   on start calls a()
            Low  -> High on up    calls b()
            High -> Off  on stop  calls c()
        }

        """
}
