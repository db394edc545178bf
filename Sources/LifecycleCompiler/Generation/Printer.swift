/// A small indenting printer: generators decide the structure, the printer owns whitespace.
///
/// ```
/// var printer = Printer()
/// printer.line("class SceneDelegate {")
/// printer.indented { $0.line("var window: UIWindow?") }
/// printer.line("}")
/// ```
///
/// Blank lines are never indented, so no output line ends in whitespace. Output accumulates
/// in one byte buffer. Generators of very large outputs (DOT) can also build a line in pieces
/// with `beginLine()`, `write(_:)` and `endLine()`, so that no `String` is made per line.
public struct Printer {
    public internal(set) var bytes: [UInt8] = []
    private var level = 0
    private let unit: [UInt8]

    public init(indent: String = "    ", capacity: Int = 4096) {
        unit = Array(indent.utf8)
        bytes.reserveCapacity(capacity)
    }

    /// The output as a string.
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Prints `text` on a line of its own at the current indentation (a blank line if empty).
    public mutating func line(_ text: String = "") {
        if !text.isEmpty {
            beginLine()
            write(text)
        }
        endLine()
    }

    /// Prints each line of a multi-line string, re-indented.
    public mutating func lines(_ text: String) {
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            self.line(String(line))
        }
    }

    // MARK: - Lines in pieces

    /// Starts a non-blank line: writes the indentation.
    public mutating func beginLine() {
        for _ in 0..<level { bytes.append(contentsOf: unit) }
    }

    /// Appends text to the current line.
    public mutating func write(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    /// Appends a non-negative integer in decimal, without making a `String`.
    public mutating func write(_ number: Int) {
        precondition(number >= 0, "Printer.write(_:) takes non-negative numbers")
        if number < 10 {
            bytes.append(UInt8(ascii: "0") + UInt8(number))
            return
        }
        var scale = 10
        while scale <= number / 10 { scale *= 10 }
        var rest = number
        while scale > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(rest / scale))
            rest %= scale
            scale /= 10
        }
    }

    /// Ends the current line.
    public mutating func endLine() {
        bytes.append(UInt8(ascii: "\n"))
    }

    // MARK: - Indentation

    public mutating func indent() { level += 1 }

    public mutating func outdent() {
        precondition(level > 0, "Printer.outdent() below zero")
        level -= 1
    }

    /// Runs `body` one level deeper.
    public mutating func indented(_ body: (inout Printer) -> Void) {
        indent()
        body(&self)
        outdent()
    }
}
