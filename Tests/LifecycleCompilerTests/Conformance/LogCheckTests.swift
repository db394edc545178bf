import Foundation
import Testing
import LifecycleCompiler
@testable import LifecycleConformance
import SpecGeneration

/// `LogCheck`, what `conform` runs: a log fed in chunks of any size gives what the same log
/// gives in memory; its line ends and colours change nothing; read as it comes (a pipe), it
/// gives the verdict of the two-pass check; a log that names nothing is an error; the summary
/// counts the lines it could not use.
@Suite struct LogCheckTests {
    /// The example automata the random logs follow.
    static func automata() throws -> [(name: String, machine: MachineAutomaton?, system: SystemAutomaton?, model: Model)] {
        var result: [(name: String, machine: MachineAutomaton?, system: SystemAutomaton?, model: Model)] = []
        for (file, machine) in [("SceneLifecycle", "Scene"), ("SceneLifecycle", "AppSessions"), ("ViewControllerLifecycle", "ViewController")] {
            let model = try GeneratorGoldenTests.model(Repository.examples.appendingPathComponent("\(file).lifecycle"), displayPath: "Examples/\(file).lifecycle")
            result.append((machine, MachineAutomaton(model: model, machine: try #require(model.machine(named: machine))), nil, model))
        }
        let model = try GeneratorGoldenTests.model(Repository.examples.appendingPathComponent("NavigationLifecycle.lifecycle"),
                                                   displayPath: "Examples/NavigationLifecycle.lifecycle")
        for system in ["Navigation", "AppWithOneScene"] {
            result.append((system, nil, SystemAutomaton(model: model, system: try #require(model.system(named: system))), model))
        }
        return result
    }

    /// The callbacks of a random run of `automaton`, sometimes with two swapped, one dropped
    /// or one added, without the callbacks in `unlogged`.
    static func callbacks<A: LifecycleAutomaton>(_ automaton: A, unlogged: Set<Int>, _ random: inout SplitMix64) -> [Int] {
        var callbacks: [Int] = []
        var configuration = automaton.initialConfiguration
        for _ in 0..<random.below(12) {
            let steps = automaton.steps(from: configuration)
            guard !steps.isEmpty else { break }
            let step = random.pick(steps)
            callbacks += step.callbacks
            configuration = step.target
        }
        if random.chance(50), !callbacks.isEmpty {
            switch random.below(3) {
            case 0 where callbacks.count > 1:
                let at = random.below(callbacks.count - 1)
                callbacks.swapAt(at, at + 1)
            case 1: callbacks.remove(at: random.below(callbacks.count))
            default: callbacks.insert(random.below(automaton.callbacks.count), at: random.below(callbacks.count + 1))
            }
        }
        return callbacks.filter { !unlogged.contains($0) }
    }

    /// A log of `callbacks` written the ways apps print them, with other lines between.
    static func log(_ callbacks: [Int], _ vocabulary: LogVocabulary, _ random: inout SplitMix64) -> String {
        var lines: [String] = []
        for callback in callbacks {
            if random.chance(20) { lines.append(random.pick(["", "noise", "[Analytics] scene shown, session 7F3A", "2026-11-23 09:41 App[1:2] saved"])) }
            let name = vocabulary.checked[callback]
            var written: String
            switch random.below(4) {
            case 0 where name.callback.knownByBaseName: written = String(name.callback.baseName)
            case 1: written = "-[Delegate \(name.objcSelector)]"
            case 2: written = "2026-11-23 09:41:02.118734+0900 Notes[48213:2817345] \(name.callback.selector)"
            default: written = name.callback.selector
            }
            if let instance = name.callback.instance { written = vocabulary.instances[instance].names[0] + " " + written }
            lines.append(written)
        }
        return lines.joined(separator: "\n") + (random.chance(50) ? "\n" : "")
    }

    /// What a report says, to compare two checks of one log: the verdict, where the first
    /// error is and what it says (its column too, unless `columns` is false), and the counts.
    static func summary(_ report: Conformance.Report, _ files: SourceFiles, columns: Bool = true) -> String {
        var text = "\(report.conforms) \(report.callbackCount) \(report.skippedLines) \(report.notLogged) \(report.ends)"
        if let error = report.diagnostics.all.first {
            let position = files[error.range.file].lineColumn(of: error.range.startOffset, table: LineTable(files[error.range.file].bytes))
            text += " \(position.line):\(columns ? position.column : 0) \(error.message)"
            for note in error.notes {
                if let range = note.range {
                    let at = files[range.file].lineColumn(of: range.startOffset, table: LineTable(files[range.file].bytes))
                    text += " [\(at.line):\(columns ? at.column : 0) \(note.message)]"
                } else {
                    text += " [\(note.message)]"
                }
            }
        }
        return text
    }

    /// Checks `bytes` fed in random chunks, as `conform` does (logging from a survey unless
    /// strict or `asTheyAppear`).
    static func streamed(_ bytes: [UInt8], machine: MachineAutomaton?, system: SystemAutomaton?, reader: LogReader,
                         strict: Bool, asTheyAppear: Bool = false, allowEmpty: Bool = true,
                         _ random: inout SplitMix64) -> (Conformance.Report, SourceFiles) {
        var logging = Conformance.Logging.all
        if asTheyAppear {
            logging = .asTheyAppear
        } else if !strict {
            var survey = LogSurvey(reader)
            feed(bytes, &random) { survey.feed($0) }
            survey.finish()
            logging = .named(survey.named)
        }
        let files = SourceFiles()
        let check = machine.map { LogCheck($0, reader: reader, logging: logging, allowEmpty: allowEmpty, path: "test.log", excerpts: files) }
            ?? LogCheck(system!, reader: reader, logging: logging, allowEmpty: allowEmpty, path: "test.log", excerpts: files)
        feed(bytes, &random) { check.feed($0) }
        return (check.finish()[0], files)
    }

    /// Feeds `bytes` in chunks of 1 to 64 bytes (or all at once) until `body` returns false.
    static func feed(_ bytes: [UInt8], _ random: inout SplitMix64, _ body: (UnsafeBufferPointer<UInt8>) -> Bool) {
        var start = 0
        let whole = random.chance(20)
        while start < bytes.count {
            let end = whole ? bytes.count : min(bytes.count, start + 1 + random.below(64))
            guard bytes[start..<end].withUnsafeBufferPointer(body) else { return }
            start = end
        }
    }

    @Test func aLogFedInChunksIsCheckedAsInMemoryWhateverItsLineEndsAndColours() throws {
        var random = SplitMix64(seed: 2311)
        for (name, machine, system, model) in try Self.automata() {
            let callbacks = machine?.callbacks ?? system!.callbacks
            let vocabulary = machine.map { LogVocabulary($0) } ?? LogVocabulary(system!, model: model)
            let reader = LogReader(vocabulary)
            for _ in 0..<60 {
                let unlogged = Set((0..<callbacks.count).filter { _ in random.chance(15) })
                let sequence = machine.map { Self.callbacks($0, unlogged: unlogged, &random) } ?? Self.callbacks(system!, unlogged: unlogged, &random)
                let text = Self.log(sequence, vocabulary, &random)
                for strict in [false, true] {
                    let files = SourceFiles()
                    let file = files.add(path: "test.log", bytes: Array(text.utf8))
                    let inMemory = machine.map { Conformance.check(reader.read(file), against: $0, strict: strict) }
                        ?? Conformance.check(reader.read(file), against: system!, strict: strict)
                    let expected = Self.summary(inMemory, files)
                    let (streamed, excerpts) = Self.streamed(Array(text.utf8), machine: machine, system: system, reader: reader, strict: strict, &random)
                    #expect(Self.summary(streamed, excerpts) == expected, "\(name), strict \(strict), log:\n\(text)")
                    // CR-only and CRLF line ends give the same; so does colour, at other columns.
                    for variant in [text.replacingOccurrences(of: "\n", with: "\r"), text.replacingOccurrences(of: "\n", with: "\r\n")] {
                        let (report, excerpts) = Self.streamed(Array(variant.utf8), machine: machine, system: system, reader: reader, strict: strict, &random)
                        #expect(Self.summary(report, excerpts) == expected, "\(name), strict \(strict), log:\n\(variant.debugDescription)")
                    }
                    let coloured = text.split(separator: "\n", omittingEmptySubsequences: false)
                        .map { $0.isEmpty ? "" : "\u{1B}[2m\($0.prefix(3))\u{1B}[0m\u{1B}[32m\($0.dropFirst(3))\u{1B}[0m" }.joined(separator: "\n")
                    let (report, colouredExcerpts) = Self.streamed(Array(coloured.utf8), machine: machine, system: system, reader: reader, strict: strict, &random)
                    #expect(Self.summary(report, colouredExcerpts, columns: false) == Self.summary(inMemory, files, columns: false),
                            "\(name), strict \(strict), log:\n\(coloured.debugDescription)")
                }
            }
        }
    }

    @Test func theSurveySkimsPastItsFirstMegabyteAndLearnsWhatReadingEveryLineWould() throws {
        // Past its first megabyte the survey searches for the few words that can still matter
        // (`LogSkim`). On logs whose callbacks come late, split by colours, next to lines too
        // long or ambiguous, fed in chunks of any size, it learns what reading every line does.
        var random = SplitMix64(seed: 3707)
        var skimmed = 0, stopped = 0, learntLate = 0
        for (name, machine, system, model) in try Self.automata() {
            let callbacks = machine?.callbacks ?? system!.callbacks
            let vocabulary = machine.map { LogVocabulary($0) } ?? LogVocabulary(system!, model: model)
            let reader = LogReader(vocabulary)
            for _ in 0..<3 {
                // A megabyte and more of other lines, some holding parts of callbacks' names.
                var block: [String] = []
                for _ in 0..<120 {
                    let callback = vocabulary.checked[random.below(callbacks.count)].callback
                    block.append(random.pick(["2026-11-23 09:41:02.118734+0900 Notes[48213:2817345] [Network] request finished 200",
                                              "noise \(callback.baseName.prefix(5)) \(callback.baseName.dropFirst(3))",
                                              "\(callback.baseName)x", "x\(callback.baseName)", "", "[Analytics] session 7F3A"]))
                }
                let filler = Array(repeating: block.joined(separator: "\n"), count: (1 << 20) / max(1, block.joined().utf8.count) + 2)
                let unlogged = Set((0..<callbacks.count).filter { _ in random.chance(30) })
                let early = random.chance(30) ? Self.log(machine.map { Self.callbacks($0, unlogged: unlogged, &random) }
                                                         ?? Self.callbacks(system!, unlogged: unlogged, &random), vocabulary, &random) : ""
                var late = Self.log(machine.map { Self.callbacks($0, unlogged: unlogged, &random) }
                                    ?? Self.callbacks(system!, unlogged: unlogged, &random), vocabulary, &random)
                    .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                for index in late.indices where random.chance(25) && late[index].count > 4 {
                    let cut = late[index].index(late[index].startIndex, offsetBy: random.below(late[index].count - 2) + 1)
                    late[index] = random.pick(["\u{1B}[1m", "\u{9B}0m", "\u{1B}]0;t\u{07}"]) + late[index][..<cut] + random.pick(["\u{1B}[0m", "\u{9B}m"]) + late[index][cut...]
                }
                if random.chance(40) { late.insert(String(repeating: "y", count: 400), at: random.below(late.count + 1)) }
                let text = early + "\n" + filler.joined(separator: "\n") + "\n" + late.joined(separator: random.pick(["\n", "\r\n", "\r"]))
                let bytes = Array(text.utf8)
                for maximum in [LogLines.defaultMaximumLength, 300] {
                    var results: [(named: [Bool], going: Bool, skimmed: Bool)] = []
                    for maySkim in [true, false] {
                        var survey = LogSurvey(reader, maximumLineLength: maximum)
                        survey.maySkim = maySkim
                        var start = 0, going = true
                        while start < bytes.count, going {
                            let end = min(bytes.count, start + 1 + random.below(random.chance(50) ? 70_000 : 300))
                            going = bytes[start..<end].withUnsafeBufferPointer { survey.feed($0) }
                            start = end
                        }
                        if going { survey.finish() }
                        results.append((survey.named, going, survey.skim != nil))
                    }
                    #expect(results[0].named == results[1].named && results[0].going == results[1].going,
                            "\(name), maximum \(maximum), late lines:\n\(late.joined(separator: "\n").debugDescription)")
                    if results[0].skimmed { skimmed += 1 }
                    if !results[1].going { stopped += 1 }
                    if results[0].skimmed, results[1].named != results[1].named.map({ _ in false }), early.isEmpty { learntLate += 1 }
                }
            }
        }
        // Not vacuous: surveys skimmed, learnt callbacks past the first megabyte, and stopped at a line.
        #expect(skimmed > 10 && learntLate > 5 && stopped > 0, "\(skimmed) \(learntLate) \(stopped)")
    }

    @Test func aLogReadAsItComesGetsTheTwoPassVerdict() throws {
        // Read once from a pipe, the check learns the logged callbacks as they appear: the same
        // verdict at the end, and a deviation never earlier than the two-pass check finds it.
        var random = SplitMix64(seed: 31)
        var later = 0, failures = 0
        for (name, machine, system, model) in try Self.automata() {
            let callbacks = machine?.callbacks ?? system!.callbacks
            let vocabulary = machine.map { LogVocabulary($0) } ?? LogVocabulary(system!, model: model)
            let reader = LogReader(vocabulary)
            for _ in 0..<150 {
                let unlogged = Set((0..<callbacks.count).filter { _ in random.chance(30) })
                let sequence = machine.map { Self.callbacks($0, unlogged: unlogged, &random) } ?? Self.callbacks(system!, unlogged: unlogged, &random)
                let bytes = Array(Self.log(sequence, vocabulary, &random).utf8)
                let (twoPass, twoPassFiles) = Self.streamed(bytes, machine: machine, system: system, reader: reader, strict: false, &random)
                let (once, onceFiles) = Self.streamed(bytes, machine: machine, system: system, reader: reader, strict: false, asTheyAppear: true, &random)
                let log = String(decoding: bytes, as: UTF8.self)
                #expect(once.conforms == twoPass.conforms, "\(name), log:\n\(log)\n\(DiagnosticRenderer(files: onceFiles).render(once.diagnostics))")
                guard let first = twoPass.diagnostics.all.first, let second = once.diagnostics.all.first else { continue }
                failures += 1
                let line = { (files: SourceFiles, range: SourceRange) in files[range.file].firstLine }
                #expect(line(onceFiles, second.range) >= line(twoPassFiles, first.range), "\(name), log:\n\(log)")
                if line(onceFiles, second.range) > line(twoPassFiles, first.range) { later += 1 }
                if once.conforms == twoPass.conforms && once.conforms { #expect(once.notLogged == twoPass.notLogged) }
            }
        }
        // The property is not vacuous: logs fail, and some fail later when read as they come.
        #expect(failures > 100)
        #expect(later > 0)
    }

    @Test func aCallbackFirstLoggedAfterRunsCalledItSilentlyIsRejectedThere() throws {
        // Swapped: sceneDidEnterBackground before sceneWillResignActive. Read as it comes, the
        // resignation could still have been silent at line 4; at line 5 it is logged, too late.
        let scene = try ConformanceTests.scene()
        let lines = ["scene(_:willConnectTo:options:)", "sceneWillEnterForeground(_:)", "sceneDidBecomeActive(_:)",
                     "sceneDidEnterBackground(_:)", "sceneWillResignActive(_:)"]
        var random = SplitMix64(seed: 5)
        let bytes = Array(lines.joined(separator: "\n").utf8)
        let (twoPass, twoPassFiles) = Self.streamed(bytes, machine: scene, system: nil, reader: LogReader(scene), strict: false, &random)
        #expect(DiagnosticRenderer(files: twoPassFiles).render(twoPass.diagnostics).hasPrefix("test.log:4:1: error: 'sceneDidEnterBackground(_:)' cannot happen here"))
        let (once, onceFiles) = Self.streamed(bytes, machine: scene, system: nil, reader: LogReader(scene), strict: false, asTheyAppear: true, &random)
        let text = DiagnosticRenderer(files: onceFiles).render(once.diagnostics)
        #expect(text.hasPrefix("test.log:5:1: error: 'sceneWillResignActive(_:)' cannot happen here: 'Scene' is in 'Finishing', 'Suspended', 'ExtraTime', 'BackgroundMode' or 'Unattached'"), "\(text)")
        #expect(text.contains("note: this log was read once as it came, learning which callbacks are logged as they appear; checked as a file, it may deviate earlier\n"), "\(text)")
        // Where a run could print it but only after calling it silently: the message says so.
        let late = ["sceneDidBecomeActive(_:)", "sceneWillResignActive(_:)", "sceneDidEnterBackground(_:)", "sceneWillEnterForeground(_:)"]
        let (report, files) = Self.streamed(Array(late.joined(separator: "\n").utf8), machine: scene, system: nil, reader: LogReader(scene),
                                            strict: false, asTheyAppear: true, &random)
        let lateText = DiagnosticRenderer(files: files).render(report.diagnostics)
        #expect(lateText.hasPrefix("test.log:4:1: error: 'sceneWillEnterForeground(_:)' cannot happen here: every run of 'Scene' that prints the lines before it has called it already without printing it"), "\(lateText)")
    }

    @Test func theUndecidedSearchStaysSmallOnALongLog() throws {
        // Nothing is known up front, and some callbacks never appear: the positions, and the
        // sets of silent callbacks they carry, stay bounded however long the log.
        let scene = try ConformanceTests.scene()
        var search = ConformanceSearch(undecided: scene)
        let active = try #require(scene.callbacks.firstIndex { $0.selector == "sceneDidBecomeActive(_:)" })
        let resign = try #require(scene.callbacks.firstIndex { $0.selector == "sceneWillResignActive(_:)" })
        var largest = 0, allAccepted = true
        for index in 0..<20_000 {
            allAccepted = search.observe(index % 2 == 0 ? active : resign) && allAccepted
            largest = max(largest, search.positionCount)
        }
        #expect(allAccepted)
        #expect(largest <= 2 * scene.machine.states.count + 16)
        #expect(search.silentSetCount <= 64)
    }

    // MARK: - Logs with nothing to check

    static func nothing(_ text: String, allowEmpty: Bool = false, system: String? = nil) throws -> (Conformance.Report, String) {
        var random = SplitMix64(seed: 1)
        let reader: LogReader, machine: MachineAutomaton?, automaton: SystemAutomaton?
        if let system {
            let model = try GeneratorGoldenTests.model(Repository.examples.appendingPathComponent("NavigationLifecycle.lifecycle"),
                                                       displayPath: "Examples/NavigationLifecycle.lifecycle")
            automaton = SystemAutomaton(model: model, system: try #require(model.system(named: system)))
            reader = LogReader(LogVocabulary(automaton!, model: model))
            machine = nil
        } else {
            machine = try ConformanceTests.scene()
            reader = LogReader(machine!)
            automaton = nil
        }
        let (report, files) = Self.streamed(Array(text.utf8), machine: machine, system: automaton, reader: reader, strict: false,
                                            allowEmpty: allowEmpty, &random)
        return (report, DiagnosticRenderer(files: files).render(report.diagnostics))
    }

    @Test func anEmptyLogIsAnErrorUnlessAllowed() throws {
        let (empty, text) = try Self.nothing("")
        #expect(!empty.conforms)
        #expect(text.hasPrefix("test.log:1:1: error: the log is empty: it names no callback of 'Scene', so nothing was checked; '--allow-empty' accepts such a log\n"))
        let (blank, blankText) = try Self.nothing("\n  \n\r\n")
        #expect(blankText.hasPrefix("test.log:1:1: error: the log's 3 lines are blank: it names no callback of 'Scene'"))
        #expect(!blank.conforms)
        let (allowed, _) = try Self.nothing("", allowEmpty: true)
        #expect(allowed.conforms)
        #expect(allowed.callbackCount == 0)
    }

    @Test func aLogOfOtherLinesShowsWhatItRead() throws {
        let (report, text) = try Self.nothing("hello\n\nworld, sceneDidBecomActive\nscene(_:openURLContexts:)\nmore\n")
        #expect(!report.conforms)
        #expect(report.diagnostics.all.map(\.id) == ["noCallbackInLog"])
        #expect(text == """
            test.log:1:1: error: no line of the log (5 lines) names a callback of 'Scene' that can be checked, so nothing was checked; '--allow-empty' accepts such a log
                1 | hello
                  | ^
            test.log:1:1: note: this line names no callback of 'Scene'
            test.log:3:1: note: this line names no callback of 'Scene'; did you mean 'sceneDidBecomeActive(_:)'?
                3 | world, sceneDidBecomActive
                  | ^
            test.log:4:1: note: 'scene(_:openURLContexts:)' is a callback no transition of 'Scene' calls
                4 | scene(_:openURLContexts:)
                  | ^~~~~~~~~~~~~~~~~~~~~~~~~

            """)
        #expect(try Self.nothing("hello\n", allowEmpty: true).0.conforms)
    }

    @Test func aSystemLogThatNamesNoInstanceSaysHowToNameThem() throws {
        let (report, text) = try Self.nothing("A_ViewController viewWillAppear:\nB_ViewController viewDidLoad\n1st viewWillLayoutSubviews\n",
                                              system: "Navigation")
        #expect(!report.conforms)
        #expect(text.contains("test.log:1:18: error: no line of the log (3 lines) names a callback of 'Navigation' that can be checked"), "\(text)")
        #expect(text.contains("test.log:1:18: note: 'viewWillAppear(_:)' here is not matched to an instance: the line names none that has it ('1st' or 'Root', '2st' or 'Second'); '--instance NAME=WORD' names one as the log does\n"), "\(text)")
        #expect(text.contains("test.log:3:5: note: '1st viewWillLayoutSubviews()' is a callback no event of 'Navigation' calls\n"), "\(text)")
        #expect(report.unmatched.count == 2)
        #expect(report.unchecked == [Conformance.UncheckedCallback(callback: "1st viewWillLayoutSubviews()", lines: 1)])
    }

    @Test func theSummaryCountsTheLinesItCouldNotUse() throws {
        let log = """
            1st viewDidload
            1st viewWillAppear
            A_ViewController viewWillLayoutSubviews
            1st viewDidAppear
            viewDidLayoutSubviews
            B_ViewController viewWillAppear:
            C_ViewController viewDidAppear:
            D_ViewController viewDidAppear:
            E_ViewController viewDidAppear:
            1st viewDidLayoutSubviews
            """
        let (report, text) = try Self.nothing(log, system: "Navigation")
        #expect(report.conforms, "\(text)")
        #expect(report.callbackCount == 3)
        #expect(report.unmatched.count == 4)
        #expect(report.unmatched.examples == [Conformance.LogLine(line: 6, text: "B_ViewController viewWillAppear:"),
                                              Conformance.LogLine(line: 7, text: "C_ViewController viewDidAppear:"),
                                              Conformance.LogLine(line: 8, text: "D_ViewController viewDidAppear:")])
        #expect(report.unmatched.instanceNames == [["1st", "Root"], ["2st", "Second"]])
        #expect(report.unchecked == [Conformance.UncheckedCallback(callback: "viewWillLayoutSubviews()", lines: 1),
                                     Conformance.UncheckedCallback(callback: "viewDidLayoutSubviews()", lines: 1),
                                     Conformance.UncheckedCallback(callback: "1st viewDidLayoutSubviews()", lines: 1)])
        #expect(ConformanceFormatter.text(log: "test.log", automaton: "Navigation", report: report) == """
            test.log: conforms to 'Navigation' (3 callbacks, 0 other lines)
              not matched to an instance: 4 lines, e.g. line 6 'B_ViewController viewWillAppear:', line 7 'C_ViewController viewDidAppear:', line 8 'D_ViewController viewDidAppear:'; the instances are named 1st or Root, 2st or Second ('--instance NAME=WORD' adds a name)
              callbacks no event of 'Navigation' calls: viewWillLayoutSubviews() ×1, viewDidLayoutSubviews() ×1, 1st viewDidLayoutSubviews() ×1
              not logged: 1st loadView(), 1st viewIsAppearing(_:), 1st viewWillDisappear(_:), 1st viewDidDisappear(_:), 2st loadView(), 2st viewDidLoad(), 2st viewWillAppear(_:), 2st viewIsAppearing(_:), 2st viewDidAppear(_:), 2st viewWillDisappear(_:), 2st viewDidDisappear(_:)
              ends in Root=Appeared, Second=Created or Root=Disappeared, Second=Appeared

            """)
    }
}
