import Foundation
import Testing
import LifecycleCompiler

/// The broken-spec corpus: every `.lifecycle` file directly under `Fixtures/Diagnostics` and
/// `Fixtures/Valid` is compiled, and the diagnostics it produces must equal the expectations
/// written inline in it (and in the files it imports). `Fixtures/Diagnostics/README.md`
/// describes the `// expected-error {{…}}` syntax.
@Suite struct DiagnosticFixtureTests {
    static let fixturesRoot = Repository.fixtures

    /// Fixture paths relative to `Fixtures/`, e.g. `Diagnostics/UnknownState.lifecycle`.
    static let allFixtureFiles: [String] = ["Diagnostics", "Valid"].flatMap { folder -> [String] in
        let names = (try? FileManager.default.contentsOfDirectory(atPath: fixturesRoot.appendingPathComponent(folder).path)) ?? []
        return names.filter { $0.hasSuffix(".lifecycle") }.sorted().map { "\(folder)/\($0)" }
    }

    @Test(arguments: allFixtureFiles)
    func fixture(_ relativePath: String) throws {
        let path = Self.fixturesRoot.appendingPathComponent(relativePath).path
        let result = try FixtureVerifier.verify(rootPath: path, displayRoot: Self.fixturesRoot.path + "/")
        for problem in result.malformed {
            Issue.record("malformed expectation: \(problem)")
        }
        if relativePath.hasPrefix("Valid/") {
            #expect(result.expected.isEmpty, "a Valid fixture must not expect diagnostics")
        } else {
            #expect(!result.expected.isEmpty, "a Diagnostics fixture must expect at least one diagnostic")
        }
        if let knownIssue = result.knownIssue {
            withKnownIssue(Comment(rawValue: knownIssue)) {
                #expect(result.diff.isEmpty, "\(relativePath):\n\(result.diff)")
            }
        } else {
            #expect(result.diff.isEmpty, "\(relativePath):\n\(result.diff)")
        }
    }

    /// The corpus is where the harness thinks it is, and covers both folders.
    @Test func corpusIsFound() {
        #expect(Self.allFixtureFiles.filter { $0.hasPrefix("Diagnostics/") }.count >= 40)
        #expect(Self.allFixtureFiles.filter { $0.hasPrefix("Valid/") }.count >= 5)
    }

    /// Every spec in Examples/ checks with no diagnostics.
    @Test func examplesCheckClean() throws {
        let examples = Self.fixturesRoot.deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Examples")
        let names = try FileManager.default.contentsOfDirectory(atPath: examples.path).filter { $0.hasSuffix(".lifecycle") }
        #expect(names.count >= 4)
        for name in names.sorted() {
            let result = try FixtureVerifier.verify(rootPath: examples.appendingPathComponent(name).path,
                                                    displayRoot: examples.path + "/")
            #expect(result.diff.isEmpty, "Examples/\(name):\n\(result.diff)")
        }
    }

    // MARK: - The harness itself must be able to fail

    @Test func harnessReportsMissingAndUnexpectedDiagnostics() {
        let source = """
        machine M {
            initial state A
            A -> B on go // expected-error {{unknown state 'Q'}}
        }
        """
        let result = FixtureVerifier.verify(compiling: "t.lifecycle", source: source)
        #expect(result.diff.contains("missing:   t.lifecycle:3: error: unknown state 'Q'"), "\(result.diff)")
        #expect(result.diff.contains("unexpected: t.lifecycle:3:10: error: unknown state 'B'"), "\(result.diff)")
    }

    @Test func harnessChecksColumnsOffsetsAndNotes() {
        let source = """
        machine M {
            initial state A
            state Background // expected-note {{'Background' declared here}}
            // expected-error@+1:10 {{unknown state 'Backgruond'; did you mean 'Background'?}}
            A -> Backgruond on go
            Background -> A on back
        }
        """
        #expect(FixtureVerifier.verify(compiling: "t.lifecycle", source: source).diff == "")
        let wrongColumn = source.replacingOccurrences(of: "@+1:10", with: "@+1:11")
        #expect(FixtureVerifier.verify(compiling: "t.lifecycle", source: wrongColumn).diff.contains("missing:"))
        let wrongNote = source.replacingOccurrences(of: "declared here}}", with: "declared there}}")
        #expect(FixtureVerifier.verify(compiling: "t.lifecycle", source: wrongNote).diff.contains("unexpected: t.lifecycle:3:11: note:"))
    }

    @Test func unlistedNotesAreIgnoredWithoutExpectedNotes() {
        let source = """
        machine M {
            initial state A
            state Background
            A -> Backgruond on go // expected-error {{unknown state 'Backgruond'; did you mean 'Background'?}}
            Background -> A on back
        }
        """
        #expect(FixtureVerifier.verify(compiling: "t.lifecycle", source: source).diff == "")
    }

    @Test func malformedExpectationsAreReported() {
        let result = FixtureVerifier.verify(compiling: "t.lifecycle", source: "// expected-error {{no end\n// expected-eror {{x}}\n")
        #expect(result.malformed.count == 2, "\(result.malformed)")
    }

    @Test func messageMayEndInBraces() {
        let parsed = FixtureVerifier.expectations(in: #"x // expected-error {{a \u{…}}} expected-note {{b}}"#, fileKey: "f")
        #expect(parsed.expectations.map(\.message) == [#"a \u{…}"#, "b"])
    }
}

/// Parses `-verify` style expectations and compares them with a compilation's diagnostics.
enum FixtureVerifier {
    struct Expectation: Hashable, CustomStringConvertible {
        var fileKey: String
        /// Nil matches any line (`@FILE:*`).
        var line: Int?
        var column: Int?
        var severity: String
        var message: String

        var description: String {
            "\(fileKey):\(line.map(String.init) ?? "*")\(column.map { ":\($0)" } ?? ""): \(severity): \(message)"
        }
    }

    struct Produced: CustomStringConvertible {
        var fileKey: String
        var line: Int
        var column: Int
        var severity: String
        var message: String

        var description: String { "\(fileKey):\(line):\(column): \(severity): \(message)" }

        func matches(_ e: Expectation) -> Bool {
            fileKey == e.fileKey && severity == e.severity && message == e.message
                && (e.line == nil || e.line == line) && (e.column == nil || e.column == column)
        }
    }

    struct Result {
        var expected: [Expectation] = []
        var produced: [Produced] = []
        var malformed: [String] = []
        var knownIssue: String?
        /// Empty when the produced diagnostics equal the expected ones.
        var diff = ""
    }

    struct ParsedFile {
        var expectations: [Expectation] = []
        var malformed: [String] = []
        var warningsAsErrors = false
        var knownIssue: String?
    }

    /// Reads the root from disk and follows imports on disk.
    static func verify(rootPath: String, displayRoot: String) throws -> Result {
        let data = try Data(contentsOf: URL(fileURLWithPath: rootPath))
        let files = SourceFiles()
        let root = files.add(path: rootPath, bytes: Array(data))
        let options = expectations(in: String(decoding: data, as: UTF8.self), fileKey: "")
        let compilation = Compiler.compile(root, files: files, loader: { path, files in
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                return .failure(LoadFailure("No such file or directory"))
            }
            guard !isDirectory.boolValue, let data = FileManager.default.contents(atPath: path) else {
                return .failure(LoadFailure("is a directory"))
            }
            return .success(files.add(path: path, bytes: Array(data)))
        }, settings: CompileSettings(warningsAsErrors: options.warningsAsErrors))
        return compare(compilation) { path in
            path.hasPrefix(displayRoot) ? String(path.dropFirst(displayRoot.count)) : path
        }
    }

    /// Compiles source held in memory (for testing the harness).
    static func verify(compiling path: String, source: String) -> Result {
        let options = expectations(in: source, fileKey: path)
        return compare(Compiler.compile(path: path, source: source, settings: CompileSettings(warningsAsErrors: options.warningsAsErrors))) { $0 }
    }

    static func compare(_ compilation: Compilation, key: (String) -> String) -> Result {
        compare(files: compilation.files, diagnostics: compilation.diagnostics, key: key)
    }

    /// The same for diagnostics of any stage (`migrate`'s), over every file in `sourceFiles`.
    static func compare(files sourceFiles: SourceFiles, diagnostics: Diagnostics, key: (String) -> String) -> Result {
        var result = Result()
        let files = sourceFiles.files
        for file in files where !file.path.hasPrefix("<") {
            let parsed = expectations(in: String(decoding: file.bytes, as: UTF8.self), fileKey: key(file.path))
            result.expected += parsed.expectations
            result.malformed += parsed.malformed
            result.knownIssue = result.knownIssue ?? parsed.knownIssue
        }
        let checkNotes = result.expected.contains { $0.severity == "note" }
        func produced(_ severity: String, _ message: String, _ range: SourceRange) -> Produced {
            let file = sourceFiles[range.file]
            let position = file.lineColumn(of: range.startOffset, table: LineTable(file.bytes))
            return Produced(fileKey: key(file.path), line: position.line, column: position.column,
                            severity: severity, message: message)
        }
        for diagnostic in diagnostics.all {
            result.produced.append(produced(diagnostic.severity.rawValue, diagnostic.message, diagnostic.range))
            guard checkNotes else { continue }
            for note in diagnostic.notes {
                result.produced.append(produced("note", note.message, note.range ?? diagnostic.range))
            }
        }

        // Match the most specific expectations first, so that a wildcard can't take a
        // diagnostic a precise expectation needs.
        var unmatched = result.produced
        var missing: [Expectation] = []
        let ordered = result.expected.sorted { ($0.line == nil ? 2 : 0) + ($0.column == nil ? 1 : 0) < ($1.line == nil ? 2 : 0) + ($1.column == nil ? 1 : 0) }
        for expectation in ordered {
            if let index = unmatched.firstIndex(where: { $0.matches(expectation) }) {
                unmatched.remove(at: index)
            } else {
                missing.append(expectation)
            }
        }
        var lines: [String] = []
        lines += missing.map { "missing:   \($0)" }
        lines += unmatched.map { "unexpected: \($0)" }
        result.diff = lines.joined(separator: "\n")
        return result
    }

    /// Parses every `expected-<severity>[@LOC][:COL] {{message}}` in `text`.
    ///
    /// LOC is `+N` / `-N` (relative line), `N` (absolute line) or `FILE:LINE` / `FILE:*`
    /// (another file, by its path relative to Fixtures/ or `<UIKit>`; `*` is any line).
    static func expectations(in text: String, fileKey: String) -> ParsedFile {
        var parsed = ParsedFile()
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let lineNumber = index + 1
            let line = Substring(rawLine)
            if line.contains("verify-options:") && line.contains("warnings-as-errors") { parsed.warningsAsErrors = true }
            if let range = line.range(of: "verify-known-issue:") {
                parsed.knownIssue = line[range.upperBound...].trimmingCharacters(in: .whitespaces)
            }
            var rest = line[...]
            while let marker = rest.range(of: "expected-") {
                rest = rest[marker.upperBound...]
                let where_ = "\(fileKey):\(lineNumber)"
                guard let severity = ["error", "warning", "note"].first(where: { rest.hasPrefix($0) }) else {
                    parsed.malformed.append("\(where_): unknown kind after 'expected-'")
                    continue
                }
                rest = rest.dropFirst(severity.count)
                let spec = rest.prefix { $0 != " " && $0 != "{" }
                rest = rest.dropFirst(spec.count).drop { $0 == " " }
                guard rest.hasPrefix("{{") else {
                    parsed.malformed.append("\(where_): expected '{{' after 'expected-\(severity)\(spec)'")
                    continue
                }
                rest = rest.dropFirst(2)
                // The message ends at the first '}}' not followed by another '}', so that a
                // message may itself end in '}'.
                var end = rest.startIndex
                var found: Substring.Index?
                while let close = rest[end...].range(of: "}}") {
                    var after = close.upperBound
                    while after < rest.endIndex && rest[after] == "}" { after = rest.index(after: after) }
                    found = rest.index(after, offsetBy: -2)
                    end = after
                    break
                }
                guard let messageEnd = found else {
                    parsed.malformed.append("\(where_): '{{' without a closing '}}'")
                    break
                }
                let message = String(rest[..<messageEnd])
                rest = rest[end...]
                guard var expectation = location(String(spec), line: lineNumber, fileKey: fileKey) else {
                    parsed.malformed.append("\(where_): bad location '\(spec)'")
                    continue
                }
                expectation.severity = severity
                expectation.message = message
                parsed.expectations.append(expectation)
            }
        }
        return parsed
    }

    /// `@+1:17`, `@3`, `@<UIKit>:*`, `:17` or nothing.
    static func location(_ spec: String, line: Int, fileKey: String) -> Expectation? {
        var e = Expectation(fileKey: fileKey, line: line, column: nil, severity: "", message: "")
        var parts = spec.isEmpty ? [] : spec.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        if spec.hasPrefix("@") {
            let first = String(parts.removeFirst().dropFirst())
            if let offset = Int(first) {
                e.line = first.hasPrefix("+") || first.hasPrefix("-") ? line + offset : offset
            } else {
                guard !first.isEmpty, !parts.isEmpty else { return nil }
                e.fileKey = first
                let lineText = parts.removeFirst()
                if lineText == "*" { e.line = nil } else {
                    guard let value = Int(lineText) else { return nil }
                    e.line = value
                }
            }
        } else if !spec.isEmpty {
            guard spec.hasPrefix(":") else { return nil }
            parts.removeFirst()
        }
        if let columnText = parts.first {
            guard parts.count == 1, let column = Int(columnText), column > 0 else { return nil }
            e.column = column
        }
        return e
    }
}
