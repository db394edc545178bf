#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// Clocks, child processes and medians.
enum Measure {
    /// Monotonic time in seconds.
    static func now() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }

    /// Runs `body` and returns its result and the seconds it took.
    static func time<T>(_ body: () -> T) -> (T, Double) {
        let start = now()
        let result = body()
        return (result, now() - start)
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return .nan }
        return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }

    /// One run of a child process: wall seconds, peak resident memory in bytes, exit status.
    struct Run {
        var seconds: Double
        var peakBytes: Int
        var status: Int32
        /// User and system CPU time: steadier than wall time on a busy machine.
        var cpuSeconds: Double = 0
    }

    /// Spawns `arguments[0]` with stdout and stderr sent to /dev/null (or stdout to `stdout`)
    /// and waits for it with `wait4`, which reports the child's peak resident set.
    static func run(_ arguments: [String], stdout: String = "/dev/null") -> Run {
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t? = nil
        #else
        var actions = posix_spawn_file_actions_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let start = now()
        let spawned = posix_spawn(&pid, arguments[0], &actions, nil, &argv, environ)
        guard spawned == 0 else {
            fatalError("cannot run \(arguments[0]): error \(spawned)")
        }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        let seconds = now() - start
        // ru_maxrss is in kilobytes on Linux and in bytes on Darwin.
        #if canImport(Darwin)
        let peakBytes = Int(usage.ru_maxrss)
        #else
        let peakBytes = Int(usage.ru_maxrss) * 1024
        #endif
        let cpu = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
            + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
        return Run(seconds: seconds, peakBytes: peakBytes, status: (status >> 8) & 0xFF, cpuSeconds: cpu)
    }

    /// The median wall time and the largest peak memory over `count` runs.
    static func repeated(_ count: Int, _ arguments: [String], stdout: String = "/dev/null") -> Run {
        var runs: [Run] = []
        for _ in 0..<count { runs.append(run(arguments, stdout: stdout)) }
        return Run(seconds: median(runs.map(\.seconds)), peakBytes: runs.map(\.peakBytes).max() ?? 0,
                   status: runs.map(\.status).max() ?? 0, cpuSeconds: median(runs.map(\.cpuSeconds)))
    }

    static func loadAverage() -> String {
        var loads = [Double](repeating: 0, count: 3)
        guard getloadavg(&loads, 3) == 3 else { return "unknown" }
        return loads.map { format($0, 2) }.joined(separator: ", ")
    }

    /// `value` with `digits` decimals.
    static func format(_ value: Double, _ digits: Int) -> String {
        guard value.isFinite else { return "n/a" }
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let rounded = (value * scale).rounded() / scale
        var text = String(rounded)
        if let dot = text.firstIndex(of: ".") {
            let decimals = text.distance(from: dot, to: text.endIndex) - 1
            if digits == 0 { text = String(text[..<dot]) } else if decimals < digits {
                text += String(repeating: "0", count: digits - decimals)
            }
        } else if digits > 0 {
            text += "." + String(repeating: "0", count: digits)
        }
        return text
    }
}
