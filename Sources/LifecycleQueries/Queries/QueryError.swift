import LifecycleSource

/// Why a query could not answer: problems in what the user asked, kept as data until the
/// command line prints them.
///
/// `message` follows the diagnostic wording rules (one lowercase phrase, names in quotes,
/// "did you mean …?" when a fix is plausible); `notes` add context, one line each.
public enum QueryError: Error, Sendable, Equatable {
    /// A file with several machines and no `--machine`: a usage problem.
    case machineRequired(path: String, machines: [String])
    case unknownMachine(String, path: String, machines: [String])
    case noMachine(path: String)
    case unknownState(String, machine: String, states: [String])
    case noPath(from: String, to: String, machine: String)
    /// `event` is not accepted in `state`; `accepted` lists what is, innermost first.
    case rejectedEvent(String, state: String, accepted: [String], hasEnded: Bool)
    /// A file with several systems and no `--system`: a usage problem.
    case systemRequired(path: String, systems: [String])
    case unknownSystem(String, path: String, systems: [String])
    case noSystem(path: String)
    case unknownSystemEvent(String, system: String, events: [String])
    /// A system event whose first step cannot happen in `state` (`Root=Appeared, …`).
    /// `why`: which step cannot happen there, or that the `when` clause does not hold.
    case impossibleSystemEvent(String, state: String, possible: [String], why: String)
    case unknownInstance(String, system: String, instances: [String])
    /// `--to` is not `Instance=State,…`: a usage problem.
    case malformedGoal(String)
    case noSystemPath(to: String, system: String)
    case systemStateLimit(String, limit: Int)
    /// `lifecycle tests` cannot test machine or system `name`; `reason` says why.
    case untestable(String, reason: String)

    /// Whether this is a usage problem (exit status 2) rather than a bad answer (exit status 1).
    public var isUsage: Bool {
        switch self {
        case .machineRequired, .systemRequired, .malformedGoal: return true
        default: return false
        }
    }

    public var message: String {
        switch self {
        case .machineRequired(let path, let machines):
            return "'\(path)' has \(machines.count) machines; choose one with '--machine': \(Self.list(machines))"
        case .unknownMachine(let name, let path, let machines):
            return "no machine '\(name)' in '\(path)'" + Self.didYouMean(name, machines)
        case .noMachine(let path):
            return "'\(path)' declares no machine"
        case .unknownState(let name, let machine, let states):
            return "no state '\(name)' in '\(machine)'" + Self.didYouMean(name, states)
        case .noPath(let from, let to, let machine):
            return "no path from '\(from)' to '\(to)' in '\(machine)'"
        case .rejectedEvent(let event, let state, let accepted, let hasEnded):
            if hasEnded { return "'\(state)' is a final state, where the machine has ended; '\(event)' cannot happen" }
            return "'\(state)' does not accept '\(event)'" + Self.didYouMean(event, accepted)
        case .systemRequired(let path, let systems):
            return "'\(path)' has \(systems.count) systems; choose one with '--system': \(Self.list(systems))"
        case .unknownSystem(let name, let path, let systems):
            return "no system '\(name)' in '\(path)'" + Self.didYouMean(name, systems)
        case .noSystem(let path):
            return "'\(path)' declares no system"
        case .unknownSystemEvent(let name, let system, let events):
            return "no event '\(name)' in system '\(system)'" + Self.didYouMean(name, events)
        case .impossibleSystemEvent(let name, let state, _, _):
            return "'\(name)' is not possible in \(state)"
        case .unknownInstance(let name, let system, let instances):
            return "no instance '\(name)' in system '\(system)'" + Self.didYouMean(name, instances)
        case .malformedGoal(let text):
            return "'--to' takes 'Instance=State' pairs separated by commas, as in 'Second=Appeared,Root=Disappeared', not '\(text)'"
        case .noSystemPath(let to, let system):
            return "no sequence of events reaches '\(to)' in system '\(system)'"
        case .systemStateLimit(let name, let limit):
            return "system '\(name)' has more than \(limit) reachable states; the search stopped there (raise the limit with '--state-limit')"
        case .untestable(let name, let reason):
            return "cannot generate tests of '\(name)': \(reason)"
        }
    }

    public var notes: [String] {
        switch self {
        case .unknownMachine(_, let path, let machines):
            return ["'\(path)' declares \(Self.list(machines))"]
        case .rejectedEvent(_, let state, let accepted, let hasEnded):
            if hasEnded { return [] }
            return [accepted.isEmpty ? "'\(state)' accepts no event" : "'\(state)' accepts \(Self.list(accepted))"]
        case .unknownSystem(_, let path, let systems):
            return ["'\(path)' declares \(Self.list(systems))"]
        case .impossibleSystemEvent(_, _, let possible, let why):
            return [why, possible.isEmpty ? "no event is possible there" : "possible there: \(Self.list(possible))"]
        default:
            return []
        }
    }

    static func didYouMean(_ name: String, _ candidates: [String]) -> String {
        Suggestions.didYouMean(name, in: candidates)
    }

    static func list(_ names: [String]) -> String {
        names.map { "'\($0)'" }.joined(separator: ", ")
    }
}
