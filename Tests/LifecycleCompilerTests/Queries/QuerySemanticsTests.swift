import Testing
@testable import LifecycleCompiler

/// The rules `Tracer` and `Simulator` follow, each on a minimal spec.
@Suite struct QuerySemanticsTests {
    func machine(_ source: String) throws -> (Model, Machine) {
        let compilation = Compiler.compile(path: "Test.lifecycle", source: source)
        let model = try #require(compilation.model, "\(compilation.diagnostics)")
        return (model, model.machines[0])
    }

    func path(_ machine: Machine, _ from: String, _ to: String) -> [String]? {
        Tracer.shortestPath(in: machine, from: machine.state(named: from)!, to: machine.state(named: to)!)?
            .steps.map { machine.transitions[$0.transition].event ?? "-" }
    }

    @Test func tiesGoToTheTransitionDeclaredFirst() throws {
        let (_, m) = try machine("""
            machine M {
                initial state A
                state B
                state C
                state D
                A -> C on viaC
                A -> B on viaB
                B -> D on fromB
                C -> D on fromC
            }
            """)
        #expect(path(m, "A", "D") == ["viaC", "fromC"])
    }

    @Test func shadowedTransitionsAreNotTaken() throws {
        // From Inner, 'go' is Inner's own transition; the outer one to Far never fires there.
        let (_, m) = try machine("""
            machine M {
                initial state Outer {
                    initial state Inner
                }
                state Near
                state Far
                Outer -> Far on go
                Inner -> Near on go
                Near -> Far on next
            }
            """)
        #expect(path(m, "Inner", "Far") == ["go", "next"])
        let run = try Simulator.run(["go"], in: m).get()
        #expect(m.states[run.end].name == "Near")
        #expect(Simulator.acceptedEvents(in: m, at: m.state(named: "Inner")!) == ["go"])
    }

    @Test func compositeStartPicksTheShortestDescendant() throws {
        let (_, m) = try machine("""
            machine M {
                initial state Group {
                    initial state First
                    state Second
                }
                state Goal
                First -> Second on next
                Second -> Goal on finish
            }
            """)
        let found = try #require(Tracer.shortestPath(in: m, from: m.state(named: "Group")!, to: m.state(named: "Goal")!))
        #expect(m.states[found.start].name == "Second")
        #expect(found.steps.count == 1)
    }

    @Test func initialCompositeStartsInItsInitialLeaf() throws {
        let (_, m) = try machine("""
            machine M {
                initial state Group {
                    initial state First
                }
                state Other
                Group -> Other on leave
            }
            """)
        #expect(m.states[Simulator.start(of: m)].name == "First")
        let into = Tracer.transitionsInto(m.state(named: "First")!, in: m)
        #expect(into.isEmpty)
    }

    @Test func longChainIsSearchedWithoutRecursion() throws {
        let count = 20_000
        var source = "machine Chain {\n    initial state S0\n"
        for i in 1..<count { source += "    state S\(i)\n" }
        for i in 0..<(count - 1) { source += "    S\(i) -> S\(i + 1) on e\(i)\n" }
        source += "}\n"
        let (_, m) = try machine(source)
        let found = try #require(Tracer.shortestPath(in: m, from: 0, to: count - 1))
        #expect(found.steps.count == count - 1)
        let events = (0..<(count - 1)).map { "e\($0)" }
        #expect(try Simulator.run(events, in: m).get().end == count - 1)
    }
}

@Suite struct QueryFormatterTests {
    @Test func transitionWithoutEventOrTriggerIsAPlainArrow() throws {
        let model = try #require(Compiler.compile(path: "T.lifecycle", source: """
            machine M {
                initial state A
                final state B
                A -> B
                A -> B on x by system
            }
            """).model)
        let machine = model.machines[0]
        let path = try #require(Tracer.shortestPath(in: machine, from: 0, to: 1))
        #expect(QueryFormatter(model: model, machine: machine).text(path: path, to: 1) == "A --> B\n    (nothing is called)\n")
        let run = try Simulator.run(["x"], in: machine).get()
        #expect(QueryFormatter(model: model, machine: machine).text(step: run.steps[0]) == "A --x (system)--> B\n    (nothing is called)\n")
    }
}
