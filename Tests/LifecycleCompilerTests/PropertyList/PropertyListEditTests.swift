import Foundation
import Testing
import LifecycleCompiler
@testable import LifecycleXML

/// `PropertyListEdit`: an entry added to an Info.plist in its own format and encoding, every
/// other byte kept, the result read back and equal to the dictionary intended (issue 36,
/// item 2). Binary property lists are checked against Python's `plistlib`, a reader and writer
/// nobody here wrote, where `python3` is installed.
@Suite struct PropertyListEditTests {
    static let entry: [PropertyListEdit.Line] = [
        (0, "<key>Added</key>"), (0, "<dict>"), (1, "<key>Name</key>"), (1, "<string>Été 😀</string>"), (0, "</dict>"),
    ]

    static func read(_ bytes: [UInt8]) throws -> InfoPlist {
        let files = SourceFiles()
        let (plist, diagnostics) = InfoPlist.read(files.add(path: "Info.plist", bytes: bytes), in: files)
        return try #require(plist, "\(diagnostics.all.map(\.message))")
    }

    static func edit(_ bytes: [UInt8]) throws -> [UInt8] {
        try PropertyListEdit.adding(entry, to: try read(bytes)).get()
    }

    /// The new entry's value, read back.
    static func added(_ bytes: [UInt8]) throws -> String? {
        let plist = try read(bytes)
        let list = plist.list
        let added = try #require(list.value(forKey: "Added", in: list.root))
        return list.value(forKey: "Name", in: added).map { list.values[$0].text }
    }

    /// Issue 36: a top-level `<dict/>` used to get the manifest after it, outside the
    /// dictionary (no longer a property list). It is opened now, and the DOCTYPE and comments stay.
    @Test func anEmptyTopLevelDictionaryIsOpened() throws {
        let text = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <!-- the app's settings -->
        <dict/>
        </plist>

        """
        let edited = String(decoding: try Self.edit(Array(text.utf8)), as: UTF8.self)
        #expect(edited == text.replacingOccurrences(of: "<dict/>", with: """
            <dict>
            \t<key>Added</key>
            \t<dict>
            \t\t<key>Name</key>
            \t\t<string>Été 😀</string>
            \t</dict>
            </dict>
            """))
        #expect(try Self.added(Array(edited.utf8)) == "Été 😀")
        // `<dict />`, indented, on one line with the root.
        let inline = "<plist>  <dict /></plist>"
        let edited2 = String(decoding: try Self.edit(Array(inline.utf8)), as: UTF8.self)
        #expect(edited2.hasPrefix("<plist>  <dict>\n\t<key>Added</key>\n"))
        #expect(edited2.hasSuffix("\t</dict>\n</dict></plist>"))
    }

    /// Comments, odd spacing and CRLF line ends stay; the entry takes the keys' indentation.
    @Test func everyOtherByteStays() throws {
        let text = "<?xml version=\"1.0\"?>\r\n<plist version=\"1.0\">\r\n<dict>\r\n  <!-- name -->\r\n  <key>A</key>   <string>b</string>\r\n  <!-- end -->\r\n</dict>\r\n</plist>\r\n"
        let edited = String(decoding: try Self.edit(Array(text.utf8)), as: UTF8.self)
        #expect(edited == text.replacingOccurrences(of: "  <!-- end -->\r\n", with: "  <!-- end -->\r\n  <key>Added</key>\r\n  <dict>\r\n    <key>Name</key>\r\n    <string>Été 😀</string>\r\n  </dict>\r\n"))
    }

    /// Issue 36: an ISO-8859-1 Info.plist with `Été` came out as `\u{FFFD}t\u{FFFD}`. Its own
    /// bytes stay, and the new text is ISO-8859-1 too (a character it cannot hold, a reference).
    @Test func latin1StaysLatin1() throws {
        let head = Array("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n<plist version=\"1.0\">\n<dict>\n\t<key>UIMainStoryboardFile</key>\n\t<string>".utf8)
        let tail = Array("</string>\n</dict>\n</plist>\n".utf8)
        let original = head + [0xC9, 0x74, 0xE9] + tail
        let plist = try Self.read(original)
        #expect(plist.mainStoryboard == "Été")
        #expect(plist.format == .xml(.latin1))
        let edited = try Self.edit(original)
        #expect(Array(edited.prefix(original.count - tail.count)) == head + [0xC9, 0x74, 0xE9])
        let inserted = Array("\t\t<string>".utf8) + [0xC9, 0x74, 0xE9] + Array(" &#x1F600;</string>\n".utf8)
        #expect(edited.firstRange(of: inserted) != nil)
        #expect(try Self.added(edited) == "Été 😀")
    }

    /// UTF-16, both byte orders, with a byte order mark: edited in UTF-16.
    @Test func utf16StaysUTF16() throws {
        let text = "<?xml version=\"1.0\" encoding=\"UTF-16\"?>\n<plist version=\"1.0\">\n<dict>\n\t<key>A</key>\n\t<string>Ünïcode</string>\n</dict>\n</plist>\n"
        for bigEndian in [true, false] {
            let units = Array(text.utf16).flatMap { bigEndian ? [UInt8($0 >> 8), UInt8($0 & 0xFF)] : [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
            let original = (bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]) + units
            let edited = try Self.edit(original)
            #expect(Array(edited.prefix(2)) == Array(original.prefix(2)))
            #expect(try Self.read(edited).format == .xml(.utf16(bigEndian: bigEndian, byteOrderMark: true)))
            #expect(try Self.added(edited) == "Été 😀")
            #expect(try Self.read(edited).list.value(forKey: "A", in: try Self.read(edited).list.root).map { try Self.read(edited).list.values[$0].text } == "Ünïcode")
        }
    }

    /// A key the dictionary has already is refused, not duplicated.
    @Test func anExistingKeyIsRefused() throws {
        let text = "<plist><dict><key>Added</key><true/></dict></plist>"
        let result = PropertyListEdit.adding(Self.entry, to: try Self.read(Array(text.utf8)))
        guard case .failure(let failure) = result else { Issue.record("edited"); return }
        #expect(failure.diagnostic.message == "the edited 'Info.plist' does not read back as intended ('Added' is there already); it is not written")
    }

    // MARK: - Binary

    /// A binary property list of every kind of value, written by hand after the format.
    static func handMadeBinary() -> [UInt8] {
        // Objects: 0 root dict {k1: v, k2: [true, 7], k3: "Été"}, 1 "k1", 2 "k2", 3 "k3", 4 1.5, 5 array, 6 "Été", 7 true, 8 7.
        var objects: [[UInt8]] = []
        objects.append([0xD3, 1, 2, 3, 4, 5, 6])
        objects.append([0x52] + Array("k1".utf8))
        objects.append([0x52] + Array("k2".utf8))
        objects.append([0x52] + Array("k3".utf8))
        objects.append([0x23] + BinaryPropertyList.bigEndian(1.5.bitPattern, size: 8))
        objects.append([0xA2, 7, 8])
        objects.append([0x63, 0x00, 0xC9, 0x00, 0x74, 0x00, 0xE9])
        objects.append([0x09])
        objects.append([0x10, 7])
        var bytes = BinaryPropertyList.header
        var offsets: [Int] = []
        for object in objects {
            offsets.append(bytes.count)
            bytes += object
        }
        let table = bytes.count
        bytes += offsets.map(UInt8.init)
        bytes += [0, 0, 0, 0, 0, 0, 1, 1] + BinaryPropertyList.bigEndian(UInt64(objects.count), size: 8)
            + BinaryPropertyList.bigEndian(0, size: 8) + BinaryPropertyList.bigEndian(UInt64(table), size: 8)
        return bytes
    }

    @Test func binaryIsReadAndEditedInBinary() throws {
        let original = Self.handMadeBinary()
        let plist = try Self.read(original)
        #expect(plist.format == .binary)
        let list = plist.list
        #expect(list.values[list.root].entries.map(\.key) == ["k1", "k2", "k3"])
        #expect(list.value(forKey: "k3", in: list.root).map { list.values[$0].text } == "Été")
        #expect(list.value(forKey: "k1", in: list.root).map { list.values[$0].text } == "1.5")
        let edited = try Self.edit(original)
        #expect(edited.starts(with: BinaryPropertyList.header))
        let again = try Self.read(edited)
        #expect(again.list.values[again.list.root].entries.map(\.key) == ["k1", "k2", "k3", "Added"])
        #expect(try Self.added(edited) == "É" + "té 😀")
        // Writing what was read gives a file that reads the same.
        let rewritten = try Self.read(BinaryPropertyList.write(list))
        #expect(rewritten.list.sameValue(rewritten.list.root, as: list.root, in: list))
    }

    /// Malformed and hostile binary files are located errors, never a crash, a hang or
    /// unbounded memory: truncated at every length, a container holding itself, shared objects
    /// that would unfold exponentially, counts larger than the file.
    @Test func hostileBinaryIsAnError() throws {
        let good = Self.handMadeBinary()
        for length in 8..<good.count {
            let files = SourceFiles()
            let (plist, diagnostics) = InfoPlist.read(files.add(path: "B.plist", bytes: Array(good.prefix(length))), in: files)
            #expect(plist == nil && diagnostics.hasErrors, "length \(length)")
        }
        // Object 0 is an array holding itself.
        var cycle = BinaryPropertyList.header + [0xA1, 0]
        let table = cycle.count
        cycle += [8] + [0, 0, 0, 0, 0, 0, 1, 1] + BinaryPropertyList.bigEndian(1, size: 8) + BinaryPropertyList.bigEndian(0, size: 8)
            + BinaryPropertyList.bigEndian(UInt64(table), size: 8)
        let files = SourceFiles()
        let (none, diagnostics) = InfoPlist.read(files.add(path: "B.plist", bytes: cycle), in: files)
        #expect(none == nil)
        #expect(diagnostics.all.first?.message == "'B.plist' is not a readable binary property list: a container holds itself")
        // 40 arrays, each holding the next one twice: 2^40 values if unfolded.
        var bomb = BinaryPropertyList.header
        var offsets: [Int] = []
        for index in 0..<40 {
            offsets.append(bomb.count)
            bomb += index == 39 ? [0x09] : [0xA2, UInt8(index + 1), UInt8(index + 1)]
        }
        let bombTable = bomb.count
        bomb += offsets.map(UInt8.init) + [0, 0, 0, 0, 0, 0, 1, 1] + BinaryPropertyList.bigEndian(40, size: 8)
            + BinaryPropertyList.bigEndian(0, size: 8) + BinaryPropertyList.bigEndian(UInt64(bombTable), size: 8)
        let (exploded, bombDiagnostics) = InfoPlist.read(files.add(path: "B.plist", bytes: bomb), in: files)
        #expect(exploded == nil)
        #expect(bombDiagnostics.all.first?.message.contains("unfold into more than") == true)
    }

    /// Python's `plistlib` writes a binary Info.plist of every kind of value; the edit is
    /// binary, and `plistlib` reads it back with every old value and the new entry.
    @Test func binaryAgreesWithPythonsPlistlib() throws {
        guard let python = Shell.which("python3") else {
            print("plistlib differential test skipped: no python3 on PATH")
            return
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lifecycle-plist-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let value = """
        {'CFBundleName': 'Notes & Été', 'CFBundleVersion': 42, 'Big': 2**63 + 5, 'Negative': -3, 'Short': 300, 'Ratio': 1.5,
         'Tiny': 1e-300, 'When': datetime.datetime(2020, 5, 17, 10, 30, 15), 'Blob': bytes(range(40)), 'Flags': [True, False],
         'Nested': {'a': [1, 2, {'b': 'c' * 20}]}, 'Emoji': '😀', 'Keys': {str(i): i for i in range(300)}}
        """
        let original = folder.appendingPathComponent("Info.plist")
        let write = try Shell.run(python, ["-c", "import plistlib, datetime, sys; open(sys.argv[1], 'wb').write(plistlib.dumps(\(value), fmt=plistlib.FMT_BINARY))", original.path])
        #expect(write.status == 0, "\(write.stderr)")
        let edited = try Self.edit(Array(try Data(contentsOf: original)))
        let result = folder.appendingPathComponent("Edited.plist")
        try Data(edited).write(to: result)
        let check = try Shell.run(python, ["-c", """
            import plistlib, datetime, sys
            expected = \(value)
            expected['Added'] = {'Name': 'Été 😀'}
            actual = plistlib.loads(open(sys.argv[1], 'rb').read())
            # plistlib writes keys sorted; the new one comes last.
            order = sorted(k for k in expected if k != 'Added') + ['Added']
            print('same' if actual == expected and list(actual) == order else repr(actual))
            """, result.path])
        #expect(check.stdout == "same\n", "\(check.stdout)\(check.stderr)")
    }
}
