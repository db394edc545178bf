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
/// in one byte buffer.
public struct Printer {
    public private(set) var bytes: [UInt8] = []
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
            for _ in 0..<level { bytes.append(contentsOf: unit) }
            bytes.append(contentsOf: text.utf8)
        }
        bytes.append(UInt8(ascii: "\n"))
    }

    /// Prints each line of a multi-line string, re-indented.
    public mutating func lines(_ text: String) {
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            self.line(String(line))
        }
    }

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
