import LifecycleSource
import LifecycleSyntax
import LifecycleConformance

/// `lifecycle conform SPEC LOG… --emit-test FILE`: each log that does not conform becomes a
/// Swift Testing case that replays it on the component, through the suite `lifecycle tests`
/// writes (`<Subject>Tests.replay`, with the user's driver): the events the check assumed up to
/// the deviation, then, when one event from where they lead calls the callback that could not
/// happen there, that event — the step the log was in. A component with the log's bug fails
/// the case at that step, with what was expected and what came.
public struct ReplayTestGenerator {
    /// A log that deviated.
    public struct Log: Sendable {
        /// The log's path, as messages name it.
        public var path: String
        public var deviation: Conformance.Deviation
        /// The deviating callback as the spec writes it (`downloadDidStart(_:)`, `Root viewDidLoad()`).
        public var callback: String?

        public init(path: String, deviation: Conformance.Deviation, callback: String?) {
            self.path = path
            self.deviation = deviation
            self.callback = callback
        }
    }

    /// Why a log cannot be replayed from its start.
    public struct Refusal: Error, Sendable {
        public var message: String
    }

    public let suite: TestSuite
    public let module: String?

    public init(suite: TestSuite, module: String?) {
        self.suite = suite
        self.module = module
    }

    var names: TestSuiteGenerator { TestSuiteGenerator(suite: suite, style: .swiftTesting, module: module) }

    /// The events a case replays for `log`: the assumed ones, then the event of the deviating
    /// callback if one from there calls it; and what that last event is, for the case's comment.
    public func events(_ log: Log) -> Result<(events: [Int], then: Int?), Refusal> {
        guard log.deviation.eventCount == log.deviation.events.count else {
            return .failure(Refusal(message: "'\(log.path)' deviates after \(log.deviation.eventCount) events, more than the \(log.deviation.events.count) a test replays; cut the log to end nearer its deviation"))
        }
        var events: [Int] = []
        var at = 0
        for label in log.deviation.events {
            guard let event = suite.events.firstIndex(where: { $0.name == label }),
                  let move = suite.moves[at].first(where: { $0.event == event }) else {
                return .failure(Refusal(message: "'\(log.path)': the event '\(label)' the check assumed is not one a test can perform"))
            }
            events.append(event)
            at = move.target
        }
        let then = suite.moves[at].first { move in move.calls.contains { suite.callName($0) == log.callback } }?.event
        return .success((events + (then.map { [$0] } ?? []), then))
    }

    /// The file: header, then a suite with one case per log.
    public func generate(_ logs: [Log], specPath: String, command: String) -> Result<[UInt8], Refusal> {
        var cases: [(Log, [Int], Int?)] = []
        for log in logs {
            switch events(log) {
            case .failure(let refusal): return .failure(refusal)
            case .success(let (events, then)): cases.append((log, events, then))
            }
        }
        let bytes = GeneratedFileHeader.file(Printer(), specPath: specPath, command: command,
                                             note: "Do not edit: regenerate it from the logs. It runs with the suite 'lifecycle tests' writes.",
                                             extraLines: ["swift-format-ignore-file", "swiftlint:disable all"]) { printer in
            emit(cases, into: &printer)
        }.bytes
        return .success(bytes)
    }

    func emit(_ cases: [(Log, [Int], Int?)], into printer: inout Printer) {
        let names = self.names
        printer.line("import Testing")
        if let module { printer.line("@testable import \(module)") }
        printer.line()
        printer.line("/// Logs that did not conform to `\(suite.subject)`, each replayed on the component by `\(names.suiteType).replay`")
        printer.line("/// (the suite `lifecycle tests` writes, with your driver): the events `lifecycle conform` assumed up to the")
        printer.line("/// deviation, then the event whose callbacks the deviating line names, where one calls it.")
        printer.line("@MainActor")
        printer.line("@Suite struct \(SwiftNames.identifier(suite.subject + "LogTests")) {")
        printer.indented { printer in
            var used: Set<String> = []
            for (index, (log, events, then)) in cases.enumerated() {
                if index > 0 { printer.line() }
                let file = PathNames.lastComponent(log.path)
                printer.line("/// `\(DocComment.singleLine(log.path))`, line \(log.deviation.line): \(DocComment.singleLine(log.deviation.message))")
                let assumed = log.deviation.events.isEmpty ? "none" : log.deviation.events.joined(separator: ", ")
                if let then, let callback = log.callback {
                    printer.line("/// Events assumed: \(assumed); then `\(suite.events[then].name)`, which calls `\(callback)` there.")
                } else {
                    printer.line("/// Events assumed: \(assumed); no event from there calls `\(log.callback ?? "the logged change")`: the case replays them alone.")
                }
                let words = UITestGenerator.camelCase(file)
                var name = "replay" + words.prefix(1).uppercased() + words.dropFirst() + "Line\(log.deviation.line)"
                while used.contains(name) { name += "_" }
                used.insert(name)
                printer.line("@Test(\(StringLiteral.swift("\(file), line \(log.deviation.line)")))")
                printer.line("func \(name)() async throws {")
                printer.line("    try await \(names.suiteType).replay([" + events.map { ".\(suite.events[$0].identifier)" }.joined(separator: ", ") + "])")
                printer.line("}")
            }
        }
        printer.line("}")
    }
}
