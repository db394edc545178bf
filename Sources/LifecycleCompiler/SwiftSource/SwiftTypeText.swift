/// Canonical spelling of Swift type text, used to compare a written type with an expected one.
///
/// Rules, applied in order:
/// 1. Comments are dropped; whitespace is removed, except that exactly one space is kept between two
///    words (identifier or number runs), e.g. `inout T`, `some View`.
/// 2. A module qualifier `Swift.`, `UIKit.` or `Foundation.` is dropped where it starts a type name
///    (not after another `.`): `UIKit.UIScene` → `UIScene`, `Swift.Void` → `Void`.
/// 3. `any` is dropped before a word, so `any Error` == `Error`; `any (P & Q)` is kept.
/// 4. An empty tuple `()` becomes `Void`, except when it is a function type's parameter list (followed by
///    `->`, or by `async`/`throws` then `->`): `()?` → `Void?`, `() -> ()` → `()->Void`.
///
/// Not done: `Optional<T>` vs `T?`, `Array<T>` vs `[T]`, typealiases other than `Void`.
public enum SwiftTypeText {
    private enum Piece: Equatable {
        case word(String)
        case punct(String)
    }

    private static let modules: Set<String> = ["Swift", "UIKit", "Foundation"]

    /// Returns the canonical spelling of `type` (see the type's documentation for the rules).
    public static func normalized(_ type: String) -> String {
        let bytes = Array(type.utf8)
        let tokens = SwiftLexer(bytes: bytes, range: 0..<bytes.count).tokenize()
        var pieces: [Piece] = []
        for t in tokens {
            switch t.kind {
            case .identifier:
                pieces.append(.word(t.escaped ? "`" + t.text + "`" : t.text))
            case .number:
                pieces.append(.word(String(decoding: bytes[t.start..<t.end], as: UTF8.self)))
            default:
                pieces.append(.punct(String(decoding: bytes[t.start..<t.end], as: UTF8.self)))
            }
        }
        // Rules 2 and 3.
        var kept: [Piece] = []
        var i = 0
        while i < pieces.count {
            let p = pieces[i]
            let afterDot = kept.last == .punct(".")
            if case .word(let w) = p, !afterDot {
                if modules.contains(w), i + 2 < pieces.count, pieces[i + 1] == .punct("."),
                   case .word = pieces[i + 2] {
                    i += 2
                    continue
                }
                if w == "any", i + 1 < pieces.count, case .word = pieces[i + 1] {
                    i += 1
                    continue
                }
            }
            kept.append(p)
            i += 1
        }
        // Rule 4.
        var out: [Piece] = []
        i = 0
        while i < kept.count {
            if kept[i] == .punct("("), i + 1 < kept.count, kept[i + 1] == .punct(")") {
                var j = i + 2
                while j < kept.count, kept[j] == .word("async") || kept[j] == .word("throws") { j += 1 }
                let isFunctionParameters = j < kept.count && kept[j] == .punct("->")
                if !isFunctionParameters {
                    out.append(.word("Void"))
                    i += 2
                    continue
                }
            }
            out.append(kept[i])
            i += 1
        }
        // Rule 1.
        var result = ""
        var previousWasWord = false
        for p in out {
            switch p {
            case .word(let w):
                if previousWasWord { result += " " }
                result += w
                previousWasWord = true
            case .punct(let s):
                result += s
                previousWasWord = false
            }
        }
        return result
    }

    /// True when two return types are the same after normalization; `nil` (no return clause), `Void` and
    /// `()` are all the same.
    public static func sameReturnType(_ a: String?, _ b: String?) -> Bool {
        normalized(a ?? "Void") == normalized(b ?? "Void")
    }
}
