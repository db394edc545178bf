/// Messages about a state's `entry calls …` and `exit calls …`.
extension Diagnostic {
    /// `entry calls …` at a machine's top level: no state to enter.
    static func stateActionOutsideState(_ word: String, at range: SourceRange) -> Diagnostic {
        make(.error, "'\(word) calls' must be inside a state's body; it names the callbacks every transition \(word == "exit" ? "leaving" : "entering") that state calls", at: range)
    }
}

extension Diagnostic {
    /// `exit calls …` in a final state of the machine's top level: the machine never leaves it.
    static func exitOfFinalState(_ state: String, at range: SourceRange) -> Diagnostic {
        make(.warning, "'exit calls' in final state '\(state)' is never called: the machine does not leave its final states", at: range)
    }
}
