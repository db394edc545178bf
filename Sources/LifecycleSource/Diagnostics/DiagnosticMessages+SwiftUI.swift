/// Messages about SwiftUI: `scenePhase Active: .active, …` and what the checker says of it,
/// sorted by name. Ids as in `DiagnosticMessages.swift`.
extension Diagnostic {
    package static func duplicateScenePhase(_ state: String, at range: SourceRange) -> Diagnostic {
        make(.error, "state '\(state)' already has a scene phase", at: range)
    }

    package static func expectedColonAfterPhaseState(_ state: String, found: String, at range: SourceRange) -> Diagnostic {
        make(.error, "expected ':' and a scene phase after '\(state)', as in '\(state): .active'; found \(found)", at: range)
    }

    /// After `State:`; `phase` is the phase the identifier found there names, as Swift writes
    /// it (`.active`), if it names one: a phase written without its '.' gets it inserted by the
    /// fix-it.
    package static func expectedScenePhase(after state: String, found: String, phase: String?, at range: SourceRange) -> Diagnostic {
        let fix = phase.map { FixIt(replace: range, with: $0) }
        return make(.error, "expected a scene phase after '\(state):', '.active', '.inactive' or '.background'; found \(found)"
            + (fix.map { "; did you mean '\($0.replacement)'?" } ?? ""), at: range, fixIt: fix)
    }

    /// `introduced` and `target` as written (`14.0`, `iOS 13.0`).
    package static func scenePhaseNotAvailable(platform: String, introduced: String, target: String, at range: SourceRange) -> Diagnostic {
        make(.warning, "'scenePhase' is not available before \(platform) \(introduced); the deployment target is \(target)",
             at: range)
    }

    package static func scenePhaseWithoutSwiftUIDelegate(_ machine: String, delegate: String?, at range: SourceRange) -> Diagnostic {
        let what = delegate.map { "its delegate '\($0)' is neither a SwiftUI 'App' nor a 'View'" } ?? "it has no delegate"
        return make(.error, "machine '\(machine)' maps its states to scene phases, but \(what); the phase is read in an 'App' "
            + "(the app's aggregate phase) or a 'View' (its scene's): write 'delegate Name: App' or 'delegate Name: View' (import SwiftUI)",
                    at: range)
    }

    /// `range` is the name after the '.': the fix-it replaces it with the suggestion.
    package static func unknownScenePhase(_ name: String, suggestion: String?, at range: SourceRange) -> Diagnostic {
        make(.error, "unknown scene phase '.\(name)'" + (suggestion.map { "; did you mean '.\($0)'?" } ?? "; the phases are '.active', '.inactive' and '.background'"),
             at: range, fixIt: suggestion.map { FixIt(replace: range, with: $0) })
    }
}

/// Messages of `check --impl` about a SwiftUI app's `onChange(of: scenePhase)` handlers.
extension Diagnostic {
    /// `change`: `PhaseChange.text` (`.active → .inactive`); `pattern`: its `case` pattern.
    package static func phaseChangeNotDistinguished(_ change: String, pattern: String, transition: String, event: String?, reader: String,
                                            at range: SourceRange) -> Diagnostic {
        make(.warning, "no onChange(of: scenePhase) handler of '\(reader)' tells '\(change)' apart, the change '\(transition)' makes; "
            + "add 'case \(pattern):'", at: range)
    }

    /// `lookedIn`: where the handlers were looked for (`'NotesApp' (NotesApp.swift) or its root view 'ContentView' (ContentView.swift)`).
    package static func scenePhaseNotObserved(_ machine: String, lookedIn: String, cases: [String], at range: SourceRange) -> Diagnostic {
        make(.warning, "no onChange(of: scenePhase) handler in \(lookedIn) follows the phases of machine '\(machine)'; "
            + "its 'switch (oldPhase, newPhase)' needs \(quotedList(cases))", at: range)
    }
}

/// The app-delegate callbacks a SwiftUI app hears as a scene phase instead.
extension Diagnostic {
    /// `phase` as Swift writes it (`.background`).
    package static func swiftUIAppIgnoresAppCallback(_ selector: String, phase: String, at range: SourceRange) -> Diagnostic {
        make(.warning, "UIKit does not call '\(selector)' in a SwiftUI app, which has scenes; follow the scene phase instead: "
            + "'.onChange(of: scenePhase)' reports the change to '\(phase)'", at: range)
    }
}
