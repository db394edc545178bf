/// What the fuzz targets share: the whole pipeline on one input, and the invariants it must
/// keep on any input.
///
/// `Tests/Fuzz/build.sh` compiles this file, one target file and every file of the compiler library
/// into one module, so the library's internal API is visible here without an import.
///
/// An input is up to three files, separated by marker lines:
///
/// ```
/// <root spec, read as fuzz.lifecycle>
/// //@other
/// <the spec served for import "Other.lifecycle" and import "lib/Other.lifecycle">
/// //@swift
/// <a Swift file, for check --impl and swift --update>
/// ```
///
/// A broken invariant traps, so libFuzzer reports it as a crash and saves the input.
enum FuzzPipeline {
    static let rootPath = "fuzz.lifecycle"
    static let otherMarker = Array("//@other\n".utf8)
    static let swiftMarker = Array("//@swift\n".utf8)

    /// The parts of one input, split at the first of each marker.
    struct Input {
        var root: ArraySlice<UInt8>
        var other: ArraySlice<UInt8>?
        var swift: ArraySlice<UInt8>?

        init(_ bytes: ArraySlice<UInt8>) {
            var rest = bytes
            if let at = FuzzPipeline.find(FuzzPipeline.swiftMarker, in: rest) {
                swift = rest[(at + FuzzPipeline.swiftMarker.count)...]
                rest = rest[..<at]
            }
            if let at = FuzzPipeline.find(FuzzPipeline.otherMarker, in: rest) {
                other = rest[(at + FuzzPipeline.otherMarker.count)...]
                rest = rest[..<at]
            }
            root = rest
        }
    }

    /// Runs every stage on `bytes` and checks the invariants.
    /// The front end alone (`FuzzFrontEnd`): compile, check every diagnostic's range, render
    /// the diagnostics; a model only when there is no error.
    static func frontEnd(_ bytes: ArraySlice<UInt8>) {
        let (compilation, files) = compile(bytes)
        checkRanges(compilation.diagnostics, files: files)
        renderDiagnostics(compilation.diagnostics, files: files)
        require((compilation.model == nil) == compilation.diagnostics.hasErrors, "a model exactly when there is no error")
    }

    /// Compiles the input's root file, serving `Other.lifecycle` from the input.
    static func compile(_ bytes: ArraySlice<UInt8>) -> (Compilation, SourceFiles) {
        let input = Input(bytes)
        let files = SourceFiles()
        let root = files.add(path: rootPath, bytes: input.root)
        let other = input.other
        let compilation = Compiler.compile(root, files: files, loader: { path, files in
            // Two paths for the same text, so `.`/`..` folding and "read once" both get exercised;
            // every other path fails, like a missing file.
            guard let other, path == "Other.lifecycle" || path == "lib/Other.lifecycle" else {
                return .failure(LoadFailure("no such file while fuzzing"))
            }
            return .success(files.add(path: path, bytes: other))
        })
        return (compilation, files)
    }

    static func run(_ bytes: ArraySlice<UInt8>) {
        let input = Input(bytes)
        let (compilation, files) = compile(bytes)
        checkRanges(compilation.diagnostics, files: files)
        renderDiagnostics(compilation.diagnostics, files: files)

        guard let model = compilation.model else {
            require(compilation.diagnostics.hasErrors, "no model, yet no error diagnostic")
            return
        }
        require(!compilation.diagnostics.hasErrors, "a model despite error diagnostics")
        let generated = generate(model)

        // A freshly generated skeleton implements everything: --impl finds nothing missing
        // and --update adds nothing.
        let generatedFile = files.add(path: "Generated.swift", bytes: generated)
        let implDiagnostics = ImplementationCheck.check(model, against: [generatedFile])
        // (An app delegate alone may still be an error at iOS 27: the spec chose that life cycle.)
        require(!implDiagnostics.all.contains { $0.id == "missingImplementation" }, "the generated skeleton misses a required callback:\n"
            + DiagnosticRenderer(files: files).render(implDiagnostics))
        checkRanges(implDiagnostics, files: files)
        if case .success(let update) = SwiftUpdater.update(generated, model: model) {
            require(update.added.isEmpty && update.bytes == generated,
                    "--update changed a freshly generated file: \(update.added)")
        }

        if let swift = input.swift {
            let swiftFile = files.add(path: "Impl.swift", bytes: swift)
            let diagnostics = ImplementationCheck.check(model, against: [swiftFile])
            checkRanges(diagnostics, files: files)
            renderDiagnostics(diagnostics, files: files)
            if case .success(let update) = SwiftUpdater.update(Array(swift), model: model) {
                // Updating is idempotent: a second run finds nothing more to add.
                if case .success(let again) = SwiftUpdater.update(update.bytes, model: model) {
                    require(again.added.isEmpty && again.bytes == update.bytes,
                            "--update is not idempotent: second run added \(again.added)")
                } else {
                    require(false, "--update failed on its own output")
                }
            }
        }
    }

    // MARK: - Stages

    static func renderDiagnostics(_ diagnostics: Diagnostics, files: SourceFiles) {
        let text = DiagnosticRenderer(files: files, colors: false, limit: 50).render(diagnostics)
        require(diagnostics.isEmpty || text.hasSuffix("\n"), "rendered diagnostics do not end in a newline")
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
            require(isRenderedLine(line), "a rendered line is neither a header nor an excerpt: \(line.debugDescription)")
        }
        _ = DiagnosticRenderer(files: files, colors: true, limit: 0).render(diagnostics)
        let json = DiagnosticJSON.render(diagnostics, files: files)
        require(JSONCheck.isValid(Array(json.utf8)), "invalid JSON diagnostics:\n\(json)")
    }

    /// Generates Swift and DOT and returns the Swift.
    ///
    /// The default outputs are generated twice: a `Dictionary` or `Set` iterated while emitting
    /// can change order between two instances even in one process (storage is seeded per
    /// instance), so a second run catches most order dependence.
    static func generate(_ model: Model) -> [UInt8] {
        let command = "lifecycle swift \(rootPath)"
        let swift = SwiftGenerator(model: model).generate(specPath: rootPath, command: command)
        require(swift == SwiftGenerator(model: model).generate(specPath: rootPath, command: command),
                "Swift generation is not deterministic")
        checkGenerated(swift, what: "Swift")

        var variants = [DotGenerator.Options(), DotGenerator.Options(clusters: false, legend: false)]
        if model.machines.count > 1 { variants.append(DotGenerator.Options(machine: model.machines[model.machines.count - 1].name)) }
        for (index, options) in variants.enumerated() {
            let dot = DotGenerator(model: model, options: options).generate(specPath: rootPath, command: "lifecycle dot")
            if index == 0 {
                require(dot == DotGenerator(model: model, options: options).generate(specPath: rootPath, command: "lifecycle dot"),
                        "DOT generation is not deterministic")
                checkGenerated(dot, what: "DOT")
            } else {
                require(Array(String(decoding: dot, as: UTF8.self).utf8) == dot, "generated DOT is not valid UTF-8")
            }
            require(DotCheck.isWellFormed(dot), "malformed DOT:\n\(String(decoding: dot, as: UTF8.self))")
        }
        exports(model)
        return swift
    }

    /// `lifecycle export` in every format: deterministic, valid UTF-8, reads back untouched,
    /// no hidden character raw; and the SCXML imports again into a skeleton with as many
    /// machines.
    static func exports(_ model: Model) {
        for format in ExportFormat.allCases {
            let bytes = format.generate(model: model, specPath: rootPath, command: "lifecycle export")
            require(bytes == format.generate(model: model, specPath: rootPath, command: "lifecycle export"),
                    "\(format) export is not deterministic")
            checkGenerated(bytes, what: "\(format) export")
            let text = String(decoding: bytes, as: UTF8.self)
            require(!text.unicodeScalars.contains { $0 != "\n" && (VisibleText.isHidden($0) || $0 == "\u{85}") },
                    "a hidden character reached the \(format) export raw")
        }
        // A spec without machines exports an SCXML document without states, which does not import.
        guard !model.machines.isEmpty else { return }
        let files = SourceFiles()
        let scxml = files.add(path: "Fuzz.scxml", bytes: ExportFormat.scxml.body(model: model))
        let (skeleton, diagnostics) = SCXMLImporter.importSCXML(scxml, in: files)
        require(skeleton != nil, "the SCXML export does not import:\n\(DiagnosticRenderer(files: files).render(diagnostics))")
        let again = Compiler.compile(path: "Fuzz.lifecycle", source: skeleton ?? "")
        // SCXML carries the machines, not the spec's `extension` declarations: a callback one
        // of them added to a UIKit type comes back as "the catalog does not list it", and only that.
        let errors = again.diagnostics.all.filter { $0.severity == .error }
        let onlyExtensionsLost = !errors.isEmpty && errors.allSatisfy { $0.id == "callbackNotInCatalog" }
        require(again.model?.machines.count == model.machines.count || onlyExtensionsLost,
                "the imported skeleton does not check, or lost machines:\n\(skeleton ?? "")")
    }

    // MARK: - Invariants

    static func checkGenerated(_ bytes: [UInt8], what: String) {
        require(Array(String(decoding: bytes, as: UTF8.self).utf8) == bytes, "generated \(what) is not valid UTF-8")
        // No control or bidi character, raw, in a generated file (`VisibleText`).
        require(!String(decoding: bytes, as: UTF8.self).unicodeScalars.contains { $0 != "\n" && VisibleText.isHidden($0) },
                "generated \(what) holds a raw control or bidi character")
        require(GeneratedFileHeader.status(of: bytes) == .untouched, "generated \(what) does not read back as untouched")
    }

    /// Every range a diagnostic, note or fix-it points at lies within its file.
    static func checkRanges(_ diagnostics: Diagnostics, files: SourceFiles) {
        func check(_ range: SourceRange, _ what: String, _ diagnostic: Diagnostic) {
            require(Int(range.file.raw) < files.files.count, "\(what) of '\(diagnostic.id)' names an unknown file")
            let count = files[range.file].count
            require(range.start <= range.end && range.endOffset <= count,
                    "\(what) of '\(diagnostic.id)' is \(range.start)..<\(range.end) in a file of \(count) bytes")
        }
        for diagnostic in diagnostics.all {
            check(diagnostic.range, "range", diagnostic)
            for note in diagnostic.notes { if let range = note.range { check(range, "note range", diagnostic) } }
            if let fixIt = diagnostic.fixIt { check(fixIt.range, "fix-it range", diagnostic) }
            require(isOneLine(diagnostic.message) && diagnostic.notes.allSatisfy { isOneLine($0.message) },
                    "'\(diagnostic.id)' has an empty message or one with a line break or control character")
        }
    }

    /// Not empty, and free of line breaks, tabs and hidden characters (`VisibleText`: C0,
    /// DEL, C1, bidi controls, U+2028/9, U+FEFF).
    static func isOneLine(_ message: String) -> Bool {
        !message.isEmpty && !message.unicodeScalars.contains { $0 == "\t" || VisibleText.isHidden($0) }
    }

    /// A line of plain rendered diagnostics: `path:line:col: severity: message`, an excerpt
    /// line (`   12 | source` or `      | ^~~`), or the closing "not shown" note; never a
    /// control character other than a tab.
    static func isRenderedLine(_ line: Substring) -> Bool {
        if line.unicodeScalars.contains(where: VisibleText.isHidden) { return false }
        if line.hasPrefix("note: ") { return true }
        // The gutter is ASCII bytes: compared as bytes, since a combining mark that starts the
        // source line joins the gutter's last space into one Character (finding 9).
        let gutter = Array(line.utf8.prefix(8))
        if gutter.count == 8, gutter.suffix(3).elementsEqual(" | ".utf8),
           gutter.prefix(5).allSatisfy({ $0 == UInt8(ascii: " ") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) {
            return true
        }
        // path:line:col: severity: message, where the path is one the fuzz targets use.
        let parts = line.split(separator: ":", maxSplits: 3, omittingEmptySubsequences: false)
        guard parts.count == 4, !parts[0].isEmpty, !parts[0].contains(" "),
              let lineNumber = Int(parts[1]), lineNumber >= 1, let column = Int(parts[2]), column >= 1 else { return false }
        return parts[3].hasPrefix(" error: ") || parts[3].hasPrefix(" warning: ") || parts[3].hasPrefix(" note: ")
    }

    static func require(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition { fatalError("fuzz invariant broken: \(message())") }
    }

    static func find(_ needle: [UInt8], in haystack: ArraySlice<UInt8>) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        var index = haystack.startIndex
        while index + needle.count <= haystack.endIndex {
            if haystack[index] == needle[0] && haystack[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }
}

// MARK: - Output checkers

/// A strict JSON syntax check (RFC 8259), enough to catch a bad escape or a stray comma.
enum JSONCheck {
    static func isValid(_ bytes: [UInt8]) -> Bool {
        var index = 0
        guard value(bytes, &index, depth: 0) else { return false }
        skipSpace(bytes, &index)
        return index == bytes.count
    }

    static func skipSpace(_ b: [UInt8], _ i: inout Int) {
        while i < b.count, b[i] == 0x20 || b[i] == 0x0A || b[i] == 0x0D || b[i] == 0x09 { i += 1 }
    }

    static func value(_ b: [UInt8], _ i: inout Int, depth: Int) -> Bool {
        skipSpace(b, &i)
        guard i < b.count, depth < 64 else { return false }
        switch b[i] {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            let close = b[i] == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
            let isObject = close == UInt8(ascii: "}")
            i += 1
            skipSpace(b, &i)
            if i < b.count, b[i] == close { i += 1; return true }
            while true {
                if isObject {
                    skipSpace(b, &i)
                    guard string(b, &i) else { return false }
                    skipSpace(b, &i)
                    guard i < b.count, b[i] == UInt8(ascii: ":") else { return false }
                    i += 1
                }
                guard value(b, &i, depth: depth + 1) else { return false }
                skipSpace(b, &i)
                guard i < b.count else { return false }
                if b[i] == close { i += 1; return true }
                guard b[i] == UInt8(ascii: ",") else { return false }
                i += 1
            }
        case UInt8(ascii: "\""):
            return string(b, &i)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            let start = i
            if b[i] == UInt8(ascii: "-") { i += 1 }
            while i < b.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(b[i]) { i += 1 }
            return i > start + (b[start] == UInt8(ascii: "-") ? 1 : 0)
        default:
            for word in ["true", "false", "null"] where b[i...].starts(with: word.utf8) {
                i += word.utf8.count
                return true
            }
            return false
        }
    }

    static func string(_ b: [UInt8], _ i: inout Int) -> Bool {
        guard i < b.count, b[i] == UInt8(ascii: "\"") else { return false }
        i += 1
        while i < b.count {
            let c = b[i]
            if c == UInt8(ascii: "\"") { i += 1; return true }
            if c < 0x20 { return false }
            if c == UInt8(ascii: "\\") {
                i += 1
                guard i < b.count else { return false }
                if b[i] == UInt8(ascii: "u") {
                    guard i + 4 < b.count, b[(i + 1)...(i + 4)].allSatisfy({ isHex($0) }) else { return false }
                    i += 4
                } else if !Array("\"\\/bfnrt".utf8).contains(b[i]) {
                    return false
                }
            }
            i += 1
        }
        return false
    }

    static func isHex(_ c: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(c) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(c)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(c)
    }
}

/// A lexical check of generated DOT: strings closed on their line, no control characters,
/// no `&` but `&amp;` (Graphviz decodes entities), no quoted string of 16,384 bytes or more
/// (Graphviz 2.43's limit), `{}` and `[]` balanced outside strings, and nothing after the
/// graph's closing brace.
enum DotCheck {
    static func isWellFormed(_ bytes: [UInt8]) -> Bool {
        var stack: [UInt8] = []
        var inString = false
        var stringStart = 0
        var index = 0
        var closedGraph = false
        var atLineStart = true
        while index < bytes.count {
            let c = bytes[index]
            if inString {
                if c == UInt8(ascii: "\\") {
                    index += 1
                    guard index < bytes.count, bytes[index] >= 0x20 else { return false }
                } else if c == UInt8(ascii: "\"") {
                    inString = false
                    if index - stringStart >= 16_384 { return false }
                } else if c == UInt8(ascii: "&") {
                    guard bytes[index...].starts(with: Array("&amp;".utf8)) else { return false }
                } else if c < 0x20 || c == 0x7F {
                    return false
                }
            } else if atLineStart && c == UInt8(ascii: "/") {
                // A header comment line (the generated-file header).
                while index < bytes.count, bytes[index] != 0x0A { index += 1 }
                continue
            } else {
                switch c {
                case UInt8(ascii: "\""):
                    inString = true
                    stringStart = index
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    if closedGraph { return false }
                    stack.append(c)
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    let open = c == UInt8(ascii: "}") ? UInt8(ascii: "{") : UInt8(ascii: "[")
                    guard stack.last == open else { return false }
                    stack.removeLast()
                    if stack.isEmpty { closedGraph = true }
                case 0x0A, 0x20: break
                default:
                    if c < 0x20 || c == 0x7F || closedGraph { return false }
                }
            }
            atLineStart = c == 0x0A
            index += 1
        }
        return !inString && stack.isEmpty && closedGraph
    }
}
