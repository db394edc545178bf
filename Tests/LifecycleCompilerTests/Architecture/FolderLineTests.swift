import Foundation
import Testing

/// The library's folders form a line (issue 30): each folder's files use only types declared in
/// folders before it in the line the Architecture article draws, so there is no cycle and a
/// reader can learn the folders in that order. The line is read from the article; the uses are
/// read from the sources (the types each file declares at top level, the names its code uses,
/// comments and string literals left out but interpolations kept).
@Suite struct FolderLineTests {
    static let library = Repository.root.appendingPathComponent("Sources/LifecycleCompiler")
    static let article = library.appendingPathComponent("LifecycleCompiler.docc/Architecture.md")

    /// The folders in the article's line, lowest first: the code block after "form a line".
    static func drawnLine() throws -> [String] {
        let text = try String(contentsOf: article, encoding: .utf8)
        let paragraph = try #require(text.range(of: "form a line"), "the Architecture article draws no folder line")
        let open = try #require(text.range(of: "```", range: paragraph.upperBound..<text.endIndex))
        let body = try #require(text.range(of: "\n", range: open.upperBound..<text.endIndex))
        let close = try #require(text.range(of: "```", range: body.upperBound..<text.endIndex))
        return text[body.upperBound..<close.lowerBound]
            .split(whereSeparator: { $0 == "→" || $0.isWhitespace })
            .map(String.init)
    }

    /// One file's code: the types it declares at top level and the identifiers it uses.
    struct FileNames {
        var declared: [String] = []
        /// Types declared inside others (`Position` in `ConformanceSearch`): a use of such a name
        /// in the folder means its own type, not another folder's of the same name.
        var nested: Set<String> = []
        var used: Set<String> = []
    }

    /// Reads Swift source as far as names go: comments and the text of string literals are
    /// skipped (interpolations are code), braces are counted for top-level declarations.
    static func names(in source: String) -> FileNames {
        let bytes = Array(source.utf8)
        var result = FileNames()
        var index = 0
        var depth = 0
        var previous = ""
        /// Whether `text` starts at `at`.
        func at(_ text: String, _ at: Int) -> Bool {
            let t = Array(text.utf8)
            return at + t.count <= bytes.count && Array(bytes[at..<at + t.count]) == t
        }
        func isIdentifierByte(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: "_") || (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) || byte >= 0x80
        }
        // Code until the `)` closing an interpolation (`stopAtParen`) or the end. Strings push
        // their closing delimiter; an interpolation inside a string returns to it.
        func code(stopAtParen: Bool) {
            var parens = 0
            while index < bytes.count {
                let byte = bytes[index]
                if at("//", index) {
                    while index < bytes.count && bytes[index] != 0x0A { index += 1 }
                } else if at("/*", index) {
                    var nesting = 0
                    repeat {
                        if at("/*", index) { nesting += 1; index += 2 } else if at("*/", index) { nesting -= 1; index += 2 } else { index += 1 }
                    } while nesting > 0 && index < bytes.count
                } else if byte == UInt8(ascii: "\"") || (byte == UInt8(ascii: "#") && (index + 1 < bytes.count)
                                                          && (bytes[index + 1] == UInt8(ascii: "\"") || bytes[index + 1] == UInt8(ascii: "#"))) {
                    string()
                } else if isIdentifierByte(byte) && !(byte >= 0x30 && byte <= 0x39) {
                    let start = index
                    while index < bytes.count && isIdentifierByte(bytes[index]) { index += 1 }
                    let word = String(decoding: bytes[start..<index], as: UTF8.self)
                    if ["struct", "enum", "class", "protocol", "typealias", "actor"].contains(previous) {
                        if depth == 0 { result.declared.append(word) } else { result.nested.insert(word) }
                    }
                    result.used.insert(word)
                    previous = word
                    continue
                } else {
                    switch byte {
                    case UInt8(ascii: "{"): depth += 1
                    case UInt8(ascii: "}"): depth -= 1
                    case UInt8(ascii: "("): parens += 1
                    case UInt8(ascii: ")"):
                        if stopAtParen && parens == 0 { index += 1; return }
                        parens -= 1
                    default: break
                    }
                    if !(byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == UInt8(ascii: "@")) { previous = "" }
                    if byte == UInt8(ascii: "@") { previous = "" }
                    index += 1
                }
            }
        }
        // A string literal from its opening delimiter (`#`s, `"` or `"""`) to its close.
        func string() {
            var hashes = 0
            while index < bytes.count && bytes[index] == UInt8(ascii: "#") { hashes += 1; index += 1 }
            let quotes = at("\"\"\"", index) ? 3 : 1
            index += quotes
            let close = Array(String(repeating: "\"", count: quotes).utf8) + Array(repeating: UInt8(ascii: "#"), count: hashes)
            let interpolation = [UInt8(ascii: "\\")] + Array(repeating: UInt8(ascii: "#"), count: hashes) + [UInt8(ascii: "(")]
            while index < bytes.count {
                if index + close.count <= bytes.count && Array(bytes[index..<index + close.count]) == close {
                    index += close.count
                    return
                }
                if index + interpolation.count <= bytes.count && Array(bytes[index..<index + interpolation.count]) == interpolation {
                    index += interpolation.count
                    code(stopAtParen: true)
                    continue
                }
                if bytes[index] == UInt8(ascii: "\\") && hashes == 0 { index += 2; continue }
                if quotes == 1 && bytes[index] == 0x0A { return }
                index += 1
            }
        }
        code(stopAtParen: false)
        previous = ""
        return result
    }

    /// Each folder of the library (a file at its top is a folder of its own, by its name) with
    /// the names of its files.
    static func folders() throws -> [String: [(file: String, names: FileNames)]] {
        var result: [String: [(file: String, names: FileNames)]] = [:]
        let enumerator = try #require(FileManager.default.enumerator(atPath: library.path))
        for case let path as String in enumerator where path.hasSuffix(".swift") {
            let parts = path.split(separator: "/")
            let folder = parts.count > 1 ? String(parts[0]) : path
            let source = try String(contentsOf: library.appendingPathComponent(path), encoding: .utf8)
            result[folder, default: []].append((path, names(in: source)))
        }
        return result
    }

    @Test func everyFolderUsesOnlyFoldersBeforeItInTheArticlesLine() throws {
        let line = try Self.drawnLine()
        let folders = try Self.folders()
        #expect(Set(line) == Set(folders.keys), "the article's line \(line) and the folders \(folders.keys.sorted()) differ")
        #expect(Set(line).count == line.count, "a folder appears twice in the line: \(line)")
        var declaredIn: [String: String] = [:]
        for (folder, files) in folders {
            for (file, names) in files {
                for name in names.declared {
                    if let other = declaredIn[name], other != folder {
                        Issue.record("'\(name)' is declared in both \(other) and \(folder) (\(file))")
                    }
                    declaredIn[name] = folder
                }
            }
        }
        #expect(declaredIn.count > 150, "the scan found only \(declaredIn.count) types")
        var edges = 0
        for (folder, files) in folders {
            guard let position = line.firstIndex(of: folder) else { continue }
            let ownNested = files.reduce(into: Set<String>()) { $0.formUnion($1.names.nested) }
            for (file, names) in files {
                for name in names.used.sorted() where !ownNested.contains(name) {
                    guard let other = declaredIn[name], other != folder, let otherPosition = line.firstIndex(of: other) else { continue }
                    edges += 1
                    #expect(otherPosition < position,
                            "\(file) uses '\(name)' of \(other), which comes after \(folder) in the Architecture article's line")
                }
            }
        }
        #expect(edges > 100)
    }

    @Test func theScanSkipsCommentsAndStringsButNotInterpolations() {
        let names = Self.names(in: ##"""
        // struct Commented
        /* class /* nested */ Hidden */
        public struct Shown {
            struct Nested {}
            let text = "Quoted \(Interpolated.value) and \"Escaped\" "
            let raw = #"Raw \(NotInterpolated) \#(RawInterpolated.x)"#
            let long = """
                Multi \(LongInterpolated.y)
                """
        }
        final class Second: Parent {}
        typealias Alias = Int
        """##)
        #expect(names.declared == ["Shown", "Second", "Alias"])
        #expect(names.nested == ["Nested"])
        for used in ["Interpolated", "RawInterpolated", "LongInterpolated", "Parent", "Int"] {
            #expect(names.used.contains(used), "\(used)")
        }
        for hidden in ["Commented", "Hidden", "Quoted", "Escaped", "Raw", "NotInterpolated", "Multi"] {
            #expect(!names.used.contains(hidden), "\(hidden)")
        }
    }
}
