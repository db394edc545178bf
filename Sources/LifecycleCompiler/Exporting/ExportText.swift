/// User text (names, descriptions, reasons) on its way into an exported format.
///
/// Every exporter walks text the same way and differs only in how it writes each piece:
///
/// - a line break (LF, CR, CR LF, U+0085, U+2028, U+2029) is one `.lineBreak`, which each
///   format writes as its own line break (`<br>`, `\n`, `&#10;`) or as a space;
/// - a tab is a space;
/// - a character that is invisible or changes how the text around it reads (C0 and C1
///   controls, bidirectional controls, zero-width characters, the byte-order mark,
///   noncharacters) is `.hidden`: exporters write it as the visible text `\u{202E}`, the way
///   the spec spells it, never raw, so that a diff, a wiki page or a diagram shows what the
///   text holds;
/// - everything else (letters of any script, emoji, punctuation) is `.scalar`, escaped by the
///   format only when it means something there.
enum ExportText {
    enum Piece {
        case scalar(Unicode.Scalar)
        case hidden(Unicode.Scalar)
        case lineBreak
    }

    /// Calls `body` with each piece of `text`, in order.
    static func forEach(_ text: String, _ body: (Piece) -> Void) {
        var previousWasCR = false
        for scalar in text.unicodeScalars {
            let wasCR = previousWasCR
            previousWasCR = scalar == "\r"
            switch scalar.value {
            case 0x0A where wasCR: continue
            case 0x0A, 0x0D, 0x85, 0x2028, 0x2029: body(.lineBreak)
            case 0x09: body(.scalar(" "))
            default: body(isHidden(scalar) ? .hidden(scalar) : .scalar(scalar))
            }
        }
    }

    /// Whether a character must not reach an output raw.
    static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00..<0x20, 0x7F...0x9F: true
        // Zero-width space, joiners and marks; bidirectional embeddings, overrides, isolates;
        // invisible operators; the byte-order mark; interlinear annotations; noncharacters.
        case 0x200B...0x200F, 0x202A...0x202E, 0x2060...0x206F, 0xFEFF, 0xFFF9...0xFFFB, 0xFFFE, 0xFFFF: true
        // Tags (invisible, once used for language tags and now for hidden text).
        case 0xE0000...0xE007F: true
        default: false
        }
    }

    /// The spec's spelling of a hidden character: `\u{202E}`.
    static func visible(_ scalar: Unicode.Scalar) -> String {
        "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
    }

    /// `text` with each piece mapped by `scalar`, hidden characters spelled out (their `\`
    /// passed through `scalar` like any other) and line breaks replaced by `lineBreak`.
    static func escape(_ text: String, lineBreak: String, _ scalar: (Unicode.Scalar, inout String) -> Void) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        forEach(text) { piece in
            switch piece {
            case .scalar(let s): scalar(s, &result)
            case .hidden(let s): for v in visible(s).unicodeScalars { scalar(v, &result) }
            case .lineBreak: result += lineBreak
            }
        }
        return result
    }
}
