import LifecycleSource

/// JSON-RPC 2.0 over the Language Server Protocol's base protocol: `Content-Length` framing,
/// message kinds, and the standard error codes. No I/O: the executable feeds bytes in with
/// `MessageFramer.append(_:)` and writes out what `frame(_:)` returns.

/// The error codes of JSON-RPC and the LSP.
public enum RPCErrorCode: Int, Sendable {
    case parseError = -32700
    case invalidRequest = -32600
    case methodNotFound = -32601
    case invalidParams = -32602
    case internalError = -32603
    case serverNotInitialized = -32002
    case requestFailed = -32803
    case requestCancelled = -32800
}

/// One message received, classified.
public enum RPCMessage: Sendable {
    /// A request: it must be answered with a response carrying `id`.
    case request(id: JSONValue, method: String, params: JSONValue?)
    /// A notification: never answered.
    case notification(method: String, params: JSONValue?)
    /// A response to a request the server sent (ignored: the server sends none it waits for).
    case response(id: JSONValue)
    /// Not a valid message; `id` is the request id if one could be read.
    case invalid(id: JSONValue?, code: RPCErrorCode, message: String)

    /// Classifies a parsed JSON body.
    public static func classify(_ value: JSONValue) -> RPCMessage {
        guard value.isObject else { return .invalid(id: nil, code: .invalidRequest, message: "a message must be a JSON object") }
        let id = value["id"]
        if let id, !RPCMessage.isValidID(id) {
            return .invalid(id: nil, code: .invalidRequest, message: "'id' must be a number or a string")
        }
        guard let methodValue = value["method"] else {
            if let id, value["result"] != nil || value["error"] != nil { return .response(id: id) }
            return .invalid(id: id, code: .invalidRequest, message: "missing 'method'")
        }
        guard let method = methodValue.string else {
            return .invalid(id: id, code: .invalidRequest, message: "'method' must be a string")
        }
        // `"params": null` is read as no params: some clients send it with `exit`.
        let params = value["params"] == .null ? nil : value["params"]
        if let params, !(params.isObject || params.array != nil) {
            return .invalid(id: id, code: .invalidRequest, message: "'params' must be an object or an array")
        }
        if let id, id != .null { return .request(id: id, method: method, params: params) }
        if id == .null { return .invalid(id: nil, code: .invalidRequest, message: "'id' must not be null") }
        return .notification(method: method, params: params)
    }

    static func isValidID(_ id: JSONValue) -> Bool {
        switch id {
        case .string, .null: return true
        case .number: return id.int != nil
        default: return false
        }
    }
}

extension JSONValue {
    /// A response carrying `result`.
    public static func response(id: JSONValue, result: JSONValue) -> JSONValue {
        .object([("jsonrpc", "2.0"), ("id", id), ("result", result)])
    }

    /// A response carrying an error.
    public static func errorResponse(id: JSONValue?, code: RPCErrorCode, message: String) -> JSONValue {
        .object([("jsonrpc", "2.0"), ("id", id ?? .null),
                 ("error", .object([("code", JSONValue(code.rawValue)), ("message", .string(message))]))])
    }

    /// A notification from the server.
    public static func notification(_ method: String, _ params: JSONValue) -> JSONValue {
        .object([("jsonrpc", "2.0"), ("method", .string(method)), ("params", params)])
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
                     ExpressibleByArrayLiteral, ExpressibleByNilLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    public init(nilLiteral: ()) { self = .null }
}

/// Splits a byte stream into message bodies by their `Content-Length` headers.
///
/// Bounded: a header section longer than `maximumHeaderSize` or a body longer than
/// `maximumBodySize` is reported once and skipped (a long body is skipped as it streams in,
/// never buffered), and the framer resynchronises at the next `Content-Length` header.
/// Memory held is at most one body plus one read.
public struct MessageFramer: Sendable {
    public static let maximumHeaderSize = 8 << 10
    public static let maximumBodySize = 64 << 20

    /// What `next()` found.
    public enum Item: Sendable, Equatable {
        case body([UInt8])
        /// A framing problem, already recovered from: say so to the client (a log message).
        case problem(String)
    }

    var buffer: [UInt8] = []
    var start = 0
    /// Bytes of an oversized body still to skip.
    var skipping = 0

    public init() {}

    /// How many bytes are buffered (for tests of boundedness).
    public var bufferedCount: Int { buffer.count - start }

    public mutating func append(_ bytes: some Collection<UInt8>) {
        var bytes = bytes[...]
        if skipping > 0 {
            let skipped = min(skipping, bytes.count)
            skipping -= skipped
            bytes = bytes.dropFirst(skipped)
        }
        if start > 0 && start >= buffer.count / 2 {
            buffer.removeFirst(start)
            start = 0
        }
        buffer.append(contentsOf: bytes)
    }

    /// The next complete message body or problem, or nil when more bytes are needed.
    public mutating func next() -> Item? {
        while true {
            if skipping > 0 {
                let skipped = min(skipping, buffer.count - start)
                start += skipped
                skipping -= skipped
                if skipping > 0 { return nil }
            }
            guard start < buffer.count else { return nil }
            // Find the end of the header section.
            guard let headerEnd = findHeaderEnd() else {
                if buffer.count - start > MessageFramer.maximumHeaderSize {
                    resynchronize(from: start + 1)
                    return .problem("header section longer than \(MessageFramer.maximumHeaderSize) bytes; skipped")
                }
                return nil
            }
            let header = String(decoding: buffer[start..<headerEnd], as: UTF8.self)
            var length: Int?
            var valid = true
            var conflicting = false
            for line in header.split(separator: "\r\n") {
                guard let colon = line.firstIndex(of: ":") else { valid = false; break }
                let name = line[..<colon].lowercased()
                let value = line[line.index(after: colon)...].trimmingSpaces
                if name == "content-length" {
                    guard let number = Int(value), number >= 0 else { valid = false; break }
                    if let earlier = length, earlier != number { conflicting = true }
                    length = number
                }
            }
            if conflicting {
                // Which length is meant cannot be known: the header and what follows it are
                // skipped up to the next header.
                resynchronize(from: headerEnd + 4)
                return .problem("a message with conflicting Content-Length headers; skipped")
            }
            guard valid, let length else {
                // A stray line before a header (`junk\r\nContent-Length: …`): the real header
                // may start inside what was read as this one, so look again from the next byte.
                resynchronize(from: start + 1)
                return .problem("a message without a valid Content-Length header; skipped")
            }
            let bodyStart = headerEnd + 4
            if length > MessageFramer.maximumBodySize {
                let available = buffer.count - bodyStart
                start = bodyStart + min(length, available)
                skipping = length - min(length, available)
                return .problem("a message of \(length) bytes is larger than the \(MessageFramer.maximumBodySize)-byte limit; skipped")
            }
            guard buffer.count - bodyStart >= length else { return nil }
            let body = Array(buffer[bodyStart..<(bodyStart + length)])
            start = bodyStart + length
            return .body(body)
        }
    }

    func findHeaderEnd() -> Int? {
        let limit = min(buffer.count, start + MessageFramer.maximumHeaderSize + 4)
        var index = start
        while index + 3 < limit {
            if buffer[index] == 13 && buffer[index + 1] == 10 && buffer[index + 2] == 13 && buffer[index + 3] == 10 { return index }
            index += 1
        }
        return nil
    }

    /// Skips to the next `Content-Length` at or after `offset` (or drops everything).
    mutating func resynchronize(from offset: Int) {
        let needle = Array("Content-Length".utf8)
        var index = max(offset, start)
        while index + needle.count <= buffer.count {
            if buffer[index] == needle[0] && Array(buffer[index..<(index + needle.count)]) == needle {
                start = index
                return
            }
            index += 1
        }
        // Keep only a tail that may be the start of a header split across reads.
        start = buffer.count
        for kept in stride(from: needle.count - 1, through: 1, by: -1) where buffer.count - kept >= max(offset, 0) {
            if Array(buffer[(buffer.count - kept)...]) == Array(needle[0..<kept]) {
                start = buffer.count - kept
                break
            }
        }
    }

    /// `body` with its `Content-Length` header.
    public static func frame(_ body: String) -> [UInt8] {
        var bytes = Array("Content-Length: \(body.utf8.count)\r\n\r\n".utf8)
        bytes.append(contentsOf: body.utf8)
        return bytes
    }
}

