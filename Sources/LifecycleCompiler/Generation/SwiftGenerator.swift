/// Generates the Swift delegate skeletons of a checked model.
///
/// One class per delegate, adopting what the spec says, with its `var` members and one method
/// per callback its machines call or require — each once, in the order transitions first call
/// them — documented from the model. The spec file's own protocols and classes come first, so
/// the output compiles on its own; imported declarations (UIKit, other specs) are not emitted.
public struct SwiftGenerator {
    let model: Model
    /// `--monitor`: also emit each machine's `MonitorGenerator` monitor, and feed it from every callback.
    public var monitor: Bool

    public init(model: Model, monitor: Bool = false) {
        self.model = model
        self.monitor = monitor
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

    func emit(into printer: inout Printer) {
        var needsBlank = false
        let plans = delegatePlans()
        if model.importsSwiftUI {
            printer.line("import SwiftUI")
            needsBlank = true
        }
        if model.importsUIKit {
            printer.line("import UIKit")
            for module in frameworkImports(plans) { printer.line("import \(module)") }
            needsBlank = true
        }
        for index in model.ownTypes {
            if needsBlank { printer.line() }
            emitOwnType(model.types[index], into: &printer)
            needsBlank = true
        }
        for plan in plans {
            if needsBlank { printer.line() }
            if let kind = swiftUIKind(plan.delegate) {
                emitSwiftUI(plan, kind: kind, into: &printer)
            } else {
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
                MonitorGenerator.emitSearch(into: &printer)
            }
        }
    }

    /// The frameworks besides UIKit whose types the generated methods name (`import CloudKit`
    /// for `CKShare.Metadata`), sorted: without them the file would not compile.
    func frameworkImports(_ plans: [DelegatePlan]) -> [String] {
        var modules: Set<String> = []
        for plan in plans {
            for planned in plan.methods { modules.formUnion(Self.frameworks(of: model.method(planned.ref))) }
        }
        for index in model.ownTypes {
            for method in model.types[index].methods { modules.formUnion(Self.frameworks(of: method)) }
        }
        return modules.sorted()
    }

    /// The frameworks of `UIKitCatalog.frameworks` that a method's parameter and result types
    /// name.
    static func frameworks(of method: Method) -> [String] {
        var modules: [String] = []
        for type in method.parameters.map(\.type) + (method.returnType.map { [$0] } ?? []) {
            var name = ""
            for character in type + " " {
                if character.isLetter || character.isNumber || character == "_" {
                    name.append(character)
                    continue
                }
                if let module = UIKitCatalog.frameworks[name] { modules.append(module) }
                name = ""
            }
        }
        return modules
    }

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
            let selector = model.method(ref).selector
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
            guard !info.isImported else { continue }
            for index in info.methods.indices {
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

    func emitDelegate(_ plan: DelegatePlan, into printer: inout Printer) {
        let names = plan.machines.map { "`\(model.machines[$0].name)`" }.joined(separator: ", ")
        printer.line("/// The delegate of \(names), generated from its lifecycle spec.")
        for machineIndex in plan.machines {
            if let description = model.machines[machineIndex].description {
                printer.line("///")
                for line in DocComment.lines(description) { printer.line("/// \(line)".replacingTrailingSpaces()) }
            }
        }
        if adopts(plan.delegate, "UIApplicationDelegate") {
            printer.line("///")
            if let app = swiftUIApp {
                printer.line("/// SwiftUI creates this class at launch: `\(app)`'s `@UIApplicationDelegateAdaptor` names it.")
            } else {
                printer.line("/// UIKit creates this class at launch only when it is the app's entry point: mark it `@main`")
                printer.line("/// (once, in the app target) or name it in `UIApplicationMain(_:_:_:_:)` in `main.swift`.")
            }
        }
        let adopted = plan.delegate.adopted.map { SwiftNames.identifier(model.types[$0].name) }
        printer.line("class \(SwiftNames.identifier(plan.delegate.name))" + (adopted.isEmpty ? "" : ": " + adopted.joined(separator: ", ")) + " {")
        printer.indented { printer in
            for property in plan.properties {
                printer.line(SwiftGenerator.propertyDeclaration(property))
            }
            var hasMembers = !plan.properties.isEmpty
            let calls = monitorCalls(plan)
            if monitor {
                for machineIndex in plan.machines where !MonitorGenerator(model: model, machine: model.machines[machineIndex]).isEmpty {
                    let name = model.machines[machineIndex].name
                    if hasMembers { printer.line() }
                    printer.line("/// Checks that `\(name)`'s callbacks come in an order its spec allows (`lifecycle swift --monitor`).")
                    printer.line("var \(MonitorGenerator.propertyName(name)) = \(MonitorGenerator.typeName(name))()")
                    hasMembers = true
                }
            }
            for (index, method) in plan.methods.enumerated() {
                if index > 0 || hasMembers { printer.line() }
                emitDocumentation(method, into: &printer)
                emitMethod(method.ref, prologue: calls[model.method(method.ref).selector] ?? [], into: &printer)
            }
        }
        printer.line("}")
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
            line += ": UIKit may stop calling it"
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
    func emitMethod(_ ref: MethodRef, prologue: [String] = [], into printer: inout Printer) {
        let method = model.method(ref)
        let owner = model.types[ref.type]
        if let attribute = availabilityAttribute(method, owner: owner) { printer.line(attribute) }
        printer.line(SwiftDeclaration.signature(method, ownerKind: owner.kind) + " {")
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

    /// `@available(iOS 26.0, *)` for a UIKit callback newer than the spec's `platform`: its
    /// types, or the `super` call of an override, exist only from that version, so without it
    /// the file would not compile at the app's deployment target.
    func availabilityAttribute(_ method: Method, owner: TypeInfo) -> String? {
        guard owner.origin == "UIKit", let introduced = introducedAfterPlatform(method) else { return nil }
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
        if model.importsUIKit { printer.line("@MainActor") }
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
