import Testing
import LifecycleCompiler

/// The Info.plist reader: XML property lists as Xcode writes them, a located error for each kind
/// of malformed one, and a clear one (never a crash) for the formats it does not read.
@Suite struct PropertyListReaderTests {
    static func read(_ text: String, path: String = "Info.plist") -> (InfoPlist?, [Diagnostic], SourceFiles) {
        read(bytes: Array(text.utf8), path: path)
    }

    static func read(bytes: [UInt8], path: String = "Info.plist") -> (InfoPlist?, [Diagnostic], SourceFiles) {
        let files = SourceFiles()
        let file = files.add(path: path, bytes: bytes)
        let (plist, diagnostics) = InfoPlist.read(file, in: files)
        return (plist, diagnostics.all, files)
    }

    /// `line:column: message` of the only diagnostic.
    static func error(_ text: String) -> String {
        let (plist, diagnostics, files) = read(text)
        #expect(plist == nil)
        guard diagnostics.count == 1, let diagnostic = diagnostics.first else { return "\(diagnostics.count) diagnostics" }
        let file = files[diagnostic.range.file]
        let at = file.lineColumn(of: diagnostic.range.startOffset, table: LineTable(file.bytes))
        return "\(at.line):\(at.column): \(diagnostic.message)"
    }

    static let xcodeTemplate = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <dict>
    \t<key>CFBundleName</key>
    \t<string>Notes &amp; Lists</string>
    \t<key>UIMainStoryboardFile</key>
    \t<string><![CDATA[Main]]></string>
    \t<key>CFBundleVersion</key>
    \t<integer>42</integer>
    \t<key>UIApplicationSceneManifest</key>
    \t<dict>
    \t\t<key>UIApplicationSupportsMultipleScenes</key>
    \t\t<true/>
    \t\t<key>UISceneConfigurations</key>
    \t\t<dict/>
    \t</dict>
    \t<key>Ratio</key>
    \t<real>1.5</real>
    \t<key>Empty</key>
    \t<array/>
    </dict>
    </plist>

    """

    @Test func readsWhatXcodeWrites() throws {
        let (read, diagnostics, _) = Self.read(Self.xcodeTemplate)
        #expect(diagnostics.isEmpty)
        let plist = try #require(read)
        #expect(plist.mainStoryboard == "Main")
        let manifest = try #require(plist.sceneManifest)
        #expect(plist.file.text(manifest) == "UIApplicationSceneManifest")
        let list = plist.list
        #expect(list.values[list.root].entries.map(\.key) == ["CFBundleName", "UIMainStoryboardFile", "CFBundleVersion",
                                                              "UIApplicationSceneManifest", "Ratio", "Empty"])
        #expect(list.value(forKey: "CFBundleName", in: list.root).map { list.values[$0].text } == "Notes & Lists")
        let scenes = try #require(list.value(forKey: "UIApplicationSceneManifest", in: list.root))
        let multiple = try #require(list.value(forKey: "UIApplicationSupportsMultipleScenes", in: scenes))
        #expect(list.values[multiple].kind == .boolean && list.values[multiple].text == "true")
        // A new key goes before the root's `</dict>`, indented as the others.
        #expect(plist.keyIndentation == "\t")
        #expect(Array(plist.file.bytes[plist.insertionOffset...].prefix(7)) == Array("</dict>".utf8))
    }

    @Test func noManifestNoStoryboard() throws {
        let (read, _, _) = Self.read("<plist><dict><key>A</key><string>b</string></dict></plist>")
        let plist = try #require(read)
        #expect(plist.sceneManifest == nil)
        #expect(plist.mainStoryboard == nil)
    }

    @Test("formats the reader does not take: a clear error saying how to convert", arguments: [
        ("bplist00\u{0}\u{1}", "1:1: 'Info.plist' is not a readable binary property list: it is shorter than a header and a trailer"),
        ("{ CFBundleName = Notes; }", "1:1: 'Info.plist' is an old-style (OpenStep) or JSON property list, not an XML property list; convert it with 'plutil -convert xml1 Info.plist'"),
        ("\n  {\"CFBundleName\": \"Notes\"}", "2:3: 'Info.plist' is an old-style (OpenStep) or JSON property list, not an XML property list; convert it with 'plutil -convert xml1 Info.plist'"),
    ])
    func otherFormats(_ text: String, _ expected: String) {
        #expect(Self.error(text) == expected)
    }

    /// UTF-16 is read (issue 36: no longer refused); a truncated document is an XML error.
    @Test func utf16IsRead() {
        let (plist, diagnostics, _) = Self.read(bytes: [0xFF, 0xFE, 0x3C, 0x00])
        #expect(plist == nil)
        #expect(diagnostics.map(\.message) == ["expected an element name, found end of file"])
        let text = "<plist><dict><key>A</key><string>é</string></dict></plist>"
        let (read, _, _) = Self.read(bytes: [0xFE, 0xFF] + Array(text.utf16).flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] })
        #expect(read.map { $0.list.values[$0.list.value(forKey: "A", in: $0.list.root)!].text } == "é")
    }

    @Test("malformed XML property lists: one located error each", arguments: [
        ("", "1:1: expected an '<plist>' element, found end of file"),
        ("<plist><dict><key>A</key></dict>", "1:33: expected '</plist>' before the end of the file"),
        ("<dict><key>A</key><true/></dict>", "1:2: expected a '<plist>' root element, found '<dict>'"),
        ("<plist></plist>", "1:2: expected one value in '<plist>', found none"),
        ("<plist><dict/><dict/></plist>", "1:16: expected one value in '<plist>', found 2"),
        ("<plist><array/></plist>", "1:9: expected a '<dict>' at the top of an Info.plist, found '<array>'"),
        ("<plist><dict><string>a</string></dict></plist>", "1:15: expected a '<key>' in '<dict>', found '<string>'"),
        ("<plist><dict><key>A</key></dict></plist>", "1:19: key 'A' has no value"),
        ("<plist><dict><key>A</key><key>B</key><true/></dict></plist>", "1:19: key 'A' has no value"),
        ("<plist><dict><key>A</key><true/><key>A</key><false/></dict></plist>", "1:38: duplicate key 'A' in '<dict>'"),
        ("<plist><dict><key>A</key><integer>4x</integer></dict></plist>", "1:35: '4x' is not a valid '<integer>'"),
        ("<plist><dict><key>A</key><real>one</real></dict></plist>", "1:32: 'one' is not a valid '<real>'"),
        ("<plist><dict><key>A</key><number>1</number></dict></plist>", "1:27: unknown property list element '<number>'"),
        ("<plist><dict><key>A</key><true>yes</true></dict></plist>", "1:27: expected an empty '<true/>', found text"),
        ("<plist><dict><key>A</key><string><b/></string></dict></plist>", "1:35: expected text in '<string>', found '<b>'"),
        ("<plist><key>A</key></plist>", "1:9: expected a value, found '<key>' outside a '<dict>'"),
        ("<plist><dict><key>A</key><string>a &bogus; b</string></dict></plist>", "1:36: unknown entity '&bogus;'; XML knows only '&lt;', '&gt;', '&amp;', '&quot;' and '&apos;'"),
        ("<!DOCTYPE plist [<!ENTITY x \"y\">]><plist/>", "1:17: document type definitions with an internal subset are not supported"),
    ])
    func malformed(_ text: String, _ expected: String) {
        #expect(Self.error(text) == expected)
    }

    /// Deep nesting is an error, not a stack overflow, and costs linear time.
    @Test func deepNestingIsAnError() {
        let depth = 100_000
        let text = "<plist>" + String(repeating: "<array>", count: depth) + String(repeating: "</array>", count: depth) + "</plist>"
        let (plist, diagnostics, _) = Self.read(text)
        #expect(plist == nil)
        #expect(diagnostics.first?.message == "elements nest more than 256 deep", "\(diagnostics.map(\.message))")
    }
}
