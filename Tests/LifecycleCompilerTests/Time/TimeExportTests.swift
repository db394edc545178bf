import Foundation
import Testing
import LifecycleCompiler

/// Issue 43: every export carries the time of the spec. Mermaid, PlantUML and DOT labels say
/// `after 5s` and `within 20s`; the Markdown page lists the time rules; SCXML writes a timed
/// transition as a delayed `<send>` cancelled on leaving (run by Qt's engine below), and
/// `import-scxml` reads all of it back.
@Suite struct TimeExportTests {
    static let spec = """
        machine App {
            delegate AppDelegate: Tasks
            initial state Active
            state Background within 30s "the system suspends or ends the app" {
                initial state Running
                state Snapshot
                Running -> Snapshot on snap by system after 1.5s
                Snapshot -> Running on again by user
            }
            state Suspended
            Active -> Background on background by user calls beginBackgroundTask
            Background -> Active on foreground by user calls endBackgroundTask
            Background -> Suspended on idle by system after 5s calls endBackgroundTask
            Suspended -> Active on foreground by user
            from beginBackgroundTask to endBackgroundTask within 30s "a task never ended gets the app killed"
        }

        protocol Tasks {
            func beginBackgroundTask()
            func endBackgroundTask()
        }
        """

    static func model(_ source: String = spec) throws -> Model {
        let compilation = Compiler.compile(path: "App.lifecycle", source: source)
        #expect(compilation.diagnostics.errorCount == 0, "\(compilation.diagnostics.all.map(\.message))")
        return try #require(compilation.model)
    }

    static func text(_ format: ExportFormat, _ model: Model) -> String {
        String(decoding: format.body(model: model), as: UTF8.self)
    }

    @Test func mermaidAndPlantUMLLabelsSayAfterAndWithin() throws {
        let model = try Self.model()
        let mermaid = Self.text(.mermaid, model)
        let plantUML = Self.text(.plantuml, model)
        #expect(mermaid.contains("idle (system) after 5s"), "\(mermaid)")
        #expect(plantUML.contains("idle (system) after 5s"), "\(plantUML)")
        #expect(mermaid.contains("snap (system) after 1.5s"), "\(mermaid)")
        #expect(!mermaid.contains("foreground (user) after"))
        // Background is a composite: Mermaid shows its deadline under its name, PlantUML as a line.
        #expect(mermaid.contains("Background<br>within 30s"), "\(mermaid)")
        #expect(plantUML.contains(": within 30s"), "\(plantUML)")
    }

    @Test func dotLabelsSayAfterAndWithin() throws {
        let model = try Self.model()
        let dot = String(decoding: DotGenerator(model: model).body(), as: UTF8.self)
        #expect(dot.contains("idle after 5s"), "\(dot)")
        #expect(dot.contains("snap after 1.5s"), "\(dot)")
        #expect(dot.contains("within 30s"), "\(dot)")
        #expect(!dot.contains("foreground after"))
    }

    @Test func theMarkdownPageListsTheTimeRules() throws {
        let markdown = Self.text(.markdown, try Self.model())
        #expect(markdown.contains("\n## Time\n"), "\(markdown)")
        #expect(markdown.contains("- `Background -> Suspended` on `idle` after 5 s: taken once the machine has stayed 5 s in `Background`"), "\(markdown)")
        #expect(markdown.contains("- `Running -> Snapshot` on `snap` after 1.5 s"), "\(markdown)")
        #expect(markdown.contains("- `Background` within 30 s: the machine leaves it within 30 s of entering it (the system suspends or ends the app)."), "\(markdown)")
        #expect(markdown.contains("- `endBackgroundTask()` within 30 s of `beginBackgroundTask()` (a task never ended gets the app killed)."), "\(markdown)")
        let untimed = Self.text(.markdown, try Self.model("machine M {\n    initial state A\n    state B\n    A -> B on go\n}\n"))
        #expect(!untimed.contains("## Time"))
    }

    @Test func scxmlSendsTheDelayedEventOnEntryAndCancelsItOnExit() throws {
        let scxml = Self.text(.scxml, try Self.model())
        #expect(scxml.contains("<send event=\"idle-after-Background\" id=\"idle-after-Background\" delay=\"5s\"/>"), "\(scxml)")
        #expect(scxml.contains("<cancel sendid=\"idle-after-Background\"/>"), "\(scxml)")
        #expect(scxml.contains("<send event=\"snap-after-Running\" id=\"snap-after-Running\" delay=\"1500ms\"/>"), "\(scxml)")
        #expect(scxml.contains("<transition event=\"idle idle-after-Background\" lifecycle:event=\"idle\" target=\"Suspended\" lifecycle:by=\"system\" lifecycle:after=\"5s\""), "\(scxml)")
        #expect(scxml.contains("lifecycle:within=\"30s\" lifecycle:reason=\"the system suspends or ends the app\""), "\(scxml)")
        #expect(scxml.contains("<lifecycle:deadline from=\"beginBackgroundTask()\" to=\"endBackgroundTask()\" within=\"30s\""), "\(scxml)")
        // The timers are in the source state itself, before its transitions.
        let background = try #require(scxml.range(of: "<state id=\"Background\""))
        let onentry = try #require(scxml.range(of: "<onentry>", range: background.upperBound..<scxml.endIndex))
        let running = try #require(scxml.range(of: "<state id=\"Running\""))
        #expect(onentry.lowerBound < running.lowerBound)
    }

    @Test func importSCXMLReadsTheTimeBack() throws {
        let model = try Self.model()
        let document = ExportFormat.scxml.generate(model: model, specPath: "App.lifecycle", command: "lifecycle export")
        let files = SourceFiles()
        let file = files.add(path: "App.scxml", bytes: document)
        let (text, diagnostics) = SCXMLImporter.importSCXML(file, in: files)
        #expect(diagnostics.errorCount == 0, "\(diagnostics.all.map(\.message))")
        let spec = try #require(text)
        #expect(spec.contains("Background -> Suspended on idle by system after 5s"), "\(spec)")
        #expect(spec.contains("Running -> Snapshot on snap by system after 1.5s"), "\(spec)")
        #expect(spec.contains("state Background within 30s \"the system suspends or ends the app\""), "\(spec)")
        // The delegate adopts no framework's protocol: callbacks are comments, as `require`s are.
        #expect(spec.contains("// from beginBackgroundTask() to endBackgroundTask() within 30s a task never ended"), "\(spec)")
        // And it means the same: the same delays and deadlines.
        let back = try Self.model(spec + "\nprotocol Tasks {\n    func beginBackgroundTask()\n    func endBackgroundTask()\n}\n")
        #expect(back.machines[0].transitions.compactMap(\.delay).sorted() == model.machines[0].transitions.compactMap(\.delay).sorted())
        #expect(back.machines[0].states.compactMap(\.deadline?.span) == model.machines[0].states.compactMap(\.deadline?.span))
    }

    /// A timed chart run in Qt's SCXML engine in real time: delays of a few hundred
    /// milliseconds, and waits that end at least 200 ms away from any timer, so that a loaded
    /// machine still gives the answer `simulate` gives with the same waits. (No two timers
    /// come due at the same moment: there the export and the spec differ, as
    /// `SCXMLGenerator` says.)
    @Test func qtRunsATimedChartAsSimulateDoes() throws {
        guard let harness = try QtSCXMLDifferentialTests.harness() else { return }
        let model = try Self.model("""
            machine T {
                delegate D: P
                initial state Active
                state Background {
                    initial state Running
                    state Expiring
                    Running -> Expiring on warn by system after 300ms calls warned
                    Expiring -> Running on again by user
                }
                state Suspended
                Active -> Background on background by user
                Background -> Active on foreground by user
                Background -> Suspended on idle by system after 900ms calls suspended
                Suspended -> Active on foreground by user
            }

            protocol P {
                func warned()
                func suspended()
            }
            """)
        let machine = model.machines[0]
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lifecycle-qt-timed-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("T.scxml")
        try Data(ExportFormat.scxml.generate(model: model, specPath: "T.lifecycle", command: "lifecycle export")).write(to: url)
        let sequences: [[String]] = [
            ["background", "wait:600", "wait:600", "foreground"],
            // `again` at 500 ms: Running's time starts again (due at 800), Background's goes on (900).
            ["background", "wait:500", "again", "wait:600", "foreground"],
            ["background", "wait:0", "foreground", "wait:1300", "background", "wait:1300"],
        ]
        var input = "file\t\(url.path)\n"
        for sequence in sequences { input += "run\t" + sequence.joined(separator: "\t") + "\n" }
        let file = folder.appendingPathComponent("sequences.txt")
        try Data(input.utf8).write(to: file)
        let run = try Shell.run(harness, [file.path])
        #expect(run.status == 0, "the harness failed:\n\(run.stderr)")
        var answers: [[String]] = [], current: [String] = []
        for line in run.stdout.split(separator: "\n") {
            if line == "end" { answers.append(current); current = [] } else { current.append(String(line)) }
        }
        // What simulate says: per event or wait, the leaf afterwards and the callbacks called.
        let timed = TimedStepper(MachineStepper(machine))
        for (sequence, qt) in zip(sequences, answers) {
            var clock = timed.start()
            var expected = ["start\t" + machine.states[clock.leaf].name]
            for item in sequence {
                var calls: [String] = []
                if item.hasPrefix("wait:") {
                    for step in timed.wait(until: clock.now + Int64(item.dropFirst(5))!, &clock) {
                        calls += machine.callbacks(of: step.step).map { model.method($0).selector }
                    }
                } else if let step = timed.stepper.step(on: item, from: clock.leaf) {
                    timed.apply(step, at: clock.now, to: &clock)
                    calls += machine.callbacks(of: step).map { model.method($0).selector }
                }
                expected.append((["step", machine.states[clock.leaf].name] + calls).joined(separator: "\t"))
            }
            #expect(qt == expected, "\(sequence)")
        }
        #expect(answers.count == sequences.count, "\(run.stdout)")
    }
}
