import LifecycleCompiler

/// The command line, read from the raw bytes of `argv`.
///
/// `CommandLine.arguments` repairs invalid UTF-8 (a byte 0xFF becomes U+FFFD), so a file
/// named `bad\xFFname.lifecycle` could not be opened, and `-o out\xFF.dot` wrote another
/// name. Each argument is decoded with `FileName.decode` instead, which keeps every byte; the
/// file system calls encode paths back (`withSystemPath`).
enum ProcessArguments {
    /// Every argument but the program's name.
    static func decoded() -> [String] {
        let count = Int(CommandLine.argc)
        let argv = CommandLine.unsafeArgv
        var arguments: [String] = []
        arguments.reserveCapacity(max(count - 1, 0))
        var index = 1
        while index < count {
            if let pointer = argv[index] {
                let buffer = UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self)
                var length = 0
                while buffer[length] != 0 { length += 1 }
                arguments.append(FileName.decode(UnsafeBufferPointer(start: buffer, count: length)))
            }
            index += 1
        }
        return arguments
    }
}

/// Calls `body` with `path` as the C string of its original bytes (`FileName.encode`): what
/// every system call that takes a path is given.
func withSystemPath<Result>(_ path: String, _ body: (UnsafePointer<CChar>) throws -> Result) rethrows -> Result {
    guard FileName.hasEscapedBytes(path) else { return try path.withCString(body) }
    let bytes = FileName.encode(path).map { CChar(bitPattern: $0) } + [0]
    return try bytes.withUnsafeBufferPointer { try body($0.baseAddress!) }
}

/// Two paths as C strings (`rename`).
func withSystemPaths<Result>(_ a: String, _ b: String, _ body: (UnsafePointer<CChar>, UnsafePointer<CChar>) throws -> Result) rethrows -> Result {
    try withSystemPath(a) { first in try withSystemPath(b) { second in try body(first, second) } }
}

/// A path a system call returned (`realpath`, `readlink`, `getcwd`), decoded losslessly.
func decodedSystemPath(_ pointer: UnsafePointer<CChar>) -> String {
    let buffer = UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self)
    var length = 0
    while buffer[length] != 0 { length += 1 }
    return FileName.decode(UnsafeBufferPointer(start: buffer, count: length))
}
