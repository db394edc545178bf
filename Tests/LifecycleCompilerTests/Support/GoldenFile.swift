import Foundation
import Testing

/// Compares output with a checked-in golden file, printing a unified diff on mismatch.
///
/// With `LIFECYCLE_RECORD=1` in the environment the golden file is rewritten — and the test
/// still fails, so that a recording never passes unnoticed.
enum GoldenFile {
    static var recording: Bool { ProcessInfo.processInfo.environment["LIFECYCLE_RECORD"] == "1" }

    static func check(_ actual: String, against url: URL, sourceLocation: SourceLocation = #_sourceLocation) {
        let expected = try? String(contentsOf: url, encoding: .utf8)
        if expected == actual { return }
        if recording {
            try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? actual.write(to: url, atomically: true, encoding: .utf8)
            Issue.record("recorded \(url.lastPathComponent); unset LIFECYCLE_RECORD and run again", sourceLocation: sourceLocation)
            return
        }
        guard let expected else {
            Issue.record("missing golden file \(url.path); run with LIFECYCLE_RECORD=1 to create it", sourceLocation: sourceLocation)
            return
        }
        Issue.record("\(url.lastPathComponent) differs from the output (LIFECYCLE_RECORD=1 rewrites it):\n\(diff(expected, actual))",
                     sourceLocation: sourceLocation)
    }

    /// A unified diff from `git diff --no-index`, or the first differing line if git is absent.
    static func diff(_ expected: String, _ actual: String) -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lifecycle-diff-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let a = folder.appendingPathComponent("expected"), b = folder.appendingPathComponent("actual")
        try? expected.write(to: a, atomically: true, encoding: .utf8)
        try? actual.write(to: b, atomically: true, encoding: .utf8)
        if let result = try? Shell.run("/usr/bin/env", ["git", "diff", "--no-index", "--no-color", a.path, b.path]), !result.stdout.isEmpty {
            return result.stdout
        }
        let e = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let f = actual.split(separator: "\n", omittingEmptySubsequences: false)
        for i in 0..<max(e.count, f.count) where (i < e.count ? e[i] : nil) != (i < f.count ? f[i] : nil) {
            return "line \(i + 1):\n- \(i < e.count ? String(e[i]) : "<end>")\n+ \(i < f.count ? String(f[i]) : "<end>")"
        }
        return "(no difference found line by line)"
    }
}

/// Runs a program and captures its output.
enum Shell {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static func run(_ executable: String, _ arguments: [String], input: Data? = nil,
                    currentDirectory: URL? = nil, environment: [String: String]? = nil) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let currentDirectory { process.currentDirectoryURL = currentDirectory }
        if let environment { process.environment = environment }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        if let input {
            let inPipe = Pipe()
            process.standardInput = inPipe
            try process.run()
            inPipe.fileHandleForWriting.write(input)
            try inPipe.fileHandleForWriting.close()
        } else {
            process.standardInput = FileHandle.nullDevice
            try process.run()
        }
        // Read both pipes while the process runs so neither fills up.
        final class Box: @unchecked Sendable { var data = Data() }
        let stderrBox = Box()
        let group = DispatchGroup()
        group.enter()
        let reader = err.fileHandleForReading
        DispatchQueue.global().async {
            stderrBox.data = reader.readDataToEndOfFile()
            group.leave()
        }
        let stdoutData = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: stdoutData, as: UTF8.self),
                      stderr: String(decoding: stderrBox.data, as: UTF8.self))
    }

    /// The full path of a program on PATH, or nil.
    static func which(_ name: String) -> String? {
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let path = "\(folder)/\(name)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }
}

/// Paths inside the repository, found from this file's location.
enum Repository {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let fixtures = root.appendingPathComponent("Tests/LifecycleCompilerTests/Fixtures")
    static let examples = root.appendingPathComponent("Examples")
}
