import LifecycleSource

/// Time in a lifecycle (issue 43): how long a timed transition waits, and the deadlines a state
/// or a pair of callbacks carries. Durations are whole milliseconds.

/// A length of time as a spec writes it: `500ms`, `5s`, `1.5s`, `2min`.
public struct TimeSpan: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var milliseconds: Int64

    public init(milliseconds: Int64) { self.milliseconds = milliseconds }

    public static func < (a: TimeSpan, b: TimeSpan) -> Bool { a.milliseconds < b.milliseconds }

    /// The largest duration a spec may write (about 11.5 days), so that every sum of a few
    /// durations and a log's time of day stays far from `Int64`'s limits.
    public static let maximum = TimeSpan(milliseconds: 1_000_000_000)

    /// Reads `5s`, `1.5s`, `250ms`, `2min`: digits, an optional fraction, and a unit (`ms`, `s`,
    /// `min`). Nil for anything else, or a value that is not a whole number of milliseconds.
    public init?(parsing text: some StringProtocol) {
        let bytes = Array(text.utf8)
        var index = 0
        var whole: Int64 = 0
        var digits = 0
        while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 {
            whole = whole * 10 + Int64(bytes[index] - 0x30)
            index += 1
            digits += 1
            if whole > TimeSpan.maximum.milliseconds { return nil }
        }
        guard digits > 0 else { return nil }
        var fraction: [UInt8] = []
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 {
                fraction.append(bytes[index] - 0x30)
                index += 1
            }
            guard !fraction.isEmpty else { return nil }
        }
        let unit = String(decoding: bytes[index...], as: UTF8.self)
        guard let scale = TimeSpan.units.first(where: { $0.name == unit })?.milliseconds else { return nil }
        // The fraction in units of the scale, exactly: 1.5s is 1500 ms; 1.0001s is refused.
        var fractional: Int64 = 0
        var divisor: Int64 = 1
        for digit in fraction {
            fractional = fractional * 10 + Int64(digit)
            divisor *= 10
            if divisor > 1_000_000 { return nil }
        }
        guard (fractional * scale) % divisor == 0 else { return nil }
        milliseconds = whole * scale + fractional * scale / divisor
        if milliseconds > TimeSpan.maximum.milliseconds { return nil }
    }

    /// The units a duration may be written in, and how many milliseconds each is.
    public static let units: [(name: String, milliseconds: Int64)] = [("ms", 1), ("s", 1000), ("min", 60_000)]

    /// As a spec would write it: `5s`, `1.5s`, `250ms`, `2min`.
    public var description: String {
        let ms = milliseconds
        if ms != 0, ms % 60_000 == 0 { return "\(ms / 60_000)min" }
        if ms % 1000 == 0 { return "\(ms / 1000)s" }
        if ms >= 1000 {
            var fraction = String(ms % 1000)
            while fraction.count < 3 { fraction = "0" + fraction }
            while fraction.hasSuffix("0") { fraction.removeLast() }
            return "\(ms / 1000).\(fraction)s"
        }
        return "\(ms)ms"
    }

    /// In seconds with up to three decimals, for messages and logs: `8.2 s`.
    public var seconds: String {
        let sign = milliseconds < 0 ? "-" : ""
        let ms = abs(milliseconds)
        var fraction = String(ms % 1000)
        while fraction.count < 3 { fraction = "0" + fraction }
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return sign + String(ms / 1000) + (fraction.isEmpty ? "" : "." + fraction) + " s"
    }

    /// In seconds as a decimal number (`5`, `0.25`): SCXML's and sismic's spelling.
    public var decimalSeconds: String {
        let text = seconds
        return String(text.dropLast(2))
    }
}

/// `state Launching within 20s "reason"`: the machine must leave the state (and every state
/// inside it) within the span after entering it.
public struct Deadline: Sendable {
    public var span: TimeSpan
    public var reason: String?
    /// The `within` clause.
    public var range: SourceRange

    public init(span: TimeSpan, reason: String?, range: SourceRange) {
        self.span = span
        self.reason = reason
        self.range = range
    }
}

/// `from beginBackgroundTask to endBackgroundTask within 30s "reason"`: once a step calls
/// `from` (and no earlier call is still waiting), a step must call `to` within the span.
public struct CallbackDeadline: Sendable {
    public var from: MethodRef
    public var to: MethodRef
    public var span: TimeSpan
    public var reason: String?
    public var range: SourceRange

    public init(from: MethodRef, to: MethodRef, span: TimeSpan, reason: String?, range: SourceRange) {
        self.from = from
        self.to = to
        self.span = span
        self.reason = reason
        self.range = range
    }
}

extension Machine {
    /// Whether any state, transition or pair of callbacks of the machine says something about time.
    public var hasTime: Bool {
        !callbackDeadlines.isEmpty || transitions.contains { $0.delay != nil } || states.contains { $0.deadline != nil }
    }
}

extension Transition {
    /// How a drawing names what takes the transition: `idle after 5s`, `after 5s` (a timed
    /// transition without an event), `idle`, or nil.
    public var eventAndDelay: String? {
        guard let delay else { return event }
        return (event.map { $0 + " " } ?? "") + "after \(delay)"
    }
}

extension TimeSpan {
    /// As SCXML's `delay` (a CSS2 time): `5s`, or `1500ms` when not a whole number of seconds.
    public var css: String { milliseconds % 1000 == 0 ? "\(milliseconds / 1000)s" : "\(milliseconds)ms" }
}

extension Deadline {
    /// `within 20s`, as drawings show a state's deadline.
    public var label: String { "within \(span)" }
}
