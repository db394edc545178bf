/// The named groups of warnings (issue 40): each warning belongs to one, shown as Swift 6 shows
/// diagnostic groups (`warning: … [scene-phase-unhandled]`), written in the JSON output, and
/// the name `--warn GROUP=off|error`, `lifecycle.json`'s `warnings` and a
/// `// lifecycle: ignore GROUP "reason"` comment use. The names are stable: a new warning
/// joins a group or adds one, never renames one. <doc:Language>, "Named warnings", lists them.
public enum DiagnosticGroups {
    public struct Group: Sendable {
        /// `scene-phase-unhandled`.
        public var name: String
        /// The ids of the diagnostics in it (`Diagnostic.id`, the factory's name).
        public var ids: [String]
        /// What it means, one sentence, for the reference.
        public var meaning: String
    }

    /// What a group is set to (`--warn GROUP=off|error`, `lifecycle.json`).
    public enum Level: String, Sendable, CaseIterable {
        /// Its diagnostics are dropped.
        case off
        /// As it is (a warning).
        case warning
        /// Its warnings are errors.
        case error
    }

    public static let all: [Group] = [
        Group(name: "dead-end", ids: ["deadEndState"], meaning: "a state no transition leaves that is not final"),
        Group(name: "final-unreachable", ids: ["finalUnreachable"], meaning: "no final state can be reached from a state, though the machine has one"),
        Group(name: "never-fires", ids: ["duplicateTransition", "shadowedTransition", "shadowedEverywhere"],
              meaning: "a transition that never fires: a duplicate, or one an earlier or inner transition on its event always wins over"),
        Group(name: "composite-self-transition", ids: ["selfTransitionOnComposite"],
              meaning: "a composite's transition to itself, which leaves it and re-enters its initial state (an internal transition is usually meant)"),
        Group(name: "exit-of-final-state", ids: ["exitOfFinalState"], meaning: "'exit calls' in a final state of the top level, which nothing leaves"),
        Group(name: "required-never-called", ids: ["requiredNeverCalled"], meaning: "a required callback that no transition calls"),
        Group(name: "needs-nsobject", ids: ["delegateNeedsNSObject"], meaning: "a delegate adopting an Objective-C protocol without an NSObject superclass"),
        Group(name: "deprecated-callback", ids: ["callbackDeprecated"], meaning: "a callback deprecated at the deployment target"),
        Group(name: "availability", ids: ["callbackIntroducedLater", "scenePhaseNotAvailable"],
              meaning: "a callback or API introduced after the deployment target"),
        Group(name: "scene-life-cycle", ids: ["sceneLifecycleIgnoresAppCallback", "swiftUIAppIgnoresAppCallback", "sceneLifecycleNotAdopted"],
              meaning: "an app-delegate callback UIKit no longer calls once the app adopts scenes, or an app that does not adopt them yet"),
        Group(name: "scene-entry-point", ids: ["sceneEntryColdOnly", "sceneEntryWarmOnly", "sceneEntryNotificationDelegateLate"],
              meaning: "a way into a scene-based app handled only at launch or only while running"),
        Group(name: "scene-phase-unhandled", ids: ["phaseChangeNotDistinguished", "scenePhaseNotObserved"],
              meaning: "a scene-phase change no onChange(of: scenePhase) handler tells apart, or a phase nothing follows"),
        Group(name: "conditional-implementation", ids: ["implementedOnlyUnderCondition"],
              meaning: "a required callback implemented only under an #if condition a build may leave out"),
        Group(name: "near-miss", ids: ["nearMissOfCalledCallback"], meaning: "a method almost spelt as a callback the spec calls, so UIKit never calls it"),
        Group(name: "override-without-super", ids: ["overrideWithoutSuper"], meaning: "an override that does not call super where UIKit's documentation requires it"),
        Group(name: "instance-never-leaves-initial", ids: ["instanceNeverLeavesInitial"], meaning: "a system instance no event moves out of its initial state"),
        Group(name: "time", ids: ["timedTransitionNeverFires", "nestedDeadlineNoEffect", "callbackDeadlineNeverStarts"],
              meaning: "a timed transition another always beats, a deadline inside an earlier one that adds nothing, or a callback deadline nothing starts"),
        Group(name: "xcode-project", ids: ["xcodeUnexpandedVariable"],
              meaning: "a build setting of the Xcode project `check --xcodeproj` cannot expand, so the Info.plist it names is not read"),
        Group(name: "migrate", ids: ["migrateAssignsConstant", "migrateAssignsPrivateSetter", "migrateCannotForward", "migrateCoderRestoration",
                                     "migrateForwardedUsesWindow", "migrateLaunchOptionsNil", "migrateNameTaken", "migrateNotMoved",
                                     "migrateSelfPassed", "migrateSuperNotGiven", "migrateUntypedProperty", "migrateUsesPrivateMember",
                                     "migrateWindowSetUpQuoted"],
              meaning: "something `migrate` could not move by itself and leaves to you"),
        Group(name: "unused-suppression", ids: ["unusedSuppression", "unknownSuppressionGroup"],
              meaning: "a `// lifecycle: ignore` comment that silences nothing, or names no group"),
    ]

    private static let byID: [String: String] = {
        var table: [String: String] = [:]
        for group in all { for id in group.ids { table[id] = group.name } }
        return table
    }()

    /// The group of the diagnostic with this id, if it is a warning's.
    public static func name(of id: String) -> String? { byID[id] }

    /// The group with this name.
    public static func group(named name: String) -> Group? { all.first { $0.name == name } }

    /// Every group's name, in the reference's order.
    public static var names: [String] { all.map(\.name) }
}

extension Diagnostic {
    /// The named group of a warning (`scene-phase-unhandled`), nil for an error that is never a
    /// warning. A warning raised to an error keeps its group.
    public var group: String? { DiagnosticGroups.name(of: id) }
}
