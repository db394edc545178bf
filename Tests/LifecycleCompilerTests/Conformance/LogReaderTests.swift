import Foundation
import Testing
import LifecycleCompiler
@testable import LifecycleModel
@testable import LifecycleConformance
import SpecGeneration

/// How `LogReader` finds callbacks in lines as apps print them: Swift and Objective-C names,
/// line ends, terminal colours, instances, and the callbacks no step calls.
@Suite struct LogReaderTests {
    /// Each line's reading, as `[selector]`, `unmatched selector`, `unchecked NAME`, `ambiguous`,
    /// `phase CHANGE or CHANGE` or `-`.
    static func readings(_ text: String, _ reader: LogReader) -> [String] {
        let files = SourceFiles()
        let file = files.add(path: "test.log", bytes: Array(text.utf8))
        var result: [String] = []
        reader.forEachLine(of: file) { reading, _, _ in
            switch reading {
            case .callback(let callback, _): result.append(reader.vocabulary.checked[callback].callback.selector)
            case .unmatched(let callback, _): result.append("unmatched " + reader.vocabulary.checked[callback].callback.selector)
            case .unchecked(let key, _): result.append("unchecked " + reader.uncheckedNames[key])
            case .ambiguous: result.append("ambiguous")
            case .ambiguousPhase: result.append("ambiguous phase")
            case .phase(let exact, _, _, _, _, _): result.append("phase " + exact.map { reader.vocabulary.checked[$0].callback.selector }.joined(separator: " or "))
            case .other: result.append("-")
            }
            return true
        }
        return result
    }

    static func scene() throws -> LogReader { LogReader(try ConformanceTests.scene()) }
    static func app() throws -> LogReader { LogReader(try ConformanceTests.appSessions()) }

    @Test func findsSwiftNamesWrittenEveryWay() throws {
        let names = Self.readings("""
        2026-11-23 09:41:02.118734+0900 Notes[48213:2817345] [SceneDelegate] scene(_:willConnectTo:options:)
        sceneWillEnterForeground
        print: sceneDidBecomeActive() done
        SceneDelegate.sceneDidEnterBackground(_:) called
        scenewillenterforeground
        [Analytics] scene shown, session 7F3A
        scene(_:openURLContexts:)

        """, try Self.scene())
        #expect(names == ["scene(_:willConnectTo:options:)", "sceneWillEnterForeground(_:)", "sceneDidBecomeActive(_:)",
                          "sceneDidEnterBackground(_:)", "sceneWillEnterForeground(_:)", "-", "unchecked scene(_:openURLContexts:)"])
    }

    @Test func findsObjectiveCSelectorsInBothFormsAndTheirDistinctivePart() throws {
        // Published logs of Objective-C app delegates: NSStringFromSelector(_cmd), __func__, or a part alone.
        let names = Self.readings("""
        2015-06-01 10:00:00.000 App[1:1] application:willFinishLaunchingWithOptions:
        2015-06-01 10:00:00.001 App[1:1] -[AppDelegate application:didFinishLaunchingWithOptions:]
        didDiscardSceneSessions
        -[AppDelegate applicationWillTerminate:]
        applicationDidReceiveMemoryWarning
        application:didFinishLaunching
        launch options: none
        """, try Self.app())
        #expect(names == ["application(_:willFinishLaunchingWithOptions:)", "application(_:didFinishLaunchingWithOptions:)",
                          "application(_:didDiscardSceneSessions:)", "applicationWillTerminate(_:)",
                          "applicationDidReceiveMemoryWarning(_:)", "-", "-"])
    }

    @Test func theCatalogsObjectiveCSelectorIsRead() throws {
        // Apple's header says `scene:willConnectToSession:options:`, which no rule derives from
        // `scene(_:willConnectTo:options:)`: the catalog's `objcSelector` carries it.
        var automaton = try ConformanceTests.scene()
        var model = automaton.model
        for type in model.types.indices {
            for method in model.types[type].methods.indices where model.types[type].methods[method].selector == "scene(_:willConnectTo:options:)" {
                model.types[type].methods[method].objcSelector = "scene:willConnectToSession:options:"
            }
        }
        automaton = MachineAutomaton(model: model, machine: automaton.machine)
        let names = Self.readings("""
        -[SceneDelegate scene:willConnectToSession:options:]
        willConnectToSession
        -[SceneDelegate sceneWillEnterForeground:]
        sceneDidBecomeActive:
        scene:willConnectTo:options:
        """, LogReader(automaton))
        #expect(names == ["scene(_:willConnectTo:options:)", "scene(_:willConnectTo:options:)", "sceneWillEnterForeground(_:)",
                          "sceneDidBecomeActive(_:)", "-"])
    }

    @Test func objectiveCSelectorsAreDerivedWhereTheCatalogSaysNone() {
        #expect(ObjectiveCSelector.derived(fromSwift: "application(_:didFinishLaunchingWithOptions:)") == "application:didFinishLaunchingWithOptions:")
        #expect(ObjectiveCSelector.derived(fromSwift: "viewDidLoad()") == "viewDidLoad")
        #expect(ObjectiveCSelector.derived(fromSwift: "viewWillAppear(_:)") == "viewWillAppear:")
        #expect(ObjectiveCSelector.derived(fromSwift: "init(coder:)") == "initWithCoder:")
        #expect(ObjectiveCSelector.derived(fromSwift: "viewWillTransition(to:with:)") == "viewWillTransitionTo:with:")
        #expect(ObjectiveCSelector.derived(fromSwift: "tableView(_:_:)") == "tableView::")
        #expect(ObjectiveCSelector.derived(fromSwift: "plain") == "plain")
    }

    @Test func theCatalogsSelectorWinsOverTheDerivedOne() {
        let callback = LoggedCallback(instance: nil, selector: "viewWillTransition(to:with:)")
        let reader = LogReader(LogVocabulary(checked: [LogVocabulary.Name(callback, objcSelector: "viewWillTransitionToSize:withTransitionCoordinator:")]))
        #expect(Self.readings("-[VC viewWillTransitionToSize:withTransitionCoordinator:]\nviewWillTransitionToSize\nviewWillTransitionTo:with:\n", reader)
            == ["viewWillTransition(to:with:)", "viewWillTransition(to:with:)", "-"])
    }

    @Test func aPartSharedByTwoCallbacksIsNotDistinctive() {
        // `options` and `completionHandler` belong to several selectors; a part that is no
        // compound word never counts.
        let first = LogVocabulary.Name(LoggedCallback(instance: nil, selector: "application(_:open:options:)"), objcSelector: "application:openURL:options:")
        let second = LogVocabulary.Name(LoggedCallback(instance: nil, selector: "scene(_:willConnectTo:options:)"), objcSelector: "scene:willConnectToSession:options:")
        let parts = LogReader.distinctiveParts([first, second])
        #expect(parts == [["openURL"], ["willConnectToSession"]])
        let reader = LogReader(LogVocabulary(checked: [first, second]))
        #expect(Self.readings("options\nopenURL\n", reader) == ["-", "application(_:open:options:)"])
    }

    @Test func crLfAndCrlfEndLines() throws {
        let lines = ["scene(_:willConnectTo:options:)", "noise", "sceneDidBecomeActive(_:)", "", "sceneWillResignActive"]
        let expected = ["scene(_:willConnectTo:options:)", "-", "sceneDidBecomeActive(_:)", "-", "sceneWillResignActive(_:)"]
        let reader = try Self.scene()
        for end in ["\n", "\r", "\r\n"] {
            #expect(Self.readings(lines.joined(separator: end) + end, reader) == expected, "line end \(end.debugDescription)")
            #expect(Self.readings(lines.joined(separator: end), reader) == expected, "no final \(end.debugDescription)")
        }
        // A CR-only log was one line before: the callbacks on it named one callback, the first.
        #expect(Self.readings("sceneDidEnterBackground\rsceneWillResignActive\r", reader).count == 2)
    }

    @Test func terminalEscapesAreNotPartOfWords() throws {
        let reader = try Self.scene()
        let coloured = [
            "\u{1B}[32msceneDidBecomeActive\u{1B}[0m",                  // SGR colour (CSI)
            "\u{1B}[1;38;5;208m[SceneDelegate]\u{1B}[m sceneWillResignActive(_:)",
            "\u{1B}]0;title\u{07}sceneDidEnterBackground",                // OSC window title, BEL
            "\u{1B}]8;;https://example.com\u{1B}\\sceneWillEnterForeground\u{1B}]8;;\u{1B}\\", // OSC 8 link, ST
            "\u{9B}31mscene\u{9B}0mDidDisconnect",                        // C1 CSI in UTF-8, inside a word
            "\u{1B}(BsceneDidBecomeActive",                                // charset designation
            "sceneWillResignActive\u{1B}[",                                // cut short
        ]
        #expect(Self.readings(coloured.joined(separator: "\n"), reader)
            == ["sceneDidBecomeActive(_:)", "sceneWillResignActive(_:)", "sceneDidEnterBackground(_:)", "sceneWillEnterForeground(_:)",
                "sceneDidDisconnect(_:)", "sceneDidBecomeActive(_:)", "sceneWillResignActive(_:)"])
    }

    @Test func theNameIsWhereTheErrorPointsEvenInColour() throws {
        let scene = try ConformanceTests.scene()
        for (text, start) in [("한국어 로그 sceneDidBecomeActive(_:)", "한국어 로그 ".utf8.count),
                              ("\u{1B}[2m09:41\u{1B}[0m sceneDidBecomeActive(_:)", "\u{1B}[2m09:41\u{1B}[0m ".utf8.count)] {
            let files = SourceFiles()
            let file = files.add(path: "test.log", bytes: Array(text.utf8))
            let entry = try #require(LogReader(scene).read(file).entries.first)
            #expect(entry.range.startOffset == start)
            #expect(entry.range.length == "sceneDidBecomeActive(_:)".utf8.count)
        }
    }

    @Test func instancesAreNamedAnywhereOnTheLine() {
        // A system's callbacks: the same selector for two instances, told apart by label or name.
        let callbacks = [LoggedCallback(instance: 0, selector: "viewWillAppear(_:)"),
                         LoggedCallback(instance: 1, selector: "viewWillAppear(_:)"),
                         LoggedCallback(instance: 1, selector: "viewDidLoad()")]
        let reader = LogReader(callbacks: callbacks, instances: [LoggedInstance(names: ["1st", "First"]),
                                                                  LoggedInstance(names: ["2st", "Second"])])
        #expect(Self.readings("1st viewWillAppear\nviewWillAppear (Second)\nviewWillAppear\n2st viewDidload\nviewDidLoad\nFirst viewDidLoad\n", reader)
            == ["viewWillAppear(_:)", "viewWillAppear(_:)", "unmatched viewWillAppear(_:)", "viewDidLoad()", "viewDidLoad()",
                "unmatched viewDidLoad()"])
    }

    @Test func aSystemsUnusableLinesAreTold() throws {
        // Navigation calls no layout callbacks, and the log names its controllers by class.
        let path = "Examples/NavigationLifecycle.lifecycle"
        let model = try GeneratorGoldenTests.model(Repository.examples.appendingPathComponent("NavigationLifecycle.lifecycle"), displayPath: path)
        let automaton = SystemAutomaton(model: model, system: try #require(model.system(named: "Navigation")))
        var vocabulary = LogVocabulary(automaton, model: model)
        let reader = LogReader(vocabulary)
        let log = "A_ViewController viewWillAppear:\n1st viewWillLayoutSubviews\nviewDidLayoutSubviews\n2st viewDidLoad\nB_ViewController viewDidLoad\n"
        #expect(Self.readings(log, reader) == ["unmatched viewWillAppear(_:)", "unchecked 1st viewWillLayoutSubviews()",
                                               "unchecked viewDidLayoutSubviews()", "viewDidLoad()", "unmatched viewDidLoad()"])
        // Named as the app prints them (`conform --instance Root=A_ViewController`).
        vocabulary.addName("A_ViewController", instance: 0)
        #expect(Self.readings(log, LogReader(vocabulary)).first == "viewWillAppear(_:)")
    }

    @Test func anAmbiguousNameIsAnError() {
        let reader = LogReader(callbacks: [LoggedCallback(instance: nil, selector: "viewWillAppear(_:)"),
                                           LoggedCallback(instance: nil, selector: "viewWillAppear()")], instances: [])
        let files = SourceFiles()
        let file = files.add(path: "test.log", bytes: Array("viewWillAppear(_:)\nviewWillAppear\nviewWillAppear()\n".utf8))
        let automaton = Ambiguous(callbacks: reader.vocabulary.checked.map(\.callback))
        let report = Conformance.check(reader.read(file), automaton, strict: false)
        #expect(report.diagnostics.all.map(\.message) == ["'viewWillAppear' could be 'viewWillAppear(_:)' or 'viewWillAppear()'; log the full name, as '#function' prints it"])
        // The check stops there: the third line is not read.
        #expect(report.lineCount == 2)
    }

    /// A machine that calls two callbacks in turn, forever.
    struct Ambiguous: LifecycleAutomaton {
        var callbacks: [LoggedCallback]
        var instances: [LoggedInstance] { [] }
        var name: String { "Ambiguous" }
        var initialConfiguration: Int { 0 }
        func steps(from configuration: Int) -> [AutomatonStep<Int>] {
            [AutomatonStep(label: "next", callbacks: [configuration], target: 1 - configuration, transition: 0, from: configuration)]
        }
        func describe(_ configuration: Int) -> String { "'\(configuration)'" }
    }
}

/// `LogLines`: a log cut into chunks anywhere gives the same lines.
@Suite struct LogLinesTests {
    static func lines(_ bytes: [UInt8], cuts: [Int]) -> [[UInt8]] {
        var lines = LogLines()
        var result: [[UInt8]] = []
        var start = 0
        for cut in cuts + [bytes.count] {
            bytes[start..<cut].withUnsafeBufferPointer { chunk in
                _ = lines.feed(chunk) { line in
                    #expect(line.number == result.count + 1)
                    result.append(Array(line.bytes))
                    return true
                }
            }
            start = cut
        }
        _ = lines.finish { line in result.append(Array(line.bytes)); return true }
        return result
    }

    @Test func everyCutGivesTheSameLines() {
        let text = Array("one\r\ntwo\rthree\n\r\nfour\r\rfive".utf8)
        let whole = Self.lines(text, cuts: [])
        #expect(whole.map { String(decoding: $0, as: UTF8.self) } == ["one", "two", "three", "", "four", "", "five"])
        for first in 0...text.count {
            for second in first...text.count where second - first <= 3 {
                #expect(Self.lines(text, cuts: [first, second]) == whole, "cut at \(first) and \(second)")
            }
        }
    }

    @Test func byteSearchFindsWhatALoopFinds() {
        var random = SplitMix64(seed: 77)
        for _ in 0..<2_000 {
            let bytes = (0..<random.below(40)).map { _ in random.pick([0x0A, 0x0D, 0x1B, 0xC2, 0x00, 0xFF, 0x41, 0x8A] as [UInt8]) }
            let start = random.below(bytes.count + 1)
            let (a, b) = (random.pick([0x0A, 0x1B, 0xFF] as [UInt8]), random.pick([0x0D, 0xC2, 0x00] as [UInt8]))
            let expected = bytes[start...].firstIndex { $0 == a || $0 == b } ?? bytes.count
            #expect(bytes.withUnsafeBufferPointer { ByteSearch.firstIndex(of: a, or: b, in: $0, from: start) } == expected, "\(bytes) from \(start)")
        }
    }

    @Test func theLineEndAndEscapeSearchFindsWhatALoopFinds() {
        // Bytes near the values looked for (LF, CR, ESC, 0xC2), below 0x20 (tab) and just
        // above (a space after a control byte is flagged by the borrow, and must not stop it).
        var random = SplitMix64(seed: 3720)
        let values: [UInt8] = [0x0A, 0x0D, 0x1B, 0xC2, 0x09, 0x00, 0x1F, 0x20, 0x21, 0xC1, 0xC3, 0x41, 0xFF, 0x80]
        for _ in 0..<5_000 {
            // Sparse too, so that whole blocks of sixteen and eight bytes hold nothing flagged.
            let plain = random.pick([70, 95, 99])
            let bytes = (0..<random.below(80)).map { _ in random.chance(plain) ? UInt8(ascii: "a") : random.pick(values) }
            let start = random.below(bytes.count + 1)
            let expected = bytes[start...].firstIndex { [0x0A, 0x0D, 0x1B, 0xC2].contains($0) } ?? bytes.count
            #expect(bytes.withUnsafeBufferPointer { ByteSearch.firstLineEndOrEscape(in: $0, from: start) } == expected, "\(bytes) from \(start)")
        }
        // A line with no ESC nor 0xC2 is handed out as plain; one with either is not.
        for (text, plain) in [("plain line\n", true), ("tab\there\n", true), ("\u{1B}[0mcolour\n", false), ("caf\u{E9} no-break\u{A0}\n", false)] {
            var lines = LogLines()
            var seen: [Bool] = []
            _ = Array(text.utf8).withUnsafeBufferPointer { lines.feed($0) { seen.append($0.plain); return true } }
            #expect(seen == [plain], "\(text.debugDescription)")
        }
    }

    @Test func offsetsAreInTheStream() {
        var lines = LogLines()
        var offsets: [Int] = []
        let text = Array("ab\ncd\r\nef".utf8)
        var start = 0
        for cut in [1, 4, 6, text.count] {
            _ = text[start..<cut].withUnsafeBufferPointer { chunk in lines.feed(chunk) { line in offsets.append(line.offset); return true } }
            start = cut
        }
        _ = lines.finish { line in offsets.append(line.offset); return true }
        #expect(offsets == [0, 3, 7])
    }

    @Test func aLineLongerThanTheMaximumIsHandedOutWithItsLength() {
        let maximum = 64
        let long = [UInt8](repeating: UInt8(ascii: "a"), count: maximum + 10)
        let text = long + Array("\nshort\n".utf8) + long
        for cuts in [[], [10, maximum + 5, maximum + 12], [1, 2, 3, 70, 71, 80, 90]] {
            var lines = LogLines(maximumLength: maximum)
            var seen: [(kept: Int, length: Int)] = []
            var start = 0
            for cut in cuts + [text.count] {
                _ = text[start..<cut].withUnsafeBufferPointer { chunk in lines.feed(chunk) { line in seen.append((line.bytes.count, line.length)); return true } }
                start = cut
            }
            _ = lines.finish { line in seen.append((line.bytes.count, line.length)); return true }
            #expect(seen.map(\.kept) == [maximum, 5, maximum], "cuts \(cuts)")
            #expect(seen.map(\.length) == [maximum + 10, 5, maximum + 10], "cuts \(cuts)")
        }
    }
}
