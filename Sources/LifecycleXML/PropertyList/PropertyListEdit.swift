import LifecycleSource

/// Adds an entry to the top-level dictionary of an Info.plist, in the file's own format, never
/// rewriting it blind:
///
/// - XML is edited in place: the new lines go before the dictionary's end tag, indented as its
///   keys are, with the file's line ends; an empty `<dict/>` is opened as `<dict>` … `</dict>`;
///   every other byte (comments, the DOCTYPE, odd spacing) stays, and the new text is encoded
///   as the document is (ISO-8859-1, US-ASCII, UTF-16 with its byte order), a character the
///   encoding cannot hold written as a character reference.
/// - A binary property list is written again whole (`BinaryPropertyList.write`), its scalars
///   byte for byte as they were encoded.
///
/// Either way the result is read back with the project's own readers and compared, value by
/// value, with the dictionary intended (the old one and the new entry): an edit that would
/// read differently is an error, and nothing is written.
public enum PropertyListEdit {
    /// One line of an XML property list fragment: its nesting depth and its text.
    public typealias Line = (depth: Int, text: String)

    /// `plist`'s bytes with `entry` (a `<key>` line and its value's lines, depth 0 the key's)
    /// added last to the top-level dictionary.
    public static func adding(_ entry: [Line], to plist: InfoPlist) -> Result<[UInt8], Diagnostic.Failure> {
        let failureRange = plist.rootRange ?? SourceRange(file: plist.original.id, start: 0, end: min(1, plist.original.count))
        func fail(_ reason: String) -> Result<[UInt8], Diagnostic.Failure> {
            .failure(Diagnostic.Failure(.plistEditNotVerified(plist.original.path, reason: reason, at: failureRange)))
        }
        // The intended dictionary: the old one, and the entry as its own lines read it.
        let scratch = SourceFiles()
        let fragment = "<plist><dict>\n" + entry.map { $0.text + "\n" }.joined() + "</dict></plist>\n"
        let (parsed, _) = PropertyListReader.read(scratch.add(path: "<entry>", bytes: Array(fragment.utf8)))
        guard let parsed, let added = parsed.values[parsed.root].entries.first, parsed.values[parsed.root].entries.count == 1 else {
            return fail("the new entry is not one key and its value")
        }
        guard plist.list.entry(added.key, in: plist.list.root) == nil else { return fail("'\(added.key)' is there already") }
        let intended = plist.list.adding(added.key, value: added.value, of: parsed, to: plist.list.root)

        let bytes: [UInt8]
        switch plist.format {
        case .binary:
            bytes = BinaryPropertyList.write(intended)
        case .xml(let encoding):
            bytes = insertingXML(entry, into: plist, encoding: encoding)
        }
        // Read back as a user's next run would read it.
        let (again, diagnostics) = InfoPlist.read(scratch.add(path: plist.original.path, bytes: bytes), in: scratch)
        guard let again else {
            return fail(diagnostics.all.first.map { "'\($0.message)'" } ?? "it is no longer a property list")
        }
        guard again.format == plist.format else { return fail("its format changed") }
        guard again.list.sameValue(again.list.root, as: intended.root, in: intended) else {
            return fail("its dictionary differs from the one intended")
        }
        return .success(bytes)
    }

    /// The XML document with `entry`'s lines inserted before the top-level `</dict>` (or the
    /// `<dict/>` opened around them), in `encoding`.
    static func insertingXML(_ entry: [Line], into plist: InfoPlist, encoding: XMLEncoding.Encoding) -> [UInt8] {
        let text = plist.file.bytes
        let root = plist.list.values[plist.list.root]
        // Inserted lines end as the file's do: LF, CR LF or a lone CR (`LineEnd`).
        let newline = LineEnd.first(in: text)
        // `<dict/>` (or `<dict />`): an empty-element tag, its content empty and after it.
        let tagStart = root.range.startOffset - 1
        let selfClosing = root.content.isEmpty && root.content.lowerBound >= 2
            && text[root.content.lowerBound - 2] == UInt8(ascii: "/") && text[root.content.lowerBound - 1] == UInt8(ascii: ">")
        let dictIndentation = plist.indentation(ofLineAt: tagStart)
        let dictStartsLine = text[..<tagStart].reversed().prefix { !LineEnd.isLineEndByte($0) }
            .allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
        let outer = dictStartsLine ? dictIndentation : ""
        let indentation = plist.keyIndentation ?? (outer + (outer.first == " " ? "    " : "\t"))
        let unit = indentation.dropFirst(outer.count).isEmpty ? "\t" : String(indentation.dropFirst(outer.count))
        var lines = ""
        for line in entry { lines += indentation + String(repeating: unit, count: line.depth) + line.text + newline }

        let replaced: Range<Int>
        var inserted: String
        if selfClosing {
            replaced = tagStart..<root.content.lowerBound
            inserted = "<dict>" + newline + lines + outer + "</dict>"
        } else {
            let offset = plist.insertionOffset
            replaced = offset..<offset
            let atLineStart = offset == 0 || LineEnd.isLineEndByte(text[offset - 1])
            inserted = (atLineStart ? "" : newline) + lines
        }
        let original = plist.original.bytes
        let start = encoding.originalOffset(of: replaced.lowerBound, inUTF8: text)
        let end = encoding.originalOffset(of: replaced.upperBound, inUTF8: text)
        return Array(original[..<start]) + encoding.encode(inserted) + Array(original[end...])
    }
}
