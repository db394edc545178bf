import LifecycleSource
import LifecycleSyntax
import LifecycleModel

/// What `appState …` (Checker+AppState) and `scenePhase …` (Checker+ScenePhase) share: a list
/// of `State: .case` mappings, each naming a state and a case of an enumeration, resolved with
/// did-you-mean for both names, each state mapped once, and a state not named taking its
/// enclosing state's case (or none).
extension Checker {
    /// Each state's case under `decls`' mappings, its own or its enclosing state's; nil where it
    /// has none. An unknown case is reported by `unknownCase` (the case written, a suggestion),
    /// a state mapped twice by `duplicate`; an unknown state as any state reference is.
    mutating func resolveStateMapping<Case: RawRepresentable & CaseIterable>(
        _ decls: [ScenePhaseDecl], states: [State],
        unknownCase: (String, String?, SourceRange) -> Diagnostic,
        duplicate: (String, SourceRange) -> Diagnostic
    ) -> [Case?] where Case.RawValue == String {
        var own = [Case?](repeating: nil, count: states.count)
        var mappedAt = [SourceRange?](repeating: nil, count: states.count)
        var indexByName: [String: Int] = [:]
        for (index, state) in states.enumerated() where indexByName[state.name] == nil { indexByName[state.name] = index }
        for decl in decls {
            for mapping in decl.mappings {
                let name = text(mapping.state.range)
                let caseName = text(mapping.phase.range)
                guard let value = Case(rawValue: caseName) else {
                    report(unknownCase(caseName, Suggestions.bestMatch(for: caseName, in: Case.allCases.map(\.rawValue)), mapping.phase.range))
                    continue
                }
                guard let index = indexByName[name] else {
                    let suggestion = spendSuggestion() ? Suggestions.bestMatch(for: name, in: states.map(\.name)) : nil
                    var diagnostic = Diagnostic.unknownState(name, suggestion: suggestion, at: mapping.state.range)
                    if let suggestion, let index = indexByName[suggestion] {
                        diagnostic = diagnostic.note("'\(suggestion)' declared here", at: states[index].range)
                    }
                    report(diagnostic)
                    continue
                }
                if let earlier = mappedAt[index] {
                    report(duplicate(name, mapping.state.range).note("'\(name)' first mapped here", at: earlier))
                    continue
                }
                own[index] = value
                mappedAt[index] = mapping.state.range
            }
        }
        // States come in pre-order: a parent's case is known before its children's.
        var mapped = own
        for index in states.indices where mapped[index] == nil {
            if let parent = states[index].parent { mapped[index] = mapped[parent] }
        }
        return mapped
    }
}
