import Testing
@testable import LifecycleCompiler

/// Issue 43, step 4 (first part): Mermaid and PlantUML labels say when a timed transition fires.
@Suite struct TimeExportTests {
    static let spec = """
        machine App {
            initial state Active
            state Suspended
            Active -> Suspended on idle by system after 5s
            Suspended -> Active on foreground by user
        }
        """

    @Test func mermaidAndPlantUMLLabelsSayAfter() throws {
        let model = try #require(Compiler.compile(path: "App.lifecycle", source: Self.spec).model)
        let mermaid = String(decoding: ExportFormat.mermaid.body(model: model), as: UTF8.self)
        let plantUML = String(decoding: ExportFormat.plantuml.body(model: model), as: UTF8.self)
        #expect(mermaid.contains("idle (system) after 5s"), "\(mermaid)")
        #expect(plantUML.contains("idle (system) after 5s"), "\(plantUML)")
        #expect(!mermaid.contains("foreground (user) after"))
    }
}
