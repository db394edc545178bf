/// User text (names, descriptions, reasons) on its way into an exported format.
///
/// It lives in `Source/`, the lowest folder, because formats of every stage escape through it:
/// the exporters, and `XMLText` (XML attribute values and text: SCXML, the sequence diagram's
/// SVG, the Info.plist entries `migrate` adds).
///
/// Every exporter walks text the same way and differs only in how it writes each piece:
///
/// - a line break (LF, CR, CR LF, U+0085, U+2028, U+2029) is one `.lineBreak`, which each
///   format writes as its own line break (`<br>`, `\n`, `&#10;`) or as a space;
/// - a tab is a space;
/// - a character that is invisible or changes how the text around it reads (the set of
///   `VisibleText.isHidden`) is `.hidden`: exporters write it as the visible text `\u{202E}`, the way
///   the spec spells it, never raw, so that a diff, a wiki page or a diagram shows what the
///   text holds;
/// - everything else (letters of any script, emoji, punctuation) is `.scalar`, escaped by the
///   format only when it means something there.
package enum ExportText {
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
            default: body(VisibleText.isHidden(scalar) ? .hidden(scalar) : .scalar(scalar))
            }
        }
    }

    /// `text` with each piece mapped by `scalar`, hidden characters spelled out (their `\`
    /// passed through `scalar` like any other) and line breaks replaced by `lineBreak`.
    package static func escape(_ text: String, lineBreak: String, _ scalar: (Unicode.Scalar, inout String) -> Void) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        forEach(text) { piece in
            switch piece {
            case .scalar(let s): scalar(s, &result)
            case .hidden(let s): for v in VisibleText.escape(s).unicodeScalars { scalar(v, &result) }
            case .lineBreak: result += lineBreak
            }
        }
        return result
    }
}
