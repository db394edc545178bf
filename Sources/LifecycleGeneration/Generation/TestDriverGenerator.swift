import LifecycleSyntax
import LifecycleConformance

/// The user's side of a component test suite (`lifecycle tests SPEC --driver`): a skeleton of
/// `<Subject>TestDriver`, which makes the component under test do each event, and, for a driver
/// already written (`--update FILE`), the methods of the events the spec has gained since.
///
/// The skeleton is the user's from then on: its header says so, `-o` never replaces it once
/// edited, and `--update` adds only the missing methods, leaving every other byte alone
/// (`SwiftUpdater.insertion`), as `lifecycle swift --update` does for delegates.
public struct TestDriverGenerator {
    public let suite: TestSuite
    public let module: String?

    public init(suite: TestSuite, module: String?) {
        self.suite = suite
        self.module = module
    }

    var names: TestSuiteGenerator { TestSuiteGenerator(suite: suite, style: .swiftTesting, module: module) }

    /// The skeleton: header, then body.
    public func generate(specPath: String, command: String) -> [UInt8] {
        GeneratedFileHeader.file(Printer(), specPath: specPath, command: command,
                                 note: "Edit freely: lifecycle will not overwrite an edited file; '--update' adds the events the spec gains.",
                                 extraLines: ["swift-format-ignore-file", "swiftlint:disable all"]) { emit(into: &$0) }.bytes
    }

    public func body() -> [UInt8] {
        var printer = Printer()
        emit(into: &printer)
        return printer.bytes
    }

    /// `/// `start`, by user: `Idle` → `Transferring`: The user taps Download.` lines.
    static func documentation(of event: TestSuite.Event) -> [String] {
        var lines: [String] = []
        let by = event.trigger.map { ", by \($0.rawValue)" } ?? ""
        if event.documentation.count == 1 {
            lines.append("/// `\(event.name)`\(by): \(event.documentation[0])".replacingTrailingSpaces())
        } else {
            lines.append("/// `\(event.name)`\(by):")
            for line in event.documentation { lines.append("/// - \(line)".replacingTrailingSpaces()) }
        }
        return lines
    }

    func emit(into printer: inout Printer) {
        let names = self.names
        if suite.model.importsUIKit { printer.line("import UIKit") }
        if let module { printer.line("@testable import \(module)") }
        if suite.model.importsUIKit || module != nil { printer.line() }
        printer.line("/// Makes the component under test do each event of `\(suite.subject)`, for `\(names.suiteType)`. Each method")
        printer.line("/// returns once the component has made the event's callbacks; a method left empty fails the paths that use it.")
        printer.line("struct \(names.driverType): \(names.driverProtocol) {")
        printer.indented { printer in
            printer.line(names.driverInit + " {")
            printer.line("}")
            for event in suite.events {
                printer.line()
                emitMethod(event, into: &printer)
            }
        }
        printer.line("}")
    }

    func emitMethod(_ event: TestSuite.Event, into printer: inout Printer) {
        for line in Self.documentation(of: event) { printer.line(line) }
        printer.line("func \(event.identifier)() async throws {")
        printer.line("}")
    }

    public struct Update: Sendable {
        public var bytes: [UInt8]
        /// The events whose methods were added, in order.
        public var added: [String]
    }

    /// Adds to the driver in `existing` (the type adopting `<Subject>Driver`, or named
    /// `<Subject>TestDriver`, with its extensions in the file) a method for each event it lacks.
    public func update(_ existing: [UInt8]) -> Result<Update, SwiftUpdater.Failure> {
        let names = self.names
        let plainDriver = names.driverType.filter { $0 != "`" }, plainProtocol = names.driverProtocol.filter { $0 != "`" }
        let types = SwiftSourceScanner(bytes: existing).scan()
        let homes = types.filter { $0.kind != .extension && $0.kind != .protocol && ($0.inherited.contains(plainProtocol) || $0.name == plainDriver) }
        guard let home = homes.first else {
            return .failure(SwiftUpdater.Failure(message: "no type adopting '\(plainProtocol)' is declared in this file"))
        }
        let implemented = types.filter { $0.name == home.name && ($0.kind == .extension || $0.declarationOffset == home.declarationOffset) }
            .flatMap(\.methods).filter { $0.parameters.isEmpty }.map(\.baseName)
        let missing = suite.events.filter { !implemented.contains($0.name) }
        guard !missing.isEmpty else { return .success(Update(bytes: existing, added: [])) }
        var printer = Printer()
        for event in missing {
            printer.line()
            emitMethod(event, into: &printer)
        }
        guard let insertion = SwiftUpdater.insertion(of: printer.text, into: home, in: existing) else {
            return .failure(SwiftUpdater.Failure(message: "the body of '\(home.name)' is not closed"))
        }
        return .success(Update(bytes: SwiftUpdater.apply([insertion], to: existing), added: missing.map(\.name)))
    }
}
