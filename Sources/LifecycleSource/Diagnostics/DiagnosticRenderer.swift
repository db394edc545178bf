/// Prints diagnostics the way the Swift compiler does, for terminals, Xcode and CI logs.
///
/// ```
/// Scene.lifecycle:12:19: error: unknown state 'Foregrund'; did you mean 'Foreground'?
///    12 |     Unattached -> Foregrund on connect
///       |                   ^~~~~~~~~
/// Scene.lifecycle:7:11: note: 'Foreground' declared here
///     7 |     state Foreground "On screen." {
///       |           ^~~~~~~~~~
/// ```
///
/// The first line of each block is the `path:line:col: severity: message` form that Xcode and
/// editors parse; each note gets a line of its own so Xcode attaches it to the diagnostic
/// before it. Columns count characters; the caret is placed by terminal cells, so it lines up
/// under Korean text. Very long lines are shown as a window around the caret.
public struct DiagnosticRenderer {
    public var colors: Bool
    /// How many diagnostics to print before one summary line; 0 prints all.
    public var limit: Int

    let files: SourceFiles
    private let tables = LineTableCache()

    public init(files: SourceFiles, colors: Bool = false, limit: Int = 50) {
        self.files = files
        self.colors = colors
        self.limit = limit
    }

    /// Renders the diagnostics sorted by position, capped at `limit`, ending with a newline
    /// (or empty).
    public func render(_ diagnostics: Diagnostics) -> String {
        let sorted = diagnostics.sorted()
        var output = ""
        let shown = limit > 0 ? min(limit, sorted.count) : sorted.count
        for diagnostic in sorted.prefix(shown) {
            render(diagnostic, into: &output)
        }
        if shown < sorted.count || diagnostics.notKept > 0 {
            let rest = sorted[shown...]
            let errors = rest.filter { $0.severity == .error }.count + diagnostics.notKeptErrors
            let warnings = rest.count - rest.filter { $0.severity == .error }.count + diagnostics.notKeptWarnings
            var parts: [String] = []
            if errors > 0 { parts.append(Self.count(errors, "error")) }
            if warnings > 0 { parts.append(Self.count(warnings, "warning")) }
            // Past `Diagnostics.maximumKept` even `--error-limit 0` shows no more: say so.
            let atCeiling = diagnostics.limit == Diagnostics.maximumKept && (limit == 0 || limit >= diagnostics.limit)
            output += paint("note: ", .note) + "\(parts.joined(separator: " and ")) not shown; "
                + (atCeiling ? "at most \(Diagnostics.maximumKept) diagnostics are shown\n"
                   : "use '--error-limit 0' to show every diagnostic\n")
        }
        return output
    }

    static func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }

    /// Renders one diagnostic and its notes. A note at the place the line before it shows
    /// (the diagnostic's, or the previous note's) repeats no excerpt.
    public func render(_ diagnostic: Diagnostic, into output: inout String) {
        // A warning's group after its message, as Swift 6 writes diagnostic groups.
        let message = diagnostic.group.map { diagnostic.message + " [\($0)]" } ?? diagnostic.message
        header(diagnostic.severity, message, at: diagnostic.range, into: &output)
        excerpt(diagnostic.range, severity: diagnostic.severity, into: &output)
        var shown = diagnostic.range
        for note in diagnostic.notes {
            header(.note, note.message, at: note.range ?? diagnostic.range, into: &output)
            if let range = note.range, range != shown {
                excerpt(range, severity: .note, into: &output)
                shown = range
            }
        }
    }

    /// `path:line:col: severity: message`
    func header(_ severity: Severity, _ message: String, at range: SourceRange, into output: inout String) {
        let position = tables.position(of: range.startOffset, in: files[range.file])
        output += paint("\(Diagnostic.printablePath(files[range.file].path)):\(position.line):\(position.column): ", .location)
        output += paint("\(severity.rawValue): ", Style(severity)) + paint(message, .message) + "\n"
    }

    /// The source line with a gutter, and a caret line under the range.
    func excerpt(_ range: SourceRange, severity: Severity, into output: inout String) {
        let file = files[range.file]
        let table = tables.table(for: file)
        let line = table.line(of: min(range.startOffset, file.count))
        let bytes = file.bytes
        let lineRange = table.range(ofLine: line, in: bytes)
        let caret = min(max(range.startOffset, lineRange.lowerBound), lineRange.upperBound)
        let underlineEnd = min(max(range.endOffset, caret), lineRange.upperBound)

        // A window of the line around the caret, cut at character boundaries.
        var windowStart = lineRange.lowerBound
        var windowEnd = lineRange.upperBound
        let before = 160, after = 240
        if caret - windowStart > before {
            windowStart = caret - before
            while windowStart < caret && bytes[windowStart] & 0xC0 == 0x80 { windowStart += 1 }
        }
        if windowEnd - caret > after {
            windowEnd = caret + after
            while windowEnd > caret && windowEnd < bytes.count && bytes[windowEnd] & 0xC0 == 0x80 { windowEnd -= 1 }
        }
        let prefix = String(decoding: bytes[windowStart..<caret], as: UTF8.self)
        let underlined = String(decoding: bytes[caret..<min(underlineEnd, windowEnd)], as: UTF8.self)
        let suffix = String(decoding: bytes[min(underlineEnd, windowEnd)..<windowEnd], as: UTF8.self)
        let leading = windowStart > lineRange.lowerBound ? "…" : ""
        let trailing = windowEnd < lineRange.upperBound ? "…" : ""

        let number = String(line + file.firstLine - 1)
        let gutter = String(repeating: " ", count: max(0, 5 - number.count))
        output += paint("\(gutter)\(number) | ", .gutter) + Self.printable(leading + prefix + underlined + suffix + trailing) + "\n"
        var padding = ""
        for character in leading + prefix {
            padding += character == "\t" ? "\t" : String(repeating: " ", count: Self.cells(character))
        }
        let width = max(0, underlined.reduce(0) { $0 + Self.cells($1) } - 1)
        let marker = "^" + String(repeating: "~", count: width)
        output += paint(String(repeating: " ", count: 5) + " | ", .gutter) + padding + paint(marker, .caret) + "\n"
    }

    /// Cells a scalar takes once `printable` has escaped hidden characters.
    static func cells(_ scalar: Unicode.Scalar) -> Int {
        VisibleText.isHidden(scalar) ? VisibleText.escape(scalar).utf8.count : TextWidth.cells(scalar)
    }

    /// Cells a character takes once `printable` has escaped hidden characters: a cluster of
    /// scalars (👨‍👩‍👧) is one glyph; one holding a hidden scalar (CR LF) is shown scalar by scalar.
    static func cells(_ character: Character) -> Int {
        if character.unicodeScalars.contains(where: VisibleText.isHidden) {
            return character.unicodeScalars.reduce(0) { $0 + cells($1) }
        }
        return TextWidth.cells(character)
    }

    /// Writes hidden characters (`VisibleText`: C0 and C1 controls other than tab, which can
    /// move the cursor or start terminal escape sequences, U+009B being a CSI; bidirectional
    /// controls, which make a line read differently from what it holds) as `\u{202E}`, so
    /// that a stray NUL, escape byte or right-to-left override can't garble the terminal or the
    /// excerpt. The caret line counts the escape's width (`cells`).
    package static func printable(_ text: String) -> String {
        VisibleText.escaped(text)
    }

    // MARK: - Colour

    enum Style {
        case location, message, gutter, caret, error, warning, note
        init(_ severity: Severity) {
            switch severity {
            case .error: self = .error
            case .warning: self = .warning
            case .note: self = .note
            }
        }
        var code: String {
            switch self {
            case .location, .message: "\u{1B}[1m"
            case .gutter: "\u{1B}[34m"
            case .caret: "\u{1B}[1;32m"
            case .error: "\u{1B}[1;31m"
            case .warning: "\u{1B}[1;35m"
            case .note: "\u{1B}[1;36m"
            }
        }
    }

    func paint(_ text: String, _ style: Style) -> String {
        colors ? style.code + text + "\u{1B}[0m" : text
    }
}

/// Line tables built on first use, one per file, and a cursor per file that makes a run of
/// position queries in increasing order linear overall (a column is counted from the
/// previous query on the same line, not from the line's start).
package final class LineTableCache {
    package init() {}

    private var tables: [FileID: LineTable] = [:]
    private var cursors: [FileID: (line: Int, offset: Int, column: Int)] = [:]

    func table(for file: SourceFile) -> LineTable {
        if let table = tables[file.id] { return table }
        let table = LineTable(file.bytes)
        tables[file.id] = table
        return table
    }

    /// The line and character column of `offset` in `file`.
    package func position(of offset: Int, in file: SourceFile) -> LineColumn {
        let table = table(for: file)
        let clamped = min(max(offset, 0), file.count)
        let line = table.line(of: clamped)
        if let cursor = cursors[file.id], cursor.line == line, cursor.offset <= clamped {
            let column = cursor.column + TextWidth.characterCount(file.bytes[cursor.offset..<clamped])
            cursors[file.id] = (line, clamped, column)
            return LineColumn(line: line + file.firstLine - 1, column: column)
        }
        let position = file.lineColumn(of: clamped, table: table)
        cursors[file.id] = (line, clamped, position.column)
        return position
    }
}
