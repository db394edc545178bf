import Foundation

/// Runs the built `lifecycle` binary and captures what it prints.
///
/// The binary is `LIFECYCLE_BIN` when set; otherwise the one next to the test bundle (SwiftPM
/// builds it there because this target depends on it); otherwise `.build/debug/lifecycle` under
/// the package root found from this file's path.
enum CLIRunner {
    struct Output: Equatable, CustomStringConvertible {
        var stdout: String
        var stderr: String
        var status: Int32
        var description: String { "status \(status)\n--- stdout\n\(stdout)--- stderr\n\(stderr)" }
    }

    static let packageRoot: String = {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(4) // Tests/LifecycleCLITests/Support/CLIRunner.swift
        return parts.joined(separator: "/")
    }()

    static let binary: String = {
        if let path = ProcessInfo.processInfo.environment["LIFECYCLE_BIN"], !path.isEmpty { return path }
        var candidates: [String] = []
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            candidates.append((bundle.bundlePath as NSString).deletingLastPathComponent + "/lifecycle")
        }
        if let first = CommandLine.arguments.first {
            // On Linux the test bundle is an executable: `.build/debug/<package>PackageTests.xctest`.
            candidates.append((first as NSString).deletingLastPathComponent + "/lifecycle")
        }
        candidates.append(packageRoot + "/.build/debug/lifecycle")
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) } ?? candidates.last!
    }()

    /// Runs `lifecycle arguments…` in `directory` (default: the package root), with stdin
    /// empty, or `input` through a pipe. `environment` adds variables to the test's own, or
    /// removes those mapped to nil; `NO_COLOR` is set unless removed there.
    static func run(_ arguments: [String], in directory: String? = nil,
                    environment overrides: [String: String?] = [:], input: Data? = nil) throws -> Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory ?? packageRoot)
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        for (name, value) in overrides { environment[name] = value }
        process.environment = environment
        let stdin = Pipe()
        process.standardInput = input == nil ? FileHandle.nullDevice : stdin
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        if let input {
            // Written on a thread of its own: the process may stop reading (a deviation) or
            // read slowly while its output fills the other pipes.
            Thread.detachNewThread {
                signal(SIGPIPE, SIG_IGN)
                try? stdin.fileHandleForWriting.write(contentsOf: input)
                try? stdin.fileHandleForWriting.close()
            }
        }
        // Read stderr on another thread while reading stdout here, so that neither pipe can
        // fill up and block the process.
        let errors = ErrorCollector(err.fileHandleForReading)
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = errors.wait()
        process.waitUntilExit()
        return Output(stdout: String(decoding: outData, as: UTF8.self),
                      stderr: String(decoding: errData, as: UTF8.self),
                      status: process.terminationStatus)
    }

    /// Reads a file handle to its end on a thread of its own.
    final class ErrorCollector: @unchecked Sendable {
        private var data = Data()
        private let done = DispatchSemaphore(value: 0)

        init(_ handle: FileHandle) {
            Thread.detachNewThread { [self] in
                data = handle.readDataToEndOfFile()
                done.signal()
            }
        }

        func wait() -> Data {
            done.wait()
            return data
        }
    }
}
