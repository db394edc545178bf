/// A small XML reader for `import-scxml`: elements, attributes, namespaces and comments, read
/// into a flat array of elements with parent and child indices.
///
/// Hardened for untrusted input: it loops over the bytes with an explicit element stack (no
/// recursion), caps nesting (`maximumDepth`), reads no DTD (an internal subset is an error, so
/// no entity can expand), knows only the five predefined entities and character references,
/// and stops at the first well-formedness error with a located diagnostic. Text content is
/// checked for stray markup but not kept: SCXML's structure lives in elements and attributes.
public struct XMLDocument: Sendable {
    public struct Attribute: Sendable {
        /// The local name (`by` of `lifecycle:by`).
        public var name: String
        /// The namespace URI its prefix maps to; nil without a prefix.
        public var namespace: String?
        public var value: String
        public var range: SourceRange
    }

    public struct Element: Sendable {
        /// The local name (`state`).
        public var name: String
        /// The namespace URI in scope for it (the default namespace without a prefix).
        public var namespace: String?
        public var attributes: [Attribute]
        public var parent: Int?
        public var children: [Int]
        /// The comments just before the start tag, since the previous tag.
        public var comment: String?
        /// The start tag's name.
        public var range: SourceRange

        /// The value of the attribute with this local name and namespace.
        public func attribute(_ name: String, namespace: String? = nil) -> Attribute? {
            attributes.first { $0.name == name && $0.namespace == namespace }
        }
    }

    /// In document order; the root is element 0.
    public var elements: [Element]
    /// The comments before the root element.
    public var leadingComment: String?
}

public enum XMLReader {
    /// Deeper element nesting is an error (SCXML states nest far less; `lifecycle` at most 128).
    public static let maximumDepth = 256

    /// Reads `file`; nil and one error diagnostic when it is not well-formed XML.
    public static func read(_ file: SourceFile) -> (XMLDocument?, Diagnostics) {
        var reader = Reader(file: file)
        var diagnostics = Diagnostics()
        switch reader.document() {
        case .success(let document): return (document, diagnostics)
        case .failure(let error):
            diagnostics.append(error.diagnostic)
            return (nil, diagnostics)
        }
    }

    struct Failure: Error {
        var diagnostic: Diagnostic
    }

    struct Reader {
        let file: SourceFile
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0
        var elements: [XMLDocument.Element] = []
        /// Open elements, innermost last, with how many namespace bindings each added.
        var open: [(element: Int, bindings: Int)] = []
        /// Namespace bindings in scope, innermost last (`""` is the default namespace).
        var bindings: [(prefix: String, uri: String)] = [("xml", "http://www.w3.org/XML/1998/namespace")]
        /// The comments since the last tag, joined only when an element takes them (joining as
        /// they come would copy them again for each one: quadratic in a run of comments).
        var pendingComments: [String] = []
        var pendingComment: String? { pendingComments.isEmpty ? nil : pendingComments.joined(separator: "\n") }
        var leadingComment: String?
        var rootClosed = false

        init(file: SourceFile) {
            self.file = file
            self.bytes = file.bytes
        }

        func range(_ start: Int, _ end: Int) -> SourceRange {
            SourceRange(file: file.id, start: min(start, bytes.count), end: min(end, bytes.count))
        }

        func fail(_ diagnostic: Diagnostic) -> Failure { Failure(diagnostic: diagnostic) }

        /// What is at `index`, for "found …" in messages.
        var found: String {
            guard index < bytes.count else { return "end of file" }
            let end = min(index + 12, bytes.count)
            var text = String(decoding: bytes[index..<end], as: UTF8.self)
            if let stop = text.firstIndex(where: { $0.isNewline }) { text = String(text[..<stop]) }
            return "'\(DiagnosticRenderer.printable(text))'"
        }

        func starts(with literal: StaticString, at offset: Int? = nil) -> Bool {
            let at = offset ?? index
            let count = literal.utf8CodeUnitCount
            guard at + count <= bytes.count else { return false }
            let start = literal.utf8Start
            for i in 0..<count where bytes[at + i] != start[i] { return false }
            return true
        }

        /// Moves past `terminator`; false (index at the end) if it never comes.
        mutating func skip(past terminator: StaticString) -> Bool {
            while index < bytes.count {
                if starts(with: terminator) {
                    index += terminator.utf8CodeUnitCount
                    return true
                }
                index += 1
            }
            return false
        }

        static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

        mutating func skipSpace() {
            while index < bytes.count && Self.isSpace(bytes[index]) { index += 1 }
        }

        mutating func document() -> Result<XMLDocument, Failure> {
            if starts(with: "\u{FEFF}") { index += 3 }
            do {
                while index < bytes.count {
                    if bytes[index] == UInt8(ascii: "<") {
                        try markup()
                    } else {
                        try text()
                    }
                }
                if let top = open.last {
                    let name = elements[top.element].name
                    return .failure(fail(.xmlUnclosedElement(name, at: range(bytes.count, bytes.count), opened: elements[top.element].range)))
                }
                guard !elements.isEmpty else { return .failure(fail(.xmlNoRootElement(at: range(index, index)))) }
                return .success(XMLDocument(elements: elements, leadingComment: leadingComment))
            } catch {
                return .failure(error)
            }
        }

        /// Character data: only whitespace outside the root; entity references checked.
        mutating func text() throws(Failure) {
            var onlySpace = true
            while index < bytes.count && bytes[index] != UInt8(ascii: "<") {
                let byte = bytes[index]
                if !Self.isSpace(byte) { onlySpace = false }
                if open.isEmpty && !Self.isSpace(byte) {
                    throw fail(.xmlTextOutsideRoot(at: range(index, index + 1)))
                }
                if byte == UInt8(ascii: "&") {
                    _ = try reference()
                    continue
                }
                index += 1
            }
            // A comment describes the element right after it, whitespace between them aside.
            if !onlySpace { pendingComments.removeAll() }
        }

        mutating func markup() throws(Failure) {
            let start = index
            if starts(with: "<!--") {
                index += 4
                let textStart = index
                guard skip(past: "-->") else { throw fail(.xmlUnterminated("comment", at: range(start, start + 4))) }
                pendingComments.append(Self.trimmedLines(bytes[textStart..<(index - 3)]))
            } else if starts(with: "<?") {
                index += 2
                guard skip(past: "?>") else { throw fail(.xmlUnterminated("processing instruction", at: range(start, start + 2))) }
            } else if starts(with: "<![CDATA[") {
                guard !open.isEmpty else { throw fail(.xmlTextOutsideRoot(at: range(start, start + 9))) }
                index += 9
                guard skip(past: "]]>") else { throw fail(.xmlUnterminated("CDATA section", at: range(start, start + 9))) }
            } else if starts(with: "<!DOCTYPE") {
                index += 9
                while index < bytes.count && bytes[index] != UInt8(ascii: ">") {
                    if bytes[index] == UInt8(ascii: "[") { throw fail(.xmlDocumentTypeDefinition(at: range(index, index + 1))) }
                    index += 1
                }
                guard index < bytes.count else { throw fail(.xmlUnterminated("document type declaration", at: range(start, start + 9))) }
                index += 1
            } else if starts(with: "</") {
                try endTag()
            } else {
                try startTag()
            }
        }

        /// A comment's text with each line trimmed (the indentation of continuation lines is
        /// layout), lines joined by LF, and blank lines at the start and end dropped.
        ///
        /// Written straight into the string's storage, a line at a time (the text only gets
        /// shorter): a comment of millions of short lines costs its own size, not an array of
        /// millions of strings.
        static func trimmedLines(_ slice: Slice<UnsafeBufferPointer<UInt8>>) -> String {
            let text = UnsafeBufferPointer(rebasing: slice)
            guard !text.isEmpty else { return "" }
            return String(unsafeUninitializedCapacity: text.count) { output in
                var written = 0
                // Blank lines are held back until a line with text follows (none at the end).
                var blankLines = 0
                var lineStart = 0
                var more = true
                while more {
                    let lineEnd = LineEnd.end(ofLineAt: lineStart, in: text)
                    more = lineEnd < text.count
                    defer { lineStart = lineEnd + LineEnd.length(at: lineEnd, in: text) }
                    var start = lineStart, end = lineEnd
                    while start < end && isBlank(text[start]) { start += 1 }
                    while end > start && isBlank(text[end - 1]) { end -= 1 }
                    // Other white space (U+00A0, U+3000, …) at either end: trimmed as scalars.
                    let unicode = start < end && (text[start] >= 0x80 || text[end - 1] >= 0x80)
                        ? trim(String(decoding: UnsafeBufferPointer(rebasing: text[start..<end]), as: UTF8.self)) : nil
                    if start == end || unicode?.isEmpty == true {
                        blankLines += 1
                        continue
                    }
                    if written > 0 {
                        for _ in 0...blankLines { output[written] = UInt8(ascii: "\n"); written += 1 }
                    }
                    blankLines = 0
                    if let unicode {
                        for byte in unicode.utf8 { output[written] = byte; written += 1 }
                    } else {
                        _ = UnsafeMutableBufferPointer(rebasing: output[written..<(written + end - start)])
                            .initialize(from: UnsafeBufferPointer(rebasing: text[start..<end]))
                        written += end - start
                    }
                }
                return written
            }
        }

        /// ASCII white space: blanks, line ends, vertical tab and form feed.
        static func isBlank(_ byte: UInt8) -> Bool { isSpace(byte) || byte == 0x0B || byte == 0x0C }

        static func trim(_ text: String) -> String {
            let scalars = text.unicodeScalars
            guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }) else { return "" }
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })!
            return String(scalars[first...last])
        }

        static func isNameByte(_ byte: UInt8) -> Bool {
            !(isSpace(byte) || byte == UInt8(ascii: "/") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "=")
              || byte == UInt8(ascii: "<") || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") || byte == UInt8(ascii: "&"))
        }

        /// A name at `index`, or an error naming `what` was expected.
        mutating func name(_ what: String) throws(Failure) -> (String, SourceRange) {
            let start = index
            while index < bytes.count && Self.isNameByte(bytes[index]) { index += 1 }
            guard index > start else { throw fail(.xmlExpected(what, found: found, at: range(index, index + 1))) }
            let first = bytes[start]
            if first == UInt8(ascii: "-") || first == UInt8(ascii: ".") || (first >= 0x30 && first <= 0x39) {
                index = start
                throw fail(.xmlExpected(what, found: found, at: range(start, start + 1)))
            }
            return (String(decoding: bytes[start..<index], as: UTF8.self), range(start, index))
        }

        mutating func startTag() throws(Failure) {
            let start = index
            index += 1
            if rootClosed && open.isEmpty { throw fail(.xmlSecondRootElement(at: range(start, start + 1))) }
            let (qualifiedName, nameRange) = try name("an element name")
            var raw: [(name: String, value: String, range: SourceRange)] = []
            var seen: [String: Int] = [:]  // attribute name → index in `raw`, for duplicates
            var selfClosing = false
            while true {
                let before = index
                skipSpace()
                guard index < bytes.count else { throw fail(.xmlUnterminated("start tag '<\(qualifiedName)'", at: range(start, index))) }
                if bytes[index] == UInt8(ascii: ">") {
                    index += 1
                    break
                }
                if starts(with: "/>") {
                    index += 2
                    selfClosing = true
                    break
                }
                guard index > before else { throw fail(.xmlExpected("whitespace, '>' or '/>'", found: found, at: range(index, index + 1))) }
                let (attributeName, attributeRange) = try name("an attribute name")
                skipSpace()
                guard index < bytes.count && bytes[index] == UInt8(ascii: "=") else {
                    throw fail(.xmlExpected("'=' after attribute '\(attributeName)'", found: found, at: range(index, index + 1)))
                }
                index += 1
                skipSpace()
                let value = try attributeValue()
                if let earlier = seen[attributeName] {
                    throw fail(.xmlDuplicateAttribute(attributeName, at: attributeRange, first: raw[earlier].range))
                }
                seen[attributeName] = raw.count
                raw.append((attributeName, value, attributeRange))
            }
            guard open.count < XMLReader.maximumDepth else {
                throw fail(.xmlNestingTooDeep(XMLReader.maximumDepth, at: nameRange))
            }
            // Namespace declarations first, then names resolved against them.
            var added = 0
            for attribute in raw {
                if attribute.name == "xmlns" {
                    bindings.append(("", attribute.value))
                    added += 1
                } else if attribute.name.hasPrefix("xmlns:") {
                    bindings.append((String(attribute.name.dropFirst(6)), attribute.value))
                    added += 1
                }
            }
            let (prefix, local) = Self.split(qualifiedName)
            guard let namespace = resolve(prefix ?? "") else {
                throw fail(.xmlUnknownPrefix(prefix ?? "", at: nameRange))
            }
            var attributes: [XMLDocument.Attribute] = []
            for attribute in raw where attribute.name != "xmlns" && !attribute.name.hasPrefix("xmlns:") {
                let (attributePrefix, attributeLocal) = Self.split(attribute.name)
                var attributeNamespace: String?
                if let attributePrefix {
                    guard let uri = resolve(attributePrefix), !uri.isEmpty else { throw fail(.xmlUnknownPrefix(attributePrefix, at: attribute.range)) }
                    attributeNamespace = uri
                }
                attributes.append(.init(name: attributeLocal, namespace: attributeNamespace, value: attribute.value, range: attribute.range))
            }
            let element = elements.count
            let parent = open.last?.element
            elements.append(.init(name: local, namespace: namespace.isEmpty ? nil : namespace, attributes: attributes,
                                  parent: parent, children: [], comment: pendingComment, range: nameRange))
            if element == 0 { leadingComment = pendingComment }
            pendingComments.removeAll()
            if let parent { elements[parent].children.append(element) }
            if selfClosing {
                bindings.removeLast(added)
                if open.isEmpty { rootClosed = true }
            } else {
                open.append((element, added))
            }
        }

        mutating func endTag() throws(Failure) {
            let start = index
            index += 2
            let (qualifiedName, nameRange) = try name("an element name after '</'")
            skipSpace()
            guard index < bytes.count && bytes[index] == UInt8(ascii: ">") else {
                throw fail(.xmlExpected("'>' to end '</\(qualifiedName)'", found: found, at: range(index, index + 1)))
            }
            index += 1
            guard let top = open.last else { throw fail(.xmlUnexpectedEndTag(qualifiedName, at: range(start, index))) }
            let opened = elements[top.element]
            let openedName = file.text(opened.range)
            guard openedName == qualifiedName else {
                throw fail(.xmlMismatchedEndTag(qualifiedName, expected: openedName, at: nameRange, opened: opened.range))
            }
            open.removeLast()
            bindings.removeLast(top.bindings)
            pendingComments.removeAll()
            if open.isEmpty { rootClosed = true }
        }

        /// A quoted attribute value with references decoded and whitespace normalised.
        mutating func attributeValue() throws(Failure) -> String {
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else {
                throw fail(.xmlExpected("a quoted attribute value", found: found, at: range(index, index + 1)))
            }
            let quote = bytes[index]
            let start = index
            index += 1
            var value: [UInt8] = []
            while true {
                guard index < bytes.count else { throw fail(.xmlUnterminated("attribute value", at: range(start, start + 1))) }
                let byte = bytes[index]
                if byte == quote {
                    index += 1
                    break
                }
                switch byte {
                case UInt8(ascii: "<"): throw fail(.xmlExpected("no '<' in an attribute value (write '&lt;')", found: "'<'", at: range(index, index + 1)))
                case UInt8(ascii: "&"): value += Array(try reference().utf8)
                case 0x09, 0x0A, 0x0D:
                    value.append(0x20)
                    index += 1
                default:
                    value.append(byte)
                    index += 1
                }
            }
            return String(decoding: value, as: UTF8.self)
        }

        /// `&name;` or `&#…;` at `index`: its text.
        mutating func reference() throws(Failure) -> String {
            let start = index
            index += 1
            while index < bytes.count && bytes[index] != UInt8(ascii: ";") && index - start < 16 { index += 1 }
            guard index < bytes.count && bytes[index] == UInt8(ascii: ";") else {
                index = start
                throw fail(.xmlBadReference(at: range(start, start + 1)))
            }
            let body = String(decoding: bytes[(start + 1)..<index], as: UTF8.self)
            index += 1
            switch body {
            case "lt": return "<"
            case "gt": return ">"
            case "amp": return "&"
            case "quot": return "\""
            case "apos": return "'"
            default: break
            }
            var digits = Substring(body)
            var radix = 10
            guard digits.hasPrefix("#") else { throw fail(.xmlUnknownEntity(body, at: range(start, index))) }
            digits = digits.dropFirst()
            if digits.hasPrefix("x") {
                radix = 16
                digits = digits.dropFirst()
            }
            guard !digits.isEmpty, let value = UInt32(digits, radix: radix), let scalar = Unicode.Scalar(value),
                  value == 0x9 || value == 0xA || value == 0xD || (value >= 0x20 && value != 0xFFFE && value != 0xFFFF) else {
                throw fail(.xmlBadReference(at: range(start, index)))
            }
            return String(scalar)
        }

        static func split(_ name: String) -> (String?, String) {
            guard let colon = name.firstIndex(of: ":") else { return (nil, name) }
            return (String(name[..<colon]), String(name[name.index(after: colon)...]))
        }

        func resolve(_ prefix: String) -> String? {
            if let binding = bindings.last(where: { $0.prefix == prefix }) { return binding.uri }
            return prefix.isEmpty ? "" : nil
        }
    }
}
