/// `lifecycle swift SPEC --update FILE.swift`: adds the callbacks a grown spec needs to the
/// delegate classes in an edited file, leaving every other byte as it was (a SwiftUI `App` or
/// `View` is left alone).
///
/// Uses the `--impl` scanner to see what each class (with its extensions) already
/// implements; each missing method is inserted, with the same doc comment the generator would
/// write, just before the closing brace of the class's main declaration.
public enum SwiftUpdater {
    public struct Update: Sendable {
        /// The new file contents (equal to the old ones when nothing was missing).
        public var bytes: [UInt8]
        /// (class, selector) of each method added, in order.
        public var added: [(delegate: String, selector: String)]
        /// The frameworks imported for the types of the methods added (`CloudKit`), in order.
        public var imports: [String] = []
    }

    public struct Failure: Error, Sendable {
        public var message: String
    }

    /// Adds to `existing` each callback of the spec its delegate classes lack.
    ///
    /// - Parameter others: the other Swift files of the same classes (extensions elsewhere in
    ///   the target): a callback implemented there is not added again.
    public static func update(_ existing: [UInt8], model: Model, others: [[UInt8]] = []) -> Result<Update, Failure> {
        let generator = SwiftGenerator(model: model)
        // A SwiftUI `App` or `View` is a struct whose callbacks are modifiers in its body, not
        // methods to add: only classes are updated.
        let plans = generator.delegatePlans().filter { generator.swiftUIKind($0.delegate) == nil }
        let types = SwiftSourceScanner(bytes: existing).scan()
        let otherTypes = others.flatMap { SwiftSourceScanner(bytes: $0).scan() }
        var insertions: [(offset: Int, text: [UInt8])] = []
        var added: [(String, String)] = []
        var frameworks: Set<String> = []
        var foundAny = false
        for plan in plans {
            // The top-level class of that name, not one nested in another type (`Outer.D`); else
            // its extension (a file `lifecycle swift --impl` wrote for a class the target declares).
            func home(_ kind: ScannedType.Kind) -> ScannedType? {
                let candidates = types.filter { $0.kind == kind && $0.name == plan.delegate.name }
                let topLevel = candidates.first { candidate in
                    !types.contains { $0.bodyOpen < candidate.declarationOffset && candidate.declarationOffset < $0.bodyClose }
                }
                return topLevel ?? candidates.first
            }
            guard let home = home(.class) ?? home(.extension),
                  home.bodyClose < existing.count, existing[home.bodyClose] == UInt8(ascii: "}") else { continue }
            foundAny = true
            let implemented = SwiftSourceScanner.methods(ofClass: plan.delegate.name, in: types)
                + SwiftSourceScanner.methods(ofClass: plan.delegate.name, in: otherTypes)
            let missing = plan.methods.filter { planned in
                let method = model.method(planned.ref)
                let expected = ScannedMethod(baseName: method.name, parameters: method.parameters, returnType: method.returnType)
                if case .implemented = ImplementationMatcher.match(expected, in: implemented) { return false }
                return true
            }
            guard !missing.isEmpty else { continue }
            var printer = Printer()
            for method in missing {
                printer.line()
                generator.emitDocumentation(method, into: &printer)
                generator.emitMethod(method.ref, into: &printer)
                added.append((plan.delegate.name, model.method(method.ref).selector))
                frameworks.formUnion(generator.frameworks(of: method.ref))
            }
            if let insertion = insertion(of: printer.text, into: home, in: existing) { insertions.append(insertion) }
        }
        guard foundAny || plans.isEmpty else {
            let names = plans.map { "'\($0.delegate.name)'" }.joined(separator: ", ")
            return .failure(Failure(message: "no delegate class of the spec (\(names)) is declared or extended in this file"))
        }
        let imports = frameworks.subtracting(importedModules(existing)).sorted()
        if !imports.isEmpty {
            let offset = importOffset(existing)
            let newline = offset == existing.count && existing.last.map { $0 != UInt8(ascii: "\n") } == true ? "\n" : ""
            insertions.append((offset, Array((newline + imports.map { "import \($0)\n" }.joined()).utf8)))
        }
        return .success(Update(bytes: apply(insertions, to: existing), added: added, imports: imports))
    }

    /// Where and what to insert so that `printed` (members printed at indentation 0, one
    /// blank line before each) ends the body of `home`: at the start of the closing brace's
    /// line, re-indented one level deeper than the declaration. Nil when the body is not closed.
    public static func insertion(of printed: String, into home: ScannedType, in existing: [UInt8]) -> (offset: Int, text: [UInt8])? {
        guard home.bodyClose < existing.count, existing[home.bodyClose] == UInt8(ascii: "}") else { return nil }
        let memberIndent = indentation(ofLineAt: home.declarationOffset, in: existing) + "    "
        var text: [UInt8] = []
        for line in printed.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
            if !line.isEmpty { text += Array(memberIndent.utf8) }
            text += Array(line.utf8)
            text.append(UInt8(ascii: "\n"))
        }
        // Insert at the start of the closing brace's line when the brace stands alone on it.
        var lineStart = home.bodyClose
        while lineStart > 0 && (existing[lineStart - 1] == UInt8(ascii: " ") || existing[lineStart - 1] == UInt8(ascii: "\t")) {
            lineStart -= 1
        }
        if lineStart > 0 && LineEnd.isLineEndByte(existing[lineStart - 1]) {
            // Drop the leading blank line when the previous line is already blank.
            let previousIsBlank = existing.withUnsafeBufferPointer { buffer in
                let previousStart = LineEnd.start(ofLineAt: lineStart - 1, in: buffer)
                return previousStart > 0 && LineEnd.trimmed(lineStart, after: previousStart, in: buffer) == previousStart
            }
            if previousIsBlank, text.first == UInt8(ascii: "\n") {
                text.removeFirst()
            }
            if lineStart > 0 && existing[lineStart - 1] == UInt8(ascii: "{") || isOpeningLine(existing, before: lineStart), text.first == UInt8(ascii: "\n") {
                text.removeFirst()
            }
            return (lineStart, text)
        }
        return (home.bodyClose, [UInt8(ascii: "\n")] + text + Array(indentation(ofLineAt: home.declarationOffset, in: existing).utf8))
    }

    /// `existing` with the insertions made; a file whose first line ends in CRLF gets CRLF
    /// in what is inserted too.
    public static func apply(_ insertions: [(offset: Int, text: [UInt8])], to existing: [UInt8]) -> [UInt8] {
        var bytes = existing
        // What is inserted ends its lines as the file's first line does: LF, CR LF or a lone CR.
        let lineEnd: [UInt8] = existing.withUnsafeBufferPointer { buffer in
            guard let first = buffer.firstIndex(where: LineEnd.isLineEndByte) else { return [UInt8(ascii: "\n")] }
            return Array(buffer[first..<(first + LineEnd.length(at: first, in: buffer))])
        }
        for insertion in insertions.sorted(by: { $0.offset > $1.offset }) {
            var text = insertion.text
            if lineEnd != [UInt8(ascii: "\n")] {
                text = text.flatMap { $0 == UInt8(ascii: "\n") ? lineEnd : [$0] }
            }
            bytes.insert(contentsOf: text, at: insertion.offset)
        }
        return bytes
    }

    /// The lines of a file that are an `import` (after blanks and attributes such as
    /// `@preconcurrency`): their byte ranges and the module each imports (`CloudKit` for
    /// `import struct CloudKit.CKShare`).
    static func importLines(_ bytes: [UInt8]) -> [(end: Int, module: String)] {
        var result: [(Int, String)] = []
        bytes.withUnsafeBufferPointer { buffer in
            var lineStart = 0
            while lineStart < buffer.count {
                let lineEnd = LineEnd.end(ofLineAt: lineStart, in: buffer)
                let next = lineEnd + (lineEnd < buffer.count ? LineEnd.length(at: lineEnd, in: buffer) : 0)
                let words = String(decoding: buffer[lineStart..<lineEnd], as: UTF8.self)
                    .split(whereSeparator: { $0 == " " || $0 == "\t" }).drop { $0.hasPrefix("@") }
                if words.first == "import", var path = words.dropFirst().first {
                    let kinds: Set<Substring> = ["typealias", "struct", "class", "enum", "protocol", "let", "var", "func"]
                    if kinds.contains(path), let following = words.dropFirst(2).first { path = following }
                    result.append((next, String(path.prefix { $0 != "." })))
                }
                lineStart = max(next, lineStart + 1)
            }
        }
        return result
    }

    /// The modules a file imports.
    static func importedModules(_ bytes: [UInt8]) -> Set<String> { Set(importLines(bytes).map(\.module)) }

    /// Where a new `import` goes: after the file's last one, else at its start.
    static func importOffset(_ bytes: [UInt8]) -> Int { importLines(bytes).last?.end ?? 0 }

    /// Whether the line before `offset` (a line start) ends with `{` (the class body is empty so far).
    static func isOpeningLine(_ bytes: [UInt8], before offset: Int) -> Bool {
        var index = bytes.withUnsafeBufferPointer { LineEnd.trimmed(offset, after: 0, in: $0) } - 1
        while index >= 0 && (bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t")) { index -= 1 }
        return index >= 0 && bytes[index] == UInt8(ascii: "{")
    }

    /// The blanks at the start of the line that contains `offset`.
    static func indentation(ofLineAt offset: Int, in bytes: [UInt8]) -> String {
        let start = bytes.withUnsafeBufferPointer { LineEnd.start(ofLineAt: min(offset, bytes.count), in: $0) }
        var end = start
        while end < bytes.count && (bytes[end] == UInt8(ascii: " ") || bytes[end] == UInt8(ascii: "\t")) { end += 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }
}
