/// Diagnostics as one JSON array, for editors and CI (`--format json`).
///
/// Each element: `{"file", "line", "column", "endLine", "endColumn", "severity", "id",
/// "message", "notes": [{"file", "line", "column", "message"}], "fixIt"?: {"file", "line",
/// "column", "endLine", "endColumn", "replacement"}}`. Every note and every fix-it names its
/// file: a fix-it may edit another file than the one its diagnostic is in (`check --impl`
/// reports a missing callback in the spec and fixes the near miss in the Swift file).
/// Keys are written in a fixed order, so the output is deterministic. With a `limit` on the
/// diagnostics (`--error-limit N`), the first N are written.
public enum DiagnosticJSON {
    /// When the command line's ceiling (`Diagnostics.maximumKept`) left diagnostics out of the
    /// array: the message of one note for stderr that counts them, so the array itself keeps its shape.
    public static func notWrittenNote(_ diagnostics: Diagnostics) -> String? {
        guard diagnostics.limit == Diagnostics.maximumKept else { return nil }
        let written = min(diagnostics.all.count, diagnostics.limit)
        let rest = diagnostics.errorCount + diagnostics.warningCount - written
        guard rest > 0 else { return nil }
        return "\(rest) more diagnostic\(rest == 1 ? "" : "s") not written; "
            + "'--format json' lists at most \(Diagnostics.maximumKept)"
    }

    public static func render(_ diagnostics: Diagnostics, files: SourceFiles) -> String {
        let tables = LineTableCache()
        func position(_ range: SourceRange, end: Bool = false) -> LineColumn {
            tables.position(of: end ? range.endOffset : range.startOffset, in: files[range.file])
        }
        let json = JSONWriter()
        json.array {
            for diagnostic in diagnostics.sorted().prefix(diagnostics.limit > 0 ? diagnostics.limit : Int.max) {
                json.object {
                    let start = position(diagnostic.range)
                    let end = position(diagnostic.range, end: true)
                    json.field("file", FileName.display(files[diagnostic.range.file].path))
                    json.field("line", start.line)
                    json.field("column", start.column)
                    json.field("endLine", end.line)
                    json.field("endColumn", end.column)
                    json.field("severity", diagnostic.severity.rawValue)
                    json.field("id", diagnostic.id)
                    json.field("message", diagnostic.message)
                    json.key("notes")
                    json.array {
                        for note in diagnostic.notes {
                            json.object {
                                let range = note.range ?? diagnostic.range
                                let at = position(range)
                                json.field("file", FileName.display(files[range.file].path))
                                json.field("line", at.line)
                                json.field("column", at.column)
                                json.field("message", note.message)
                            }
                        }
                    }
                    if let fixIt = diagnostic.fixIt {
                        json.key("fixIt")
                        json.object {
                            let at = position(fixIt.range)
                            let end = position(fixIt.range, end: true)
                            json.field("file", FileName.display(files[fixIt.range.file].path))
                            json.field("line", at.line)
                            json.field("column", at.column)
                            json.field("endLine", end.line)
                            json.field("endColumn", end.column)
                            json.field("replacement", fixIt.replacement)
                        }
                    }
                }
            }
        }
        return json.output + "\n"
    }
}

/// A minimal JSON writer: pretty-printed with two-space indentation, keys in call order.
public final class JSONWriter {
    public private(set) var output = ""
    private var indent = 0
    private var needsComma = [false]
    private var afterKey = false

    public init() {}

    private func beginValue() {
        if afterKey {
            afterKey = false
            return
        }
        if needsComma[needsComma.count - 1] { output += "," }
        if indent > 0 { output += "\n" + String(repeating: "  ", count: indent) }
        needsComma[needsComma.count - 1] = true
    }

    private func open(_ bracket: String, _ close: String, _ body: () -> Void) {
        beginValue()
        output += bracket
        indent += 1
        needsComma.append(false)
        body()
        let hadItems = needsComma.removeLast()
        indent -= 1
        if hadItems { output += "\n" + String(repeating: "  ", count: indent) }
        output += close
    }

    public func array(_ body: () -> Void) { open("[", "]", body) }
    public func object(_ body: () -> Void) { open("{", "}", body) }

    public func key(_ name: String) {
        beginValue()
        output += JSONWriter.quoted(name) + ": "
        afterKey = true
    }

    public func field(_ name: String, _ value: String) { key(name); string(value) }
    public func field(_ name: String, _ value: Int) { key(name); number(value) }
    public func field(_ name: String, _ value: String?) {
        key(name)
        if let value { string(value) } else { null() }
    }

    public func string(_ value: String) { beginValue(); output += JSONWriter.quoted(value) }
    public func number(_ value: Int) { beginValue(); output += String(value) }
    public func null() { beginValue(); output += "null" }
    public func bool(_ value: Bool) { beginValue(); output += value ? "true" : "false" }

    /// A JSON string literal (`StringLiteral.json`): quotes, backslashes and control characters
    /// escaped, and so are the invisible characters that a consumer might drop or a terminal
    /// might obey, `VisibleText`'s hidden set (some JSON readers, Foundation's among them,
    /// silently drop a U+FEFF written raw).
    public static func quoted(_ text: String) -> String { StringLiteral.json(text) }
}
