import Testing
import LifecycleCompiler
@testable import LifecycleGeneration

/// How `DotGenerator` lays a drawing out for reading, line by line of the DOT it writes (what
/// the drawing then looks like is `DiagramLegibilityTests`' job): labels as nodes, shared labels,
/// ranks in declaration order; and Graphviz's own labels past `maximumReadableTransitions`.
@Suite struct DotLayoutTests {
    static func dot(_ source: String, options: DotGenerator.Options = .init()) throws -> String {
        let compilation = Compiler.compile(path: "T.lifecycle", source: source)
        let model = try #require(compilation.model, "\(compilation.diagnostics.all.map(\.message))")
        return String(decoding: DotGenerator(model: model, options: options).body(), as: UTF8.self)
    }

    static let scene = """
        protocol Watcher {
            func a()
            func b()
            func c()
            func d()
        }
        machine Scene {
            delegate Controller: Watcher
            initial state Inactive
            state Active
            state Background
            state Suspended
            Inactive -> Active on activate by system calls a()
            Active -> Inactive on interrupt by user calls b()
            Active -> Inactive on alert by system calls b()
            Active -> Background on leave by user calls b(), c()
            Background -> Suspended on idle by system
            Background -> Inactive on reopen by user calls d() "Back from the background."
            Suspended -> Inactive on reopen by user calls d() "Back from suspension."
        }
        """

    @Test func everyLabelIsANodeItsEdgePassesThrough() throws {
        let dot = try Self.dot(Self.scene)
        #expect(dot.contains(#"m0_t0 [shape=plaintext, fontsize=9, width=0, height=0, margin=0.03, label="activate\na()"];"#))
        #expect(dot.contains("m0_s0 -> m0_t0 [arrowhead=none, style=dashed];"))
        // The half at the target spans two ranks, so that labels spread over rows.
        #expect(dot.contains("m0_t0 -> m0_s1 [style=dashed, minlen=2];"))
        #expect(!dot.contains("m0_s0 -> m0_s1"))
    }

    @Test func transitionsBetweenTwoStatesWithTheSameCallbacksShareALabel() throws {
        let dot = try Self.dot(Self.scene)
        // One label, the triggers named because they differ; an edge per trigger through it.
        #expect(dot.contains(#"m0_t1 [shape=plaintext, fontsize=9, width=0, height=0, margin=0.03, label="interrupt (user), alert (system)\nb()"];"#))
        #expect(!dot.contains("m0_t2 ["))
        #expect(dot.components(separatedBy: "-> m0_t1").count - 1 == 2)
        #expect(dot.components(separatedBy: "m0_t1 ->").count - 1 == 2)
    }

    @Test func oneEventIntoOneStateFromSeveralSharesALabel() throws {
        let dot = try Self.dot(Self.scene)
        // `reopen` from Background and from Suspended: one label, a line from each.
        #expect(dot.contains(#"m0_t5 [shape=plaintext, fontsize=9, width=0, height=0, margin=0.03, label="reopen\nd()", tooltip="reopen: Back from the background.\nreopen: Back from suspension."];"#))
        #expect(!dot.contains("m0_t6 ["))
        #expect(dot.contains(#"m0_t5 -> m0_s2 [dir=none, tooltip="Back from the background."];"#))
        #expect(dot.contains(#"m0_t5 -> m0_s3 [dir=none, tooltip="Back from suspension."];"#))
    }

    @Test func edgesBackToAnEarlierStateAreWrittenTargetFirst() throws {
        let dot = try Self.dot(Self.scene)
        // Active -> Inactive runs upwards: the arrow at its written tail, Inactive.
        #expect(dot.contains("m0_s0 -> m0_t1 [dir=back, minlen=2];"))
        #expect(dot.contains("m0_t1 -> m0_s1 [dir=none];"))
        // Forward edges are written as declared.
        #expect(dot.contains("m0_s1 -> m0_t3 [arrowhead=none];"))
    }

    @Test func aLoopStandsBesideItsState() throws {
        let dot = try Self.dot("protocol P {\n    func t()\n}\nmachine M {\n    delegate D: P\n    initial state A\n    state B\n    A -> A on tick by system calls t()\n    A -> B on go\n}\n")
        // Out to its label and back, both lines from the state, the arrow at the state.
        #expect(dot.contains("m0_s0 -> m0_t0 [arrowhead=none, style=dashed];\n  { rank=same; m0_s0; m0_t0; }\n  m0_s0 -> m0_t0 [dir=back, style=dashed];"))
        // In a composite, the rank is declared in its cluster.
        let nested = try Self.dot("protocol P {\n    func t()\n}\nmachine M {\n    delegate D: P\n    initial state C {\n        initial state A\n        A -> A on tick calls t()\n    }\n}\n")
        #expect(nested.contains(#"subgraph "cluster_m0_s0" { { rank=same; m0_s1; m0_t0; } }"#))
    }

    @Test func theLegendIsTheGraphsLabelUnderTheDrawing() throws {
        let dot = try Self.dot(Self.scene)
        #expect(dot.hasSuffix("</TABLE>>;\n  labelloc=b; labeljust=l;\n}\n"))
        #expect(!dot.contains("cluster_legend"))
        #expect(try Self.dot(Self.scene, options: .init(legend: false)).contains("labelloc") == false)
    }

    @Test func aComposite_sInitialMarkerStandsBesideItsInitialState() throws {
        let dot = try Self.dot("machine M {\n    initial state C {\n        initial state A\n        state B\n        A -> B on go\n    }\n}\n")
        #expect(dot.contains("m0_s0_initial -> m0_s1 [arrowsize=0.6]; { rank=same; m0_s0_initial; m0_s1; }"))
        #expect(dot.contains(#"label="C"; labeljust=l;"#))
    }

    @Test func withoutClustersTheLegendSaysWhatTheDottedEdgeMeans() throws {
        let source = "machine M {\n    initial state C {\n        initial state A\n    }\n}\n"
        let dot = try Self.dot(source, options: .init(clusters: false))
        #expect(dot.contains("m0_s0 -> m0_s1 [style=dotted, arrowhead=empty];"))
        #expect(dot.contains("composite state: enters its initial state"))
        #expect(!(try Self.dot(source)).contains("enters its initial state"))
    }

    @Test func pastTheReadableSizeEdgesKeepGraphvizLabels() throws {
        var source = "machine M {\n    initial state S0\n"
        let count = DotGenerator.maximumReadableTransitions + 1
        for index in 1..<count { source += "    state S\(index)\n" }
        for index in 0..<count { source += "    S\(index) -> S\((index + 1) % count) on e\(index)\n" }
        source += "}\n"
        let large = try Self.dot(source)
        #expect(large.contains(##"m0_s0 -> m0_s1 [label="e0", color="#777777"];"##))
        #expect(large.contains("nodesep=0.4"))
        #expect(!large.contains("m0_t0 ["))
        // The legend a cluster of samples, as before it moved under the drawing.
        #expect(large.contains("subgraph cluster_legend {"))
        #expect(!large.contains("labelloc=b"))
        // One transition fewer: laid out for reading.
        let readable = try Self.dot(source.replacingOccurrences(of: "    S\(count - 1) -> S0 on e\(count - 1)\n", with: ""))
        #expect(readable.contains("m0_t0 ["))
        #expect(readable.contains("nodesep=0.12"))
        #expect(readable.contains("labelloc=b"))
    }

    @Test func listsWrapBetweenItems() {
        #expect(DotGenerator.wrapped(pieces: ["memoryWarning (system) /", "applicationDidReceiveMemoryWarning(_:)"], width: 40)
            == ["memoryWarning (system) /", "applicationDidReceiveMemoryWarning(_:)"])
        #expect(DotGenerator.wrapped(pieces: ["layout /", "a(),", "b()"], width: 40) == ["layout / a(), b()"])
    }
}
