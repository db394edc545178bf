import Foundation
import Testing
import LifecycleCompiler
@testable import LifecycleGeneration
import SpecGeneration

/// `swift --monitor` with time (issue 43): the monitor of a machine with deadlines reads an
/// injected clock and reports missed deadlines. Compiled with `swiftc` and run on random timed
/// runs that `simulate` makes (events and waits): its misses are `DeadlineWatch`'s, the one
/// definition of a deadline, where the callbacks show where the run is; and it never reports a
/// deadline the run met, where steps that call nothing hide it.
@Suite(.serialized) struct TimedMonitorTests {
    /// Every step calls a callback of its own, so the monitor always knows where the run is and
    /// when it got there: its misses must be exactly `DeadlineWatch`'s.
    static let visible = """
        machine Job {
            delegate JobDelegate: Steps
            initial state Idle
            state Busy within 2s "a job must not run longer" {
                initial state Loading
                state Saving
            }
            state Done within 1500ms "report the result quickly"
            Idle -> Busy on start calls begin
            Loading -> Saving on save calls save
            Saving -> Loading on more calls more
            Busy -> Busy on restart calls restart
            Busy -> Done on finish calls finish
            Done -> Idle on reset calls reset
            Busy -> Idle on cancel calls cancel
            from begin to reset within 3s "a job is reported within 3 s"
        }

        protocol Steps {
            func begin()
            func save()
            func more()
            func restart()
            func finish()
            func reset()
            func cancel()
        }
        """

    /// A state with a deadline that only a step calling nothing enters, and that only its own
    /// callback leaves: the monitor cannot know when the run entered it, up to that callback's
    /// time. Had it stamped the step at the callback before it, a run that waited, entered
    /// `Waiting` and left at once would have been reported late.
    static let hidden = """
        machine Hidden {
            delegate HiddenDelegate: Calls
            initial state Idle
            state Waiting within 2s "an answer comes quickly"
            Idle -> Waiting on ask by system
            Waiting -> Idle on answer calls answer
            Idle -> Idle on tick calls tick
        }

        protocol Calls {
            func answer()
            func tick()
        }
        """

    struct Subject {
        var model: Model
        var machine: Machine
        var generator: MonitorGenerator
        var automaton: MachineAutomaton
    }

    static func subjects() throws -> [Subject] {
        let visible = try #require(Compiler.compile(path: "Job.lifecycle", source: visible).model)
        var items: [(Model, Machine)] = [(visible, visible.machines[0])]
        for (example, machine) in [("AppLifecycle", "App"), ("SceneLifecycle", "Scene")] {
            let model = try MonitorTests.model("Examples", example)
            items.append((model, try #require(model.machine(named: machine))))
        }
        let hidden = try #require(Compiler.compile(path: "Hidden.lifecycle", source: hidden).model)
        items.append((hidden, hidden.machines[0]))
        return items.map { model, machine in
            Subject(model: model, machine: machine, generator: MonitorGenerator(model: model, machine: machine),
                    automaton: MachineAutomaton(model: model, machine: machine, phases: false))
        }
    }

    /// A random run of `simulate`: events the machine accepts and waits, ending with a wait.
    static func run(_ machine: Machine, _ random: inout SplitMix64) -> Simulator.Run? {
        var arguments: [String] = []
        let waits = ["300ms", "800ms", "1500ms", "2500ms", "4s", "7s", "25s"]
        for _ in 0..<(4 + random.below(10)) {
            if random.chance(40) {
                arguments += [Simulator.waitWord, random.pick(waits)]
                continue
            }
            guard case .success(let run) = Simulator.run(arguments, in: machine) else { return nil }
            let events = Simulator.acceptedEvents(in: machine, at: run.end)
            guard !events.isEmpty else { break }
            arguments.append(random.pick(events))
        }
        arguments += [Simulator.waitWord, random.pick(waits)]
        guard case .success(let run) = Simulator.run(arguments, in: machine) else { return nil }
        return run
    }

    /// The run as the monitor hears it: each callback with its time in milliseconds, then the end.
    static func timedCallbacks(_ run: Simulator.Run, _ automaton: MachineAutomaton) -> (callbacks: [(Int, Int64)], end: Int64) {
        var callbacks: [(Int, Int64)] = []
        var last: Int64 = 0
        for (index, step) in run.steps.enumerated() {
            let time = run.timed[index] ?? run.waits.last { $0.afterSteps <= index }?.until ?? 0
            last = max(last, time)
            let called = automaton.steps(from: step.from).first { $0.transition == step.transition }?.callbacks ?? []
            callbacks += called.map { ($0, time) }
        }
        return (callbacks, max(last, run.waits.last?.until ?? 0))
    }

    /// `DeadlineWatch`'s misses of the run, named as the monitor names them, with when (ms).
    static func expected(_ run: Simulator.Run, _ subject: Subject) -> (states: [String], pairs: [String]) {
        var states: [String] = [], pairs: [String] = []
        for missed in run.missed {
            switch missed.miss.kind {
            case .state(let state):
                states.append("'\(subject.machine.states[state].name)' within \(subject.machine.states[state].deadline!.span) \(missed.miss.at)")
            case .callbacks(let index):
                pairs.append("\(subject.generator.pairNames[index]) \(missed.miss.at)")
            }
        }
        return (states.sorted(), pairs.sorted())
    }

    @Test func theMonitorsMissesAreTheDeadlinesOfTheRun() throws {
        let subjects = try Self.subjects()
        #expect(subjects.allSatisfy { $0.generator.keepsTime })
        var source = "import Foundation\n\n" + String(decoding: MonitorGenerator.searchSource(timed: true), as: UTF8.self) + "\n"
        var dispatch = ""
        for (index, subject) in subjects.enumerated() {
            source += String(decoding: subject.generator.source(), as: UTF8.self) + "\n"
            dispatch += """
                    case \(index):
                        var monitor = \(subject.generator.typeName)()
                        monitor.now = { log.time }
                        monitor.onMissedDeadline = { log.lines.append("M \\($0.deadline) \\(Int64(($0.ranOut * 1000).rounded()))") }
                        monitor.onViolation = { log.lines.append("V \\($0)") }
                        for item in items {
                            log.time = Double(item[1])! / 1000
                            if item[0] == "end" { monitor.checkDeadlines() } else { monitor.record(.init(rawValue: Int(item[0])!)!) }
                        }

                """
        }
        source += """
            final class Log: @unchecked Sendable {
                var time = 0.0
                var lines: [String] = []
            }

            @main struct Main {
                static func main() {
                    while let line = readLine() {
                        let parts = line.split(separator: " ")
                        let items = parts.dropFirst().map { $0.split(separator: ":") }
                        let log = Log()
                        switch Int(parts[0])! {
            \(dispatch)
                        default: fatalError()
                        }
                        print(log.lines.joined(separator: "|"))
                    }
                }
            }

            """
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lifecycle-timed-monitor-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("Monitors.swift"), program = folder.appendingPathComponent("monitors")
        try source.write(to: file, atomically: true, encoding: .utf8)
        let build = try Shell.run("/usr/bin/env", ["swiftc", "-swift-version", "6", "-parse-as-library", "-Onone",
                                                   "-warnings-as-errors", file.path, "-o", program.path])
        try #require(build.status == 0, "the monitors do not compile:\n\(build.stdout)\(build.stderr)")

        var random = SplitMix64(seed: 43)
        var runs: [(subject: Int, run: Simulator.Run)] = []
        var input = ""
        for (index, subject) in subjects.enumerated() {
            for _ in 0..<400 {
                guard let run = Self.run(subject.machine, &random) else { continue }
                let (callbacks, end) = Self.timedCallbacks(run, subject.automaton)
                runs.append((index, run))
                input += "\(index) " + (callbacks.map { "\($0.0):\($0.1)" } + ["end:\(end)"]).joined(separator: " ") + "\n"
            }
        }
        let sequences = folder.appendingPathComponent("runs.txt")
        try input.write(to: sequences, atomically: true, encoding: .utf8)
        let result = try Shell.run("/bin/sh", ["-c", "exec \"$0\" < \"$1\"", program.path, sequences.path])
        #expect(result.status == 0, "\(result.stderr)")
        let outputs = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        try #require(outputs.count == runs.count)

        var exact = 0, missedStates = 0, missedPairs = 0, caughtInExamples = 0, hiddenMet = 0, failures: [String] = []
        for ((index, run), output) in zip(runs, outputs) {
            let subject = subjects[index]
            let lines = output.split(separator: "|").map(String.init)
            let violations = lines.filter { $0.hasPrefix("V ") }
            let states = lines.filter { $0.hasPrefix("M '") && !$0.contains("' to '") }.map { String($0.dropFirst(2)) }.sorted()
            let pairs = lines.filter { $0.hasPrefix("M '") && $0.contains("' to '") }.map { String($0.dropFirst(2)) }.sorted()
            let expected = Self.expected(run, subject)
            missedStates += expected.states.isEmpty ? 0 : 1
            missedPairs += expected.pairs.isEmpty ? 0 : 1
            // A run of the spec is never a violation, and a pair's deadline is the run's exactly.
            if !violations.isEmpty || pairs != expected.pairs {
                failures.append("\(subject.machine.name): monitor \(output), expected \(expected)")
                continue
            }
            if index == 0 {
                // Every step shows: each state deadline missed is reported, once, when it ran out.
                if states != expected.states { failures.append("Job: monitor \(states), expected \(expected.states)") } else { exact += 1 }
            } else {
                // Steps that call nothing hide where the run is: never a deadline the run met.
                if !states.isEmpty && expected.states.isEmpty { failures.append("\(subject.machine.name): monitor \(states), but the run met every deadline") }
                if !states.isEmpty { caughtInExamples += 1 }
                if subject.machine.name == "Hidden" && expected.states.isEmpty && run.steps.contains(where: { $0.to != $0.from }) { hiddenMet += 1 }
            }
        }
        #expect(failures.isEmpty, "\(failures.count) disagreements, the first: \(failures.first ?? "")")
        // Both kinds of deadline are missed in some runs and met in others, so agreement means something.
        #expect(exact > 300 && missedStates > 100 && missedPairs > 50)
        #expect(caughtInExamples > 10, "the examples' monitors caught \(caughtInExamples) missed deadlines")
        #expect(hiddenMet > 50, "only \(hiddenMet) runs of 'Hidden' went to 'Waiting' and met its deadline")
    }
}
