import Foundation
import Testing
import LifecycleCompiler
import SpecGeneration

/// `conform`'s semantics on small logs: what is logged, what may be absent, swaps, strictness,
/// logs that stop inside a transition, and several runs that print the same lines.
@Suite struct ConformanceTests {
    static func scene() throws -> MachineAutomaton {
        let path = "Examples/SceneLifecycle.lifecycle"
        let source = try String(contentsOfFile: Repository.root.path + "/" + path, encoding: .utf8)
        let model = try #require(Compiler.compile(path: path, source: source).model)
        return MachineAutomaton(model: model, machine: try #require(model.machine(named: "Scene")))
    }

    static func appSessions() throws -> MachineAutomaton {
        let path = "Examples/SceneLifecycle.lifecycle"
        let source = try String(contentsOfFile: Repository.root.path + "/" + path, encoding: .utf8)
        let model = try #require(Compiler.compile(path: path, source: source).model)
        return MachineAutomaton(model: model, machine: try #require(model.machine(named: "AppSessions")))
    }

    /// Checks `lines` (joined with newlines) and returns the report and the rendered diagnostics.
    static func check(_ lines: [String], _ automaton: MachineAutomaton, strict: Bool = false) -> (Conformance.Report, String) {
        let files = SourceFiles()
        let file = files.add(path: "test.log", bytes: Array(lines.joined(separator: "\n").utf8))
        let report = Conformance.check(LogReader(automaton).read(file), against: automaton, strict: strict)
        return (report, DiagnosticRenderer(files: files).render(report.diagnostics))
    }

    @Test func homeAndBackConforms() throws {
        let (report, text) = Self.check([
            "scene(_:willConnectTo:options:)", "sceneWillEnterForeground(_:)", "sceneDidBecomeActive(_:)",
            "sceneWillResignActive(_:)", "sceneDidEnterBackground(_:)", "sceneWillEnterForeground(_:)",
        ], try Self.scene())
        #expect(report.conforms, "\(text)")
        #expect(report.callbackCount == 6)
        #expect(report.notLogged == ["sceneDidDisconnect(_:)"])
        // Not logged, the disconnection of a scene swiped away in the app switcher may have happened.
        #expect(report.ends == ["'Inactive'", "'Unattached'"])
    }

    @Test func aSceneSwipedAwayInTheAppSwitcherDisconnectsWhileInactive() throws {
        // Apple developer forums, thread 732170: no sceneDidEnterBackground between the two,
        // though the same log enters the background elsewhere (so that callback is logged).
        let (report, text) = Self.check([
            "scene(_:willConnectTo:options:)", "sceneWillEnterForeground(_:)", "sceneDidBecomeActive(_:)",
            "sceneWillResignActive(_:)", "sceneDidEnterBackground(_:)", "sceneWillEnterForeground(_:)", "sceneDidBecomeActive(_:)",
            "sceneWillResignActive(_:)", "sceneDidDisconnect(_:)",
        ], try Self.scene(), strict: true)
        #expect(report.conforms, "\(text)")
        #expect(report.ends == ["'Unattached'"])
    }

    @Test func callbacksNeverLoggedMayBeAbsent() throws {
        // sceneWillEnterForeground and sceneWillResignActive never appear: taken as not logged.
        let (report, text) = Self.check([
            "scene(_:willConnectTo:options:)", "sceneDidBecomeActive(_:)", "sceneDidEnterBackground(_:)",
            "sceneDidBecomeActive(_:)",
        ], try Self.scene())
        #expect(report.conforms, "\(text)")
        // In numbering order: the transitions' callbacks, then the states' entry callbacks (issue 40).
        #expect(report.notLogged == ["sceneWillResignActive(_:)", "sceneDidDisconnect(_:)", "sceneWillEnterForeground(_:)"])
    }

    @Test func aLoggedCallbackMustAppearEveryTime() throws {
        // sceneWillEnterForeground is logged at connection, so coming back must log it too;
        // sceneDidDisconnect is not logged, so the scene may also have disconnected silently.
        let (report, text) = Self.check([
            "scene(_:willConnectTo:options:)", "sceneWillEnterForeground(_:)", "sceneDidBecomeActive(_:)",
            "sceneWillResignActive(_:)", "sceneDidEnterBackground(_:)", "sceneDidBecomeActive(_:)",
        ], try Self.scene())
        #expect(!report.conforms)
        #expect(text.hasPrefix("test.log:6:1: error: 'sceneDidBecomeActive(_:)' cannot happen here: 'Scene' is in 'Finishing', 'Suspended', 'ExtraTime', 'BackgroundMode' or 'Unattached'; expected 'sceneWillEnterForeground(_:)' or 'scene(_:willConnectTo:options:)'\n"))
        #expect(text.contains("test.log:5:1: note: events assumed so far: connect, activate, interrupt, leave\n"))
    }

    @Test func aSwappedPairIsADeviationNotTwoSkippedCallbacks() throws {
        let (report, text) = Self.check([
            "scene(_:willConnectTo:options:)", "sceneWillEnterForeground(_:)", "sceneDidBecomeActive(_:)",
            "sceneDidEnterBackground(_:)", "sceneWillResignActive(_:)",
        ], try Self.scene())
        #expect(!report.conforms)
        #expect(text.hasPrefix("test.log:4:1: error: 'sceneDidEnterBackground(_:)' cannot happen here: 'Scene' is in 'Active'; expected 'sceneWillResignActive(_:)'\n"))
    }

    @Test func strictNeedsEveryCallback() throws {
        let lines = ["scene(_:willConnectTo:options:)", "sceneDidBecomeActive(_:)"]
        #expect(Self.check(lines, try Self.scene()).0.conforms)
        let (report, text) = Self.check(lines, try Self.scene(), strict: true)
        #expect(!report.conforms)
        #expect(text.hasPrefix("test.log:2:1: error: 'sceneDidBecomeActive(_:)' cannot happen here: 'Scene' is in 'Finishing', 'Suspended', 'ExtraTime' or 'BackgroundMode', or partway through 'connect' (from 'Unattached' to 'Inactive'): some of its callbacks are logged, the rest are still to come; expected 'sceneWillEnterForeground(_:)' or 'sceneDidDisconnect(_:)'\n"))
    }

    @Test func aLogMayStopInsideATransition() throws {
        let (report, _) = Self.check(["scene(_:willConnectTo:options:)"], try Self.scene(), strict: true)
        #expect(report.conforms)
        #expect(report.ends.contains("'Finishing'"))
        #expect(report.endsPartway == ["partway through 'connect' (from 'Unattached' to 'Inactive'): some of its callbacks are logged, the rest are still to come"])
    }

    @Test func severalRunsPrintTheSameLines() throws {
        // launch and launchAfterClose print the same two callbacks; only the third line tells them apart.
        let app = try Self.appSessions()
        let lines = ["application(_:willFinishLaunchingWithOptions:)", "application(_:didFinishLaunchingWithOptions:)",
                     "application(_:didDiscardSceneSessions:)", "applicationWillTerminate(_:)"]
        let (report, text) = Self.check(lines, app, strict: true)
        #expect(report.conforms, "\(text)")
        let (wrong, wrongText) = Self.check(Array(lines.prefix(2)) + ["application(_:didFinishLaunchingWithOptions:)"], app, strict: true)
        #expect(!wrong.conforms)
        #expect(wrongText.hasPrefix("test.log:3:1: error: 'application(_:didFinishLaunchingWithOptions:)' cannot happen here: 'AppSessions' is in 'Running', 'Suspended' or 'NotRunning', or partway through 'launchAfterClose' (from 'NotRunning' to 'Running'): some of its callbacks are logged, the rest are still to come; expected "))
        // Suspended -> NotRunning on swipeAway and purge calls nothing, so 'NotRunning' is possible too.
        #expect(wrongText.contains("'Running', 'Suspended' or 'NotRunning'"))
    }

    @Test func anEmptyLogConforms() throws {
        let (report, _) = Self.check([], try Self.scene(), strict: true)
        #expect(report.conforms)
        #expect(report.callbackCount == 0)
        #expect(report.ends == ["'Unattached'"])
    }

    @Test func theFirstDeviationNamesTheInitialStateWhenNothingHappenedYet() throws {
        // Not strict, this would conform: connecting silently is possible when its callbacks are not logged.
        #expect(Self.check(["noise", "sceneDidBecomeActive"], try Self.scene()).0.conforms)
        let (_, text) = Self.check(["noise", "sceneDidBecomeActive"], try Self.scene(), strict: true)
        #expect(text.hasPrefix("test.log:2:1: error: 'sceneDidBecomeActive(_:)' cannot happen here: 'Scene' is in 'Unattached'; expected 'scene(_:willConnectTo:options:)'\n"))
        #expect(text.contains("note: no event assumed so far: 'Scene' starts in 'Unattached'\n"))
    }

    @Test func longTrailsShowTheirLastEvents() throws {
        var lines = ["scene(_:willConnectTo:options:)", "sceneWillEnterForeground(_:)"]
        for _ in 0..<20 { lines += ["sceneDidBecomeActive(_:)", "sceneWillResignActive(_:)"] }
        lines.append("sceneWillEnterForeground(_:)")
        let (_, text) = Self.check(lines, try Self.scene(), strict: true)
        #expect(text.contains("note: events assumed so far (the last 16 of 41): activate, "))
    }

    @Test func theSearchStaysSmallOnALongLog() throws {
        // Unlogged callbacks make every line ambiguous; the set of positions stays bounded.
        let scene = try Self.scene()
        var logged = [Bool](repeating: false, count: scene.callbacks.count)
        let active = try #require(scene.callbacks.firstIndex { $0.selector == "sceneDidBecomeActive(_:)" })
        logged[active] = true
        var search = ConformanceSearch(scene, logged: logged)
        var allAccepted = true, largest = 0
        for _ in 0..<20_000 {
            allAccepted = search.observe(active) && allAccepted
            largest = max(largest, search.positionCount)
        }
        #expect(allAccepted)
        #expect(largest <= scene.machine.states.count + 16)
        // The events taken are forgotten past the last 16 (the trail was compacted on the way).
        let trail = search.trail
        #expect(trail.labels.count == 16)
        #expect(trail.count > 20_000)
        #expect(trail.labels.last == "activate")
    }
}

/// Logs nobody meant to write: random bytes and fragments of callback names never crash the
/// reader or the search, and every error points inside the log.
@Suite struct HostileLogTests {
    @Test func randomLogsNeverCrash() throws {
        let scene = try ConformanceTests.scene()
        let pieces = ["sceneDidBecomeActive", "(", ")", "(_:", "_:)", ":", "scene", "(_:willConnectTo:options:)", " ", "\n", "\r\n",
                      "\r", "\0", "\u{FF}", "한", "sceneWillResignActive(_:)", "SCENEDIDENTERBACKGROUND", "sceneWillEnterForeground(",
                      String(repeating: "(", count: 300), String(repeating: "a", count: 1000), "\u{1B}[", "\u{1B}]8;;", "\u{1B}\\",
                      "\u{9B}", "\u{1B}", "-[A ", "sceneDidDisconnect:", "]", "willConnectToSession", "scene:willConnectTo:options:"]
        var random = SplitMix64(seed: 1818)
        for _ in 0..<500 {
            var bytes: [UInt8] = []
            for _ in 0..<random.below(60) {
                if random.chance(10) { bytes.append(UInt8(truncatingIfNeeded: random.next())) } else { bytes += Array(random.pick(pieces).utf8) }
            }
            let files = SourceFiles()
            let file = files.add(path: "random.log", bytes: bytes)
            for strict in [false, true] {
                let report = Conformance.check(LogReader(scene).read(file), against: scene, strict: strict)
                for diagnostic in report.diagnostics.all {
                    #expect(diagnostic.range.endOffset <= bytes.count)
                }
                _ = DiagnosticRenderer(files: files).render(report.diagnostics)
                // Streamed in random chunks, quoted through excerpts, also read as it comes.
                for asTheyAppear in [false, true] {
                    let (streamed, excerpts) = LogCheckTests.streamed(bytes, machine: scene, system: nil, reader: LogReader(scene),
                                                                      strict: strict, asTheyAppear: asTheyAppear, allowEmpty: false, &random)
                    _ = DiagnosticRenderer(files: excerpts).render(streamed.diagnostics)
                    _ = ConformanceFormatter.json([ConformanceFormatter.Entry(path: "random.log", automaton: "Scene", report: streamed)], files: excerpts)
                    if !asTheyAppear && !streamed.diagnostics.all.contains(where: { $0.id == "noCallbackInLog" || $0.id == "emptyLog" }) {
                        #expect(streamed.conforms == report.conforms)
                    }
                }
            }
        }
    }
}

/// `SystemAutomaton`: a configuration is one state per instance, callbacks belong to an
/// instance, and a log names the instance by its label or its name.
@Suite struct SystemAutomatonTests {
    static let source = """
        protocol LightDelegate {
            func lightDidTurnOn()
            func lightDidTurnOff()
        }
        machine Light {
            delegate Lamp: LightDelegate
            initial state On
            state Off
            On -> Off on switchOff calls lightDidTurnOff()
            Off -> On on switchOn calls lightDidTurnOn()
        }
        system Pair {
            instance Left: Light "1st"
            instance Right: Light
            on swap: Left.switchOff, Right.switchOff
            on back: Right.switchOn, Left.switchOn
        }
        """

    static func pair() throws -> SystemAutomaton {
        let model = try #require(Compiler.compile(path: "Pair.lifecycle", source: source).model)
        return SystemAutomaton(model: model, system: try #require(model.system(named: "Pair")))
    }

    static func check(_ text: String, strict: Bool = false) throws -> Conformance.Report {
        let automaton = try pair()
        let files = SourceFiles()
        let file = files.add(path: "pair.log", bytes: Array(text.utf8))
        return Conformance.check(LogReader(automaton).read(file), against: automaton, strict: strict)
    }

    @Test func callbacksAndStepsCarryTheirInstance() throws {
        let automaton = try Self.pair()
        #expect(automaton.callbacks == [LoggedCallback(instance: 0, selector: "lightDidTurnOff()"),
                                        LoggedCallback(instance: 0, selector: "lightDidTurnOn()"),
                                        LoggedCallback(instance: 1, selector: "lightDidTurnOff()"),
                                        LoggedCallback(instance: 1, selector: "lightDidTurnOn()")])
        #expect(automaton.instances == [LoggedInstance(names: ["1st", "Left"]), LoggedInstance(names: ["Right"])])
        let steps = automaton.steps(from: automaton.initialConfiguration)
        #expect(steps.map(\.label) == ["swap"])
        #expect(steps.first?.callbacks == [0, 2])
        #expect(automaton.describe(automaton.initialConfiguration) == "Left=On, Right=On")
    }

    @Test func aLogNamesInstancesByLabelOrName() throws {
        let report = try Self.check("1st lightDidTurnOff\nRight lightDidTurnOff\nlightDidTurnOn (Right)\nLeft lightDidTurnOn\n", strict: true)
        #expect(report.conforms)
        #expect(report.ends == ["Left=On, Right=On"])
    }

    @Test func anInstanceOutOfOrderIsADeviationNamingIt() throws {
        let report = try Self.check("Right lightDidTurnOff\n1st lightDidTurnOff\n")
        #expect(!report.conforms)
        #expect(report.diagnostics.all.first?.message
            == "'Right lightDidTurnOff()' cannot happen here: 'Pair' is in Left=On, Right=On; expected '1st lightDidTurnOff()'")
        #expect(report.notLogged == ["1st lightDidTurnOn()", "Right lightDidTurnOn()"])
    }
}
