import Testing
import LifecycleCompiler
import SpecGeneration

/// The benchmark's specs (`ScaledSpecGenerator`, shared with `lifecycle-bench`) are what its
/// documentation says: valid (a warning such as a required callback no transition calls may
/// remain), deterministic by seed.
@Suite struct ScaledSpecGeneratorTests {
    @Test("scaled specs check without errors", arguments: [(1, UInt64(1)), (20, 42), (300, 42), (1_000, 7)])
    func specsCheckWithoutErrors(states: Int, seed: UInt64) throws {
        let bytes = ScaledSpecGenerator(states: states, seed: seed).generate()
        let compilation = Compiler.compile(path: "Bench.lifecycle", source: String(decoding: bytes, as: UTF8.self))
        #expect(compilation.diagnostics.errorCount == 0, "\(compilation.diagnostics)")
        #expect(compilation.model != nil)
    }

    @Test("the same seed gives the same spec; another seed another")
    func deterministic() {
        let a = ScaledSpecGenerator(states: 200, seed: 42).generate()
        #expect(a == ScaledSpecGenerator(states: 200, seed: 42).generate())
        #expect(a != ScaledSpecGenerator(states: 200, seed: 43).generate())
    }
}
