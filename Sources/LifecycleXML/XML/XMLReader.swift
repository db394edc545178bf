import LifecycleSource

/// A small XML reader for `import-scxml` and Info.plist files: elements, attributes, namespaces
/// and comments, read into a flat array of elements with parent and child indices.
///
/// Hardened for untrusted input: it loops over the bytes with an explicit element stack (no
/// recursion), caps nesting (`maximumDepth`), reads no DTD (an internal subset is an error, so
/// no entity can expand), knows only the five predefined entities and character references,
/// and stops at the first well-formedness error with a located diagnostic. Text content is
/// checked for stray markup, and kept only when asked (`Interest.keepsText`): SCXML's structure
/// lives in elements and attributes, a property list's values in text.
///
/// Memory stays a small multiple of the input whatever its shape: the reader keeps only the
/// elements and attributes its caller asks for (`XMLReader.Interest`), checks the rest without
/// storing it, and stores an element as one flat record of 4-byte fields (children as sibling
/// links; names, namespaces and comments by index), so that a document of millions of tiny
/// elements or attributes costs a few times its size, not dozens.
public struct XMLDocument: Sendable {
    public struct Attribute: Sendable {
        /// The local name (`by` of `lifecycle:by`).
        public var name: String
        /// The namespace URI its prefix maps to; nil without a prefix.
        public var namespace: String?
        public var value: String
        public var range: SourceRange
    }

    /// One element as stored: indices instead of arrays and strings.
    struct Record: Sendable {
        /// `strings[name]`: the local name.
        var name: Int32
        /// `strings[namespace]`, or -1 for none.
        var namespace: Int32
        var parent: Int32
        var firstChild: Int32 = -1
        var nextSibling: Int32 = -1
        /// `attributes[firstAttribute ..< firstAttribute + attributeCount]`.
        var firstAttribute: Int32
        var attributeCount: Int32
        /// `comments[comment]`, or -1 for none.
        var comment: Int32
        var range: SourceRange
        /// `texts[text]`, or -1 when text is not kept.
        var text: Int32 = -1
        /// The byte offsets just after the start tag and at the end tag's `<`.
        var contentStart: Int32 = 0
        var contentEnd: Int32 = 0
    }

    struct AttributeRecord: Sendable {
        /// `strings[name]` and `strings[namespace]` (-1 for none).
        var name: Int32
        var namespace: Int32
        var value: String
        var range: SourceRange
    }

    var records: [Record] = []
    var attributeRecords: [AttributeRecord] = []
    /// Names and namespace URIs, each once.
    var strings: [String] = []
    var comments: [String] = []
    /// The kept elements' character data (`Interest.keepsText`).
    var texts: [String] = []

    /// An element of the document, read from its record.
    public struct Element: Sendable {
        let document: XMLDocument
        let index: Int
        var record: Record { document.records[index] }

        /// The local name (`state`).
        public var name: String { document.strings[Int(record.name)] }
        /// The namespace URI in scope for it (the default namespace without a prefix).
        public var namespace: String? { document.namespace(record.namespace) }
        public var parent: Int? { record.parent < 0 ? nil : Int(record.parent) }
        /// The kept children, in document order.
        public var children: [Int] {
            var result: [Int] = []
            var child = record.firstChild
            while child >= 0 {
                result.append(Int(child))
                child = document.records[Int(child)].nextSibling
            }
            return result
        }
        /// The comments just before the start tag, since the previous tag.
        public var comment: String? { record.comment < 0 ? nil : document.comments[Int(record.comment)] }
        /// The start tag's name.
        public var range: SourceRange { record.range }
        /// The character data directly inside (references decoded, CDATA included), when the
        /// reader keeps text; else empty.
        public var text: String { record.text < 0 ? "" : document.texts[Int(record.text)] }
        /// The byte offsets just after the start tag and at the end tag's `<` (equal for an
        /// empty-element tag `<x/>`, both after it).
        public var content: Range<Int> { Int(record.contentStart)..<Int(record.contentEnd) }

        /// The value of the attribute with this local name and namespace.
        public func attribute(_ name: String, namespace: String? = nil) -> Attribute? {
            let record = self.record
            let start = Int(record.firstAttribute)
            for attribute in document.attributeRecords[start..<(start + Int(record.attributeCount))]
            where document.strings[Int(attribute.name)] == name && document.namespace(attribute.namespace) == namespace {
                return Attribute(name: name, namespace: namespace, value: attribute.value, range: attribute.range)
            }
            return nil
        }
    }

    func namespace(_ index: Int32) -> String? { index < 0 ? nil : strings[Int(index)] }

    /// The kept elements in document order; the root is element 0.
    public var elements: Elements { Elements(document: self) }

    public struct Elements: RandomAccessCollection, Sendable {
        let document: XMLDocument
        public var startIndex: Int { 0 }
        public var endIndex: Int { document.records.count }
        public subscript(index: Int) -> Element { Element(document: document, index: index) }
    }
}

public enum XMLReader {
    /// Deeper element nesting is an error (SCXML states nest far less; `lifecycle` at most 128).
    public static let maximumDepth = 256

    /// What a caller keeps of a document. Everything is read and checked; only these are stored.
    public struct Interest: Sendable {
        /// Whether to keep an element (namespace URI, local name) whose parent, already kept,
        /// is `parent` (nil for the root, which is always kept). The children of an element
        /// not kept are not kept either.
        public var element: @Sendable (_ namespace: String?, _ name: String, _ parent: XMLDocument.Element) -> Bool
        /// Whether to keep an attribute (namespace URI, local name) of a kept element.
        public var attribute: @Sendable (_ namespace: String?, _ name: String) -> Bool
        /// Whether to keep each kept element's character data (`Element.text`).
        public var keepsText: Bool
        /// The root element a document should have, for the message when there is none.
        public var root: String

        public init(element: @escaping @Sendable (String?, String, XMLDocument.Element) -> Bool,
                    attribute: @escaping @Sendable (String?, String) -> Bool,
                    keepsText: Bool = false, root: String = "scxml") {
            self.element = element
            self.attribute = attribute
            self.keepsText = keepsText
            self.root = root
        }

        /// Every element and attribute.
        public static let everything = Interest(element: { _, _, _ in true }, attribute: { _, _ in true })

        /// Everything, text included: a property list (root `plist`).
        public static let propertyList = Interest(element: { _, _, _ in true }, attribute: { _, _ in true },
                                                  keepsText: true, root: "plist")
    }

    /// Reads `file`; nil and one error diagnostic when it is not well-formed XML.
    public static func read(_ file: SourceFile, keeping interest: Interest = .everything) -> (XMLDocument?, Diagnostics) {
        var reader = Reader(file: file, interest: interest)
        var diagnostics = Diagnostics()
        switch reader.read() {
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
        let interest: Interest
        var built = XMLDocument()
        /// Each name's and namespace URI's index in `built.strings`.
        var stringIndex: [String: Int32] = [:]
        /// Open elements, innermost last: the kept element (-1 if not kept), how many namespace
        /// bindings it added, its start tag's name, and its last kept child so far (-1 for none).
        var open: [(element: Int32, bindings: Int, name: SourceRange, lastChild: Int32)] = []
        /// Namespace bindings in scope, innermost last (`""` is the default namespace).
        var bindings: [(prefix: String, uri: String)] = [("xml", "http://www.w3.org/XML/1998/namespace")]
        /// The comments since the last tag, joined by line breaks (appended in place: linear in
        /// a run of comments).
        var pendingComment: String?
        var rootClosed = false
        /// The text of the open elements, innermost last (when `interest.keepsText`; an element
        /// not kept collects none).
        var openText: [[UInt8]?] = []

        init(file: SourceFile, interest: Interest) {
            self.file = file
            self.bytes = file.bytes
            self.interest = interest
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

        mutating func read() -> Result<XMLDocument, Failure> {
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
                    let (_, local) = Self.split(file.text(top.name))
                    return .failure(fail(.xmlUnclosedElement(local, at: range(bytes.count, bytes.count), opened: top.name)))
                }
                guard !built.records.isEmpty else { return .failure(fail(.xmlNoRootElement(interest.root, at: range(index, index)))) }
                return .success(built)
            } catch {
                return .failure(error)
            }
        }

        /// Character data: only whitespace outside the root; entity references checked.
        mutating func text() throws(Failure) {
            var onlySpace = true
            let keep = openText.last.map { $0 != nil } ?? false
            while index < bytes.count && bytes[index] != UInt8(ascii: "<") {
                let byte = bytes[index]
                if !Self.isSpace(byte) { onlySpace = false }
                if open.isEmpty && !Self.isSpace(byte) {
                    throw fail(.xmlTextOutsideRoot(at: range(index, index + 1)))
                }
                if byte == UInt8(ascii: "&") {
                    let decoded = try reference()
                    if keep { openText[openText.count - 1]! += Array(decoded.utf8) }
                    continue
                }
                if keep { openText[openText.count - 1]!.append(byte) }
                index += 1
            }
            // A comment describes the element right after it, whitespace between them aside.
            if !onlySpace { pendingComment = nil }
        }

        mutating func markup() throws(Failure) {
            let start = index
            if starts(with: "<!--") {
                index += 4
                let textStart = index
                guard skip(past: "-->") else { throw fail(.xmlUnterminated("comment", at: range(start, start + 4))) }
                let text = Self.trimmedLines(bytes[textStart..<(index - 3)])
                if pendingComment == nil { pendingComment = text } else { pendingComment! += "\n" + text }
            } else if starts(with: "<?") {
                index += 2
                guard skip(past: "?>") else { throw fail(.xmlUnterminated("processing instruction", at: range(start, start + 2))) }
            } else if starts(with: "<![CDATA[") {
                guard !open.isEmpty else { throw fail(.xmlTextOutsideRoot(at: range(start, start + 9))) }
                index += 9
                let textStart = index
                guard skip(past: "]]>") else { throw fail(.xmlUnterminated("CDATA section", at: range(start, start + 9))) }
                if openText.last.map({ $0 != nil }) == true { openText[openText.count - 1]! += bytes[textStart..<(index - 3)] }
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
        /// Written into one buffer of the comment's size, a line at a time (the text only gets
        /// shorter): a comment of millions of short lines costs twice its size, not an array of
        /// millions of strings.
        static func trimmedLines(_ slice: Slice<UnsafeBufferPointer<UInt8>>) -> String {
            let text = UnsafeBufferPointer(rebasing: slice)
            guard !text.isEmpty else { return "" }
            // (`String(unsafeUninitializedCapacity:)` would save the copy, but needs macOS 11.)
            let trimmed = [UInt8](unsafeUninitializedCapacity: text.count) { output, count in
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
                count = written
            }
            return String(decoding: trimmed, as: UTF8.self)
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
            // First pass: the attributes' syntax, duplicates (by a hash of each name, names
            // compared only when two hashes meet) and namespace declarations.
            let attributesStart = index
            var hashes = Set<Int>()
            var added = 0
            var selfClosing = false
            while let (attributeName, attributeRange) = try nextAttribute(tag: qualifiedName, tagStart: start) {
                var hasher = Hasher()
                hasher.combine(bytes: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[attributeRange.startOffset..<attributeRange.endOffset])))
                if !hashes.insert(hasher.finalize()).inserted,
                   let first = earlierAttribute(named: attributeName, from: attributesStart, before: attributeRange) {
                    throw fail(.xmlDuplicateAttribute(attributeName, at: attributeRange, first: first))
                }
                let isDeclaration = attributeName == "xmlns" || attributeName.hasPrefix("xmlns:")
                let value = try attributeValue(decoding: isDeclaration)
                if isDeclaration {
                    bindings.append((attributeName == "xmlns" ? "" : String(attributeName.dropFirst(6)), value ?? ""))
                    added += 1
                }
            }
            if starts(with: "/>") { selfClosing = true }
            let end = index + (selfClosing ? 2 : 1)
            guard open.count < XMLReader.maximumDepth else {
                throw fail(.xmlNestingTooDeep(XMLReader.maximumDepth, at: nameRange))
            }
            let (prefix, local) = Self.split(qualifiedName)
            guard let namespace = resolve(prefix ?? "") else {
                throw fail(.xmlUnknownPrefix(prefix ?? "", at: nameRange))
            }
            let uri = namespace.isEmpty ? nil : namespace
            let parent = open.last?.element ?? -1
            let keep = open.isEmpty ? built.records.isEmpty
                : parent >= 0 && interest.element(uri, local, built.elements[Int(parent)])
            // Second pass: every attribute's prefix resolved; the kept ones stored.
            let firstAttribute = built.attributeRecords.count
            index = attributesStart
            while let (attributeName, attributeRange) = try nextAttribute(tag: qualifiedName, tagStart: start) {
                let isDeclaration = attributeName == "xmlns" || attributeName.hasPrefix("xmlns:")
                let (attributePrefix, attributeLocal) = Self.split(attributeName)
                var attributeNamespace: String?
                if !isDeclaration, let attributePrefix {
                    guard let uri = resolve(attributePrefix), !uri.isEmpty else { throw fail(.xmlUnknownPrefix(attributePrefix, at: attributeRange)) }
                    attributeNamespace = uri
                }
                let wanted = keep && !isDeclaration && interest.attribute(attributeNamespace, attributeLocal)
                let value = try attributeValue(decoding: wanted)
                if wanted, let value {
                    built.attributeRecords.append(.init(name: intern(attributeLocal)!, namespace: intern(attributeNamespace) ?? -1,
                                                       value: value, range: attributeRange))
                }
            }
            index = end
            var kept: Int32 = -1
            if keep {
                kept = Int32(built.records.count)
                var comment: Int32 = -1
                if let pendingComment {
                    comment = Int32(built.comments.count)
                    built.comments.append(pendingComment)
                }
                built.records.append(.init(name: intern(local)!, namespace: intern(uri) ?? -1, parent: parent,
                                              firstAttribute: Int32(firstAttribute), attributeCount: Int32(built.attributeRecords.count - firstAttribute),
                                              comment: comment, range: nameRange,
                                              contentStart: Int32(clamping: index), contentEnd: Int32(clamping: index)))
                if parent >= 0 {
                    let last = open[open.count - 1].lastChild
                    if last >= 0 { built.records[Int(last)].nextSibling = kept } else { built.records[Int(parent)].firstChild = kept }
                    open[open.count - 1].lastChild = kept
                }
            }
            pendingComment = nil
            if selfClosing {
                bindings.removeLast(added)
                if open.isEmpty { rootClosed = true }
            } else {
                open.append((kept, added, nameRange, -1))
                if interest.keepsText { openText.append(kept >= 0 ? [] : nil) }
            }
        }

        /// The next attribute's name and range in a start tag, its `=` read (the value is
        /// next), or nil at the tag's `>` or `/>` (not read).
        mutating func nextAttribute(tag: String, tagStart: Int) throws(Failure) -> (String, SourceRange)? {
            let before = index
            skipSpace()
            guard index < bytes.count else {
                throw fail(.xmlUnterminated("start tag '<\(tag)'", at: range(tagStart, index)))
            }
            if bytes[index] == UInt8(ascii: ">") || starts(with: "/>") { return nil }
            guard index > before else { throw fail(.xmlExpected("whitespace, '>' or '/>'", found: found, at: range(index, index + 1))) }
            let (attributeName, attributeRange) = try name("an attribute name")
            skipSpace()
            guard index < bytes.count && bytes[index] == UInt8(ascii: "=") else {
                throw fail(.xmlExpected("'=' after attribute '\(attributeName)'", found: found, at: range(index, index + 1)))
            }
            index += 1
            skipSpace()
            return (attributeName, attributeRange)
        }

        /// Where an attribute named `name` was given before `range` in the tag whose attributes
        /// start at `start`, if one was (a true duplicate, not two names with one hash).
        func earlierAttribute(named name: String, from start: Int, before range: SourceRange) -> SourceRange? {
            var scan = self
            scan.index = start
            while let (earlier, earlierRange) = try? scan.nextAttribute(tag: "", tagStart: start), earlierRange.startOffset < range.startOffset {
                if earlier == name { return earlierRange }
                guard (try? scan.attributeValue(decoding: false)) != nil else { return nil }
            }
            return nil
        }

        /// The index of a name or namespace URI in `built.strings` (added once).
        mutating func intern(_ string: String?) -> Int32? {
            guard let string else { return nil }
            if let known = stringIndex[string] { return known }
            let index = Int32(built.strings.count)
            built.strings.append(string)
            stringIndex[string] = index
            return index
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
            let openedName = file.text(top.name)
            guard openedName == qualifiedName else {
                throw fail(.xmlMismatchedEndTag(qualifiedName, expected: openedName, at: nameRange, opened: top.name))
            }
            if top.element >= 0 {
                built.records[Int(top.element)].contentEnd = Int32(clamping: start)
                if interest.keepsText, let text = openText.popLast(), let text {
                    built.records[Int(top.element)].text = Int32(built.texts.count)
                    built.texts.append(String(decoding: text, as: UTF8.self))
                }
            } else if interest.keepsText {
                openText.removeLast()
            }
            open.removeLast()
            bindings.removeLast(top.bindings)
            pendingComment = nil
            if open.isEmpty { rootClosed = true }
        }

        /// A quoted attribute value, checked; with `decoding`, its text with references decoded
        /// and whitespace normalised (else nil: a value nobody reads is not copied).
        mutating func attributeValue(decoding: Bool) throws(Failure) -> String? {
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
                case UInt8(ascii: "&"):
                    let text = try reference()
                    if decoding { value += Array(text.utf8) }
                case 0x09, 0x0A, 0x0D:
                    if decoding { value.append(0x20) }
                    index += 1
                default:
                    if decoding { value.append(byte) }
                    index += 1
                }
            }
            return decoding ? String(decoding: value, as: UTF8.self) : nil
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
