import LifecycleModel

/// An automaton with only some of another's steps: in each configuration, those `keep` leaves
/// of the base's steps (in the base's order). For planning the runs that only some events can
/// drive, as a UI test drives an app: it can press Home, but it cannot make a phone call.
///
/// It plugs into `TestPlanner` like any automaton; its steps, callbacks and names are the
/// base's, so a plan over it is a plan of real runs of the base.
public struct RestrictedAutomaton<Base: LifecycleAutomaton>: LifecycleAutomaton {
    public typealias Configuration = Base.Configuration

    public let base: Base
    let keep: ([AutomatonStep<Configuration>]) -> [AutomatonStep<Configuration>]

    /// - Parameter keep: the steps of a configuration to keep, given all of them in order.
    public init(_ base: Base, keep: @escaping ([AutomatonStep<Configuration>]) -> [AutomatonStep<Configuration>]) {
        self.base = base
        self.keep = keep
    }

    public var callbacks: [LoggedCallback] { base.callbacks }
    public var instances: [LoggedInstance] { base.instances }
    public var name: String { base.name }
    public var initialConfiguration: Configuration { base.initialConfiguration }

    public func steps(from configuration: Configuration) -> [AutomatonStep<Configuration>] {
        keep(base.steps(from: configuration))
    }

    public func describe(_ configuration: Configuration) -> String { base.describe(configuration) }
}
