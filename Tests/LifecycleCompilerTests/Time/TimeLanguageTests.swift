import Testing
import LifecycleCompiler

/// Issue 43, the language: durations, timed transitions, deadlines, and what the checker says
/// about them.
@Suite struct TimeLanguageTests {
    static func compile(_ body: String, extra: String = "") -> Compilation {
        Compiler.compile(path: "T.lifecycle", source: extra + "machine M {\n" + body + "\n}\n")
    }

    static func ids(_ compilation: Compilation) -> [String] { compilation.diagnostics.all.map(\.id) }

    @Test func durationsReadInEveryUnit() {
        #expect(TimeSpan(parsing: "5s")?.milliseconds == 5000)
        #expect(TimeSpan(parsing: "1.5s")?.milliseconds == 1500)
        #expect(TimeSpan(parsing: "250ms")?.milliseconds == 250)
        #expect(TimeSpan(parsing: "2min")?.milliseconds == 120_000)
        #expect(TimeSpan(parsing: "0.25min")?.milliseconds == 15_000)
        for bad in ["5", "s", "5sec", "1.0001s", "1.5ms", "5.s", "99999999999s", ""] {
            #expect(TimeSpan(parsing: bad) == nil, "\(bad)")
        }
        #expect(TimeSpan(milliseconds: 8200).seconds == "8.2 s")
        #expect(TimeSpan(milliseconds: 1500).description == "1.5s")
        #expect(TimeSpan(milliseconds: 120_000).description == "2min")
        #expect(TimeSpan(milliseconds: 250).description == "250ms")
    }

    @Test func aTimedTransitionAndDeadlinesReachTheModel() throws {
        let compilation = Self.compile("""
            initial state Active
            state Background "off screen" within 30s "the system suspends it"
            final state Suspended
            Active -> Background on background by user
            Background -> Active on foreground by user
            Background -> Suspended on idle by system after 5s calls f "silent"
            """, extra: "protocol P { func f() func g() }\n")
        #expect(compilation.diagnostics.errorCount == 0, "\(compilation.diagnostics.all.map(\.message))")
        let machine = try #require(compilation.model?.machines.first)
        #expect(machine.transitions[2].delay == TimeSpan(milliseconds: 5000))
        #expect(machine.transitions[2].description == "silent")
        #expect(machine.transitions[0].delay == nil)
        #expect(machine.states[1].deadline?.span == TimeSpan(milliseconds: 30_000))
        #expect(machine.states[1].deadline?.reason == "the system suspends it")
        #expect(machine.states[1].description == "off screen")
        #expect(machine.hasTime)
    }

    @Test func aCallbackDeadlineIsResolvedInTheDelegateScope() throws {
        let compilation = Self.compile("""
            delegate D: P
            initial state A
            state B
            A -> B on go by user calls begin()
            B -> A on back by user calls end()
            from begin() to end() within 30s "the app is killed"
            """, extra: "protocol P { func begin() func end() }\n")
        #expect(compilation.diagnostics.errorCount == 0, "\(compilation.diagnostics.all.map(\.message))")
        let machine = try #require(compilation.model?.machines.first)
        #expect(machine.callbackDeadlines.count == 1)
        #expect(machine.callbackDeadlines.first?.span.milliseconds == 30_000)
        #expect(machine.callbackDeadlines.first?.reason == "the app is killed")
    }

    @Test func wordsStayNamesElsewhere() {
        // `after`, `within`, `from` and `to` are contextual: states may carry those names.
        let compilation = Self.compile("""
            initial state after
            state within
            state from
            after -> within on go by user
            within -> from on to by user
            from -> after on x by system after 1s
            """)
        #expect(compilation.diagnostics.errorCount == 0, "\(compilation.diagnostics.all.map(\.message))")
        #expect(compilation.model?.machines.first?.transitions[2].delay?.milliseconds == 1000)
    }

    @Test func aTimedTransitionTheUserTriggersIsAnError() {
        let compilation = Self.compile("""
            initial state A
            state B
            A -> B on go by user after 3s
            B -> A on back by user
            """)
        #expect(Self.ids(compilation).contains("timedTransitionByUser"))
    }

    @Test func anInternalTimedTransitionIsAnError() {
        let compilation = Self.compile("""
            initial state A {
                internal on tick by system after 3s
            }
            """)
        #expect(Self.ids(compilation).contains("timedInternalTransition"))
    }

    @Test func badDurationsAreLocatedWithAFixIt() throws {
        let compilation = Self.compile("""
            initial state A
            state B within 0s
            A -> B on go by system after 5sec
            B -> A on back by user
            """)
        let invalid = try #require(compilation.diagnostics.all.first { $0.id == "invalidDuration" })
        #expect(invalid.fixIt?.replacement == "5s")
        #expect(Self.ids(compilation).contains("zeroDuration"))
        let missing = Self.compile("initial state A\nstate B\nA -> B on go by system after\nB -> A on b by user")
        #expect(Self.ids(missing).contains("expectedDuration"))
    }

    @Test func aTimedTransitionAnotherAlwaysBeatsNeverFires() {
        let compilation = Self.compile("""
            initial state Active
            state Background {
                initial state Idle
                Idle -> Active on late by system after 10s
            }
            final state Suspended
            Active -> Background on background by user
            Background -> Suspended on idle by system after 5s
            Background -> Suspended on slow by system after 8s
            """)
        let never = compilation.diagnostics.all.filter { $0.id == "timedTransitionNeverFires" }
        // `slow` (same state, 8s > 5s) and Idle's `late` (inside Background, 10s > 5s).
        #expect(never.count == 2, "\(never.map(\.message))")
    }

    @Test func contradictoryDeadlinesAreErrors() {
        let compilation = Self.compile("""
            initial state Launching within 2s
            state Running
            state Stuck within 5s
            Launching -> Running on launched by system after 3s
            Running -> Stuck on hang by system
            """)
        let never = compilation.diagnostics.all.filter { $0.id == "deadlineNeverMet" }
        #expect(never.count == 2, "\(never.map(\.message))")
        #expect(never.first?.message.contains("after 3s") == true)
        let pairs = Self.compile("""
            delegate D: P
            initial state A
            state B
            A -> B on go by user calls begin()
            B -> A on back by user calls end()
            from begin() to end() within 30s
            from begin() to end() within 10s
            from begin() to begin() within 10s
            """, extra: "protocol P { func begin() func end() }\n")
        #expect(Self.ids(pairs).contains("contradictoryCallbackDeadline"))
        #expect(Self.ids(pairs).contains("callbackDeadlineOnItself"))
    }

    @Test func fmtKeepsTimeClauses() throws {
        let source = """
            machine M {
                initial state Active
                state Launching "starts" within 20s "the watchdog"
                Active -> Launching on relaunch by system after 1.5s calls f "r"
                from f to g within 30s
            }

            """
        let formatted = try #require(Formatter.format(path: "t.lifecycle", source: source).text)
        #expect(formatted.contains("within 20s \"the watchdog\""))
        #expect(formatted.contains("after 1.5s calls f"))
        #expect(formatted.contains("from f to g within 30s"))
        #expect(Formatter.format(path: "t.lifecycle", source: formatted).text == formatted)
    }
}
