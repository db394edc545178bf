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
/// in one `ByteBuffer`. Generators of very large outputs (DOT) also build a line in pieces,
/// so that no `String` is made per line; literal pieces (`StaticString`) are copied straight
/// from the binary:
///
/// ```
/// printer.line { line in
///     line.write("m")
///     line.write(index)
///     line.write("_initial [shape=point];")
/// }
/// ```
public struct Printer: ~Copyable {
    var buffer: ByteBuffer
    private var level = 0
    private let unit: [UInt8]
    /// `unit` repeated for the deepest level so far: a line's indentation is one copy of a prefix.
    private var indentation: [UInt8] = []

    public init(indent: String = "    ", capacity: Int = 4096) {
        unit = Array(indent.utf8)
        buffer = ByteBuffer(capacity: capacity)
    }

    /// A copy of the output.
    public var bytes: [UInt8] { buffer.bytes }

    /// The output as a string.
    public var text: String { buffer.withUnsafeBytes { String(decoding: $0, as: UTF8.self) } }

    /// How many bytes have been written.
    public var count: Int { buffer.count }

    /// Ends printing and hands over the output without copying it.
    public consuming func finish() -> ByteBuffer { buffer }

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

    /// Prints a line that `body` writes in pieces (`write`), at the current indentation.
    @inline(__always) public mutating func line(_ body: (inout Printer) -> Void) {
        beginLine()
        body(&self)
        endLine()
    }

    /// Starts a non-blank line: writes the indentation.
    @inline(__always) public mutating func beginLine() {
        guard level > 0 else { return }
        indentation.withUnsafeBufferPointer { buffer.append(UnsafeBufferPointer(rebasing: $0[..<(level * unit.count)])) }
    }

    /// Appends text to the current line. (A literal goes to the `StaticString` overload.)
    @_disfavoredOverload public mutating func write(_ text: String) {
        buffer.append(text)
    }

    /// Appends a literal to the current line.
    @inline(__always) public mutating func write(_ text: StaticString) {
        buffer.append(text)
    }

    /// Appends bytes (UTF-8) to the current line.
    @inline(__always) public mutating func write(bytes: UnsafeBufferPointer<UInt8>) {
        buffer.append(bytes)
    }

    /// Appends a non-negative integer in decimal, without making a `String`.
    @inline(__always) public mutating func write(_ number: Int) {
        buffer.append(decimal: number)
    }

    /// Ends the current line.
    @inline(__always) public mutating func endLine() {
        buffer.append(UInt8(ascii: "\n"))
    }

    // MARK: - Indentation

    public mutating func indent() {
        level += 1
        if indentation.count < level * unit.count { indentation += unit }
    }

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
