/// Measures how time grows with input size, robustly enough for a busy machine.
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

    /// How long `body` takes, in seconds.
    static func seconds(_ body: () -> Void) -> Double {
        let elapsed = ContinuousClock().measure(body)
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }
}
