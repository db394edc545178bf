import Foundation
import Testing
import LifecycleCompiler

/// Issue 43: `log show`/`log stream --style json` and `--style ndjson` logs are read by
/// `LogJSONLines` into the message lines the text pipeline reads, checked in time like any
/// other; malformed JSON is an error at its line and column. Fed in chunks of every size.
@Suite struct LogJSONLinesTests {
    /// What `LogJSONLines` hands out for `text`, fed `chunk` bytes at a time, and its failure.
    static func lines(_ text: String, chunk: Int, maximumLength: Int = LogCheck.defaultMaximumLineLength) -> (String, LogJSONLines.Failure?) {
        var front = LogJSONLines(maximumLength: maximumLength)
        var out: [UInt8] = []
        let bytes = Array(text.utf8)
        var start = 0
        var going = true
        while going && start < bytes.count {
            let end = min(bytes.count, start + chunk)
            going = bytes[start..<end].withUnsafeBufferPointer { front.feed($0) { out += $0; return true } }
            start = end
        }
        if going { _ = front.finish { out += $0; return true } }
        return (String(decoding: out, as: UTF8.self), front.failure)
    }

    static let pretty = """
        [{
          "traceID" : 123,
          "eventMessage" : "applicationDidEnterBackground",
          "timestamp" : "2026-11-24 10:00:00.100000+0100",
          "processImagePath" : "\\/Apps\\/Notes",
          "nested" : { "eventMessage" : "not this", "list" : [1, -2.5e3, true, null] }
        },{
          "eventMessage" : "applicationWillEnterForeground \\u00e9\\ud83d\\ude00 \\"quoted\\"\\nsecond",
          "timestamp" : "2026-11-24 10:00:08.300000+0100"
        }]
        """

    @Test func aPrettyJSONArrayBecomesMessageLinesNumberedAsTheJSON() {
        for chunk in [1, 2, 3, 7, 64, 4096] {
            let (text, failure) = Self.lines(Self.pretty, chunk: chunk)
            #expect(failure == nil)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(lines.count == 9, "\(chunk): \(text)")
            #expect(lines[2] == "2026-11-24 10:00:00.100000+0100 applicationDidEnterBackground", "\(chunk): \(text)")
            #expect(lines[7] == "2026-11-24 10:00:08.300000+0100 applicationWillEnterForeground é😀 \"quoted\" second", "\(chunk): \(text)")
        }
    }

    @Test func ndjsonIsOneLineAnObjectAndTextPassesThrough() {
        let ndjson = "{\"timestamp\":\"2026-11-24 10:00:00.1+0100\",\"eventMessage\":\"a\"}\n{\"eventMessage\":\"b\"}\n"
        #expect(Self.lines(ndjson, chunk: 5).0 == "2026-11-24 10:00:00.1+0100 a\nb\n")
        let text = "[SceneDelegate] scene(_:willConnectTo:options:)\n[x] y\n"
        #expect(Self.lines(text, chunk: 3).0 == text)
        #expect(Self.lines("  \n", chunk: 1).0 == "  \n")
    }

    @Test func malformedJSONIsALocatedError() {
        let cases: [(String, Int, Int, String)] = [
            ("[{\n  \"a\" : 1 x\n}]", 2, 11, "expected ',' or '}', found 'x'"),
            ("[{\n  \"a\" 1\n}]", 2, 7, "expected ':' after the key"),
            ("[{\"a\": tru}]", 1, 11, "'tru' is not a JSON value"),
            ("[{\"a\": \"\\q\"}]", 1, 10, "'\\q' is not a JSON escape"),
            ("[{\"a\": 1}", 1, 9, "the log ends inside an array; expected ']'"),
            ("{\"a\": \"open", 1, 11, "the log ends inside a string"),
            ("[{\"a\": 1]", 1, 9, "expected ',' or '}', found ']'"),
        ]
        for (json, line, column, message) in cases {
            for chunk in [1, 4, 100] {
                let failure = Self.lines(json, chunk: chunk).1
                #expect(failure?.line == line, "\(json): \(String(describing: failure))")
                #expect(failure?.column == column, "\(json): \(String(describing: failure))")
                #expect(failure?.message.contains(message) == true, "\(json): \(String(describing: failure))")
            }
        }
        let files = SourceFiles()
        let failure = Self.lines("[{\n  \"a\" : 1 x\n}]", chunk: 4).1!
        var diagnostics = Diagnostics()
        diagnostics.append(failure.diagnostic(path: "log.json", files: files))
        let rendered = DiagnosticRenderer(files: files).render(diagnostics)
        #expect(rendered.contains("log.json:2:11: error: this JSON log is malformed: expected ',' or '}', found 'x'"), "\(rendered)")
    }

    /// An entry whose line would be over the bound is an error at its message with the line's
    /// whole length (timestamp, a space, message: what `--max-line-length` must allow), not
    /// the length of the part kept; one exactly at the bound is read.
    @Test func anEntryOverTheLineBoundSaysItsWholeLength() {
        let stamp = "2026-11-24 10:00:00.1+0100"  // 26 bytes
        let message = String(repeating: "é", count: 150) + " sceneDidBecomeActive"  // 321 bytes
        for (json, length) in [
            ("{\"timestamp\":\"\(stamp)\",\"eventMessage\":\"\(message)\"}\n", 26 + 1 + 321),
            ("[{\n  \"eventMessage\" : \"\(message)\",\n  \"timestamp\" : \"\(stamp)\"\n}]\n", 26 + 1 + 321),
            ("{\"eventMessage\":\"\(message)\"}\n", 321),
        ] {
            for chunk in [3, 100, 4096] {
                let failure = Self.lines(json, chunk: chunk, maximumLength: 100).1
                #expect(failure?.tooLong?.length == length, "\(json): \(String(describing: failure))")
                #expect(failure?.tooLong?.maximum == 100)
                #expect(failure?.line == (json.hasPrefix("[") ? 2 : 1))
                let files = SourceFiles()
                var diagnostics = Diagnostics()
                diagnostics.append(failure!.diagnostic(path: "log.json", files: files))
                let rendered = DiagnosticRenderer(files: files).render(diagnostics)
                #expect(rendered.contains("error: this entry's line (its timestamp and message) is \(length) bytes long, longer than the 100 'conform' reads; '--max-line-length \(length)' reads it"), "\(rendered)")
            }
            // At its length, it is read.
            let (text, failure) = Self.lines(json, chunk: 100, maximumLength: length)
            #expect(failure == nil)
            #expect(text.contains("sceneDidBecomeActive"))
        }
    }

    @Test func aJSONLogIsCheckedInTimeThroughTheCheck() throws {
        let automaton = try TimedConformanceTests.automaton()
        for (json, conforms) in [(Self.pretty, false), (Self.pretty.replacingOccurrences(of: "10:00:08.3", with: "10:00:04.3"), true)] {
            let files = SourceFiles()
            var survey = LogSurvey(LogReader(automaton))
            var front = LogJSONLines()
            let bytes = Array(json.utf8)
            bytes.withUnsafeBufferPointer { _ = front.feed($0) { survey.feed($0) } }
            _ = front.finish { survey.feed($0) }
            survey.finish()
            let check = LogCheck(automaton, reader: LogReader(automaton), logging: .named(survey.named), allowEmpty: false,
                                 path: "log.json", excerpts: files)
            var second = LogJSONLines()
            bytes.withUnsafeBufferPointer { _ = second.feed($0) { check.feed($0) } }
            _ = second.finish { check.feed($0) }
            let report = check.finish()[0]
            let text = DiagnosticRenderer(files: files).render(report.diagnostics)
            #expect(report.conforms == conforms, "\(text)")
            if !conforms { #expect(text.contains("log.json:8:"), "\(text)") }
            #expect(report.time?.checked == true)
        }
    }
}

/// `JSONGrammar` is what both JSON readers take a number to be: the document parser and the
/// log scanner accept and refuse the same scalars.
@Suite struct JSONGrammarTests {
    @Test func bothReadersAgreeOnNumbers() {
        let numbers = ["0", "-0", "7", "-12", "1.5", "0.25e-3", "6E+2", "1e9"]
        #expect(!JSONGrammar.isNumber(""))
        let others = ["-", "01", "-01", "1.", ".5", "1e", "1e+", "+1", "0x1F", "1.2.3", "1_000", "١"]
        for text in numbers {
            #expect(JSONGrammar.isNumber(text), "\(text)")
            #expect((try? JSONValue.parse("[\(text)]").get()) != nil, "\(text)")
        }
        for text in others {
            #expect(!JSONGrammar.isNumber(text), "\(text)")
            #expect((try? JSONValue.parse("[\(text)]").get()) == nil, "\(text)")
        }
        #expect(JSONGrammar.hexDigit(UInt8(ascii: "f")) == 15 && JSONGrammar.hexDigit(UInt8(ascii: "G")) == nil)
        #expect(JSONGrammar.scalar(high: 0xD83D, low: 0xDE00) == 0x1F600)
    }
}
