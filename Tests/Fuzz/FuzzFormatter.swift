/// libFuzzer target for `lifecycle fmt` (issue 24): arbitrary bytes as a spec. A file with
/// syntax errors is refused; any other is formatted, and then:
///
/// - only whitespace changed: the bytes other than spaces, tabs and line ends are the same,
///   and so are the tokens (kind and text) the lexer reads;
/// - the formatted text parses without error and formats to itself (idempotence);
/// - the same file with every line end a lone CR, or a CR LF, formats to the same text (once
///   the line ends kept inside comments and Swift text are read as LF): the lexer and the
///   formatter agree on what a line end is.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzFormatter.run(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}

enum FuzzFormatter {
    static func format(_ bytes: [UInt8]) -> Formatter.Result {
        Formatter.format(SourceFile(id: FileID(0), path: "fuzz.lifecycle", bytes: bytes))
    }

    /// Every byte but whitespace, after a UTF-8 byte order mark.
    static func visible(_ bytes: [UInt8]) -> [UInt8] {
        let text = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...]
        return text.filter { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }
    }

    /// The lexer's tokens, as kind and text.
    static func tokens(_ bytes: [UInt8]) -> [String] {
        var lexer = Lexer(SourceFile(id: FileID(0), path: "fuzz.lifecycle", bytes: bytes))
        var result: [String] = []
        while true {
            let token = lexer.next()
            if token.kind == .endOfFile { return result }
            result.append("\(token.kind) \(lexer.text(of: token))")
        }
    }

    /// `bytes` with every line end (`LineEnd`) replaced by `ending`.
    static func lineEnds(_ bytes: [UInt8], _ ending: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count * 2)
        var index = 0
        bytes.withUnsafeBufferPointer { buffer in
            while index < buffer.count {
                let length = LineEnd.length(at: index, in: buffer)
                if length > 0 {
                    result += ending
                    index += length
                } else {
                    result.append(buffer[index])
                    index += 1
                }
            }
        }
        return result
    }

    static func run(_ bytes: [UInt8]) {
        let result = format(bytes)
        guard let formatted = result.text else {
            FuzzPipeline.require(result.diagnostics.hasErrors, "a file without syntax errors was not formatted")
            return
        }
        FuzzPipeline.require(!result.diagnostics.hasErrors, "a file with syntax errors was formatted")
        let output = Array(formatted.utf8)
        FuzzPipeline.require(visible(output) == visible(bytes), "formatting changed more than whitespace:\n\(formatted)")
        FuzzPipeline.require(tokens(output) == tokens(bytes), "formatting changed the tokens:\n\(formatted)")
        let again = format(output)
        FuzzPipeline.require(!again.diagnostics.hasErrors, "the formatted text has syntax errors:\n\(formatted)")
        FuzzPipeline.require(again.text == formatted, "formatting is not idempotent:\n\(formatted)\n---\n\(again.text ?? "nil")")
        for ending in [[UInt8(ascii: "\r")], [UInt8(ascii: "\r"), UInt8(ascii: "\n")]] {
            let other = format(lineEnds(bytes, ending))
            FuzzPipeline.require(other.text.map { lineEnds(Array($0.utf8), [0x0A]) } == lineEnds(output, [0x0A]),
                                 "line ends \(ending) format differently:\n\(formatted)\n---\n\(other.text ?? "nil")")
        }
    }
}
