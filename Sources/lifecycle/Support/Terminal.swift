#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Standard output and error, written with `write(2)` (no Foundation at start-up).
enum Terminal {
    static func write(_ text: String, to fd: Int32) {
        var text = text
        text.withUTF8 { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return
                }
                offset += written
            }
        }
    }

    static func out(_ text: String) { write(text, to: 1) }
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
