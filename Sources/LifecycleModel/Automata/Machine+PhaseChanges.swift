import LifecycleSyntax

extension Machine {
    /// The scene-phase changes `step` (one `MachineStepper` makes) reports through
    /// `onChange(of: scenePhase)`: from the phase of the leaf it leaves to that of the leaf it
    /// lands in. None for an internal transition (it stays in its leaf), a state without a phase at either end (SwiftUI
    /// reports no phase for a launch or a termination) or the same phase at both; two between
    /// `.active` and `.background`, which SwiftUI always passes through `.inactive` (a scene
    /// resigns active before it enters the background, and enters the foreground before it
    /// becomes active).
    public func phaseChanges(of step: QueryStep) -> [PhaseChange] {
        guard let phases, let old = phases.phases[step.from], let new = phases.phases[step.to], old != new else { return [] }
        if Set([old, new]) == [.active, .background] {
            return [PhaseChange(old: old, new: .inactive), PhaseChange(old: .inactive, new: new)]
        }
        return [PhaseChange(old: old, new: new)]
    }

    /// The phase changes `transition` makes from any leaf state where it fires (the steps
    /// `stepper` makes), each once, in the order of those states: what a table or a diagram
    /// shows for it. One pass over every leaf's steps, for all transitions at once.
    public func phaseChangesByTransition(_ stepper: MachineStepper) -> [[PhaseChange]] {
        var changes = [[PhaseChange]](repeating: [], count: transitions.count)
        guard phases != nil else { return changes }
        for state in states.indices where !states[state].isComposite {
            for step in stepper.steps(from: state) {
                for change in phaseChanges(of: step) where !changes[step.transition].contains(change) { changes[step.transition].append(change) }
            }
        }
        return changes
    }
}
