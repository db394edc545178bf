import LifecycleSource

/// String literals: `"…"` on one line, with the escapes `\" \\ \n \t \r \0 \u{…}`.
extension Lexer {
    /// Consumes a string literal starting at the opening quote. Reports the first problem in it
    /// (so one bad literal gives one error) and always ends the token by the end of the line.
    mutating func lexString() {
        let start = position
        position += 1
        var problem: Diagnostic?
        while true {
            // Plain ASCII text by one table bit per byte; NUL, the sentinel, quotes,
            // backslashes, line breaks and non-ASCII bytes have no such bit and stop the run.
            var offset = position
            while Lexer.byteClass(base[offset]) & Lexer.plainStringBit != 0 { offset &+= 1 }
            position = offset
            let c = base[offset]
            if c == UInt8(ascii: "\"") {
                position += 1
                break
            }
            if isAtEnd || c == UInt8(ascii: "\n") || c == UInt8(ascii: "\r") {
                problem = .unterminatedString(at: range(start, start + 1))
                break
            }
            if c == UInt8(ascii: "\\") {
                if let escapeProblem = lexEscape(), problem == nil { problem = escapeProblem }
                continue
            }
            if c == 0 {
                if problem == nil { problem = .nulByte(at: range(position, position + 1)) }
                position += 1
            } else if c >= 0x80 {
                if let (_, length) = decodeScalar(at: position) {
                    position += length
                } else {
                    if problem == nil { problem = .invalidUTF8(byte: c, at: range(position, position + 1)) }
                    position += 1
                }
            } else {
                position += 1
            }
        }
        if let problem { report(problem) }
    }

    /// Consumes one escape sequence at a backslash; returns its problem, if any.
    mutating func lexEscape() -> Diagnostic? {
        let start = position
        position += 1
        switch current {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "n"), UInt8(ascii: "t"), UInt8(ascii: "r"), UInt8(ascii: "0"):
            position += 1
            return nil
        case UInt8(ascii: "u"):
            position += 1
            guard current == UInt8(ascii: "{") else {
                return .invalidUnicodeEscape(at: range(start, position))
            }
            position += 1
            var value: UInt32 = 0
            var digits = 0
            while let digit = Lexer.hexValue(current), digits < 9 {
                value = value &* 16 &+ UInt32(digit)
                digits += 1
                position += 1
            }
            guard current == UInt8(ascii: "}"), (1...8).contains(digits) else {
                return .invalidUnicodeEscape(at: range(start, position))
            }
            position += 1
            return Unicode.Scalar(value) == nil ? .invalidUnicodeScalar(at: range(start, position)) : nil
        case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
            // A backslash at the end of the line: the caller reports the unterminated string.
            return nil
        case 0 where isAtEnd:
            return nil
        default:
            let length = decodeScalar(at: position)?.1 ?? 1
            position += length
            return .invalidEscape(file.text(range(start, position)), at: range(start, position))
        }
    }

    static func hexValue(_ c: UInt8) -> UInt8? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): c - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): c - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): c - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

/// Decodes the value of a string literal whose problems the lexer has already reported.
enum StringLiteralDecoder {
    /// The literal's value: the text between the quotes with escapes replaced. Bad escapes are
    /// kept as written; invalid UTF-8 becomes U+FFFD.
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        var lower = range.lowerBound + 1
        var upper = range.upperBound
        if upper > lower && bytes[upper - 1] == UInt8(ascii: "\"") { upper -= 1 }
        lower = min(lower, upper)
        let body = bytes[lower..<upper]
        guard body.contains(UInt8(ascii: "\\")) else {
            return String(decoding: body, as: UTF8.self)
        }
        var output: [UInt8] = []
        output.reserveCapacity(body.count)
        var i = lower
        while i < upper {
            let c = bytes[i]
            guard c == UInt8(ascii: "\\"), i + 1 < upper else {
                output.append(c)
                i += 1
                continue
            }
            let e = bytes[i + 1]
            switch e {
            case UInt8(ascii: "n"): output.append(10); i += 2
            case UInt8(ascii: "t"): output.append(9); i += 2
            case UInt8(ascii: "r"): output.append(13); i += 2
            case UInt8(ascii: "0"): output.append(0); i += 2
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): output.append(e); i += 2
            case UInt8(ascii: "u"):
                var j = i + 2
                var value: UInt32 = 0
                var digits = 0
                if j < upper && bytes[j] == UInt8(ascii: "{") {
                    j += 1
                    while j < upper, let digit = Lexer.hexValue(bytes[j]), digits < 8 {
                        value = value * 16 + UInt32(digit)
                        digits += 1
                        j += 1
                    }
                }
                if digits > 0, j < upper, bytes[j] == UInt8(ascii: "}"), let scalar = Unicode.Scalar(value) {
                    output.append(contentsOf: Array(String(scalar).utf8))
                    i = j + 1
                } else {
                    output.append(c)
                    i += 1
                }
            default:
                output.append(c)
                i += 1
            }
        }
        return String(decoding: output, as: UTF8.self)
    }
}
