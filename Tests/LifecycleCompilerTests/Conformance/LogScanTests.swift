import Testing
import LifecycleCompiler
@testable import LifecycleConformance
import SpecGeneration

/// The two pieces that make `conform` read at memory speed, each against what it stands for:
/// the byte scan (`WordCandidates`) hands out exactly the words `LogWords` reads whose start is
/// a key's, on lines of every kind of separator, non-ASCII character and broken UTF-8; the
/// determinised search (`SearchTable`, `SearchCursor`) accepts and rejects what the search does
/// and leaves the same runs behind, with its bounds as they are and so small that it must
/// fall back to the search partway.
@Suite struct LogScanTests {
    /// The words of `line` as `LogWords` reads them, one after another.
    static func words(_ line: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
        var words: [Range<Int>] = []
        var position = 0
        while let word = LogWords.next(in: line, from: position) {
            words.append(word)
            position = word.upperBound
        }
        return words
    }

    static func scanned(_ candidates: WordCandidates, _ line: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
        var scan = candidates.scan(line)
        var words: [Range<Int>] = []
        while let word = scan.next() { words.append(word) }
        return words
    }

    @Test func theScanHandsOutTheWordsThatStartLikeAKeyAndNoOther() {
        let keys = ["sceneDidBecomeActive", "scene", "application", "viewWillAppear", "Root", "x", "é1", "名前"]
        // Without a key that starts with a digit (words that start with one are skipped), and with one.
        var candidates = WordCandidates(), withDigits = WordCandidates()
        for key in keys { candidates.add(Array(key.utf8)) }
        for key in keys + ["0x", "2026"] { withDigits.add(Array(key.utf8)) }
        #expect(!candidates.digitFirst && withDigits.digitFirst)
        // Pieces a line is made of: keys in any case, their starts inside words, separators
        // ASCII or not, characters that only continue a word, and bytes that are not UTF-8.
        let pieces: [[UInt8]] = (keys + ["SCENEDIDBECOMEACTIVE", "ViewWillAppear", "xscene", "scenex", "sc", "2026-11-23", "09:41:02.118734+0900",
                                         "Notes[48213:2817345]", "[SceneDelegate]", " ", "  ", "(_:)", ":", "→", "•", "\u{A0}", "\u{200B}",
                                         "🙂", "❤️", "\u{301}", "é", "٣", "名", "_", "0x600000c04000", "<VC: 0x6>", "\u{1B}[0m"]).map { Array($0.utf8) }
            + [[0xC3], [0x81], [0xE2, 0x86], [0xF0, 0x9F, 0x99], [0xFF], [0xC0, 0xAF], [0xED, 0xA0, 0x80]]
        var random = SplitMix64(seed: 37)
        var handedOut = 0, afterNonASCII = 0
        for _ in 0..<20_000 {
            var line: [UInt8] = []
            for _ in 0..<random.below(random.chance(20) ? 40 : 10) { line += random.pick(pieces) }
            line.withUnsafeBufferPointer { bytes in
                for set in [candidates, withDigits] {
                    let expected = Self.words(bytes).filter { word in
                        set.mayStart(bytes[word.lowerBound], word.lowerBound + 1 < bytes.count ? bytes[word.lowerBound + 1] : 0)
                    }
                    let found = Self.scanned(set, bytes)
                    #expect(found == expected, "\(line)")
                    handedOut += found.count
                    afterNonASCII += found.filter { $0.lowerBound > 0 && bytes[$0.lowerBound - 1] >= 0x80 }.count
                }
            }
        }
        // Not vacuous: words were handed out, some right after a non-ASCII character.
        #expect(handedOut > 20_000 && afterNonASCII > 1_000, "\(handedOut) \(afterNonASCII)")
    }

    @Test func theScanRulesOutWordsByTheirFirstTwoBytesInAnyLetterCase() {
        var candidates = WordCandidates()
        candidates.add(Array("sceneDidBecomeActive".utf8))
        for (line, expected) in [("2026-11-23 Notes[48213] [SceneDelegate] sceneDidBecomeActive(_:)", ["SceneDelegate", "sceneDidBecomeActive"]),
                                 ("SCENE →scene •Sc", ["SCENE", "scene", "Sc"]), ("ascene xSC s", []), ("", [])] {
            let bytes = Array(line.utf8)
            let found = bytes.withUnsafeBufferPointer { pointer in Self.scanned(candidates, pointer).map { String(decoding: pointer[$0], as: UTF8.self) } }
            #expect(found == expected, "\(line)")
        }
    }

    @Test func aLineReadFromTheMemoOfItsTailReadsAsItDoesInFull() throws {
        // `LineTailMemo`: lines whose tails repeat after prefixes that differ (timestamps,
        // numbers, words that are no key, non-ASCII characters, colours), read with one scratch,
        // read as each line does read in full, for machines, instances and objects.
        var random = SplitMix64(seed: 4937)
        var hits = 0, lines = 0
        let prefixes = ["", "2026-11-23 09:41:02.118734+0900 Notes[48213:2817345] ", "Notes[1:2] ", "→", "• ", "\u{A0}", "🙂 ", "é",
                        "<VC: 0x600000c04000> ", "\u{1B}[2m09:41\u{1B}[0m ", "noise ", "[Analytics] ", "x", "名"]
        for (name, machine, system, model) in try LogCheckTests.automata() {
            let callbacks = machine?.callbacks ?? system!.callbacks
            let vocabulary = machine.map { LogVocabulary($0) } ?? LogVocabulary(system!, model: model)
            let reader = LogReader(vocabulary)
            // A few dozen tails, as an app prints a few dozen lines over and over.
            var tails: [String] = []
            for _ in 0..<8 {
                let sequence = (0..<4).map { _ in random.below(callbacks.count) }
                tails += LogCheckTests.log(sequence, vocabulary, &random).split(separator: "\n").map(String.init)
            }
            tails += ["scene shown", "SCENEDIDBECOMEACTIVE", "sceneDidBecomeActive(_:) sceneWillResignActive(_:)", "viewDidLoad viewWillAppear",
                      "application:didFinishLaunchingWithOptions:", "sceneDidBecomeActive\u{1B}[0m(_:)"]
            var scratch = LogReader.Scratch()
            for _ in 0..<3_000 {
                var prefix = ""
                for _ in 0..<random.below(3) { prefix += random.pick(prefixes) }
                let line = Array((prefix + random.pick(tails)).utf8)
                let reading = line.withUnsafeBufferPointer { reader.read($0, scratch: &scratch) }
                var fresh = LogReader.Scratch(), memo = LineTailMemo()
                let full: LogReader.Reading = line.withUnsafeBufferPointer { bytes in
                    guard TerminalEscapes.present(in: bytes) else {
                        return reader.readPlain(bytes, candidates: &fresh.candidates, unchecked: &fresh.unchecked, exact: &fresh.exact,
                                                memo: &memo, usesMemo: false)
                    }
                    return reader.read(bytes, scratch: &fresh)
                }
                #expect(reading == full, "\(name): \(String(decoding: line, as: UTF8.self).debugDescription)")
                lines += 1
            }
            hits += scratch.memo.hits
        }
        // Not vacuous: most lines came from the memo.
        #expect(hits > lines / 2, "\(hits) of \(lines)")
    }

    @Test func aLineReadFromTheMemoOfItsShapeReadsAsItDoesInFull() throws {
        // `LineShapeMemo`: lines that differ only in their digits (timestamps, numbers, object
        // addresses, UUIDs, digits inside words and escapes), looked up in one memo, read as each
        // line reads in full; a shape that prints no object stands only for lines that print none.
        var random = SplitMix64(seed: 5171)
        var hits = 0, lines = 0, alike = 0, unlike = 0, objectLines = 0
        let prefixes = ["2026-11-23 09:41:02.118734+0900 Notes[48213:2817345] ", "Notes[1:2] ", "→", "• 12 ", "7x1 ", "🙂 ",
                        "<VC: 0x600000c04000> ", "ObjectIdentifier(0x6000001) ", "E621E1F8-C36C-495A-93FC-0C247A3E6E5F ",
                        "\u{1B}[31m09:41\u{1B}[0m ", "[Analytics] ", "x", "名3", "0x1a2b3c "]
        for (name, machine, system, model) in try LogCheckTests.automata() {
            let callbacks = machine?.callbacks ?? system!.callbacks
            let vocabulary = machine.map { LogVocabulary($0) } ?? LogVocabulary(system!, model: model)
            let reader = LogReader(vocabulary)
            guard reader.readsDigitsAlike else {
                unlike += 1
                continue
            }
            alike += 1
            var templates: [String] = []
            for _ in 0..<8 {
                let sequence = (0..<4).map { _ in random.below(callbacks.count) }
                templates += LogCheckTests.log(sequence, vocabulary, &random).split(separator: "\n").map(String.init)
            }
            // Digits inside and beside names: a word with a digit is another word.
            templates += templates.prefix(6).map { template in
                var characters = Array(template)
                characters.insert("4", at: random.below(characters.count + 1))
                return String(characters)
            }
            templates += ["scene shown 7", "viewDidLoad2", "2viewDidLoad", "sceneDidBecomeActive\u{1B}[1m(_:)", "session 7F3A"]
            // A few dozen kinds of line, as an app prints a few dozen over and over.
            let kinds = (0..<40).map { _ in
                var kind = ""
                for _ in 0..<random.below(3) { kind += random.pick(prefixes) }
                return kind + random.pick(templates)
            }
            let memo = LineShapeMemo()
            var scratch = LogReader.Scratch()
            for _ in 0..<3_000 {
                let template = random.pick(kinds)
                // The same template with other digits.
                let line = Array(String(template.map { $0.isASCII && $0.isNumber ? Character(String(random.below(10))) : $0 }).utf8)
                var fresh = LogReader.Scratch()
                let full = line.withUnsafeBufferPointer { reader.read($0, scratch: &fresh) }
                let object = line.withUnsafeBufferPointer { ObjectKey.read($0) }
                let entry: LineShapeMemo.Entry? = line.withUnsafeBufferPointer { memo.entry(for: $0) }
                if let entry {
                    #expect(entry.reading == full, "\(name): \(String(decoding: line, as: UTF8.self).debugDescription)")
                    #expect(entry.mayHoldObject || object == nil, "\(name): \(String(decoding: line, as: UTF8.self).debugDescription)")
                } else {
                    let reading = line.withUnsafeBufferPointer { reader.read($0, scratch: &scratch) }
                    memo.keep(LineShapeMemo.Entry(reading: reading, mayHoldObject: memo.shapeMayHoldObject()))
                }
                if object != nil { objectLines += 1 }
                lines += 1
            }
            hits += memo.hits
        }
        // Not vacuous: most lines came from the memo, some printed objects, and readers of names
        // with digits (`1st`) do not use it.
        #expect(hits > lines / 2 && objectLines > 100, "\(hits) of \(lines), \(objectLines) objects")
        #expect(alike > 2 && unlike > 0, "\(alike) \(unlike)")
    }

    @Test func lineShapesWriteEveryASCIIDigitAsZeroAndNothingElse() {
        for byte in UInt8.min...UInt8.max {
            for place in 0..<8 {
                let value = UInt64(byte) << UInt64(8 * place) | (0x4142_4344_4546_4748 & ~(0xFF << UInt64(8 * place)))
                let expected = byte >= 0x30 && byte <= 0x39 ? 0x30 : byte
                let shaped = LineShapeMemo.shape(of: value)
                #expect(UInt8(truncatingIfNeeded: shaped >> UInt64(8 * place)) == expected, "\(byte) at \(place)")
                #expect(shaped & ~(0xFF << UInt64(8 * place)) == value & ~(0xFF << UInt64(8 * place)))
            }
        }
    }

    /// Callbacks to feed a machine: mostly ones some run can print now, sometimes any.
    static func step<A: LifecycleAutomaton>(_ search: ConformanceSearch<A>, _ automaton: A, _ random: inout SplitMix64) -> Int {
        let count = automaton.callbacks.count
        if random.chance(85) {
            let accepted = (0..<count).filter { callback in
                var copy = search
                return copy.observe(callback)
            }
            if !accepted.isEmpty { return random.pick(accepted) }
        }
        return random.below(count)
    }

    @Test func aCursorThroughTheTableIsTheSearchWithinItsBoundsAndPastThem() throws {
        var random = SplitMix64(seed: 3737)
        var fellBack = 0, steps = 0, rejected = 0
        for (name, machine, system, _) in try LogCheckTests.automata() {
            for bounds in [(SearchTable<MachineAutomaton>.maximumStates, SearchTable<MachineAutomaton>.maximumEntries), (3, 1 << 22), (1 << 12, 12)] {
                if let machine {
                    check(name, machine, bounds, &random, &fellBack, &steps, &rejected)
                } else if let system {
                    check(name, system, bounds, &random, &fellBack, &steps, &rejected)
                }
            }
        }
        // Not vacuous: cursors fell back past the small bounds, and callbacks were rejected.
        #expect(fellBack > 10 && steps > 1_000 && rejected > 50, "\(fellBack) \(steps) \(rejected)")
    }

    func check<A: LifecycleAutomaton>(_ name: String, _ automaton: A, _ bounds: (Int, Int), _ random: inout SplitMix64,
                                      _ fellBack: inout Int, _ steps: inout Int, _ rejected: inout Int) {
        let logged = automaton.callbacks.indices.map { _ in random.chance(85) }
        // One table shared by several runs, as a log's instances share it.
        let table = SearchTable(automaton, logged: logged, maximumStates: bounds.0, maximumEntries: bounds.1)
        for _ in 0..<8 {
            var search = ConformanceSearch(automaton, logged: logged)
            var cursor = SearchCursor(table)
            for _ in 0..<random.below(40) {
                let callback = Self.step(search, automaton, &random)
                let expected = search.observe(callback)
                let moved = cursor.observe(callback)
                #expect(moved == expected, "\(name): callback \(callback)")
                guard moved == expected else { return }
                steps += 1
                if !moved { rejected += 1 }
                var materialized = cursor.materialized()
                var copy = search
                #expect(materialized.situations() == copy.situations(), "\(name)")
                #expect(materialized.expected() == copy.expected(), "\(name)")
                #expect(materialized.trail == search.trail, "\(name)")
            }
            if cursor.isSearching { fellBack += 1 }
        }
    }
}
