import Foundation
import Testing
import LifecycleCompiler

/// One hidden set (`VisibleText.isHidden`) and one string-literal escaper per format
/// (`StringLiteral`), used by the monitor generator, the SCXML importer and JSON alike.
@Suite struct StringLiteralTests {
    /// The invisible characters the exporters hid before the sets were one: every output hides them now.
    static let invisible: [Unicode.Scalar] = ["\u{200B}", "\u{2060}", "\u{2064}", "\u{206A}", "\u{206F}", "\u{FFF9}", "\u{FFFB}",
                                              "\u{FFFE}", "\u{FFFF}", "\u{E0001}", "\u{E0041}", "\u{E007F}"]

    @Test("invisible characters, annotations, noncharacters and tags are hidden; joiners are not")
    func hiddenSet() {
        for scalar in Self.invisible {
            #expect(VisibleText.isHidden(scalar), "U+\(String(scalar.value, radix: 16))")
        }
        for scalar in ["\u{200C}", "\u{200D}", "\u{2065}", "\u{FFFC}", "\u{FFFD}", "\u{E0080}", "\u{1F600}"] as [Unicode.Scalar] {
            #expect(!VisibleText.isHidden(scalar), "U+\(String(scalar.value, radix: 16))")
        }
    }

    @Test("DOT quoting hides the same characters, on bytes")
    func dotQuotingMatchesTheSet() {
        for scalar in Self.invisible {
            let text = "a" + String(Character(scalar)) + "b"
            #expect(DotQuoting.quoted(text) == "\"a\\\\u{\(String(scalar.value, radix: 16, uppercase: true))}b\"", "U+\(String(scalar.value, radix: 16))")
        }
        #expect(DotQuoting.quoted("👩\u{200D}👧 \u{FFFD}") == "\"👩\u{200D}👧 \u{FFFD}\"")
    }

    @Test("Swift literals: the short escapes, hidden characters as \\u{…}, everything else as it is")
    func swift() {
        #expect(StringLiteral.swift("a\"b\\c\nd\re\tf") == #""a\"b\\c\nd\re\tf""#)
        #expect(StringLiteral.swift("\u{1B}[2J\u{202E}\u{E0041}") == #""\u{1B}[2J\u{202E}\u{E0041}""#)
        #expect(StringLiteral.swiftContents("한국어 😀 👩\u{200D}👧") == "한국어 😀 👩\u{200D}👧")
    }

    @Test("JSON literals: hidden characters as \\uXXXX, beyond U+FFFF as a surrogate pair, and they read back")
    func json() throws {
        let text = "q\"b\\n\n\u{1}\u{202E}\u{E0041}😀"
        let literal = JSONWriter.quoted(text)
        #expect(literal == #""q\"b\\n\n\u0001\u202e\udb40\udc41😀""#)
        // The one writer, pretty or compact: `JSONValue` writes the same literal.
        #expect(JSONValue.string(text).serialized() == literal)
        #expect(JSONValue.array([.string("\u{7F}\u{2028}é"), .number(2), .number(0.5)]).serialized() == #"["\u007f\u2028é",2,0.5]"#)
        let decoded = try JSONSerialization.jsonObject(with: Data("[\(literal)]".utf8)) as? [String]
        #expect(decoded == [text])
    }
}
