/// `// lifecycle: ignore GROUP "reason"` comments in a spec or a Swift file (issue 40): each
/// silences the warnings of one named group (`DiagnosticGroups`) at one place — its own line
/// when code comes before it there, else the next line that holds code. One that silences
/// nothing, or names no group, is itself a warning (`unused-suppression`), so that a comment
/// left behind after a fix does not hide the next problem there.
///
/// A comment is recognised as a line comment: `//` with an even number of `"` before it on its
/// line (so not inside a string literal), then `lifecycle: ignore`, the group's name, and an
/// optional reason in quotes.
public struct Suppressions {
    public struct Suppression: Sendable, Equatable {
        public var group: String
        /// The 1-based line it silences.
        public var line: Int
        /// The group's name as written, for messages.
        public var range: SourceRange
        public var reason: String?
    }

    /// The marker after `//`.
    static let marker = Array("lifecycle: ignore".utf8)

    /// The suppressions written in `file`, in order.
    public static func find(in file: SourceFile) -> [Suppression] {
        let bytes = file.bytes
        guard bytes.count >= marker.count + 2 else { return [] }
        var found: [(group: String, range: SourceRange, reason: String?, commentStart: Int)] = []
        var index = 0
        let count = bytes.count
        while index + 1 < count {
            guard bytes[index] == UInt8(ascii: "/"), bytes[index + 1] == UInt8(ascii: "/") else {
                index += 1
                continue
            }
            var cursor = index + 2
            while cursor < count, bytes[cursor] == UInt8(ascii: " ") || bytes[cursor] == UInt8(ascii: "\t") { cursor += 1 }
            guard cursor + marker.count <= count, bytes[cursor..<cursor + marker.count].elementsEqual(marker),
                  !insideString(bytes, at: index) else {
                index += 2
                continue
            }
            cursor += marker.count
            while cursor < count, bytes[cursor] == UInt8(ascii: " ") || bytes[cursor] == UInt8(ascii: "\t") { cursor += 1 }
            let nameStart = cursor
            while cursor < count, isNameByte(bytes[cursor]) { cursor += 1 }
            let name = String(decoding: bytes[nameStart..<cursor], as: UTF8.self)
            let range = SourceRange(file: file.id, start: nameStart, end: cursor)
            while cursor < count, bytes[cursor] == UInt8(ascii: " ") || bytes[cursor] == UInt8(ascii: "\t") { cursor += 1 }
            var reason: String?
            if cursor < count, bytes[cursor] == UInt8(ascii: "\"") {
                let open = cursor + 1
                var close = open
                while close < count, bytes[close] != UInt8(ascii: "\""), !LineEnd.isLineEndByte(bytes[close]) { close += 1 }
                reason = String(decoding: bytes[open..<close], as: UTF8.self)
                cursor = close
            }
            found.append((name, range, reason, index))
            index = cursor
        }
        guard !found.isEmpty else { return [] }
        let table = LineTable(bytes)
        return found.map { item in
            let line = table.line(of: item.commentStart)
            let lineStart = table.lineStarts[line - 1]
            let codeBefore = bytes[lineStart..<item.commentStart].contains { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }
            return Suppression(group: item.group, line: codeBefore ? line : nextCodeLine(after: line, table: table, bytes: bytes),
                               range: item.range, reason: item.reason)
        }
    }

    /// The first line after `line` that holds something other than blanks and a line comment.
    static func nextCodeLine(after line: Int, table: LineTable, bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var current = line + 1
        while current <= table.lineStarts.count {
            let text = bytes[table.range(ofLine: current, in: bytes)]
            if let first = text.firstIndex(where: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }) {
                let isComment = first + 1 < text.endIndex && bytes[first] == UInt8(ascii: "/") && bytes[first + 1] == UInt8(ascii: "/")
                if !isComment { return current }
            }
            current += 1
        }
        return current
    }

    /// Whether the `//` at `offset` lies inside a string literal: an odd number of unescaped
    /// `"` before it on its line.
    static func insideString(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Bool {
        var start = offset
        while start > 0, !LineEnd.isLineEndByte(bytes[start - 1]) { start -= 1 }
        var quotes = 0
        var position = start
        while position < offset {
            if bytes[position] == UInt8(ascii: "\\") { position += 2; continue }
            if bytes[position] == UInt8(ascii: "\"") { quotes += 1 }
            position += 1
        }
        return quotes % 2 == 1
    }

    static func isNameByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "-")
    }

    /// Removes from `diagnostics` every diagnostic a suppression in `files` silences, then adds
    /// a warning for each suppression that silenced nothing or names no group.
    public static func apply(to diagnostics: inout Diagnostics, files: [SourceFile]) {
        var suppressions: [FileID: [Suppression]] = [:]
        for file in files {
            let found = find(in: file)
            if !found.isEmpty { suppressions[file.id] = found }
        }
        guard !suppressions.isEmpty else { return }
        var tables: [FileID: LineTable] = [:]
        var used = Set<Int>()
        func key(_ range: SourceRange) -> Int { Int(range.file.raw) << 32 | Int(range.start) }
        diagnostics.remove { diagnostic in
            guard let group = diagnostic.group, let list = suppressions[diagnostic.range.file] else { return false }
            let file = files.first { $0.id == diagnostic.range.file }!
            let table = tables[file.id] ?? LineTable(file.bytes)
            tables[file.id] = table
            let line = table.line(of: diagnostic.range.startOffset)
            guard let match = list.first(where: { $0.group == group && $0.line == line }) else { return false }
            used.insert(key(match.range))
            return true
        }
        for list in suppressions.values.sorted(by: { $0[0].range.file < $1[0].range.file }) {
            for suppression in list where !used.contains(key(suppression.range)) {
                if DiagnosticGroups.group(named: suppression.group) == nil {
                    diagnostics.append(.unknownSuppressionGroup(suppression.group,
                                                                suggestion: Suggestions.bestMatch(for: suppression.group, in: DiagnosticGroups.names),
                                                                at: suppression.range))
                } else {
                    diagnostics.append(.unusedSuppression(suppression.group, line: suppression.line, at: suppression.range))
                }
            }
        }
    }
}
