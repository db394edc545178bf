/// A spec whose one system has a large composed state space: `instances` instances of a ring
/// of `ring` states, one event each, so every combination is reachable and `lifecycle check`
/// explores `ring ^ instances` composed states (10^6 for the defaults).
enum SystemSpec {
    static func generate(instances: Int = 6, ring: Int = 10) -> String {
        var lines = ["machine Ring \"A ring of \(ring) states.\" {", "    initial state S0"]
        for i in 1..<max(ring, 1) { lines.append("    state S\(i)") }
        for i in 0..<max(ring, 1) { lines.append("    S\(i) -> S\((i + 1) % max(ring, 1)) on next by user") }
        lines.append("}")
        lines.append("")
        lines.append("system Rings \"\(instances) rings side by side.\" {")
        for k in 0..<instances { lines.append("    instance I\(k): Ring") }
        for k in 0..<instances { lines.append("    on step\(k) by user: I\(k).next") }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }
}
