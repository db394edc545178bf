import LifecycleSource
import LifecycleSyntax
import LifecycleModel

/// The SwiftUI skeletons of `SwiftGenerator`: a delegate that adopts SwiftUI's `App` or `View`
/// (`import SwiftUI`) is a struct, not a class, and SwiftUI calls no methods of it.
///
/// - An `App` is the `@main` entry point: `@UIApplicationDelegateAdaptor` for the spec's app
///   delegate (the first machine whose delegate adopts `UIApplicationDelegate`), a `WindowGroup`
///   showing the spec's first view, and, for a machine mapped with `scenePhase`,
///   `@Environment(\.scenePhase)` and one `.onChange(of: scenePhase)` handler.
/// - A `View` is a `body` whose modifiers are the callbacks its machines call (`.onAppear { … }`,
///   `.task { … }`), each closure documented as a method is, and the same handler when mapped.
///
/// The handler is `switch (oldPhase, newPhase)` with one case per phase change the spec's
/// transitions make (`Machine.phaseChanges`), each listing them; from iOS 17 (macOS 14, tvOS 17,
/// watchOS 10, visionOS 1) with the two-parameter action of `onChange(of:initial:_:)`, below it
/// with the one-parameter `onChange(of:perform:)` and the old phase captured
/// (`[oldPhase = scenePhase] newPhase in`, as Apple documents it), so that the file compiles,
/// without deprecation warnings, at the spec's platform.
extension SwiftGenerator {
    /// What a SwiftUI delegate is.
    enum SwiftUIKind { case app, view }

    /// Whether `delegate` is a SwiftUI `App` or `View`, and which.
    func swiftUIKind(_ delegate: Delegate) -> SwiftUIKind? {
        if adopts(delegate, "App", from: "SwiftUI") { return .app }
        if adopts(delegate, "View", from: "SwiftUI") { return .view }
        return nil
    }

    /// The first machine's delegate class that is an app delegate: the adaptor's class.
    var appDelegateClass: String? {
        model.machines.lazy.compactMap(\.delegate).first { adopts($0, "UIApplicationDelegate") && swiftUIKind($0) == nil }?.name
    }

    /// The `App` struct of the spec, if it has one.
    var swiftUIApp: String? {
        model.machines.lazy.compactMap(\.delegate).first { swiftUIKind($0) == .app }?.name
    }

    /// Whether the two-parameter `onChange(of:initial:_:)` exists at the spec's platform (no
    /// platform: the tool's default, iOS 26).
    var hasTwoParameterOnChange: Bool {
        guard let platform = model.platform else { return true }
        let first: String = switch platform.name {
        case "macOS": "14.0"
        case "watchOS": "10.0"
        case "visionOS": "1.0"
        default: "17.0"
        }
        return platform.version >= PlatformVersion(first)!
    }

    func emitSwiftUI(_ plan: DelegatePlan, kind: SwiftUIKind, into printer: inout Printer) {
        let names = plan.machines.map { "`\(model.machines[$0].name)`" }.joined(separator: ", ")
        printer.line("/// The \(kind == .app ? "app" : "view") of \(names), generated from its lifecycle spec.")
        for machineIndex in plan.machines {
            if let description = model.machines[machineIndex].description {
                printer.line("///")
                for line in DocComment.lines(description) { printer.line("/// \(line)".replacingTrailingSpaces()) }
            }
        }
        let phased = plan.machines.filter { model.machines[$0].phases != nil }
        let name = SwiftNames.identifier(plan.delegate.name)
        if kind == .app { printer.line("@main") }
        printer.line("struct \(name): \(kind == .app ? "App" : "View") {")
        printer.indented { printer in
            var hasMembers = false
            if kind == .app, let appDelegate = appDelegateClass {
                printer.line("/// SwiftUI creates the app delegate, `\(appDelegate)`, and UIKit calls it as in any app with scenes.")
                printer.line("@UIApplicationDelegateAdaptor(\(SwiftNames.identifier(appDelegate)).self) private var appDelegate")
                hasMembers = true
            }
            if !phased.isEmpty {
                printer.line(kind == .app
                    ? "/// The app's aggregate phase: `.active` if any scene is active, `.inactive` if none is but one is, else `.background`."
                    : "/// The phase of the scene that shows this view.")
                printer.line("@Environment(\\.scenePhase) private var scenePhase")
                hasMembers = true
            }
            let monitored = monitor ? plan.machines.filter { !MonitorGenerator.isEmpty(model: model, machine: model.machines[$0]) } : []
            for machineIndex in monitored {
                let machineName = model.machines[machineIndex].name
                printer.line("/// Checks that `\(machineName)`'s callbacks come in an order its spec allows (`lifecycle swift --monitor`).")
                printer.line("@State private var \(MonitorGenerator.propertyName(machineName)) = \(MonitorGenerator.typeName(machineName))()")
                hasMembers = true
            }
            if hasMembers { printer.line() }
            printer.line(kind == .app ? "var body: some Scene {" : "var body: some View {")
            printer.indented { printer in
                if kind == .app {
                    printer.line("WindowGroup {")
                    printer.indented { $0.line(windowContent) }
                    printer.line("}")
                } else {
                    printer.line("Text(\(StringLiteral.swift(plan.delegate.name)))")
                }
                // A view's modifiers go one level in, under it; a scene's after its closing brace.
                if kind == .view { printer.indent() }
                do {
                    let calls = monitorCalls(plan)
                    for method in plan.methods {
                        let callback = model.method(method.ref)
                        if let introduced = introducedAfterPlatform(callback), let platform = model.platform {
                            // A modifier in a chain cannot be made conditional: say where it goes.
                            printer.line("// `.\(callback.name) { … }` would run here, but it needs \(platform.name) \(introduced); the deployment target is \(platform).")
                            emitDocumentation(method, marker: "//", into: &printer)
                            continue
                        }
                        printer.line(".\(SwiftNames.identifier(callback.name)) {")
                        printer.indented { printer in
                            // An async action (`task`) runs off the main actor, where the monitor lives.
                            let isAsync = callback.parameters.contains { $0.type.split(whereSeparator: { !$0.isLetter }).contains("async") }
                            for line in calls[callback.selector] ?? [] { printer.line(isAsync ? "await MainActor.run { \(line) }" : line) }
                            emitDocumentation(method, marker: "//", into: &printer)
                        }
                        printer.line("}")
                    }
                    for machineIndex in phased { emitPhaseHandler(machine: machineIndex, into: &printer) }
                }
                if kind == .view { printer.outdent() }
            }
            printer.line("}")
        }
        printer.line("}")
    }

    /// What the `WindowGroup` shows: the view whose machine reads a scene's phase, else the
    /// spec's first view, else a placeholder text.
    var windowContent: String {
        let views = model.machines.compactMap { machine -> (name: String, phased: Bool)? in
            guard let delegate = machine.delegate, swiftUIKind(delegate) == .view else { return nil }
            return (delegate.name, machine.phases != nil)
        }
        if let view = views.first(where: \.phased) ?? views.first { return SwiftNames.identifier(view.name) + "()" }
        return "Text(\(StringLiteral.swift(swiftUIApp ?? "App")))"
    }

    /// `.onChange(of: scenePhase) { oldPhase, newPhase in switch (oldPhase, newPhase) { … } }`,
    /// one case per phase change of `machine`, in the order the machine's states first make it.
    func emitPhaseHandler(machine machineIndex: Int, into printer: inout Printer) {
        let machine = model.machines[machineIndex]
        let changes = Self.phaseChanges(of: machine)
        printer.line(hasTwoParameterOnChange ? ".onChange(of: scenePhase) { oldPhase, newPhase in"
                                             : ".onChange(of: scenePhase) { [oldPhase = scenePhase] newPhase in")
        printer.indented { printer in
            var silent: [String] = []
            for (t, transition) in machine.transitions.enumerated()
            where !transition.isInternal && !changes.contains(where: { $0.transitions.contains { $0.transition == t } }) {
                let name = "`\(transitionName(transition, in: machine))`"
                if !silent.contains(name) { silent.append(name) }
            }
            if !silent.isEmpty {
                printer.line("// No phase change on \(silent.joined(separator: ", ")) of `\(machine.name)`: SwiftUI reports none.")
            }
            printer.line("switch (oldPhase, newPhase) {")
            for change in changes {
                printer.line("case \(change.change.pattern):")
                printer.indented { printer in
                    for caller in change.transitions {
                        let transition = machine.transitions[caller.transition]
                        var line = "// `\(machine.name)` goes `\(machine.states[transition.source].name) → \(machine.states[transition.target].name)`"
                        if let event = transition.event { line += " on `\(event)`" }
                        if let trigger = transition.trigger { line += " (by \(trigger.rawValue))" }
                        if caller.of > 1 { line += ", change \(caller.position) of \(caller.of)" }
                        printer.line(line + ".")
                        if let description = transition.description,
                           caller.position == 1 || description.unicodeScalars.count <= Self.repeatedDescriptionLimit {
                            for text in DocComment.lines(description) { printer.line("// \(text)".replacingTrailingSpaces()) }
                        }
                    }
                    printer.line("break")
                }
            }
            printer.line("default:")
            printer.indented { $0.line("break") }
            printer.line("}")
        }
        printer.line("}")
    }

    /// `launch`, or `A -> B` for a transition without an event.
    func transitionName(_ transition: Transition, in machine: Machine) -> String {
        transition.event ?? "\(machine.states[transition.source].name) -> \(machine.states[transition.target].name)"
    }

    /// A machine's phase changes, each with the transitions that make it (and which of their
    /// changes it is), in the order its leaf states first make them.
    static func phaseChanges(of machine: Machine) -> [(change: PhaseChange, transitions: [(transition: Int, position: Int, of: Int)])] {
        var result: [(change: PhaseChange, transitions: [(transition: Int, position: Int, of: Int)])] = []
        let stepper = MachineStepper(machine)
        for state in machine.states.indices where !machine.states[state].isComposite {
            for step in stepper.steps(from: state) {
                let transition = step.transition
                let changes = machine.phaseChanges(of: step)
                for (position, change) in changes.enumerated() {
                    let caller = (transition: transition, position: position + 1, of: changes.count)
                    if let index = result.firstIndex(where: { $0.change == change }) {
                        if !result[index].transitions.contains(where: { $0.transition == transition && $0.position == caller.position }) {
                            result[index].transitions.append(caller)
                        }
                    } else {
                        result.append((change, [caller]))
                    }
                }
            }
        }
        return result
    }
}
