import Foundation
import Testing

/// Golden files: compares output with a file under `Fixtures/`, and prints a diff on mismatch.
///
/// With `LIFECYCLE_RECORD=1` in the environment, a mismatching (or missing) golden file is
/// rewritten with the actual output, and the test still fails so that a recording run is never
/// mistaken for a passing one.
enum Golden {
    /// The package root, found from this file's path.
    static let packageRoot: String = {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(4) // Tests/LifecycleCompilerTests/Queries/Golden.swift
        return parts.joined(separator: "/")
    }()

    static let fixtures = packageRoot + "/Tests/LifecycleCompilerTests/Fixtures"

    static var recording: Bool { ProcessInfo.processInfo.environment["LIFECYCLE_RECORD"] == "1" }

    /// Expects `actual` to equal the file `name` under `Fixtures/`.
    static func check(_ actual: String, against name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let path = fixtures + "/" + name
        let expected = try? String(contentsOfFile: path, encoding: .utf8)
        if expected == actual { return }
        if recording {
            try? FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                     withIntermediateDirectories: true)
            try? actual.write(toFile: path, atomically: true, encoding: .utf8)
            Issue.record("recorded \(name); run again without LIFECYCLE_RECORD to check it", sourceLocation: sourceLocation)
            return
        }
        guard let expected else {
            Issue.record("missing golden file \(name); run with LIFECYCLE_RECORD=1 to create it", sourceLocation: sourceLocation)
            return
        }
        Issue.record("\(name) differs (- expected, + actual):\n\(diff(expected, actual))", sourceLocation: sourceLocation)
    }

    /// A line diff: the common prefix and suffix are skipped, the middle shown as - and + lines.
    static func diff(_ expected: String, _ actual: String) -> String {
        let a = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let b = actual.split(separator: "\n", omittingEmptySubsequences: false)
        var prefix = 0
        while prefix < min(a.count, b.count) && a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < min(a.count, b.count) - prefix && a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
        var lines = ["@@ line \(prefix + 1) @@"]
        lines += a[prefix..<(a.count - suffix)].map { "-" + $0 }
        lines += b[prefix..<(b.count - suffix)].map { "+" + $0 }
        return lines.joined(separator: "\n")
    }
}
