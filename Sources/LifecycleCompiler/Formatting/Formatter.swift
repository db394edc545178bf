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
/// instances and events go one a line, its steps written `Instance.event` without spaces.
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

    /// Formats `file`.
    public static func format(_ file: SourceFile) -> Result {
        var (_, diagnostics) = Parser.parse(file)
        guard !diagnostics.hasErrors else { return Result(text: nil, diagnostics: diagnostics) }
        // Bytes that are not UTF-8 can only be in comments (the lexer rejects them elsewhere);
        // the layout is text, and would turn them into U+FFFD: such a file is not formatted.
        if let offset = UTF8Validation.firstInvalidByte(in: file.bytes) {
            diagnostics.append(.invalidUTF8(byte: file.bytes[offset], at: SourceRange(file: file.id, start: offset, end: offset + 1)))
            return Result(text: nil, diagnostics: diagnostics)
        }
        var layout = Layout(file: file)
        layout.run()
        return Result(text: layout.render(), diagnostics: diagnostics)
    }

    /// Formats source held in memory (tests, the language server).
    public static func format(path: String = "<input>", source: String) -> Result {
        format(SourceFile(id: FileID(0), path: path, bytes: Array(source.utf8)))
    }

    /// The spaces of one level of indentation.
    public static let indentUnit = "    "
}

/// A token as the formatter sees it: the language's tokens, plus Swift text as one piece.
struct FormatPiece {
    enum Kind: Equatable {
        case token(TokenKind)
        case swiftParameters
        case swiftType
        /// A platform's version (`15.0`), raw text.
        case version
    }
    var kind: Kind
    var start: Int
    var end: Int
}

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

    /// One output line.
    struct Line {
        var depth: Int
        /// Token texts and whether a space goes before each.
        var tokens: [(text: String, kind: FormatPiece.Kind, space: Bool)] = []
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

    init(file: SourceFile) { self.file = file }

    func text(_ start: Int, _ end: Int) -> String {
        file.text(SourceRange(file: file.id, start: start, end: end))
    }

    // MARK: - Reading

    /// Scans the gap `start..<end` (whitespace and comments only): its comments, and the
    /// line breaks after the last of them.
    func gap(_ start: Int, _ end: Int) -> (comments: [FormatComment], trailingBreaks: Int) {
        let bytes = file.bytes
        var comments: [FormatComment] = []
        var breaks = 0
        var offset = start
        while offset < end {
            let c = bytes[offset]
            if LineEnd.isLineEndByte(c) {
                breaks += 1
                offset += LineEnd.length(at: offset, in: bytes)
            } else if c == UInt8(ascii: "/") && offset + 1 < end && bytes[offset + 1] == UInt8(ascii: "/") {
                let stop = min(LineEnd.end(ofLineAt: offset, in: bytes), end)
                comments.append(FormatComment(start: offset, end: stop, isLine: true, breaksBefore: breaks))
                breaks = 0
                offset = stop
            } else if c == UInt8(ascii: "/") && offset + 1 < end && bytes[offset + 1] == UInt8(ascii: "*") {
                var depth = 0
                var stop = offset
                while stop < end {
                    if bytes[stop] == UInt8(ascii: "/") && stop + 1 < end && bytes[stop + 1] == UInt8(ascii: "*") {
                        depth += 1
                        stop += 2
                    } else if bytes[stop] == UInt8(ascii: "*") && stop + 1 < end && bytes[stop + 1] == UInt8(ascii: "/") {
                        depth -= 1
                        stop += 2
                        if depth == 0 { break }
                    } else {
                        stop += 1
                    }
                }
                comments.append(FormatComment(start: offset, end: stop, isLine: false, breaksBefore: breaks))
                breaks = 0
                offset = stop
            } else {
                offset += 1
            }
        }
        return (comments, breaks)
    }

    /// Lexes the whole file, asking for Swift text where the parser does.
    mutating func run() {
        var lexer = Lexer(file)
        var previousEnd = lexer.position
        // Where a `func` or `var` declaration is: 0 none, 1 after `func`, 2 after its name,
        // 3 after its parameters; 11 after `var`, 12 after its name.
        var declarationStep = 0
        var previousKind: FormatPiece.Kind? = nil
        // `platform IDENT VERSION` at the top level: 1 after `platform`, 2 after its name
        // (the version, raw text, follows).
        var platformStep = 0
        // After `@available`: its arguments are Swift text, as a func's parameters.
        var afterAttribute = false
        while true {
            let token = lexer.next()
            var piece = FormatPiece(kind: .token(token.kind), start: token.start, end: token.end)
            var swiftTypeFollows = false
            var versionFollows = false
            if platformStep == 1 && token.kind == .identifier {
                versionFollows = true
                platformStep = 0
            } else if blocks.isEmpty && token.kind == .identifier && text(token.start, token.end) == "platform" {
                platformStep = 1
            } else {
                platformStep = 0
            }
            if afterAttribute && token.kind == .leftParen {
                let arguments = lexer.scanSwiftParameters(openParen: token.start)
                piece = FormatPiece(kind: .swiftParameters, start: token.start, end: arguments.range.endOffset)
            }
            afterAttribute = token.kind == .attribute
            switch token.kind {
            case .keyword(.func): declarationStep = 1
            case .keyword(.var): declarationStep = 11
            case .identifier where declarationStep == 1 || declarationStep == 11: declarationStep += 1
            case .leftParen where declarationStep == 2:
                let parameters = lexer.scanSwiftParameters(openParen: token.start)
                piece = FormatPiece(kind: .swiftParameters, start: token.start, end: parameters.range.endOffset)
                declarationStep = 3
            case .arrow where declarationStep == 3:
                swiftTypeFollows = true
                declarationStep = 0
            case .colon where declarationStep == 12:
                swiftTypeFollows = true
                declarationStep = 0
            case .identifier where declarationStep == 3:
                break // `async`, `throws`
            default:
                declarationStep = 0
            }
            let (comments, breaks) = gap(previousEnd, piece.start)
            let isEnd = token.kind == .endOfFile
            place(comments: comments, breaksAfter: breaks, before: isEnd ? nil : piece,
                  previousKind: previousKind, lexer: lexer)
            if isEnd { break }
            previousEnd = piece.end
            previousKind = piece.kind
            if versionFollows {
                let version = lexer.scanVersion()
                if version.length > 0 {
                    let versionPiece = FormatPiece(kind: .version, start: version.startOffset, end: version.endOffset)
                    place(comments: [], breaksAfter: 0, before: versionPiece, previousKind: piece.kind, lexer: lexer)
                    previousEnd = versionPiece.end
                    previousKind = .version
                }
            }
            if swiftTypeFollows {
                let type = lexer.scanSwiftType()
                let typePiece = FormatPiece(kind: .swiftType, start: type.range.startOffset, end: type.range.endOffset)
                place(comments: [], breaksAfter: 0, before: typePiece, previousKind: piece.kind, lexer: lexer)
                previousEnd = typePiece.end
                previousKind = .swiftType
            }
        }
        // No blank lines at the end.
        while let last = lines.last, last.isBlank { lines.removeLast() }
    }

    // MARK: - Placing

    /// Whether `piece` starts a statement (it goes at the start of a line).
    func startsStatement(_ piece: FormatPiece, previousKind: FormatPiece.Kind?, lexer: Lexer) -> Bool {
        guard case .token(let kind) = piece.kind else { return false }
        switch kind {
        case .keyword(.import), .keyword(.machine), .keyword(.delegate), .keyword(.require),
             .keyword(.protocol), .keyword(.class), .keyword(.func), .keyword(.var),
             .keyword(.initial), .keyword(.final), .attribute:
            return true
        case .keyword(.on):
            // A system's event; in a machine, `internal on` starts at `internal`.
            return blocks.last?.systemBody == true && parenDepth == 0
        case .identifier where parenDepth == 0 && blocks.isEmpty:
            // Top-level declarations named by contextual words.
            let word = text(piece.start, piece.end)
            if word == "platform" { return true }
            if word == "system" || word == "extension" {
                var copy = lexer
                return copy.next().kind == .identifier
            }
            return false
        case .identifier where parenDepth == 0 && blocks.last?.systemBody == true:
            guard text(piece.start, piece.end) == "instance" else { return false }
            var copy = lexer
            return copy.next().kind == .identifier
        case .keyword(.state):
            return previousKind != .token(.keyword(.initial)) && previousKind != .token(.keyword(.final))
        case .identifier:
            // A transition starts with `IDENT ->`; inside a protocol or class body an arrow
            // follows `throws` or `async` instead.
            // An internal transition starts with `internal on`.
            if blocks.last?.typeBody == true || parenDepth > 0 { return false }
            var copy = lexer
            let next = copy.next().kind
            return next == .arrow || (next == .keyword(.on) && text(piece.start, piece.end) == "internal")
        default:
            return false
        }
    }

    /// Whether `piece` starts a statement of a kind the rules above do not know (syntax newer
    /// than this formatter): an identifier or keyword that began a line in the source right
    /// after a token that can end a statement keeps its line.
    func startsUnknownStatement(_ piece: FormatPiece, previousKind: FormatPiece.Kind?, breaksBefore: Int) -> Bool {
        guard breaksBefore > 0, parenDepth == 0, blocks.last?.typeBody != true, case .token(let kind) = piece.kind else { return false }
        switch kind {
        case .identifier: break
        case .keyword(let keyword) where !Layout.knownKeywords.contains(keyword): break
        default: return false
        }
        switch previousKind {
        case .token(.identifier), .token(.string), .token(.rightParen), .token(.rightBrace): return true
        default: return false
        }
    }

    static let knownKeywords = Set(Keyword.allCases)

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
                        previousKind: FormatPiece.Kind?, lexer: Lexer) {
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
                    lines[lines.count - 1].tokens.append((trimmed, .token(.unknown), true))
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

        let statement = startsStatement(piece, previousKind: previousKind, lexer: lexer)
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
            append(piece, space: needsSpace(before: piece, previousKind: previousKind))
        }

        if case .token(.leftBrace) = piece.kind {
            let accessor = previousKind == .swiftType
            let empty = nextIsRightBraceWithoutComments(after: piece.end)
            let header = headerWord()
            let typeBody = header == "protocol" || header == "class" || (blocks.isEmpty && header == "extension")
            let systemBody = blocks.isEmpty && header == "system"
            blocks.append((layout: !accessor && !empty, typeBody: typeBody, empty: empty, systemBody: systemBody))
            if !accessor && !empty { depth += 1 }
        }
        if case .token(.leftParen) = piece.kind { parenDepth += 1 }
        if case .token(.rightParen) = piece.kind { parenDepth = max(0, parenDepth - 1) }
    }

    /// Whether a piece that is not a statement start, arriving on a fresh line, continues the
    /// previous statement (it always does once a statement has begun).
    func isContinuationAllowed(_ previousKind: FormatPiece.Kind?) -> Bool { previousKind != nil }

    func isTypeSuffix(_ piece: FormatPiece) -> Bool {
        switch piece.kind {
        case .token(.keyword(.returns)), .token(.leftBrace), .token(.rightBrace): return true
        case .token(.identifier): return text(piece.start, piece.end) == "body"
        default: return false
        }
    }

    /// The first word of the current line's statement (`protocol`, `class`, `extension`,
    /// `system`, …), or nil.
    func headerWord() -> String? {
        var index = lines.count - 1
        while index >= 0 {
            let line = lines[index]
            if let first = line.tokens.first, !line.isContinuation {
                switch first.kind {
                case .token(.keyword(.protocol)): return "protocol"
                case .token(.keyword(.class)): return "class"
                case .token(.identifier): return first.text
                default: return nil
                }
            }
            index -= 1
        }
        return nil
    }

    func nextIsRightBraceWithoutComments(after offset: Int) -> Bool {
        let bytes = file.bytes
        var index = offset
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"): index += 1
            case UInt8(ascii: "}"): return true
            default: return false
            }
        }
        return false
    }

    func needsSpace(before piece: FormatPiece, previousKind: FormatPiece.Kind?) -> Bool {
        if parenDepth > 0 { return false }
        switch piece.kind {
        case .swiftParameters: return false
        case .token(.comma), .token(.colon), .token(.leftParen), .token(.rightParen), .token(.period): return false
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
        var scalars = Substring(text).unicodeScalars
        while let last = scalars.last, last == " " || last == "\t" { scalars.removeLast() }
        return String(scalars)
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
        guard !line.isContinuation, !line.continues, tokens.count >= 3, line.comment == nil,
              tokens[0].kind == .token(.identifier) else { return nil }
        let isInternal = tokens[0].text == "internal" && tokens[1].kind == .token(.keyword(.on))
        guard isInternal || (tokens[1].kind == .token(.arrow) && tokens[2].kind == .token(.identifier)) else { return nil }
        var index = isInternal ? 1 : 3
        var event = "", trigger = ""
        if index + 1 < tokens.count, tokens[index].kind == .token(.keyword(.on)), tokens[index + 1].kind == .token(.identifier) {
            event = "on " + tokens[index + 1].text
            index += 2
        }
        if index + 1 < tokens.count, tokens[index].kind == .token(.keyword(.by)), tokens[index + 1].kind == .token(.identifier) {
            trigger = "by " + tokens[index + 1].text
            index += 2
        }
        var rest = ""
        for token in tokens[index...] {
            if token.kind == .token(.unknown) { return nil } // an inline comment: leave it alone
            if !rest.isEmpty && token.space { rest += " " }
            rest += token.text
        }
        if isInternal {
            guard !event.isEmpty else { return nil }
            return Columns(source: "", target: "", event: event, trigger: trigger, rest: rest, isInternal: true)
        }
        return Columns(source: tokens[0].text, target: tokens[2].text, event: event, trigger: trigger, rest: rest)
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
                    var text = c.isInternal ? "internal"
                        : Layout.padded(c.source, sourceWidth) + " -> " + Layout.padded(c.target, targetWidth)
                    if eventWidth > 0 { text += " " + Layout.padded(c.event, eventWidth) }
                    if triggerWidth > 0 { text += " " + Layout.padded(c.trigger, triggerWidth) }
                    if !c.rest.isEmpty { text += " " + c.rest }
                    text = trimTrailingSpace(text)
                    if let trailing = line.trailing { text += " " + trailing }
                    output.append(indentation(line.depth) + text)
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
        return indentation(line.depth) + text
    }
}
