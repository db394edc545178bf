import Testing
import LifecycleCompiler

/// `entry calls …` and `exit calls …` (issue 40): what a step calls, and that every output
/// follows the one definition, `Machine.callbacks(of:)`.
@Suite struct StateActionTests {
    static let spec = """
    protocol P {
        func a()
        func b()
        func c()
        func d()
        func e()
    }
    machine M {
        delegate D: P
        initial state Off
        state On {
            entry calls a()
            exit calls b()
            initial state Low {
                entry calls c()
                exit calls d()
            }
            state High
            internal on poke calls e()
        }
        Off -> On on start calls e()
        Low -> High on up
        On -> Off on stop
        On -> On on reset
    }

    """

    static func model(_ text: String = spec) throws -> Model {
        let compilation = Compiler.compile(path: "M.lifecycle", source: text)
        return try #require(compilation.model, "\(compilation.diagnostics.all.map(\.message))")
    }

    static func calls(_ events: [String], _ model: Model) -> [[String]] {
        let machine = model.machines[0], stepper = MachineStepper(machine)
        var leaf = stepper.start
        var result: [[String]] = []
        for event in events {
            guard let step = stepper.step(on: event, from: leaf) else { return result + [["rejected"]] }
            result.append(machine.callbacks(of: step).map { model.method($0).selector })
            leaf = step.to
        }
        return result
    }

    @Test func exitsInnermostFirstThenOwnThenEntriesOutermostFirst() throws {
        let model = try Self.model()
        #expect(Self.calls(["start", "up", "stop"], model) == [["e()", "a()", "c()"], ["d()"], ["b()"]])
        // From Low, `stop` leaves Low then On.
        #expect(Self.calls(["start", "stop"], model) == [["e()", "a()", "c()"], ["d()", "b()"]])
        // A composite's transition to itself leaves and re-enters it; an internal one runs neither.
        #expect(Self.calls(["start", "reset", "poke"], model) == [["e()", "a()", "c()"], ["d()", "b()", "a()", "c()"], ["e()"]])
    }

    @Test func theAutomatonAndSimulateFollowTheSameSteps() throws {
        let model = try Self.model()
        let automaton = MachineAutomaton(model: model, machine: model.machines[0])
        let start = automaton.steps(from: automaton.initialConfiguration)
        let names = start.map { $0.callbacks.map { automaton.callbacks[$0].selector } }
        #expect(names == [["e()", "a()", "c()"]])
        let stop = automaton.steps(from: start[0].target).first { $0.label == "stop" }
        #expect(stop.map { $0.callbacks.map { automaton.callbacks[$0].selector } } == ["d()", "b()"])
    }

    @Test func outsideAStateIsAnErrorAndUnknownCallbacksAreReported() {
        let text = Self.spec.replacingOccurrences(of: "    Off -> On on start calls e()", with: "    entry calls a()\n    Off -> On on start calls e()")
            .replacingOccurrences(of: "exit calls b()", with: "exit calls bogus()")
        let ids = Compiler.compile(path: "M.lifecycle", source: text).diagnostics.all.map(\.id)
        #expect(ids.contains("stateActionOutsideState"))
        #expect(ids.contains("unknownCallback") || ids.contains { $0.hasPrefix("unknown") }, "\(ids)")
    }

    /// A callback named by its selector (one of two overloads) is the same callback whether a
    /// transition or a state's entry calls it: one number in the automata (what `conform` and
    /// the monitors match logs with), one name in every output.
    @Test func anOverloadNamedBySelectorIsOneCallbackInEntriesAndTransitions() throws {
        let model = try Self.model("""
            import CoreBluetooth
            machine Strap {
                delegate HeartRate: NSObject, CBPeripheralDelegate
                initial state Idle
                state Reading {
                    entry calls peripheral:didUpdateValueForCharacteristic:error:
                }
                Idle -> Reading on value by system calls peripheral:didUpdateValueForCharacteristic:error:
                Reading -> Idle on stop by system
            }

            """)
        let automaton = MachineAutomaton(model: model, machine: model.machines[0])
        let steps = automaton.steps(from: automaton.initialConfiguration)
        let called = try #require(steps.first { $0.label == "value" }).callbacks
        #expect(called.count == 2 && Set(called).count == 1, "\(called.map { automaton.callbacks[$0] })")
        let machine = model.machines[0]
        #expect(machine.stateCallbacks.all.map { model.method($0).reference } == ["peripheral:didUpdateValueForCharacteristic:error:"])
        let scxml = String(decoding: ExportFormat.scxml.body(model: model), as: UTF8.self)
        #expect(!scxml.contains("peripheral(_:didUpdateValueFor:error:)"), "\(scxml)")
    }

    @Test func aNameCalledEntryIsStillAState() throws {
        let text = "machine N {\n    initial state entry\n    state exit\n    entry -> exit on go\n}\n"
        let model = try Self.model(text)
        #expect(model.machines[0].states.map(\.name) == ["entry", "exit"])
        #expect(model.machines[0].stateCallbacks.isEmpty)
    }

    @Test func everyOutputShowsThem() throws {
        let model = try Self.model()
        let scxml = String(decoding: ExportFormat.scxml.body(model: model), as: UTF8.self)
        #expect(scxml.contains("<onentry>\n      <log label=\"a()\" lifecycle:callback=\"a()\"/>\n    </onentry>"), "\(scxml)")
        #expect(scxml.contains("<onexit>"))
        let swift = String(decoding: SwiftGenerator(model: model).generate(specPath: "M.lifecycle", command: "swift"), as: UTF8.self)
        #expect(swift.contains("/// Runs whenever `M` enters `On`, by any transition (after the transition's own callbacks)."), "\(swift)")
        #expect(swift.contains("/// Runs whenever `M` leaves `Low`, by any transition (before the transition's own callbacks)."))
        let dot = String(decoding: DotGenerator(model: model).generate(specPath: "M.lifecycle", command: "dot"), as: UTF8.self)
        #expect(dot.contains(#"entry / a()\lexit / b()\l"#), "\(dot)")
        let plantUML = String(decoding: ExportFormat.plantuml.body(model: model), as: UTF8.self)
        #expect(plantUML.contains(": entry / c()") && plantUML.contains(": exit / d()"), "\(plantUML)")
        let mermaid = String(decoding: ExportFormat.mermaid.body(model: model), as: UTF8.self)
        #expect(mermaid.contains("entry / a()<br>exit / b()"), "\(mermaid)")
    }
}
