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

    @Test func compositeStartIsItsInitialChild() throws {
        // `--from Group` means the state entering Group enters (First), not any state inside
        // it: Second is one step closer to Goal, and is not where the path starts.
        let (model, m) = try machine("""
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
        let group = m.state(named: "Group")!
        let found = try #require(Tracer.shortestPath(in: m, from: group, to: m.state(named: "Goal")!))
        #expect(m.states[found.start].name == "First")
        #expect(found.steps.count == 2)
        let text = QueryFormatter(model: model, machine: m).text(path: found, from: group, to: m.state(named: "Goal")!)
        #expect(text.hasPrefix("Group (enters First) --next--> Second\n"))
        let already = try #require(Tracer.shortestPath(in: m, from: group, to: m.state(named: "First")!))
        #expect(QueryFormatter(model: model, machine: m).text(path: already, from: group, to: m.state(named: "First")!)
                == "Group enters First: no transition needed.\n")
    }

    static let withMemoryWarning = """
        machine App {
            initial state NotRunning
            state Foreground {
                initial state Inactive
                state Active
                internal on memoryWarning by system "Free caches."
            }
            NotRunning -> Foreground on launch by user
            Inactive -> Active on activate by system
            Foreground -> NotRunning on crash by system
            Foreground -> Foreground on reset by system
        }
        """

    @Test func internalTransitionStaysWhereTheMachineIs() throws {
        let compilation = Compiler.compile(path: "Test.lifecycle", source: Self.withMemoryWarning)
        let model = try #require(compilation.model)
        let m = model.machines[0]
        let run = try Simulator.run(["launch", "activate", "memoryWarning"], in: m).get()
        #expect(m.states[run.end].name == "Active")
        let last = try #require(run.steps.last)
        #expect(m.transitions[last.transition].isInternal)
        #expect(QueryFormatter(model: model, machine: m).text(step: last)
                == "Active (in Foreground) --memoryWarning (system)--> Active (internal)\n    (nothing is called)\n")
        // Not an entry into anything, and no path takes it.
        #expect(Tracer.transitionsInto(m.state(named: "Active")!, in: m).allSatisfy { !m.transitions[$0.transition].isInternal })
        #expect(Simulator.acceptedEvents(in: m, at: run.end).contains("memoryWarning"))
    }

    @Test func externalSelfTransitionOnACompositeReentersItsInitialStateAndWarns() throws {
        let compilation = Compiler.compile(path: "Test.lifecycle", source: Self.withMemoryWarning)
        let warnings = compilation.diagnostics.all.filter { $0.severity == .warning }
        #expect(warnings.map(\.message) == ["transition from 'Foreground' to itself leaves it and re-enters its initial state 'Inactive'; did you mean an internal transition?"])
        #expect(warnings.first?.notes.map(\.message) == ["to stay in the current state, write 'internal on reset …' inside 'Foreground'"])
        let m = try #require(compilation.model).machines[0]
        let run = try Simulator.run(["launch", "activate", "reset"], in: m).get()
        #expect(m.states[run.end].name == "Inactive")
    }

    @Test func aFinalStateInsideACompositeAcceptsNothing() throws {
        // 'leave' is declared on Session, around Done; once in Done the machine has ended.
        let (_, m) = try machine("""
            machine M {
                initial state Session {
                    initial state Playing
                    final state Done
                }
                state Away
                Playing -> Done on finish
                Session -> Away on leave
                Away -> Session on back
            }
            """)
        #expect(try Simulator.run(["leave"], in: m).get().end == m.state(named: "Away"))
        guard case .failure(let failure) = Simulator.run(["finish", "leave"], in: m) else {
            Issue.record("'leave' was accepted in the final state Done")
            return
        }
        #expect(failure.eventIndex == 1)
        #expect(failure.error.message == "'Done' is a final state and accepts no event; 'leave' cannot happen")
        #expect(MachineStepper(m).steps(from: m.state(named: "Done")!).isEmpty)
    }

    @Test func stateWithOnlyInternalTransitionsIsADeadEnd() throws {
        let compilation = Compiler.compile(path: "Test.lifecycle", source: """
            machine M {
                initial state A
                state B {
                    internal on tick
                }
                A -> B on go
            }
            """)
        #expect(compilation.diagnostics.all.map(\.message) == ["state 'B' has no outgoing transition and is not final"])
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
    @Test func transitionWithoutEventIsAnErrorAndWithoutTriggerHasNoParentheses() throws {
        let broken = Compiler.compile(path: "T.lifecycle", source: """
            machine M {
                initial state A
                final state B
                A -> B
            }
            """)
        #expect(broken.diagnostics.all.map(\.message) == ["transition 'A -> B' has no event, so nothing can fire it; add 'on' and the event's name"])
        let model = try #require(Compiler.compile(path: "T.lifecycle", source: """
            machine M {
                initial state A
                final state B
                A -> B on x
                A -> B on y by system
            }
            """).model)
        let machine = model.machines[0]
        let path = try #require(Tracer.shortestPath(in: machine, from: 0, to: 1))
        #expect(QueryFormatter(model: model, machine: machine).text(path: path, to: 1) == "A --x--> B\n    (nothing is called)\n")
        let run = try Simulator.run(["y"], in: machine).get()
        #expect(QueryFormatter(model: model, machine: machine).text(step: run.steps[0]) == "A --y (system)--> B\n    (nothing is called)\n")
    }
}
