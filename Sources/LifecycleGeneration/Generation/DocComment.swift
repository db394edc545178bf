import LifecycleSource

/// User text made safe for `///` comments in Swift (and `//` comments in DOT).
///
/// A description may hold anything a string literal can: line breaks (which would end the
/// comment and let the rest be compiled as code), control characters, and bidirectional
/// overrides that make source read differently from how it compiles. Line breaks split the
/// text into several comment lines; every other hidden character (`VisibleText`: controls,
/// bidi controls, U+061C, U+FEFF) is written as a visible `\u{…}` escape.
public enum DocComment {
    /// The comment lines for `text` (at least one).
    public static func lines(_ text: String) -> [String] {
        var lines: [String] = []
        var current = String.UnicodeScalarView()
        var previousWasCR = false
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if value == 0x0A && previousWasCR {
                previousWasCR = false
                continue
            }
            previousWasCR = value == 0x0D
            switch value {
            case 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029:
                lines.append(String(current))
                current = String.UnicodeScalarView()
            case _ where VisibleText.isHidden(scalar):
                current.append(contentsOf: VisibleText.escape(scalar).unicodeScalars)
            default:
                current.append(scalar)
            }
        }
        lines.append(String(current))
        return lines.map { $0.replacingTrailingSpaces() }
    }

    /// `text` on one line (line breaks become spaces), safe inside a comment.
    public static func singleLine(_ text: String) -> String {
        lines(text).joined(separator: " ")
    }
}

extension String {
    /// The string without trailing spaces or tabs (generated files end no line in whitespace).
    func replacingTrailingSpaces() -> String {
        var scalars = Array(unicodeScalars)
        while let last = scalars.last, last == " " || last == "\t" { scalars.removeLast() }
        return String(String.UnicodeScalarView(scalars))
    }
}
