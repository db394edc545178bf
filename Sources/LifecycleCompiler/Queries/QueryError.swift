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
    case rejectedEvent(String, state: String, accepted: [String], isFinal: Bool)

    /// Whether this is a usage problem (exit status 2) rather than a bad answer (exit status 1).
    public var isUsage: Bool {
        if case .machineRequired = self { return true }
        return false
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
        case .rejectedEvent(let event, let state, let accepted, let isFinal):
            if isFinal { return "'\(state)' is a final state and accepts no event; '\(event)' cannot happen" }
            return "'\(state)' does not accept '\(event)'" + Self.didYouMean(event, accepted)
        }
    }

    public var notes: [String] {
        switch self {
        case .unknownMachine(_, let path, let machines):
            return ["'\(path)' declares \(Self.list(machines))"]
        case .rejectedEvent(_, let state, let accepted, let isFinal):
            if isFinal { return [] }
            return [accepted.isEmpty ? "'\(state)' accepts no event" : "'\(state)' accepts \(Self.list(accepted))"]
        default:
            return []
        }
    }

    static func didYouMean(_ name: String, _ candidates: [String]) -> String {
        Suggestions.bestMatch(for: name, in: candidates).map { "; did you mean '\($0)'?" } ?? ""
    }

    static func list(_ names: [String]) -> String {
        names.map { "'\($0)'" }.joined(separator: ", ")
    }
}
