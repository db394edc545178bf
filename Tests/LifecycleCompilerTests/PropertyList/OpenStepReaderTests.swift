import Foundation
import Testing
import LifecycleCompiler
import SpecGeneration

/// The old-style (OpenStep) property list reader, the format of `project.pbxproj`: the values
/// Xcode writes, a located error for each kind of malformed file, and bounds hostile input
/// cannot pass (deep nesting, unterminated tokens, invalid UTF-8).
@Suite struct OpenStepReaderTests {
    static func read(_ text: String) -> (PropertyList?, [Diagnostic], SourceFiles) {
        read(bytes: Array(text.utf8))
    }

    static func read(bytes: [UInt8]) -> (PropertyList?, [Diagnostic], SourceFiles) {
        let files = SourceFiles()
        let file = files.add(path: "project.pbxproj", bytes: bytes)
        let (list, diagnostics) = OpenStepReader.read(file)
        return (list, diagnostics.all, files)
    }

    /// `line:column: message` of the only diagnostic.
    static func error(_ text: String) -> String {
        error(bytes: Array(text.utf8))
    }

    static func error(bytes: [UInt8]) -> String {
        let (list, diagnostics, files) = read(bytes: bytes)
        #expect(list == nil)
        guard diagnostics.count == 1, let diagnostic = diagnostics.first else { return "\(diagnostics.count) diagnostics" }
        let file = files[diagnostic.range.file]
        let at = file.lineColumn(of: diagnostic.range.startOffset, table: LineTable(file.bytes))
        return "\(at.line):\(at.column): \(diagnostic.message)"
    }

    /// The value at `path` (keys of dictionaries, decimal indices of arrays) from the root.
    static func value(_ list: PropertyList, _ path: String...) -> PropertyList.Value? {
        var current = list.root
        for step in path {
            if let index = Int(step), list.values[current].kind == .array {
                guard index < list.values[current].items.count else { return nil }
                current = list.values[current].items[index]
            } else {
                guard let next = list.value(forKey: step, in: current) else { return nil }
                current = next
            }
        }
        return list.values[current]
    }

    @Test func readsWhatXcodeWrites() throws {
        let text = """
        // !$*UTF8*$!
        {
        \tarchiveVersion = 1;
        \tclasses = {
        \t};
        \tobjects = {

        /* Begin PBXFileReference section */
        \t\tA1 /* App.app */ = {isa = PBXFileReference; explicitFileType = wrapper.application; path = App.app; sourceTree = BUILT_PRODUCTS_DIR; };
        /* End PBXFileReference section */
        \t\tB2 /* Debug */ = {
        \t\t\tisa = XCBuildConfiguration;
        \t\t\tbuildSettings = {
        \t\t\t\tINFOPLIST_KEY_CFBundleDisplayName = "Notes & \\"Lists\\"";
        \t\t\t\tLD_RUNPATH_SEARCH_PATHS = (
        \t\t\t\t\t"$(inherited)",
        \t\t\t\t\t"@executable_path/Frameworks",
        \t\t\t\t);
        \t\t\t\tPRODUCT_BUNDLE_IDENTIFIER = com.example.notes-app;
        \t\t\t\tSWIFT_ACTIVE_COMPILATION_CONDITIONS = "DEBUG $(inherited)";
        \t\t\t};
        \t\t\tname = Debug; // a line comment
        \t\t};
        \t};
        \trootObject = C3 /* Project object */;
        \tkey = <0fab 12CD>;
        \tempty = ();
        \ttabbed = "a\\tb\\nc\\U00e9\\101";
        \tsingle = 'it\\'s';
        }
        """
        let (list, diagnostics, _) = Self.read(text)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let read = try #require(list)
        #expect(Self.value(read, "archiveVersion")?.text == "1")
        #expect(Self.value(read, "objects", "A1", "explicitFileType")?.text == "wrapper.application")
        #expect(Self.value(read, "objects", "B2", "buildSettings", "INFOPLIST_KEY_CFBundleDisplayName")?.text == #"Notes & "Lists""#)
        #expect(Self.value(read, "objects", "B2", "buildSettings", "LD_RUNPATH_SEARCH_PATHS", "1")?.text == "@executable_path/Frameworks")
        #expect(Self.value(read, "objects", "B2", "buildSettings", "PRODUCT_BUNDLE_IDENTIFIER")?.text == "com.example.notes-app")
        #expect(Self.value(read, "objects", "B2", "name")?.text == "Debug")
        #expect(Self.value(read, "rootObject")?.text == "C3")
        #expect(Self.value(read, "key")?.kind == .data)
        #expect(Self.value(read, "key")?.text == "0fab12CD")
        #expect(Self.value(read, "empty")?.items.isEmpty == true)
        #expect(Self.value(read, "tabbed")?.text == "a\tb\ncé" + "A")
        #expect(Self.value(read, "classes")?.entries.isEmpty == true)
        #expect(Self.value(read, "single")?.text == "it's")
        // Keys keep their order and their place.
        #expect(read.values[read.root].entries.map(\.key) == ["archiveVersion", "classes", "objects", "rootObject", "key", "empty", "tabbed", "single"])
    }

    /// A key given twice keeps its last value (as Foundation reads it), in its first place.
    @Test func aRepeatedKeyKeepsItsLastValue() throws {
        let (list, diagnostics, _) = Self.read("{ a = 1; b = 2; a = 3; }")
        #expect(diagnostics.isEmpty)
        let read = try #require(list)
        #expect(read.values[read.root].entries.map(\.key) == ["a", "b"])
        #expect(Self.value(read, "a")?.text == "3")
    }

    @Test func surrogatePairsAndBareTopLevelValues() throws {
        let (list, _, _) = Self.read(#""\UD83D\UDE00 \U0041""#)
        #expect(list.map { $0.values[$0.root].text } == "😀 A")
        let (array, _, _) = Self.read("(a, b)")
        #expect(array.map { $0.values[$0.root].items.count } == 2)
    }

    @Test func malformedFilesGiveLocatedErrors() {
        #expect(Self.error("{\n  a = 1\n}") == "3:1: expected ';' after a dictionary's value, found '}'")
        #expect(Self.error("{ a 1; }") == "1:5: expected '=' after the key 'a', found '1'")
        #expect(Self.error("{ a = ; }") == "1:7: expected a value, found ';'")
        #expect(Self.error("{ = 1; }") == "1:3: expected a key or '}', found '='")
        #expect(Self.error("( a b )") == "1:5: expected ',' or ')' after an array's item, found 'b'")
        #expect(Self.error("{ a = \"open; }") == "1:7: unterminated string")
        #expect(Self.error("{ a = 1; /* never closed }") == "1:10: unterminated comment")
        #expect(Self.error("{ a = <0fa>; }") == "1:7: data has an odd number of hexadecimal digits")
        #expect(Self.error("{ a = <0fz>; }") == "1:10: expected a hexadecimal digit or '>' in data, found 'z'")
        #expect(Self.error("{ a = \"\\U12\"; }") == "1:8: expected four hexadecimal digits after '\\U' in a string")
        #expect(Self.error("{ a = 1; } }") == "1:12: expected the end of the file after the top-level value, found '}'")
        #expect(Self.error("{ a = 1;") == "1:9: expected a key or '}', found end of file")
        #expect(Self.error("") == "1:1: expected a property list value, found end of file")
        #expect(Self.error("// only a comment\n") == "2:1: expected a property list value, found end of file")
        #expect(Self.error(bytes: Array("{ a = \"".utf8) + [0xFF] + Array("\"; }".utf8)) == "1:8: invalid UTF-8 byte 0xFF; source files must be UTF-8")
    }

    /// Nesting deeper than the cap is an error at the first bracket too many, however deep the
    /// file goes; no recursion, so no stack to overflow.
    @Test func deepNestingIsCappedWithoutRecursion() {
        let depth = 200_000
        let text = String(repeating: "(", count: depth) + String(repeating: ")", count: depth)
        #expect(Self.error(text) == "1:\(OpenStepReader.maximumDepth + 1): property list nested more than \(OpenStepReader.maximumDepth) levels deep")
        let allowed = String(repeating: "(", count: OpenStepReader.maximumDepth) + String(repeating: ")", count: OpenStepReader.maximumDepth)
        #expect(Self.read(allowed).0 != nil)
    }

    /// Every Xcode project fixture reads without a diagnostic.
    @Test func theFixtureProjectsRead() throws {
        let folder = Repository.root.appendingPathComponent("Tests/LifecycleCLITests/Fixtures/Xcode")
        let cases = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.contains(".") }.sorted()
        #expect(cases == ["GeneratedWithoutManifest", "LegacyApp", "SwiftUIApp", "UIKitApp"])
        for name in cases {
            let caseFolder = folder.appendingPathComponent(name)
            let project = try #require(try FileManager.default.contentsOfDirectory(atPath: caseFolder.path).first { $0.hasSuffix(".xcodeproj") })
            let bytes = Array(try Data(contentsOf: caseFolder.appendingPathComponent(project + "/project.pbxproj")))
            let (list, diagnostics, _) = Self.read(bytes: bytes)
            #expect(list != nil && diagnostics.isEmpty, "\(name): \(diagnostics.map(\.message))")
        }
    }

    /// Random damage to a real project (bytes dropped, replaced by brackets, quotes, comment
    /// marks or high bytes; truncation) never traps: each read gives a list or located errors,
    /// and reading the project from it never traps either.
    @Test func damagedProjectsNeverTrap() throws {
        let path = Repository.root.appendingPathComponent("Tests/LifecycleCLITests/Fixtures/Xcode/SwiftUIApp/SwiftUIApp.xcodeproj/project.pbxproj")
        let original = Array(try Data(contentsOf: path))
        var random = SplitMix64(seed: 41)
        let noise = Array("{}();=,\"'/*<>\\U".utf8) + [0xC3, 0xFF, 0x00, 0x0A]
        for round in 0..<400 {
            var bytes = original
            for _ in 0..<(1 + random.below(6)) {
                let at = random.below(bytes.count)
                switch random.below(3) {
                case 0: bytes.remove(at: at)
                case 1: bytes[at] = noise[random.below(noise.count)]
                default: bytes.insert(noise[random.below(noise.count)], at: at)
                }
            }
            if round % 10 == 0 { bytes = Array(bytes.prefix(random.below(bytes.count))) }
            let files = SourceFiles()
            let file = files.add(path: "project.pbxproj", bytes: bytes)
            let (list, diagnostics) = OpenStepReader.read(file)
            #expect(list != nil || diagnostics.hasErrors, "round \(round): no list and no error")
            for diagnostic in diagnostics.all { #expect(diagnostic.range.endOffset <= bytes.count) }
            let (project, projectDiagnostics) = XcodeProject.read(file)
            if let project, let target = project.targets.first { _ = project.buildSettings(of: target) }
            #expect(project != nil || projectDiagnostics.hasErrors)
        }
    }
}
