import LifecycleSource

/// What an app's Info.plist says about its life cycle: whether it declares a scene manifest
/// (`UIApplicationSceneManifest`, which adopts the scene life cycle), the storyboard UIKit
/// loads at launch (`UIMainStoryboardFile`), and where a new top-level key would go.
///
/// Read from XML in any encoding `XMLEncoding` reads (UTF-8, UTF-16, ISO-8859-1, US-ASCII) or
/// from a binary property list (`BinaryPropertyList`); `PropertyListEdit` writes an edit back
/// in the same format and encoding.
public struct InfoPlist: Sendable {
    /// The file as read, in its own format and encoding.
    public let original: SourceFile
    /// Its text as UTF-8, which the list's places point into (the original file when it is
    /// UTF-8 already, or binary).
    public let file: SourceFile
    public let format: PropertyList.Format
    public let list: PropertyList

    public static let sceneManifestKey = "UIApplicationSceneManifest"
    public static let mainStoryboardKey = "UIMainStoryboardFile"

    /// Reads an Info.plist; nil and a located error when it is not a readable property list
    /// whose top level is a dictionary. `files` gets the UTF-8 text of one in another encoding.
    public static func read(_ original: SourceFile, in files: SourceFiles) -> (InfoPlist?, Diagnostics) {
        var list: PropertyList?
        var diagnostics = Diagnostics()
        let file: SourceFile
        let format: PropertyList.Format
        if original.bytes.starts(with: BinaryPropertyList.header) {
            (list, diagnostics) = BinaryPropertyList.read(original)
            (file, format) = (original, .binary)
        } else {
            switch XMLEncoding.decode(original, in: files) {
            case .failure(let failure):
                diagnostics.append(failure.diagnostic)
                return (nil, diagnostics)
            case .success(let decoded):
                (list, diagnostics) = PropertyListReader.read(decoded.file)
                (file, format) = (decoded.file, .xml(decoded.encoding))
            }
        }
        guard let list else { return (nil, diagnostics) }
        let root = list.values[list.root]
        guard root.kind == .dictionary else {
            diagnostics.append(.plistExpected("a '<dict>' at the top of an Info.plist", found: "'<\(root.kind.rawValue)>'", at: root.range))
            return (nil, diagnostics)
        }
        return (InfoPlist(original: original, file: file, format: format, list: list), diagnostics)
    }

    /// Whether the app declares a scene manifest.
    public var declaresSceneManifest: Bool {
        list.entry(Self.sceneManifestKey, in: list.root) != nil
    }

    /// Where the `UIApplicationSceneManifest` key is, if the app declares one (nil in a binary
    /// file, which has no lines to show).
    public var sceneManifest: SourceRange? {
        list.entry(Self.sceneManifestKey, in: list.root).flatMap { place($0.keyRange) }
    }

    /// Where the top-level dictionary starts (nil in a binary file).
    public var rootRange: SourceRange? {
        place(list.values[list.root].range)
    }

    /// `range` for a diagnostic: nil in a binary file, whose "lines" are bytes nobody reads.
    func place(_ range: SourceRange) -> SourceRange? {
        format == .binary ? nil : range
    }

    /// The storyboard UIKit loads at launch without scenes, if any.
    public var mainStoryboard: String? {
        guard let value = list.value(forKey: Self.mainStoryboardKey, in: list.root), list.values[value].kind == .string else { return nil }
        let name = list.values[value].text
        return name.isEmpty ? nil : name
    }

    /// The offset in `file` of the top-level dictionary's end tag (`</dict>`), at the start of
    /// its line when it stands alone there: where a new key is inserted.
    public var insertionOffset: Int {
        let bytes = file.bytes
        var offset = list.values[list.root].content.upperBound
        var start = offset
        while start > 0 && (bytes[start - 1] == UInt8(ascii: " ") || bytes[start - 1] == UInt8(ascii: "\t")) { start -= 1 }
        if start > 0 && LineEnd.isLineEndByte(bytes[start - 1]) { offset = start }
        return offset
    }

    /// The indentation of the top-level keys (that of the first one; nil when there is none).
    public var keyIndentation: String? {
        guard let first = list.values[list.root].entries.first else { return nil }
        // The key's text starts after `<key>`: its line's leading blanks.
        return indentation(ofLineAt: first.keyRange.startOffset)
    }

    /// The blanks that start the line holding `offset` in `file`.
    func indentation(ofLineAt offset: Int) -> String {
        let bytes = file.bytes
        // After an LF, a CR LF or a lone CR (`LineEnd`).
        let lineStart = LineEnd.start(ofLineAt: offset, in: bytes)
        var end = lineStart
        while end < bytes.count && (bytes[end] == UInt8(ascii: " ") || bytes[end] == UInt8(ascii: "\t")) { end += 1 }
        return String(decoding: bytes[lineStart..<end], as: UTF8.self)
    }
}
