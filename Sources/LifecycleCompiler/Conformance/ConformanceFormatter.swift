/// Renders `conform` results: a line per conforming log for people, or one JSON array.
public enum ConformanceFormatter {
    /// `Examples/logs/scene.log: conforms to 'Scene' (9 callbacks, 3 other lines)`, then which
    /// callbacks were taken as not logged, and where the run ends.
    public static func text(log path: String, automaton: String, report: Report) -> String {
        var text = "\(Diagnostic.printablePath(path)): conforms to '\(automaton)' (\(count(report.callbackCount, "callback")), \(count(report.skippedLines, "other line")))\n"
        if !report.notLogged.isEmpty {
            text += "  not logged: " + report.notLogged.joined(separator: ", ") + "\n"
        }
        if !report.ends.isEmpty {
            text += "  ends in " + Conformance.orList(report.ends) + "\n"
        }
        return text
    }

    public typealias Report = Conformance.Report

    static func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }

    /// One result of `json`.
    public struct Entry {
        public var path: String
        public var file: SourceFile?
        public var report: Report
        public init(path: String, file: SourceFile?, report: Report) {
            self.path = path
            self.file = file
            self.report = report
        }
    }

    /// `[{"log", "automaton", "conforms", "callbacks", "skippedLines", "notLogged", "ends",
    /// "diagnostics": [{"severity", "id", "line", "column", "message", "notes": [{"line", "column", "message"}]}]}]`,
    /// keys in this order. A note without a place has null line and column.
    public static func json(_ entries: [Entry], automaton: String) -> String {
        let json = JSONWriter()
        json.array {
            for entry in entries {
                let table = entry.file.map { LineTable($0.bytes) }
                func place(_ range: SourceRange?) {
                    if let range, let file = entry.file, let table {
                        let position = file.lineColumn(of: range.startOffset, table: table)
                        json.field("line", position.line)
                        json.field("column", position.column)
                    } else {
                        json.key("line"); json.null()
                        json.key("column"); json.null()
                    }
                }
                json.object {
                    json.field("log", FileName.display(entry.path))
                    json.field("automaton", automaton)
                    json.key("conforms"); json.bool(entry.report.conforms)
                    json.field("callbacks", entry.report.callbackCount)
                    json.field("skippedLines", entry.report.skippedLines)
                    json.key("notLogged"); json.array { for name in entry.report.notLogged { json.string(name) } }
                    json.key("ends"); json.array { for name in entry.report.ends { json.string(name) } }
                    json.key("diagnostics")
                    json.array {
                        for diagnostic in entry.report.diagnostics.sorted() {
                            json.object {
                                json.field("severity", diagnostic.severity.rawValue)
                                json.field("id", diagnostic.id)
                                place(diagnostic.range)
                                json.field("message", diagnostic.message)
                                json.key("notes")
                                json.array {
                                    for note in diagnostic.notes {
                                        json.object {
                                            place(note.range)
                                            json.field("message", note.message)
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        return json.output + "\n"
    }
}
