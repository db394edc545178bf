import Testing
import LifecycleCompiler
@testable import LifecycleSource
@testable import LifecycleSyntax

/// `ReadAhead` reads what it is told to and nothing out of bounds, and reading ahead changes no
/// result: the parser's name batches give every state and transition its names' ids.
@Suite struct ReadAheadTests {
    @Test func readFoldsEveryValue() {
        var readAhead = ReadAhead()
        readAhead.read(Int32(5))
        readAhead.read(UInt32(3))
        #expect(readAhead.folded == 6)
        readAhead.read(Int32(-1))
        #expect(readAhead.folded == ~UInt32(6))
        readAhead.finish()
    }

    @Test func aheadReadsTheOffsetsAndListsOfStatesFurtherDownTheQueue() {
        let distance = ReadAhead.distance
        let queue = (0..<Int32(distance + 1)).map { $0 }
        let offsets = (0...Int32(distance + 1)).map { $0 * 2 }
        let values = (0..<Int32(distance + 1)).map { $0 + 100 }
        let lists = (0..<Int32(2 * distance + 2)).map { $0 + 1000 }
        var readAhead = ReadAhead()
        readAhead.ahead(of: 0, in: queue, offsets: offsets, alongside: values, lists: lists)
        let state = distance, near = distance / 2
        let expected = UInt32(offsets[state] ^ values[state]) ^ UInt32(lists[Int(offsets[near])])
        #expect(readAhead.folded == expected)
        // Near the end of the queue, and with empty lists, it reads nothing.
        var atEnd = ReadAhead()
        atEnd.ahead(of: distance - distance / 2, in: queue, offsets: offsets, alongside: values, lists: [])
        atEnd.ahead(of: distance, in: queue, offsets: offsets, alongside: values, lists: lists)
        #expect(atEnd.folded == 0)
    }

    @Test func readingASlotAheadChangesNoId() {
        var table = NameTable()
        var readAhead = ReadAhead()
        let names = (0..<300).map { "name\($0)" }
        for name in names {
            var copy = name
            let hash = copy.withUTF8 { NameTable.hash($0) }
            table.readAhead(hash: hash, into: &readAhead)
            _ = table.intern(name)
        }
        readAhead.finish()
        #expect(names.indices.allSatisfy { table.lookup(names[$0]) == NameTable.ID($0) })
    }

    /// A machine of `count` states in a ring, each named again as a transition's target: far
    /// more names than one batch (`Parser.nameBatchSize`).
    static func ring(_ count: Int) -> String {
        var text = "machine M {\n  initial state S0\n"
        for i in 1..<count { text += "  state S\(i) { internal on poke }\n" }
        for i in 0..<count { text += "  S\(i) -> S\((i + 1) % count) on next\(i % 7)\n" }
        return text + "}\n"
    }

    @Test func batchedNamesAreInternedIntoEveryStateAndTransition() throws {
        let files = SourceFiles()
        let file = files.add(path: "ring.lifecycle", bytes: Array(Self.ring(500).utf8))
        let (syntax, diagnostics) = Parser.parse(file)
        #expect(diagnostics.errorCount == 0)
        let machine = try #require(syntax.machines.first)
        #expect(machine.namesAreInterned)
        let names = syntax.names
        for state in machine.states { #expect(names.string(state.nameID) == file.text(state.name.range)) }
        for transition in machine.transitions {
            #expect(names.string(transition.sourceID) == file.text(transition.source.range))
            #expect(names.string(transition.targetID) == file.text(transition.target.range))
            let event = try #require(transition.event)
            #expect(names.string(transition.eventID) == file.text(event.range))
        }
    }

    /// No syntax node keeps the placeholder id past the parser, after errors and recovery too.
    @Test(arguments: [
        "machine M { initial state A\n A -> B on go\n state B { internal on poke\n B -> A } }",
        "machine M { state A { state B } A -> on\n A -> B on }",
        "machine M { initial state A } A -> B on go\n state Z machine N { state B B -> A on x",
        "machine M { internal on go\n state A { internal on\n } }",
        "machine M { state A { state B { state C { } } } C -> A on up calls f(_:) }",
    ])
    func noPlaceholderIdSurvivesTheParser(_ text: String) {
        let files = SourceFiles()
        let (syntax, _) = Parser.parse(files.add(path: "t.lifecycle", bytes: Array(text.utf8)))
        #expect(!syntax.machines.isEmpty)
        #expect(syntax.machines.allSatisfy { $0.namesAreInterned })
    }

    @Test func aPlaceholderIdIsCaught() throws {
        let files = SourceFiles()
        let (syntax, _) = Parser.parse(files.add(path: "t.lifecycle", bytes: Array("machine M { initial state A\n A -> A on go }".utf8)))
        var machine = try #require(syntax.machines.first)
        #expect(machine.namesAreInterned)
        machine.transitions[0].targetID = -1
        #expect(!machine.namesAreInterned)
        machine.transitions[0].targetID = 0
        machine.transitions[0].eventID = -1
        #expect(!machine.namesAreInterned)
    }
}
