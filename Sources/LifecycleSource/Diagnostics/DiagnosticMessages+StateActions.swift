/// Messages about a state's `entry calls …` and `exit calls …`.
extension Diagnostic {
    /// `entry calls …` at a machine's top level: no state to enter.
    package static func stateActionOutsideState(_ word: String, at range: SourceRange) -> Diagnostic {
        make(.error, "'\(word) calls' must be inside a state's body; it names the callbacks every transition \(word == "exit" ? "leaving" : "entering") that state calls", at: range)
    }
}

extension Diagnostic {
    /// `exit calls …` in a final state of the machine's top level: the machine never leaves it.
    package static func exitOfFinalState(_ state: String, at range: SourceRange) -> Diagnostic {
        make(.warning, "'exit calls' in final state '\(state)' is never called: the machine does not leave its final states", at: range)
    }
}

/// Messages about `// lifecycle: ignore GROUP "reason"` comments (`Suppressions`).
extension Diagnostic {
    static func unusedSuppression(_ group: String, line: Int, at range: SourceRange) -> Diagnostic {
        make(.warning, "'lifecycle: ignore \(group)' silences nothing: no '\(group)' warning on line \(line); remove the comment", at: range)
    }

    static func unknownSuppressionGroup(_ group: String, suggestion: String?, at range: SourceRange) -> Diagnostic {
        let shown = group.isEmpty ? "'lifecycle: ignore' names no warning group" : "'lifecycle: ignore' names no warning group '\(group)'"
        return make(.warning, shown + didYouMean(suggestion), at: range,
                    fixIt: suggestion.map { FixIt(replace: range, with: $0) })
    }
}
