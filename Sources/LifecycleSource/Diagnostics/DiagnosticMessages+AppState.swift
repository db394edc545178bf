/// Messages about a machine's `appState` mapping: what each state looks like to a UI test
/// (`XCUIApplication.State`), read by `lifecycle tests --style xcuitest`.
extension Diagnostic {
    /// The cases, as a message lists them.
    static let appStateCases = "'.notRunning', '.runningBackgroundSuspended', '.runningBackground', '.runningForeground' or '.unknown'"

    package static func duplicateAppState(_ state: String, at range: SourceRange) -> Diagnostic {
        make(.error, "state '\(state)' already has an app state", at: range)
    }

    package static func expectedColonAfterAppState(_ state: String, found: String, at range: SourceRange) -> Diagnostic {
        make(.error, "expected ':' and an app state after '\(state)', as in '\(state): .runningForeground'; found \(found)", at: range)
    }

    /// After `State:`; `state` is the case the identifier found there names, as Swift writes it
    /// (`.notRunning`), if it names one: a case written without its '.' gets it by the fix-it.
    package static func expectedAppState(after name: String, found: String, state: String?, at range: SourceRange) -> Diagnostic {
        let fix = state.map { FixIt(replace: range, with: $0) }
        return make(.error, "expected an app state after '\(name):', \(appStateCases); found \(found)"
            + (fix.map { "; did you mean '\($0.replacement)'?" } ?? ""), at: range, fixIt: fix)
    }

    /// `range` is the name after the '.': the fix-it replaces it with the suggestion.
    package static func unknownAppState(_ name: String, suggestion: String?, at range: SourceRange) -> Diagnostic {
        make(.error, "unknown app state '.\(name)'" + (suggestion.map { "; did you mean '.\($0)'?" } ?? "; the states of 'XCUIApplication.State' are \(appStateCases)"),
             at: range, fixIt: suggestion.map { FixIt(replace: range, with: $0) })
    }
}
