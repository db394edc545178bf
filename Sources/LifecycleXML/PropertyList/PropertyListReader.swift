import LifecycleSource

/// A property list read from an XML `.plist` file (Info.plist), as a flat array of values.
///
/// Every value keeps where it is, so problems and edits can be located: a dictionary's keys
/// with their ranges, each value's element name range, and a container's content range
/// (where a new entry goes).
public struct PropertyList: Sendable {
    public enum Kind: String, Sendable {
        case dictionary = "dict", array, string, integer, real, boolean, date, data
    }

    public struct Value: Sendable {
        public var kind: Kind
        /// A scalar's text (`"Main"`, `"42"`, `"true"`); empty for containers.
        public var text: String
        /// A dictionary's keys, in order, each with the value it maps to.
        public var entries: [(key: String, keyRange: SourceRange, value: Int)]
        /// An array's items.
        public var items: [Int]
        /// The element's name in its start tag.
        public var range: SourceRange
        /// Just after the start tag to the end tag's `<`.
        public var content: Range<Int>
        /// A scalar read from a binary property list: its object as encoded there (marker and
        /// payload), which `BinaryPropertyList.write` copies, so that no value changes by a bit.
        var encoded: [UInt8]? = nil
    }

    /// Every value; `values[root]` is the top-level one (a dictionary in an Info.plist).
    public var values: [Value]
    public var root: Int

    /// The value `key` maps to in the dictionary `dictionary`.
    public func value(forKey key: String, in dictionary: Int) -> Int? {
        values[dictionary].entries.first { $0.key == key }?.value
    }

    /// The entry of `key` in the dictionary `dictionary`.
    public func entry(_ key: String, in dictionary: Int) -> (key: String, keyRange: SourceRange, value: Int)? {
        values[dictionary].entries.first { $0.key == key }
    }
}

/// Reads an XML property list (`<plist version="1.0"><dict>…</dict></plist>`), as UTF-8 text
/// (`InfoPlist.read` decodes other encodings first, and reads binary ones with
/// `BinaryPropertyList`), with the project's `XMLReader` (iterative, depth-capped, no DTD
/// expansion): located errors for a malformed one, and a clear one for an old-style (OpenStep)
/// or JSON property list, saying how to convert it with `plutil`. Never recursive: values are
/// built from the flat element array.
public enum PropertyListReader {
    public static func read(_ file: SourceFile) -> (PropertyList?, Diagnostics) {
        var diagnostics = Diagnostics()
        let bytes = file.bytes
        let name = file.path
        let start = SourceRange(file: file.id, start: 0, end: min(1, bytes.count))
        var first = 0
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { first = 3 }
        while first < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[first]) { first += 1 }
        if first < bytes.count, bytes[first] == UInt8(ascii: "{") || bytes[first] == UInt8(ascii: "(") {
            let at = SourceRange(file: file.id, start: first, end: first + 1)
            diagnostics.append(.plistNotXML(name, format: "an old-style (OpenStep) or JSON property list", at: at))
            return (nil, diagnostics)
        }
        let (document, xmlDiagnostics) = XMLReader.read(file, keeping: .propertyList)
        guard let document else { return (nil, xmlDiagnostics) }
        let elements = document.elements
        let rootElement = elements[0]
        guard rootElement.name == "plist" else {
            diagnostics.append(.plistExpected("a '<plist>' root element", found: "'<\(rootElement.name)>'", at: rootElement.range))
            return (nil, diagnostics)
        }
        guard rootElement.children.count == 1 else {
            let at = rootElement.children.count > 1 ? elements[rootElement.children[1]].range : rootElement.range
            diagnostics.append(.plistExpected("one value in '<plist>'",
                                              found: rootElement.children.isEmpty ? "none" : "\(rootElement.children.count)", at: at))
            return (nil, diagnostics)
        }
        // Children come after their parent in document order: build values from the last
        // element back, so each container finds its children's values already made.
        var valueOf = [Int](repeating: -1, count: elements.count)
        var values: [PropertyList.Value] = []
        values.reserveCapacity(elements.count)
        for index in stride(from: elements.count - 1, through: 1, by: -1) {
            let element = elements[index]
            if let parent = element.parent, parent != 0, !["dict", "array"].contains(elements[parent].name) {
                diagnostics.append(.plistExpected("text in '<\(elements[parent].name)>'", found: "'<\(element.name)>'", at: element.range))
                return (nil, diagnostics)
            }
            if element.name == "key" {
                guard let parent = element.parent, elements[parent].name == "dict" else {
                    diagnostics.append(.plistExpected("a value", found: "'<key>' outside a '<dict>'", at: element.range))
                    return (nil, diagnostics)
                }
                continue
            }
            guard let kind = kind(of: element.name) else {
                diagnostics.append(.plistUnknownElement(element.name, at: element.range))
                return (nil, diagnostics)
            }
            var value = PropertyList.Value(kind: kind, text: "", entries: [], items: [], range: element.range,
                                           content: element.content)
            switch kind {
            case .dictionary:
                var seen: [String: SourceRange] = [:]
                var pendingKey: (String, SourceRange)?
                for child in element.children {
                    let childElement = elements[child]
                    if childElement.name == "key" {
                        if let (key, range) = pendingKey {
                            diagnostics.append(.plistKeyWithoutValue(key, at: range))
                            return (nil, diagnostics)
                        }
                        let range = SourceRange(file: file.id, start: childElement.content.lowerBound, end: childElement.content.upperBound)
                        if let earlier = seen[childElement.text] {
                            diagnostics.append(Diagnostic.plistDuplicateKey(childElement.text, at: range)
                                .note("'\(childElement.text)' first appears here", at: earlier))
                            return (nil, diagnostics)
                        }
                        seen[childElement.text] = range
                        pendingKey = (childElement.text, range)
                    } else {
                        guard let (key, range) = pendingKey else {
                            diagnostics.append(.plistExpected("a '<key>' in '<dict>'", found: "'<\(childElement.name)>'", at: childElement.range))
                            return (nil, diagnostics)
                        }
                        value.entries.append((key, range, valueOf[child]))
                        pendingKey = nil
                    }
                }
                if let (key, range) = pendingKey {
                    diagnostics.append(.plistKeyWithoutValue(key, at: range))
                    return (nil, diagnostics)
                }
            case .array:
                value.items = element.children.map { valueOf[$0] }
            case .boolean:
                value.text = element.name
                guard element.text.allSatisfy(\.isWhitespace) else {
                    diagnostics.append(.plistExpected("an empty '<\(element.name)/>'", found: "text", at: element.range))
                    return (nil, diagnostics)
                }
            case .string, .integer, .real, .date, .data:
                value.text = element.text
                if !isValid(element.text, as: kind) {
                    let at = SourceRange(file: file.id, start: element.content.lowerBound, end: element.content.upperBound)
                    diagnostics.append(.plistInvalidValue(element.text, kind: kind.rawValue, at: at))
                    return (nil, diagnostics)
                }
            }
            valueOf[index] = values.count
            values.append(value)
        }
        return (PropertyList(values: values, root: valueOf[rootElement.children[0]]), diagnostics)
    }

    static func kind(of element: String) -> PropertyList.Kind? {
        switch element {
        case "true", "false": .boolean
        default: PropertyList.Kind(rawValue: element)
        }
    }

    /// Whether an integer or a real is written as property lists write them; other kinds take
    /// any text.
    static func isValid(_ text: String, as kind: PropertyList.Kind) -> Bool {
        let trimmed = text.filter { !$0.isWhitespace }
        switch kind {
        case .integer:
            var digits = Substring(trimmed)
            if digits.hasPrefix("-") || digits.hasPrefix("+") { digits = digits.dropFirst() }
            if digits.hasPrefix("0x") { return digits.count > 2 && digits.dropFirst(2).allSatisfy(\.isHexDigit) }
            return !digits.isEmpty && digits.allSatisfy(\.isASCII) && digits.allSatisfy(\.isNumber)
        case .real:
            return Double(trimmed) != nil || ["nan", "+infinity", "-infinity", "infinity"].contains(trimmed.lowercased())
        default:
            return true
        }
    }
}
