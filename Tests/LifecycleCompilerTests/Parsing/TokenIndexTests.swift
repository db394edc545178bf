import Foundation
import Testing
import LifecycleCompiler
@testable import LifecycleSyntax
@testable import LifecycleChecking

/// The token index the parser records is lossless: every byte of every spec in exactly one
/// piece, each piece what its kind says.
@Suite struct TokenIndexTests {
    /// Every spec of the repository: the examples, the fixtures (broken ones included) and
    /// the UIKit catalog.
    static func specs() throws -> [(path: String, bytes: [UInt8])] {
        var result: [(String, [UInt8])] = [(UIKitCatalog.fileName, Array(UIKitCatalog.source.utf8))]
        for folder in [Repository.examples, Repository.fixtures] {
            let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
            while let url = walker?.nextObject() as? URL {
                guard url.pathExtension == "lifecycle" else { continue }
                result.append((url.path, Array(try Data(contentsOf: url))))
            }
        }
        return result.sorted { $0.0 < $1.0 }
    }

    /// The problems of `index` over `file`: gaps, overlaps, empty pieces, trivia that is not
    /// trivia, tokens the lexer would not return there.
    static func problems(_ index: TokenIndex, _ file: SourceFile) -> [String] {
        var problems: [String] = []
        var offset = 0
        let bytes = file.bytes
        for piece in index.pieces {
            if piece.start != offset { problems.append("piece \(piece) does not start at \(offset)") }
            if piece.end <= piece.start { problems.append("empty piece \(piece)") }
            offset = max(offset, piece.end)
            switch piece.kind {
            case .whitespace:
                if !bytes[piece.start..<piece.end].allSatisfy({ [0x20, 0x09, 0x0A, 0x0D].contains($0) }) {
                    problems.append("whitespace \(piece) holds other bytes")
                }
            case .lineComment:
                if !bytes[piece.start...].starts(with: Array("//".utf8)) { problems.append("line comment \(piece) is not one") }
            case .blockComment:
                if !bytes[piece.start...].starts(with: Array("/*".utf8)) { problems.append("block comment \(piece) is not one") }
            case .token(let kind) where kind != .unknown:
                var lexer = Lexer(file)
                lexer.position = piece.start
                let token = lexer.next()
                if token.kind != kind || token.start != piece.start || token.end != piece.end {
                    problems.append("token \(piece) lexes as \(token)")
                }
            case .keyword(let word):
                if index.text(piece) != word.text { problems.append("keyword \(piece) is '\(index.text(piece))'") }
            case .swiftParameters, .attributeArguments:
                if bytes[piece.start] != UInt8(ascii: "(") { problems.append("Swift clause \(piece) does not open with '('") }
            case .version:
                // A platform's version is digits and dots; a duration (`after 5s`, `within
                // 1.5min`) is the same raw text with its unit, a digit first (`Lexer.scanDuration`).
                let text = bytes[piece.start..<piece.end]
                let isVersion = text.allSatisfy { $0 == UInt8(ascii: ".") || (0x30...0x39).contains($0) }
                let isDuration = text.first.map { (0x30...0x39).contains($0) } == true
                    && text.allSatisfy { $0 == UInt8(ascii: ".") || (0x30...0x39).contains($0) || (0x61...0x7A).contains($0 | 0x20) }
                    && TimeSpan(parsing: String(decoding: text, as: UTF8.self)) != nil
                if !isVersion && !isDuration {
                    problems.append("version \(piece) is not digits and dots, nor a duration")
                }
            default:
                break
            }
        }
        if offset != bytes.count { problems.append("the pieces end at \(offset), the file at \(bytes.count)") }
        return problems
    }

    @Test("the index covers every byte of every example, fixture and the catalog exactly once, each piece what it says")
    func lossless() throws {
        let specs = try Self.specs()
        #expect(specs.count > 100)
        for (path, bytes) in specs {
            let file = SourceFile(id: FileID(0), path: path, bytes: bytes)
            let (_, _, index) = Parser.parse(file, recordingIndex: true)
            let problems = Self.problems(try #require(index), file)
            #expect(problems.isEmpty, "\(path): \(problems.prefix(5).joined(separator: "; "))")
        }
    }

    @Test("hostile bytes: a byte order mark, unterminated comments and strings, stray bytes, Swift text cut short",
          arguments: ["\u{FEFF}machine M { state A }", "machine M { /* open", "machine M {\n  A -> B \"open\n}", "\u{0}\u{1}@#$ machine",
                      "protocol P {\n  func f(a: Int\n  func g()\n}", "platform iOS", "platform iOS 15.0.1 // c\n",
                      "protocol P { @available(iOS 1, * func f() }", "protocol P { var x: [Int -> }", "", "/* a /* b */ c */",
                      "machine M { internal on go }", "system S { instance I: M\n on go: new I, I.x }"])
    func hostile(_ text: String) throws {
        let file = SourceFile(id: FileID(0), path: "t", bytes: Array(text.utf8))
        let (_, _, index) = Parser.parse(file, recordingIndex: true)
        let problems = Self.problems(try #require(index), file)
        #expect(problems.isEmpty, "\(problems)")
    }

    @Test("contextual keywords are marked only where the parser reads them as keywords")
    func contextualKeywords() throws {
        let text = """
        platform iOS 15.0
        system S {
            instance system: M
            on new by system: new system, system.go
            on go when system is A and system is is: system.go
        }
        machine M {
            initial state A {
                internal on go by user
            }
        }

        """
        let file = SourceFile(id: FileID(0), path: "t", bytes: Array(text.utf8))
        let index = try #require(Parser.parse(file, recordingIndex: true).index)
        let words = index.pieces.compactMap { piece -> String? in
            if case .keyword(let word) = piece.kind { return word.text } else { return nil }
        }
        #expect(words == ["platform", "system", "instance", "system", "new", "when", "is", "and", "is", "internal", "user"])
    }
}
