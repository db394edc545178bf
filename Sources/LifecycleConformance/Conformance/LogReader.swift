import LifecycleSource
import LifecycleSyntax
import LifecycleModel

/// Reads a console log as apps print it: one callback per line, anything else on the line
/// ignored.
///
/// A line names a callback when one of its words (`LogWords`: a run of identifier characters
/// in Swift's sense; every other character, ASCII or not, separates) starts one of its names:
/// - its Swift selector, what `#function` prints (`scene(_:willConnectTo:options:)`), or its
///   base name, bare (`viewWillAppear`) or with arguments (`viewWillAppear(true)`), for a
///   callback of at most one argument;
/// - its Objective-C selector, what `NSStringFromSelector(_cmd)` prints
///   (`application:didFinishLaunchingWithOptions:`), also inside `__func__`'s
///   `-[AppDelegate application:didFinishLaunchingWithOptions:]`; a selector of at most one
///   part may be written without its colon (`applicationDidBecomeActive`);
/// - a distinctive part of its Objective-C selector alone (`didFinishLaunchingWithOptions`):
///   in a selector of two parts or more, a part that is a compound word (it has a capital
///   letter) and that no other callback has as a part, a label or a base name.
///
/// So Xcode's and `os_log`'s timestamps and process prefixes, `[SceneDelegate]` tags,
/// `type(of: self)` prefixes and terminal colours (`TerminalEscapes`) are ignored. A bare name
/// matches in any letter case when no callback has it in exactly the line's case
/// (`viewDidload` is `viewDidLoad()`). A full selector naming a method the automaton does not
/// call (`scene(_:openURLContexts:)`) does not match its base name. The first word that names
/// a checked callback wins. In a system, the line also names the instance by one of its names
/// (`1st viewWillAppear`), anywhere on the line.
///
/// The vocabulary's unchecked callbacks are recognised the same way, only to be counted: a
/// line names one of them when it names no checked callback. One pass over the line, no
/// allocation per line (words are looked up in an open-addressing table of folded names).
public struct LogReader: Sendable {
    /// What one line is to `conform`.
    public enum Reading: Equatable, Sendable {
        /// Checked callback `callback`, named at `range` (byte offsets in the line).
        case callback(Int, range: Range<Int>)
        /// A checked callback (`callback`, the first that fits) whose instance the line does
        /// not say: several instances have it and the line names none, or it names one that
        /// has not.
        case unmatched(Int, range: Range<Int>)
        /// A callback no step calls, `uncheckedNames[key]`, named at `range`.
        case unchecked(key: Int, range: Range<Int>)
        /// Several checked callbacks fit equally well.
        case ambiguous([Int], range: Range<Int>)
        /// A change of scene phase, named at `range`: the checked phase changes it can be
        /// (`exact`: its old and new phases, `.inactive -> .active`; or any into its new phase,
        /// `scenePhase: inactive`), and those into the same new phase (`sameNew`), for the first
        /// change of a log, whose old phase is the one SwiftUI started with. Both may be empty: a
        /// change no step makes. `old` and `new`: the change as the line reads; `machine`: the
        /// instance (machine) whose phases they are, nil for a lone machine.
        case phase(exact: [Int], sameNew: [Int], old: ScenePhase?, new: ScenePhase, machine: Int?, range: Range<Int>)
        /// Phases named without saying which is the new one (`PhaseLine.ambiguous`), at `range`.
        case ambiguousPhase(range: Range<Int>)
        /// No callback.
        case other
    }

    /// How a name of a callback is written, for the table.
    enum Form: UInt8, Sendable {
        /// The Swift base name: `viewWillAppear`, `scene` (then the full selector must follow).
        case swiftBase
        /// The first part of the Objective-C selector: `application` in `application:didFinishLaunchingWithOptions:`.
        case objcFirst
        /// A part of the Objective-C selector that belongs to this callback alone.
        case distinctive
    }

    /// A name in the table: checked callbacks first (`id < checkedCount`), then unchecked.
    struct Name: Sendable {
        /// The Swift selector in lower case: `scene(_:willconnectto:options:)`.
        var swift: [UInt8]
        /// The Objective-C selector in lower case.
        var objc: [UInt8]
        /// How many parts (colons) the Objective-C selector has.
        var objcParts: Int
        /// It takes at most one argument: its base name alone names it.
        var knownByBaseName: Bool
        var instance: Int?
        /// For an unchecked name: its key in `uncheckedNames` with its instance, and without.
        var key: Int
        var bareKey: Int
    }

    public let vocabulary: LogVocabulary
    let names: [Name]
    let checkedCount: Int
    let table: WordTable
    /// The words of a line worth looking up in `table` (and addresses, when instances have one).
    let words: WordCandidates
    /// Who reads: what a `Scratch`'s memo of readings belongs to.
    let identity = Identity()
    final class Identity: Sendable {}
    /// How the summary names each unchecked callback: `viewWillLayoutSubviews()`, or with its
    /// instance in a system (`1st viewWillLayoutSubviews()`).
    public let uncheckedNames: [String]
    /// The checked phase changes, by change, one per machine that makes it (`PhaseLine` reads
    /// them; they are not in `table`).
    let phases: [PhaseChange: [Int]]
    /// Instances named by an object's address (`--instance Root=0x600000c04000`), by address:
    /// a line names one by that address in any of its spellings (`0x0000600000c04000`), and
    /// before any of its words.
    let instanceAddresses: [UInt64: Int]
    /// Whether a line's reading is the same whatever ASCII digits it holds, so that lines of
    /// one shape read alike (`LineShapeMemo`): no name of a callback or of an instance holds a
    /// digit (a word with one then names nothing, whichever it is), no instance is named by its
    /// address, and no scene phase is read.
    public let readsDigitsAlike: Bool

    /// A reader of an automaton's callbacks, Objective-C selectors derived, nothing unchecked.
    public init<A: LifecycleAutomaton>(_ automaton: A) {
        self.init(LogVocabulary(automaton))
    }

    /// A reader of a machine's callbacks and, unchecked, its delegate's other methods.
    public init(_ automaton: MachineAutomaton) {
        self.init(LogVocabulary(automaton))
    }

    public init(callbacks: [LoggedCallback], instances: [LoggedInstance]) {
        self.init(LogVocabulary(checked: callbacks.map { LogVocabulary.Name($0) }, instances: instances))
    }

    public init(_ vocabulary: LogVocabulary) {
        self.vocabulary = vocabulary
        checkedCount = vocabulary.checked.count
        var keys: [String: Int] = [:]
        var uncheckedNames: [String] = []
        func key(_ text: String) -> Int {
            if let known = keys[text] { return known }
            keys[text] = uncheckedNames.count
            uncheckedNames.append(text)
            return uncheckedNames.count - 1
        }
        var names: [Name] = []
        for (index, entry) in (vocabulary.checked + vocabulary.unchecked).enumerated() {
            let callback = entry.callback
            var name = Name(swift: Array(callback.selector.utf8).map(WordTable.fold), objc: Array(entry.objcSelector.utf8).map(WordTable.fold),
                            objcParts: entry.objcSelector.utf8.count { $0 == UInt8(ascii: ":") },
                            knownByBaseName: callback.knownByBaseName, instance: callback.instance, key: -1, bareKey: -1)
            if index >= vocabulary.checked.count {
                let label = vocabulary.instancesAreMachines ? nil : callback.instance.flatMap { vocabulary.instances[$0].names.first }
                name.key = key(label.map { "\($0) \(callback.selector)" } ?? callback.selector)
                name.bareKey = key(callback.selector)
            }
            names.append(name)
        }
        self.names = names
        self.uncheckedNames = uncheckedNames

        var table = WordTable()
        let all = vocabulary.checked + vocabulary.unchecked
        let distinctive = Self.distinctiveParts(all)
        var phases: [PhaseChange: [Int]] = [:]
        for (index, entry) in vocabulary.checked.enumerated() {
            if let change = entry.callback.phase { phases[change, default: []].append(index) }
        }
        self.phases = phases
        for (index, entry) in all.enumerated() where entry.callback.phase == nil {
            table.addCallback(index, spelled: Array(entry.callback.baseName.utf8), form: .swiftBase)
            let first = entry.objcSelector.prefix { $0 != ":" }
            table.addCallback(index, spelled: Array(first.utf8), form: .objcFirst)
            for part in distinctive[index] { table.addCallback(index, spelled: Array(part.utf8), form: .distinctive) }
        }
        var instanceAddresses: [UInt64: Int] = [:]
        for (index, instance) in vocabulary.instances.enumerated() {
            for name in instance.names {
                if let address = ObjectKey.address(named: name) {
                    instanceAddresses[address] = index
                } else {
                    table.addInstance(index, spelled: Array(name.utf8))
                }
            }
        }
        self.instanceAddresses = instanceAddresses
        self.table = table
        let isDigit = { (byte: UInt8) in byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        readsDigitsAlike = phases.isEmpty && instanceAddresses.isEmpty
            && !names.contains { $0.swift.contains(where: isDigit) || $0.objc.contains(where: isDigit) }
            && !table.entries.contains { $0.key.contains(where: isDigit) }
        var words = WordCandidates()
        for entry in table.entries { words.add(entry.key) }
        if !instanceAddresses.isEmpty { words.add(Array("0x".utf8)) }
        self.words = words
    }

    /// For each name, the parts of its Objective-C selector that name it alone: compound words
    /// (with a capital letter) of a selector of two parts or more, which no other callback
    /// (another Swift selector) has as a part, a label or a base name, in any letter case.
    static func distinctiveParts(_ names: [LogVocabulary.Name]) -> [[String]] {
        var owners: [String: Set<String>] = [:]
        for name in names {
            let selector = name.callback.selector
            var words = name.objcSelector.split(separator: ":").map(String.init)
            words.append(String(name.callback.baseName))
            if let open = selector.firstIndex(of: "(") {
                words += selector[selector.index(after: open)...].split(whereSeparator: { $0 == ":" || $0 == ")" }).map(String.init)
            }
            for word in words { owners[word.lowercased(), default: []].insert(selector) }
        }
        return names.map { name in
            let parts = name.objcSelector.split(separator: ":").map(String.init)
            guard parts.count >= 2 else { return [] }
            return parts.filter { part in
                part.utf8.contains { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }
                    && owners[part.lowercased()] == [name.callback.selector]
            }
        }
    }

    /// Whether `text` is one word of a log line (`LogWords`): what `--instance` may name an
    /// instance by.
    public static func isWord(_ text: String) -> Bool { LogWords.isWord(text) }

    // MARK: - Reading a line

    /// Reusable space for `read(_:scratch:)`, so that reading allocates nothing per line.
    public struct Scratch {
        var candidates: [Int] = []
        var unchecked: [Int] = []
        var exact: [Bool] = []
        var text: [UInt8] = []
        var offsets: [Int] = []
        /// The readings of the last lines' tails (`LineTailMemo`).
        var memo = LineTailMemo()
        public init() {}
    }

    /// What one line (its bytes without the line end) names. `plain`: the line is known to
    /// hold no ESC nor 0xC2 byte (`LogLine.plain`), so no terminal escape is looked for.
    public func read(_ line: UnsafeBufferPointer<UInt8>, scratch: inout Scratch, plain: Bool = false) -> Reading {
        guard !plain && TerminalEscapes.present(in: line) else {
            return readPlain(line, candidates: &scratch.candidates, unchecked: &scratch.unchecked, exact: &scratch.exact, memo: &scratch.memo)
        }
        // Read the text a terminal shows, then put ranges back on the line's bytes.
        TerminalEscapes.strip(line, into: &scratch.text, offsets: &scratch.offsets)
        // The buffers are moved out and back, not copied (a copy would allocate on the next write).
        var candidates: [Int] = [], unchecked: [Int] = [], exact: [Bool] = [], memo = LineTailMemo()
        swap(&candidates, &scratch.candidates)
        swap(&unchecked, &scratch.unchecked)
        swap(&exact, &scratch.exact)
        swap(&memo, &scratch.memo)
        let reading = scratch.text.withUnsafeBufferPointer {
            readPlain($0, candidates: &candidates, unchecked: &unchecked, exact: &exact, memo: &memo)
        }
        swap(&candidates, &scratch.candidates)
        swap(&unchecked, &scratch.unchecked)
        swap(&exact, &scratch.exact)
        swap(&memo, &scratch.memo)
        let offsets = scratch.offsets
        func back(_ range: Range<Int>) -> Range<Int> {
            offsets[range.lowerBound]..<(range.isEmpty ? offsets[range.lowerBound] : offsets[range.upperBound - 1] + 1)
        }
        switch reading {
        case .callback(let callback, let range): return .callback(callback, range: back(range))
        case .unmatched(let callback, let range): return .unmatched(callback, range: back(range))
        case .ambiguous(let callbacks, let range): return .ambiguous(callbacks, range: back(range))
        case .unchecked(let key, let range): return .unchecked(key: key, range: back(range))
        case .phase(let exact, let sameNew, let old, let new, let machine, let range):
            return .phase(exact: exact, sameNew: sameNew, old: old, new: new, machine: machine, range: back(range))
        case .ambiguousPhase(let range): return .ambiguousPhase(range: back(range))
        case .other: return reading
        }
    }

    /// What `bytes` (a line without escapes) names. Without scene phases, the reading of the
    /// line's tail from its first word that may be a key is kept in `memo`, and a line with the
    /// same tail is not read again (`LineTailMemo`); `usesMemo` false reads every line in full.
    func readPlain(_ bytes: UnsafeBufferPointer<UInt8>, candidates: inout [Int], unchecked: inout [Int], exact: inout [Bool],
                   memo: inout LineTailMemo, usesMemo: Bool = true) -> Reading {
        var scan = words.scan(bytes)
        let first = scan.next()
        guard phases.isEmpty, usesMemo else {
            return readWords(bytes, scan: &scan, first: first, candidates: &candidates, unchecked: &unchecked, exact: &exact)
        }
        // Without phases a line with no word that may be a key names nothing.
        guard let first else { return .other }
        let start = first.lowerBound
        let tail = UnsafeBufferPointer(rebasing: bytes[start...])
        if let known = memo.reading(of: tail, owner: ObjectIdentifier(identity)) { return known.shifted(by: start) }
        let reading = readWords(bytes, scan: &scan, first: first, candidates: &candidates, unchecked: &unchecked, exact: &exact)
        memo.keep(reading.shifted(by: -start), of: tail)
        return reading
    }

    /// What `bytes` names, read word by word: `first` is the first word `scan` handed out.
    private func readWords(_ bytes: UnsafeBufferPointer<UInt8>, scan: inout WordCandidates.Scan, first: Range<Int>?,
                           candidates: inout [Int], unchecked: inout [Int], exact: inout [Bool]) -> Reading {
        // (Emptied only when not empty: most lines leave them so, and emptying costs a call.)
        if !candidates.isEmpty { candidates.removeAll(keepingCapacity: true) }
        if !unchecked.isEmpty { unchecked.removeAll(keepingCapacity: true) }
        var nameRange = 0..<0, uncheckedRange = 0..<0
        var instance: Int? = nil, addressed: Int? = nil
        // Checked callbacks of the first word naming one (`candidates`), the unchecked ones of
        // that word or, failing that, of the first word naming one (`unchecked`). Only the
        // words that can be in the table, or an address, are looked at (`WordCandidates`).
        var foundChecked = false
        var next = first
        while let found = next {
            next = scan.next()
            let start = found.lowerBound, position = found.upperBound
            let byte = bytes[start]
            if !instanceAddresses.isEmpty, byte == UInt8(ascii: "0"), position - start > 2, bytes[start + 1] | 0x20 == UInt8(ascii: "x"),
               let address = ObjectKey.address(named: String(decoding: bytes[start..<position], as: UTF8.self)),
               let named = instanceAddresses[address] {
                // An address names its instance before any word does.
                addressed = named
                continue
            }
            guard let slot = table.find(bytes, start..<position) else { continue }
            let word = UnsafeBufferPointer(rebasing: bytes[start..<position])
            if instance == nil {
                for named in table.entries[slot].instances where WordTable.same(named.spelling, word) {
                    instance = named.id
                    break
                }
            }
            guard !foundChecked, !table.entries[slot].callbacks.isEmpty else { continue }
            let end = match(slot, bytes, start..<position, into: &candidates, exact: &exact)
            let firstUnchecked = candidates.firstIndex { $0 >= checkedCount } ?? candidates.count
            if firstUnchecked > 0 {
                foundChecked = true
                nameRange = start..<end
                uncheckedRange = nameRange
                unchecked.removeAll(keepingCapacity: true)
                if firstUnchecked < candidates.count {
                    unchecked.append(contentsOf: candidates[firstUnchecked...])
                    candidates.removeSubrange(firstUnchecked...)
                }
            } else {
                if unchecked.isEmpty {
                    unchecked.append(contentsOf: candidates)
                    uncheckedRange = start..<end
                }
                candidates.removeAll(keepingCapacity: true)
            }
        }
        if let addressed { instance = addressed }
        if !foundChecked, !phases.isEmpty, let line = PhaseLine.read(bytes) {
            switch line {
            case .change(let old, let new, let range):
                // The machine whose phases these are: the one the line names, or the only one with phases.
                var owner: Int?? = .none
                let owners = Set(phases.values.joined().map { names[$0].instance })
                if let instance, owners.contains(instance) {
                    owner = .some(instance)
                } else if owners.count == 1, let only = owners.first {
                    owner = .some(only)
                }
                guard case .some(let machine) = owner else {
                    return .unmatched(phases.values.joined().min() ?? 0, range: range)
                }
                func ids(_ change: PhaseChange) -> [Int] { (phases[change] ?? []).filter { names[$0].instance == machine } }
                let sameNew = phases.keys.filter { $0.new == new }.sorted { $0.old < $1.old }.flatMap(ids)
                let exact = old.map { ids(PhaseChange(old: $0, new: new)) } ?? sameNew
                return .phase(exact: exact, sameNew: sameNew, old: old, new: new, machine: machine, range: range)
            case .ambiguous(let range):
                return .ambiguousPhase(range: range)
            }
        }
        guard foundChecked else { return uncheckedReading(unchecked, instance: instance, range: uncheckedRange) }
        if !vocabulary.instances.isEmpty {
            // In a system the line must say whose callback it is, unless only one instance has it.
            if let instance {
                let first = candidates[0]
                candidates.removeAll { names[$0].instance != instance }
                if candidates.isEmpty {
                    // The instance named has no such callback, or no event calls it there.
                    if unchecked.contains(where: { names[$0].instance == instance }) {
                        return uncheckedReading(unchecked, instance: instance, range: uncheckedRange)
                    }
                    return .unmatched(first, range: nameRange)
                }
            } else if let first = candidates.first, candidates.contains(where: { names[$0].instance != names[first].instance }) {
                return .unmatched(first, range: nameRange)
            }
        }
        guard candidates.count == 1 else { return .ambiguous(candidates, range: nameRange) }
        return .callback(candidates[0], range: nameRange)
    }

    /// The reading of a line whose only names are unchecked callbacks (`ids`), or of none.
    private func uncheckedReading(_ ids: [Int], instance: Int?, range: Range<Int>) -> Reading {
        guard let first = ids.first else { return .other }
        if let instance, let own = ids.first(where: { names[$0].instance == instance }) {
            return .unchecked(key: names[own].key, range: range)
        }
        // Several instances' callbacks: named without an instance, unless they are one instance's.
        let key = names[first].key
        return .unchecked(key: ids.allSatisfy { names[$0].key == key } ? key : names[first].bareKey, range: range)
    }

    /// The names that the word at `word` in `bytes` starts (in `table`'s `slot`): appends them
    /// to `candidates` (cleared first), keeping only those spelled exactly as written when
    /// there are any. Returns where the name ends on the line.
    func match(_ slot: Int, _ bytes: UnsafeBufferPointer<UInt8>, _ word: Range<Int>, into candidates: inout [Int], exact: inout [Bool]) -> Int {
        if !candidates.isEmpty { candidates.removeAll(keepingCapacity: true) }
        if !exact.isEmpty { exact.removeAll(keepingCapacity: true) }
        let count = bytes.count
        let next: UInt8 = word.upperBound < count ? bytes[word.upperBound] : 0
        let written = UnsafeBufferPointer(rebasing: bytes[word])
        var end = word.upperBound
        func add(_ id: Int, exactly: Bool, to nameEnd: Int) {
            if let index = candidates.firstIndex(of: id) {
                exact[index] = exact[index] || exactly
            } else {
                candidates.append(id)
                exact.append(exactly)
            }
            end = max(end, nameEnd)
        }
        for entry in table.entries[slot].callbacks {
            let name = names[entry.id]
            let spelledAsWritten = WordTable.same(entry.spelling, written)
            switch entry.form {
            case .swiftBase:
                if next == UInt8(ascii: "(") {
                    switch selectorSuffix(bytes, from: word.upperBound, to: count) {
                    case .labels(let close):
                        // A full selector names exactly one method: keep the callbacks that are it.
                        if Self.same(name.swift, bytes, from: word.lowerBound, to: close + 1) { add(entry.id, exactly: true, to: close + 1) }
                    case .arguments(let close):
                        if name.knownByBaseName { add(entry.id, exactly: spelledAsWritten, to: close + 1) }
                    case .none:
                        if name.knownByBaseName { add(entry.id, exactly: spelledAsWritten, to: word.upperBound) }
                    }
                } else if name.knownByBaseName {
                    // `scene` in "scene shown" is not `scene(_:willConnectTo:options:)`, which needs its full name.
                    add(entry.id, exactly: spelledAsWritten, to: word.upperBound)
                }
            case .objcFirst:
                if next == UInt8(ascii: "(") {
                    // `viewWillAppear(_:)` is a Swift name: `.swiftBase` reads it.
                } else if name.objcParts <= 1 {
                    add(entry.id, exactly: spelledAsWritten, to: word.upperBound + (next == UInt8(ascii: ":") && name.objcParts == 1 ? 1 : 0))
                } else if next == UInt8(ascii: ":") {
                    let nameEnd = word.lowerBound + name.objc.count
                    let boundary = nameEnd >= count || (!LogWords.isWordCharacter(bytes, at: nameEnd) && bytes[nameEnd] != UInt8(ascii: ":"))
                    if boundary && Self.same(name.objc, bytes, from: word.lowerBound, to: nameEnd) { add(entry.id, exactly: true, to: nameEnd) }
                }
            case .distinctive:
                add(entry.id, exactly: spelledAsWritten, to: word.upperBound)
            }
        }
        // The exact spelling wins over other letter cases.
        if exact.contains(true) && exact.contains(false) {
            var kept = 0
            for index in candidates.indices where exact[index] {
                candidates[kept] = candidates[index]
                kept += 1
            }
            candidates.removeSubrange(kept...)
        }
        return end
    }

    /// Whether `bytes[from..<to]` is `folded` in any letter case.
    static func same(_ folded: [UInt8], _ bytes: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> Bool {
        guard to - from == folded.count, to <= bytes.count else { return false }
        var index = 0
        while index < folded.count {
            if WordTable.fold(bytes[from + index]) != folded[index] { return false }
            index += 1
        }
        return true
    }

    enum Suffix {
        /// `(_:willConnectTo:options:)`: labels and colons only; the index of `)`.
        case labels(close: Int)
        /// `(true)`, `()`: anything else up to the matching `)` on the line.
        case arguments(close: Int)
        case none
    }

    /// What follows a name's `(` (at `open`), looking no further than 256 bytes and the line.
    func selectorSuffix(_ bytes: UnsafeBufferPointer<UInt8>, from open: Int, to end: Int) -> Suffix {
        var position = open + 1
        var depth = 1
        var labelsOnly = true
        var sawColon = false
        let limit = min(end, open + 256)
        while position < limit {
            let byte = bytes[position]
            if byte == UInt8(ascii: "(") { depth += 1; labelsOnly = false }
            if byte == UInt8(ascii: ")") {
                depth -= 1
                if depth == 0 {
                    return labelsOnly && sawColon && bytes[position - 1] == UInt8(ascii: ":")
                        ? .labels(close: position) : .arguments(close: position)
                }
            }
            if byte == UInt8(ascii: ":") { sawColon = true } else if byte < 0x80 && !LogWords.isASCIIWordByte(byte) { labelsOnly = false }
            position += 1
        }
        return .none
    }

    // MARK: - Reading a whole log in memory

    /// A log in memory, read line by line: what tests and the library's own callers check.
    public struct Log: Sendable {
        public var file: SourceFile
        public var reader: LogReader

        /// The lines that name one checked callback, in order.
        public var entries: [Entry] {
            var entries: [Entry] = []
            reader.forEachLine(of: file) { reading, _, offset in
                if case .callback(let callback, let range) = reading {
                    entries.append(Entry(callback: callback, range: SourceRange(file: file.id, start: offset + range.lowerBound,
                                                                               end: offset + range.upperBound)))
                }
                return true
            }
            return entries
        }
    }

    /// A line that names a callback.
    public struct Entry: Sendable, Equatable {
        /// Index into the automaton's `callbacks`.
        public var callback: Int
        /// The callback's name on the line.
        public var range: SourceRange
    }

    /// The log in `file`, to check with `Conformance.check(_:against:strict:)`.
    public func read(_ file: SourceFile) -> Log { Log(file: file, reader: self) }

    /// Reads each line of `file` and calls `body` with its reading, number and offset, until it returns false.
    func forEachLine(of file: SourceFile, _ body: (Reading, _ line: Int, _ offset: Int) -> Bool) {
        var lines = LogLines()
        var scratch = Scratch()
        let handle = { (line: LogLine) -> Bool in
            body(self.read(line.bytes, scratch: &scratch, plain: line.plain), line.number, line.offset)
        }
        if lines.feed(file.bytes, handle) { _ = lines.finish(handle) }
    }
}

/// An open-addressing hash table from words (compared without letter case) to what they can
/// name. Lookups hash the line's bytes in place: no `String` is made for a word that means nothing.
struct WordTable: Sendable {
    /// Everything one folded word can name, with the exact spelling of each.
    struct Slot: Sendable {
        var key: [UInt8]
        var callbacks: [(id: Int, spelling: [UInt8], form: LogReader.Form)] = []
        var instances: [(id: Int, spelling: [UInt8])] = []
    }

    private(set) var entries: [Slot] = []
    /// Slot → index into entries + 1, or 0 for empty. A power of two, at most half full.
    private var slots: [Int32] = [Int32](repeating: 0, count: 16)
    /// Bit `n`: some key has `n` bytes (bit 63: 63 or more). Most words of a log line
    /// (timestamps, numbers, tags) are ruled out by their length or first byte before hashing.
    private var lengths: UInt64 = 0
    /// Bit `b % 64` of word `b / 64`: some key starts with the folded byte `b`.
    private var firstBytes: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

    /// Whether `word` is `spelling`, byte for byte.
    static func same(_ spelling: [UInt8], _ word: UnsafeBufferPointer<UInt8>) -> Bool {
        guard spelling.count == word.count else { return false }
        return spelling.withUnsafeBufferPointer { spelling in
            var index = 0
            while index < spelling.count {
                if spelling[index] != word[index] { return false }
                index += 1
            }
            return true
        }
    }

    static func fold(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
    }

    static func hash(_ bytes: some Sequence<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf29ce484222325
        for byte in bytes { hash = (hash ^ UInt64(fold(byte))) &* 0x100000001b3 }
        return hash
    }

    mutating func addCallback(_ id: Int, spelled word: [UInt8], form: LogReader.Form) {
        guard !word.isEmpty else { return }
        let index = entry(for: word)
        if !entries[index].callbacks.contains(where: { $0.id == id && $0.form == form && $0.spelling == word }) {
            entries[index].callbacks.append((id, word, form))
        }
    }

    mutating func addInstance(_ id: Int, spelled word: [UInt8]) {
        guard !word.isEmpty else { return }
        let index = entry(for: word)
        if !entries[index].instances.contains(where: { $0.id == id && $0.spelling == word }) {
            entries[index].instances.append((id, word))
        }
    }

    private mutating func entry(for word: [UInt8]) -> Int {
        let folded = word.map(Self.fold)
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: Self.hash(folded)) & mask
        while slots[slot] != 0 {
            let index = Int(slots[slot]) - 1
            if entries[index].key == folded { return index }
            slot = (slot + 1) & mask
        }
        if (entries.count + 1) * 2 > slots.count {
            slots = [Int32](repeating: 0, count: slots.count * 2)
            for index in entries.indices { insert(index) }
        }
        entries.append(Slot(key: folded))
        insert(entries.count - 1)
        lengths |= 1 << UInt64(min(folded.count, 63))
        let first = Int(folded[0])
        switch first >> 6 {
        case 0: firstBytes.0 |= 1 << UInt64(first & 63)
        case 1: firstBytes.1 |= 1 << UInt64(first & 63)
        case 2: firstBytes.2 |= 1 << UInt64(first & 63)
        default: firstBytes.3 |= 1 << UInt64(first & 63)
        }
        return entries.count - 1
    }

    /// Whether some key has this length and this first byte (folded).
    @inline(__always) private func mayHold(count: Int, first: UInt8) -> Bool {
        guard lengths >> UInt64(min(count, 63)) & 1 != 0 else { return false }
        let byte = Self.fold(first)
        let bits: UInt64
        switch byte >> 6 {
        case 0: bits = firstBytes.0
        case 1: bits = firstBytes.1
        case 2: bits = firstBytes.2
        default: bits = firstBytes.3
        }
        return bits >> UInt64(byte & 63) & 1 != 0
    }

    private mutating func insert(_ index: Int) {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: Self.hash(entries[index].key)) & mask
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        slots[slot] = Int32(index + 1)
    }

    /// The entry of the word at `range` (compared without letter case), or nil.
    func find(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int? {
        guard !range.isEmpty, mayHold(count: range.count, first: bytes[range.lowerBound]) else { return nil }
        let word = UnsafeBufferPointer(rebasing: bytes[range])
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: Self.hash(word)) & mask
        while slots[slot] != 0 {
            let index = Int(slots[slot]) - 1
            let key = entries[index].key
            if key.count == word.count && key.withUnsafeBufferPointer({ key in
                var same = true
                for offset in 0..<key.count where key[offset] != Self.fold(word[offset]) { same = false; break }
                return same
            }) { return index }
            slot = (slot + 1) & mask
        }
        return nil
    }
}
