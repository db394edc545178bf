import Testing
@testable import LifecycleCompiler

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
