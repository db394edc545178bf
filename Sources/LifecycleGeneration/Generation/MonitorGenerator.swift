import LifecycleSource
import LifecycleSyntax
import LifecycleModel
import LifecycleConformance

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

    /// The deadlines a machine's monitor watches on its clock (none for a system's, whose
    /// monitor does not check time).
    let deadlines: MonitorDeadlines?
    /// How messages name each pair deadline: `'beginTask()' to 'endTask()' within 30s`.
    let pairNames: [String]

    public init(model: Model, machine: Machine) {
        // UIKit's callbacks feed a monitor; SwiftUI's phase changes do not come to a delegate.
        let automaton = MachineAutomaton(model: model, machine: machine, phases: false)
        let tables = MonitorTables(automaton)
        let deadlines = MonitorDeadlines(tables, automaton)
        self.init(subject: machine.name, automaton: automaton, tables: tables, instanceNames: [],
                  deadlines: deadlines.isEmpty ? nil : deadlines,
                  pairNames: deadlines.pairs.map { pair in
                      "'\(Conformance.display(pair.from, in: automaton))' to '\(Conformance.display(pair.to, in: automaton))' \(pair.span)"
                  })
    }

    public init(model: Model, system: System) {
        let automaton = SystemAutomaton(model: model, system: system)
        self.init(subject: system.name, automaton: automaton, tables: MonitorTables(automaton),
                  instanceNames: system.instances.map(\.name), deadlines: nil, pairNames: [])
    }

    private init<Automaton: LifecycleAutomaton>(subject: String, automaton: Automaton, tables: MonitorTables<Automaton>,
                                                instanceNames: [String], deadlines: MonitorDeadlines?, pairNames: [String]) {
        self.subject = subject
        self.callbacks = automaton.callbacks
        self.displayNames = automaton.callbacks.indices.map { Conformance.display($0, in: automaton) }
        self.instanceNames = instanceNames
        (names, settled, moves, silent, initial) = (tables.names, tables.settled, tables.moves, tables.silent, tables.initial)
        self.deadlines = deadlines
        self.pairNames = pairNames
    }

    /// Whether the monitor keeps time (its machine has deadlines): it then reads a clock,
    /// `ProcessInfo`'s by default, so its file needs Foundation, and the file's shared clock
    /// (`emitSearch(into:timed: true)`).
    public var keepsTime: Bool { deadlines != nil }

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

    /// Whether `machine`'s monitor would be empty (`isEmpty`), without building its tables: what a
    /// caller asks before deciding to write a monitor at all.
    public static func isEmpty(model: Model, machine: Machine) -> Bool {
        MachineAutomaton(model: model, machine: machine, phases: false).callbacks.isEmpty
    }

    /// Whether `system`'s monitor would be empty, without building its tables.
    public static func isEmpty(model: Model, system: System) -> Bool {
        SystemAutomaton(model: model, system: system).callbacks.isEmpty
    }

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
    /// (`private`, so that two generated files in one module do not clash); `timed`: with the
    /// clock of the monitors that watch deadlines (`LifecycleMonitorClock`).
    public static func searchSource(timed: Bool = false) -> [UInt8] {
        var printer = Printer()
        emitSearch(into: &printer, timed: timed)
        return printer.bytes
    }

    /// The name of the shared search in the generated file, and of the shared clock of the
    /// monitors that watch deadlines.
    static let searchName = "LifecycleMonitorSearch"
    static let clockName = "LifecycleMonitorClock"

    static func emitSearch(into printer: inout Printer, timed: Bool) {
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
        if timed {
            printer.line()
            emitClockType(into: &printer)
        }
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
        if deadlines != nil {
            printer.line("///")
            printer.line("/// It also keeps the spec's deadlines on `now` (seconds; tests set their own clock): a callback")
            printer.line("/// that does not follow its pair's first in time, or a run that can only be where a state's")
            printer.line("/// `within` ran out, is a `MissedDeadline` for `onMissedDeadline`, noticed at the next callback")
            printer.line("/// or `checkDeadlines()`. A state's time counts from the latest moment the run can have entered it.")
        }
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
            if let deadlines { emitClock(deadlines, into: &printer) }
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
                if deadlines != nil {
                    printer.line("let time = now()")
                    printer.line("passTime(to: time)")
                    printer.line("if let taken = clock.take(callback, at: time, from: positions) {")
                    printer.line("    positions = taken.positions")
                    printer.line("    if let miss = taken.missed { onMissedDeadline(MissedDeadline(deadline: miss.deadline, reason: miss.reason, ranOut: miss.ranOut, noticed: time)) }")
                    printer.line("    return nil")
                    printer.line("}")
                } else {
                    printer.line("let next = \(Self.searchName).advance(positions, by: callback, moves: \(typeName).moves, silent: \(typeName).silent)")
                    printer.line("guard next.isEmpty else {")
                    printer.line("    positions = next")
                    printer.line("    return nil")
                    printer.line("}")
                }
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
            if let deadlines { emitDeadlineMethods(deadlines, into: &printer) }
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
            if let deadlines { emitDeadlineTables(deadlines, into: &printer) }
        }
        printer.line("}")
    }

    // MARK: - Time (issue 43)

    /// `[1, 2]`.
    static func list(_ numbers: [Int]) -> String { "[" + numbers.map(String.init).joined(separator: ", ") + "]" }

    /// A Swift literal of an optional string.
    static func optional(_ text: String?) -> String { text.map(StringLiteral.swift) ?? "nil" }

    func emitClock(_ deadlines: MonitorDeadlines, into printer: inout Printer) {
        printer.line("/// A deadline of the spec that ran out: a state held past its `within`, or a callback that did")
        printer.line("/// not follow its pair's first in time.")
        printer.line("struct MissedDeadline: Error, Sendable, Equatable, CustomStringConvertible {")
        printer.indented { printer in
            printer.line("/// `'Launching' within 20s`, or `'f()' to 'g()' within 30s`.")
            printer.line("var deadline: String")
            printer.line("/// Why the spec sets it, when it says.")
            printer.line("var reason: String?")
            printer.line("/// When it ran out, and when the monitor noticed (`now()`'s seconds).")
            printer.line("var ranOut: Double")
            printer.line("var noticed: Double")
            printer.line()
            printer.line("var description: String {")
            printer.line("    \"missed deadline: \\(deadline)\" + (reason.map { \" (\\\"\\($0)\\\")\" } ?? \"\") + \"; noticed \\(noticed - ranOut) s after it ran out\"")
            printer.line("}")
        }
        printer.line("}")
        printer.line()
        printer.line("/// The time now in seconds, from any fixed moment (only differences count): the system's")
        printer.line("/// uptime unless a test sets its own.")
        printer.line("var now: @Sendable () -> Double = { ProcessInfo.processInfo.systemUptime }")
        printer.line()
        printer.line("/// Called with each missed deadline; by default stops a debug build.")
        printer.line("var onMissedDeadline: @Sendable (MissedDeadline) -> Void = { missed in assertionFailure(missed.description) }")
        printer.line()
        let type = typeName
        printer.line("/// The times of where the run can be, over this monitor's deadline tables (`\(Self.clockName)`).")
        printer.line("private var clock = \(Self.clockName)(")
        printer.line("    stateDeadlines: \(type).stateDeadlines, pairDeadlines: \(type).pairDeadlines, inside: \(type).inside,")
        printer.line("    keeps: \(type).keeps, quietKeeps: \(type).quietKeeps, moves: \(type).moves, silent: \(type).silent)")
        printer.line()
    }

    func emitDeadlineMethods(_ deadlines: MonitorDeadlines, into printer: inout Printer) {
        let lines = #"""

        /// Reports to `onMissedDeadline` the deadlines that ran out by `now()`: call it from a timer, or
        /// at the end of a test.
        mutating func checkDeadlines() {
            passTime(to: now())
        }

        /// Time passes until `time` with the run where it is: reports the deadlines that ran out meanwhile.
        private mutating func passTime(to time: Double) {
            for miss in clock.passTime(to: time, at: positions) {
                onMissedDeadline(MissedDeadline(deadline: miss.deadline, reason: miss.reason, ranOut: miss.ranOut, noticed: time))
            }
        }
        """#
        for line in lines.split(separator: "\n", omittingEmptySubsequences: false) {
            printer.line(String(line))
        }
    }

    /// The clock every timed monitor of a file keeps over its own deadline tables, written once
    /// per file after the search: the same rules for every machine, generic over its callbacks.
    static func emitClockType(into printer: inout Printer) {
        let lines = #"""
        /// The clock of every lifecycle monitor of this file that watches deadlines (`lifecycle swift --monitor`),
        /// over the monitor's tables: stateDeadlines and pairDeadlines, the spec's; inside[p], the state
        /// deadlines position p is certainly within; keeps[p][i], those every step behind moves[p][i] keeps
        /// (neither leaves nor enters again); quietKeeps[p], those every step from p that calls nothing keeps.
        /// Each position carries the latest moment the run can have entered each state with a deadline: a
        /// position late for one is ruled out, and a miss is reported only when no position on time
        /// explains the callbacks, so a monitor never reports a deadline the run met.
        private struct LifecycleMonitorClock<Callback: Equatable & Sendable>: Sendable {
            /// A deadline that ran out: how the spec names it, why it sets it, and when it ran out.
            typealias Miss = (deadline: String, reason: String?, ranOut: Double)

            let stateDeadlines: [(name: String, reason: String?, seconds: Double)]
            let pairDeadlines: [(from: Callback, to: Callback, name: String, reason: String?, seconds: Double)]
            let inside: [[Int]]
            let keeps: [[[Int]]]
            let quietKeeps: [[Int]]
            let moves: [[(callback: Callback, targets: [Int])]]
            let silent: [[Int]]

            /// For each position the run can be at, for each state deadline: the latest moment the run can
            /// have entered the state, nil where the position is not in it. Empty before the first
            /// callback, whose time starts the initial states' time.
            private var entered: [[Double?]] = []
            /// The last state deadline reported missed, with when it ran out: each miss is reported once.
            private var reportedMiss: (deadline: String, ranOut: Double)?
            /// For each pair deadline: when it runs out while its second callback is awaited.
            private var awaited: [Double?]

            init(stateDeadlines: [(name: String, reason: String?, seconds: Double)],
                 pairDeadlines: [(from: Callback, to: Callback, name: String, reason: String?, seconds: Double)],
                 inside: [[Int]], keeps: [[[Int]]], quietKeeps: [[Int]],
                 moves: [[(callback: Callback, targets: [Int])]], silent: [[Int]]) {
                self.stateDeadlines = stateDeadlines
                self.pairDeadlines = pairDeadlines
                self.inside = inside
                self.keeps = keeps
                self.quietKeeps = quietKeeps
                self.moves = moves
                self.silent = silent
                awaited = Array(repeating: nil, count: pairDeadlines.count)
            }

            /// Time passes until `time` with the run at `positions`: the pair deadlines that run out
            /// meanwhile, and a state's when every place the run can be is past one, in the order they ran out.
            mutating func passTime(to time: Double, at positions: [Int]) -> [Miss] {
                if entered.isEmpty { entered = positions.map { stamp(nil, position: $0, keeping: [], at: time) } }
                latest(at: time, positions)
                var missed: [Miss] = []
                if positions.indices.allSatisfy({ isLate($0, at: time) }), let miss = miss(among: Array(positions.indices), at: time), isNew(miss) {
                    missed.append(miss)
                }
                for (index, end) in awaited.enumerated() {
                    guard let end, end < time else { continue }
                    awaited[index] = nil
                    let deadline = pairDeadlines[index]
                    missed.append((deadline.name, deadline.reason, end))
                }
                return missed.sorted { $0.ranOut < $1.ranOut }
            }

            /// Takes `callback` at `time` if some place of `positions` allows it: from the places no state
            /// deadline rules out if any does, else from the others, with the deadline they missed. Nil
            /// when no place allows it (a violation).
            mutating func take(_ callback: Callback, at time: Double, from positions: [Int]) -> (positions: [Int], missed: Miss?)? {
                let onTime = positions.indices.filter { !isLate($0, at: time) }
                var (next, times) = advance(callback, from: onTime, of: positions, at: time)
                var missed: Miss?
                if next.isEmpty {
                    (next, times) = advance(callback, from: Array(positions.indices), of: positions, at: time)
                    guard !next.isEmpty else { return nil }
                    let late = positions.indices.filter { index in
                        isLate(index, at: time) && moves[positions[index]].contains { $0.callback == callback }
                    }
                    if let miss = miss(among: late, at: time), isNew(miss) { missed = miss }
                }
                entered = times
                for (index, deadline) in pairDeadlines.enumerated() {
                    if callback == deadline.to { awaited[index] = nil }
                    if callback == deadline.from, awaited[index] == nil { awaited[index] = time + deadline.seconds }
                }
                return (next, missed)
            }

            /// A step that calls nothing may have come at any moment until `time`: each position such steps
            /// reach (all of them are among `positions`) gets the latest entry times it can have.
            private mutating func latest(at time: Double, _ positions: [Int]) {
                var changed = true
                while changed {
                    changed = false
                    for (index, position) in positions.enumerated() {
                        for target in silent[position] {
                            guard let known = positions.firstIndex(of: target) else { continue }
                            let merged = later(entered[known], stamp(entered[index], position: target, keeping: quietKeeps[position], at: time))
                            if merged != entered[known] {
                                entered[known] = merged
                                changed = true
                            }
                        }
                    }
                }
            }

            /// Two ways to one position, merged: for each state deadline, the later entry time (a position
            /// carries the latest moment the run can have entered each state).
            private func later(_ a: [Double?], _ b: [Double?]) -> [Double?] {
                zip(a, b).map { a, b in a.map { a in b.map { max(a, $0) } ?? a } ?? b }
            }

            /// When the earliest state deadline of position `index` runs out, and which.
            private func firstRunOut(_ index: Int) -> (at: Double, deadline: Int)? {
                var first: (at: Double, deadline: Int)?
                for (deadline, start) in entered[index].enumerated() {
                    guard let start else { continue }
                    let end = start + stateDeadlines[deadline].seconds
                    if first == nil || end < first!.at { first = (end, deadline) }
                }
                return first
            }

            /// Whether position `index` is impossible at `time`: the run would have stayed in a state past
            /// its deadline. Leaving it exactly at the end meets it.
            private func isLate(_ index: Int, at time: Double) -> Bool {
                guard let first = firstRunOut(index) else { return false }
                return first.at < time
            }

            /// Of the positions `indices`, all late at `time`, the most lenient miss: the one that ran out last.
            private func miss(among indices: [Int], at time: Double) -> Miss? {
                var latest: (at: Double, deadline: Int)?
                for index in indices {
                    guard let first = firstRunOut(index) else { continue }
                    if latest == nil || first.at > latest!.at { latest = first }
                }
                guard let latest else { return nil }
                let deadline = stateDeadlines[latest.deadline]
                return (deadline.name, deadline.reason, latest.at)
            }

            /// Whether `miss` was not reported yet (and it is now).
            private mutating func isNew(_ miss: Miss) -> Bool {
                if let reportedMiss, reportedMiss.deadline == miss.deadline, reportedMiss.ranOut == miss.ranOut { return false }
                reportedMiss = (miss.deadline, miss.ranOut)
                return true
            }

            /// Position `position`'s entry times, reached at `time` from entry times `from` by a step that
            /// keeps the state deadlines `keeping` (neither leaves nor enters them again).
            private func stamp(_ from: [Double?]?, position: Int, keeping: [Int], at time: Double) -> [Double?] {
                stateDeadlines.indices.map { deadline in
                    guard inside[position].contains(deadline) else { return nil }
                    return keeping.contains(deadline) ? (from?[deadline] ?? time) : time
                }
            }

            /// Where `callback` at `time` leads from `positions[i]` for the indices `indices`, with their
            /// entry times (the latest of every way there), then every position steps that call nothing
            /// reach: `\#(searchName).advance` with times.
            private func advance(_ callback: Callback, from indices: [Int], of positions: [Int], at time: Double) -> (positions: [Int], entered: [[Double?]]) {
                var next: [Int] = [], times: [[Double?]] = []
                func add(_ position: Int, _ stamp: [Double?]) -> Bool {
                    guard let known = next.firstIndex(of: position) else {
                        next.append(position)
                        times.append(stamp)
                        return true
                    }
                    let merged = later(times[known], stamp)
                    guard merged != times[known] else { return false }
                    times[known] = merged
                    return true
                }
                for index in indices {
                    let position = positions[index]
                    for (move, item) in moves[position].enumerated() where item.callback == callback {
                        for target in item.targets {
                            _ = add(target, stamp(entered[index], position: target, keeping: keeps[position][move], at: time))
                        }
                    }
                }
                // The steps that call nothing, until no place or time changes.
                var changed = true
                while changed {
                    changed = false
                    var index = 0
                    while index < next.count {
                        for target in silent[next[index]] {
                            if add(target, stamp(times[index], position: target, keeping: quietKeeps[next[index]], at: time)) { changed = true }
                        }
                        index += 1
                    }
                }
                return (next, times)
            }
        }
        """#
        for line in lines.split(separator: "\n", omittingEmptySubsequences: false) {
            printer.line(String(line))
        }
    }

    func emitDeadlineTables(_ deadlines: MonitorDeadlines, into printer: inout Printer) {
        let cases = caseNames
        func seconds(_ milliseconds: Int64) -> String { TimeSpan(milliseconds: milliseconds).decimalSeconds }
        printer.line()
        printer.line("// The deadline tables `\(Self.clockName)` reads (what each is is said there).")
        printer.line("private static let stateDeadlines: [(name: String, reason: String?, seconds: Double)] = [")
        printer.indented { printer in
            for deadline in deadlines.states {
                printer.line("(\(StringLiteral.swift(deadline.name)), \(Self.optional(deadline.reason)), \(seconds(deadline.milliseconds))),")
            }
        }
        printer.line("]")
        printer.line("private static let pairDeadlines: [(from: Callback, to: Callback, name: String, reason: String?, seconds: Double)] = [")
        printer.indented { printer in
            for (pair, name) in zip(deadlines.pairs, pairNames) {
                printer.line("(.\(SwiftNames.identifier(cases[pair.from])), .\(SwiftNames.identifier(cases[pair.to])), \(StringLiteral.swift(name)), \(Self.optional(pair.reason)), \(seconds(pair.milliseconds))),")
            }
        }
        printer.line("]")
        printer.line("private static let inside: [[Int]] = [\(deadlines.inside.map(Self.list).joined(separator: ", "))]")
        printer.line("private static let keeps: [[[Int]]] = [\(deadlines.keeps.map { "[" + $0.map(Self.list).joined(separator: ", ") + "]" }.joined(separator: ", "))]")
        printer.line("private static let quietKeeps: [[Int]] = [\(deadlines.quietKeeps.map(Self.list).joined(separator: ", "))]")
    }
}
