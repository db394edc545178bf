/// Messages about SwiftUI: `scenePhase Active: .active, …` and what the checker says of it,
/// sorted by name. Ids as in `DiagnosticMessages.swift`.
extension Diagnostic {
    static func duplicateScenePhase(_ state: String, at range: SourceRange) -> Diagnostic {
        make(.error, "state '\(state)' already has a scene phase", at: range)
    }

    static func expectedColonAfterPhaseState(_ state: String, found: String, at range: SourceRange) -> Diagnostic {
        make(.error, "expected ':' and a scene phase after '\(state)', as in '\(state): .active'; found \(found)", at: range)
    }

    /// After `State:`; `word` is the identifier found there, if any: a phase written without its
    /// '.' gets it inserted by the fix-it.
    static func expectedScenePhase(after state: String, found: String, word: String?, at range: SourceRange) -> Diagnostic {
        let fix = word.flatMap(ScenePhase.init(rawValue:)).map { FixIt(replace: range, with: $0.swift) }
        return make(.error, "expected a scene phase after '\(state):', '.active', '.inactive' or '.background'; found \(found)"
            + (fix.map { "; did you mean '\($0.replacement)'?" } ?? ""), at: range, fixIt: fix)
    }

    static func scenePhaseNotAvailable(introduced: PlatformVersion, target: Platform, at range: SourceRange) -> Diagnostic {
        make(.warning, "'scenePhase' is not available before \(target.name) \(introduced); the deployment target is \(target)",
             at: range)
    }

    static func scenePhaseWithoutSwiftUIDelegate(_ machine: String, delegate: String?, at range: SourceRange) -> Diagnostic {
        let what = delegate.map { "its delegate '\($0)' is neither a SwiftUI 'App' nor a 'View'" } ?? "it has no delegate"
        return make(.error, "machine '\(machine)' maps its states to scene phases, but \(what); the phase is read in an 'App' "
            + "(the app's aggregate phase) or a 'View' (its scene's): write 'delegate Name: App' or 'delegate Name: View' (import SwiftUI)",
                    at: range)
    }

    /// `range` is the name after the '.': the fix-it replaces it with the suggestion.
    static func unknownScenePhase(_ name: String, suggestion: String?, at range: SourceRange) -> Diagnostic {
        make(.error, "unknown scene phase '.\(name)'" + (suggestion.map { "; did you mean '.\($0)'?" } ?? "; the phases are '.active', '.inactive' and '.background'"),
             at: range, fixIt: suggestion.map { FixIt(replace: range, with: $0) })
    }
}

/// Messages of `check --impl` about a SwiftUI app's `onChange(of: scenePhase)` handlers.
extension Diagnostic {
    static func phaseChangeNotDistinguished(_ change: PhaseChange, transition: String, event: String?, reader: String,
                                            at range: SourceRange) -> Diagnostic {
        make(.warning, "no onChange(of: scenePhase) handler of '\(reader)' tells '\(change.text)' apart, the change '\(transition)' makes; "
            + "add 'case \(change.pattern):'", at: range)
    }

    static func scenePhaseNotObserved(_ machine: String, reader: String, cases: [String], at range: SourceRange) -> Diagnostic {
        make(.warning, "no onChange(of: scenePhase) handler of '\(reader)' follows the phases of machine '\(machine)'; "
            + "its 'switch (oldPhase, newPhase)' needs \(quotedList(cases))", at: range)
    }
}

/// The app-delegate callbacks a SwiftUI app hears as a scene phase instead.
extension Diagnostic {
    static func swiftUIAppIgnoresAppCallback(_ selector: String, phase: ScenePhase, at range: SourceRange) -> Diagnostic {
        make(.warning, "UIKit does not call '\(selector)' in a SwiftUI app, which has scenes; follow the scene phase instead: "
            + "'.onChange(of: scenePhase)' reports the change to '\(phase.swift)'", at: range)
    }
}
