/// Generates a machine's runtime monitor (`lifecycle swift --monitor`): a dependency-free
/// `<Machine>LifecycleMonitor` struct that the delegate feeds from each callback and that
/// reports the first callback the spec does not allow there.
///
/// It runs `MonitorTables` (the strict `ConformanceSearch`, unrolled), so its verdicts and its
/// messages are `lifecycle conform --strict`'s. It imports nothing, holds only `Sendable`
/// values, and compiles under Swift 6 strict concurrency; a violation goes to `onViolation`,
/// which stops a debug build by default (`assertionFailure`). The search itself is written
/// once per file (`searchSource()`, a private `LifecycleMonitorSearch` generic over the
/// callback type); each monitor holds its tables and its wording.
///
/// A system's monitor (`<System>LifecycleMonitor`) is the same over `SystemAutomaton`: its
/// callbacks are (instance, callback) pairs, named as a log names them (`1st viewDidLoad()`),
/// and it has an `Instance` enum and `record(_:_:)`, fed the instance and `#function`.
public struct MonitorGenerator {
    /// The machine's or the system's name.
    let subject: String
    /// What the monitor numbers, as `LifecycleAutomaton.callbacks`.
    let callbacks: [LoggedCallback]
    /// Each callback as a message names it (`Conformance.display`).
    let displayNames: [String]
    /// A system's instances by name (empty for a machine).
    let instanceNames: [String]
    /// `MonitorTables`, without its automaton's type.
    let names: [String], settled: [Bool], moves: [[(callback: Int, targets: [Int])]], silent: [[Int]], initial: [Int]

    public init(model: Model, machine: Machine) {
        // UIKit's callbacks feed a monitor; SwiftUI's phase changes do not come to a delegate.
        self.init(subject: machine.name, automaton: MachineAutomaton(model: model, machine: machine, phases: false), instanceNames: [])
    }

    public init(model: Model, system: System) {
        self.init(subject: system.name, automaton: SystemAutomaton(model: model, system: system),
                  instanceNames: system.instances.map(\.name))
    }

    init<Automaton: LifecycleAutomaton>(subject: String, automaton: Automaton, instanceNames: [String]) {
        self.subject = subject
        self.callbacks = automaton.callbacks
        self.displayNames = automaton.callbacks.indices.map { Conformance.display($0, in: automaton) }
        self.instanceNames = instanceNames
        let tables = MonitorTables(automaton)
        (names, settled, moves, silent, initial) = (tables.names, tables.settled, tables.moves, tables.silent, tables.initial)
    }

    /// `SceneLifecycleMonitor`.
    public var typeName: String { Self.typeName(subject) }

    static func typeName(_ machine: String) -> String { SwiftNames.identifier(machine + "LifecycleMonitor") }

    /// `sceneMonitor`: the delegate's property holding the monitor.
    static func propertyName(_ machine: String) -> String {
        guard let first = machine.unicodeScalars.first else { return "monitor" }
        return SwiftNames.identifier(String(first).lowercased() + String(machine.unicodeScalars.dropFirst()) + "Monitor")
    }

    /// The enum case of each callback, by index in `automaton.callbacks`: the base name and
    /// the labels, capitalized (`sceneWillConnectToOptions`), made unique with a suffix.
    public var caseNames: [String] {
        var names: [String] = []
        var used: Set<String> = []
        for callback in callbacks {
            var name = String(callback.baseName)
            if let instance = callback.instance, instanceNames.indices.contains(instance) {
                // A system's: the instance first, `rootViewDidLoad`.
                name = Self.lowerFirst(instanceNames[instance]) + name.prefix(1).uppercased() + name.dropFirst()
            }
            // An overload is named by its Objective-C selector: its parts after the first are the labels.
            let labels = callback.selector.contains("(")
                ? callback.selector.drop { $0 != "(" }.dropFirst().split(separator: ":").map(String.init)
                : callback.selector.split(separator: ":").dropFirst().map(String.init)
            for label in labels where label != "_" && label != ")" {
                name += label.prefix(1).uppercased() + label.dropFirst()
            }
            // A keyword, or a member the enum already has, would need backticks or clash: `SelfCallback`.
            if SwiftNames.reserved.contains(name) || Self.enumMembers.contains(name) { name += "Callback" }
            var unique = name
            var suffix = 2
            while used.contains(unique) {
                unique = "\(name)\(suffix)"
                suffix += 1
            }
            names.append(unique)
            used.insert(unique)
        }
        return names
    }

    /// Whether the machine calls any callback (a monitor of nothing is not generated).
    public var isEmpty: Bool { callbacks.isEmpty }

    /// `Root` as a Swift case or property name: `root`.
    static func lowerFirst(_ name: String) -> String {
        guard let first = name.unicodeScalars.first else { return name }
        return String(first).lowercased() + String(name.unicodeScalars.dropFirst())
    }

    /// Names the `Callback` enum already uses (its own members and `RawRepresentable`'s, `CaseIterable`'s).
    static let enumMembers: Set<String> = ["description", "rawValue", "selectors", "allCases", "init", "self", "Self", "Type", "hashValue"]

    /// The monitor struct alone; it needs `searchSource()` once in the same file.
    public func source() -> [UInt8] {
        var printer = Printer()
        emit(into: &printer)
        return printer.bytes
    }

    /// The search every monitor of a file runs over its own tables, written once per file
    /// (`private`, so that two generated files in one module do not clash).
    public static func searchSource() -> [UInt8] {
        var printer = Printer()
        emitSearch(into: &printer)
        return printer.bytes
    }

    /// The name of the shared search in the generated file.
    static let searchName = "LifecycleMonitorSearch"

    static func emitSearch(into printer: inout Printer) {
        let search = searchName
        printer.line("/// The search every lifecycle monitor of this file runs over its tables (`lifecycle swift --monitor`).")
        printer.line("/// Position p: a state, or a transition with callbacks still to come. moves[p]: where each")
        printer.line("/// callback leads from p; silent[p]: where transitions that call nothing lead.")
        printer.line("private enum \(search) {")
        printer.indented { printer in
            printer.line("/// Where `callback` leads from `positions`, then every position reached by transitions that")
            printer.line("/// call nothing; empty if the callback cannot come at any of them.")
            printer.line("static func advance<Callback: Equatable>(_ positions: [Int], by callback: Callback,")
            printer.line("                                         moves: [[(callback: Callback, targets: [Int])]], silent: [[Int]]) -> [Int] {")
            printer.indented { printer in
                printer.line("var next: [Int] = []")
                printer.line("for position in positions {")
                printer.line("    for move in moves[position] where move.callback == callback {")
                printer.line("        for target in move.targets where !next.contains(target) { next.append(target) }")
                printer.line("    }")
                printer.line("}")
                printer.line("var index = 0")
                printer.line("while index < next.count {")
                printer.line("    for target in silent[next[index]] where !next.contains(target) { next.append(target) }")
                printer.line("    index += 1")
                printer.line("}")
                printer.line("return next")
            }
            printer.line("}")
            printer.line()
            printer.line("/// Where the run can be, for a violation: the states it can be in, the transitions it can be")
            printer.line("/// inside, and the callbacks that could have come.")
            printer.line("static func whereabouts<Callback: Equatable>(_ positions: [Int], names: [String], settled: [Bool],")
            printer.line("                                             moves: [[(callback: Callback, targets: [Int])]])")
            printer.line("    -> (states: [String], inside: [String], expected: [Callback]) {")
            printer.indented { printer in
                printer.line("var states: [String] = [], inside: [String] = [], expected: [Callback] = []")
                printer.line("for position in positions {")
                printer.line("    let name = names[position]")
                printer.line("    if settled[position] {")
                printer.line("        if !states.contains(name) { states.append(name) }")
                printer.line("    } else if !inside.contains(name) {")
                printer.line("        inside.append(name)")
                printer.line("    }")
                printer.line("    for move in moves[position] where !expected.contains(move.callback) { expected.append(move.callback) }")
                printer.line("}")
                printer.line("return (states, inside, expected)")
            }
            printer.line("}")
            printer.line()
            printer.line("/// `'A', 'B' or 'C'`.")
            printer.line("static func orList(_ items: [String]) -> String {")
            printer.indented { printer in
                printer.line("guard items.count > 1, let last = items.last else { return items.first ?? \"\" }")
                printer.line("return items.dropLast().joined(separator: \", \") + \" or \" + last")
            }
            printer.line("}")
        }
        printer.line("}")
    }

    func emit(into printer: inout Printer) {
        let cases = caseNames
        let selectors = displayNames
        let machine = (name: subject, ())
        printer.line("/// Checks at run time that `\(machine.name)`'s callbacks come in an order its spec allows.")
        printer.line("///")
        printer.line("/// Feed it every callback (`record(_:)` or `observe(_:)`); the first one the spec does not allow")
        printer.line("/// where the run can be is a `Violation`, worded as `lifecycle conform --strict` words it.")
        printer.line("/// After a violation the monitor stays where it was, as if that callback had not come.")
        printer.line("struct \(typeName): Sendable {")
        printer.indented { printer in
            printer.line("/// The callbacks of `\(machine.name)`.")
            printer.line("enum Callback: Int, Sendable, CaseIterable, CustomStringConvertible {")
            printer.indented { printer in
                for (index, name) in cases.enumerated() {
                    printer.line("/// `\(selectors[index])`")
                    printer.line("case \(SwiftNames.identifier(name))")
                }
                printer.line()
                printer.line("static let selectors: [String] = [\(selectors.map(StringLiteral.swift).joined(separator: ", "))]")
                printer.line()
                printer.line("/// The callback's Swift name: `\(selectors.first ?? "none")`.")
                printer.line("var description: String { Callback.selectors[rawValue] }")
            }
            printer.line("}")
            printer.line()
            if !instanceNames.isEmpty {
                printer.line("/// The instances of `\(machine.name)`.")
                printer.line("enum Instance: Int, Sendable, CaseIterable {")
                printer.indented { printer in
                    for name in instanceNames { printer.line("case \(SwiftNames.identifier(Self.lowerFirst(name)))") }
                }
                printer.line("}")
                printer.line()
            }
            printer.line("/// A callback the spec does not allow where the run can be.")
            printer.line("struct Violation: Error, Sendable, Equatable, CustomStringConvertible {")
            printer.indented { printer in
                printer.line("var callback: Callback")
                printer.line("/// The states the run can be in, such as `'Background'`.")
                printer.line("var states: [String]")
                printer.line("/// The transitions the run can be inside, their callbacks half logged: `partway through 'event' (…)`.")
                printer.line("var inside: [String]")
                printer.line("/// What could have come instead.")
                printer.line("var expected: [Callback]")
                printer.line()
                printer.line("var description: String {")
                printer.indented { printer in
                    printer.line("var parts: [String] = []")
                    printer.line("if !states.isEmpty { parts.append(\"in \" + \(Self.searchName).orList(states)) }")
                    printer.line("parts += inside")
                    printer.line("let next = expected.isEmpty ? \"no callback can come next\" : \"expected \" + \(Self.searchName).orList(expected.map { \"'\\($0)'\" })")
                    printer.line("return \"'\\(callback)' cannot happen here: '\(StringLiteral.swiftContents(subject))' is \\(parts.joined(separator: \", or \")); \\(next)\"")
                }
                printer.line("}")
            }
            printer.line("}")
            printer.line()
            printer.line("/// Called by `record(_:)` with each violation; by default stops a debug build.")
            printer.line("var onViolation: @Sendable (Violation) -> Void = { violation in assertionFailure(violation.description) }")
            printer.line()
            printer.line("/// Where the run can be: indices into the tables below.")
            printer.line("private var positions: [Int] = [\(initial.map(String.init).joined(separator: ", "))]")
            printer.line()
            printer.line("init() {}")
            printer.line()
            printer.line("/// Checks `callback` and moves past it; reports it to `onViolation` if the spec does not allow it here.")
            printer.line("mutating func record(_ callback: Callback) {")
            printer.indented { printer in
                printer.line("if let violation = observe(callback) { onViolation(violation) }")
            }
            printer.line("}")
            printer.line()
            printer.line("/// Checks `callback` and moves past it; returns the violation, and stays where it was, if the spec")
            printer.line("/// does not allow it here.")
            printer.line("mutating func observe(_ callback: Callback) -> Violation? {")
            printer.indented { printer in
                // The type's own name, not `Self`: a spec may declare a type named `Self`.
                printer.line("let next = \(Self.searchName).advance(positions, by: callback, moves: \(typeName).moves, silent: \(typeName).silent)")
                printer.line("guard next.isEmpty else {")
                printer.line("    positions = next")
                printer.line("    return nil")
                printer.line("}")
                printer.line("let (states, inside, expected) = \(Self.searchName).whereabouts(")
                printer.line("    positions, names: \(typeName).names, settled: \(typeName).settled, moves: \(typeName).moves)")
                printer.line("return Violation(callback: callback, states: states, inside: inside, expected: expected)")
            }
            printer.line("}")
            if !instanceNames.isEmpty {
                printer.line()
                printer.line("/// Checks the callback `function` (`#function` inside it) of `instance`, as `record(_:)` does; a")
                printer.line("/// callback no event calls on that instance is not checked (`conform` counts such lines apart).")
                printer.line("mutating func record(_ instance: Instance, _ function: String) {")
                printer.line("    if let callback = \(typeName).callback(instance, function) { record(callback) }")
                printer.line("}")
                printer.line()
                printer.line("/// Checks the callback `function` of `instance`, as `observe(_:)` does; nil for a callback no")
                printer.line("/// event calls on that instance.")
                printer.line("mutating func observe(_ instance: Instance, _ function: String) -> Violation? {")
                printer.line("    guard let callback = \(typeName).callback(instance, function) else { return nil }")
                printer.line("    return observe(callback)")
                printer.line("}")
                printer.line()
                printer.line("/// The callback `function` of `instance`, if some event calls it.")
                printer.line("static func callback(_ instance: Instance, _ function: String) -> Callback? {")
                printer.line("    Callback.allCases.first { \(typeName).instances[$0.rawValue] == instance.rawValue && \(typeName).functions[$0.rawValue] == function }")
                printer.line("}")
                printer.line()
                printer.line("private static let instances: [Int] = [\(callbacks.map { String($0.instance ?? 0) }.joined(separator: ", "))]")
                printer.line("private static let functions: [String] = [\(callbacks.map { StringLiteral.swift($0.selector) }.joined(separator: ", "))]")
            }
            printer.line()
            printer.line("// The tables `\(Self.searchName)` reads (what a position is is said there).")
            printer.line("private static let names: [String] = [")
            printer.indented { printer in
                for name in names { printer.line(StringLiteral.swift(name) + ",") }
            }
            printer.line("]")
            printer.line("private static let settled: [Bool] = [\(settled.map { $0 ? "true" : "false" }.joined(separator: ", "))]")
            printer.line("private static let moves: [[(callback: Callback, targets: [Int])]] = [")
            printer.indented { printer in
                for (position, moves) in moves.enumerated() {
                    let items = moves.map { "(.\(SwiftNames.identifier(cases[$0.callback])), [\($0.targets.map(String.init).joined(separator: ", "))])" }
                    printer.line("[\(items.joined(separator: ", "))],  // \(position)")
                }
            }
            printer.line("]")
            printer.line("private static let silent: [[Int]] = [\(silent.map { "[\($0.map(String.init).joined(separator: ", "))]" }.joined(separator: ", "))]")
        }
        printer.line("}")
    }
}
