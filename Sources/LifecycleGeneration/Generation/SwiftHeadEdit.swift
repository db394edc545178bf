import LifecycleSyntax

/// Edits of what precedes a method's `func`: its attributes and modifiers, as written, for a
/// fix-it that makes a near miss a callback UIKit calls (`static`, `@nonobjc`, an
/// `@available(*, unavailable)` removed; `@objc(other:)` given the callback's selector).
enum SwiftHeadEdit {
    /// The head `bytes[range]` without the modifier or attribute `trait` (`static`, `@nonobjc`,
    /// `@available(*, unavailable)`), and without the blanks after it.
    static func removing(_ trait: String, from bytes: [UInt8], _ range: Range<Int>) -> String {
        let tokens = SwiftLexer(bytes: bytes, range: range).tokenize()
        let name = trait.hasPrefix("@") ? String(trait.dropFirst().prefix { $0 != "(" }) : trait
        let isAttribute = trait.hasPrefix("@")
        for k in tokens.indices where tokens[k].kind == .identifier && tokens[k].text == name {
            let start: Int
            if isAttribute {
                guard k > 0, tokens[k - 1].isPunct(UInt8(ascii: "@")) else { continue }
                start = k - 1
            } else {
                guard k == 0 || !tokens[k - 1].isPunct(UInt8(ascii: "@")) else { continue }
                start = k
            }
            var end = k + 1
            if end < tokens.count, tokens[end].isPunct(UInt8(ascii: "(")), tokens[end].start == tokens[k].end {
                var depth = 0
                while end < tokens.count {
                    if tokens[end].isPunct(UInt8(ascii: "(")) { depth += 1 }
                    if tokens[end].isPunct(UInt8(ascii: ")")) { depth -= 1; if depth == 0 { end += 1; break } }
                    end += 1
                }
            }
            let cutFrom = tokens[start].start
            let cutTo = end < tokens.count ? tokens[end].start : range.upperBound
            return String(decoding: bytes[range.lowerBound..<cutFrom] + bytes[cutTo..<range.upperBound], as: UTF8.self)
        }
        return String(decoding: bytes[range], as: UTF8.self)
    }

    /// The head `bytes[range]` with its `@objc(…)` naming `selector`.
    static func replacingObjC(with selector: String, in bytes: [UInt8], _ range: Range<Int>) -> String {
        let tokens = SwiftLexer(bytes: bytes, range: range).tokenize()
        for k in tokens.indices.dropFirst() where tokens[k].isKeyword("objc") && tokens[k - 1].isPunct(UInt8(ascii: "@")) {
            guard k + 1 < tokens.count, tokens[k + 1].isPunct(UInt8(ascii: "(")),
                  let close = tokens[(k + 1)...].firstIndex(where: { $0.isPunct(UInt8(ascii: ")")) }) else { break }
            return String(decoding: bytes[range.lowerBound..<tokens[k + 1].end], as: UTF8.self) + selector
                + String(decoding: bytes[tokens[close].start..<range.upperBound], as: UTF8.self)
        }
        return String(decoding: bytes[range], as: UTF8.self)
    }
}
