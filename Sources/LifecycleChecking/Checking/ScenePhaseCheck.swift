import LifecycleSource
import LifecycleSyntax
import LifecycleModel

/// `check --impl`'s verdict on a SwiftUI machine (`scenePhase …`): does the app's Swift react to
/// each phase change the spec says happens?
///
/// The handlers are the `onChange(of: scenePhase)` of the machine's delegate (the `App` or the
/// `View` the spec names, its struct or an extension), read by `ScenePhaseHandlers`; when the
/// files declare no type of that name, those of the `@main` App for an app machine, and of the
/// other types for a scene machine. An App without a handler of its own is followed through
/// its root views (the views its `body` creates): with one window, a root view's scene phase
/// is the app's. The warning about a machine no handler follows says where it looked. A phase change is told apart when some branch of a handler
/// is taken for it and for no other change of the machine (`case (.background, .inactive):`,
/// `if newPhase == .background` when nothing else goes to the background). Each change that no
/// handler tells apart is a warning at the first transition making it, with the `case` to add:
/// a fix-it in the Swift file when the handler has a `switch (oldPhase, newPhase)`. A machine
/// whose phase no handler reads at all is one warning listing the cases. A handler whose action
/// is a function passed by name is not read: its changes are not judged.
public enum ScenePhaseCheck {
    public static func check(_ models: [Model], program: SwiftProgram, machines: [String]? = nil,
                             skippingUndeclared: Bool = false) -> Diagnostics {
        var diagnostics = Diagnostics()
        let phased = models.flatMap { model in model.machines.filter { $0.phases != nil && $0.delegate != nil && (machines?.contains($0.name) ?? true) } }
        guard !phased.isEmpty else { return diagnostics }
        let handlers = program.scenePhaseHandlers()
        for machine in phased {
            guard let observation = machine.phases, let delegate = machine.delegate else { continue }
            let declared = program.anyDeclaration(of: delegate.name)
            if skippingUndeclared && declared == nil { continue }
            // The machine's changes, each with the transitions making it, in declaration order.
            var changes: [(change: PhaseChange, transitions: [Int])] = []
            for (t, made) in machine.phaseChangesByTransition(MachineStepper(machine)).enumerated() {
                for change in made {
                    if let index = changes.firstIndex(where: { $0.change == change }) {
                        if !changes[index].transitions.contains(t) { changes[index].transitions.append(t) }
                    } else {
                        changes.append((change, [t]))
                    }
                }
            }
            guard !changes.isEmpty else { continue }
            let app = program.swiftUIApp
            let appName = app?.type.name
            var mine = handlers.filter { $0.handler.owner == delegate.name }
            if mine.isEmpty && declared == nil {
                mine = handlers.filter { observation.scope == .app ? $0.handler.owner == appName : $0.handler.owner != appName }
            }
            // The App's root views, when the App has no handler of its own.
            var looked: [String] = [declared.map { "'\(delegate.name)' (\(PathNames.lastComponent($0.file.path)))" } ?? "'\(delegate.name)'"]
            if mine.isEmpty, observation.scope == .app, let home = declared ?? app, home.type.kind == .struct {
                let roots = rootViews(of: home, in: program)
                mine = handlers.filter { handler in roots.contains { $0.type.name == handler.handler.owner } }
                if !roots.isEmpty {
                    looked.append("its root view\(roots.count == 1 ? "" : "s") "
                        + roots.map { "'\($0.type.name)' (\(PathNames.lastComponent($0.file.path)))" }.joined(separator: ", "))
                }
            }
            let all = changes.map(\.change)
            guard !mine.isEmpty else {
                var diagnostic = Diagnostic.scenePhaseNotObserved(machine.name, lookedIn: looked.joined(separator: " or "),
                                                                  cases: all.map { "case \($0.pattern):" }, at: observation.range)
                if let declared {
                    diagnostic = diagnostic.note("'\(delegate.name)' is declared here; add '@Environment(\\.scenePhase) private var scenePhase' and '.onChange(of: scenePhase) { oldPhase, newPhase in switch (oldPhase, newPhase) { … } }'",
                                                 at: SwiftProgram.keywordRange(of: declared))
                }
                diagnostics.append(diagnostic)
                continue
            }
            // A handler passed by name is not read: say nothing rather than guess.
            guard mine.allSatisfy(\.handler.isRead) else { continue }
            for (change, transitions) in changes {
                guard !mine.contains(where: { $0.handler.distinguishingBranch(change, among: all) != nil }) else { continue }
                let first = machine.transitions[transitions[0]]
                let name = transitionName(first, in: machine)
                var diagnostic = Diagnostic.phaseChangeNotDistinguished(change.text, pattern: change.pattern, transition: name, event: first.event,
                                                                       reader: delegate.name, at: first.range)
                for other in transitions.dropFirst() {
                    diagnostic = diagnostic.note("'\(transitionName(machine.transitions[other], in: machine))' makes it too", at: machine.transitions[other].range)
                }
                for (handler, file) in mine {
                    let fileName = PathNames.lastComponent(file.path)
                    if let shared = handler.sharedBranch(change) {
                        let others = all.filter { $0 != change && shared.matches($0) }.map { "'\($0.text)'" }
                        diagnostic = diagnostic.note("'\(shared.text)' in \(fileName) is taken for it, but also for \(others.joined(separator: ", "))",
                                                     at: shared.range)
                    }
                }
                let (handler, file) = mine[0]
                let fileName = PathNames.lastComponent(file.path)
                if let insertion = handler.caseInsertion, diagnostic.fixIt == nil {
                    // Its lines end as the file's do (LF, CR LF or a lone CR).
                    let lineEnd = LineEnd.first(in: file.bytes)
                    let text = "\(insertion.indentation)case \(change.pattern):\(lineEnd)\(insertion.indentation)    break\(lineEnd)"
                    diagnostic.fixIt = Diagnostic.FixIt(replace: SourceRange(file: file.id, start: insertion.offset, end: insertion.offset), with: text)
                    diagnostic = diagnostic.note("add to \(fileName), before this line: case \(change.pattern):",
                                                 at: SourceRange(file: file.id, start: insertion.anchor.lowerBound, end: insertion.anchor.upperBound))
                } else {
                    diagnostic = diagnostic.note("the handler in \(fileName) is here; give it a 'switch (oldPhase, newPhase)' with 'case \(change.pattern):'",
                                                 at: handler.range)
                }
                diagnostics.append(diagnostic)
            }
        }
        return diagnostics
    }

    /// The `View`s an App's `body` creates (`WindowGroup { ContentView() }`) that the files
    /// declare, in order.
    static func rootViews(of app: SwiftProgram.Declaration, in program: SwiftProgram) -> [SwiftProgram.Declaration] {
        let bytes = Array(app.file.bytes)
        let tokens = SwiftLexer(bytes: bytes, range: app.type.bodyOpen..<min(app.type.bodyClose, bytes.count)).tokenize()
        var views: [String: SwiftProgram.Declaration] = [:]
        for (file, scan) in zip(program.files, program.scans) {
            for type in scan.types where type.kind == .struct && type.inherited.contains("View") && views[type.name] == nil {
                views[type.name] = SwiftProgram.Declaration(file: file, type: type)
            }
        }
        var roots: [SwiftProgram.Declaration] = []
        for k in tokens.indices.dropLast() where tokens[k].kind == .identifier && tokens[k + 1].isPunct(UInt8(ascii: "("))
            && !(k > 0 && tokens[k - 1].isPunct(UInt8(ascii: "."))) {
            guard let view = views[tokens[k].text], !roots.contains(where: { $0.type.name == view.type.name }) else { continue }
            roots.append(view)
            if roots.count == 8 { break }
        }
        return roots
    }

    /// `Background -> Foreground on reopen`.
    static func transitionName(_ transition: Transition, in machine: Machine) -> String {
        "\(machine.states[transition.source].name) -> \(machine.states[transition.target].name)" + (transition.event.map { " on \($0)" } ?? "")
    }
}
