import Foundation
import Testing
import LifecycleCompiler

/// Golden outputs of `trace` and `simulate` on the examples, as the library renders them:
/// `Fixtures/Queries/<name>.txt` or `.json`. An error is rendered as the command line prints
/// it, minus the `lifecycle <command>: ` prefix: `error: …` then `note: …` lines.
@Suite struct QueryGoldenTests {
    /// What to ask, and of which example.
    enum Query: Sendable {
        case path(from: String, to: String)
        case into(String)
        case simulate([String])
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var example: String
        var machine: String? = nil
        var query: Query
        var json = false
        var testDescription: String { name }
    }

    static let app = "AppLifecycle", scene = "SceneLifecycle", media = "MediaPlayer", controller = "ViewControllerLifecycle"

    static let cases: [Case] = [
        // trace --from --to
        Case(name: "trace-app-cold-launch", example: app, query: .path(from: "NotRunning", to: "Active")),
        Case(name: "trace-app-home", example: app, query: .path(from: "Active", to: "Suspended")),
        Case(name: "trace-app-from-composite", example: app, query: .path(from: "Foreground", to: "Active")),
        Case(name: "trace-app-from-composite-already", example: app, query: .path(from: "Foreground", to: "Inactive")),
        Case(name: "trace-app-relaunch", example: app, query: .path(from: "Active", to: "NotRunning")),
        Case(name: "trace-app-into-composite", example: app, query: .path(from: "Suspended", to: "Foreground")),
        Case(name: "trace-app-already-inside", example: app, query: .path(from: "Foreground", to: "Foreground")),
        Case(name: "trace-media-no-path", example: media, query: .path(from: "Closed", to: "Playing")),
        Case(name: "trace-app-unknown-state", example: app, query: .path(from: "Actve", to: "Background")),
        Case(name: "trace-media-inherited", example: media, query: .path(from: "Interrupted", to: "Idle")),
        Case(name: "trace-media-shortest", example: media, query: .path(from: "Idle", to: "Interrupted")),
        Case(name: "trace-scene-unknown-machine", example: scene, machine: "Scen", query: .path(from: "Active", to: "Background")),
        Case(name: "trace-scene-machine-required", example: scene, query: .path(from: "Active", to: "Background")),
        Case(name: "trace-scene-reopen", example: scene, machine: "Scene", query: .path(from: "Suspended", to: "Active"), json: true),
        Case(name: "trace-controller-cycle", example: controller, query: .path(from: "Appeared", to: "Appeared")),
        // trace --into
        Case(name: "into-app-inactive", example: app, query: .into("Inactive")),
        Case(name: "into-app-foreground", example: app, query: .into("Foreground")),
        Case(name: "into-app-not-running", example: app, query: .into("NotRunning")),
        Case(name: "into-media-paused", example: media, query: .into("Paused"), json: true),
        // simulate
        Case(name: "simulate-app-call-declined", example: app, query: .simulate(["launch", "activate", "alert", "activate"])),
        Case(name: "simulate-app-crash-inherited", example: app, query: .simulate(["launch", "activate", "crash"])),
        Case(name: "simulate-app-no-events", example: app, query: .simulate([])),
        Case(name: "simulate-app-typo", example: app, query: .simulate(["launch", "lave"])),
        Case(name: "simulate-app-not-accepted-here", example: app, query: .simulate(["launch", "interrupt"])),
        Case(name: "simulate-media-after-final", example: media, query: .simulate(["close", "open"])),
        Case(name: "simulate-app-relaunch", example: app, query: .simulate(["backgroundLaunch", "terminate", "launch"])),
        Case(name: "simulate-scene-internal", example: scene, machine: "AppSessions", query: .simulate(["launch", "memoryWarning", "newSession", "idle"])),
        Case(name: "simulate-media-internal", example: media, query: .simulate(["open", "loaded", "play", "tick", "pause"])),
        Case(name: "simulate-scene-connect", example: scene, machine: "Scene", query: .simulate(["connect", "activate", "interrupt", "leave", "idle"])),
        Case(name: "simulate-scene-machine-required", example: scene, query: .simulate(["connect"])),
        Case(name: "simulate-media-session", example: media, query: .simulate(["open", "loaded", "play", "interruption", "stop"])),
        Case(name: "simulate-media-session", example: media, query: .simulate(["open", "loaded", "play", "interruption", "stop"]), json: true),
    ]

    @Test(arguments: cases) func golden(_ test: Case) throws {
        let path = "Examples/\(test.example).lifecycle"
        let source = try String(contentsOfFile: Repository.root.path + "/" + path, encoding: .utf8)
        let compilation = Compiler.compile(path: path, source: source)
        let model = try #require(compilation.model)
        GoldenFile.check(Self.answer(test, model), against: Repository.fixtures.appendingPathComponent("Queries/\(test.name).\(test.json ? "json" : "txt")"))
    }

    /// The output for one case, or its error.
    static func answer(_ test: Case, _ model: Model) -> String {
        let machine: Machine
        switch MachineSelection.select(test.machine, in: model) {
        case .failure(let error): return render(error)
        case .success(let chosen): machine = chosen
        }
        let formatter = QueryFormatter(model: model, machine: machine)
        switch test.query {
        case .path(let from, let to):
            switch (MachineSelection.state(from, in: machine), MachineSelection.state(to, in: machine)) {
            case (.failure(let error), _), (_, .failure(let error)): return render(error)
            case (.success(let start), .success(let goal)):
                guard let path = Tracer.shortestPath(in: machine, from: start, to: goal) else {
                    return render(.noPath(from: from, to: to, machine: machine.name))
                }
                return test.json ? formatter.json(path.steps) : formatter.text(path: path, from: start, to: goal)
            }
        case .into(let name):
            switch MachineSelection.state(name, in: machine) {
            case .failure(let error): return render(error)
            case .success(let state):
                let steps = Tracer.transitionsInto(state, in: machine)
                return test.json ? formatter.json(steps) : formatter.text(into: state, steps: steps)
            }
        case .simulate(let events):
            switch Simulator.run(events, in: machine) {
            case .success(let run): return test.json ? formatter.json(run.steps) : formatter.text(run: run)
            case .failure(let failure): return formatter.text(stoppedRun: failure.run) + render(failure.error)
            }
        }
    }

    static func render(_ error: QueryError) -> String {
        (["error: " + error.message] + error.notes.map { "note: " + $0 }).map { $0 + "\n" }.joined()
    }
}
