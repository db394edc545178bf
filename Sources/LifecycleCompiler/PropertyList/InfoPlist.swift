/// What an app's Info.plist says about its life cycle: whether it declares a scene manifest
/// (`UIApplicationSceneManifest`, which adopts the scene life cycle), the storyboard UIKit
/// loads at launch (`UIMainStoryboardFile`), and where a new top-level key would go.
public struct InfoPlist: Sendable {
    public let file: SourceFile
    public let list: PropertyList

    public static let sceneManifestKey = "UIApplicationSceneManifest"
    public static let mainStoryboardKey = "UIMainStoryboardFile"

    /// Reads an Info.plist; nil and a located error when it is not a readable XML property list
    /// whose top level is a dictionary.
    public static func read(_ file: SourceFile) -> (InfoPlist?, Diagnostics) {
        var (list, diagnostics) = PropertyListReader.read(file)
        guard let list else { return (nil, diagnostics) }
        let root = list.values[list.root]
        guard root.kind == .dictionary else {
            diagnostics.append(.plistExpected("a '<dict>' at the top of an Info.plist", found: "'<\(root.kind.rawValue)>'", at: root.range))
            return (nil, diagnostics)
        }
        return (InfoPlist(file: file, list: list), diagnostics)
    }

    /// The `UIApplicationSceneManifest` key, if the app declares one.
    public var sceneManifest: SourceRange? {
        list.entry(Self.sceneManifestKey, in: list.root)?.keyRange
    }

    /// The storyboard UIKit loads at launch without scenes, if any.
    public var mainStoryboard: String? {
        guard let value = list.value(forKey: Self.mainStoryboardKey, in: list.root), list.values[value].kind == .string else { return nil }
        let name = list.values[value].text
        return name.isEmpty ? nil : name
    }

    /// The offset of the top-level dictionary's end tag (`</dict>`), at the start of its line
    /// when it stands alone there: where a new key is inserted.
    public var insertionOffset: Int {
        let bytes = file.bytes
        var offset = list.values[list.root].content.upperBound
        var start = offset
        while start > 0 && (bytes[start - 1] == UInt8(ascii: " ") || bytes[start - 1] == UInt8(ascii: "\t")) { start -= 1 }
        if start > 0 && bytes[start - 1] == UInt8(ascii: "\n") { offset = start }
        return offset
    }

    /// The indentation of the top-level keys (that of the first one; a tab when there is none).
    public var keyIndentation: String {
        let bytes = file.bytes
        guard let first = list.values[list.root].entries.first else { return "\t" }
        // The key's text starts after `<key>`: its line's leading blanks.
        var lineStart = first.keyRange.startOffset
        while lineStart > 0 && bytes[lineStart - 1] != UInt8(ascii: "\n") { lineStart -= 1 }
        var end = lineStart
        while end < bytes.count && (bytes[end] == UInt8(ascii: " ") || bytes[end] == UInt8(ascii: "\t")) { end += 1 }
        return String(decoding: bytes[lineStart..<end], as: UTF8.self)
    }
}
