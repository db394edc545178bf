import Foundation
import Testing
import LifecycleCompiler
@testable import LifecycleQueries
@testable import LifecycleGeneration

/// `lifecycle tests`: the suites of every style for the examples are golden files
/// (`Fixtures/Golden/Tests`), and each type-checks — in Swift 5 and Swift 6 modes — with the
/// delegates the spec generates and the driver skeleton it writes: against the toolchain's own
/// Swift Testing and XCTest, the UIKit stand-in where it imports UIKit, and, for UI tests, the
/// XCTest stand-in (`Fixtures/XCTestStandIn`, written from Apple's documentation: no iOS XCTest
/// SDK is available to these tests). `RealSDKTests`' sibling below does the same against Apple's
/// real iOS SDK where the workplace's tool is installed. Running a suite is
/// `GeneratedSuiteRunTests`' (the download example, and its mutants).
@Suite(.serialized) struct TestSuiteTests {
    struct Case: Sendable, CustomTestStringConvertible {
        /// The golden file's name, without `.swift`.
        var name: String
        var spec: String
        var machine: String? = nil
        var system: String? = nil
        var style = TestSuite.Style.swiftTesting
        var coverage = Coverage.transitions
        var neutral = false
        var driver = false
        var testDescription: String { name }

        var isUI: Bool { style == .xcuitest }
    }

    static let download = "Examples/PluginDemo/Sources/Downloads/Download.lifecycle"

    static let cases: [Case] = [
        Case(name: "Download.xctest", spec: download, style: .xctest),
        Case(name: "Download.driver", spec: download, driver: true),
        Case(name: "MediaPlayer.swift-testing.neutral", spec: "Examples/MediaPlayer.lifecycle", neutral: true),
        Case(name: "MediaPlayer.xctest.pairs", spec: "Examples/MediaPlayer.lifecycle", style: .xctest, coverage: .pairs),
        Case(name: "AppLifecycle.swift-testing", spec: "Examples/AppLifecycle.lifecycle"),
        Case(name: "AppLifecycle.xctest.states", spec: "Examples/AppLifecycle.lifecycle", style: .xctest, coverage: .states),
        Case(name: "AppLifecycle.xcuitest", spec: "Examples/AppLifecycle.lifecycle", style: .xcuitest),
        Case(name: "SceneLifecycle-Scene.swift-testing.neutral", spec: "Examples/SceneLifecycle.lifecycle", machine: "Scene", neutral: true),
        Case(name: "SceneLifecycle-Scene.xcuitest.neutral", spec: "Examples/SceneLifecycle.lifecycle", machine: "Scene", style: .xcuitest, neutral: true),
        Case(name: "SceneLifecycle-AppSessions.xcuitest", spec: "Examples/SceneLifecycle.lifecycle", machine: "AppSessions", style: .xcuitest),
        Case(name: "ViewControllerLifecycle.swift-testing", spec: "Examples/ViewControllerLifecycle.lifecycle"),
        Case(name: "NavigationLifecycle-Navigation.swift-testing", spec: "Examples/NavigationLifecycle.lifecycle", system: "Navigation"),
        Case(name: "NavigationLifecycle-Navigation.driver", spec: "Examples/NavigationLifecycle.lifecycle", system: "Navigation", driver: true),
        Case(name: "NavigationLifecycle-AppWithOneScene.xctest", spec: "Examples/NavigationLifecycle.lifecycle", system: "AppWithOneScene", style: .xctest),
        Case(name: "NavigationLifecycle-AppWithOneScene.xcuitest", spec: "Examples/NavigationLifecycle.lifecycle", system: "AppWithOneScene", style: .xcuitest),
        Case(name: "SwiftUILifecycle-AppPhase.xcuitest", spec: "Examples/SwiftUILifecycle.lifecycle", machine: "AppPhase", style: .xcuitest),
        // States mapped in the spec (`appState`), events the UI tests know and two they do not.
        Case(name: "AppStates.xcuitest", spec: "Tests/LifecycleCompilerTests/Fixtures/Valid/AppStates.lifecycle", style: .xcuitest),
        Case(name: "SwiftUILifecycle-AppDelegate.swift-testing", spec: "Examples/SwiftUILifecycle.lifecycle", machine: "AppDelegate"),
    ]

    static func model(_ spec: String) throws -> Model {
        try GeneratorGoldenTests.model(Repository.root.appendingPathComponent(spec), displayPath: spec)
    }

    static func suite(_ test: Case, model: Model) throws -> TestSuite {
        let result: Result<TestSuite, QueryError>
        if let name = test.system {
            let system = try #require(model.system(named: name))
            result = TestSuite.system(system, in: model, cover: test.coverage, neutral: test.neutral, ui: test.isUI)
        } else {
            let machine = try MachineSelection.select(test.machine, in: model).get()
            result = test.isUI ? TestSuite.uiMachine(machine, in: model, cover: test.coverage, neutral: test.neutral)
                : TestSuite.machine(machine, in: model, cover: test.coverage, neutral: test.neutral)
        }
        return try result.get()
    }

    /// The generated file (header and body), as `lifecycle tests` writes it.
    static func generated(_ test: Case) throws -> (suite: String, driver: String, delegates: String) {
        let model = try model(test.spec)
        let suite = try suite(test, model: model)
        var command = "lifecycle tests \(test.spec)"
        if let machine = test.machine { command += " --machine \(machine)" }
        if let system = test.system { command += " --system \(system)" }
        if test.coverage != .transitions { command += " --cover \(test.coverage.rawValue)" }
        if test.style != .swiftTesting { command += " --style \(test.style.rawValue)" }
        if test.neutral { command += " --neutral" }
        let text: [UInt8]
        if test.isUI {
            text = UITestGenerator(suite: suite).generate(specPath: test.spec, command: command)
        } else {
            text = TestSuiteGenerator(suite: suite, style: test.style, module: nil).generate(specPath: test.spec, command: command)
        }
        // UI tests have no driver: they drive the app themselves.
        let driver = test.isUI ? [] : TestDriverGenerator(suite: suite, module: nil).generate(specPath: test.spec, command: command + " --driver")
        return (String(decoding: text, as: UTF8.self), String(decoding: driver, as: UTF8.self),
                String(decoding: SwiftGenerator(model: model).body(), as: UTF8.self))
    }

    static func golden(_ name: String) -> URL { Repository.fixtures.appendingPathComponent("Golden/Tests/\(name).swift") }

    @Test("every style's golden file", arguments: cases)
    func golden(_ test: Case) throws {
        let generated = try Self.generated(test)
        GoldenFile.check(test.driver ? generated.driver : generated.suite, against: Self.golden(test.name))
    }

    // MARK: - Type-checking

    /// A folder with the XCTest stand-in built as module `XCTest` (UI tests), once per run.
    static let xctestStandIn: Result<URL, Error> = {
        Result {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lifecycle-xctest-\(getpid())")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            atexit { try? FileManager.default.removeItem(at: TestSuiteTests.xctestFolder) }
            let source = Repository.fixtures.appendingPathComponent("XCTestStandIn/XCTest.swift")
            let result = try Shell.run("/usr/bin/env", ["swiftc", "-swift-version", "6", "-parse-as-library", "-emit-module",
                                                        "-module-name", "XCTest", "-emit-module-path",
                                                        folder.appendingPathComponent("XCTest.swiftmodule").path, source.path])
            guard result.status == 0 else { throw GeneratedCodeCompilesTests.StandInError(message: result.stderr) }
            return folder
        }
    }()

    static var xctestFolder: URL { FileManager.default.temporaryDirectory.appendingPathComponent("lifecycle-xctest-\(getpid())") }

    /// Type-checks the suite, the driver skeleton and the spec's delegates as one module, in
    /// Swift `version` mode; the compiler's errors, empty when they compile.
    static func typecheck(_ test: Case, version: String) throws -> String {
        let (suite, driver, delegates) = try generated(test)
        let model = try model(test.spec)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lifecycle-suite-\(getpid())-\(test.name)-\(version)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var files: [URL] = []
        // UI tests live in a target of their own: they see none of the app's code.
        for (name, text) in test.isUI ? [("Suite.swift", suite)] : [("Suite.swift", suite), ("Driver.swift", driver), ("Delegates.swift", delegates)] {
            let url = folder.appendingPathComponent(name)
            try text.write(to: url, atomically: true, encoding: .utf8)
            files.append(url)
        }
        var arguments = ["swiftc", "-typecheck", "-swift-version", version, "-parse-as-library"]
        if test.isUI { arguments += ["-I", try xctestStandIn.get().path] }
        if !test.isUI && (model.importsUIKit || model.importsSwiftUI) {
            arguments += ["-I", try GeneratedCodeCompilesTests.standIn.get().path]
            // With the UIKit stand-in, XCTest is the stand-in too: the toolchain's re-exports
            // Foundation, whose `ProcessInfo` (a timed monitor's clock) the stand-in also declares.
            if test.style == .xctest { arguments += ["-I", try xctestStandIn.get().path] }
        }
        let result = try Shell.run("/usr/bin/env", arguments + files.map(\.path))
        let errors = (result.stdout + result.stderr).split(separator: "\n").filter { $0.contains("error:") || $0.contains("warning:") }
        return result.status == 0 && errors.isEmpty ? "" : result.stdout + result.stderr
    }

    @Test("every style type-checks in Swift 6 mode (stand-ins for UIKit and XCUITest)", arguments: cases.filter { !$0.driver })
    func typechecksInSwift6(_ test: Case) throws {
        let errors = try Self.typecheck(test, version: "6")
        #expect(errors.isEmpty, "\(test.name) does not type-check in Swift 6 mode:\n\(errors)")
    }

    @Test("every style type-checks in Swift 5 mode", arguments: cases.filter { !$0.driver })
    func typechecksInSwift5(_ test: Case) throws {
        let errors = try Self.typecheck(test, version: "5")
        #expect(errors.isEmpty, "\(test.name) does not type-check in Swift 5 mode:\n\(errors)")
    }

    /// Names chosen to break the output (`Fixtures/Golden/Hostile.lifecycle`: quotes, hidden
    /// characters, Swift keywords; `Keywords.lifecycle`: a machine called `default`, a type
    /// called `Self`) still give suites that type-check.
    @Test("hostile names give suites that type-check", arguments: ["Hostile", "Keywords"])
    func hostileNamesTypecheck(_ name: String) throws {
        let spec = "Tests/LifecycleCompilerTests/Fixtures/Golden/\(name).lifecycle"
        let model = try Self.model(spec)
        for machine in model.machines where machine.delegate != nil {
            for (style, coverage) in [(TestSuite.Style.swiftTesting, Coverage.pairs), (.xctest, .transitions)] {
                let test = Case(name: "\(name)-\(machine.name)", spec: spec, machine: machine.name, style: style, coverage: coverage, neutral: true)
                let errors = try Self.typecheck(test, version: "6")
                #expect(errors.isEmpty, "\(spec) --machine \(machine.name) --style \(style.rawValue):\n\(errors)")
            }
        }
    }

    @Test("the stand-in and the check mean something: a suite without its driver, or a misspelt XCUITest call, fails")
    func typecheckingCanFail() throws {
        let test = Self.cases.first { $0.name == "Download.xctest" }!
        let (suite, _, delegates) = try Self.generated(test)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lifecycle-suite-\(getpid())-probe")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = [folder.appendingPathComponent("Suite.swift"), folder.appendingPathComponent("Delegates.swift")]
        try suite.write(to: files[0], atomically: true, encoding: .utf8)
        try delegates.write(to: files[1], atomically: true, encoding: .utf8)
        let missing = try Shell.run("/usr/bin/env", ["swiftc", "-typecheck", "-parse-as-library"] + files.map(\.path))
        #expect(missing.status != 0 && (missing.stdout + missing.stderr).contains("cannot find 'DownloadingTestDriver' in scope"))
        let ui = Self.cases.first { $0.name == "AppLifecycle.xcuitest" }!
        let wrong = try Self.generated(ui).suite.replacingOccurrences(of: "XCUIDevice.shared.press(.home)", with: "XCUIDevice.shared.press(.homeButton)")
        try wrong.write(to: files[0], atomically: true, encoding: .utf8)
        let probe = try Shell.run("/usr/bin/env", ["swiftc", "-typecheck", "-parse-as-library", "-I", try Self.xctestStandIn.get().path, files[0].path])
        #expect(probe.status != 0 && (probe.stdout + probe.stderr).contains("homeButton"))
    }

    // MARK: - Apple's real iOS SDK

    /// Swift Testing (the toolchain's own, built from its interface) and the XCTest stand-in,
    /// built for the real iOS SDK once per run.
    /// The cases whose spec imports UIKit.
    static let uikitCases = cases.filter { test in
        !test.driver && !test.spec.contains("MediaPlayer") && !test.spec.contains("Download")
    }

    static let iosModules: Result<URL, Error> = {
        Result {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lifecycle-ios-modules-\(getpid())")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            atexit { try? FileManager.default.removeItem(at: FileManager.default.temporaryDirectory.appendingPathComponent("lifecycle-ios-modules-\(getpid())")) }
            guard let testing = testingInterface else { throw IOSTypecheck.Failure(message: "the toolchain has no Swift Testing interface") }
            try IOSTypecheck.buildModule("Testing", from: testing, into: folder)
            try IOSTypecheck.buildModule("XCTest", from: Repository.fixtures.appendingPathComponent("XCTestStandIn/XCTest.swift"), into: folder)
            return folder
        }
    }()

    /// The toolchain's `Testing.swiftinterface` (on Linux, next to the standard library).
    static var testingInterface: URL? {
        guard let swiftc = Shell.which("swiftc") else { return nil }
        let bin = URL(fileURLWithPath: swiftc).resolvingSymlinksInPath().deletingLastPathComponent()
        let module = bin.deletingLastPathComponent().appendingPathComponent("lib/swift/linux/Testing.swiftmodule")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: module.path)) ?? []
        return names.first { $0.hasSuffix(".swiftinterface") && !$0.contains(".private.") }.map { module.appendingPathComponent($0) }
    }

    @Test("the UIKit suites type-check against Apple's real iOS SDK (Swift Testing's own interface; XCTest's stand-in)",
          arguments: uikitCases)
    func typechecksAgainstTheRealSDK(_ test: Case) throws {
        guard IOSTypecheck.isAvailable(for: "the generated suite \(test.name)") else { return }
        let modules = try Self.iosModules.get()
        let (suite, driver, delegates) = try Self.generated(test)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lifecycle-ios-suite-\(getpid())-\(test.name)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var files: [URL] = []
        for (name, text) in test.isUI ? [("Suite.swift", suite)] : [("Suite.swift", suite), ("Driver.swift", driver), ("Delegates.swift", delegates)] {
            let url = folder.appendingPathComponent(name)
            try text.write(to: url, atomically: true, encoding: .utf8)
            files.append(url)
        }
        let result = try IOSTypecheck.typecheck(files, flags: ["-I", modules.path])
        #expect(result.succeeded, "\(test.name) does not type-check against the real iOS SDK:\n\(result.output)")
    }

    // MARK: - What the suites hold

    /// Walks a path through the suite's table: the moves it takes, nil if one is not there.
    static func walk(_ path: TestSuite.Path, in suite: TestSuite) -> [TestSuite.Move]? {
        var at = 0
        var moves: [TestSuite.Move] = []
        for event in path.events {
            guard let move = suite.moves[at].first(where: { $0.event == event }) else { return nil }
            moves.append(move)
            at = move.target
        }
        return moves
    }

    @Test("the cases are runs of the spec that cover every goal of the plan", arguments: [Coverage.states, .transitions, .pairs])
    func casesCoverThePlan(_ coverage: Coverage) throws {
        for spec in ["Examples/AppLifecycle.lifecycle", "Examples/MediaPlayer.lifecycle", "Examples/ViewControllerLifecycle.lifecycle", Self.download] {
            let model = try Self.model(spec)
            let machine = model.machines[0]
            let suite = try TestSuite.machine(machine, in: model, cover: coverage, neutral: false).get()
            let plan = TestPlanner(machine: MachineAutomaton(model: model, machine: machine), cover: coverage).plan()
            #expect(suite.paths.map { suite.eventNames($0) } == plan.sequences.map { $0.steps.map(\.label) })
            var states = Set(machine.ancestry(machine.entry(machine.initialState))), transitions = Set<Int>(), pairs = Set<TestPlanner<MachineAutomaton>.StepPair>()
            for path in suite.paths {
                let moves = try #require(Self.walk(path, in: suite), "\(spec): \(suite.eventNames(path)) is not a run")
                var last = -1
                for move in moves {
                    transitions.insert(move.transition)
                    states.formUnion(machine.ancestry(suite.leaves[move.target]))
                    if last >= 0 { pairs.insert(.init(first: last, second: move.transition)) }
                    last = move.transition
                }
            }
            switch coverage {
            case .states: #expect(states.count == machine.states.count, "\(spec)")
            case .transitions: #expect(transitions.count == machine.transitions.count, "\(spec)")
            case .pairs:
                let claimed = plan.pairs.indices.filter { !plan.uncovered.contains($0) }.map { plan.pairs[$0] }
                #expect(Set(claimed.filter { $0.first >= 0 }).isSubset(of: pairs), "\(spec)")
                #expect(Set(claimed.filter { $0.first < 0 }.map(\.second)).isSubset(of: transitions), "\(spec)")
                // A plan of pairs takes every transition a plan of transitions does.
                #expect(transitions.count == machine.transitions.count, "\(spec)")
            }
        }
    }

    @Test("the callbacks a suite expects are the automaton's: simulate's, step by step")
    func expectationsAreSimulatesCallbacks() throws {
        let model = try Self.model("Examples/AppLifecycle.lifecycle")
        let machine = model.machines[0]
        let suite = try TestSuite.machine(machine, in: model, cover: .transitions, neutral: true).get()
        for path in suite.paths + suite.neutral {
            let run = try Simulator.run(suite.eventNames(path), in: machine).get()
            let moves = try #require(Self.walk(path, in: suite))
            #expect(moves.map { $0.calls.map(\.selector) } == run.steps.map { machine.callbacks(of: $0).map { model.method($0).selector } })
            #expect(moves.map { suite.leaves[$0.target] } == run.steps.map(\.to))
        }
    }

    @Test("neutral round trips return where they started, and the app's include background and back, inactive and back")
    func roundTripsReturnWhereTheyStarted() throws {
        let model = try Self.model("Examples/AppLifecycle.lifecycle")
        let suite = try TestSuite.machine(model.machines[0], in: model, cover: .transitions, neutral: true).get()
        #expect(!suite.neutral.isEmpty)
        var trips: Set<[String]> = []
        for path in suite.neutral {
            let trip = try #require(path.roundTrip)
            let moves = try #require(Self.walk(path, in: suite))
            let before = trip.lowerBound == 0 ? 0 : moves[trip.lowerBound - 1].target
            #expect(moves[trip.upperBound - 1].target == before, "\(suite.eventNames(path))")
            // The rest of the path is the plan's path it was put into.
            var rest = path.events
            rest.removeSubrange(trip)
            #expect(suite.paths.contains { $0.events == rest })
            trips.insert(Array(suite.eventNames(path)[trip]))
        }
        #expect(trips.contains(["leave", "reopen", "activate"]), "background and back: \(trips)")
        #expect(trips.contains(["interrupt", "activate"]), "inactive and back: \(trips)")
        // A 3-event cycle through NotRunning (crash, launch, activate) is no round trip.
        #expect(!trips.contains(["crash", "launch", "activate"]))
        // Any machine: cycles of one or two events (the download's progress loop).
        let download = try Self.model(Self.download)
        let downloading = try TestSuite.machine(download.machines[0], in: download, cover: .transitions, neutral: true).get()
        #expect(downloading.neutral.map { downloading.eventNames($0)[$0.roundTrip!] }.contains(["progress"]))
        #expect(!downloading.neutral.contains { $0.roundTrip!.count > 2 })
    }

    @Test("UI tests plan only what a UI test can do, and skip the rest by name")
    func uiTestsPlanWhatTheyCanDo() throws {
        let model = try Self.model("Examples/AppLifecycle.lifecycle")
        let suite = try TestSuite.uiMachine(model.machines[0], in: model, cover: .transitions, neutral: true).get()
        let ui = try #require(suite.ui)
        for path in suite.paths + suite.neutral {
            for event in path.events { #expect(ui.actions[event].impossibility == nil, "\(suite.eventNames(path))") }
            // UIKit activates a launched app at once: nothing else follows a launch.
            let names = suite.eventNames(path)
            for (index, name) in names.enumerated() where name == "launch" || name == "reopen" {
                #expect(index + 1 == names.count || names[index + 1] == "activate", "\(names)")
            }
        }
        #expect(ui.skipped.map { suite.events[$0].name } == ["backgroundLaunch", "interrupt", "alert", "wake", "beginBackgroundTask", "backgroundMode", "purge", "crash", "reboot"])
        let text = String(decoding: UITestGenerator(suite: suite).body(), as: UTF8.self)
        #expect(text.contains("func testSkipped_alert_noXCUITestAPIMakesAPhoneCallOrShowsASystemAlert() throws {\n        throw XCTSkip("))
        #expect(!text.contains("XCTSkip(\"'leave'"))
        // A machine that is not the app's or a scene's has no UI tests, and a SwiftUI view no component tests.
        let download = try Self.model(Self.download)
        #expect(throws: QueryError.self) { try TestSuite.uiMachine(download.machines[0], in: download, cover: .transitions, neutral: false).get() }
        let swiftUI = try Self.model("Examples/SwiftUILifecycle.lifecycle")
        #expect(throws: QueryError.self) { try TestSuite.machine(swiftUI.machine(named: "Window")!, in: swiftUI, cover: .transitions, neutral: false).get() }
    }

    @Test("the driver's update adds the events the spec gained, and nothing else")
    func driverUpdateAddsNewEvents() throws {
        let model = try Self.model(Self.download)
        let suite = try TestSuite.machine(model.machines[0], in: model, cover: .transitions, neutral: false).get()
        let written = try String(contentsOf: Repository.examples.appendingPathComponent("PluginDemo/Tests/DownloadsTests/DownloadingTestDriver.swift"),
                                 encoding: .utf8)
        let generator = TestDriverGenerator(suite: suite, module: "Downloads")
        let same = try generator.update(Array(written.utf8)).get()
        #expect(same.added.isEmpty && same.bytes == Array(written.utf8))
        // Without its retry and giveUp methods, the update puts them back before the closing brace.
        let cut = written.components(separatedBy: "\n    /// `retry`")[0] + "\n}\n"
        let updated = try generator.update(Array(cut.utf8)).get()
        #expect(updated.added == ["retry", "giveUp"])
        let text = String(decoding: updated.bytes, as: UTF8.self)
        #expect(text.hasPrefix(cut.dropLast(2)))
        #expect(text.hasSuffix("    func giveUp() async throws {\n    }\n}\n"))
        #expect(throws: SwiftUpdater.Failure.self) { try generator.update(Array("struct Other {}\n".utf8)).get() }
    }
}
