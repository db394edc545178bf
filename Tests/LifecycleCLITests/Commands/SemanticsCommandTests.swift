import Foundation
import Testing

/// Issue 23's minimal case through every command: an internal transition of a composite leaves
/// the machine in the leaf it is in, so after `start up poke` the machine `M` is still in
/// `High`. `conform`, `paths` and system stepping once took `poke` back to `On`'s initial
/// state `Low`, while `simulate` and `trace` did not (`Fixtures/InternalTransitionOfAComposite`;
/// the monitor is checked with the others in `MonitorTests`).
@Suite struct SemanticsCommandTests {
    static let spec = "Tests/LifecycleCLITests/Fixtures/InternalTransitionOfAComposite.lifecycle"
    /// `a() b() d() b()`: the issue's log, which no run prints.
    static let issueLog = "Tests/LifecycleCLITests/Fixtures/InternalTransitionOfAComposite-issue.log"
    /// `a() b() d() c() a()`: what `start up poke stop start` prints.
    static let printedLog = "Tests/LifecycleCLITests/Fixtures/InternalTransitionOfAComposite-printed.log"

    func run(_ arguments: String...) throws -> CLIRunner.Output { try CLIRunner.run(arguments) }

    @Test("conform rejects the issue's log at line 4, strict or not", arguments: [true, false])
    func conformRejectsTheIssuesLog(strict: Bool) throws {
        let output = try CLIRunner.run(["conform", Self.spec, Self.issueLog, "--machine", "M"] + (strict ? ["--strict"] : []))
        #expect(output.status == 1)
        #expect(output.stdout == "")
        let situation = strict ? "'M' is in 'High'; expected 'c()' or 'd()'" : "'M' is in 'High' or 'Off'; expected 'd()' or 'a()'"
        #expect(output.stderr.hasPrefix("\(Self.issueLog):4:1: error: 'b()' cannot happen here: \(situation)\n"), "\(output)")
        #expect(output.stderr.contains("\(Self.issueLog):3:1: note: events assumed so far: start, up, poke\n"))
    }

    @Test("conform accepts what a run prints, strict or not", arguments: [true, false])
    func conformAcceptsWhatARunPrints(strict: Bool) throws {
        let output = try CLIRunner.run(["conform", Self.spec, Self.printedLog, "--machine", "M"] + (strict ? ["--strict"] : []))
        #expect(output == CLIRunner.Output(stdout: """
            \(Self.printedLog): conforms to 'M' (5 callbacks, 0 other lines)
              ends in 'Low'

            """, stderr: "", status: 0))
    }

    @Test func simulateRejectsTheFourthEvent() throws {
        let machine = try run("simulate", Self.spec, "--machine", "M", "start", "up", "poke", "up")
        #expect(machine.status == 1)
        #expect(machine.stdout.hasSuffix("High (in On) --poke (user)--> High (internal)\n    d()\n"))
        #expect(machine.stderr == "lifecycle simulate: error: 'High' does not accept 'up'\nlifecycle simulate: note: 'High' accepts 'stop', 'poke'\n")
        let system = try run("simulate", Self.spec, "--system", "Machines", "start", "up", "poke", "up")
        #expect(system.status == 1)
        #expect(system.stdout == "start\n  One: a()\nup\n  One: b()\npoke\n  One: d()\n")
        #expect(system.stderr.hasPrefix("lifecycle simulate: error: 'up' is not possible in One=High (in On), Two=Off\n"), "\(system)")
    }

    @Test func traceTakesNoShortcutThroughAnInternalTransition() throws {
        // Into Low only by entering On through First and Second: 'jump' enters High, and 'poke'
        // does not leave it.
        let machine = try run("trace", Self.spec, "--machine", "Shortcut", "--from", "Off", "--to", "Gone")
        #expect(machine.status == 0)
        #expect(machine.stdout.components(separatedBy: "\n").filter { $0.contains("-->") }
                == ["Off --walk--> First", "First --walk--> Second", "Second --walk--> On (enters Low)", "Low --leave--> Gone"])
        let system = try run("trace", Self.spec, "--system", "Machines", "--to", "Two=Gone")
        #expect(system.status == 0)
        #expect(system.stdout.components(separatedBy: "\n").filter { !$0.hasPrefix(" ") && !$0.isEmpty }
                == ["walk", "walk", "walk", "leave", "Ends in One=Off, Two=Gone."], "\(system)")
    }

    @Test func everyPathsSequenceIsARun() throws {
        let output = try run("paths", Self.spec, "--machine", "Shortcut", "--cover", "states")
        #expect(output.status == 0)
        let sequences = output.stdout.components(separatedBy: "\n").compactMap { line -> [String]? in
            guard let dot = line.firstIndex(of: "."), Int(line[..<dot]) != nil else { return nil }
            return line[line.index(after: dot)...].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        }
        #expect(sequences == [["jump", "stop", "walk", "walk", "walk", "leave"]], "\(output)")
        #expect(!output.stdout.contains("--poke--> Low"))
        for events in sequences {
            let replay = try CLIRunner.run(["simulate", Self.spec, "--machine", "Shortcut"] + events)
            #expect(replay.status == 0, "\(events): \(replay)")
        }
    }
}
