import Foundation
import Testing

/// Hostile input and hostile environments, round two (issue 17), run through the binary.
/// Each test names the promise of `Robustness.md` (the DocC catalog) it keeps.
@Suite(.serialized) struct HostileEnvironmentTests {
    /// Runs `sh -c script` with the binary as `$L`, in `folder`.
    static func shell(_ script: String, in folder: URL) throws -> CLIRunner.Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script]
        process.currentDirectoryURL = folder
        var environment = ProcessInfo.processInfo.environment
        environment["L"] = CLIRunner.binary
        environment["NO_COLOR"] = "1"
        process.environment = environment
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let errors = CLIRunner.ErrorCollector(err.fileHandleForReading)
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = errors.wait()
        process.waitUntilExit()
        return CLIRunner.Output(stdout: String(decoding: outData, as: UTF8.self),
                                stderr: String(decoding: errData, as: UTF8.self),
                                status: process.terminationStatus)
    }

    /// A fresh folder, removed afterwards.
    static func withFolder(_ body: (URL) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lifecycle-hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try body(folder)
    }

    #if os(Linux)
    /// Item 1: 200,000 errors need about 130 MB when every diagnostic is kept; counted past
    /// the printed limit, the check fits in an address space of 100 MB (Linux enforces
    /// `ulimit -v`; macOS does not).
    @Test("200,000 errors fit in 100 MB of address space: diagnostics past the limit are counted, not kept")
    func manyErrorsSmallMemory() throws {
        try Self.withFolder { folder in
            try String(repeating: "@ ", count: 200_000).write(to: folder.appendingPathComponent("j.lifecycle"), atomically: true, encoding: .utf8)
            let result = try Self.shell(#"ulimit -v 100000; "$L" check j.lifecycle"#, in: folder)
            #expect(result.status == 1, "\(result)")
            #expect(result.stderr.hasSuffix("note: 199950 errors not shown; use '--error-limit 0' to show every diagnostic\n"), "\(result.stderr.suffix(300))")
        }
    }
    #endif
}
