import LifecycleModel
import LifecycleQueries

/// What a UI test does for an event of the app's or a scene's lifecycle, and what the app's
/// states look like from outside (`XCUIApplication.State`): the defaults of `lifecycle tests
/// --style xcuitest`, written for the UIKit and SwiftUI examples' events and states.
///
/// A UI test drives the real app from outside with `XCUIApplication` and `XCUIDevice`: it can
/// launch, activate and terminate the app and press Home; UIKit then activates it by itself, and
/// suspends it after a while. It cannot make a phone call, pull down Notification Center, send
/// a push or make memory pressure: those events are `impossible`, and the tests that would need
/// them are skipped with the reason, never faked.
public enum UIAction: Equatable, Sendable {
    /// A statement that performs the event (`app.launch()`), and what it is, for a comment.
    case perform(String)
    /// UIKit does it by itself: at once (`activate` after a launch; nothing else can happen
    /// first), or after a while (`idle`: the test waits for it).
    case automatic(immediate: Bool)
    /// No XCUITest API can perform it: why.
    case impossible(String)

    /// Why no API can perform it, or nil.
    public var impossibility: String? {
        if case .impossible(let reason) = self { return reason }
        return nil
    }

    /// The action for an event of the examples' lifecycles, by its name; an event this table
    /// does not know is impossible, saying so.
    public static func defaultAction(for event: String) -> UIAction {
        for (names, action) in table where names.contains(event) { return action }
        return .impossible("lifecycle knows no XCUITest action for '\(event)'")
    }

    static let table: [([String], UIAction)] = [
        (["launch", "connect"], .perform("app.launch()")),
        (["leave", "home"], .perform("XCUIDevice.shared.press(.home)")),
        (["reopen", "return"], .perform("app.activate()")),
        (["swipeAway", "terminate", "swipeAwayInSwitcher"], .perform("app.terminate()")),
        (["activate"], .automatic(immediate: true)),
        (["idle"], .automatic(immediate: false)),
        (["backgroundLaunch", "connectInBackground", "wake"],
         .impossible("only a background event (a push, a location update, a fetch) does it, and no XCUITest API sends one")),
        (["interrupt", "notificationCenter", "appSwitcher", "openSwitcher", "closeSwitcher"],
         .impossible("no XCUITest API opens Notification Center, Control Center or the app switcher")),
        (["alert", "incomingCall", "declineCall", "answerCall"],
         .impossible("no XCUITest API makes a phone call or shows a system alert")),
        (["purge", "memoryWarning"], .impossible("no XCUITest API makes memory pressure")),
        (["crash"], .impossible("a UI test does not crash the app")),
        (["reboot"], .impossible("a UI test cannot restart the device")),
        (["disconnect", "close", "closeScenes", "newSession", "launchAfterClose"],
         .impossible("no XCUITest API opens a new window, closes a scene or makes UIKit disconnect one")),
    ]

    /// The `XCUIApplication.State` cases, in the order a UI test lists them.
    public static let states = ["notRunning", "runningBackgroundSuspended", "runningBackground", "runningForeground", "unknown"]

    /// Whether the machines say what their states look like to a UI test (`appState`).
    static func mapsAppStates(_ machines: [Machine]) -> Bool { machines.contains { $0.appStates != nil } }

    /// What a state of the app's or a scene's machine looks like from outside: as its spec's
    /// `appState` says, else by its SwiftUI phase, else by its name; nil when none says.
    public static func appStates(of state: Int, in machine: Machine) -> [String]? {
        if let mapped = machine.appStates?[state] { return mapped.accepted.map(\.rawValue) }
        let background = ["runningBackgroundSuspended", "runningBackground"]
        if let phase = machine.phases?.phases[state] {
            switch phase {
            case .active, .inactive: return ["runningForeground"]
            case .background: return background
            }
        }
        switch machine.states[state].name {
        case "NotRunning": return ["notRunning"]
        case "Foreground", "Inactive", "Active": return ["runningForeground"]
        // A background app is suspended when iOS decides: the test accepts both.
        case "Background": return background
        case "Suspended": return ["runningBackgroundSuspended"]
        case "Running": return ["runningBackgroundSuspended", "runningBackground", "runningForeground"]
        // A scene not connected: the app is not running, or runs for another scene or in the background.
        case "Unattached": return ["notRunning", "runningBackgroundSuspended", "runningBackground"]
        default: return nil
        }
    }

    /// What a configuration looks like from outside: the states each instance's leaf allows,
    /// intersected (instances whose states say nothing do not narrow it); empty when none says.
    static func appStates(of leaves: [(Int, Machine)]) -> [String] {
        var allowed: Set<String>?
        for (leaf, machine) in leaves {
            guard let states = appStates(of: leaf, in: machine) ?? machine.ancestry(leaf).dropFirst().lazy.compactMap({ appStates(of: $0, in: machine) }).first else { continue }
            allowed = allowed.map { $0.intersection(states) } ?? Set(states)
        }
        guard let allowed else { return [] }
        return Self.states.filter(allowed.contains)
    }

    /// Whether one of `machines` is the app's or a scene's: its delegate adopts UIKit's
    /// `UIApplicationDelegate` or `UISceneDelegate`, or it is SwiftUI's `App` or `View` with a
    /// `scenePhase` mapping, or its spec says what its states look like (`appState`).
    static func isAppLifecycle(_ machines: [Machine], _ model: Model) -> Bool {
        let generator = SwiftGenerator(model: model)
        return mapsAppStates(machines) || machines.contains { machine in
            guard let delegate = machine.delegate else { return false }
            return generator.adopts(delegate, "UIApplicationDelegate") || generator.adopts(delegate, "UISceneDelegate")
                || (generator.swiftUIKind(delegate) != nil && machine.phases != nil)
        }
    }

    /// `automaton` with only what a UI test can do: where UIKit moves on at once (`activate`),
    /// only that; elsewhere the steps an action performs or UIKit takes after a while.
    static func restrict<A: LifecycleAutomaton>(_ automaton: A, actions: [UIAction],
                                                 eventIndex: @escaping (AutomatonStep<A.Configuration>) -> Int?) -> RestrictedAutomaton<A> {
        RestrictedAutomaton(automaton) { steps in
            let immediate = steps.filter { step in eventIndex(step).map { actions[$0] == .automatic(immediate: true) } ?? false }
            if !immediate.isEmpty { return immediate }
            return steps.filter { step in eventIndex(step).map { actions[$0].impossibility == nil } ?? false }
        }
    }
}
