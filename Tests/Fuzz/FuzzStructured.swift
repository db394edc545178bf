#if canImport(Glibc)
import Glibc
#endif

/// libFuzzer target, structure-aware: the input is a list of token-level edits applied to one
/// of the valid seed specs, so most inputs stay close to a real spec being typed.
///
/// Input layout:
///
/// ```
/// byte 0          which seed (Examples/, Tests/**/*.lifecycle and Tests/Fuzz/seeds/, embedded by build.sh)
/// then per edit   4 bytes: operation, piece index (2 bytes, little-endian), argument
/// ```
///
/// A seed is cut into pieces: identifier runs, whitespace runs, string literals, comments and
/// single punctuation bytes. The edits insert, replace, delete, duplicate and swap pieces; they
/// rename an identifier to another one of the same seed (which makes duplicates, cycles and
/// near-miss names); they truncate the spec mid-piece, as an editor does on every keystroke; and
/// they turn every line ending into a lone CR or CRLF. The tokens include HTML entities
/// (`&#1;`, `&lt;b&gt;`), raw control and bidi characters, and a 17,000-byte string (issue 17).
/// The edited text then goes through `FuzzPipeline.run`, with all its invariants.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = UnsafeBufferPointer(start: data, count: size)
    guard let first = input.first, !fuzzSeeds.isEmpty else { return 0 }
    var editor = SpecEditor(seed: fuzzSeeds[Int(first) % fuzzSeeds.count])
    var index = 1
    while index + 4 <= size && index < 1 + 4 * SpecEditor.maximumEdits {
        editor.apply(operation: input[index], at: Int(input[index + 1]) | Int(input[index + 2]) << 8,
                     argument: input[index + 3])
        index += 4
    }
    // LIFECYCLE_FUZZ_DUMP=1 with a replay prints the edited spec, to turn a finding into a test.
    if getenv("LIFECYCLE_FUZZ_DUMP") != nil {
        fputs("---- edited spec ----\n" + String(decoding: editor.text, as: UTF8.self) + "\n---- end ----\n", stderr)
    }
    FuzzPipeline.run(editor.text[...])
    return 0
}

struct SpecEditor {
    static let maximumEdits = 48
    static let maximumPieces = 6000

    /// The language's keywords and punctuation, contextual words, and fragments that are easy to
    /// get wrong (escapes, comment openers, Swift text). Mirrors `Tests/Fuzz/lifecycle.dict`.
    static let tokens: [String] = [
        "import", "machine", "delegate", "state", "initial", "final", "on", "by", "calls", "require",
        "protocol", "class", "func", "var", "returns", "user", "system", "async", "throws", "body",
        "get", "set", "UIKit", "{", "}", "(", ")", ":", ",", "->", "\"", "\\", "/*", "*/", "//", "_:", "_",
        "()", "(_:)", "\"\"", "\"\\u{1F600}\"", "\"\\u{}\"", "\"\\q\"", "\"문\"", "\n", " ", "é", "\u{0}", "\r\n",
        "\"Other.lifecycle\"", "\"lib/Other.lifecycle\"", "\"../Other.lifecycle\"", "\"fuzz.lifecycle\"",
        "//@other\n", "//@swift\n", "[String: Any]?", "Set<UISceneSession>", "@escaping (Bool) -> Void",
        "= nil", "<", ">", "[", "]", "{ get set }", "-> Bool", "returns \"true\"", "body \"super.x()\"",
        "UIResponder", "UIApplicationDelegate", "UIWindowSceneDelegate", "UIViewController", "AnyObject",
        "viewDidLoad", "viewDidLoad()", "loadView", "sceneDidEnterBackground(_:)", "scene(_:willConnectTo:options:)",
        "application(_:didFinishLaunchingWithOptions:)", "applicationDidBecomeActive(_:)", "application",
        "final class X: NSObject {\n}\n", "extension X {\n}\n", "#if A\n", "#endif\n", "\"\"\"\n",
        // Issue 17: entities, controls and bidi controls (raw and escaped), a lone CR, a long string.
        "&", "&#1;", "&amp;", "&lt;b&gt;", "&#x202E;", "\u{202E}", "\u{1B}[2J", "\u{9B}", "\u{61C}", "\u{2066}", "\u{FEFF}",
        "\"\\u{1B}]0;x\\u{7}\"", "\"\\u{202E}\"", "\r", "e\u{301}", "👨\u{200D}👩\u{200D}👧",
        "\"" + String(repeating: "x", count: 17_000) + "\"",
    ]

    var pieces: [[UInt8]]
    /// Identifiers of the seed, for renames.
    let identifiers: [[UInt8]]

    init(seed: String) {
        pieces = SpecEditor.split(Array(seed.utf8))
        var seen: Set<[UInt8]> = []
        identifiers = pieces.filter { SpecEditor.isIdentifierStart($0[0]) && seen.insert($0).inserted }
    }

    var text: [UInt8] { Array(pieces.joined()) }

    mutating func apply(operation: UInt8, at rawIndex: Int, argument: UInt8) {
        guard pieces.count < SpecEditor.maximumPieces else { return }
        let count = pieces.count
        let index = count == 0 ? 0 : rawIndex % count
        let token = Array(SpecEditor.tokens[Int(argument) % SpecEditor.tokens.count].utf8)
        switch operation % 11 {
        case 0, 1:
            // Insert a token, with a space on each side so it stays a token of its own.
            pieces.insert(Array(" ".utf8) + token + Array(" ".utf8), at: min(index, count))
        case 2:
            if count > 0 { pieces[index] = token }
        case 3:
            if count > 0 { pieces.remove(at: index) }
        case 4:
            if count > 0 {
                let end = min(count, index + 1 + Int(argument % 16))
                pieces.insert(contentsOf: pieces[index..<end], at: end)
            }
        case 5:
            if count > 1 { pieces.swapAt(index, (index + Int(argument) + 1) % count) }
        case 6:
            // Rename: one identifier becomes another of the same seed.
            if count > 0, !identifiers.isEmpty, SpecEditor.isIdentifierStart(pieces[index].first ?? 0) {
                pieces[index] = identifiers[Int(argument) % identifiers.count]
            }
        case 7:
            // Truncate mid-piece: the half-typed spec an editor sends on a keystroke.
            if count > 0 {
                let piece = pieces[index]
                pieces.removeSubrange(index...)
                pieces.append(Array(piece.prefix(Int(argument) % (piece.count + 1))))
            }
        case 8:
            // A single odd byte (control characters, invalid UTF-8, a quote).
            pieces.insert([argument], at: min(index, count))
        case 10:
            // Line endings of another system for the whole file: CR only (classic Mac OS, which
            // the grammar reads as line breaks too) or CRLF. The argument's low bit picks.
            let ending: [UInt8] = argument & 1 == 0 ? [0x0D] : [0x0D, 0x0A]
            pieces = pieces.map { piece in
                guard piece.contains(0x0A) else { return piece }
                return piece.flatMap { $0 == 0x0A ? ending : [$0] }
            }
        default:
            // Delete a run of pieces (a line or a block vanishes).
            if count > 0 { pieces.removeSubrange(index..<min(count, index + 1 + Int(argument % 32))) }
        }
    }

    // MARK: - Pieces

    static func isIdentifierStart(_ c: UInt8) -> Bool {
        c == UInt8(ascii: "_") || (c | 0x20) >= UInt8(ascii: "a") && (c | 0x20) <= UInt8(ascii: "z") || c >= 0x80
    }

    static func isIdentifierByte(_ c: UInt8) -> Bool {
        isIdentifierStart(c) || c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9")
    }

    /// Cuts `bytes` into pieces whose concatenation is `bytes` again.
    static func split(_ bytes: [UInt8]) -> [[UInt8]] {
        var pieces: [[UInt8]] = []
        var index = 0
        func take(while predicate: (UInt8) -> Bool) {
            let start = index
            index += 1
            while index < bytes.count && predicate(bytes[index]) { index += 1 }
            pieces.append(Array(bytes[start..<index]))
        }
        while index < bytes.count {
            let c = bytes[index]
            if isIdentifierByte(c) {
                take(while: isIdentifierByte)
            } else if c == 0x20 || c == 0x0A || c == 0x09 || c == 0x0D {
                take { $0 == 0x20 || $0 == 0x0A || $0 == 0x09 || $0 == 0x0D }
            } else if c == UInt8(ascii: "\"") {
                // A string literal to the closing quote or the end of the line.
                let start = index
                index += 1
                while index < bytes.count && bytes[index] != UInt8(ascii: "\"") && bytes[index] != 0x0A {
                    if bytes[index] == UInt8(ascii: "\\") { index += 1 }
                    index += 1
                }
                index = min(index + 1, bytes.count)
                pieces.append(Array(bytes[start..<index]))
            } else if c == UInt8(ascii: "/") && index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "/") {
                take { $0 != 0x0A }
            } else if c == UInt8(ascii: "-") && index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: ">") {
                pieces.append(Array(bytes[index..<(index + 2)]))
                index += 2
            } else {
                pieces.append([c])
                index += 1
            }
        }
        return pieces
    }
}
