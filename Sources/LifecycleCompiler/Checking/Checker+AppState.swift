/// `appState NotRunning: .notRunning, Foreground: .runningForeground, …`: what each state of a
/// machine looks like to a UI test, as `XCUIApplication.State` (what `lifecycle tests --style
/// xcuitest` checks after every step). A state not named has its enclosing state's, or none.
/// Reported: unknown states and cases (with did-you-mean), a state mapped twice.
extension Checker {
    /// The machine's app states, or nil when its spec maps none.
    mutating func resolveAppStates(of decl: MachineDecl, states: [State]) -> [AppState?]? {
        guard !decl.appStates.isEmpty else { return nil }
        var own = [AppState?](repeating: nil, count: states.count)
        var mappedAt = [SourceRange?](repeating: nil, count: states.count)
        var indexByName: [String: Int] = [:]
        for (index, state) in states.enumerated() where indexByName[state.name] == nil { indexByName[state.name] = index }
        for mappingDecl in decl.appStates {
            for mapping in mappingDecl.mappings {
                let name = text(mapping.state.range)
                let caseName = text(mapping.phase.range)
                guard let appState = AppState(rawValue: caseName) else {
                    report(.unknownAppState(caseName, suggestion: Suggestions.bestMatch(for: caseName, in: AppState.allCases.map(\.rawValue)),
                                            at: mapping.phase.range))
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
                    report(.duplicateAppState(name, at: mapping.state.range).note("'\(name)' first mapped here", at: earlier))
                    continue
                }
                own[index] = appState
                mappedAt[index] = mapping.state.range
            }
        }
        // States come in pre-order: a parent's app state is known before its children's.
        var mapped = own
        for index in states.indices where mapped[index] == nil {
            if let parent = states[index].parent { mapped[index] = mapped[parent] }
        }
        return mapped
    }
}
