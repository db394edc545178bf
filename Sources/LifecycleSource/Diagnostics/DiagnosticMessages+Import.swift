/// Messages of `import-scxml`: XML that is not well-formed, and SCXML that has no
/// `.lifecycle` counterpart (alphabetical within each group).
extension Diagnostic {
    // MARK: - XML

    package static func xmlBadReference(at range: SourceRange) -> Diagnostic {
        make(.error, "invalid character or entity reference; write '&amp;' for a literal '&'", at: range)
    }

    package static func xmlDocumentTypeDefinition(at range: SourceRange) -> Diagnostic {
        make(.error, "document type definitions with an internal subset are not supported", at: range)
    }

    package static func xmlDuplicateAttribute(_ name: String, at range: SourceRange, first: SourceRange) -> Diagnostic {
        make(.error, "duplicate attribute '\(name)'", at: range).note("'\(name)' first given here", at: first)
    }

    package static func xmlEncodingMismatch(declared: String, found: String, at range: SourceRange) -> Diagnostic {
        make(.error, "the declaration names the encoding '\(declared)', but the document is \(found)", at: range)
    }

    package static func xmlExpected(_ what: String, found: String, at range: SourceRange) -> Diagnostic {
        make(.error, "expected \(what), found \(found)", at: range)
    }

    package static func xmlInvalidByte(_ byte: UInt8, encoding: String, at range: SourceRange) -> Diagnostic {
        let hex = String(byte, radix: 16, uppercase: true)
        return make(.error, "byte 0x\(hex.count < 2 ? "0" + hex : hex) is not valid \(encoding); name the document's encoding "
                    + "in its declaration ('<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>') or save it as UTF-8", at: range)
    }

    package static func xmlInvalidUTF16(_ problem: String, at range: SourceRange) -> Diagnostic {
        make(.error, "invalid UTF-16: \(problem)", at: range)
    }

    package static func xmlMismatchedEndTag(_ name: String, expected: String, at range: SourceRange, opened: SourceRange) -> Diagnostic {
        make(.error, "end tag '</\(name)>' does not match '<\(expected)>'", at: range)
            .note("'<\(expected)>' opened here", at: opened)
    }

    package static func xmlNestingTooDeep(_ limit: Int, at range: SourceRange) -> Diagnostic {
        make(.error, "elements nest more than \(limit) deep", at: range)
    }

    package static func xmlNoRootElement(_ root: String, at range: SourceRange) -> Diagnostic {
        make(.error, "expected an '<\(root)>' element, found end of file", at: range)
    }

    package static func xmlSecondRootElement(at range: SourceRange) -> Diagnostic {
        make(.error, "a second top-level element; an XML document has one root", at: range)
    }

    package static func xmlTextOutsideRoot(at range: SourceRange) -> Diagnostic {
        make(.error, "text outside the root element", at: range)
    }

    package static func xmlUnclosedElement(_ name: String, at range: SourceRange, opened: SourceRange) -> Diagnostic {
        make(.error, "expected '</\(name)>' before the end of the file", at: range)
            .note("'<\(name)>' opened here", at: opened)
    }

    package static func xmlUnexpectedEndTag(_ name: String, at range: SourceRange) -> Diagnostic {
        make(.error, "end tag '</\(name)>' without a start tag", at: range)
    }

    package static func xmlUnknownEntity(_ name: String, at range: SourceRange) -> Diagnostic {
        make(.error, "unknown entity '&\(name);'; XML knows only '&lt;', '&gt;', '&amp;', '&quot;' and '&apos;'", at: range)
    }

    package static func xmlUnknownPrefix(_ prefix: String, at range: SourceRange) -> Diagnostic {
        make(.error, "namespace prefix '\(prefix)' is not declared", at: range)
    }

    package static func xmlUnsupportedEncoding(_ name: String, at range: SourceRange) -> Diagnostic {
        make(.error, "encoding '\(name)' is not supported; lifecycle reads UTF-8, UTF-16 and ISO-8859-1 (Latin-1)", at: range)
    }

    package static func xmlUnterminated(_ construct: String, at range: SourceRange) -> Diagnostic {
        make(.error, "unterminated \(construct)", at: range)
    }

    // MARK: - SCXML

    package static func scxmlNotSCXML(_ name: String, at range: SourceRange) -> Diagnostic {
        make(.error, "expected an '<scxml>' root element in the SCXML namespace, found '<\(name)>'", at: range)
    }

    package static func scxmlNoStates(at range: SourceRange) -> Diagnostic {
        make(.error, "'<scxml>' has no states", at: range)
    }

    package static func scxmlStatesTooDeep(_ limit: Int, at range: SourceRange) -> Diagnostic {
        make(.error, "states nest more than \(limit) deep; a .lifecycle spec allows \(limit)", at: range)
    }

    package static func scxmlUnknownTarget(_ target: String, suggestion: String?, at range: SourceRange) -> Diagnostic {
        make(.error, "transition target '\(target)' is not a state of this document" + didYouMean(suggestion), at: range)
    }

    package static func scxmlUnknownInitial(_ name: String, suggestion: String?, at range: SourceRange) -> Diagnostic {
        make(.error, "initial state '\(name)' is not a child of this state" + didYouMean(suggestion), at: range)
    }
}
