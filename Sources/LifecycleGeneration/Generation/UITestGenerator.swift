import LifecycleSource
import LifecycleSyntax
import LifecycleConformance

/// Writes UI tests of the app's or a scene's lifecycle (`lifecycle tests --style xcuitest`): an
/// `XCTestCase` whose methods each drive the real app along a path of the spec with
/// `XCUIApplication` and `XCUIDevice` (`UIAction`), checking after every step that the app shows
/// as the spec's state does (`XCUIApplication.state`) and, when the app shows it, the verdict of
/// the lifecycle monitor it runs. An event no API can perform gets a test of its own that is
/// skipped, the reason in its name.
public struct UITestGenerator {
    public let suite: TestSuite

    public init(suite: TestSuite) {
        self.suite = suite
    }

    var ui: TestSuite.UI { suite.ui! }
    var className: String { SwiftNames.identifier(suite.subject + "UITests") }
    /// The accessibility identifier of the element that shows the app's monitor's verdict.
    public static let verdictIdentifier = "lifecycle-monitor"

    public func generate(specPath: String, command: String) -> [UInt8] {
        GeneratedFileHeader.file(Printer(), specPath: specPath, command: command,
                                 note: "Do not edit: regenerate it when the spec changes.",
                                 extraLines: ["swift-format-ignore-file", "swiftlint:disable all"]) { emit(into: &$0) }.bytes
    }

    public func body() -> [UInt8] {
        var printer = Printer()
        emit(into: &printer)
        return printer.bytes
    }

    func emit(into printer: inout Printer) {
        printer.line("import XCTest")
        printer.line()
        printer.line("/// UI tests of `\(suite.subject)` from its spec. Each drives the real app with `XCUIApplication` and")
        printer.line("/// `XCUIDevice` and, after every step, checks that the app shows as the spec's state does")
        printer.line("/// (`XCUIApplication.state`) and, when the app shows it, that its lifecycle monitor (`lifecycle swift")
        printer.line("/// --monitor`) has seen nothing the spec does not allow: an element with accessibility identifier")
        printer.line("/// `\(Self.verdictIdentifier)` whose label is the monitor's first violation, empty while there is none.")
        printer.line("/// An event no XCUITest API can perform is not faked: its test is skipped, the reason in its name.")
        printer.line("///")
        printer.line("/// \(suite.summary)")
        printer.line("/// With every event (`lifecycle paths --cover \(suite.coverage.rawValue)`): \(ui.fullSummary)")
        printer.line("final class \(className): XCTestCase {")
        printer.indented { printer in
            printer.line("/// How long the app may take to show a step (seconds), and to be suspended (`idle`).")
            printer.line("static let timeout: Double = 10")
            printer.line("static let suspensionTimeout: Double = 30")
            var first = true
            for (kind, paths) in [("", suite.paths), ("RoundTrip", suite.neutral)] {
                for (number, path) in paths.enumerated() {
                    printer.line()
                    if first { first = false }
                    emitPath(path, name: "test\(kind)\(number + 1)", into: &printer)
                }
            }
            for event in ui.skipped {
                printer.line()
                emitSkipped(event, into: &printer)
            }
            printer.line()
            emitHelpers(into: &printer)
        }
        printer.line("}")
    }

    /// `[.runningForeground]`.
    func stateList(_ configuration: Int) -> String {
        "[" + ui.appStates[configuration].map { "." + $0 }.joined(separator: ", ") + "]"
    }

    func emitPath(_ path: TestSuite.Path, name: String, into printer: inout Printer) {
        var names = suite.eventNames(path)
        if let trip = path.roundTrip, !trip.isEmpty {
            names[trip.lowerBound] = "[" + names[trip.lowerBound]
            names[trip.upperBound - 1] += "]"
        }
        printer.line("/// \(names.isEmpty ? "(no event)" : names.joined(separator: ", "))")
        printer.line("@MainActor func \(TestSuiteGenerator.methodName(name, path, suite))() throws {")
        printer.indented { printer in
            printer.line("let app = XCUIApplication()")
            printer.line("var path: [String] = []")
            printer.line("start(app, in: \(StringLiteral.swift(suite.configurations[0])), \(stateList(0)))")
            var at = 0
            for event in path.events {
                guard let move = suite.moves[at].first(where: { $0.event == event }) else { break }
                let info = suite.events[event]
                let from = suite.configurations[at], to = suite.configurations[move.target]
                var timeout = ""
                switch ui.actions[event] {
                case .perform(let statement):
                    printer.line("// \(info.name): \(from) → \(to).")
                    printer.line(statement)
                case .automatic(let immediate):
                    printer.line("// \(info.name): \(from) → \(to); UIKit does it by itself\(immediate ? "" : " after a while").")
                    if !immediate { timeout = ", timeout: Self.suspensionTimeout" }
                case .impossible(let reason):
                    // Never planned (the plan avoids these); said, should it ever be.
                    printer.line("throw XCTSkip(\(StringLiteral.swift("'\(info.name)': \(reason)")))")
                    return
                }
                let event = StringLiteral.swift(info.name)
                if ui.appStates[move.target].isEmpty {
                    printer.line("// '\(to)' says nothing of the app's state: only the monitor is checked.")
                    printer.line("check(app, after: \(event), &path, in: \(StringLiteral.swift(to)), []\(timeout))")
                } else {
                    printer.line("check(app, after: \(event), &path, in: \(StringLiteral.swift(to)), \(stateList(move.target))\(timeout))")
                }
                at = move.target
            }
        }
        printer.line("}")
    }

    func emitSkipped(_ event: Int, into printer: inout Printer) {
        let info = suite.events[event]
        guard let reason = ui.actions[event].impossibility else { return }
        for line in TestDriverGenerator.documentation(of: info) { printer.line(line) }
        printer.line("@MainActor func testSkipped_\(TestSuiteGenerator.methodWord(info.name))_\(Self.camelCase(reason))() throws {")
        printer.line("    throw XCTSkip(\(StringLiteral.swift("'\(info.name)' is not tested: \(reason)")))")
        printer.line("}")
    }

    /// `noXCUITestAPIMakesAPhoneCall`: a reason as part of a method's name.
    static func camelCase(_ text: String) -> String {
        var result = ""
        var upper = false
        for scalar in text.unicodeScalars {
            if scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                let character = String(scalar)
                result += upper && !result.isEmpty ? character.uppercased() : character
                upper = false
            } else {
                upper = true
            }
        }
        return result
    }

    func emitHelpers(into printer: inout Printer) {
        printer.line("/// Starts a path where the spec starts: the app ended, when the spec starts it not running.")
        printer.line("@MainActor func start(_ app: XCUIApplication, in state: String, _ states: [XCUIApplication.State],")
        printer.line("                      file: StaticString = #filePath, line: UInt = #line) {")
        printer.indented { printer in
            printer.line("continueAfterFailure = false")
            printer.line("if states.contains(.notRunning) { app.terminate() }")
            printer.line("var path: [String] = []")
            printer.line("check(app, after: nil, &path, in: state, states, file: file, line: line)")
        }
        printer.line("}")
        printer.line()
        printer.line("/// After `event` (added to `path`): checks that the app shows as the spec's `state` does (one of `states`,")
        printer.line("/// waiting up to `timeout`; none: the spec's state says nothing of the app's), then that the app's lifecycle")
        printer.line("/// monitor, when the app is on screen and shows it (identifier `\(Self.verdictIdentifier)`), has seen nothing wrong.")
        printer.line("@MainActor func check(_ app: XCUIApplication, after event: String?, _ path: inout [String], in state: String,")
        printer.line("                      _ states: [XCUIApplication.State], timeout: Double = \(className).timeout,")
        printer.line("                      file: StaticString = #filePath, line: UInt = #line) {")
        printer.indented { printer in
            printer.line("if let event { path.append(event) }")
            printer.line("let trail = \"  path so far: \" + (path.isEmpty ? \"(none)\" : path.joined(separator: \", \"))")
            printer.line("if !states.isEmpty {")
            printer.indented { printer in
                printer.line("let shown = states.contains(app.state) || states.contains { app.wait(for: $0, timeout: timeout) }")
                printer.line("let expected = states.map(Self.name).joined(separator: \" or \")")
                printer.line("XCTAssertTrue(shown, \"\\(event.map { \"after '\\($0)'\" } ?? \"at the start\") the spec says '\\(state)', which shows as \\(expected); \"")
                printer.line("              + \"the app is \\(Self.name(app.state))\\n\" + trail, file: file, line: line)")
            }
            printer.line("}")
            printer.line("guard app.state == .runningForeground else { return }")
            printer.line("let verdict = app.descendants(matching: .any)[\(StringLiteral.swift(Self.verdictIdentifier))]")
            printer.line("if verdict.exists && !verdict.label.isEmpty {")
            printer.line("    XCTFail(\"the app's lifecycle monitor: \\(verdict.label)\\n\" + trail, file: file, line: line)")
            printer.line("}")
        }
        printer.line("}")
        printer.line()
        printer.line("/// `runningForeground`.")
        printer.line("static func name(_ state: XCUIApplication.State) -> String {")
        printer.indented { printer in
            printer.line("switch state {")
            for state in UIAction.states { printer.line("case .\(state): \"\(state)\"") }
            printer.line("@unknown default: \"state \\(state.rawValue)\"")
            printer.line("}")
        }
        printer.line("}")
    }
}
