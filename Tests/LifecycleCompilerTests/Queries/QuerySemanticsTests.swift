import Testing
import LifecycleCompiler
@testable import LifecycleChecking

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

    /// The one search both `Tracer` and the checker's system hints use: `Tracer` breaks ties by
    /// declaration, the checker by the order a step finds transitions (the leaf's own first).
    @Test func shortestStepsBreaksTiesInTheOrderAsked() throws {
        let (_, m) = try machine("""
            machine M {
                initial state Outer {
                    initial state Inner
                }
                state B
                state C
                state Goal
                Outer -> B on viaOuter
                Inner -> C on viaInner
                B -> Goal on fromB
                C -> Goal on fromC
            }
            """)
        let stepper = MachineStepper(m)
        let goal = m.state(named: "Goal")!
        func events(_ order: MachineStepper.StepOrder) -> [String]? {
            stepper.shortestSteps(from: stepper.start, order: order) { $0 == goal }?.map { m.transitions[$0.transition].event! }
        }
        #expect(events(.found) == ["viaInner", "fromC"])
        #expect(events(.declared) == ["viaOuter", "fromB"])
        #expect(path(m, "Inner", "Goal") == ["viaOuter", "fromB"])
        #expect(Checker.shortestEvents(in: stepper, from: stepper.start) { $0 == goal } == ["viaInner", "fromC"])
        #expect(stepper.shortestSteps(from: goal) { $0 == goal } == [])
        #expect(stepper.shortestSteps(from: goal) { $0 == stepper.start } == nil)
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

    @Test func aFinalStateInsideACompositeCompletesItAndItsTransitionsStillFire() throws {
        // UML's and SCXML's rule: Done completes Session, whose 'leave' still fires from it; only
        // a final state at the top level ends the machine.
        let (_, m) = try machine("""
            machine M {
                initial state Session {
                    initial state Playing
                    final state Done
                }
                state Away
                final state Gone
                Playing -> Done on finish
                Session -> Away on leave
                Away -> Session on back
                Away -> Gone on quit
            }
            """)
        #expect(try Simulator.run(["leave"], in: m).get().end == m.state(named: "Away"))
        #expect(try Simulator.run(["finish", "leave"], in: m).get().end == m.state(named: "Away"))
        #expect(MachineStepper(m).acceptedEvents(in: m.state(named: "Done")!) == ["leave"])
        guard case .failure(let failure) = Simulator.run(["leave", "quit", "back"], in: m) else {
            Issue.record("'back' was accepted in Gone, where the machine has ended")
            return
        }
        #expect(failure.eventIndex == 2)
        #expect(failure.error.message == "'Gone' is a final state, where the machine has ended; 'back' cannot happen")
        #expect(MachineStepper(m).steps(from: m.state(named: "Gone")!).isEmpty)
        // A nested final state that rejects an event says what it accepts, like any state.
        guard case .failure(let nested) = Simulator.run(["finish", "finish"], in: m) else {
            Issue.record("'finish' was accepted in Done")
            return
        }
        #expect(nested.error.message == "'Done' does not accept 'finish'")
    }

    /// Issue 38, case 1: a state's internal transition written before an external one on the
    /// same event is the one that fires; the checker follows it, not the later one.
    @Test func theCheckerFollowsOnlyTheTransitionThatFires() throws {
        // A1 is entered only by 'A -> A on x', which never fires ('internal on x' comes first).
        let unreachable = Compiler.compile(path: "T.lifecycle", source: """
            machine M {
                initial state X
                state A {
                    initial state A1
                    state A2
                    internal on x
                }
                X -> A2 on go
                A2 -> X on back
                A -> A on x
            }
            """)
        #expect(unreachable.diagnostics.all.map(\.message) == [
            "transition 'A -> A on x' never fires: 'A' takes 'x' with the transition declared before it",
            "state 'A1' is unreachable from 'X'",
        ])
        // B's only step is internal: a dead end, not a state that cannot end.
        let deadEnd = Compiler.compile(path: "T.lifecycle", source: """
            machine M {
                initial state A
                state B {
                    internal on x
                }
                final state F
                A -> B on go
                A -> F on stop
                B -> B on x
            }
            """)
        #expect(deadEnd.diagnostics.all.map(\.message) == [
            "transition 'B -> B on x' never fires: 'B' takes 'x' with the transition declared before it",
            "state 'B' has no outgoing transition and is not final",
        ])
        // A2 and B can end only through 'A -> A on x', which never fires.
        let cannotEnd = Compiler.compile(path: "T.lifecycle", source: """
            machine M {
                initial state A {
                    initial state A1
                    state A2
                    internal on x
                }
                state B
                final state F
                A1 -> A2 on go
                A1 -> F on stop
                A2 -> B on away
                B -> A2 on back
                A -> A on x
            }
            """)
        #expect(cannotEnd.diagnostics.all.map(\.message) == [
            "transition 'A -> A on x' never fires: 'A' takes 'x' with the transition declared before it",
            "no final state is reachable from 'A2'",
            "no final state is reachable from 'B'",
        ])
        // And every command agrees: 'x' stays in A2.
        let m = try #require(cannotEnd.model).machines[0]
        #expect(try Simulator.run(["go", "x"], in: m).get().end == m.state(named: "A2"))
    }

    @Test func aCompositeTransitionEveryStateInsideShadowsIsReported() throws {
        let compilation = Compiler.compile(path: "T.lifecycle", source: """
            machine M {
                initial state Idle
                state Busy {
                    initial state Loading
                    state Saving
                }
                Idle -> Busy on start
                Loading -> Saving on next
                Saving -> Idle on next
                Busy -> Idle on next
            }
            """)
        let warning = try #require(compilation.diagnostics.all.first)
        #expect(compilation.diagnostics.all.count == 1)
        #expect(warning.message == "transition 'Busy -> Idle on next' never fires: every state inside 'Busy' takes 'next' with a transition of its own or of a state around it")
        #expect(warning.notes.map(\.message) == ["'Loading' takes 'next' here", "'Saving' takes 'next' here"])
        let m = try #require(compilation.model).machines[0]
        #expect(Tracer.transitionsInto(m.state(named: "Idle")!, in: m).map { m.states[$0.from].name } == ["Saving"])
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
