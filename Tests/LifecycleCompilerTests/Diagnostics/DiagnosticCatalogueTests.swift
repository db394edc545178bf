import Testing
import LifecycleCompiler

/// The catalogue's shared constructions keep each factory's id (its own name) and wording.
@Suite struct DiagnosticCatalogueTests {
    let range = SourceRange(file: FileID(0), start: 3, end: 7)

    @Test("a misspelt name: the factory's id, 'did you mean' and a fix-it, or neither without a suggestion")
    func misspelt() {
        let suggested = Diagnostic.unknownState("Actve", suggestion: "Active", at: range)
        #expect(suggested.id == "unknownState")
        #expect(suggested.message == "unknown state 'Actve'; did you mean 'Active'?")
        #expect(suggested.fixIt == Diagnostic.FixIt(replace: range, with: "Active"))
        let bare = Diagnostic.unknownMachine("Nope", suggestion: nil, at: range)
        #expect(bare.id == "unknownMachine")
        #expect(bare.message == "unknown machine 'Nope'")
        #expect(bare.fixIt == nil)
        #expect(Diagnostic.expectedTrigger(found: "'usr'", suggestion: "user", at: range).id == "expectedTrigger")
    }
}

/// Issue 38, case 5: the fix-it that removes a stray `;` never joins the tokens around it
/// (`A;state B` is `A state B`, not `Astate B`), so applying it gives a spec that checks.
@Suite struct SemicolonFixItTests {
    /// `source` with every fix-it applied (they do not overlap), from the last to the first.
    static func applyingFixIts(_ source: String) -> String {
        var bytes = Array(source.utf8)
        let fixIts = Compiler.compile(path: "T.lifecycle", source: source).diagnostics.all.compactMap(\.fixIt)
            .sorted { $0.range.startOffset > $1.range.startOffset }
        for fixIt in fixIts {
            bytes.replaceSubrange(fixIt.range.startOffset..<fixIt.range.endOffset, with: Array(fixIt.replacement.utf8))
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test(arguments: [
        ("machine M {\n    initial state A;state B\n    A -> B on go;B -> A on back\n}\n",
         "machine M {\n    initial state A state B\n    A -> B on go B -> A on back\n}\n"),
        ("machine M {\n    initial state A; state B ;\n    A -> B on go\n}\n",
         "machine M {\n    initial state A state B \n    A -> B on go\n}\n"),
        ("protocol P { func a();func b() }\nmachine M {\n    delegate D: P\n    initial state A\n    A -> A on go calls a();\n}\n",
         "protocol P { func a() func b() }\nmachine M {\n    delegate D: P\n    initial state A\n    A -> A on go calls a()\n}\n"),
    ])
    func removingASemicolonKeepsTheTokensApart(_ source: String, _ fixed: String) {
        let result = Self.applyingFixIts(source)
        #expect(result == fixed)
        let recompiled = Compiler.compile(path: "T.lifecycle", source: result)
        #expect(recompiled.diagnostics.errorCount == 0, "\(recompiled.diagnostics.all.map(\.message))")
    }
}
