/// The time a log line carries at its start (issue 43, `conform` on timestamps): every format
/// the log reader knows writes it the same way, `2026-11-24 18:40:02.118421+0100` (Xcode's
/// console, NSLog, `log show`/`log stream` default and `--style compact` without the zone, the
/// `timestamp` of `--style json`): a date, a space or `T`, a time of day with an optional
/// fraction, and an optional zone (`+0100`, `+01:00`, `Z`).
///
/// Read only on the lines that name a callback, and only when the spec says something about
/// time: the untimed path never calls it.
public struct LogTimestamp: Sendable, Equatable {
    /// Milliseconds since 1970-01-01 00:00 UTC (the line's zone applied; a line without one is
    /// read as UTC, which only matters when a log mixes lines with and without zones).
    public var milliseconds: Int64
    /// The zone's offset from UTC in minutes, as the line wrote it (0 without one).
    public var zoneMinutes: Int
    /// Where the timestamp ends in its line (blanks before it included).
    public var end: Int

    public init(milliseconds: Int64, zoneMinutes: Int = 0, end: Int = 0) {
        self.milliseconds = milliseconds
        self.zoneMinutes = zoneMinutes
        self.end = end
    }

    /// The timestamp at the start of `line` (after blanks), or nil when it has none.
    public static func parse(_ line: UnsafeBufferPointer<UInt8>) -> LogTimestamp? {
        var cursor = Cursor(line: line)
        cursor.skipBlanks()
        // The shortest: `2026-11-24 18:40:02` (19 bytes).
        guard cursor.count - cursor.index >= 19 else { return nil }
        guard let year = cursor.digits(4), cursor.expect(UInt8(ascii: "-")), let month = cursor.digits(2), cursor.expect(UInt8(ascii: "-")),
              let day = cursor.digits(2), cursor.index < cursor.count, line[cursor.index] == 0x20 || line[cursor.index] == UInt8(ascii: "T")
        else { return nil }
        cursor.index += 1
        guard let hour = cursor.digits(2), cursor.expect(UInt8(ascii: ":")), let minute = cursor.digits(2), cursor.expect(UInt8(ascii: ":")),
              let second = cursor.digits(2), (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61 else { return nil }
        var index = cursor.index
        let count = cursor.count
        var millisecond = 0
        if index < count && (line[index] == UInt8(ascii: ".") || line[index] == UInt8(ascii: ",")) {
            index += 1
            var places = 0
            while index < count, line[index] >= 0x30, line[index] <= 0x39 {
                if places < 3 { millisecond = millisecond * 10 + Int(line[index] - 0x30) }
                places += 1
                index += 1
            }
            guard places > 0 else { return nil }
            for _ in places..<max(places, 3) { millisecond *= 10 }
        }
        var zone = 0
        if index < count {
            let sign = line[index]
            if sign == UInt8(ascii: "Z") {
                index += 1
            } else if sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
                cursor.index = index + 1
                guard let hours = cursor.digits(2) else { return nil }
                _ = cursor.expect(UInt8(ascii: ":"))
                guard let minutes = cursor.digits(2), hours < 24, minutes < 60 else { return nil }
                index = cursor.index
                zone = (hours * 60 + minutes) * (sign == UInt8(ascii: "-") ? -1 : 1)
            }
        }
        // The timestamp ends the word: `2026-11-24 18:40:02.118 Df …`, or the line.
        guard index == count || line[index] == 0x20 || line[index] == 0x09 else { return nil }
        let days = Int64(daysFromCivil(year: year, month: month, day: day))
        let local = ((days * 24 + Int64(hour)) * 60 + Int64(minute)) * 60 + Int64(second)
        return LogTimestamp(milliseconds: (local - Int64(zone) * 60) * 1000 + Int64(millisecond), zoneMinutes: zone, end: index)
    }

    public static func parse(_ text: String) -> LogTimestamp? {
        var bytes = Array(text.utf8)
        return bytes.withUnsafeMutableBufferPointer { parse(UnsafeBufferPointer($0)) }
    }

    /// A place in a line being read as a timestamp.
    private struct Cursor {
        let line: UnsafeBufferPointer<UInt8>
        let count: Int
        var index = 0

        init(line: UnsafeBufferPointer<UInt8>) {
            self.line = line
            count = line.count
        }

        @inline(__always) mutating func skipBlanks() {
            while index < count && (line[index] == 0x20 || line[index] == 0x09) { index += 1 }
        }

        /// The value of the `n` decimal digits here, read past; nil (not moving) otherwise.
        @inline(__always) mutating func digits(_ n: Int) -> Int? {
            guard index + n <= count else { return nil }
            var value = 0
            for offset in 0..<n {
                let byte = line[index + offset]
                guard byte >= 0x30 && byte <= 0x39 else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            index += n
            return value
        }

        /// Whether `byte` is here, read past.
        @inline(__always) mutating func expect(_ byte: UInt8) -> Bool {
            guard index < count, line[index] == byte else { return false }
            index += 1
            return true
        }
    }

    /// Days from 1970-01-01 to a date of the proleptic Gregorian calendar (Howard Hinnant's
    /// `days_from_civil`).
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// `milliseconds` as the log's clock shows it in a zone `zoneMinutes` from UTC, as messages
    /// write it: `10:00:05.1` (a fraction only when there is one, to the millisecond).
    public static func timeOfDay(_ milliseconds: Int64, zoneMinutes: Int) -> String {
        var local = (milliseconds + Int64(zoneMinutes) * 60_000) % 86_400_000
        if local < 0 { local += 86_400_000 }
        let ms = Int(local % 1000), seconds = Int(local / 1000)
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        var text = "\(two(seconds / 3600)):\(two(seconds / 60 % 60)):\(two(seconds % 60))"
        if ms > 0 {
            var fraction = String(ms)
            while fraction.count < 3 { fraction = "0" + fraction }
            while fraction.hasSuffix("0") { fraction.removeLast() }
            text += "." + fraction
        }
        return text
    }
}
