import Foundation
import Testing
import LifecycleCompiler

/// Named warnings and suppressions (issue 40).
@Suite struct DiagnosticGroupsTests {
    /// Every factory that can make a warning names a group, and every id a group lists is a
    /// factory's: read from the message files themselves.
    @Test func everyWarningHasAGroupAndEveryGroupIsReal() throws {
        let folder = Repository.root.appendingPathComponent("Sources/LifecycleSource/Diagnostics")
        var warnings: Set<String> = [], factories: Set<String> = []
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasPrefix("DiagnosticMessages") {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            var current: String?
            for line in text.split(separator: "\n") {
                if let range = line.range(of: "static func ") {
                    current = String(line[range.upperBound...].prefix { $0.isLetter || $0.isNumber })
                    factories.insert(current!)
                }
                if let current, line.contains("make(.warning") || line.contains(": .warning") || line.contains("? .warning") {
                    warnings.insert(current)
                }
            }
        }
        #expect(warnings.count > 30)
        for id in warnings.sorted() { #expect(DiagnosticGroups.name(of: id) != nil, "warning '\(id)' has no group") }
        for group in DiagnosticGroups.all {
            for id in group.ids { #expect(factories.contains(id), "group '\(group.name)' lists '\(id)', no factory") }
        }
        #expect(Set(DiagnosticGroups.names).count == DiagnosticGroups.all.count)
    }

    /// The reference lists every group with its meaning, in the table's order.
    @Test func theReferenceListsEveryGroup() throws {
        let text = try String(contentsOf: Repository.root.appendingPathComponent("Sources/LifecycleCompiler/LifecycleCompiler.docc/Language.md"),
                              encoding: .utf8)
        let rows = text.split(separator: "\n").filter { $0.hasPrefix("| `") && text.range(of: "## Named warnings")!.lowerBound < text.range(of: String($0))!.lowerBound }
        #expect(rows.map(String.init) == DiagnosticGroups.all.map { "| `\($0.name)` | \($0.meaning) |" })
    }

    static let spec = """
    machine M {
        initial state A
        state B
        // lifecycle: ignore dead-end "The demo ends here."
        state C
        state D // lifecycle: ignore dead-end "kept"
        // lifecycle: ignore never-fires "nothing here"
        // lifecycle: ignore dead-ends "typo"
        A -> B on go
        A -> C on c
        A -> D on d
    }

    """

    @Test func aCommentSilencesOnePlaceAndAnUnusedOneIsAWarning() {
        let compilation = Compiler.compile(path: "M.lifecycle", source: Self.spec)
        let shown = compilation.diagnostics.sorted().map { "\($0.id) \($0.group ?? "-")" }
        #expect(shown == ["deadEndState dead-end", "unusedSuppression unused-suppression", "unknownSuppressionGroup unused-suppression"], "\(shown)")
        let unknown = compilation.diagnostics.all.first { $0.id == "unknownSuppressionGroup" }
        #expect(unknown?.message == "'lifecycle: ignore' names no warning group 'dead-ends'; did you mean 'dead-end'?")
        #expect(unknown?.fixIt?.replacement == "dead-end")
    }

    @Test func aSuppressionInsideAStringIsNone() {
        let text = "machine M {\n    initial state A \"// lifecycle: ignore dead-end\"\n}\n"
        #expect(Compiler.compile(path: "M.lifecycle", source: text).diagnostics.all.map(\.id) == ["deadEndState"])
    }

    @Test func groupLevelsSilenceOrRaise() {
        var settings = CompileSettings()
        settings.groupLevels = ["dead-end": .error, "unused-suppression": .off]
        let raised = Compiler.compile(path: "M.lifecycle", source: Self.spec, settings: settings)
        #expect(raised.diagnostics.all.map { "\($0.severity) \($0.id)" } == ["error deadEndState"])
        #expect(raised.model == nil)
        // `warning` keeps a group a warning under warnings-as-errors.
        settings = CompileSettings(warningsAsErrors: true)
        settings.groupLevels = ["dead-end": .warning, "unused-suppression": .off]
        let kept = Compiler.compile(path: "N.lifecycle", source: Self.spec, settings: settings)
        #expect(kept.diagnostics.all.map { "\($0.severity) \($0.id)" } == ["warning deadEndState"])
    }

    @Test func textAndJSONCarryTheGroup() {
        let compilation = Compiler.compile(path: "M.lifecycle", source: "machine M {\n    initial state A\n}\n")
        let text = DiagnosticRenderer(files: compilation.files, colors: false, limit: 0).render(compilation.diagnostics)
        #expect(text.hasPrefix("M.lifecycle:2:19: warning: state 'A' has no outgoing transition and is not final [dead-end]\n"), "\(text)")
        let json = DiagnosticJSON.render(compilation.diagnostics, files: compilation.files)
        #expect(json.contains("\"group\": \"dead-end\""), "\(json)")
    }

    /// A Swift file's comment silences a warning located in it (`check --impl`'s).
    @Test func aSwiftCommentSilencesItsLine() {
        let files = SourceFiles()
        let text = "class A {\n    // lifecycle: ignore near-miss \"called by hand\"\n    func sceneDidBecomeActiv(_ s: Int) {}\n    func other() {}\n}\n"
        let swift = files.add(path: "App.swift", bytes: Array(text.utf8))
        var diagnostics = Diagnostics()
        let start = text.utf8.distance(from: text.startIndex, to: text.range(of: "func sceneDid")!.lowerBound)
        let line3 = SourceRange(file: swift.id, start: start, end: start + 4)
        diagnostics.append(Diagnostic(.warning, id: "nearMissOfCalledCallback", "near miss", at: line3))
        Suppressions.apply(to: &diagnostics, files: [swift])
        #expect(diagnostics.all.isEmpty && diagnostics.warningCount == 0, "\(diagnostics.all.map(\.message))")
    }
}
