import Testing
import LifecycleCompiler

/// `Inactive, Active -> Background on leave …` (issue 40): one transition per source.
@Suite struct SeveralSourcesTests {
    static let spec = """
    protocol P {
        func a()
        func b()
    }
    machine M {
        delegate D: P
        initial state Inactive
        state Active
        state Background
        Inactive -> Active on go
        Inactive, Active -> Background on leave by user calls a(), b() "Home."
        Background -> Inactive on back
    }

    """

    @Test func oneTransitionPerSourceSharingTheRest() throws {
        let model = try #require(Compiler.compile(path: "M.lifecycle", source: Self.spec).model)
        let machine = model.machines[0]
        let leave = machine.transitions.filter { $0.event == "leave" }
        #expect(leave.map { machine.states[$0.source].name } == ["Inactive", "Active"])
        #expect(leave.allSatisfy { machine.states[$0.target].name == "Background" && $0.trigger == .user && $0.description == "Home." })
        #expect(leave.map { $0.callbacks.map { model.method($0).selector } } == [["a()", "b()"], ["a()", "b()"]])
        // The same as writing it twice.
        let twice = Self.spec.replacingOccurrences(of: "    Inactive, Active -> Background on leave by user calls a(), b() \"Home.\"",
                                                   with: "    Inactive -> Background on leave by user calls a(), b() \"Home.\"\n    Active -> Background on leave by user calls a(), b() \"Home.\"")
        let other = try #require(Compiler.compile(path: "M.lifecycle", source: twice).model)
        let simulate = { (model: Model) in
            Simulator.run(["go", "leave", "back", "leave"], in: model.machines[0]).map { $0.steps.map { model.machines[0].callbacks(of: $0).count } }
        }
        #expect(try simulate(model).get() == simulate(other).get())
    }

    @Test func eachSourcesMistakeIsAtThatSource() {
        let text = Self.spec.replacingOccurrences(of: "Inactive, Active -> Background", with: "Inactive, Activ -> Background")
        let compilation = Compiler.compile(path: "M.lifecycle", source: text)
        let unknown = compilation.diagnostics.all.filter { $0.id == "unknownState" }
        #expect(unknown.count == 1 && unknown[0].message.contains("'Activ'"))
        let line = text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("Activ ->") }!
        let lineStart = text.split(separator: "\n", omittingEmptySubsequences: false)[..<line].map { $0.utf8.count + 1 }.reduce(0, +)
        #expect(unknown.first?.range.startOffset == lineStart + "    Inactive, ".utf8.count)
    }

    @Test func fmtKeepsSeveralSourcesAndAlignsThem() throws {
        let messy = Self.spec.replacingOccurrences(of: "Inactive, Active -> Background", with: "Inactive ,Active->Background")
        let formatted = try #require(Formatter.format(path: "M.lifecycle", source: messy).text)
        #expect(formatted.contains("    Inactive, Active -> Background on leave by user calls a(), b() \"Home.\"\n"), "\(formatted)")
        #expect(formatted.contains("    Inactive         -> Active     on go\n"), "\(formatted)")
        #expect(Formatter.format(path: "M.lifecycle", source: formatted).text == formatted)
    }

    @Test func aMissingSourceAfterTheCommaIsReported() {
        let text = Self.spec.replacingOccurrences(of: "Inactive, Active -> Background", with: "Inactive, -> Background")
        let ids = Compiler.compile(path: "M.lifecycle", source: text).diagnostics.all.map(\.id)
        #expect(ids == ["expectedName"], "\(ids)")
    }
}
