import LifecycleSource

/// Renders `conform` results: a summary per conforming log for people, or one JSON array.
public enum ConformanceFormatter {
    public typealias Report = Conformance.Report

    /// `Examples/logs/scene.log: conforms to 'Scene' (9 callbacks, 3 other lines)` (or `9 phase
    /// changes` for a SwiftUI machine's log), then the
    /// lines it could not use and why, which callbacks were taken as not logged, and where the
    /// run ends.
    public static func text(log path: String, automaton: String, report: Report) -> String {
        if report.nothingLogged {
            return "\(Diagnostic.printablePath(path)): not checked against '\(automaton)': no line names one of its callbacks\n"
        }
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
            if report.unmatchedAreMachines {
                text += "  not matched to a machine: \(count(report.unmatched.count, "line")), e.g. \(examples.joined(separator: ", ")); "
                    + "a line names the machine of a callback several have by \(names.joined(separator: ", "))\n"
            } else {
                text += "  not matched to an instance: \(count(report.unmatched.count, "line")), e.g. \(examples.joined(separator: ", ")); "
                    + "the instances are named \(names.joined(separator: ", ")) ('--instance NAME=WORD' adds a name)\n"
            }
        }
        if !report.unchecked.isEmpty {
            text += "  callbacks no \(report.ofSystem ? "event" : "transition") of '\(automaton)' calls: "
                + report.unchecked.map { "\(VisibleText.escaped($0.callback)) ×\($0.lines)" }.joined(separator: ", ") + "\n"
        }
        if !report.notLogged.isEmpty {
            text += "  not logged: " + report.notLogged.joined(separator: ", ") + "\n"
        }
        if !report.ends.isEmpty || !report.endsPartway.isEmpty {
            text += "  ends " + ends(report.ends, report.endsPartway) + "\n"
        }
        if let time = report.time {
            // A spec with time facts: whether the times were checked is never left unsaid.
            text += "  " + (time.summary ?? "time checked: every callback line's timestamp") + "\n"
        }
        if !report.instances.isEmpty {
            text += "  \(report.instanceCount) instances, told apart by the object each line prints, each checked on its own lines:\n"
            for instance in report.instances {
                let name = instance.key.isEmpty ? "the lines that print no object" : instance.key
                text += "    \(name), from line \(instance.firstLine) (\(count(instance.callbacks, "callback"))): ends "
                    + ends(instance.ends, instance.endsPartway) + "\n"
            }
            if report.instanceCount > report.instances.count {
                text += "    and \(count(report.instanceCount - report.instances.count, "more instance"))\n"
            }
        }
        return text
    }

    /// `in 'A' or 'B', or partway through …`.
    static func ends(_ settled: [String], _ partway: [String]) -> String {
        ((settled.isEmpty ? [] : ["in " + Suggestions.orList(settled)]) + partway).joined(separator: ", or ")
    }

    static func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }

    /// One result of `json`: a log checked against one machine (or system).
    public struct Entry {
        /// The log as the command line named it (`<stdin>` for `-`).
        public var path: String
        public var automaton: String
        /// Nil for a log that could not be read (`error` says why).
        public var report: Report?
        public var error: String?
        public init(path: String, automaton: String, report: Report) {
            self.path = path
            self.automaton = automaton
            self.report = report
        }

        /// A log that could not be read: `{"log", "automaton", "conforms": false, "error"}`.
        public init(path: String, automaton: String, error: String) {
            self.path = path
            self.automaton = automaton
            self.error = error
        }
    }

    /// `[{"log", "automaton", "conforms", "checked", "lines", "callbacks", "skippedLines",
    /// "unmatchedLines": {"count", "examples": [{"line", "text"}], "instanceNames": [[name]]},
    /// "uncheckedCallbacks": [{"callback", "lines"}], "notLogged", "ends", "endsPartway",
    /// "instanceCount", "instances": [{"object", "firstLine", "callbacks", "ends", "endsPartway"}],
    /// "diagnostics": [{"severity", "id", "line", "column", "message", "notes": [{"line", "column", "message"}]}]}]`,
    /// keys in this order, one object per log and machine; a log that could not be read is
    /// `{"log", "automaton", "conforms": false, "error"}`. `checked` is false for a machine
    /// none of whose callbacks the log names, checked beside others; `instances` lists the
    /// objects the lines print (empty when they print none; `object` "" for the lines that print
    /// none). A note without a place has null line and column. `files` holds what the
    /// diagnostics point into.
    public static func json(_ entries: [Entry], files: SourceFiles) -> String {
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
                        json.field("automaton", entry.automaton)
                        json.key("conforms"); json.bool(false)
                        json.field("error", entry.error)
                    }
                    continue
                }
                json.object {
                    json.field("log", FileName.display(entry.path))
                    json.field("automaton", entry.automaton)
                    json.key("conforms"); json.bool(report.conforms)
                    json.key("checked"); json.bool(!report.nothingLogged)
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
                    json.key("notLogged"); json.array { for name in report.notLogged { json.string(name) } }
                    json.key("ends"); json.array { for name in report.ends { json.string(name) } }
                    json.key("endsPartway"); json.array { for name in report.endsPartway { json.string(name) } }
                    json.field("instanceCount", report.instanceCount)
                    json.key("instances")
                    json.array {
                        for instance in report.instances {
                            json.object {
                                json.field("object", instance.key)
                                json.field("firstLine", instance.firstLine)
                                json.field("callbacks", instance.callbacks)
                                json.key("ends"); json.array { for name in instance.ends { json.string(name) } }
                                json.key("endsPartway"); json.array { for name in instance.endsPartway { json.string(name) } }
                            }
                        }
                    }
                    if let time = report.time {
                        // Only for a spec with time facts (issue 43): whether the lines' times were checked.
                        json.key("time")
                        json.object {
                            json.key("checked"); json.bool(time.checked)
                            json.field("linesWithoutTimestamp", time.linesWithoutTimestamp)
                            json.key("firstLineWithoutTimestamp")
                            if let first = time.firstLineWithoutTimestamp { json.number(first) } else { json.null() }
                            json.field("notCheckedBecause", time.notCheckedBecause)
                            json.key("fromLine")
                            if let from = time.fromLine { json.number(from) } else { json.null() }
                            json.field("summary", time.summary)
                        }
                    }
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
