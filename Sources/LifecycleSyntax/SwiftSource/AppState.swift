// What an app looks like from outside, to a UI test: XCTest's `XCUIApplication.State`, as Swift
// writes its cases. A machine's `appState` mapping names one per state; the UI tests
// `lifecycle tests --style xcuitest` writes check it after every step.

/// `XCUIApplication.State`'s cases, in its order.
public enum AppState: String, Sendable, CaseIterable {
    case unknown, notRunning, runningBackgroundSuspended, runningBackground, runningForeground

    /// `.runningForeground`, as Swift writes it.
    public var swift: String { "." + rawValue }

    /// The cases a UI test accepts for a state mapped to this one: a background app is also
    /// accepted suspended, which iOS makes it when it decides (`idle`).
    public var accepted: [AppState] {
        self == .runningBackground ? [.runningBackgroundSuspended, .runningBackground] : [self]
    }
}
