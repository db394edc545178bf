import LifecycleSource

/// The front end of `conform` for `log show`/`log stream --style json` (one JSON array of
/// objects, pretty-printed over many lines) and `--style ndjson` (one object a line): turns
/// each object's `timestamp` and `eventMessage` into the message line the text pipeline reads
/// (`2026-11-24 18:40:02.118421+0100 sceneDidBecomeActive(_:)`), so that everything after it
/// (`LogReader`, the search, time) is the one for text logs (issue 43).
///
/// Chosen by sniffing the log's first non-blank byte: `{`, or `[` followed by `{` or `]`; any
/// other log passes through untouched. Streaming: it holds one object's two strings (each at
/// most `maximumLength` bytes) and the current line of the JSON (for a message's excerpt), so
/// memory is bounded whatever the log. Each message line is numbered as the JSON line its
/// `eventMessage` starts on (blank lines fill the gaps), so diagnostics name the log's own
/// lines. Malformed JSON stops it with `error`: a line, a column and what was expected.
public struct LogJSONLines {
    public enum Mode: Sendable, Equatable { case undecided, text, json }

    /// A place in the JSON that is not JSON, and why.
    public struct Failure: Sendable, Equatable {
        public var line: Int
        /// In bytes, from 1.
        public var column: Int
        public var message: String
        /// The line's bytes (its first `keptLineLength`), for the excerpt.
        public var lineBytes: [UInt8]
        /// For an entry whose line (timestamp, a space, message) is longer than the bound: its
        /// whole length and the bound (the JSON is well formed; the line cannot be read whole).
        public var tooLong: TooLong?

        public struct TooLong: Sendable, Equatable {
            public var length: Int
            public var maximum: Int
        }
    }

    public private(set) var mode = Mode.undecided
    public private(set) var failure: Failure?
    let maximumLength: Int
    static var keptLineLength: Int { 4096 }

    /// Bytes seen before the mode was known.
    private var sniffed: [UInt8] = []

    // The scanner.
    private enum Container { case array, object }
    private enum Expect { case value, valueOrEnd, commaOrEnd, key, keyOrEnd, colon }
    private var stack: [Container] = []
    private var expect = Expect.value
    private var line = 1
    private var column = 0
    private var currentLine: [UInt8] = []
    private var inString = false
    private var escape = 0  // 0 none, 1 after '\', 2…5 inside \uXXXX
    private var unicode: UInt32 = 0
    private var highSurrogate: UInt32?
    private var stringIsKey = false
    private var capturing = false
    private var captured: [UInt8] = []
    private var scalar: [UInt8] = []
    /// The entry object's key being read, and its two strings.
    private var key: [UInt8] = []
    private var timestamp: [UInt8]?
    private var message: [UInt8]?
    private var messageLine = 0
    /// The string's whole length in UTF-8 (`captured` keeps at most `maximumLength + 1` bytes of
    /// it); the message's, where it starts, and its JSON line when it may make a line over the bound.
    private var capturedLength = 0
    private var messageLength = 0
    private var messageColumn = 0
    private var messageLineBytes: [UInt8]?
    /// Lines handed out so far.
    private var emitted = 0
    private var output: [UInt8] = []

    public init(maximumLength: Int = LogCheck.defaultMaximumLineLength) {
        self.maximumLength = maximumLength
    }

    /// Hands the text of `chunk` to `out` (message lines for JSON): false when `out` said
    /// stop, or the JSON is malformed (`failure`).
    public mutating func feed(_ chunk: UnsafeBufferPointer<UInt8>, _ out: (UnsafeBufferPointer<UInt8>) -> Bool) -> Bool {
        switch mode {
        case .text: return out(chunk)
        case .json: return scan(chunk, out)
        case .undecided:
            sniffed.append(contentsOf: chunk)
            guard let decided = Self.sniff(sniffed) else {
                // A log of blanks so far, or `[` and blanks: wait (bounded: blanks only).
                if sniffed.count > 1 << 16 { mode = .text; return flushSniffed(out) }
                return true
            }
            mode = decided
            return flushSniffed(out)
        }
    }

    /// The end of the log: hands out what is left; false when the JSON is cut short.
    public mutating func finish(_ out: (UnsafeBufferPointer<UInt8>) -> Bool) -> Bool {
        if mode == .undecided {
            mode = .text
            guard flushSniffed(out) else { return false }
        }
        guard mode == .json, failure == nil else { return true }
        if inString || !stack.isEmpty || !scalar.isEmpty && !finishScalar() {
            if failure == nil {
                fail(inString ? "the log ends inside a string" : "the log ends inside \(stack.last == .array ? "an array" : "an object"); expected '\(stack.last == .array ? "]" : "}")'")
            }
            return false
        }
        return true
    }

    private mutating func flushSniffed(_ out: (UnsafeBufferPointer<UInt8>) -> Bool) -> Bool {
        let bytes = sniffed
        sniffed = []
        return bytes.withUnsafeBufferPointer { mode == .text ? out($0) : scan($0, out) }
    }

    /// JSON when the first non-blank byte is `{`, or `[` followed by `{` or `]`; nil while undecided.
    static func sniff(_ bytes: [UInt8]) -> Mode? {
        var index = 0
        func skipBlanks() { while index < bytes.count && [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 } }
        skipBlanks()
        guard index < bytes.count else { return nil }
        if bytes[index] == UInt8(ascii: "{") { return .json }
        guard bytes[index] == UInt8(ascii: "[") else { return .text }
        index += 1
        skipBlanks()
        guard index < bytes.count else { return nil }
        return bytes[index] == UInt8(ascii: "{") || bytes[index] == UInt8(ascii: "]") ? .json : .text
    }

    // MARK: - Scanning

    private mutating func scan(_ chunk: UnsafeBufferPointer<UInt8>, _ out: (UnsafeBufferPointer<UInt8>) -> Bool) -> Bool {
        guard failure == nil else { return false }
        for byte in chunk {
            if byte == 0x0A {
                line += 1
                column = 0
                currentLine.removeAll(keepingCapacity: true)
            } else {
                column += 1
                if currentLine.count < Self.keptLineLength { currentLine.append(byte) }
            }
            if inString {
                guard string(byte) else { return false }
                continue
            }
            if !scalar.isEmpty || isScalarByte(byte) && expectsValue {
                if isScalarByte(byte) {
                    if scalar.isEmpty { guard startValue() else { return false } }
                    scalar.append(byte)
                    continue
                }
                guard finishScalar() else { return false }
            }
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D: continue
            case UInt8(ascii: "\""):
                switch expect {
                case .key, .keyOrEnd:
                    stringIsKey = true
                    capturing = stack.count == entryDepth
                    expect = .colon
                case .value, .valueOrEnd:
                    guard startValue() else { return false }
                    stringIsKey = false
                    capturing = stack.count == entryDepth && (key == Array("timestamp".utf8) || key == Array("eventMessage".utf8))
                    if capturing && key == Array("eventMessage".utf8) { messageLine = line; messageColumn = column }
                default:
                    return unexpected(byte)
                }
                inString = true
                captured.removeAll(keepingCapacity: true)
                capturedLength = 0
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                guard startValue() else { return false }
                stack.append(byte == UInt8(ascii: "{") ? .object : .array)
                expect = byte == UInt8(ascii: "{") ? .keyOrEnd : .valueOrEnd
                if byte == UInt8(ascii: "{") && stack.count == entryDepth {
                    timestamp = nil
                    message = nil
                }
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                let container: Container = byte == UInt8(ascii: "}") ? .object : .array
                guard stack.last == container, expect == .commaOrEnd || expect == (container == .object ? .keyOrEnd : .valueOrEnd) else {
                    return unexpected(byte)
                }
                if container == .object && stack.count == entryDepth { guard emit(out) else { return false } }
                stack.removeLast()
                expect = stack.isEmpty ? .value : .commaOrEnd
            case UInt8(ascii: ":"):
                guard expect == .colon else { return unexpected(byte) }
                expect = .value
            case UInt8(ascii: ","):
                guard expect == .commaOrEnd, let last = stack.last else { return unexpected(byte) }
                expect = last == .object ? .key : .value
            default:
                return unexpected(byte)
            }
        }
        return true
    }

    /// The depth of the objects that are log entries: in the top array, or at the top (ndjson).
    private var entryDepth: Int { stack.first == .array ? 2 : 1 }

    private var expectsValue: Bool { expect == .value || expect == .valueOrEnd }

    private func isScalarByte(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || byte == 0x2D || byte == 0x2B || byte == 0x2E
    }

    /// A value starts here: allowed where one is expected.
    private mutating func startValue() -> Bool {
        guard expectsValue else {
            fail("expected \(expected), found a value")
            return false
        }
        expect = stack.isEmpty ? .value : .commaOrEnd
        return true
    }

    /// A number, `true`, `false` or `null` ends.
    private mutating func finishScalar() -> Bool {
        let text = String(decoding: scalar, as: UTF8.self)
        scalar.removeAll(keepingCapacity: true)
        if text == "true" || text == "false" || text == "null" || JSONGrammar.isNumber(text) { return true }
        fail("'\(text)' is not a JSON value (a string, number, object, array, true, false or null)")
        return false
    }

    /// One byte inside a string.
    private mutating func string(_ byte: UInt8) -> Bool {
        switch escape {
        case 0:
            if byte == UInt8(ascii: "\\") { escape = 1; return true }
            if byte == UInt8(ascii: "\"") { return endString() }
            guard byte >= 0x20 else {
                fail("a control character inside a string; JSON writes it escaped ('\\n', '\\t', '\\u0000')")
                return false
            }
            keep(byte)
        case 1:
            escape = 0
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): keep(byte)
            case UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"), UInt8(ascii: "b"), UInt8(ascii: "f"): keep(0x20)
            case UInt8(ascii: "u"): escape = 2; unicode = 0
            default:
                fail("'\\\(Character(UnicodeScalar(byte)))' is not a JSON escape")
                return false
            }
        default:
            guard let digit = JSONGrammar.hexDigit(byte) else {
                fail("expected 4 hexadecimal digits after '\\u'")
                return false
            }
            unicode = unicode << 4 | UInt32(digit)
            escape += 1
            if escape == 6 {
                escape = 0
                scalarFromEscape(unicode)
            }
        }
        return true
    }

    private mutating func scalarFromEscape(_ value: UInt32) {
        if JSONGrammar.highSurrogates.contains(value) { highSurrogate = value; return }
        var scalarValue = value
        if JSONGrammar.lowSurrogates.contains(value) {
            scalarValue = highSurrogate.map { JSONGrammar.scalar(high: $0, low: value) } ?? 0xFFFD
        } else if highSurrogate != nil {
            keepScalar(0xFFFD)
        }
        highSurrogate = nil
        keepScalar(scalarValue)
    }

    private mutating func keepScalar(_ value: UInt32) {
        let scalar = UnicodeScalar(value) ?? "\u{FFFD}"
        // A control character is a space in the line made (a line ends only at the object's end).
        if scalar.value < 0x20 { keep(0x20); return }
        for byte in String(scalar).utf8 { keep(byte) }
    }

    private mutating func keep(_ byte: UInt8) {
        if capturing {
            capturedLength += 1
            if captured.count < maximumLength + 1 { captured.append(byte) }
        }
        else if stringIsKey && captured.count < 64 { captured.append(byte) }
    }

    private mutating func endString() -> Bool {
        inString = false
        if highSurrogate != nil { highSurrogate = nil; keep(0xEF); keep(0xBF); keep(0xBD) }
        if stringIsKey {
            stringIsKey = false
            if stack.count == entryDepth { key = captured }
            return true
        }
        if capturing {
            if key == Array("timestamp".utf8) {
                timestamp = captured
            } else {
                message = captured
                messageLength = capturedLength
                // Its JSON line, for the excerpt, only when the line made may be too long.
                messageLineBytes = capturedLength + 1 + (timestamp?.count ?? 64) > maximumLength ? currentLine : nil
            }
            capturing = false
        }
        return true
    }

    /// An entry object ended: its line, numbered as the JSON line its message starts on.
    private mutating func emit(_ out: (UnsafeBufferPointer<UInt8>) -> Bool) -> Bool {
        guard let message else { return true }
        let length = (timestamp.map { $0.count + 1 } ?? 0) + messageLength
        if length > maximumLength {
            // Read only in part, a callback on it could be missed: an error at its message, as a
            // text log's line too long is (`ConformanceRun.tooLong`).
            failure = Failure(line: messageLine, column: max(1, messageColumn), message: "", lineBytes: messageLineBytes ?? currentLine,
                              tooLong: Failure.TooLong(length: length, maximum: maximumLength))
            return false
        }
        output.removeAll(keepingCapacity: true)
        while emitted + 1 < messageLine {
            output.append(0x0A)
            emitted += 1
        }
        if let timestamp {
            output.append(contentsOf: timestamp)
            output.append(0x20)
        }
        output.append(contentsOf: message)
        output.append(0x0A)
        emitted += 1
        self.message = nil
        self.timestamp = nil
        return output.withUnsafeBufferPointer { out($0) }
    }

    private var expected: String {
        switch expect {
        case .value: "a value"
        case .valueOrEnd: "a value or ']'"
        case .commaOrEnd: stack.last == .object ? "',' or '}'" : "',' or ']'"
        case .key: "a key (a string in quotes)"
        case .keyOrEnd: "a key (a string in quotes) or '}'"
        case .colon: "':' after the key"
        }
    }

    private mutating func unexpected(_ byte: UInt8) -> Bool {
        let shown = byte >= 0x20 && byte < 0x7F ? "'\(Character(UnicodeScalar(byte)))'" : "byte 0x\(String(byte, radix: 16))"
        fail("expected \(expected), found \(shown)")
        return false
    }

    private mutating func fail(_ message: String) {
        guard failure == nil else { return }
        failure = Failure(line: line, column: max(1, column), message: message, lineBytes: currentLine)
    }
}

extension LogJSONLines.Failure {
    /// The error at its place, in an excerpt of the log added to `files` (named `path`).
    public func diagnostic(path: String, files: SourceFiles) -> Diagnostic {
        let excerpt = files.add(path: path, bytes: lineBytes, firstLine: line)
        let start = min(column - 1, lineBytes.count)
        if let tooLong {
            return .jsonLogLineTooLong(length: tooLong.length, maximum: tooLong.maximum,
                                       at: SourceRange(file: excerpt.id, start: start, end: min(start + 1, lineBytes.count)))
        }
        return .malformedJSONLog(message, at: SourceRange(file: excerpt.id, start: start, end: min(start + 1, lineBytes.count)))
    }
}
