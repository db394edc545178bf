import LifecycleSyntax

/// A line that reports a change of scene phase, read by its labels as apps print them:
/// `scenePhase: active` (the new phase), `.inactive -> .active` or `.active <- .inactive`
/// (an arrow points from the old phase to the new one), `from inactive to active`,
/// `old: active, new: inactive`, `was active, now inactive`.
///
/// A phase is one of the words `active`, `inactive`, `background` in any letter case, a word
/// of its own (`activeCount` is none). A line with one phase says it is a phase with a leading
/// `.` or the word `phase` (`scenePhase`, `Phase`) somewhere on it, so that "background refresh"
/// is not a phase; it names the new phase, unless a label makes it the old one. A line with two
/// phases says which is which by an arrow between them or a label right before one
/// (`old`, `from`, `previous`, `was`, `oldPhase`, `oldValue`; `new`, `to`, `now`, `current`,
/// `newPhase`, `newValue`); one known role gives the other. A line whose phases cannot be read
/// one way only — two phases and nothing to tell the old one, labels and arrows that disagree,
/// a lone old phase, more than two phases — is ambiguous: `conform` reports it rather than guess.
enum PhaseLine: Equatable {
    /// A change into `new`, from `old` when the line says.
    case change(old: ScenePhase?, new: ScenePhase, range: Range<Int>)
    /// Phases the line names without saying which is the new one, from the first to the last.
    case ambiguous(range: Range<Int>)

    /// What a phase is to the line.
    enum Role: Equatable { case old, new }

    /// The most phases read on one line (one more than a change names, to see that it is ambiguous).
    static let phasesRead = 3

    /// Reads `bytes`: nil when the line reports no phase.
    static func read(_ bytes: UnsafeBufferPointer<UInt8>) -> PhaseLine? {
        var phases: [(phase: ScenePhase, range: Range<Int>, role: Role?)] = []
        var mentionsPhase = false
        // The last label word and where it ended: it labels a phase that follows it closely.
        var label: (role: Role, end: Int)?
        var position = 0
        while phases.count < phasesRead, let word = LogWords.next(in: bytes, from: position) {
            position = word.upperBound
            if let role = labelRole(bytes, word) {
                label = (role, word.upperBound)
                if endsWith(bytes, word, "phase") { mentionsPhase = true }
                continue
            }
            if word.count >= 5, endsWith(bytes, word, "phase") {
                mentionsPhase = true
                continue
            }
            guard word.count >= 6 && word.count <= 10,
                  let phase = ScenePhase.allCases.first(where: { equals(bytes, word, $0.rawValue) }) else { continue }
            let dotted = word.lowerBound > 0 && bytes[word.lowerBound - 1] == UInt8(ascii: ".")
            if dotted { mentionsPhase = true }
            var role: Role?
            if let label, labelGap(bytes, label.end..<word.lowerBound) { role = label.role }
            label = nil
            phases.append((phase, (dotted ? word.lowerBound - 1 : word.lowerBound)..<word.upperBound, role))
        }
        guard let first = phases.first, let last = phases.last else { return nil }
        let range = first.range.lowerBound..<last.range.upperBound
        // Arrows between neighbours give both their roles.
        var roles = phases.map(\.role)
        var arrows = false
        var conflict = false
        func assign(_ index: Int, _ role: Role) {
            if let known = roles[index], known != role { conflict = true }
            roles[index] = role
        }
        for index in phases.indices.dropLast() {
            let gap = phases[index].range.upperBound..<phases[index + 1].range.lowerBound
            switch arrow(bytes, gap) {
            case .old?: arrows = true; assign(index, .old); assign(index + 1, .new)
            case .new?: arrows = true; assign(index, .new); assign(index + 1, .old)
            case nil: break
            }
        }
        let labelled = phases.contains { $0.role != nil }
        guard mentionsPhase || labelled || arrows else { return nil }
        if conflict || phases.count > 2 { return .ambiguous(range: range) }
        if phases.count == 1 {
            guard roles[0] != .old else { return .ambiguous(range: range) }
            return .change(old: nil, new: first.phase, range: range)
        }
        // Two phases: one known role gives the other.
        switch (roles[0], roles[1]) {
        case (.old?, .new?), (.old?, nil), (nil, .new?): return .change(old: first.phase, new: last.phase, range: range)
        case (.new?, .old?), (.new?, nil), (nil, .old?): return .change(old: last.phase, new: first.phase, range: range)
        default: return .ambiguous(range: range)
        }
    }

    /// The role a label word gives the phase right after it, or nil for another word.
    static func labelRole(_ bytes: UnsafeBufferPointer<UInt8>, _ word: Range<Int>) -> Role? {
        guard word.count >= 2 && word.count <= 8 else { return nil }
        if oldLabels.contains(where: { equals(bytes, word, $0) }) { return .old }
        if newLabels.contains(where: { equals(bytes, word, $0) }) { return .new }
        return nil
    }

    static let oldLabels = ["old", "from", "previous", "prev", "was", "oldphase", "oldvalue"]
    static let newLabels = ["new", "to", "now", "current", "newphase", "newvalue"]

    /// Whether a label and the phase after it are close: a few ASCII marks (`: .`, ` = `), no arrow.
    static func labelGap(_ bytes: UnsafeBufferPointer<UInt8>, _ gap: Range<Int>) -> Bool {
        guard gap.count <= 6 else { return false }
        for index in gap {
            let byte = bytes[index]
            guard byte < 0x80, byte != UInt8(ascii: "-"), byte != UInt8(ascii: "<"), byte != UInt8(ascii: ">") else { return false }
        }
        return true
    }

    /// The role of the phase before `gap` given by an arrow in it: `.old` when it points to the
    /// phase after (`->`, `=>`, `→`, `⇒`, `⟶`), `.new` when it points back (`<-`, `←`, `⇐`, `⟵`);
    /// nil when there is none (or both).
    static func arrow(_ bytes: UnsafeBufferPointer<UInt8>, _ gap: Range<Int>) -> Role? {
        guard gap.count <= 16 else { return nil }
        var forward = false, backward = false
        for index in gap {
            let byte = bytes[index]
            if byte == UInt8(ascii: ">"), index > gap.lowerBound, bytes[index - 1] == UInt8(ascii: "-") || bytes[index - 1] == UInt8(ascii: "=") {
                forward = true
            }
            if byte == UInt8(ascii: "<"), index + 1 < gap.upperBound, bytes[index + 1] == UInt8(ascii: "-") { backward = true }
            if byte == 0xE2, index + 2 < gap.upperBound {
                // U+2192 →, U+21D2 ⇒, U+27F6 ⟶; U+2190 ←, U+21D0 ⇐, U+27F5 ⟵.
                switch (bytes[index + 1], bytes[index + 2]) {
                case (0x86, 0x92), (0x87, 0x92), (0x9F, 0xB6): forward = true
                case (0x86, 0x90), (0x87, 0x90), (0x9F, 0xB5): backward = true
                default: break
                }
            }
        }
        return forward == backward ? nil : (forward ? .old : .new)
    }

    /// Whether `bytes[range]` is `word` (lower case ASCII) in any letter case.
    static func equals(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ word: String) -> Bool {
        range.count == word.utf8.count && zip(range, word.utf8).allSatisfy { (bytes[$0] | 0x20) == $1 }
    }

    /// Whether `bytes[range]` ends with `word` in any letter case.
    static func endsWith(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ word: String) -> Bool {
        let length = word.utf8.count
        guard range.count >= length else { return false }
        return equals(bytes, (range.upperBound - length)..<range.upperBound, word)
    }
}
