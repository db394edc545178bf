/// Canonical spelling of Swift type text, used to compare a written type with an expected one.
///
/// Rules, applied in order:
/// 1. Type aliases are expanded: those given (`typealias` declarations of the scanned files) and the
///    Swift 4.0–4.1 names of UIKit's keys (`UIApplicationLaunchOptionsKey` →
///    `UIApplication.LaunchOptionsKey`, `UIApplicationOpenURLOptionsKey` →
///    `UIApplication.OpenURLOptionsKey`). Expansion goes 8 levels deep at most (so alias cycles end).
/// 2. A module qualifier `Swift.`, `UIKit.` or `Foundation.` is dropped where it starts a type name
///    (not after another `.`): `UIKit.UIScene` → `UIScene`, `Swift.Bool` → `Bool`.
/// 3. `any` is dropped before a word, so `any Error` == `Error`; `any (P & Q)` is kept. Attributes
///    (`@escaping`, `@Sendable`, `@MainActor`, …) are dropped: they don't change which method UIKit calls.
/// 4. Sugar: `Optional<T>` → `T?`, `Array<T>` → `[T]`, `Dictionary<K, V>` → `[K: V]`.
/// 5. An empty tuple `()` becomes `Void`, except when it is a function type's parameter list (followed by
///    `->`, or by `async`/`throws` then `->`): `()?` → `Void?`, `() -> ()` → `()->Void`.
/// 6. Redundant parentheses go: `(Bool)` → `Bool`, `((Bool) -> Void)` → `(Bool)->Void`; parentheses
///    that make a tuple, a function's parameter list, or group a function type before `?`/`!` stay.
/// 7. Comments are dropped; whitespace is removed, except that exactly one space is kept between two
///    words (identifier or number runs), e.g. `inout T`, `some View`.
public enum SwiftTypeText {
    private enum Piece: Equatable {
        case word(String)
        case punct(String)
    }

    private static let modules: Set<String> = ["Swift", "UIKit", "Foundation"]

    /// Names UIKit had before Swift 4.2, still found in many code bases, with their current spelling.
    public static let renamedUIKitTypes: [String: String] = [
        "UIApplicationLaunchOptionsKey": "UIApplication.LaunchOptionsKey",
        "UIApplicationOpenURLOptionsKey": "UIApplication.OpenURLOptionsKey",
    ]

    /// The most pieces alias expansion may produce (a chain of aliases each doubling its
    /// predecessor would otherwise grow exponentially).
    private static let maximumPieces = 4_096

    /// Returns the canonical spelling of `type` (see the type's documentation for the rules).
    /// - Parameter aliases: type aliases in scope, name → aliased type as written.
    public static func normalized(_ type: String, aliases: [String: String] = [:]) -> String {
        var pieces = lex(type)
        // Rule 1.
        var round = 0
        while round < 8 {
            round += 1
            var expanded: [Piece] = []
            var changed = false
            for (i, p) in pieces.enumerated() {
                if case .word(let w) = p, !(i > 0 && pieces[i - 1] == .punct(".")),
                   let target = aliases[w] ?? renamedUIKitTypes[w], pieces.count < maximumPieces {
                    expanded.append(.punct("("))
                    expanded.append(contentsOf: lex(target))
                    expanded.append(.punct(")"))
                    changed = true
                } else {
                    expanded.append(p)
                }
            }
            pieces = expanded
            if !changed { break }
        }
        // Rules 2 and 3.
        var kept: [Piece] = []
        var i = 0
        while i < pieces.count {
            let p = pieces[i]
            let afterDot = kept.last == .punct(".")
            if p == .punct("@"), i + 1 < pieces.count, case .word(let attribute) = pieces[i + 1] {
                i += 2
                // Of the type attributes, only these take arguments: `@convention(block)`.
                if attribute == "convention" || attribute == "differentiable", i < pieces.count, pieces[i] == .punct("(") {
                    var depth = 0
                    while i < pieces.count {
                        if pieces[i] == .punct("(") { depth += 1 }
                        if pieces[i] == .punct(")") { depth -= 1; if depth == 0 { i += 1; break } }
                        i += 1
                    }
                }
                continue
            }
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
        let sugared = sugar(kept)
        // Rule 5.
        var out: [Piece] = []
        i = 0
        while i < sugared.count {
            if sugared[i] == .punct("("), i + 1 < sugared.count, sugared[i + 1] == .punct(")") {
                var j = i + 2
                while j < sugared.count, sugared[j] == .word("async") || sugared[j] == .word("throws") { j += 1 }
                let isFunctionParameters = j < sugared.count && sugared[j] == .punct("->")
                if !isFunctionParameters {
                    out.append(.word("Void"))
                    i += 2
                    continue
                }
            }
            out.append(sugared[i])
            i += 1
        }
        out = withoutRedundantParentheses(out)
        // Rule 7.
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

    /// Whether two return types are the same after normalization; `nil` (no return clause), `Void` and
    /// `()` are all the same.
    public static func sameReturnType(_ a: String?, _ b: String?, aliases: [String: String] = [:]) -> Bool {
        normalized(a ?? "Void", aliases: aliases) == normalized(b ?? "Void", aliases: aliases)
    }

    private static func lex(_ type: String) -> [Piece] {
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
        return pieces
    }

    /// Rule 4: `Optional<T>` → `(T)?`, `Array<T>` → `[T]`, `Dictionary<K, V>` → `[K:V]`.
    private static func sugar(_ pieces: [Piece]) -> [Piece] {
        enum Open { case optional, array, dictionary, other }
        var out: [Piece] = []
        var stack: [Open] = []
        var i = 0
        while i < pieces.count {
            let p = pieces[i]
            let next = i + 1 < pieces.count ? pieces[i + 1] : nil
            let afterDot = out.last == .punct(".")
            if case .word(let w) = p, !afterDot, next == .punct("<"),
               let kind: Open = w == "Optional" ? .optional : w == "Array" ? .array : w == "Dictionary" ? .dictionary : nil {
                out.append(kind == .optional ? .punct("(") : .punct("["))
                stack.append(kind)
                i += 2
                continue
            }
            switch p {
            case .punct("<"), .punct("("), .punct("["):
                stack.append(.other)
                out.append(p)
            case .punct(">"):
                switch stack.popLast() {
                case .optional: out.append(.punct(")")); out.append(.punct("?"))
                case .array, .dictionary: out.append(.punct("]"))
                default: out.append(p)
                }
            case .punct(")"), .punct("]"):
                if stack.last == .other { stack.removeLast() }
                out.append(p)
            case .punct(","):
                out.append(stack.last == .dictionary ? .punct(":") : p)
            default:
                out.append(p)
            }
            i += 1
        }
        return out
    }

    /// Rule 6.
    private static func withoutRedundantParentheses(_ pieces: [Piece]) -> [Piece] {
        var partner = [Int](repeating: -1, count: pieces.count)
        var stack: [Int] = []
        for (k, p) in pieces.enumerated() {
            switch p {
            case .punct("("), .punct("["), .punct("<"):
                stack.append(k)
            case .punct(")"), .punct("]"), .punct(">"):
                if let top = stack.popLast() { partner[top] = k; partner[k] = top }
            default:
                break
            }
        }
        var drop = [Bool](repeating: false, count: pieces.count)
        for (open, p) in pieces.enumerated() where p == .punct("(") && partner[open] > open + 1 {
            let close = partner[open]
            if open > 0, case .word = pieces[open - 1] { continue }  // `any (P & Q)`, `throws(E)`
            let after = close + 1 < pieces.count ? pieces[close + 1] : nil
            if after == .punct("->") || after == .word("async") || after == .word("throws") || after == .word("rethrows") {
                continue  // a function type's parameter list
            }
            var k = open + 1
            var isTuple = false
            var hasArrow = false
            while k < close {
                switch pieces[k] {
                case .punct(","), .punct(":"): isTuple = true
                case .punct("->"): hasArrow = true
                default: break
                }
                k = partner[k] > k ? partner[k] + 1 : k + 1
            }
            if isTuple { continue }
            if hasArrow && (after == .punct("?") || after == .punct("!") || after == .punct(".")) {
                continue
            }
            drop[open] = true
            drop[close] = true
        }
        return pieces.indices.filter { !drop[$0] }.map { pieces[$0] }
    }
}
