import Testing
import LifecycleCompiler

/// `TypeInfo.lineage`: the one walk over adopted types and their parents (issue 44), which the
/// checker, the scene checks and the log vocabulary share.
@Suite struct TypeAncestryTests {
    static func type(_ name: String, _ parents: [Int]) -> TypeInfo {
        TypeInfo(kind: .protocol, name: name, parents: parents, methods: [], properties: [], origin: nil,
                 range: SourceRange(file: FileID(0), start: 0, end: 0))
    }

    @Test("depth first in the order written, each type once, cycles and bad indices stopped")
    func lineage() {
        // 0: A (parents B, C); 1: B (parent D); 2: C (parent D); 3: D; 4: E (parent 4, itself); 5: F (parent 99)
        let types = [Self.type("A", [1, 2]), Self.type("B", [3]), Self.type("C", [3]), Self.type("D", []),
                     Self.type("E", [4]), Self.type("F", [99, -1])]
        #expect(TypeInfo.lineage(of: [0], in: types) == [0, 1, 3, 2])
        #expect(TypeInfo.lineage(of: [2, 0], in: types) == [2, 3, 0, 1])
        #expect(TypeInfo.lineage(of: [4], in: types) == [4])
        #expect(TypeInfo.lineage(of: [5, 42], in: types) == [5])
        #expect(TypeInfo.lineage(of: [], in: types).isEmpty)
        // The checker's ancestors: the parents' lineage, which holds the type itself only on a cycle.
        #expect(TypeInfo.lineage(of: types[4].parents, in: types).contains(4))
        #expect(!TypeInfo.lineage(of: types[0].parents, in: types).contains(0))
    }
}
