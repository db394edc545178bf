/// Reads a console log as people paste it: one callback per line, anything else on the line
/// ignored.
///
/// A line names a callback when one of its words (a run of letters, digits, `_` and non-ASCII
/// bytes) is a callback's base name, written bare (`viewWillAppear`), with an argument list
/// (`viewWillAppear(true)`, `viewDidLoad()`) or as its full selector
/// (`scene(_:willConnectTo:options:)`, what `#function` prints). So Xcode's and `os_log`'s
/// timestamps and process prefixes, `[SceneDelegate]` tags and `print` text around the name
/// are ignored. A base name matches in any letter case when no callback has it in exactly the
/// line's case (`viewDidload` is `viewDidLoad()`). A selector naming a method the automaton
/// does not call (`scene(_:openURLContexts:)`) does not match its base name. The first word
/// that names a callback wins. In a system, the line also names the instance by one of its
/// names (`1st viewWillAppear`), anywhere on the line.
///
/// Lines that name no callback are skipped and counted; a line whose name fits several
/// callbacks is an error (`ambiguousLogLine`, the first `ambiguityLimit` of them). One pass over the bytes, no allocation per line
/// (words are looked up in an open-addressing table of lowercased names).
public struct LogReader: Sendable {
    /// How many ambiguous lines a log reports at most (the others are skipped silently):
    /// a log of a million such lines must not hold a million messages.
    public static let ambiguityLimit = 100

    /// A line that names a callback.
    public struct Entry: Sendable, Equatable {
        /// Index into the automaton's `callbacks`.
        public var callback: Int
        /// The callback's name on the line.
        public var range: SourceRange
    }

    public struct Log: Sendable {
        public var entries: [Entry]
        /// Lines that named no callback (blank lines included).
        public var skippedLines: Int
        public var lineCount: Int
        /// Lines whose name fits several callbacks.
        public var diagnostics: Diagnostics
    }

    let callbacks: [LoggedCallback]
    let instanceCount: Int
    let table: WordTable
    /// Each callback's selector in lower case, as bytes.
    let foldedSelectors: [[UInt8]]

    public init<A: LifecycleAutomaton>(_ automaton: A) {
        self.init(callbacks: automaton.callbacks, instances: automaton.instances)
    }

    public init(callbacks: [LoggedCallback], instances: [LoggedInstance]) {
        self.callbacks = callbacks
        foldedSelectors = callbacks.map { Array($0.selector.utf8).map(WordTable.fold) }
        instanceCount = instances.count
        var table = WordTable()
        for (index, callback) in callbacks.enumerated() {
            table.addCallback(index, spelled: Array(callback.baseName.utf8))
        }
        for (index, instance) in instances.enumerated() {
            for name in instance.names { table.addInstance(index, spelled: Array(name.utf8)) }
        }
        self.table = table
    }

    /// Reads every line of `file`.
    public func read(_ file: SourceFile) -> Log {
        var log = Log(entries: [], skippedLines: 0, lineCount: 0, diagnostics: Diagnostics())
        let bytes = file.bytes
        let count = bytes.count
        var lineStart = 0
        var scratch: [Int] = []
        scratch.reserveCapacity(8)
        while lineStart < count {
            var lineEnd = lineStart
            while lineEnd < count && bytes[lineEnd] != 0x0A { lineEnd += 1 }
            log.lineCount += 1
            if let entry = readLine(bytes, lineStart..<lineEnd, file: file, candidates: &scratch, diagnostics: &log.diagnostics) {
                log.entries.append(entry)
            } else {
                log.skippedLines += 1
            }
            lineStart = lineEnd + 1
        }
        return log
    }

    /// The callback one line names, or nil. `candidates` is scratch space.
    func readLine(_ bytes: UnsafeBufferPointer<UInt8>, _ line: Range<Int>, file: SourceFile,
                  candidates: inout [Int], diagnostics: inout Diagnostics) -> Entry? {
        candidates.removeAll(keepingCapacity: true)
        var nameRange = 0..<0
        var instance: Int? = nil
        var position = line.lowerBound
        while position < line.upperBound {
            guard WordTable.isWordByte(bytes[position]) else {
                position += 1
                continue
            }
            let start = position
            while position < line.upperBound && WordTable.isWordByte(bytes[position]) { position += 1 }
            guard let slot = table.find(bytes, start..<position) else { continue }
            let word = UnsafeBufferPointer(rebasing: bytes[start..<position])
            if instance == nil {
                for named in table.entries[slot].instances where named.spelling.elementsEqual(word) {
                    instance = named.id
                    break
                }
            }
            guard candidates.isEmpty, !table.entries[slot].callbacks.isEmpty else { continue }
            var end = position
            var selectorEnd: Int? = nil
            if position < line.upperBound && bytes[position] == UInt8(ascii: "(") {
                switch selectorSuffix(bytes, from: position, to: line.upperBound) {
                case .labels(let close):
                    selectorEnd = close
                    end = close + 1
                case .arguments(let close):
                    end = close + 1
                case .none:
                    break
                }
            }
            if let close = selectorEnd {
                // A full selector names exactly one method: keep the callbacks that are it.
                let written = UnsafeBufferPointer(rebasing: bytes[start...close])
                for callback in table.entries[slot].callbacks where foldedSelectors[callback.id].elementsEqual(written.lazy.map(WordTable.fold)) {
                    if !candidates.contains(callback.id) { candidates.append(callback.id) }
                }
            } else {
                // A base name alone identifies a callback of at most one argument: `scene` in
                // "scene shown" is not `scene(_:willConnectTo:options:)`, which needs its full
                // name. The exact spelling wins over other letter cases.
                for callback in table.entries[slot].callbacks where callbacks[callback.id].knownByBaseName && callback.spelling.elementsEqual(word) {
                    candidates.append(callback.id)
                }
                if candidates.isEmpty {
                    for callback in table.entries[slot].callbacks where callbacks[callback.id].knownByBaseName {
                        candidates.append(callback.id)
                    }
                }
            }
            if !candidates.isEmpty { nameRange = start..<end }
        }
        guard !candidates.isEmpty else { return nil }
        if instanceCount > 0 {
            // In a system the line must say whose callback it is, unless only one instance has it.
            if let instance { candidates = candidates.filter { callbacks[$0].instance == instance } }
            let owners = candidates.compactMap { callbacks[$0].instance }
            if instance == nil, let first = owners.first, owners.contains(where: { $0 != first }) {
                // Several instances have this callback and the line names none: not a line about them.
                return nil
            }
        }
        let range = SourceRange(file: file.id, start: nameRange.lowerBound, end: nameRange.upperBound)
        guard candidates.count == 1 else {
            // Every ambiguous line is an error; the first `ambiguityLimit` are described.
            if candidates.count > 1 && diagnostics.errorCount < Self.ambiguityLimit {
                let written = file.text(range)
                diagnostics.append(.ambiguousLogLine(written, candidates: candidates.map { callbacks[$0].selector }, at: range))
            }
            return nil
        }
        return Entry(callback: candidates[0], range: range)
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
            if byte == UInt8(ascii: ":") { sawColon = true } else if !WordTable.isWordByte(byte) { labelsOnly = false }
            position += 1
        }
        return .none
    }
}

/// An open-addressing hash table from words (compared without letter case) to what they can
/// name. Lookups hash the line's bytes in place: no `String` is made for a word that means nothing.
struct WordTable: Sendable {
    /// Everything one folded word can name, with the exact spelling of each.
    struct Slot: Sendable {
        var key: [UInt8]
        var callbacks: [(id: Int, spelling: [UInt8])] = []
        var instances: [(id: Int, spelling: [UInt8])] = []
    }

    private(set) var entries: [Slot] = []
    /// Slot → index into entries + 1, or 0 for empty. A power of two, at most half full.
    private var slots: [Int32] = [Int32](repeating: 0, count: 16)

    static func isWordByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), 0x80...0xFF: true
        default: false
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

    mutating func addCallback(_ id: Int, spelled word: [UInt8]) {
        let index = entry(for: word)
        entries[index].callbacks.append((id, word))
    }

    mutating func addInstance(_ id: Int, spelled word: [UInt8]) {
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
        return entries.count - 1
    }

    private mutating func insert(_ index: Int) {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: Self.hash(entries[index].key)) & mask
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        slots[slot] = Int32(index + 1)
    }

    /// The entry of the word at `range` (compared without letter case), or nil.
    func find(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int? {
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
