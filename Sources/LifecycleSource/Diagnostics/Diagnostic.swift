/// How serious a diagnostic is.
public enum Severity: String, Sendable, Comparable, Codable {
    case note, warning, error

    public static func < (a: Severity, b: Severity) -> Bool {
        a.rank < b.rank
    }

    private var rank: Int {
        switch self {
        case .note: 0
        case .warning: 1
        case .error: 2
        }
    }
}

/// A problem found in the input, kept as data until the command line prints it.
///
/// Made only through the factories in `DiagnosticMessages.swift`, so that every message is
/// worded in one place and carries a stable `id` (the factory's name) that tests and editors
/// can rely on.
public struct Diagnostic: Sendable, Equatable {
    public var severity: Severity
    /// Stable identifier, e.g. `unknownState`.
    public var id: String
    /// One lowercase phrase with no final period, on one line (see `oneLine(_:)`).
    public var message: String
    public var range: SourceRange
    public var notes: [Note]
    public var fixIt: FixIt?

    public init(_ severity: Severity, id: String, _ message: String, at range: SourceRange,
                notes: [Note] = [], fixIt: FixIt? = nil) {
        self.severity = severity
        self.id = id
        self.message = Diagnostic.oneLine(message)
        self.range = range
        self.notes = notes
        self.fixIt = fixIt
    }

    /// A related place: "'Foreground' declared here", "to match this '{'".
    public struct Note: Sendable, Equatable {
        public var message: String
        /// Nil for a note that points nowhere in a spec (e.g. one naming a Swift file).
        public var range: SourceRange?

        public init(_ message: String, at range: SourceRange?) {
            self.message = Diagnostic.oneLine(message)
            self.range = range
        }
    }

    /// The single obvious edit that fixes the problem.
    public struct FixIt: Sendable, Equatable {
        public var range: SourceRange
        public var replacement: String

        public init(replace range: SourceRange, with replacement: String) {
            self.range = range
            self.replacement = replacement
        }
    }

    /// `text` with line breaks, tabs and the other hidden characters (`VisibleText`: controls,
    /// bidirectional controls) written as Swift escapes.
    ///
    /// Messages quote user text: an import path is a string literal and may hold `\n`, and an
    /// identifier may hold any non-ASCII scalar, U+2028 and U+202E included. A message must stay
    /// on its `path:line:col: error: message` line, which editors and Xcode read line by line,
    /// and must not reorder or restyle the terminal it is printed on.
    public static func oneLine(_ text: String) -> String {
        func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
            scalar == "\t" || VisibleText.isHidden(scalar)
        }
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            guard needsEscape(scalar) else {
                result.append(scalar)
                continue
            }
            switch scalar {
            case "\n": result.append(contentsOf: #"\n"#.unicodeScalars)
            case "\r": result.append(contentsOf: #"\r"#.unicodeScalars)
            case "\t": result.append(contentsOf: #"\t"#.unicodeScalars)
            case "\0": result.append(contentsOf: #"\0"#.unicodeScalars)
            default: result.append(contentsOf: VisibleText.escape(scalar).unicodeScalars)
            }
        }
        return String(result)
    }

    /// A file's path as every message prints it: bytes that are not UTF-8 as `\xFF`
    /// (`FileName.display`) and hidden characters (ESC, line breaks, bidirectional controls)
    /// escaped (`oneLine`), so that no file name can forge a message line or restyle the
    /// terminal.
    public static func printablePath(_ path: String) -> String {
        oneLine(FileName.display(path))
    }

    /// Adds a note; returns the diagnostic for chaining.
    public func note(_ message: String, at range: SourceRange?) -> Diagnostic {
        var copy = self
        copy.notes.append(Note(message, at: range))
        return copy
    }
}

extension Diagnostic {
    /// A diagnostic as the error of a `Result` (an edit that cannot be made safely).
    public struct Failure: Error, Sendable {
        public var diagnostic: Diagnostic

        public init(_ diagnostic: Diagnostic) {
            self.diagnostic = diagnostic
        }
    }
}

/// An ordered collection of diagnostics with counts by severity.
///
/// With a `limit`, only the first `limit` diagnostics in printing order (file, then offset,
/// then the order they were found) are kept; the others are only counted, in
/// `notKeptErrors` and `notKeptWarnings`. A file of ten million stray characters then costs
/// the memory of fifty diagnostics, not of ten million. The buffer grows to twice the limit
/// (at least 1,024) and is then sorted and cut back, so keeping costs O(log limit) a
/// diagnostic. Merging two limited collections keeps the right ones: the first `limit` of a
/// union are among the first `limit` of each part.
public struct Diagnostics: Sendable {
    public private(set) var all: [Diagnostic] = []
    public private(set) var errorCount = 0
    public private(set) var warningCount = 0
    /// How many diagnostics to keep; 0 keeps all.
    public let limit: Int
    /// Errors and warnings counted but not kept because of `limit`.
    public private(set) var notKeptErrors = 0
    public private(set) var notKeptWarnings = 0
    /// The order each kept diagnostic was found in, parallel to `all` (ties in `sorted()`).
    private var sequence: [Int] = []
    private var nextSequence = 0
    /// After a cut-back, the position of the last diagnostic kept: one found later at or past
    /// it can never be among the first `limit`, so it is counted without being stored.
    private var cutOff: (file: FileID, start: UInt32)?

    /// Whether every warning is collected as an error (`--warnings-as-errors`): the one place
    /// that setting is applied, to whatever stage reported the warning.
    public let warningsAsErrors: Bool

    /// What each named group of warnings is set to (`--warn GROUP=off|error`,
    /// `lifecycle.json`'s `warnings`): applied as each diagnostic is collected, like
    /// `warningsAsErrors` (which a group set to `warning` is exempt from).
    public let groupLevels: [String: DiagnosticGroups.Level]

    public init(limit: Int = 0, warningsAsErrors: Bool = false, groupLevels: [String: DiagnosticGroups.Level] = [:]) {
        self.limit = max(0, limit)
        self.warningsAsErrors = warningsAsErrors
        self.groupLevels = groupLevels
    }

    /// Removes the kept diagnostics `predicate` picks (a `// lifecycle: ignore` comment's),
    /// uncounting them.
    public mutating func remove(where predicate: (Diagnostic) -> Bool) {
        var keptAll: [Diagnostic] = [], keptSequence: [Int] = []
        for (index, diagnostic) in all.enumerated() {
            if predicate(diagnostic) {
                switch diagnostic.severity {
                case .error: errorCount -= 1
                case .warning: warningCount -= 1
                case .note: break
                }
            } else {
                keptAll.append(diagnostic)
                keptSequence.append(sequence[index])
            }
        }
        all = keptAll
        sequence = keptSequence
    }

    /// The most diagnostics the command line keeps, and so prints, in any mode: what
    /// `--error-limit 0` ("all") and `--format json` (every diagnostic, for editors) mean.
    /// The rest are counted. Without it those modes kept every diagnostic, about 300 bytes
    /// each: `'@ ' * 5,000,000` (10 MB) took 3 GB. With it they hold at most twice this many.
    public static let maximumKept = 10_000

    public mutating func append(_ diagnostic: Diagnostic) {
        var diagnostic = diagnostic
        var level: DiagnosticGroups.Level?
        if !groupLevels.isEmpty, let group = diagnostic.group { level = groupLevels[group] }
        if level == .off { return }
        if (warningsAsErrors && level != .warning || level == .error) && diagnostic.severity == .warning { diagnostic.severity = .error }
        switch diagnostic.severity {
        case .error: errorCount += 1
        case .warning: warningCount += 1
        case .note: break
        }
        if let cutOff, (diagnostic.range.file, diagnostic.range.start) >= cutOff {
            switch diagnostic.severity {
            case .error: notKeptErrors += 1
            case .warning: notKeptWarnings += 1
            case .note: break
            }
            return
        }
        all.append(diagnostic)
        sequence.append(nextSequence)
        nextSequence += 1
        if limit > 0 && all.count >= max(2 * limit, 1_024) { cutBack() }
    }

    public mutating func append(contentsOf other: Diagnostics) {
        for index in other.all.indices.sorted(by: { other.sequence[$0] < other.sequence[$1] }) {
            append(other.all[index])
        }
        // What `other` only counted was past its first `limit`, so past ours too.
        let (errors, warnings) = warningsAsErrors ? (other.notKept, 0) : (other.notKeptErrors, other.notKeptWarnings)
        notKeptErrors += errors
        notKeptWarnings += warnings
        errorCount += errors
        warningCount += warnings
    }

    /// Sorts the kept diagnostics and counts all but the first `limit`.
    private mutating func cutBack() {
        let order = sortedIndices()
        for index in order.dropFirst(limit) {
            switch all[index].severity {
            case .error: notKeptErrors += 1
            case .warning: notKeptWarnings += 1
            case .note: break
            }
        }
        let kept = order.prefix(limit)
        all = kept.map { all[$0] }
        sequence = kept.map { sequence[$0] }
        if let last = all.last { cutOff = (last.range.file, last.range.start) }
    }

    public var hasErrors: Bool { errorCount > 0 }
    public var isEmpty: Bool { all.isEmpty && notKept == 0 }
    /// How many diagnostics were counted but not kept.
    public var notKept: Int { notKeptErrors + notKeptWarnings }

    /// The kept diagnostics sorted by file, then offset (stable for equal positions). With a
    /// `limit`, the first `limit` of them are the first `limit` of all that were found.
    public func sorted() -> [Diagnostic] {
        sortedIndices().map { all[$0] }
    }

    private func sortedIndices() -> [Int] {
        all.indices.sorted { a, b in
            let l = all[a].range, r = all[b].range
            if l.file != r.file { return l.file < r.file }
            if l.start != r.start { return l.start < r.start }
            return sequence[a] < sequence[b]
        }
    }
}
