import LifecycleModel

extension TestPlanner where Automaton == SystemAutomaton {
    /// A plan for a system: every state of every instance (`Root=Appeared`; a run in a leaf is
    /// in each state around it too), every system event (`transitions`), or every two system
    /// events that can happen one right after the other (`pairs`, among the composed states a
    /// run reaches).
    public init(system automaton: SystemAutomaton, cover coverage: Coverage) {
        let system = automaton.system
        switch coverage {
        case .states:
            var firstGoal: [Int] = []
            var total = 0
            for index in system.instances.indices {
                firstGoal.append(total)
                total += system.machine(of: index).states.count
            }
            self.init(automaton, goalCount: total, coveredIn: { configuration in
                system.instances.indices.flatMap { index in
                    system.machine(of: index).ancestry(Int(configuration[index])).map { firstGoal[index] + $0 }
                }
            }, coveredBy: { _ in [] })
        case .transitions:
            self.init(automaton, goalCount: system.events.count, coveredIn: { _ in [] }, coveredBy: { [$0.transition] })
        case .pairs:
            self.init(automaton, pairs: Self.pairs(of: automaton, from: Self.reachable(in: automaton)))
        }
    }

    /// What each goal of `init(system:cover:)` is called: `Root=Appeared`, the event, or
    /// `launch then push` (`pairs`: the plan's `pairs`).
    public static func goalNames(system: System, cover coverage: Coverage, pairs: [StepPair] = []) -> [String] {
        switch coverage {
        case .pairs:
            pairs.map { $0.first < 0 ? system.events[$0.second].name : "\(system.events[$0.first].name) then \(system.events[$0.second].name)" }
        case .states:
            system.instances.indices.flatMap { index in
                system.machine(of: index).states.map { "\(system.instances[index].name)=\($0.name)" }
            }
        case .transitions:
            system.events.map(\.name)
        }
    }
}
