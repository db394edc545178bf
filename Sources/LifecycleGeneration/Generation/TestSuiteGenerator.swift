import LifecycleSource
import LifecycleSyntax
import LifecycleModel
import LifecycleConformance

/// Writes a component test suite (`lifecycle tests`, Swift Testing or XCTest): the tests drive
/// the code that calls a delegate (a download, a player) through a driver the user writes once,
/// and check every step against the spec.
///
/// The file declares, for a `TestSuite`:
/// - `<Subject>Event` (the events) and `<Subject>Spec` (what each event does in each
///   configuration a run reaches: the callbacks, in order, and where it lands; and how a step
///   that went otherwise is reported);
/// - `<Subject>Driver`, the protocol the user's `<Subject>TestDriver` implements: one
///   `async throws` method per event (`TestDriverGenerator` writes a skeleton of it, in a file
///   of its own that regenerating this one leaves alone);
/// - the recording delegates (`<Machine>RecordingDelegate`), which conform to what the spec's
///   delegate adopts and put every callback into a `<Subject>CallLog`, which feeds the
///   spec's monitor (`MonitorGenerator`, written into the file);
/// - the suite: one case per path of the coverage plan (Swift Testing arguments, named by their
///   events; XCTest methods), each replaying its events on a new component. A step whose
///   callbacks are not exactly the spec's, or after which the monitor is not where the spec
///   says, fails with the path so far, what was expected, what came, and a one-line replay.
public struct TestSuiteGenerator {
    public let suite: TestSuite
    public let style: TestSuite.Style
    /// The module under test, imported `@testable` (none: the suite is in the same module).
    public let module: String?

    public init(suite: TestSuite, style: TestSuite.Style, module: String?) {
        self.suite = suite
        self.style = style
        self.module = module
    }

    var subject: String { suite.subject }
    var eventType: String { SwiftNames.identifier(subject + "Event") }
    var specType: String { SwiftNames.identifier(subject + "Spec") }
    var driverProtocol: String { SwiftNames.identifier(subject + "Driver") }
    /// The user's driver, which the suite runs.
    var driverType: String { SwiftNames.identifier(subject + "TestDriver") }
    var logType: String { SwiftNames.identifier(subject + "CallLog") }
    var suiteType: String { SwiftNames.identifier(subject + "Tests") }
    var pathType: String { SwiftNames.identifier(subject + "Path") }
    var delegatesType: String { SwiftNames.identifier(subject + "Delegates") }
    var monitorType: String { suite.monitor.typeName }
    var isSystem: Bool { suite.system != nil }
    /// Whether the spec says `import UIKit`: its delegates are main-actor isolated.
    var usesUIKit: Bool { suite.model.importsUIKit }

    /// The whole file: header, then body.
    public func generate(specPath: String, command: String) -> [UInt8] {
        GeneratedFileHeader.file(Printer(), specPath: specPath, command: command,
                                 note: "Do not edit: regenerate it when the spec changes. Your driver, \(driverType), lives in a file of its own.",
                                 extraLines: ["swift-format-ignore-file", "swiftlint:disable all"]) { emit(into: &$0) }.bytes
    }

    /// The generated code without the header.
    public func body() -> [UInt8] {
        var printer = Printer()
        emit(into: &printer)
        return printer.bytes
    }

    func emit(into printer: inout Printer) {
        printer.line(style == .xctest ? "import XCTest" : "import Testing")
        emitImports(into: &printer)
        printer.line()
        emitEvents(into: &printer)
        printer.line()
        emitSpec(into: &printer)
        printer.line()
        emitDriverProtocol(into: &printer)
        printer.line()
        emitLog(into: &printer)
        if isSystem {
            printer.line()
            emitDelegates(into: &printer)
        }
        for recorder in suite.recorders {
            printer.line()
            emitRecorder(recorder, into: &printer)
        }
        printer.line()
        switch style {
        case .xctest: emitXCTestSuite(into: &printer)
        case .swiftTesting, .xcuitest: emitSwiftTestingSuite(into: &printer)
        }
        printer.line()
        suite.monitor.emit(into: &printer)
        printer.line()
        printer.line("extension \(monitorType) {")
        printer.indented { printer in
            printer.line("/// Where the monitor says the run can be between steps, as it names them (`\(suite.monitorNames.first ?? "")`).")
            printer.line("var settledStates: [String] { positions.filter { \(monitorType).settled[$0] }.map { \(monitorType).names[$0] } }")
        }
        printer.line("}")
        printer.line()
        MonitorGenerator.emitSearch(into: &printer, timed: suite.monitor.keepsTime)
    }

    /// `import UIKit` (and the frameworks its callbacks' types need), `@testable import Module`.
    func emitImports(into printer: inout Printer) {
        if usesUIKit {
            printer.line("import UIKit")
            var modules: Set<String> = []
            for recorder in suite.recorders {
                for ref in recorder.methods { modules.formUnion(SwiftGenerator.frameworks(of: suite.model.method(ref))) }
            }
            for module in modules.sorted() { printer.line("import \(module)") }
        }
        if let module { printer.line("@testable import \(module)") }
    }

    // MARK: - What the spec says

    func emitEvents(into printer: inout Printer) {
        printer.line("/// The events of `\(subject)`: what a test can make happen.")
        printer.line("enum \(eventType): String, CaseIterable, Sendable {")
        printer.indented { printer in
            for event in suite.events {
                if event.identifier == event.name {
                    printer.line("case \(event.identifier)")
                } else {
                    printer.line("case \(event.identifier) = \(StringLiteral.swift(event.name))")
                }
            }
        }
        printer.line("}")
    }

    func emitSpec(into printer: inout Printer) {
        let start = suite.configurations[0]
        printer.line("/// What the spec of `\(subject)` says: in each \(isSystem ? "composed state" : "state") a run reaches, what each event makes the")
        printer.line("/// component call, in order, and where it leaves \(isSystem ? "the instances" : "the machine"). Generated from `lifecycle simulate`'s steps.")
        printer.line("enum \(specType) {")
        printer.indented { printer in
            printer.line("/// Where every run starts.")
            printer.line("static let initial = \(StringLiteral.swift(start))")
            printer.line()
            printer.line("/// What `event` does in `state`: the callbacks, in order, and the state it leads to; nil where the spec does not accept it.")
            printer.line("static func step(_ event: \(eventType), from state: String) -> (callbacks: [String], to: String)? {")
            printer.indented { printer in
                printer.line("switch (state, event) {")
                for (configuration, row) in suite.moves.enumerated() {
                    for move in row {
                        let calls = "[" + move.calls.map { StringLiteral.swift(suite.callName($0)) }.joined(separator: ", ") + "]"
                        printer.line("case (\(StringLiteral.swift(suite.configurations[configuration])), .\(suite.events[move.event].identifier)): (\(calls), \(StringLiteral.swift(suite.configurations[move.target])))")
                    }
                }
                printer.line("default: nil")
                printer.line("}")
            }
            printer.line("}")
            printer.line()
            printer.line("/// How the monitor names `state`.")
            printer.line("static func monitorName(_ state: String) -> String { \(isSystem ? "state" : "\"'\\(state)'\"") }")
            printer.line()
            printer.line("/// Checks one step: nil when the component called exactly `expected`, in order, and the monitor")
            printer.line("/// followed it to `next`; else what went wrong, with the path so far and a line that replays it.")
            printer.line("static func check(_ events: [\(eventType)], step: Int, from state: String, expected: [String], next: String,")
            printer.line("                  came: [String], log: \(logType), replay: String) -> String? {")
            printer.indented { printer in
                printer.line("let monitorLost = log.violation == nil && !log.states.contains(monitorName(next))")
                printer.line("guard came != expected || log.violation != nil || monitorLost else { return nil }")
                printer.line("let event = events[step].rawValue")
                printer.line("var lines = [\"'\\(event)' in '\\(state)' (step \\(step + 1) of \\(events.count)) is not what the spec of '\(StringLiteral.swiftContents(subject))' says\"]")
                printer.line("lines.append(\"  path so far: \" + (step == 0 ? \"(none: '\\(initial)')\" : events[..<step].map(\\.rawValue).joined(separator: \", \")))")
                printer.line("lines.append(\"  expected:    \" + describe(expected) + \", then in '\\(next)'\")")
                printer.line("lines.append(\"  came:        \" + describe(came))")
                printer.line("if let violation = log.violation {")
                printer.line("    lines.append(\"  monitor:     \\(violation)\")")
                printer.line("} else if monitorLost && came == expected {")
                printer.line("    lines.append(\"  monitor:     in \" + log.states.joined(separator: \" or \") + \", not in \" + monitorName(next))")
                printer.line("}")
                printer.line("lines.append(\"  replay:      \" + replay + \"([\" + events[...step].map { \".\\($0)\" }.joined(separator: \", \") + \"])\")")
                printer.line("return lines.joined(separator: \"\\n\")")
            }
            printer.line("}")
            printer.line()
            printer.line("/// Callbacks made before any event (a new component calls nothing, as the spec starts in `\(StringLiteral.swiftContents(start))`).")
            printer.line("static func checkStart(_ came: [String]) -> String? {")
            printer.line("    came.isEmpty ? nil : \"a new component made callbacks before any event: \" + describe(came) + \"; the spec starts in '\\(initial)' and calls nothing\"")
            printer.line("}")
            printer.line()
            printer.line("/// An event a path asks for where the spec does not accept it.")
            printer.line("static func refusal(_ event: \(eventType), in state: String) -> String {")
            printer.line("    \"'\\(event.rawValue)' cannot happen in '\\(state)': this is not a run of the spec of '\(StringLiteral.swiftContents(subject))'\"")
            printer.line("}")
            printer.line()
            printer.line("/// `a(_:), b(_:)`, or `(nothing)`.")
            printer.line("static func describe(_ callbacks: [String]) -> String { callbacks.isEmpty ? \"(nothing)\" : callbacks.joined(separator: \", \") }")
        }
        printer.line("}")
    }

    // MARK: - The driver

    /// `init(delegate: DownloadingRecordingDelegate)`, or `init(delegates: NavigationDelegates)`.
    var driverInit: String {
        isSystem ? "init(delegates: \(delegatesType)) async throws" : "init(delegate: \(suite.recorders[0].typeName)) async throws"
    }

    func emitDriverProtocol(into printer: inout Printer) {
        printer.line("/// Makes the component under test do each event of `\(subject)`. Implement it once, against your")
        printer.line("/// component, as `\(driverType)` in a file of your own (`lifecycle tests SPEC --driver` writes one to")
        printer.line("/// start from; regenerating this file leaves it alone). Each method returns once the component has")
        printer.line("/// made the event's callbacks.")
        printer.line("@MainActor")
        printer.line("protocol \(driverProtocol) {")
        printer.indented { printer in
            let start = suite.configurations[0]
            if isSystem {
                printer.line("/// Sets up the components in `\(start)`; each instance's delegate comes from `delegates`.")
            } else {
                printer.line("/// A new component, in `\(start)`, whose delegate is `delegate`.")
            }
            printer.line(driverInit)
            for event in suite.events {
                for line in TestDriverGenerator.documentation(of: event) { printer.line(line) }
                printer.line("func \(event.identifier)() async throws")
            }
        }
        printer.line("}")
        printer.line()
        printer.line("extension \(driverProtocol) {")
        printer.indented { printer in
            printer.line("/// Makes the component do `event`.")
            printer.line("func perform(_ event: \(eventType)) async throws {")
            printer.indented { printer in
                printer.line("switch event {")
                for event in suite.events { printer.line("case .\(event.identifier): try await \(event.identifier)()") }
                printer.line("}")
            }
            printer.line("}")
        }
        printer.line("}")
    }

    // MARK: - Recording

    func emitLog(into printer: inout Printer) {
        printer.line("/// What the component under test called, in order, each callback checked by the spec's monitor as it came.")
        printer.line("final class \(logType) {")
        printer.indented { printer in
            printer.line("/// The callbacks since the last `take()`, as the spec writes them (`\(suite.moves.lazy.flatMap { $0 }.lazy.flatMap(\.calls).first.map(suite.callName) ?? "callback()")`).")
            printer.line("private var calls: [String] = []")
            printer.line("private var monitor = \(monitorType)()")
            printer.line("/// The monitor's first violation.")
            printer.line("private(set) var violation: \(monitorType).Violation?")
            printer.line()
            printer.line("init() {}")
            printer.line()
            if isSystem {
                printer.line("/// Records `selector`, called on `instance`.")
                printer.line("func record(_ instance: \(monitorType).Instance, _ selector: String) {")
                printer.indented { printer in
                    printer.line("calls.append(\(delegatesType).name(of: instance) + \" \" + selector)")
                    printer.line("if violation == nil { violation = monitor.observe(instance, selector) }")
                }
                printer.line("}")
            } else {
                printer.line("/// Records `selector`; a callback no transition calls is recorded, not fed to the monitor.")
                printer.line("func record(_ selector: String) {")
                printer.indented { printer in
                    printer.line("calls.append(selector)")
                    printer.line("guard violation == nil, let index = \(monitorType).Callback.selectors.firstIndex(of: selector),")
                    printer.line("      let callback = \(monitorType).Callback(rawValue: index) else { return }")
                    printer.line("violation = monitor.observe(callback)")
                }
                printer.line("}")
            }
            printer.line()
            printer.line("/// The callbacks since the last call, in order.")
            printer.line("func take() -> [String] {")
            printer.line("    defer { calls = [] }")
            printer.line("    return calls")
            printer.line("}")
            printer.line()
            printer.line("/// Where the monitor says the run can be.")
            printer.line("var states: [String] { monitor.settledStates }")
        }
        printer.line("}")
    }

    /// A system's delegates: one log, and a new recording delegate for each instance on demand.
    func emitDelegates(into printer: inout Printer) {
        guard let system = suite.system else { return }
        printer.line("/// The recording delegates of `\(subject)`'s instances, all recording into one `log`. A step `new X`")
        printer.line("/// starts an instance over: give the component a new delegate for it then.")
        if usesUIKit { printer.line("@MainActor") }
        printer.line("final class \(delegatesType) {")
        printer.indented { printer in
            printer.line("let log = \(logType)()")
            printer.line()
            printer.line("init() {}")
            for (index, instance) in system.instances.enumerated() {
                guard let recorder = suite.recorders.first(where: { $0.instances.contains(index) }) else { continue }
                let name = MonitorGenerator.lowerFirst(instance.name)
                printer.line()
                printer.line("/// A new recording delegate for `\(instance.name)`, a `\(system.machine(of: index).name)`.")
                printer.line("func \(SwiftNames.identifier(name))() -> \(recorder.typeName) {")
                printer.line("    let delegate = \(recorder.typeName)()")
                printer.line("    delegate.recording = (log, .\(SwiftNames.identifier(name)))")
                printer.line("    return delegate")
                printer.line("}")
            }
            printer.line()
            printer.line("/// How the spec names an instance.")
            printer.line("nonisolated static func name(of instance: \(monitorType).Instance) -> String {")
            printer.indented { printer in
                printer.line("switch instance {")
                for instance in system.instances {
                    printer.line("case .\(SwiftNames.identifier(MonitorGenerator.lowerFirst(instance.name))): \(StringLiteral.swift(instance.name))")
                }
                printer.line("}")
            }
            printer.line("}")
        }
        printer.line("}")
    }

    func emitRecorder(_ recorder: TestSuite.Recorder, into printer: inout Printer) {
        let model = suite.model
        let generator = SwiftGenerator(model: model)
        let adopted = recorder.delegate.adopted.map { SwiftNames.identifier(model.types[$0].name) }
        printer.line("/// Stands in for `\(recorder.delegate.name)`, the delegate the component under test calls: records every callback, in order.")
        if usesUIKit { printer.line("@MainActor") }
        printer.line("final class \(recorder.typeName)" + (adopted.isEmpty ? "" : ": " + adopted.joined(separator: ", ")) + " {")
        printer.indented { printer in
            if isSystem {
                printer.line("/// Where the callbacks go, and whose they are: set by `\(delegatesType)`.")
                printer.line("var recording: (log: \(logType), instance: \(monitorType).Instance)?")
            } else {
                printer.line("/// Every callback, in order.")
                printer.line("let log = \(logType)()")
            }
            for property in recorder.properties { printer.line(SwiftGenerator.propertyDeclaration(property)) }
            let answered = recorder.methods.filter { model.method($0).returnType.map { !Self.isVoid($0) } ?? false }
            for ref in answered {
                let method = model.method(ref)
                let value = SwiftDeclaration.defaultReturn(method).map { $0.hasPrefix("fatalError(") ? "no value" : "`\($0)`" } ?? "no value"
                printer.line("/// What `\(method.selector)` returns; nil: the spec's \(value).")
                printer.line("var \(answerName(method)): \(Self.optional(method.returnType ?? "Void"))")
            }
            printer.line()
            printer.line("private func record(_ selector: String) {")
            if isSystem {
                printer.indented { printer in
                    printer.line("guard let recording else {")
                    printer.line(style == .xctest
                                 ? "    XCTFail(\"\\(selector) came to a \(recorder.typeName) no \(delegatesType) made\")"
                                 : "    Issue.record(\"\\(selector) came to a \(recorder.typeName) no \(delegatesType) made\")")
                    printer.line("    return")
                    printer.line("}")
                    printer.line("recording.log.record(recording.instance, selector)")
                }
            } else {
                printer.line("    log.record(selector)")
            }
            printer.line("}")
            for ref in recorder.methods {
                printer.line()
                emitRecordingMethod(ref, generator: generator, into: &printer)
            }
        }
        printer.line("}")
    }

    /// `downloadShouldRetryAnswer`.
    func answerName(_ method: Method) -> String {
        var name = method.name
        for label in method.parameters.compactMap(\.label) { name += label.prefix(1).uppercased() + label.dropFirst() }
        return SwiftNames.identifier(name + "Answer")
    }

    static func isVoid(_ type: String) -> Bool {
        let normalized = SwiftTypeText.normalized(type)
        return normalized == "Void" || normalized == "()"
    }

    /// `T?` for an answer property (`(T)?` when `T` is a function or an opaque or existential type).
    static func optional(_ type: String) -> String {
        let plain = type.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." || $0 == "<" || $0 == ">" || $0 == "[" || $0 == "]" || $0 == ":" || $0 == " " || $0 == "?" || $0 == "," }
        return plain && !type.hasPrefix("any ") && !type.hasPrefix("some ") ? type + "?" : "(\(type))?"
    }

    /// A callback: its signature as the delegate generator writes it, recording it first, then
    /// calling `super` for an override or returning its answer (the spec's value unless set).
    func emitRecordingMethod(_ ref: MethodRef, generator: SwiftGenerator, into printer: inout Printer) {
        let model = suite.model
        let method = model.method(ref)
        let owner = model.types[ref.type]
        if let attribute = generator.availabilityAttribute(method, owner: owner) { printer.line(attribute) }
        printer.line(SwiftDeclaration.signature(method, ownerKind: owner.kind) + " {")
        printer.indented { printer in
            printer.line("record(\(StringLiteral.swift(method.selector)))")
            let answers = method.returnType.map { !Self.isVoid($0) } ?? false
            if owner.kind == .class {
                if answers { printer.line("if let answer = \(answerName(method)) { return answer }") }
                generator.emitOverrideBody(method, into: &printer)
                return
            }
            if let body = method.body { for line in DocComment.lines(body) { printer.line(line) } }
            if answers {
                printer.line("if let answer = \(answerName(method)) { return answer }")
                if let statement = SwiftDeclaration.defaultReturnStatement(method), !statement.hasPrefix("fatalError(") {
                    printer.line(statement)
                } else {
                    printer.line("fatalError(\"set \(answerName(method)): the spec gives no value for \(method.selector)\")")
                }
            }
        }
        printer.line("}")
    }

    // MARK: - The suites

    /// `DownloadingPath(.start, .progress)`.
    func pathLiteral(_ path: TestSuite.Path) -> String {
        var text = "\(pathType)(" + path.events.map { ".\(suite.events[$0].identifier)" }.joined(separator: ", ")
        if let trip = path.roundTrip { text += (path.events.isEmpty ? "" : ", ") + "roundTrip: \(trip.lowerBound)..<\(trip.upperBound)" }
        return text + ")"
    }

    /// The plan's line, and the command that prints the plan.
    func planComment(into printer: inout Printer) {
        let summary = suite.summary.hasSuffix(".") ? String(suite.summary.dropLast()) : suite.summary
        printer.line("/// \(summary) (`lifecycle paths --cover \(suite.coverage.rawValue)`).")
    }

    func emitSwiftTestingSuite(into printer: inout Printer) {
        printer.line("/// A path of the coverage plan, or (`--neutral`) one with a round trip put in that should change nothing.")
        printer.line("struct \(pathType): Sendable, CustomTestStringConvertible {")
        printer.indented { printer in
            printer.line("var events: [\(eventType)]")
            printer.line("/// Where the round trip is in `events`.")
            printer.line("var roundTrip: Range<Int>?")
            printer.line()
            printer.line("init(_ events: \(eventType)..., roundTrip: Range<Int>? = nil) {")
            printer.line("    self.events = events")
            printer.line("    self.roundTrip = roundTrip")
            printer.line("}")
            printer.line()
            printer.line("/// `start, error, retry`; the round trip in brackets.")
            printer.line("var testDescription: String {")
            printer.indented { printer in
                printer.line("var names = events.map(\\.rawValue)")
                printer.line("if let trip = roundTrip, !trip.isEmpty {")
                printer.line("    names[trip.lowerBound] = \"[\" + names[trip.lowerBound]")
                printer.line("    names[trip.upperBound - 1] += \"]\"")
                printer.line("}")
                printer.line("return names.isEmpty ? \"(no event)\" : names.joined(separator: \", \")")
            }
            printer.line("}")
        }
        printer.line("}")
        printer.line()
        printer.line("extension \(pathType) {")
        printer.indented { printer in
            planComment(into: &printer)
            printer.line("static let plan: [\(pathType)] = [")
            printer.indented { printer in for path in suite.paths { printer.line(pathLiteral(path) + ",") } }
            printer.line("]")
            if !suite.neutral.isEmpty {
                printer.line()
                printer.line("/// Each path with a round trip put in where the spec allows it (in brackets): it should change nothing.")
                printer.line("static let roundTrips: [\(pathType)] = [")
                printer.indented { printer in for path in suite.neutral { printer.line(pathLiteral(path) + ",") } }
                printer.line("]")
            }
        }
        printer.line("}")
        printer.line()
        printer.line("/// `\(subject)` tested as its spec says: each case replays its events on a new component and checks every step.")
        printer.line("@MainActor")
        printer.line("@Suite struct \(suiteType) {")
        printer.indented { printer in
            printer.line("@Test(\"a path of the spec\", arguments: \(pathType).plan)")
            printer.line("func path(_ path: \(pathType)) async throws {")
            // The suite's own name, not `Self`: a spec may declare a type named `Self`.
            printer.line("    try await \(suiteType).replay(path.events)")
            printer.line("}")
            if !suite.neutral.isEmpty {
                printer.line()
                printer.line("@Test(\"a round trip changes nothing\", arguments: \(pathType).roundTrips)")
                printer.line("func roundTrip(_ path: \(pathType)) async throws {")
                printer.line("    try await \(suiteType).replay(path.events)")
                printer.line("}")
            }
            printer.line()
            emitReplay(into: &printer)
        }
        printer.line("}")
    }

    func emitXCTestSuite(into printer: inout Printer) {
        printer.line("/// `\(subject)` tested as its spec says: each test replays its events on a new component and checks every step.")
        planComment(into: &printer)
        printer.line("final class \(suiteType): XCTestCase {")
        printer.indented { printer in
            var first = true
            for (kind, paths) in [("", suite.paths), ("RoundTrip", suite.neutral)] {
                for (number, path) in paths.enumerated() {
                    if !first { printer.line() }
                    first = false
                    var names = suite.eventNames(path)
                    if let trip = path.roundTrip, !trip.isEmpty {
                        names[trip.lowerBound] = "[" + names[trip.lowerBound]
                        names[trip.upperBound - 1] += "]"
                    }
                    printer.line("/// \(names.isEmpty ? "(no event)" : names.joined(separator: ", "))")
                    printer.line("@MainActor func \(Self.methodName("test\(kind)\(number + 1)", path, suite))() async throws {")
                    printer.line("    try await replay([" + path.events.map { ".\(suite.events[$0].identifier)" }.joined(separator: ", ") + "])")
                    printer.line("}")
                }
            }
            printer.line()
            emitReplay(into: &printer)
        }
        printer.line("}")
    }

    /// How many events a test method's name spells out.
    static let eventsInMethodNames = 6

    /// `test2_start_error_retry`, or `test1_launch_activate_leave_reopen_activate_leave_and14More`.
    static func methodName(_ prefix: String, _ path: TestSuite.Path, _ suite: TestSuite) -> String {
        let words = path.events.prefix(eventsInMethodNames).map { methodWord(suite.events[$0].name) }
        let more = path.events.count - words.count
        return ([prefix] + words + (more > 0 ? ["and\(more)More"] : [])).joined(separator: "_")
    }

    /// An event's name as part of a test method's name: letters, digits and `_` only.
    static func methodWord(_ name: String) -> String {
        String(String.UnicodeScalarView(name.unicodeScalars.map { scalar in
            (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_") ? scalar : "_"
        }))
    }

    /// `replay(_:)`: runs events on a new component, step by step, stopping at the first that
    /// goes otherwise than the spec says.
    func emitReplay(into printer: inout Printer) {
        let swiftTesting = style != .xctest
        printer.line("/// Runs `events` on a new component, from `\(suite.configurations[0])`, checking each step against the spec: the")
        printer.line("/// callbacks, exactly and in order, and where the monitor is. Stops at the first step that differs.")
        if swiftTesting {
            printer.line("static func replay(_ events: [\(eventType)], sourceLocation: SourceLocation = #_sourceLocation) async throws {")
        } else {
            printer.line("@MainActor func replay(_ events: [\(eventType)], file: StaticString = #filePath, line: UInt = #line) async throws {")
        }
        printer.indented { printer in
            func report(_ message: String) -> String {
                swiftTesting ? "Issue.record(Comment(rawValue: \(message)), sourceLocation: sourceLocation)" : "XCTFail(\(message), file: file, line: line)"
            }
            if isSystem {
                printer.line("let delegates = \(delegatesType)()")
                printer.line("let log = delegates.log")
                printer.line("let driver = try await \(driverType)(delegates: delegates)")
            } else {
                printer.line("let delegate = \(suite.recorders[0].typeName)()")
                printer.line("let log = delegate.log")
                printer.line("let driver = try await \(driverType)(delegate: delegate)")
            }
            printer.line("if let failure = \(specType).checkStart(log.take()) {")
            printer.line("    \(report("failure"))")
            printer.line("    return")
            printer.line("}")
            printer.line("var state = \(specType).initial")
            printer.line("for (index, event) in events.enumerated() {")
            printer.indented { printer in
                printer.line("guard let (expected, next) = \(specType).step(event, from: state) else {")
                printer.line("    \(report("\(specType).refusal(event, in: state)"))")
                printer.line("    return")
                printer.line("}")
                printer.line("try await driver.perform(event)")
                printer.line("if let failure = \(specType).check(events, step: index, from: state, expected: expected, next: next, came: log.take(), log: log,")
                printer.line("                                   replay: \(StringLiteral.swift(swiftTesting ? "try await \(suiteType).replay" : "try await replay"))) {")
                printer.line("    \(report("failure"))")
                printer.line("    return")
                printer.line("}")
                printer.line("state = next")
            }
            printer.line("}")
        }
        printer.line("}")
    }
}
