import Foundation
import Testing
import LifecycleCompiler
@testable import LifecycleConformance

/// `conform` on a SwiftUI machine (`scenePhase …`): logs of phase changes as apps print them,
/// `scenePhase: active` (the new phase) or `.inactive -> .active` (both).
@Suite struct PhaseLogTests {
    static func automaton(_ machine: String) throws -> MachineAutomaton {
        let path = "Examples/SwiftUILifecycle.lifecycle"
        let source = try String(contentsOfFile: Repository.root.path + "/" + path, encoding: .utf8)
        let model = try #require(Compiler.compile(path: path, source: source).model)
        return MachineAutomaton(model: model, machine: try #require(model.machine(named: machine)))
    }

    static func phaseLine(_ text: String) -> PhaseLine? {
        Array(text.utf8).withUnsafeBufferPointer { PhaseLine.read($0) }
    }

    @Test("a phase line: its old and new phases, as apps print them; other lines are none")
    func phaseLines() {
        for (text, old, new) in [("scenePhase: active", nil, ScenePhase.active), (".inactive -> .active", .inactive, .active),
                                 ("[Phase] inactive → background", .inactive, .background), ("Phase changed from background to inactive", .background, .inactive),
                                 ("2026-11-24 10:02:11.689034+0900 Notes[5120:210311] ScenePhase.Background", nil, .background),
                                 ("phase=INACTIVE", nil, .inactive), ("old: .active => new: .inactive", .active, .inactive)] as [(String, ScenePhase?, ScenePhase)] {
            guard case .change(let readOld, let readNew, _)? = Self.phaseLine(text) else {
                Issue.record("\(text): not read as a change")
                continue
            }
            #expect(readOld == old && readNew == new, "\(text)")
        }
        // A phase word alone, or inside another word, is not a phase line.
        for text in ["background refresh started", "user became active", "activeCount: 3", "scenePhaseDidChange", "inactivity timer",
                     "user active in background"] {
            #expect(Self.phaseLine(text) == nil, "\(text)")
        }
        // The range covers the phases, their '.' included.
        guard case .change(_, _, let range)? = Self.phaseLine("[Phase] .inactive -> .active") else {
            Issue.record("not read")
            return
        }
        #expect(range == 8..<28)
    }

    @Test("issue 37: a phase line is read by its labels and arrows, in either order; one whose reading is not one is ambiguous")
    func phaseLinesByTheirLabels() {
        for (text, old, new) in [("Phase old: active, new: background", ScenePhase.active, ScenePhase.background),
                                 ("Phase new: background, old: active", .active, .background),
                                 ("scenePhase .background <- .active", .active, .background),
                                 ("scenePhase .background ← .active", .active, .background),
                                 ("scenePhase to background from active", .active, .background),
                                 ("phase was active, now inactive", .active, .inactive),
                                 ("oldPhase=.inactive newPhase=.active", .inactive, .active),
                                 ("newValue: .inactive oldValue: .active", .active, .inactive),
                                 ("[Phase] background (was: active)", .active, .background),
                                 ("old: .active => new: .inactive", .active, .inactive)] as [(String, ScenePhase, ScenePhase)] {
            guard case .change(let readOld, let readNew, _)? = Self.phaseLine(text) else {
                Issue.record("\(text): not read as a change")
                continue
            }
            #expect(readOld == old && readNew == new, "\(text): read \(String(describing: readOld)) -> \(readNew)")
        }
        for text in ["scenePhase: active inactive", "Phase new: active, new: background", "phase old: active",
                     "Phase new: active -> old: inactive", ".active -> .inactive -> .background", "scenePhase .active <-> .inactive"] {
            guard case .ambiguous? = Self.phaseLine(text) else {
                Issue.record("\(text): read as \(String(describing: Self.phaseLine(text))), not ambiguous")
                continue
            }
        }
    }

    @Test("issue 37: 'old: active, new: background' is the impossible change it says, rejected with --strict; an ambiguous line is an error at its line")
    func labelledChangesAreCheckedAsWritten() throws {
        let automaton = try Self.automaton("AppPhase")
        let (report, text) = ConformanceTests.check(["Phase old: inactive, new: active", "Phase old: active, new: background"], automaton, strict: true)
        #expect(!report.conforms)
        #expect(text.hasPrefix("test.log:2:12: error: 'scenePhase .active → .background' cannot happen here"), "\(text)")
        let (ambiguous, ambiguousText) = ConformanceTests.check(["scenePhase: active", "scenePhase: active background", "scenePhase: inactive"], automaton)
        #expect(!ambiguous.conforms)
        #expect(ambiguousText.hasPrefix("test.log:2:13: error: 'active background' names scene phases without saying which is the new one"), "\(ambiguousText)")
        #expect(ambiguous.lineCount == 2)
    }

    @Test("a phase log conforms; a change into .inactive is told by what the model can do: an interruption or a return")
    func phasesConform() throws {
        let automaton = try Self.automaton("AppPhase")
        let (report, text) = ConformanceTests.check(["scenePhase: active", "scenePhase: inactive", "scenePhase: background",
                                                     "scenePhase: inactive", "scenePhase: active"], automaton, strict: true)
        #expect(report.conforms, "\(text)")
        #expect(report.phaseChangeCount == 5 && report.callbackCount == 5)
        #expect(report.ends == ["'Active'"])
    }

    @Test("the first change may name any old phase (SwiftUI starts the scene in one no state holds); later ones may not")
    func firstChangeAfterLaunch() throws {
        let automaton = try Self.automaton("AppPhase")
        let (first, firstText) = ConformanceTests.check([".background -> .active", ".active -> .inactive"], automaton)
        #expect(first.conforms, "\(firstText)")
        let (later, laterText) = ConformanceTests.check([".inactive -> .active", ".background -> .inactive"], automaton)
        #expect(!later.conforms)
        #expect(laterText.contains("error: 'scenePhase .background → .inactive' cannot happen here: 'AppPhase' is in 'Active'; expected 'scenePhase .active → .inactive'"),
                "\(laterText)")
    }

    @Test("a change SwiftUI never reports (.active straight to .background) is rejected at its line")
    func impossibleChange() throws {
        let automaton = try Self.automaton("AppPhase")
        let (report, text) = ConformanceTests.check(["scenePhase: active", "noise", ".active -> .background"], automaton)
        #expect(!report.conforms)
        #expect(text.hasPrefix("test.log:3:1: error: 'scenePhase .active → .background' cannot happen here"), "\(text)")
    }

    @Test("phase changes and callbacks in one log: a view's modifiers are callbacks, its scene's phases phase changes")
    func modifiersAreCallbacks() throws {
        // The editor has no phases: a phase line is not one of its callbacks. (`task` takes two
        // arguments: a log names it in full, as any such callback.)
        let editor = try Self.automaton("NoteEditor")
        #expect(editor.callbacks.allSatisfy { $0.phase == nil })
        let (report, text) = ConformanceTests.check(["onAppear", "task(priority:_:)", "scenePhase: background", "onDisappear"], editor, strict: true)
        #expect(report.conforms, "\(text)")
        #expect(report.phaseChangeCount == 0 && report.callbackCount == 3 && report.skippedLines == 1)
    }

    @Test("the automaton of a phase machine: a step makes its changes first, two between .active and .background")
    func automatonSteps() throws {
        let automaton = try Self.automaton("AppPhase")
        let machine = automaton.machine
        let active = try #require(machine.state(named: "Active"))
        let home = try #require(automaton.steps(from: active).first { $0.label == "home" })
        #expect(home.callbacks.map { automaton.callbacks[$0].selector } == ["scenePhase .active → .inactive", "scenePhase .inactive → .background"])
        // A monitor is fed by UIKit's callbacks: no phases there.
        #expect(MachineAutomaton(model: automaton.model, machine: machine, phases: false).callbacks.isEmpty)
    }
}
