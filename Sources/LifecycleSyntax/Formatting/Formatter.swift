import LifecycleSource

/// `lifecycle fmt`: one canonical layout for a spec.
///
/// The layout: four spaces of indentation per block, one statement a line, a block's `{` at
/// the end of its header line and its `}` on a line of its own (an empty block stays `{}`),
/// one space between tokens except inside callback references and before `,` and `:`, at
/// most one blank line in a row (none at the start or end of a block), and the transitions
/// of a run of consecutive transition lines aligned in columns (source, target, `on event`,
/// `by who`), as the examples are. Comments stay where they were: a comment on its own line
/// keeps its own line, one after code on the same line stays after it. Swift text in
/// `protocol`, `class` and `extension` blocks (parameter clauses, types, `@available(…)`
/// arguments) is kept byte for byte, and so is a `platform`'s version (`iOS 15.0`). Runs of
/// internal transitions (`internal on event by who`) are aligned like transitions; a system's
/// instances and events go one a line, its steps written `Instance.event` without spaces; a
/// `scenePhase` line is written `State: .phase, …`.
///
/// Only whitespace changes, so the meaning cannot: the language ignores whitespace between
/// tokens except where a Swift type ends at a line break, and the formatter ends every line
/// after such a type where the source did. A file with syntax errors is not formatted (the
/// diagnostics say why), because its statements cannot be told apart reliably, and neither is
/// one with bytes that are not UTF-8 in a comment, which the text layout would replace.
///
/// Formatting is linear in the file and iterative (no recursion on nesting), and idempotent:
/// formatting formatted text gives it back unchanged (`FormatterTests`).
public enum Formatter {
    /// The outcome of formatting one file.
    public struct Result: Sendable {
        /// The formatted text, or nil when the file has syntax errors.
        public var text: String?
        /// The parser's diagnostics (errors when `text` is nil).
        public var diagnostics: Diagnostics
    }

    /// The longest line `fmt` writes before it wraps a callback list (`lineLength` in
    /// `lifecycle.json`, `--line-length`).
    public static let defaultLineLength = 100

    /// Formats `file`; a statement longer than `lineLength` characters (indentation included)
    /// is wrapped after the commas of its callback list, each further line one indentation
    /// unit deeper than the statement (a callback reference, and the description, are never
    /// split, so a line can stay longer than the limit).
    public static func format(_ file: SourceFile, lineLength: Int = defaultLineLength) -> Result {
        var (_, diagnostics, recorded) = Parser.parse(file, recordingIndex: true)
        guard !diagnostics.hasErrors else { return Result(text: nil, diagnostics: diagnostics) }
        // Bytes that are not UTF-8 can only be in comments (the lexer rejects them elsewhere);
        // the layout is text, and would turn them into U+FFFD: such a file is not formatted.
        if let offset = UTF8Validation.firstInvalidByte(in: file.bytes) {
            diagnostics.append(.invalidUTF8(byte: file.bytes[offset], at: SourceRange(file: file.id, start: offset, end: offset + 1)))
            return Result(text: nil, diagnostics: diagnostics)
        }
        var layout = Layout(file: file, index: recorded!)
        layout.lineLength = max(lineLength, 1)
        layout.run()
        return Result(text: layout.render(), diagnostics: diagnostics)
    }

    /// Formats source held in memory (tests, the language server).
    public static func format(path: String = "<input>", source: String, lineLength: Int = defaultLineLength) -> Result {
        format(SourceFile(id: FileID(0), path: path, bytes: Array(source.utf8)), lineLength: lineLength)
    }

    /// The spaces of one level of indentation.
    public static let indentUnit = "    "
}

/// A piece as the formatter sees it: the parser's token index, where Swift text, versions
/// and attribute arguments are one piece each and contextual keywords are marked.
typealias FormatPiece = TokenIndex.Piece

/// A comment found between two pieces.
struct FormatComment {
    var start: Int
    var end: Int
    var isLine: Bool
    /// Line breaks between the previous piece (or comment) and this comment.
    var breaksBefore: Int
}

/// Reads the file into pieces and comments, then lays them out in lines.
struct Layout {
    let file: SourceFile
    let index: TokenIndex
    /// Wrap callback lists of longer lines (`Formatter.format(_:lineLength:)`).
    var lineLength = Formatter.defaultLineLength

    /// One output line.
    struct Line {
        var depth: Int
        /// Token texts and whether a space goes before each.
        var tokens: [(text: String, kind: TokenIndex.Kind, space: Bool)] = []
        /// A `//` or `/* */` comment at the end of the line.
        var trailing: String?
        /// A whole-line comment (verbatim) or nil.
        var comment: String?
        /// A blank line.
        var isBlank = false
        /// Whether this line continues a statement begun on an earlier line.
        var isContinuation = false
        /// Whether a later line continues this line's statement.
        var continues = false
    }

    var lines: [Line] = []
    /// Whether the last line may still take tokens.
    var lineOpen = false
    var depth = 0
    /// For each open `{`: whether it is a layout block (not an accessor block or `{}`),
    /// whether it is a protocol, class or extension body, and whether it is a system body.
    var blocks: [(layout: Bool, typeBody: Bool, empty: Bool, systemBody: Bool)] = []
    /// Parentheses of a callback reference being written (no spaces inside).
    var parenDepth = 0

    init(file: SourceFile, index: TokenIndex) {
        self.file = file
        self.index = index
    }

    func text(_ start: Int, _ end: Int) -> String {
        file.text(SourceRange(file: file.id, start: start, end: end))
    }

    // MARK: - Reading

    /// Reads the parser's token index: whitespace and comments between pieces, and each piece.
    mutating func run() {
        var previousKind: TokenIndex.Kind? = nil
        var comments: [FormatComment] = []
        var breaks = 0
        let bytes = file.bytes
        for (position, piece) in index.pieces.enumerated() {
            switch piece.kind {
            case .byteOrderMark:
                continue
            case .whitespace:
                var offset = piece.start
                while offset < piece.end {
                    if LineEnd.isLineEndByte(bytes[offset]) {
                        breaks += 1
                        offset += LineEnd.length(at: offset, in: bytes)
                    } else {
                        offset += 1
                    }
                }
            case .lineComment, .blockComment:
                comments.append(FormatComment(start: piece.start, end: piece.end, isLine: piece.kind == .lineComment, breaksBefore: breaks))
                breaks = 0
            case .swiftType, .version:
                // Read where the parser asked for it: on the line of what comes before.
                place(comments: [], breaksAfter: 0, before: piece, previousKind: previousKind, at: position)
                previousKind = piece.kind
                breaks = 0
            default:
                place(comments: comments, breaksAfter: breaks, before: piece, previousKind: previousKind, at: position)
                comments = []
                breaks = 0
                previousKind = piece.kind
            }
        }
        place(comments: comments, breaksAfter: breaks, before: nil, previousKind: previousKind, at: index.pieces.count)
        // No blank lines at the end.
        while let last = lines.last, last.isBlank { lines.removeLast() }
    }

    /// The kind of the first piece after `position` that is not whitespace or a comment.
    func nextKind(after position: Int) -> TokenIndex.Kind? {
        var next = position + 1
        while next < index.pieces.count, index.pieces[next].kind.isTrivia { next += 1 }
        return next < index.pieces.count ? index.pieces[next].kind : nil
    }

    // MARK: - Placing

    /// Whether `piece` starts a statement (it goes at the start of a line).
    func startsStatement(_ piece: FormatPiece, previousKind: TokenIndex.Kind?, at position: Int) -> Bool {
        if case .keyword(let word) = piece.kind, parenDepth == 0 {
            switch word {
            // Top-level declarations named by contextual words.
            case .platform, .system, .extension: return blocks.isEmpty
            case .instance: return blocks.last?.systemBody == true
            // An internal transition starts with `internal on`; `scenePhase State: .phase`,
            // `appState State: .runningForeground`; `entry calls …`, `exit calls …`.
            case .internal, .scenePhase, .appState, .entry, .exit: return blocks.last?.typeBody != true
            default: return false
            }
        }
        guard case .token(let kind) = piece.kind else { return false }
        switch kind {
        case .keyword(.import), .keyword(.machine), .keyword(.delegate), .keyword(.require),
             .keyword(.protocol), .keyword(.class), .keyword(.func), .keyword(.var),
             .keyword(.initial), .keyword(.final), .attribute:
            return true
        case .keyword(.on):
            // A system's event; in a machine, `internal on` starts at `internal`.
            return blocks.last?.systemBody == true && parenDepth == 0
        case .identifier where parenDepth == 0 && (blocks.isEmpty || blocks.last?.systemBody == true):
            return false
        case .keyword(.state):
            return previousKind != .token(.keyword(.initial)) && previousKind != .token(.keyword(.final))
        case .identifier:
            // A transition starts with `IDENT ->`, or `IDENT, IDENT … ->` (several sources).
            if blocks.last?.typeBody == true || parenDepth > 0 || previousKind == .token(.comma) { return false }
            return startsSources(at: position)
        default:
            return false
        }
    }

    /// Whether the identifier at `position` begins `IDENT (',' IDENT)* '->'`: a transition's
    /// sources (a callback list `calls f, g` is never followed by `->`).
    func startsSources(at position: Int) -> Bool {
        var current = position
        while true {
            guard let next = nextPosition(after: current) else { return false }
            switch index.pieces[next].kind {
            case .token(.arrow): return true
            case .token(.comma):
                guard let name = nextPosition(after: next), index.pieces[name].kind == .token(.identifier) else { return false }
                current = name
            default: return false
            }
        }
    }

    /// The position of the next piece that is not trivia.
    func nextPosition(after position: Int) -> Int? {
        var next = position + 1
        while next < index.pieces.count, index.pieces[next].kind.isTrivia { next += 1 }
        return next < index.pieces.count ? next : nil
    }

    /// Whether `piece` starts a statement of a kind the rules above do not know (syntax newer
    /// than this formatter): an identifier or keyword that began a line in the source right
    /// after a token that can end a statement keeps its line.
    func startsUnknownStatement(_ piece: FormatPiece, previousKind: TokenIndex.Kind?, breaksBefore: Int) -> Bool {
        guard breaksBefore > 0, parenDepth == 0, blocks.last?.typeBody != true, piece.kind == .token(.identifier) else { return false }
        // A contextual keyword ends a statement only as a trigger (`by user`); after the others
        // (`when`, `and`, `is`, `new`, …) the statement goes on.
        switch previousKind {
        case .token(.identifier), .keyword(.user), .keyword(.system), .token(.string), .token(.rightParen), .token(.rightBrace): return true
        default: return false
        }
    }

    mutating func newLine(continuation: Bool = false) {
        if lineOpen && continuation, !lines.isEmpty { lines[lines.count - 1].continues = true }
        var line = Line(depth: depth + (continuation ? 1 : 0))
        line.isContinuation = continuation
        lines.append(line)
        lineOpen = true
    }

    /// A blank line, unless one is there already or the block has just opened.
    mutating func blankLine() {
        guard let last = lines.last, !last.isBlank else { return }
        if last.comment == nil, let token = last.tokens.last, token.kind == .token(.leftBrace), last.trailing == nil {
            return
        }
        lines.append(Line(depth: depth, isBlank: true))
        lineOpen = false
    }

    /// Places the comments of a gap, then `piece` (nil at the end of the file).
    mutating func place(comments: [FormatComment], breaksAfter: Int, before piece: FormatPiece?,
                        previousKind: TokenIndex.Kind?, at position: Int) {
        // A line comment ends its line: what follows must start a new one.
        var mustBreak = false
        for comment in comments {
            let content = text(comment.start, comment.end)
            let trimmed = comment.isLine ? trimTrailingSpace(content) : content
            if comment.breaksBefore == 0 && lineOpen && !lines.isEmpty && !mustBreak {
                if comment.isLine {
                    lines[lines.count - 1].trailing = trimmed
                    mustBreak = true
                } else {
                    lines[lines.count - 1].tokens.append((trimmed, .blockComment, true))
                }
                continue
            }
            if comment.breaksBefore >= 2 && !lines.isEmpty { blankLine() }
            var line = Line(depth: depth)
            line.comment = trimmed
            lines.append(line)
            lineOpen = false
            mustBreak = true
        }
        guard let piece else { return }

        if case .token(.rightBrace) = piece.kind, let block = blocks.last {
            blocks.removeLast()
            guard block.layout else {
                append(piece, space: !block.empty)
                return
            }
            depth -= 1
            // No blank line before a closing brace.
            while let last = lines.last, last.isBlank { lines.removeLast() }
            newLine()
            append(piece, space: false)
            return
        }

        let statement = startsStatement(piece, previousKind: previousKind, at: position)
            || startsUnknownStatement(piece, previousKind: previousKind, breaksBefore: comments.isEmpty ? breaksAfter : 0)
        let afterLayoutOpen = (blocks.last?.layout ?? false) && lines.last?.tokens.last?.kind == .token(.leftBrace)
        // A Swift type ends at a line break: keep one after it unless `returns`, `body` or an
        // accessor block follows on the same line.
        let afterType = previousKind == .swiftType && !isTypeSuffix(piece)
        if lines.isEmpty || !lineOpen || statement || mustBreak || afterType || afterLayoutOpen {
            if !lines.isEmpty && breaksAfter >= 2 { blankLine() }
            // A piece that starts no statement on a fresh line continues the one before
            // (after a comment that ended its line).
            let continuation = previousKind != nil && !statement && !afterLayoutOpen && !afterType
            newLine(continuation: continuation)
            append(piece, space: false)
        } else {
            append(piece, space: needsSpace(before: piece, previousKind: previousKind) && !continuesSelector(piece, at: position))
        }

        if case .token(.leftBrace) = piece.kind {
            let accessor = previousKind == .swiftType
            let empty = nextIsRightBraceWithoutComments(after: position)
            let header = headerKind()
            let typeBody = header == .token(.keyword(.protocol)) || header == .token(.keyword(.class))
                || (blocks.isEmpty && header == .keyword(.extension))
            let systemBody = blocks.isEmpty && header == .keyword(.system)
            blocks.append((layout: !accessor && !empty, typeBody: typeBody, empty: empty, systemBody: systemBody))
            if !accessor && !empty { depth += 1 }
        }
        if case .token(.leftParen) = piece.kind { parenDepth += 1 }
        if case .token(.rightParen) = piece.kind { parenDepth = max(0, parenDepth - 1) }
    }

    func isTypeSuffix(_ piece: FormatPiece) -> Bool {
        switch piece.kind {
        case .token(.keyword(.returns)), .token(.leftBrace), .token(.rightBrace), .keyword(.body): return true
        default: return false
        }
    }

    /// The kind of the first piece of the current line's statement (`protocol`, `class`,
    /// `extension`, `system`, …), or nil.
    func headerKind() -> TokenIndex.Kind? {
        var index = lines.count - 1
        while index >= 0 {
            let line = lines[index]
            if let first = line.tokens.first, !line.isContinuation { return first.kind }
            index -= 1
        }
        return nil
    }

    /// Whether the piece after `position`, past whitespace only, is a `}`.
    func nextIsRightBraceWithoutComments(after position: Int) -> Bool {
        var next = position + 1
        while next < index.pieces.count, index.pieces[next].kind == .whitespace { next += 1 }
        return next < index.pieces.count && index.pieces[next].kind == .token(.rightBrace)
    }

    /// Whether `piece` is a label of an Objective-C selector written with nothing between its
    /// parts (`peripheral:didUpdateValueForCharacteristic:error:`): the identifier right after a
    /// ':' that is itself right after an identifier. A space there would change what the parser
    /// reads, so the selector stays as written.
    func continuesSelector(_ piece: FormatPiece, at position: Int) -> Bool {
        guard piece.kind == .token(.identifier), position >= 2 else { return false }
        let colon = index.pieces[position - 1]
        let name = index.pieces[position - 2]
        guard colon.kind == .token(.colon), colon.end == piece.start, name.end == colon.start else { return false }
        switch name.kind {
        case .token(.identifier): return true
        default: return false
        }
    }

    func needsSpace(before piece: FormatPiece, previousKind: TokenIndex.Kind?) -> Bool {
        if parenDepth > 0 { return false }
        switch piece.kind {
        case .swiftParameters, .attributeArguments: return false
        // `Active: .active` in a `scenePhase` or `appState` line; `Root.load` in a system step.
        case .token(.period): return previousKind == .token(.colon)
        case .token(.comma), .token(.colon), .token(.leftParen), .token(.rightParen): return false
        default: break
        }
        if previousKind == .token(.leftParen) || previousKind == .token(.period) { return false }
        return true
    }

    mutating func append(_ piece: FormatPiece, space: Bool) {
        if lines.isEmpty || !lineOpen { newLine() }
        lines[lines.count - 1].tokens.append((text(piece.start, piece.end), piece.kind, space))
    }

    func trimTrailingSpace(_ text: String) -> String {
        text.trimmedTrailingBlanks
    }

    // MARK: - Rendering

    /// The columns of a transition line: source, target, `on event`, `by who`, the rest.
    struct Columns {
        var source: String
        var target: String
        var event: String
        var trigger: String
        var rest: String
        /// An internal transition (`internal on event by who …`): no source or target.
        var isInternal = false
    }

    func columns(_ line: Line) -> Columns? {
        let tokens = line.tokens
        guard !line.isContinuation, !line.continues, tokens.count >= 3, line.comment == nil else { return nil }
        let isInternal = tokens[0].kind == .keyword(.internal) && tokens[1].kind == .token(.keyword(.on))
        // The sources: `A` or `A, B, C` (several sources), written `A, B` in the column.
        var arrow = 1
        var source = tokens[0].text
        while !isInternal, arrow + 1 < tokens.count, tokens[arrow].kind == .token(.comma), tokens[arrow + 1].kind == .token(.identifier) {
            source += ", " + tokens[arrow + 1].text
            arrow += 2
        }
        guard isInternal || (tokens[0].kind == .token(.identifier) && arrow + 1 < tokens.count && tokens[arrow].kind == .token(.arrow)
                             && tokens[arrow + 1].kind == .token(.identifier)) else { return nil }
        var index = isInternal ? 1 : arrow + 2
        var event = "", trigger = ""
        if index + 1 < tokens.count, tokens[index].kind == .token(.keyword(.on)), tokens[index + 1].kind == .token(.identifier) {
            event = "on " + tokens[index + 1].text
            index += 2
        }
        if index + 1 < tokens.count, tokens[index].kind == .token(.keyword(.by)),
           tokens[index + 1].kind == .keyword(.user) || tokens[index + 1].kind == .keyword(.system) {
            trigger = "by " + tokens[index + 1].text
            index += 2
        }
        var rest = ""
        for token in tokens[index...] {
            if token.kind == .blockComment { return nil } // an inline comment: leave it alone
            if !rest.isEmpty && token.space { rest += " " }
            rest += token.text
        }
        if isInternal {
            guard !event.isEmpty else { return nil }
            return Columns(source: "", target: "", event: event, trigger: trigger, rest: rest, isInternal: true)
        }
        return Columns(source: source, target: tokens[arrow + 1].text, event: event, trigger: trigger, rest: rest)
    }

    func plain(_ line: Line) -> String {
        var result = ""
        for (index, token) in line.tokens.enumerated() {
            if index > 0 && token.space { result += " " }
            result += token.text
        }
        return result
    }

    static func padded(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }

    func render() -> String {
        var output: [String] = []
        output.reserveCapacity(lines.count)
        var index = 0
        while index < lines.count {
            // A run of transition lines at one depth (whole-line comments may sit between);
            // internal transitions form runs of their own.
            if let first = columns(lines[index]) {
                var end = index
                var members: [Int] = []
                while end < lines.count {
                    let line = lines[end]
                    if line.depth == lines[index].depth, let c = columns(line), c.isInternal == first.isInternal {
                        members.append(end)
                    } else if !(line.comment != nil && line.depth == lines[index].depth) {
                        break
                    }
                    end += 1
                }
                // A comment after the last transition belongs to what follows.
                end = members.last! + 1
                let all = members.map { columns(lines[$0])! }
                let sourceWidth = all.map(\.source.count).max()!
                let targetWidth = all.map(\.target.count).max()!
                let eventWidth = all.map(\.event.count).max()!
                let triggerWidth = all.map(\.trigger.count).max()!
                var member = 0
                for lineIndex in index..<end {
                    let line = lines[lineIndex]
                    guard member < members.count, members[member] == lineIndex else {
                        output.append(render(line))
                        continue
                    }
                    let c = all[member]
                    member += 1
                    var text = c.isInternal ? ContextualKeyword.internal.text
                        : Layout.padded(c.source, sourceWidth) + " -> " + Layout.padded(c.target, targetWidth)
                    if eventWidth > 0 { text += " " + Layout.padded(c.event, eventWidth) }
                    if triggerWidth > 0 { text += " " + Layout.padded(c.trigger, triggerWidth) }
                    output.append(contentsOf: wrapped(head: c.rest.isEmpty ? trimTrailingSpace(text) : text, rest: c.rest, trailing: line.trailing, depth: line.depth))
                }
                index = end
                continue
            }
            output.append(render(lines[index]))
            index += 1
        }
        return output.isEmpty ? "" : output.joined(separator: "\n") + "\n"
    }

    func indentation(_ depth: Int) -> String {
        String(repeating: Formatter.indentUnit, count: max(depth, 0))
    }

    func render(_ line: Line) -> String {
        if line.isBlank { return "" }
        if let comment = line.comment { return indentation(line.depth) + comment }
        var text = plain(line)
        if let trailing = line.trailing { text += " " + trailing }
        // `entry calls …` and `exit calls …` wrap like a transition's list.
        if !line.isContinuation, !line.continues, line.comment == nil, line.tokens.count > 2,
           line.tokens[0].kind == .keyword(.entry) || line.tokens[0].kind == .keyword(.exit),
           !line.tokens.contains(where: { $0.kind == .blockComment }) {
            let rest = line.tokens.dropFirst().enumerated().map { $0.offset > 0 && $0.element.space ? " " + $0.element.text : $0.element.text }.joined()
            return wrapped(head: line.tokens[0].text, rest: rest, trailing: line.trailing, depth: line.depth).joined(separator: "\n")
        }
        return indentation(line.depth) + text
    }

    /// A statement at `depth` — `head`, then `rest` (which may start with `calls`), then a
    /// trailing comment — as one line, or, past `lineLength`, broken after the commas of its
    /// callback list: as many callbacks on each line as fit, the lines after the first one
    /// indentation unit deeper, the description after the last callback where it fits, else
    /// on a line of its own, and a trailing comment after whatever ends the statement.
    func wrapped(head: String, rest: String, trailing: String?, depth: Int) -> [String] {
        let indent = indentation(depth)
        let whole = head + (rest.isEmpty ? "" : " " + rest) + (trailing.map { " " + $0 } ?? "")
        let calls = Keyword.calls.text + " "
        guard indent.count + whole.count > lineLength, rest.hasPrefix(calls) else { return [indent + whole] }
        let list = rest.dropFirst(calls.count)
        // The callbacks run up to the description's quote: a reference holds no quote or comma.
        let quote = list.firstIndex(of: "\"") ?? list.endIndex
        let callbacks = list[..<quote].split(separator: ",").map { String($0.drop { $0 == " " }).trimmedTrailingBlanks }
        var pieces = callbacks.enumerated().map { $0.offset < callbacks.count - 1 ? $0.element + "," : $0.element }
        let description = String(list[quote...])
        if !description.isEmpty { pieces.append(description) }
        // A trailing comment stays at the end of the last line: alone on a line of its own it
        // would be read back as a comment before the next statement.
        if let trailing { pieces[pieces.count - 1] += " " + trailing }
        guard pieces.count > 1 else { return [indent + whole] }
        let continuation = indentation(depth + 1)
        var lines = [indent + head + " " + calls + pieces[0]]
        for piece in pieces.dropFirst() {
            if lines[lines.count - 1].count + 1 + piece.count <= lineLength {
                lines[lines.count - 1] += " " + piece
            } else {
                lines.append(continuation + piece)
            }
        }
        return lines
    }
}

extension String {
    /// The text without its trailing spaces and tabs.
    var trimmedTrailingBlanks: String {
        var scalars = Substring(self).unicodeScalars
        while let last = scalars.last, last == " " || last == "\t" { scalars.removeLast() }
        return String(scalars)
    }
}
