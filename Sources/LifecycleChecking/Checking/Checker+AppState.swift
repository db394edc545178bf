import LifecycleSource
import LifecycleSyntax
import LifecycleModel

/// `appState NotRunning: .notRunning, Foreground: .runningForeground, …`: what each state of a
/// machine looks like to a UI test, as `XCUIApplication.State` (what `lifecycle tests --style
/// xcuitest` checks after every step). A state not named has its enclosing state's, or none.
/// Reported: unknown states and cases (with did-you-mean), a state mapped twice
/// (`resolveStateMapping`, shared with `scenePhase`).
extension Checker {
    /// The machine's app states, or nil when its spec maps none.
    mutating func resolveAppStates(of decl: MachineDecl, states: [State]) -> [AppState?]? {
        guard !decl.appStates.isEmpty else { return nil }
        let appStates: [AppState?] = resolveStateMapping(decl.appStates, states: states,
                                                         unknownCase: { Diagnostic.unknownAppState($0, suggestion: $1, at: $2) },
                                                         duplicate: { Diagnostic.duplicateAppState($0, at: $1) })
        return appStates
    }
}
