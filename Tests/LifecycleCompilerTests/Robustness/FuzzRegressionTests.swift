#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Testing
import LifecycleCompiler

/// One test per input the fuzzers (`Tests/Fuzz/`) found, minimised, with the behaviour that is right
/// for it. `Tests/Fuzz/RUNS.md` lists the runs that found them.
@Suite struct FuzzRegressionTests {
    /// Compiles `bytes` as `fuzz.lifecycle` the way the fuzz targets do (imports of
    /// "Other.lifecycle" get `other`), renders the diagnostics both ways and, when the spec
    /// checks, generates Swift and DOT.
    @discardableResult
    func pipeline(_ bytes: [UInt8], other: [UInt8]? = nil) -> (Compilation, text: String, json: String) {
        let files = SourceFiles()
        let root = files.add(path: "fuzz.lifecycle", bytes: bytes)
        let compilation = Compiler.compile(root, files: files, loader: { path, files in
            guard let other, path == "Other.lifecycle" else { return .failure(LoadFailure("no such file")) }
            return .success(files.add(path: path, bytes: other))
        })
        let text = DiagnosticRenderer(files: files, colors: false, limit: 50).render(compilation.diagnostics)
        let json = DiagnosticJSON.render(compilation.diagnostics, files: files)
        if let model = compilation.model {
            _ = SwiftGenerator(model: model).generate(specPath: "fuzz.lifecycle", command: "lifecycle swift")
            _ = DotGenerator(model: model).generate(specPath: "fuzz.lifecycle", command: "lifecycle dot")
        }
        return (compilation, text, json)
    }

    func pipeline(_ source: String, other: String? = nil) -> (Compilation, text: String, json: String) {
        pipeline(Array(source.utf8), other: other.map { Array($0.utf8) })
    }

    /// Each `path:line:col: severity:` header and its excerpt are lines of their own.
    func headerLines(_ text: String) -> [Substring] {
        text.split(separator: "\n").filter { $0.hasPrefix("fuzz.lifecycle:") }
    }

    // MARK: - Findings

    /// FuzzPipeline run 1: an import path is a string literal, so `\n` in it put a line break
    /// into "cannot import '…'" and split the `path:line:col: error:` line editors parse.
    @Test func importPathWithEscapedNewlineStaysOnOneLine() {
        let (compilation, text, _) = pipeline(#"import "a\nb\u{2028}c\u{85}""#)
        let diagnostic = try! #require(compilation.diagnostics.all.first { $0.id == "unreadableImport" })
        #expect(diagnostic.message == #"cannot import 'a\nb\u{2028}c\u{85}': no such file"#)
        #expect(diagnostic.range == SourceRange(file: FileID(0), start: 7, end: 28))
        #expect(headerLines(text) == [#"fuzz.lifecycle:1:8: error: cannot import 'a\nb\u{2028}c\u{85}': no such file"#])
    }

    /// FuzzPipeline run 1 (ASan heap-buffer-overflow): a backslash as the last byte of a file,
    /// inside a Swift string in a parameter list or type, stepped the lexer two bytes on, past
    /// the zero sentinel, and it read the byte after the allocation. Now the text ends at the
    /// end of the file with a located error.
    @Test(arguments: [
        ("swift-string-backslash-at-eof.lifecycle", "unclosedParameterList"),
        ("swift-type-backslash-at-eof.lifecycle", "stringInSwiftType"),
    ])
    func backslashAtEndOfSwiftString(fixture: String, expectedID: String) throws {
        let bytes = try Self.fixture(fixture)
        #expect(bytes.last == UInt8(ascii: "\\"))
        let (compilation, text, _) = pipeline(bytes)
        let ids = compilation.diagnostics.all.map(\.id)
        #expect(ids.contains(expectedID), "\(ids)")
        for diagnostic in compilation.diagnostics.all {
            #expect(diagnostic.range.endOffset <= bytes.count)
        }
        #expect(!headerLines(text).isEmpty)
    }

    /// FuzzStructured run 1: `-> "` was taken as a return type, so the spec checked and the
    /// generated skeleton said `func f() -> " {`, which is not Swift; `check --impl` and
    /// `--update` then misread the generated file. A string in a Swift type is now an error.
    @Test func stringLiteralInSwiftTypeIsAnError() {
        let (compilation, text, _) = pipeline("""
            protocol P {
                func f() -> "
                var v: [Int: "x"]
            }
            machine M {
                delegate D: P
                initial state A
                A -> A on x calls f
                require f
            }
            """)
        #expect(compilation.model == nil)
        let found = compilation.diagnostics.all.filter { $0.id == "stringInSwiftType" }
        #expect(found.map(\.range) == [SourceRange(file: FileID(0), start: 29, end: 30),
                                        SourceRange(file: FileID(0), start: 48, end: 51)])
        #expect(headerLines(text).contains("fuzz.lifecycle:2:17: error: a Swift type cannot contain a string literal"))
    }

    /// The bytes of a file in `Fixtures/FuzzRegressions/`.
    static func fixture(_ name: String) throws -> [UInt8] {
        let folder = Repository.fixtures.appendingPathComponent("FuzzRegressions").path + "/"
        guard let file = fopen(folder + name, "rb") else { throw FixtureMissing(path: folder + name) }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let read = fread(&buffer, 1, buffer.count, file)
            if read <= 0 { break }
            bytes += buffer[0..<read]
        }
        return bytes
    }

    struct FixtureMissing: Error { var path: String }
}

/// A file name with a line break (an imported file may have any name) must not split the
/// `path:line:col:` header that editors parse.
@Test func pathWithLineBreakStaysOnOneHeaderLine() {
    let compilation = Compiler.compile(path: "Main.lifecycle", source: "import \"odd\\nname.lifecycle\"\nmachine M { initial state A\n A -> A on x }\n",
                                       imports: ["odd\nname.lifecycle": "machine { }"])
    let text = DiagnosticRenderer(files: compilation.files).render(compilation.diagnostics)
    #expect(compilation.diagnostics.hasErrors)
    #expect(text.contains("odd\\nname.lifecycle:1:9: error:"), "\(text)")
    #expect(!text.contains("odd\nname"))
}

/// A machine with no states produced a model, and the DOT generator then read the initial
/// state of an empty array (FuzzPipeline and FuzzStructured both found it).
@Test func machineWithoutStatesIsAnError() throws {
    let compilation = Compiler.compile(path: "Empty.lifecycle", source: "machine Empty { }\n")
    #expect(compilation.model == nil)
    #expect(compilation.diagnostics.all.map(\.id) == ["noInitialState"])
    let url = Repository.fixtures.appendingPathComponent("FuzzRegressions/machine-without-states.fuzz")
    let bytes = try [UInt8](Data(contentsOf: url))
    let files = SourceFiles()
    let found = Compiler.compile(files.add(path: "fuzz.lifecycle", bytes: bytes), files: files,
                                 loader: { _, _ in .failure(LoadFailure("none")) })
    if let model = found.model {
        _ = DotGenerator(model: model).body()
        _ = SwiftGenerator(model: model).body()
    }
}

/// A control character in a Swift type or parameter list (here a vertical tab after `->`,
/// from FuzzStructured) was copied into the generated code, which then did not compile and
/// confused `--update`. It is now an error where it stands.
@Test func controlCharacterInSwiftTextIsAnError() {
    for source in ["protocol P {\n    func f() ->\u{0B}  returns \"x\"\n}\n",
                   "protocol P {\n    func f(_ x: In\u{0B}t)\n}\n"] {
        let compilation = Compiler.compile(path: "P.lifecycle", source: source)
        #expect(compilation.model == nil)
        #expect(compilation.diagnostics.all.map(\.id).contains("unexpectedCharacter"), "\(source.debugDescription)")
    }
}

/// FuzzStructured finding 8: a C1 control (U+009B, the one-byte CSI) in a parameter's type was
/// copied raw into the generated Swift. Every hidden character (C1 controls, bidi overrides and
/// isolates, U+061C) in Swift text is an error where it stands, as the C0 controls are.
@Test(arguments: ["\u{9B}", "\u{202E}", "\u{2066}", "\u{61C}", "\u{FEFF}"])
func hiddenCharacterInSwiftTextIsAnError(hidden: String) {
    for source in ["protocol P {\n    func progress(_ fraction: \(hidden)Double)\n}\n",
                   "protocol P {\n    func f() -> In\(hidden)t returns \"0\"\n}\n"] {
        let compilation = Compiler.compile(path: "P.lifecycle", source: source)
        #expect(compilation.model == nil, "\(source.debugDescription)")
        #expect(compilation.diagnostics.all.map(\.id).contains("unexpectedCharacter"), "\(source.debugDescription)")
    }
}

/// FuzzFormatter finding 10: a byte that is not UTF-8 inside a comment (the lexer does not
/// read comments) became U+FFFD in the formatted text, so `fmt -i` changed the user's bytes.
/// Such a file is not formatted, with the error `check` gives such a byte elsewhere.
@Test func invalidUTF8InACommentIsNotFormatted() throws {
    let bytes = Array("machine M {\n    initial state A // caf".utf8) + [0xCE] + Array("}}\n}\n".utf8)
    let result = Formatter.format(SourceFile(id: FileID(0), path: "fuzz.lifecycle", bytes: bytes))
    #expect(result.text == nil)
    let error = try #require(result.diagnostics.all.first)
    #expect(error.id == "invalidUTF8" && error.range.startOffset == 38, "\(error)")
    // The same comment in UTF-8 is formatted, byte for byte.
    let valid = "machine M {\n    initial state A // café}}\n}\n"
    #expect(Formatter.format(source: valid).text == valid)
}
