import LifecycleModel

/// How a path reaches its timed transitions (issue 43): by waiting. A path is found event by
/// event (`Tracer`, `TestPlanner`), and a timed transition's event still takes it by name; but
/// the system takes it with time, so a path says `wait 5s` where waiting from that point of
/// the path fires it, replayed with `TimedStepper` (events take no time; a wait takes exactly
/// until the transition is due, counting the time already spent in its source state). Where
/// waiting would fire another timed transition first, the step keeps its event.
public enum TimedPath {
    /// For each step of a path from `start`, how long to wait for it, or nil when it is taken
    /// by its event.
    public static func waits(_ steps: [QueryStep], from start: Int, in machine: Machine) -> [TimeSpan?] {
        guard machine.transitions.contains(where: { $0.delay != nil }) else { return steps.map { _ in nil } }
        let timing = TimedStepper(MachineStepper(machine))
        var clock = timing.start(in: start)
        var waits: [TimeSpan?] = []
        for step in steps {
            if machine.transitions[step.transition].delay != nil, let due = timing.nextDue(clock), due.transition == step.transition {
                waits.append(TimeSpan(milliseconds: due.at - clock.now))
                timing.apply(step, at: due.at, to: &clock)
            } else {
                waits.append(nil)
                timing.apply(step, at: clock.now, to: &clock)
            }
        }
        return waits
    }
}
