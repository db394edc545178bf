import LifecycleSource
import LifecycleSyntax
import LifecycleModel
import LifecycleConformance

/// `lifecycle swift SPEC --update FILE.swift`: adds the callbacks a grown spec needs to the
/// delegate classes in an edited file, leaving every other byte as it was (a SwiftUI `App` or
/// `View` is left alone).
///
/// Reads the file (and the other files of its classes) with `check --impl`'s reader to see what
/// each class (with its extensions) already implements; each missing method is inserted, with
/// the same doc comment the generator would write, just before the closing brace of the
/// class's main declaration. A missing callback with a near miss in the class
/// (`sceneDidEnterBackground(scene:)`) is never added beside it: the update fails, naming each
/// near miss with its fix-it, unless `fixingNearMisses` renames them (name and argument labels
/// only). The imports the new methods' types need go after the file's last `import` (after
/// the `#endif` of the block it is in).
public enum SwiftUpdater {
    public struct Update: Sendable {
        /// The new file contents (equal to the old ones when nothing was missing).
        public var bytes: [UInt8]
        /// (class, selector) of each method added, in order.
        public var added: [(delegate: String, selector: String)]
        /// The frameworks imported for the types of the methods added (`CloudKit`), in order.
        public var imports: [String] = []
        /// (near miss, callback) of each method renamed, in order.
        public var renamed: [(from: String, to: String)] = []
    }

    public struct Failure: Error, Sendable {
        public var message: String
        /// The near misses that stopped the update, each with its fix-it.
        public var diagnostics = Diagnostics()
    }

    /// Adds to `existing` each callback of the spec its delegate classes lack.
    ///
    /// - Parameter others: the other Swift files of the same classes (extensions elsewhere in
    ///   the target): a callback implemented there is not added again.
    public static func update(_ existing: [UInt8], model: Model, others: [[UInt8]] = [], fixingNearMisses: Bool = false,
                              flags: [String]? = nil) -> Result<Update, Failure> {
        let file = SourceFile(id: FileID(0), path: "<update>", bytes: existing)
        let otherFiles = others.enumerated().map { SourceFile(id: FileID(UInt32($0.offset + 1)), path: "<other \($0.offset + 1)>", bytes: $0.element) }
        return update(file, model: model, others: otherFiles, fixingNearMisses: fixingNearMisses, flags: flags)
    }

    /// The same, with the files as the diagnostics name them.
    /// - Parameter flags: the custom `#if` flags the app is built with, when known (`--define`).
    public static func update(_ file: SourceFile, model: Model, others: [SourceFile] = [], fixingNearMisses: Bool = false,
                              flags: [String]? = nil) -> Result<Update, Failure> {
        let existing = Array(file.bytes)
        let generator = SwiftGenerator(model: model)
        // A SwiftUI `App` or `View` is a struct whose callbacks are modifiers in its body, not
        // methods to add: only classes are updated.
        let plans = generator.delegatePlans().filter { generator.swiftUIKind($0.delegate) == nil }
        let program = SwiftProgram(files: [file] + others, configuration: .app(of: [model], flags: flags))
        let scan = program.scans[0]
        let types = scan.types
        var insertions: [(offset: Int, text: [UInt8])] = []
        var renames: [(range: Range<Int>, text: String)] = []
        var renamed: [(String, String)] = []
        var added: [(String, String)] = []
        var frameworks: Set<String> = []
        var foundAny = false
        var nearMisses = Diagnostics()
        for plan in plans {
            // The top-level class of that name, not one nested in another type (`Outer.D`); else
            // its extension (a file `lifecycle swift --impl` wrote for a class the target declares).
            func home(_ kind: ScannedType.Kind) -> ScannedType? {
                let candidates = types.filter { $0.kind == kind && $0.name == plan.delegate.name }
                return candidates.first { $0.parent == nil } ?? candidates.first
            }
            guard let home = home(.class) ?? home(.extension),
                  home.bodyClose < existing.count, existing[home.bodyClose] == UInt8(ascii: "}") else { continue }
            foundAny = true
            let implemented = program.allMethods(ofClass: plan.delegate.name).filter { program.truth(of: $0) != .false }
            let scanned = implemented.map(\.member)
            let callbacks = NearMissFix.knownCallbacks(of: plan.delegate, in: model)
            let known = Set(callbacks.map(\.method.selector))
            var missing: [SwiftGenerator.PlannedMethod] = []
            for planned in plan.methods {
                let method = model.method(planned.ref)
                let expected = NearMissFix.expected(method)
                let objcSelector = NearMissFix.objcSelector(of: planned.ref, in: model)
                if !ImplementationMatcher.exactMatches(expected, in: scanned, aliases: program.aliases, objcSelector: objcSelector).isEmpty {
                    continue
                }
                let near = ImplementationMatcher.nearMisses(expected, in: scanned, aliases: program.aliases, known: known, objcSelector: objcSelector)
                guard let first = near.first, let located = implemented.first(where: { $0.member == first.method }) else {
                    missing.append(planned)
                    continue
                }
                if fixingNearMisses, located.file.id == file.id, let edits = NearMissFix.rename(first, to: expected, in: existing) {
                    renames += edits
                    renamed.append((first.method.selector, method.selector))
                    continue
                }
                let ownerKind = model.types[planned.ref.type].kind
                let fix = NearMissFix.fixIt(method, ownerKind: ownerKind, nearMiss: located.member, in: located.file, difference: first.difference)
                var diagnostic = Diagnostic.updateBesideNearMiss(first.described(expecting: method.selector), expected: method.selector,
                                                                 at: SwiftProgram.funcRange(located))
                diagnostic.fixIt = fix
                diagnostic = diagnostic.note("change it to: \(fix.replacement)", at: SwiftProgram.funcRange(located))
                if NearMissFix.rename(first, to: expected, in: Array(located.file.bytes)) == nil {
                    diagnostic = diagnostic.note("'--fix-near-misses' renames only names and argument labels; fix this one by hand", at: nil)
                }
                nearMisses.append(diagnostic)
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
        guard nearMisses.all.isEmpty else {
            let count = nearMisses.all.count
            return .failure(Failure(message: "\(count) near miss\(count == 1 ? "" : "es") of the spec's callbacks: '--update' adds no method beside one, "
                                        + "which would leave the code in the method UIKit never calls; fix \(count == 1 ? "it" : "them"), or pass '--fix-near-misses'",
                                    diagnostics: nearMisses))
        }
        let imports = frameworks.subtracting(importedModules(scan, bytes: existing, program: program)).sorted()
        if !imports.isEmpty {
            let offset = importOffset(scan, bytes: existing)
            let newline = offset == existing.count && existing.last.map { !LineEnd.isLineEndByte($0) } == true ? "\n" : ""
            insertions.append((offset, Array((newline + imports.map { "import \($0)\n" }.joined()).utf8)))
        }
        var bytes = existing
        for rename in renames.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
            bytes.replaceSubrange(rename.range, with: Array(rename.text.utf8))
        }
        // Renames sit inside method signatures, before no insertion point: shift the insertions past them.
        let shifted = insertions.map { insertion in
            (offset: insertion.offset + renames.filter { $0.range.upperBound <= insertion.offset }.reduce(0) { $0 + $1.text.utf8.count - $1.range.count },
             text: insertion.text)
        }
        return .success(Update(bytes: apply(shifted, to: bytes), added: added, imports: imports, renamed: renamed))
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
        let lineEnd = Array(existing.withUnsafeBufferPointer(LineEnd.first).utf8)
        for insertion in insertions.sorted(by: { $0.offset > $1.offset }) {
            var text = insertion.text
            if lineEnd != [UInt8(ascii: "\n")] {
                text = text.flatMap { $0 == UInt8(ascii: "\n") ? lineEnd : [$0] }
            }
            bytes.insert(contentsOf: text, at: insertion.offset)
        }
        return bytes
    }

    /// The modules a file imports, in code every build compiles (an `import` under a `#if` that
    /// may be left out does not count; comments and string literals are not imports).
    static func importedModules(_ scan: SwiftFileScan, bytes: [UInt8], program: SwiftProgram) -> Set<String> {
        Set(scan.imports.filter { imported in
            guard let condition = scan.condition(ofClause: imported.clause, in: bytes) else { return true }
            return program.configuration.evaluate(condition) == .true
        }.map(\.module))
    }

    /// The modules a file imports (every `import` declaration, under any `#if`).
    static func importedModules(_ bytes: [UInt8]) -> Set<String> {
        Set(SwiftSourceScanner(bytes: bytes).scanFile().imports.map(\.module))
    }

    /// Where a new `import` goes: at the start of the line after the file's last `import` (or
    /// after the `#endif` of the outermost `#if` block it is in), else at the start of the file.
    static func importOffset(_ scan: SwiftFileScan, bytes: [UInt8]) -> Int {
        guard let last = scan.imports.last else { return 0 }
        var end = last.end
        if let outermost = scan.clausePath(last.clause).first, let endif = scan.ifRegions[scan.ifClauses[outermost].region].end {
            end = endif
        }
        return bytes.withUnsafeBufferPointer { buffer in
            let lineEnd = LineEnd.end(ofLineAt: min(end, buffer.count), in: buffer)
            return lineEnd + (lineEnd < buffer.count ? LineEnd.length(at: lineEnd, in: buffer) : 0)
        }
    }

    /// Whether the line before `offset` (a line start) ends with `{` (the class body is empty so far).
    static func isOpeningLine(_ bytes: [UInt8], before offset: Int) -> Bool {
        var index = bytes.withUnsafeBufferPointer { LineEnd.trimmed(offset, after: 0, in: $0) } - 1
        while index >= 0 && (bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t")) { index -= 1 }
        return index >= 0 && bytes[index] == UInt8(ascii: "{")
    }

    /// The blanks at the start of the line that contains `offset`.
    package static func indentation(ofLineAt offset: Int, in bytes: [UInt8]) -> String {
        let start = bytes.withUnsafeBufferPointer { LineEnd.start(ofLineAt: min(offset, bytes.count), in: $0) }
        var end = start
        while end < bytes.count && (bytes[end] == UInt8(ascii: " ") || bytes[end] == UInt8(ascii: "\t")) { end += 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }
}
