/// Renders `conform` results: a summary per conforming log for people, or one JSON array.
public enum ConformanceFormatter {
    public typealias Report = Conformance.Report

    /// `Examples/logs/scene.log: conforms to 'Scene' (9 callbacks, 3 other lines)` (or `9 phase
    /// changes` for a SwiftUI machine's log), then the
    /// lines it could not use and why, which callbacks were taken as not logged, and where the
    /// run ends.
    public static func text(log path: String, automaton: String, report: Report) -> String {
        // A SwiftUI machine's log names phase changes, and maybe callbacks.
        var counted = report.phaseChangeCount == 0 ? count(report.callbackCount, "callback")
            : count(report.phaseChangeCount, "phase change")
        if report.phaseChangeCount > 0 && report.callbackCount > report.phaseChangeCount {
            counted = count(report.callbackCount - report.phaseChangeCount, "callback") + ", " + counted
        }
        var text = "\(Diagnostic.printablePath(path)): conforms to '\(automaton)' (\(counted), \(count(report.skippedLines, "other line")))\n"
        if report.unmatched.count > 0 {
            let examples = report.unmatched.examples.map { "line \($0.line) '\(VisibleText.escaped($0.text))'" }
            let names = report.unmatched.instanceNames.map { $0.joined(separator: " or ") }
            text += "  not matched to an instance: \(count(report.unmatched.count, "line")), e.g. \(examples.joined(separator: ", ")); "
                + "the instances are named \(names.joined(separator: ", ")) ('--instance NAME=WORD' adds a name)\n"
        }
        if !report.unchecked.isEmpty {
            text += "  callbacks no \(report.ofSystem ? "event" : "transition") of '\(automaton)' calls: "
                + report.unchecked.map { "\(VisibleText.escaped($0.callback)) ×\($0.lines)" }.joined(separator: ", ") + "\n"
        }
        if report.cutLines > 0 {
            text += "  \(count(report.cutLines, "line")) longer than \(LogLines.maximumLength >> 20) MiB, read up to that length\n"
        }
        if !report.notLogged.isEmpty {
            text += "  not logged: " + report.notLogged.joined(separator: ", ") + "\n"
        }
        if !report.ends.isEmpty || !report.endsPartway.isEmpty {
            let settled = report.ends.isEmpty ? [] : ["in " + Suggestions.orList(report.ends)]
            text += "  ends " + (settled + report.endsPartway).joined(separator: ", or ") + "\n"
        }
        return text
    }

    static func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }

    /// One result of `json`.
    public struct Entry {
        /// The log as the command line named it (`<stdin>` for `-`).
        public var path: String
        /// Nil for a log that could not be read (`error` says why).
        public var report: Report?
        public var error: String?
        public init(path: String, report: Report) {
            self.path = path
            self.report = report
        }

        /// A log that could not be read: `{"log", "automaton", "conforms": false, "error"}`.
        public init(path: String, error: String) {
            self.path = path
            self.error = error
        }
    }

    /// `[{"log", "automaton", "conforms", "lines", "callbacks", "skippedLines",
    /// "unmatchedLines": {"count", "examples": [{"line", "text"}], "instanceNames": [[name]]},
    /// "uncheckedCallbacks": [{"callback", "lines"}], "cutLines", "notLogged", "ends", "endsPartway",
    /// "diagnostics": [{"severity", "id", "line", "column", "message", "notes": [{"line", "column", "message"}]}]}]`,
    /// keys in this order; a log that could not be read is `{"log", "automaton", "conforms":
    /// false, "error"}`. A note without a place has null line and column. `files` holds what
    /// the diagnostics point into.
    public static func json(_ entries: [Entry], automaton: String, files: SourceFiles) -> String {
        let json = JSONWriter()
        let tables = LineTableCache()
        json.array {
            for entry in entries {
                func place(_ range: SourceRange?) {
                    if let range {
                        let position = tables.position(of: range.startOffset, in: files[range.file])
                        json.field("line", position.line)
                        json.field("column", position.column)
                    } else {
                        json.key("line"); json.null()
                        json.key("column"); json.null()
                    }
                }
                guard let report = entry.report else {
                    json.object {
                        json.field("log", FileName.display(entry.path))
                        json.field("automaton", automaton)
                        json.key("conforms"); json.bool(false)
                        json.field("error", entry.error)
                    }
                    continue
                }
                json.object {
                    json.field("log", FileName.display(entry.path))
                    json.field("automaton", automaton)
                    json.key("conforms"); json.bool(report.conforms)
                    json.field("lines", report.lineCount)
                    json.field("callbacks", report.callbackCount)
                    if report.phaseChangeCount > 0 { json.field("phaseChanges", report.phaseChangeCount) }
                    json.field("skippedLines", report.skippedLines)
                    json.key("unmatchedLines")
                    json.object {
                        json.field("count", report.unmatched.count)
                        json.key("examples")
                        json.array {
                            for example in report.unmatched.examples {
                                json.object {
                                    json.field("line", example.line)
                                    json.field("text", example.text)
                                }
                            }
                        }
                        json.key("instanceNames")
                        json.array { for names in report.unmatched.instanceNames { json.array { for name in names { json.string(name) } } } }
                    }
                    json.key("uncheckedCallbacks")
                    json.array {
                        for unchecked in report.unchecked {
                            json.object {
                                json.field("callback", unchecked.callback)
                                json.field("lines", unchecked.lines)
                            }
                        }
                    }
                    json.field("cutLines", report.cutLines)
                    json.key("notLogged"); json.array { for name in report.notLogged { json.string(name) } }
                    json.key("ends"); json.array { for name in report.ends { json.string(name) } }
                    json.key("endsPartway"); json.array { for name in report.endsPartway { json.string(name) } }
                    json.key("diagnostics")
                    json.array {
                        for diagnostic in report.diagnostics.sorted() {
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
