#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Measures how time grows with input size, robustly enough for a busy machine.
///
/// Time is the CPU time of the measuring thread, not wall time: other processes (the test
/// suite runs compilers and `dot` in parallel on a two-core machine) then cannot stretch
/// one measurement and not the other.
enum Scaling {
    /// The ratio of the best time of `large` to the best time of `small`, timing them in turn
    /// `repetitions` times so that a burst of load from other processes hits both alike.
    /// With `large` 4× the size of `small`, linear work gives about 4 and quadratic about 16.
    static func ratio(repetitions: Int = 3, small: () -> Void, large: () -> Void) -> (ratio: Double, small: Double, large: Double) {
        var best = (small: Double.infinity, large: Double.infinity)
        for _ in 0..<repetitions {
            best.small = min(best.small, seconds(small))
            best.large = min(best.large, seconds(large))
        }
        return (best.large / best.small, best.small, best.large)
    }

    /// The CPU time `body` takes on this thread, in seconds.
    static func seconds(_ body: () -> Void) -> Double {
        let start = threadTime()
        body()
        return threadTime() - start
    }

    static func threadTime() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }
}
