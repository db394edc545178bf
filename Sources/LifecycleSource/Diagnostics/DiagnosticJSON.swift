/// Diagnostics as one JSON array, for editors and CI (`--format json`).
///
/// Each element: `{"file", "line", "column", "endLine", "endColumn", "severity", "id", "group"? (a
/// warning's named group), "message", "notes": [{"file", "line", "column", "message"}], "fixIt"?: {"file", "line",
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
                    if let group = diagnostic.group { json.field("group", group) }
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
