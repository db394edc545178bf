import LifecycleSource
import LifecycleSyntax
import LifecycleModel
import LifecycleChecking
import LifecycleConformance

/// Generates the Swift delegate skeletons of a checked model.
///
/// One class per delegate, adopting what the spec says, with its `var` members and one method
/// per callback its machines call or require — each once, in the order transitions first call
/// them — documented from the model. The spec file's own protocols and classes come first, so
/// the output compiles on its own; imported declarations (a framework's, other specs') are not
/// emitted, and neither is an own type that a framework declares (`URLSessionDownloadDelegate`
/// written in the spec: the file imports Foundation instead) or that the target's files declare.
///
/// Swift 6 language mode: a class is `final` unless the spec says the app subclasses it
/// (`delegate open`), `@MainActor` when it adopts a main-actor type (UIKit's, AppKit's, WebKit's
/// delegates, `UIViewController`), and in such a class the callbacks of a protocol the framework
/// calls from its own queue (`URLSessionDelegate`, `CBPeripheralDelegate`) are `nonisolated`.
public struct SwiftGenerator {
    let model: Model
    /// `--monitor`: also emit each machine's `MonitorGenerator` monitor, and feed it from every callback.
    public var monitor: Bool
    /// The target's other Swift files (`swift --impl`, what the command plugin passes): a type
    /// they declare is not declared again, a delegate class they declare gets an `extension`
    /// with what it lacks, and a callback they implement is not written again.
    public var target: SwiftProgram?

    public init(model: Model, monitor: Bool = false, target: SwiftProgram? = nil) {
        self.model = model
        self.monitor = monitor
        self.target = target
    }

    /// The whole file: header, then body.
    public func generate(specPath: String, command: String) -> [UInt8] {
        GeneratedFileHeader.file(Printer(), specPath: specPath, command: command,
                                 note: "Edit freely: lifecycle will not overwrite an edited file; '--update' adds new callbacks.",
                                 extraLines: ["swift-format-ignore-file", "swiftlint:disable all"]) { emit(into: &$0) }.bytes
    }

    /// The generated code without the header.
    public func body() -> [UInt8] {
        var printer = Printer()
        emit(into: &printer)
        return printer.bytes
    }

    /// Whether there is anything to write besides `import`s: with the target's files, every
    /// type and callback the spec needs may be there already.
    public var isEmpty: Bool {
        let plans = delegatePlans()
        return emittedOwnTypes.isEmpty && plans.allSatisfy { plan in
            swiftUIKind(plan.delegate) == nil ? targetHas(plan) : target?.declaresType(plan.delegate.name) == true
        } && !(monitor && (model.machines.contains { !MonitorGenerator.isEmpty(model: model, machine: $0) }
                             || model.systems.contains { !MonitorGenerator.isEmpty(model: model, system: $0) }))
    }

    func emit(into printer: inout Printer) {
        var needsBlank = false
        let plans = delegatePlans()
        for module in imports(plans) {
            printer.line("import \(module)")
            needsBlank = true
        }
        for index in emittedOwnTypes {
            if needsBlank { printer.line() }
            emitOwnType(model.types[index], into: &printer)
            needsBlank = true
        }
        for plan in plans {
            if let kind = swiftUIKind(plan.delegate) {
                if target?.declaresType(plan.delegate.name) == true { continue }
                if needsBlank { printer.line() }
                emitSwiftUI(plan, kind: kind, into: &printer)
            } else {
                if targetHas(plan) { continue }
                if needsBlank { printer.line() }
                emitDelegate(plan, into: &printer)
            }
            needsBlank = true
        }
        if monitor {
            // Built once: each generator holds its machine's (or its system's) tables.
            let monitors = self.monitors
            for generator in monitors where !generator.isEmpty {
                if needsBlank { printer.line() }
                generator.emit(into: &printer)
                needsBlank = true
            }
            if monitors.contains(where: { !$0.isEmpty }) {
                if needsBlank { printer.line() }
                MonitorGenerator.emitSearch(into: &printer, timed: monitors.contains { !$0.isEmpty && $0.keepsTime })
            }
        }
    }

    // MARK: - What exists already

    /// The spec's own protocols and classes that this file declares: not those a built-in
    /// module declares (the file imports it instead), nor those the target's files declare.
    var emittedOwnTypes: [Int] {
        model.ownTypes.filter { frameworkDeclaring(model.types[$0].name) == nil && target?.declaresType(model.types[$0].name) != true }
    }

    /// The built-in module that declares a protocol or class `name`, for a spec's own type of a
    /// framework's name (Foundation for `URLSessionDownloadDelegate`, and for `NSObject`).
    func frameworkDeclaring(_ name: String) -> String? {
        let modules = BuiltInModules.modules(declaring: name)
        return modules.contains("Foundation") ? "Foundation" : modules.first
    }

    /// Whether the target's files already hold everything of a delegate class: it is declared
    /// there, adopts every protocol the spec names and implements every planned callback.
    func targetHas(_ plan: DelegatePlan) -> Bool {
        guard let target, target.classDeclaration(plan.delegate.name) != nil else { return false }
        return missingProtocols(plan).isEmpty && missingMethods(plan).isEmpty
    }

    /// The planned methods the target's files do not implement (all of them without a target).
    func missingMethods(_ plan: DelegatePlan) -> [PlannedMethod] {
        guard let target else { return plan.methods }
        let implemented = target.methods(ofClass: plan.delegate.name).map(\.member)
        guard !implemented.isEmpty else { return plan.methods }
        return plan.methods.filter { planned in
            let method = model.method(planned.ref)
            let expected = ScannedMethod(baseName: method.name, parameters: method.parameters, returnType: method.returnType)
            if case .implemented = ImplementationMatcher.match(expected, in: implemented, aliases: target.aliases) { return false }
            return true
        }
    }

    /// The protocols the spec's delegate adopts that the target's declaration and extensions of
    /// the class do not list.
    func missingProtocols(_ plan: DelegatePlan) -> [Int] {
        let listed = Set((target?.declarations(of: plan.delegate.name) ?? []).flatMap(\.type.inherited))
        return plan.delegate.adopted.filter { model.types[$0].kind == .protocol && !listed.contains(model.types[$0].name) }
    }

    // MARK: - Imports

    /// The modules the file imports: the built-in modules the spec imports (SwiftUI, UIKit and
    /// AppKit first, then the others by name), then the modules of its own types of a framework's
    /// name and of the types the generated methods name (`import CloudKit` for
    /// `CKShare.Metadata`), sorted: without them the file would not compile.
    func imports(_ plans: [DelegatePlan]) -> [String] {
        let lead = ["SwiftUI", "UIKit", "AppKit"].filter(model.modules.contains)
        var modules = lead + model.modules.filter { !lead.contains($0) }.sorted()
        var extra: Set<String> = []
        for index in model.ownTypes {
            if let module = frameworkDeclaring(model.types[index].name) { extra.insert(module) }
        }
        for plan in plans {
            for planned in plan.methods { extra.formUnion(frameworks(of: planned.ref)) }
        }
        for index in emittedOwnTypes {
            for method in model.types[index].methods { extra.formUnion(Self.frameworks(of: method, table: importTable)) }
        }
        modules += extra.subtracting(modules).sorted()
        // A monitor that keeps time reads `ProcessInfo`'s clock.
        if monitor, monitors.contains(where: \.keepsTime), !modules.contains(where: ["Foundation", "UIKit", "AppKit", "SwiftUI"].contains) {
            modules.append("Foundation")
        }
        return modules
    }

    /// Every imported catalog's table of other frameworks' types (`CKShare` → `CloudKit`).
    var importTable: [String: String] {
        var table: [String: String] = [:]
        for module in model.modules {
            guard let catalog = BuiltInModules.named(module) else { continue }
            table.merge(catalog.frameworks) { first, _ in first }
            for other in catalog.reexports { table.merge(BuiltInModules.named(other)?.frameworks ?? [:]) { first, _ in first } }
        }
        return table
    }

    /// The frameworks a method of the model names, from its catalog's table.
    func frameworks(of ref: MethodRef) -> [String] {
        guard let origin = model.types[ref.type].origin, let catalog = BuiltInModules.named(origin) else {
            return Self.frameworks(of: model.method(ref), table: importTable)
        }
        return Self.frameworks(of: model.method(ref), table: catalog.frameworks)
    }

    /// The frameworks of `table` (a catalog's `frameworks`) that a method's parameter and result
    /// types name.
    static func frameworks(of method: Method, table: [String: String]) -> [String] {
        guard !table.isEmpty else { return [] }
        var modules: [String] = []
        for type in method.parameters.map(\.type) + (method.returnType.map { [$0] } ?? []) {
            var name = ""
            for character in type + " " {
                if character.isLetter || character.isNumber || character == "_" {
                    name.append(character)
                    continue
                }
                if let module = table[name] { modules.append(module) }
                name = ""
            }
        }
        return modules
    }

    /// The frameworks of the UIKit catalog's table that a method names (`--update`'s imports).
    static func frameworks(of method: Method) -> [String] { frameworks(of: method, table: BuiltInModules.uiKit.frameworks) }

    /// One monitor per machine, then one per system (fed `(instance, #function)`), in
    /// declaration order.
    var monitors: [MonitorGenerator] {
        model.machines.map { MonitorGenerator(model: model, machine: $0) } + model.systems.map { MonitorGenerator(model: model, system: $0) }
    }

    /// The lines that feed a delegate's monitors, by selector: `sceneMonitor.record(.sceneDidBecomeActive)`,
    /// one per machine of the delegate that calls the callback. Empty without `--monitor`.
    func monitorCalls(_ plan: DelegatePlan) -> [String: [String]] {
        guard monitor else { return [:] }
        var calls: [String: [String]] = [:]
        for machineIndex in plan.machines {
            let generator = MonitorGenerator(model: model, machine: model.machines[machineIndex])
            let property = MonitorGenerator.propertyName(model.machines[machineIndex].name)
            for (callback, name) in zip(generator.callbacks, generator.caseNames) {
                calls[callback.selector, default: []].append("\(property).record(.\(SwiftNames.identifier(name)))")
            }
        }
        return calls
    }

    // MARK: - Planning

    /// What one delegate class holds.
    public struct DelegatePlan {
        public var delegate: Delegate
        public var machines: [Int]
        public var properties: [Property]
        public var methods: [PlannedMethod]
    }

    /// A method of a delegate class and why it is there.
    public struct PlannedMethod {
        public var ref: MethodRef
        /// (machine, transition) pairs that call it, in order.
        /// The transitions calling it, and where in each one's callbacks it first comes.
        public var callers: [(machine: Int, transition: Int, position: Int)]
        public var requirements: [(machine: Int, reason: String?)]
        /// The own protocol that makes it mandatory, when no transition calls it.
        public var requiredByProtocol: String?
        /// The states whose `entry calls` (`isEntry`) or `exit calls` name it, in order.
        public var stateCallers: [(machine: Int, state: Int, isEntry: Bool, position: Int, count: Int)] = []
    }

    /// The delegate classes to generate, merged by name, in order of first appearance.
    public func delegatePlans() -> [DelegatePlan] {
        var plans: [DelegatePlan] = []
        var planByName: [String: Int] = [:]
        for (machineIndex, machine) in model.machines.enumerated() {
            guard let delegate = machine.delegate else { continue }
            if let existing = planByName[delegate.name] {
                plans[existing].machines.append(machineIndex)
                // One machine saying the app subclasses it is enough.
                plans[existing].delegate.isOpen = plans[existing].delegate.isOpen || delegate.isOpen
            } else {
                planByName[delegate.name] = plans.count
                plans.append(DelegatePlan(delegate: delegate, machines: [machineIndex], properties: [], methods: []))
            }
        }
        return plans.map(plan)
    }

    func plan(_ input: DelegatePlan) -> DelegatePlan {
        var plan = input
        var methodIndex: [String: Int] = [:]
        func add(_ ref: MethodRef) -> Int {
            let selector = model.method(ref).reference
            if let index = methodIndex[selector] { return index }
            methodIndex[selector] = plan.methods.count
            plan.methods.append(PlannedMethod(ref: ref, callers: [], requirements: [], requiredByProtocol: nil))
            return plan.methods.count - 1
        }
        for machineIndex in plan.machines {
            let machine = model.machines[machineIndex]
            for (t, transition) in machine.transitions.enumerated() {
                for (position, callback) in transition.callbacks.enumerated() {
                    let index = add(callback)
                    if plan.methods[index].callers.last.map({ ($0.machine, $0.transition) != (machineIndex, t) }) ?? true {
                        plan.methods[index].callers.append((machineIndex, t, position))
                    }
                }
            }
            for state in machine.states.indices {
                for (isEntry, refs) in [(true, machine.stateCallbacks.entry[state] ?? []), (false, machine.stateCallbacks.exit[state] ?? [])] {
                    for (position, callback) in refs.enumerated() {
                        plan.methods[add(callback)].stateCallers.append((machineIndex, state, isEntry, position, refs.count))
                    }
                }
            }
            for requirement in machine.requirements {
                plan.methods[add(requirement.callback)].requirements.append((machineIndex, requirement.reason))
            }
        }
        // Swift protocols declared in the spec have no optional requirements: implement them all.
        var propertyNames: Set<String> = []
        for type in adoptedTypes(plan.delegate) where model.types[type].kind == .protocol {
            let info = model.types[type]
            for property in info.properties where propertyNames.insert(property.name).inserted {
                plan.properties.append(property)
            }
            // A framework's protocol: its requirements that are not optional (URLSessionDownloadDelegate's
            // urlSession(_:downloadTask:didFinishDownloadingTo:)).
            for index in info.methods.indices where (!info.isImported || info.methods[index].isRequired) {
                let ref = MethodRef(type: type, index: index)
                let position = add(ref)
                if plan.methods[position].callers.isEmpty && plan.methods[position].requirements.isEmpty
                    && plan.methods[position].stateCallers.isEmpty {
                    plan.methods[position].requiredByProtocol = info.name
                }
            }
        }
        return plan
    }

    /// The delegate's adopted types and all their ancestors, each once, in a stable order.
    func adoptedTypes(_ delegate: Delegate) -> [Int] {
        var seen: Set<Int> = []
        var order: [Int] = []
        var work = Array(delegate.adopted.reversed())
        while let next = work.popLast() {
            guard seen.insert(next).inserted else { continue }
            order.append(next)
            work.append(contentsOf: model.types[next].parents.reversed())
        }
        return order
    }

    // MARK: - Emitting

    /// The class of a delegate, or, when the target's files declare the class, an extension
    /// with the protocols and callbacks it lacks.
    func emitDelegate(_ plan: DelegatePlan, into printer: inout Printer) {
        let names = plan.machines.map { "`\(model.machines[$0].name)`" }.joined(separator: ", ")
        let isolation = self.isolation(of: plan.delegate)
        let extending = target?.classDeclaration(plan.delegate.name) != nil
        let methods = missingMethods(plan)
        if extending {
            printer.line("/// What the delegate of \(names) lacks, generated from its lifecycle spec: the class is declared")
            printer.line("/// in another file of the target.")
        } else {
            printer.line("/// The delegate of \(names), generated from its lifecycle spec.")
        }
        for machineIndex in plan.machines {
            if let description = model.machines[machineIndex].description {
                printer.line("///")
                for line in DocComment.lines(description) { printer.line("/// \(line)".replacingTrailingSpaces()) }
            }
        }
        if adopts(plan.delegate, "NSApplicationDelegate", from: "AppKit") && !extending {
            printer.line("///")
            printer.line("/// AppKit uses this class only as the app's delegate: mark it `@main` (once, in the app target), or set")
            printer.line("/// `NSApplication.shared.delegate` to one in `main.swift` before `NSApp.run()`.")
        }
        if adopts(plan.delegate, "UIApplicationDelegate") && !extending {
            printer.line("///")
            if let app = swiftUIApp {
                printer.line("/// SwiftUI creates this class at launch: `\(app)`'s `@UIApplicationDelegateAdaptor` names it.")
            } else {
                printer.line("/// UIKit creates this class at launch only when it is the app's entry point: mark it `@main`")
                printer.line("/// (once, in the app target) or name it in `UIApplicationMain(_:_:_:_:)` in `main.swift`.")
            }
        }
        if !extending {
            for line in isolationNote(plan.delegate, isolation: isolation) { printer.line("///" + (line.isEmpty ? "" : " " + line)) }
        }
        let name = SwiftNames.identifier(plan.delegate.name)
        if extending {
            let adopted = missingProtocols(plan).map { SwiftNames.identifier(model.types[$0].name) }
            printer.line("extension \(name)" + (adopted.isEmpty ? "" : ": " + adopted.joined(separator: ", ")) + " {")
        } else {
            let adopted = plan.delegate.adopted.map { SwiftNames.identifier(model.types[$0].name) }
            if isolation == .mainActor { printer.line("@MainActor") }
            printer.line((plan.delegate.isOpen ? "" : "final ") + "class \(name)" + (adopted.isEmpty ? "" : ": " + adopted.joined(separator: ", ")) + " {")
        }
        printer.indented { printer in
            var hasMembers = false
            if !extending {
                for property in plan.properties {
                    printer.line(SwiftGenerator.propertyDeclaration(property))
                }
                hasMembers = !plan.properties.isEmpty
            }
            let calls = monitorCalls(plan)
            if monitor && !extending {
                for machineIndex in plan.machines where !MonitorGenerator.isEmpty(model: model, machine: model.machines[machineIndex]) {
                    let machineName = model.machines[machineIndex].name
                    if hasMembers { printer.line() }
                    printer.line("/// Checks that `\(machineName)`'s callbacks come in an order its spec allows (`lifecycle swift --monitor`).")
                    // Fed from callbacks off the main actor: the framework makes them one at a time, on
                    // its delegate queue, which is what keeps the unchecked property safe.
                    if isolation == .sendable || plan.methods.contains(where: { nonisolated($0.ref, in: isolation) }) {
                        printer.line("/// The framework calls these callbacks one at a time, on its delegate queue.")
                        printer.line("nonisolated(unsafe) var \(MonitorGenerator.propertyName(machineName)) = \(MonitorGenerator.typeName(machineName))()")
                    } else {
                        printer.line("var \(MonitorGenerator.propertyName(machineName)) = \(MonitorGenerator.typeName(machineName))()")
                    }
                    hasMembers = true
                }
            }
            for (index, method) in methods.enumerated() {
                if index > 0 || hasMembers { printer.line() }
                emitDocumentation(method, into: &printer)
                emitMethod(method.ref, prologue: calls[model.method(method.ref).reference] ?? [],
                           nonisolated: nonisolated(method.ref, in: isolation), into: &printer)
            }
        }
        printer.line("}")
    }

    /// How the generated class is isolated: `@MainActor` when it adopts a main-actor type (a
    /// UIKit or AppKit delegate, `UIViewController`, a WebKit delegate, a spec's own protocol in
    /// a UIKit or AppKit spec, which the file declares `@MainActor`); else `Sendable` (through
    /// its protocol) when it adopts a `Sendable` protocol; else neither.
    func isolation(of delegate: Delegate) -> TypeIsolation? {
        var result: TypeIsolation?
        for type in adoptedTypes(delegate) {
            switch typeIsolation(type) {
            case .mainActor: return .mainActor
            case .sendable: result = .sendable
            case nil: break
            }
        }
        return result
    }

    /// A type's isolation: its catalog's, or for a spec's own type the file's (`@MainActor` with
    /// UIKit or AppKit); a type the target declares is taken as its catalog or spec says.
    func typeIsolation(_ type: Int) -> TypeIsolation? {
        let info = model.types[type]
        if info.origin == nil { return ownTypesAreMainActor ? .mainActor : nil }
        return info.isolation
    }

    /// Whether the spec's own protocols and classes are written `@MainActor`: with UIKit or AppKit.
    var ownTypesAreMainActor: Bool { model.importsUIKit || model.modules.contains("AppKit") }

    /// Whether a callback is `nonisolated` in a class of `isolation`: in a `@MainActor` class, the
    /// callbacks of a protocol the framework calls from its own queue.
    func nonisolated(_ ref: MethodRef, in isolation: TypeIsolation?) -> Bool {
        isolation == .mainActor && model.types[ref.type].kind == .protocol && typeIsolation(ref.type) != .mainActor
    }

    /// The doc lines that say how the class is isolated and why, when that is not UIKit's plain
    /// `@MainActor` (which a reader expects).
    func isolationNote(_ delegate: Delegate, isolation: TypeIsolation?) -> [String] {
        var lines: [String] = []
        let calledOffMain = adoptedTypes(delegate).filter { model.types[$0].kind == .protocol && BuiltInModules.isModule(model.types[$0].origin) && typeIsolation($0) != .mainActor }
        // Named as the spec adopts them, not with every protocol they refine.
        let named = delegate.adopted.filter(calledOffMain.contains)
        if isolation == .sendable, let first = named.first(where: { typeIsolation($0) == .sendable }) {
            let framework = BuiltInModules.framework(of: model.types[first].origin) ?? "The framework"
            let names = named.filter { typeIsolation($0) == .sendable }.map { "`\(model.types[$0].name)`" }
            lines += ["", "\(Suggestions.orList(names, conjunction: "and")) \(names.count == 1 ? "is" : "are") `Sendable`: \(framework) calls it on its own queue, so",
                      "this class is `final` and `Sendable`. Keep mutable state in an actor or behind a lock."]
        } else if isolation == .mainActor, let first = named.first {
            let framework = BuiltInModules.framework(of: model.types[first].origin) ?? "The framework"
            let names = named.map { "`\(model.types[$0].name)`" }
            lines += ["", "The callbacks of \(Suggestions.orList(names, conjunction: "and")) are `nonisolated`: \(framework) calls them on the",
                      "queue the app gave it, not on the main actor. Hop to the main actor before touching its state."]
        }
        if delegate.isOpen { lines += ["", "Not `final`: the spec says the app subclasses it (`delegate open`)."] }
        return lines
    }

    /// The longest description repeated in full in the documentation of every callback it
    /// concerns. A transition's longer description is written at its first callback only, and
    /// a state's is cut to this length with `…`: one 150 KB spec whose long descriptions each
    /// concern thousands of callbacks made 200 MB of Swift. Generated text then grows at most
    /// by this much per callback of a transition.
    public static let repeatedDescriptionLimit = 400

    /// The `///` lines explaining when a method runs.
    ///
    /// Linear in the callers: where the method comes in a transition's callbacks was noted
    /// when planning, not searched for (40,000 callbacks in one transition took 17 s).
    ///
    /// `marker` starts each line: `///` before a method, `//` inside a SwiftUI modifier's closure.
    func emitDocumentation(_ method: PlannedMethod, marker: String = "///", into printer: inout Printer) {
        var first = true
        func separate() {
            if !first { printer.line(marker) }
            first = false
        }
        for caller in method.callers {
            separate()
            let machine = model.machines[caller.machine]
            let transition = machine.transitions[caller.transition]
            let source = machine.states[transition.source], target = machine.states[transition.target]
            var line = "\(marker) Runs when `\(machine.name)` goes `\(source.name) → \(target.name)`"
            if transition.isInternal { line = "\(marker) Runs" }
            if let event = transition.event { line += " on `\(event)`" }
            if let trigger = transition.trigger { line += " (by \(trigger.rawValue))" }
            if transition.isInternal {
                line += " while `\(machine.name)` stays in `\(source.name)` (an internal transition)"
            }
            let position = caller.position + 1
            let callbacks = transition.callbacks
            line += ", callback \(position) of \(transition.callbacks.count)"
            if position > 1 { line += ", after `\(model.method(callbacks[callbacks.startIndex + position - 2]).selector)`" }
            printer.line(line + ".")
            let limit = Self.repeatedDescriptionLimit
            if let description = transition.description {
                if position == 1 || description.unicodeScalars.count <= limit {
                    for text in DocComment.lines(description) { printer.line("\(marker) \(text)".replacingTrailingSpaces()) }
                } else {
                    printer.line("\(marker) (The transition's description is at `\(model.method(callbacks[callbacks.startIndex]).selector)`.)")
                }
            }
            for state in (transition.source == transition.target ? [source] : [source, target]) {
                if let description = state.description {
                    var text = DocComment.singleLine(description)
                    if text.unicodeScalars.count > limit {
                        text = String(String.UnicodeScalarView(text.unicodeScalars.prefix(limit))) + "…"
                    }
                    printer.line("\(marker) - \(state.name): \(text)".replacingTrailingSpaces())
                }
            }
        }
        for caller in method.stateCallers {
            separate()
            let machine = model.machines[caller.machine]
            let state = machine.states[caller.state]
            var line = "\(marker) Runs whenever `\(machine.name)` \(caller.isEntry ? "enters" : "leaves") `\(state.name)`, by any transition"
            line += caller.isEntry ? " (after the transition's own callbacks)" : " (before the transition's own callbacks)"
            if caller.count > 1 {
                line += ", \(caller.isEntry ? "entry" : "exit") callback \(caller.position + 1) of \(caller.count)"
            }
            printer.line(line + ".")
            if let description = state.description {
                var text = DocComment.singleLine(description)
                if text.unicodeScalars.count > Self.repeatedDescriptionLimit {
                    text = String(String.UnicodeScalarView(text.unicodeScalars.prefix(Self.repeatedDescriptionLimit))) + "…"
                }
                printer.line("\(marker) - \(state.name): \(text)".replacingTrailingSpaces())
            }
        }
        for requirement in method.requirements {
            separate()
            let reason = requirement.reason.map { ": " + DocComment.singleLine($0) } ?? "."
            printer.line("\(marker) Required by `\(model.machines[requirement.machine].name)`\(reason)".replacingTrailingSpaces())
        }
        if method.callers.isEmpty, let owner = method.requiredByProtocol {
            separate()
            printer.line("\(marker) Required by protocol `\(owner)`; no transition calls it.")
        }
        if let availability = model.method(method.ref).availability, availability.isDeprecated {
            separate()
            let platform = availability.platform == "*" ? (model.platform?.name ?? "iOS") : availability.platform
            var line = "\(marker) - Important: Deprecated"
            if let version = availability.deprecated { line += " since \(platform) \(version)" }
            line += ": \(BuiltInModules.framework(of: model.types[method.ref.type].origin) ?? "its caller") may stop calling it"
            if let replacement = availability.replacement { line += "; " + DocComment.singleLine(replacement) }
            printer.line(line + ".")
            printer.line("// " + DocComment.singleLine(availability.text))
        }
    }

    /// Whether `delegate` adopts the protocol `name` of `origin` (UIKit's unless said), directly
    /// or through a protocol it adopts.
    func adopts(_ delegate: Delegate, _ name: String, from origin: String = "UIKit") -> Bool {
        var pending = delegate.adopted
        var seen = Set<Int>()
        while let type = pending.popLast() {
            guard seen.insert(type).inserted else { continue }
            if model.types[type].name == name && model.types[type].origin == origin { return true }
            pending.append(contentsOf: model.types[type].parents)
        }
        return false
    }

    /// The first machine's delegate class that is a scene delegate (adopts `UISceneDelegate`,
    /// as `UIWindowSceneDelegate` does): the class a scene configuration names.
    var sceneDelegateClass: String? {
        model.machines.lazy.compactMap(\.delegate).first { adopts($0, "UISceneDelegate") }?.name
    }

    /// A method with a skeleton body: a `super` call for overrides, a default return value.
    /// - Parameter nonisolated: write it `nonisolated` (`nonisolated(_:in:)`).
    func emitMethod(_ ref: MethodRef, prologue: [String] = [], nonisolated: Bool = false, into printer: inout Printer) {
        let method = model.method(ref)
        let owner = model.types[ref.type]
        if let attribute = availabilityAttribute(method, owner: owner) { printer.line(attribute) }
        printer.line((nonisolated ? "nonisolated " : "") + SwiftDeclaration.signature(method, ownerKind: owner.kind) + " {")
        printer.indented { printer in
            for line in prologue { printer.line(line) }
            if owner.kind == .class {
                emitOverrideBody(method, into: &printer)
            } else if let sceneDelegate = sceneDelegateClass, owner.origin == "UIKit", method.body == nil,
                      method.selector == "application(_:configurationForConnecting:options:)",
                      let value = SwiftDeclaration.defaultReturn(method) {
                // Without a scene manifest in Info.plist, the configuration is all UIKit has to
                // find the scene delegate: without `delegateClass` no scene callback would run.
                printer.line("let configuration = \(value)")
                printer.line("configuration.delegateClass = \(SwiftNames.identifier(sceneDelegate)).self")
                printer.line("return configuration")
            } else {
                if let body = method.body { for line in DocComment.lines(body) { printer.line(line) } }
                if let statement = SwiftDeclaration.defaultReturnStatement(method) { printer.line(statement) }
            }
        }
        printer.line("}")
    }

    /// `@available(iOS 26.0, *)` for a framework's callback newer than the spec's `platform`: its
    /// types, or the `super` call of an override, exist only from that version, so without it
    /// the file would not compile at the app's deployment target.
    func availabilityAttribute(_ method: Method, owner: TypeInfo) -> String? {
        guard BuiltInModules.isModule(owner.origin), let introduced = introducedAfterPlatform(method) else { return nil }
        return "@available(\(method.availability!.platform) \(introduced), *)"
    }

    /// The version a catalog method was introduced in, when it is newer than the spec's platform.
    func introducedAfterPlatform(_ method: Method) -> PlatformVersion? {
        guard let platform = model.platform, let availability = method.availability,
              let introduced = availability.introduced, introduced > platform.version,
              availability.platform == platform.name
                || availability.platform == "iOS" && (platform.name == "iPadOS" || platform.name == "macCatalyst")
        else { return nil }
        return introduced
    }

    /// The body of an `override`: the spec's `body`, else a call to `super` with every parameter.
    func emitOverrideBody(_ method: Method, into printer: inout Printer) {
        if let body = method.body {
            for line in DocComment.lines(body) { printer.line(line) }
            if let statement = SwiftDeclaration.defaultReturnStatement(method) { printer.line(statement) }
        } else if SwiftDeclaration.hasVariadicParameter(method) {
            printer.line("// Swift cannot pass a variadic parameter on: call `super.\(SwiftNames.identifier(method.name))` with the values it needs.")
            if let statement = SwiftDeclaration.defaultReturnStatement(method) { printer.line(statement) }
        } else {
            var call = "super.\(SwiftNames.identifier(method.name))\(SwiftDeclaration.forwardingArguments(method))"
            if method.isAsync { call = "await " + call }
            if method.isThrowing { call = "try " + call }
            printer.line(method.returnType == nil ? call : "return " + call)
        }
    }

    /// A protocol or class the spec declares itself.
    ///
    /// With `import UIKit` it is `@MainActor`, like UIKit's own delegate protocols: a delegate
    /// is usually a `UIResponder`, which is main-actor isolated, and Swift 6 rejects a
    /// main-actor class conforming to a nonisolated protocol ("conformance crosses into main
    /// actor-isolated code") or subclassing a nonisolated class.
    func emitOwnType(_ info: TypeInfo, into printer: inout Printer) {
        let parents = info.parents.map { SwiftNames.identifier(model.types[$0].name) }
        let keyword = info.kind == .protocol ? "protocol" : "class"
        if ownTypesAreMainActor { printer.line("@MainActor") }
        printer.line("\(keyword) \(SwiftNames.identifier(info.name))" + (parents.isEmpty ? "" : ": " + parents.joined(separator: ", ")) + " {")
        printer.indented { printer in
            for property in info.properties {
                printer.line(info.kind == .protocol
                             ? "var \(SwiftNames.identifier(property.name)): \(property.type) { get set }"
                             : SwiftGenerator.propertyDeclaration(property))
            }
            for (index, method) in info.methods.enumerated() {
                if info.kind == .protocol {
                    printer.line(SwiftDeclaration.signature(method, ownerKind: .protocol, forProtocol: true))
                } else {
                    if index > 0 || !info.properties.isEmpty { printer.line() }
                    // A method the superclass has (`func viewDidLoad()` in a `UIViewController`
                    // subclass) is restated on purpose: an override that calls `super`. The
                    // checker rejects one with other types (`Checker.checkOverrides`).
                    let overrides = Overrides.inheritedMethod(method.selector, parents: info.parents, in: model.types) != nil
                    printer.line(SwiftDeclaration.signature(method, ownerKind: overrides ? .class : .protocol) + " {")
                    printer.indented { printer in
                        if overrides {
                            emitOverrideBody(method, into: &printer)
                        } else {
                            if let body = method.body { for line in DocComment.lines(body) { printer.line(line) } }
                            if let statement = SwiftDeclaration.defaultReturnStatement(method) { printer.line(statement) }
                        }
                    }
                    printer.line("}")
                }
            }
        }
        printer.line("}")
    }

    /// `var name: Type` with an initial value when one is obvious, else a computed placeholder.
    static func propertyDeclaration(_ property: Property) -> String {
        let name = SwiftNames.identifier(property.name)
        // `var p: Int = 5`: the spec gives the initial value itself.
        if property.type.contains("=") { return "var \(name): \(property.type)" }
        let type = SwiftTypeText.normalized(property.type)
        if type.hasSuffix("?") || type.hasSuffix("!") { return "var \(name): \(property.type)" }
        let value: String? = switch type {
        case "Bool": "false"
        case "Int", "Double", "Float", "UInt": "0"
        case "String": "\"\""
        default: type.hasPrefix("[") ? (type.contains(":") ? "[:]" : "[]") : nil
        }
        if let value { return "var \(name): \(property.type) = \(value)" }
        return "var \(name): \(property.type) { get { fatalError(\"Implement \(property.name)\") } set {} }"
    }
}
