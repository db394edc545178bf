import LifecycleSource
import LifecycleSyntax
import LifecycleModel

/// `scenePhase Active: .active, …`: a machine as SwiftUI shows it, each state a scene phase.
///
/// The phase is read (`@Environment(\.scenePhase)`) in the machine's delegate, which says what it
/// means: an `App` reads the app's aggregate phase, a `View` its scene's. A state the mapping does
/// not name has its enclosing state's phase, or none (SwiftUI has no phase for a process that is
/// not running or a scene that is not attached). Reported: unknown states and phases, a state
/// mapped twice (`resolveStateMapping`, shared with `appState`), a delegate that is neither, a
/// platform older than `ScenePhase` (iOS 14).
extension Checker {
    /// The machine's phases, or nil when its spec maps none (or, after an error, none resolve).
    mutating func resolveScenePhases(of decl: MachineDecl, named machineName: String, states: [State],
                                     delegate: Delegate?) -> PhaseObservation? {
        guard let first = decl.scenePhases.first else { return nil }
        let phases: [ScenePhase?] = resolveStateMapping(decl.scenePhases, states: states,
                                                        unknownCase: { Diagnostic.unknownScenePhase($0, suggestion: $1, at: $2) },
                                                        duplicate: { Diagnostic.duplicateScenePhase($0, at: $1) })
        guard let scope = phaseScope(of: delegate) else {
            if !(delegate?.isIncomplete ?? false) {
                report(.scenePhaseWithoutSwiftUIDelegate(machineName, delegate: delegate?.name, at: first.keyword.range))
            }
            return nil
        }
        if let platform, ["iOS", "iPadOS", "macCatalyst"].contains(platform.name), platform.version < Checker.scenePhaseIntroduced {
            report(.scenePhaseNotAvailable(platform: platform.name, introduced: Checker.scenePhaseIntroduced.description,
                                           target: platform.description, at: first.keyword.range))
        }
        return PhaseObservation(scope: scope, phases: phases, range: first.keyword.range)
    }

    /// `ScenePhase` and `EnvironmentValues.scenePhase` are iOS 14.0 (the SDK's `@available`).
    static let scenePhaseIntroduced = PlatformVersion("14.0")!

    /// Where a delegate reads the scene phase: an `App` the app's, a `View` its scene's.
    func phaseScope(of delegate: Delegate?) -> PhaseObservation.Scope? {
        guard let delegate, !delegate.isIncomplete else { return nil }
        for next in TypeInfo.lineage(of: delegate.adopted, in: types) where types[next].origin == "SwiftUI" {
            if types[next].name == "App" { return .app }
            if types[next].name == "View" { return .scene }
        }
        return nil
    }
}
