#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// Standard output and error, written with `write(2)` (no Foundation at start-up).
enum Terminal {
    static func write(_ text: String, to fd: Int32) {
        var text = text
        text.withUTF8 { write($0, to: fd) }
    }

    static func write(_ buffer: UnsafeBufferPointer<UInt8>, to fd: Int32) {
        guard let base = buffer.baseAddress else { return }
        var offset = 0
        while offset < buffer.count {
            let written = systemWrite(fd, base + offset, buffer.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return
            }
            offset += written
        }
    }

    static func out(_ text: String) { write(text, to: 1) }
    /// Generated output, written as is: no copy into a `String` (which would validate it).
    static func out(_ bytes: [UInt8]) { bytes.withUnsafeBufferPointer { write($0, to: 1) } }
    static func err(_ text: String) { write(text, to: 2) }

    /// Whether diagnostics on stderr should be coloured: `--color always|never|auto`, where
    /// auto means stderr is a terminal and `NO_COLOR` is not set.
    static func useColors(_ mode: String?) -> Bool {
        switch mode {
        case "always": return true
        case "never": return false
        default:
            if getenv("NO_COLOR") != nil { return false }
            if let term = getenv("TERM"), String(cString: term) == "dumb" { return false }
            return isatty(2) != 0
        }
    }

    /// The text for an `errno` value.
    static func describe(errno code: Int32) -> String {
        String(cString: strerror(code))
    }
}
