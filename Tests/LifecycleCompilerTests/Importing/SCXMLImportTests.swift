import Foundation
import Testing
import LifecycleCompiler
import SpecGeneration

/// `import-scxml`: the round trip spec → SCXML → spec, SCXML written by others, and XML that
/// is not well-formed (a located error, never a crash).
@Suite struct SCXMLImportTests {
    /// Imports SCXML text; the skeleton's text or the rendered diagnostics.
    static func importText(_ scxml: String, path: String = "Input.scxml") -> (String?, String) {
        let files = SourceFiles()
        let file = files.add(path: path, bytes: Array(scxml.utf8))
        let (text, diagnostics) = SCXMLImporter.importSCXML(file, in: files)
        return (text, DiagnosticRenderer(files: files).render(diagnostics))
    }

    /// What a round trip keeps of a machine: its states (name, parent, kind, initial child) and
    /// its transitions (source, target, event, trigger and, with a UIKit delegate, callbacks).
    struct Shape: Equatable, CustomStringConvertible {
        var name: String
        var initial: String
        var states: [String]
        var transitions: [String]

        init(_ machine: Machine, model: Model, callbacks: Bool) {
            name = machine.name
            initial = machine.states[machine.initialState].name
            states = machine.states.map { state in
                let kind = state.isFinal ? "final " : ""
                return kind + state.name + " in " + (state.parent.map { machine.states[$0].name } ?? "-")
                    + " enters " + (state.initialChild.map { machine.states[$0].name } ?? "-")
            }.sorted()
            transitions = machine.transitions.map { transition in
                "\(machine.states[transition.source].name) -> \(machine.states[transition.target].name) on \(transition.event ?? "-") by \(transition.trigger?.rawValue ?? "-")"
                    + (callbacks ? " calls " + transition.callbacks.map { model.method($0).selector }.joined(separator: ", ") : "")
            }.sorted()
        }

        var description: String { "\(name) (\(initial)):\n  " + (states + transitions).joined(separator: "\n  ") }
    }

    /// Exports `model` to SCXML, imports it, compiles the skeleton, and compares.
    static func roundTrip(_ model: Model, name: String, descriptions: Bool) throws {
        // A file of systems over imported machines exports no states of its own.
        guard !model.machines.isEmpty else { return }
        let scxml = String(decoding: ExportFormat.scxml.body(model: model), as: UTF8.self)
        let (text, rendered) = importText(scxml, path: "\(name).scxml")
        let skeleton = try #require(text, "\(name): import failed:\n\(rendered)")
        let compilation = Compiler.compile(path: "\(name).lifecycle", source: skeleton)
        let errors = compilation.diagnostics.all.filter { $0.severity == .error }
        guard let imported = compilation.model, errors.isEmpty else {
            Issue.record("\(name): the skeleton has errors:\n\(DiagnosticRenderer(files: compilation.files).render(compilation.diagnostics))\n\(skeleton)")
            return
        }
        #expect(imported.machines.map(\.name) == model.machines.map(\.name), "\(name)")
        for (original, copy) in zip(model.machines, imported.machines) {
            // Callbacks come back as `calls` when the machine's delegate is UIKit's.
            let callbacks = copy.delegate != nil
            #expect(Shape(copy, model: imported, callbacks: callbacks) == Shape(original, model: model, callbacks: callbacks),
                    "\(name): the round trip changed machine '\(original.name)'\n\(skeleton)")
            if descriptions {
                #expect(copy.description == original.description)
                #expect(copy.states.map(\.description) == original.states.map(\.description), "\(name)")
            }
        }
    }

    @Test("examples and golden specs: spec → SCXML → spec keeps states, transitions, events, triggers", arguments: ExportTests.specs)
    func roundTrip(_ spec: String) throws {
        let model = try ExportTests.model(spec)
        try Self.roundTrip(model, name: ExportTests.base(spec), descriptions: spec.hasPrefix("Examples/"))
    }

    @Test("random specs: spec → SCXML → spec keeps states, transitions, events, triggers")
    func roundTripRandom() throws {
        for batch in GeneratedOutputPropertyTests.batches {
            for spec in GeneratedOutputPropertyTests.specs(batch: batch) {
                guard let model = Compiler.compile(path: "seed-\(spec.seed).lifecycle", source: spec.text).model else { continue }
                try Self.roundTrip(model, name: "seed-\(spec.seed)", descriptions: false)
            }
        }
    }

    @Test("SCXML written by others: the committed skeleton is what import-scxml writes, and it checks")
    func foreign() throws {
        let folder = Repository.fixtures.appendingPathComponent("Import")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".scxml") }.sorted()
        #expect(!names.isEmpty)
        for name in names {
            let scxml = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            let (text, rendered) = Self.importText(scxml, path: name)
            let skeleton = try #require(text, "\(name):\n\(rendered)")
            GoldenFile.check(skeleton, against: folder.appendingPathComponent(String(name.dropLast(6)) + ".lifecycle"))
            // It parses; what SCXML has and a spec lacks (here a <parallel>) may leave states
            // unreachable, for the user to connect.
            let compilation = Compiler.compile(path: name, source: skeleton)
            let errors = compilation.diagnostics.all.filter { $0.severity == .error && $0.id != "unreachableState" }
            #expect(errors.isEmpty, "\(DiagnosticRenderer(files: compilation.files).render(compilation.diagnostics))")
        }
    }

    // MARK: - Errors

    /// Broken input and the first line of the error it must give.
    static let broken: [(String, String)] = [
        ("", "Input.scxml:1:1: error: expected an '<scxml>' element, found end of file"),
        ("<scxml>\n  <state id=\"a\">\n</scxml>", "Input.scxml:3:3: error: end tag '</scxml>' does not match '<state>'"),
        ("<scxml>\n  <state id=\"a\"/>", "Input.scxml:2:18: error: expected '</scxml>' before the end of the file"),
        ("<scxml><state id=\"a\" id=\"b\"/></scxml>", "Input.scxml:1:22: error: duplicate attribute 'id'"),
        ("<scxml><state id=\"a&bogus;\"/></scxml>", "Input.scxml:1:20: error: unknown entity '&bogus;'; XML knows only '&lt;', '&gt;', '&amp;', '&quot;' and '&apos;'"),
        ("<scxml><state id=\"&#0;\"/></scxml>", "Input.scxml:1:19: error: invalid character or entity reference; write '&amp;' for a literal '&'"),
        ("<scxml><state id=\"a<\"/></scxml>", "Input.scxml:1:20: error: expected no '<' in an attribute value (write '&lt;'), found '<'"),
        ("<scxml><state id=a/></scxml>", "Input.scxml:1:18: error: expected a quoted attribute value, found 'a/></scxml>'"),
        ("<!DOCTYPE scxml [<!ENTITY lol \"lol\"><!ENTITY lol2 \"&lol;&lol;\">]><scxml/>", "Input.scxml:1:17: error: document type definitions with an internal subset are not supported"),
        ("<scxml/><scxml/>", "Input.scxml:1:9: error: a second top-level element; an XML document has one root"),
        ("hello <scxml/>", "Input.scxml:1:1: error: text outside the root element"),
        ("<scxml><!-- never closed", "Input.scxml:1:8: error: unterminated comment"),
        ("<scxml><x:state/></scxml>", "Input.scxml:1:9: error: namespace prefix 'x' is not declared"),
        ("<scxml></state></scxml>", "Input.scxml:1:10: error: end tag '</state>' does not match '<scxml>'"),
        ("<svg xmlns=\"http://www.w3.org/2000/svg\"/>", "Input.scxml:1:2: error: expected an '<scxml>' root element in the SCXML namespace, found '<svg>'"),
        ("<scxml xmlns=\"http://www.w3.org/2005/07/scxml\"/>", "Input.scxml:1:2: error: '<scxml>' has no states"),
        ("<scxml><state id=\"idle\"><transition event=\"go\" target=\"runing\"/></state><state id=\"running\"/></scxml>",
         "Input.scxml:1:48: error: transition target 'runing' is not a state of this document; did you mean 'running'?"),
        ("<scxml initial=\"idel\"><state id=\"idle\"/></scxml>", "Input.scxml:1:8: error: initial state 'idel' is not a child of this state; did you mean 'idle'?"),
    ]

    @Test("broken XML and SCXML: one located error, nothing written")
    func errors() {
        for (input, expected) in Self.broken {
            let (text, rendered) = Self.importText(input)
            #expect(text == nil, "\(input.debugDescription) imported")
            let first = rendered.split(separator: "\n").first.map(String.init) ?? ""
            #expect(first == expected, "\(input.debugDescription)")
        }
    }

    /// Imports raw bytes; the skeleton's text or the rendered diagnostics.
    static func importBytes(_ bytes: [UInt8], path: String = "Input.scxml") -> (String?, String) {
        let files = SourceFiles()
        let (text, diagnostics) = SCXMLImporter.importSCXML(files.add(path: path, bytes: bytes), in: files)
        return (text, DiagnosticRenderer(files: files).render(diagnostics))
    }

    static func utf16(_ text: String, bigEndian: Bool, byteOrderMark: Bool) -> [UInt8] {
        var bytes: [UInt8] = byteOrderMark ? (bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]) : []
        for unit in text.utf16 {
            bytes += bigEndian ? [UInt8(unit >> 8), UInt8(unit & 0xFF)] : [UInt8(unit & 0xFF), UInt8(unit >> 8)]
        }
        return bytes
    }

    static let cafe = "<scxml xmlns=\"http://www.w3.org/2005/07/scxml\" name=\"Caf\u{E9}\"><state id=\"caf\u{E9}\"/></scxml>\n"

    @Test("UTF-16 (byte order mark or not) and ISO-8859-1 documents are decoded: 'café' stays 'café' (issue 24, item 15)")
    func encodings() throws {
        let declared16 = "<?xml version=\"1.0\" encoding=\"UTF-16\"?>\n" + Self.cafe
        for (bigEndian, mark) in [(false, true), (true, true), (false, false), (true, false)] {
            let (text, rendered) = Self.importBytes(Self.utf16(declared16, bigEndian: bigEndian, byteOrderMark: mark))
            let skeleton = try #require(text, "UTF-16 \(bigEndian ? "BE" : "LE") \(mark ? "with" : "without") BOM: \(rendered)")
            #expect(skeleton.contains("machine Café {\n    initial state café\n}"), "\(skeleton)")
        }
        let latin1 = Array("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n".utf8) + Self.cafe.unicodeScalars.map { UInt8($0.value) }
        let skeleton = try #require(Self.importBytes(latin1).0)
        #expect(skeleton.contains("initial state café"), "\(skeleton)")
        // Errors name the encoding, at the declaration or the first byte that does not fit.
        let shiftJIS = Array("<?xml version='1.0' encoding='Shift_JIS'?>\n".utf8) + Array(Self.cafe.utf8)
        #expect(Self.importBytes(shiftJIS).1.hasPrefix(
            "Input.scxml:1:31: error: encoding 'Shift_JIS' is not supported; lifecycle reads UTF-8, UTF-16 and ISO-8859-1 (Latin-1)"))
        let undeclared = Self.cafe.unicodeScalars.map { UInt8($0.value) }
        #expect(Self.importBytes(undeclared).1.hasPrefix("Input.scxml:1:57: error: byte 0xE9 is not valid UTF-8;"), "\(Self.importBytes(undeclared).1)")
        let utf32: [UInt8] = [0xFF, 0xFE, 0x00, 0x00] + Array("<".utf8) + [0, 0, 0]
        #expect(Self.importBytes(utf32).1.hasPrefix("Input.scxml:1:1: error: encoding 'UTF-32' is not supported"))
        let mismatch = Self.utf16("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>" + Self.cafe, bigEndian: false, byteOrderMark: true)
        #expect(Self.importBytes(mismatch).1.hasPrefix("Input.scxml:1:31: error: the declaration names the encoding 'ISO-8859-1', but the document is UTF-16 text"))
        let lone = Self.utf16("<scxml", bigEndian: false, byteOrderMark: true) + [0x00, 0xD8, 0x41, 0x00]
        #expect(Self.importBytes(lone).1.hasPrefix("Input.scxml:1:7: error: invalid UTF-16: a lone UTF-16 surrogate"))
    }

    @Test("deep nesting is an error, not a stack overflow; 128 nested states still import")
    func nesting() throws {
        let deep = String(repeating: "<state>", count: 100_000) + String(repeating: "</state>", count: 100_000)
        let (text, rendered) = Self.importText("<scxml>" + deep + "</scxml>")
        #expect(text == nil)
        #expect(rendered.contains("error: elements nest more than 256 deep"), "\(rendered.prefix(300))")

        let tooDeep = String(repeating: "<state>", count: 129) + String(repeating: "</state>", count: 129)
        #expect(Self.importText("<scxml>" + tooDeep + "</scxml>").1.contains("error: states nest more than 128 deep"))

        let ok = String(repeating: "<state>", count: 128) + String(repeating: "</state>", count: 128)
        let skeleton = try #require(Self.importText("<scxml name=\"Deep\">" + ok + "</scxml>").0)
        let compilation = Compiler.compile(path: "Deep.lifecycle", source: skeleton)
        #expect(!compilation.diagnostics.hasErrors, "\(DiagnosticRenderer(files: compilation.files).render(compilation.diagnostics))")
    }

    @Test("random bytes and truncations of a real export never crash")
    func truncations() throws {
        let model = try ExportTests.model("Examples/SceneLifecycle.lifecycle")
        let scxml = Array(ExportFormat.scxml.body(model: model))
        for cut in stride(from: 0, to: scxml.count, by: 97) {
            let files = SourceFiles()
            let (text, diagnostics) = SCXMLImporter.importSCXML(files.add(path: "Cut.scxml", bytes: scxml[..<cut]), in: files)
            #expect(text != nil || diagnostics.hasErrors)
        }
        var random = SplitMix64(seed: 15)
        let alphabet = Array("<>/=\"'&;#x!-?[]abc :\n".utf8) + [0xFF, 0xC3]
        for _ in 0..<300 {
            let bytes = (0..<random.below(200)).map { _ in alphabet[random.below(alphabet.count)] }
            let files = SourceFiles()
            let (text, diagnostics) = SCXMLImporter.importSCXML(files.add(path: "Random.scxml", bytes: [UInt8]("<scxml>".utf8) + bytes), in: files)
            #expect(text != nil || diagnostics.hasErrors)
        }
    }
}

/// Pathological SCXML and specs: time stays linear (4× the input, well under 16× the time).
@Suite(.serialized) struct ExportImportScalingTests {
    static let imports: [(String, Int, @Sendable (Int) -> String)] = [
        ("states that all have one id", 2_000, { n in
            "<scxml>" + String(repeating: "<state id=\"a\"><transition event=\"go\" target=\"a\"/></state>", count: n) + "</scxml>"
        }),
        ("a run of comments", 4_000, { n in
            "<scxml>" + String(repeating: "<!-- a comment -->", count: n) + "<state id=\"a\"/></scxml>"
        }),
        ("an element with many attributes", 4_000, { n in
            "<scxml><state id=\"a\" " + (0..<n).map { "x\($0)=\"\($0)\"" }.joined(separator: " ") + "/></scxml>"
        }),
        ("states nested to the limit, many times", 40, { n in
            "<scxml>" + String(repeating: String(repeating: "<state>", count: 100) + String(repeating: "</state>", count: 100), count: n) + "</scxml>"
        }),
    ]

    @Test("import-scxml is linear on pathological input", arguments: imports.indices)
    func importLinear(_ index: Int) {
        let (name, n, make) = Self.imports[index]
        let small = make(n / 2), large = make(2 * n)
        func run(_ text: String) {
            let files = SourceFiles()
            _ = SCXMLImporter.importSCXML(files.add(path: "Big.scxml", bytes: Array(text.utf8)), in: files)
        }
        let scaling = Scaling.ratio(repetitions: 3, small: { run(small) }, large: { run(large) })
        #expect(scaling.ratio < 7, "\(name): \(scaling.small)s for N=\(n / 2), \(scaling.large)s for 4× that (ratio \(scaling.ratio))")
    }

    @Test("every export is linear in the spec")
    func exportLinear() throws {
        func spec(_ n: Int) -> Model? {
            let text = "machine M {\n" + (0..<n).map { "\($0 == 0 ? "initial " : "")state S\($0) \"State \($0).\" { initial state I\($0) }\n" }.joined()
                + (0..<n).map { "I\($0) -> S\(($0 + 1) % n) on e\($0) by user\n" }.joined() + "}\n"
            return Compiler.compile(path: "Big.lifecycle", source: text).model
        }
        let small = try #require(spec(500)), large = try #require(spec(2_000))
        for format in ExportFormat.allCases {
            let scaling = Scaling.ratio(repetitions: 3, small: { _ = format.body(model: small) }, large: { _ = format.body(model: large) })
            #expect(scaling.ratio < 7, "\(format): \(scaling.small)s for 500 states, \(scaling.large)s for 2,000 (ratio \(scaling.ratio))")
        }
    }
}
