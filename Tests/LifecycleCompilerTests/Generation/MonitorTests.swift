import Foundation
import Testing
@testable import LifecycleCompiler
import SpecGeneration

/// `swift --monitor`: the generated skeletons with monitors are golden files (type-checked with
/// the others by `GeneratedCodeCompilesTests`), and the monitors, compiled with `swiftc` and run,
/// agree with `conform --strict` on 10,000 random sequences, verdict and message.
@Suite(.serialized) struct MonitorTests {
    /// Specs whose `--monitor` output is kept as `Fixtures/Golden/<name>.monitor.swift`.
    static let goldens: [(folder: String, name: String)] = [
        ("Examples", "SceneLifecycle"), ("Examples", "MediaPlayer"), ("Examples", "SwiftUILifecycle"),
        ("Tests/LifecycleCompilerTests/Fixtures/Golden", "Hostile"), ("Tests/LifecycleCompilerTests/Fixtures/Golden", "Keywords"),
    ]

    static func model(_ folder: String, _ name: String) throws -> Model {
        let url = Repository.root.appendingPathComponent("\(folder)/\(name).lifecycle")
        return try GeneratorGoldenTests.model(url, displayPath: "\(folder.split(separator: "/").last!)/\(name).lifecycle")
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
    static func sequence(_ automaton: MachineAutomaton, _ random: inout SplitMix64) -> [Int] {
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

    @Test func monitorsAgreeWithConformStrict() throws {
        let machines: [(String, String)] = [("SceneLifecycle", "Scene"), ("SceneLifecycle", "AppSessions"), ("AppLifecycle", "App"),
                                            ("MediaPlayer", "MediaPlayback"), ("ViewControllerLifecycle", "ViewController")]
        // One search for every monitor of the file, as `swift --monitor` writes it.
        var source = String(decoding: MonitorGenerator.searchSource(), as: UTF8.self) + "\n"
        var automata: [MachineAutomaton] = []
        var dispatch = ""
        for (index, (example, name)) in machines.enumerated() {
            let model = try Self.model("Examples", example)
            let machine = try #require(model.machine(named: name))
            source += String(decoding: MonitorGenerator(model: model, machine: machine).source(), as: UTF8.self) + "\n"
            automata.append(MachineAutomaton(model: model, machine: machine))
            dispatch += """
                case \(index):
                    var monitor = \(name)LifecycleMonitor()
                    for (position, raw) in numbers.dropFirst().enumerated() {
                        if let violation = monitor.observe(\(name)LifecycleMonitor.Callback(rawValue: raw)!) {
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
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lifecycle-monitor-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("Monitors.swift"), program = folder.appendingPathComponent("monitors")
        try source.write(to: file, atomically: true, encoding: .utf8)
        let build = try Shell.run("/usr/bin/env", ["swiftc", "-swift-version", "6", "-parse-as-library", "-Onone",
                                                   "-warnings-as-errors", file.path, "-o", program.path])
        try #require(build.status == 0, "the monitors do not compile:\n\(build.stdout)\(build.stderr)")

        var random = SplitMix64(seed: 18)
        var input = "", expected: [String] = []
        for _ in 0..<10_000 {
            let which = random.below(automata.count)
            let callbacks = Self.sequence(automata[which], &random)
            input += ([which] + callbacks).map(String.init).joined(separator: " ") + "\n"
            expected.append(Self.conform(callbacks, automata[which]))
        }
        // Through a file: writing 10,000 lines into a pipe while not reading the answers would block both.
        let sequences = folder.appendingPathComponent("sequences.txt")
        try input.write(to: sequences, atomically: true, encoding: .utf8)
        let run = try Shell.run("/bin/sh", ["-c", "exec \"$0\" < \"$1\"", program.path, sequences.path])
        #expect(run.status == 0, "\(run.stderr)")
        let actual = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        #expect(actual.count == expected.count)
        let disagreements = zip(actual, expected).enumerated().filter { $0.element.0 != $0.element.1 }
        #expect(disagreements.isEmpty, "first disagreement: \(disagreements.first.map { "sequence \($0.offset): monitor \($0.element.0), conform \($0.element.1)" } ?? "")")
        // Both verdicts occur, so agreement means something.
        let rejected = expected.filter { $0 != "0" }.count
        #expect(rejected > 1_000 && rejected < 9_000)
    }
}
