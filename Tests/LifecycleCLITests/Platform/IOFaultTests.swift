import Foundation
import Testing

/// I/O faults, run through the binary: each is a clear `path: error: …` with exit 3, and the
/// previous output file is intact (`Robustness.md` (the DocC catalog) lists them).
///
/// Tests may run as root (CI containers), where permission bits don't stop reads or writes:
/// the two assertions that rely on them are skipped then.
@Suite(.serialized) struct IOFaultTests {
    static let spec = """
    protocol PlayerDelegate {
        func playerDidLoad()
    }
    machine Player {
        delegate PlaybackController: PlayerDelegate
        initial state Idle
        state Playing
        Idle -> Playing on play calls playerDidLoad
        Playing -> Idle on stop
    }

    """

    /// A fresh folder holding `Player.lifecycle`; removed afterwards.
    static func withFolder(_ body: (URL) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lifecycle-io-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer {
            chmod(folder.path, 0o755)
            try? FileManager.default.removeItem(at: folder)
        }
        try spec.write(to: folder.appendingPathComponent("Player.lifecycle"), atomically: true, encoding: .utf8)
        try body(folder)
    }

    static var isRoot: Bool { getuid() == 0 }

    static func contents(_ url: URL) -> Data? { FileManager.default.contents(atPath: url.path) }

    /// Files the atomic writer left behind in a folder (`.NAME.lifecycle-XXXXXX`).
    static func temporaries(in folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.contains(".lifecycle-") }
    }

    @Test("unreadable input: exit 3, 'Permission denied'")
    func unreadableInput() throws {
        try Self.withFolder { folder in
            let input = folder.appendingPathComponent("Player.lifecycle")
            chmod(input.path, 0o000)
            let result = try CLIRunner.run(["check", input.path])
            // Root reads through permission bits, so there is nothing to refuse.
            guard !Self.isRoot else { return }
            #expect(result.status == 3, "\(result)")
            #expect(result.stderr.contains("\(input.path): error: cannot read file: Permission denied"), "\(result)")
        }
    }

    @Test("input is a directory: exit 3, 'is a directory'")
    func inputDirectory() throws {
        try Self.withFolder { folder in
            let result = try CLIRunner.run(["check", folder.path])
            #expect(result.status == 3)
            #expect(result.stderr == "\(folder.path): error: cannot read file: is a directory\n", "\(result)")
        }
    }

    @Test("output folder missing: exit 3, nothing created")
    func missingFolder() throws {
        try Self.withFolder { folder in
            let output = folder.appendingPathComponent("missing/Player.swift")
            let result = try CLIRunner.run(["swift", folder.appendingPathComponent("Player.lifecycle").path, "-o", output.path])
            #expect(result.status == 3)
            #expect(result.stderr == "\(output.path): error: cannot write file: No such file or directory\n", "\(result)")
            #expect(!FileManager.default.fileExists(atPath: output.deletingLastPathComponent().path))
        }
    }

    @Test("read-only output folder: exit 3, previous file intact")
    func readOnlyFolder() throws {
        try Self.withFolder { folder in
            let output = folder.appendingPathComponent("Player.swift")
            try Data("// previous\n".utf8).write(to: output)
            chmod(folder.path, 0o555)
            let result = try CLIRunner.run(["swift", folder.appendingPathComponent("Player.lifecycle").path, "-o", output.path, "--force"])
            #expect(Self.temporaries(in: folder).isEmpty)
            // Root writes through permission bits: the write then succeeds.
            guard !Self.isRoot else { return }
            #expect(Self.contents(output) == Data("// previous\n".utf8))
            #expect(result.status == 3)
            #expect(result.stderr == "\(output.path): error: cannot write file: Permission denied\n", "\(result)")
        }
    }

    @Test("output path is a directory: exit 3, directory untouched")
    func outputDirectory() throws {
        try Self.withFolder { folder in
            let output = folder.appendingPathComponent("Out.swift")
            try FileManager.default.createDirectory(at: output, withIntermediateDirectories: false)
            for force in [false, true] {
                let result = try CLIRunner.run(["swift", folder.appendingPathComponent("Player.lifecycle").path, "-o", output.path]
                                               + (force ? ["--force"] : []))
                #expect(result.status == 3)
                #expect(result.stderr == "\(output.path): error: cannot write file: is a directory\n", "\(result)")
            }
            var isDirectory: ObjCBool = false
            #expect(FileManager.default.fileExists(atPath: output.path, isDirectory: &isDirectory) && isDirectory.boolValue)
        }
    }

    @Test("disk full (/dev/full): exit 3, 'No space left on device', the device stays a device")
    func diskFull() throws {
        guard FileManager.default.fileExists(atPath: "/dev/full") else { return }
        try Self.withFolder { folder in
            let input = folder.appendingPathComponent("Player.lifecycle").path
            for command in [["swift", input], ["dot", input], ["swift", input, "--force"]] {
                let result = try CLIRunner.run(command + ["-o", "/dev/full"])
                #expect(result.status == 3)
                #expect(result.stderr == "/dev/full: error: cannot write file: No space left on device\n", "\(result)")
            }
            #expect(Self.isCharacterDevice("/dev/full"))
        }
    }

    @Test("a device as output (/dev/null) is written in place, never replaced by a file")
    func deviceOutput() throws {
        try Self.withFolder { folder in
            let result = try CLIRunner.run(["swift", folder.appendingPathComponent("Player.lifecycle").path, "-o", "/dev/null"])
            #expect(result.status == 0, "\(result)")
            #expect(Self.isCharacterDevice("/dev/null"))
            #expect(Self.temporaries(in: URL(fileURLWithPath: "/dev")).isEmpty)
        }
    }

    static func isCharacterDevice(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFCHR
    }

    @Test("output through a symbolic link: the link is kept and its target replaced, even a missing one")
    func symbolicLink() throws {
        try Self.withFolder { folder in
            let input = folder.appendingPathComponent("Player.lifecycle").path
            let target = folder.appendingPathComponent("Target.swift"), link = folder.appendingPathComponent("Link.swift")
            try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "Target.swift")
            // Dangling at first: writing creates the target.
            var result = try CLIRunner.run(["swift", input, "-o", link.path])
            #expect(result.status == 0, "\(result)")
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == "Target.swift")
            let first = try #require(Self.contents(target))
            // Then replaced through the link.
            try (Self.spec.replacingOccurrences(of: "Playing -> Idle on stop", with: "Playing -> Idle on stop calls playerDidLoad"))
                .write(to: URL(fileURLWithPath: input), atomically: true, encoding: .utf8)
            result = try CLIRunner.run(["swift", input, "-o", link.path])
            #expect(result.status == 0, "\(result)")
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == "Target.swift")
            #expect(Self.contents(target) != first)
            #expect(Self.temporaries(in: folder).isEmpty)
        }
    }

    /// A spec whose Swift output is large enough (about a megabyte) that writing takes a moment.
    static func bigSpec(states: Int, variant: String) -> String {
        var lines = ["protocol BigDelegate {", "    func tick(_ n: Int)", "}", "machine Big {", "    delegate BigHandler: BigDelegate"]
        for i in 0..<states {
            lines.append("    \(i == 0 ? "initial " : "")state S\(i) \"State \(i) of \(variant), with a description long enough to make the output big.\"")
        }
        for i in 0..<states { lines.append("    S\(i) -> S\((i + 1) % states) on e\(i) calls tick \"Transition \(i).\"") }
        return lines.joined(separator: "\n") + "\n}\n"
    }

    /// Starts `lifecycle arguments…` without waiting for it.
    static func start(_ arguments: [String]) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CLIRunner.binary)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    @Test("killed mid-write: the previous file is intact (old or new, never torn); SIGTERM leaves no temporary file")
    func interruptedWrite() throws {
        try Self.withFolder { folder in
            let input = folder.appendingPathComponent("Big.lifecycle"), output = folder.appendingPathComponent("Big.swift")
            try Self.bigSpec(states: 1_500, variant: "the old spec").write(to: input, atomically: true, encoding: .utf8)
            #expect(try CLIRunner.run(["swift", input.path, "-o", output.path]).status == 0)
            let old = try #require(Self.contents(output))
            try Self.bigSpec(states: 1_500, variant: "the new spec").write(to: input, atomically: true, encoding: .utf8)
            var seen: [Data?] = []
            for (signal, delay) in [(SIGKILL, 0.05), (SIGKILL, 0.2), (SIGKILL, 0.4), (SIGTERM, 0.3), (SIGTERM, 0.6), (SIGKILL, 0.8)] {
                let process = try Self.start(["swift", input.path, "-o", output.path])
                Thread.sleep(forTimeInterval: delay)
                kill(process.processIdentifier, signal)
                process.waitUntilExit()
                seen.append(Self.contents(output))
                if signal == SIGTERM {
                    #expect(Self.temporaries(in: folder).isEmpty, "SIGTERM left \(Self.temporaries(in: folder))")
                }
                // SIGKILL can't be caught: its temporary file may stay; the destination is what counts.
                for name in Self.temporaries(in: folder) { unlink(folder.appendingPathComponent(name).path) }
                // Start each round from the old file again.
                try old.write(to: output)
            }
            #expect(try CLIRunner.run(["swift", input.path, "-o", output.path]).status == 0)
            let new = try #require(Self.contents(output))
            #expect(new != old)
            for (round, data) in seen.enumerated() {
                #expect(data == old || data == new, "round \(round): the output is neither the old nor the new file (\(data?.count ?? -1) bytes)")
            }
        }
    }

    @Test("two processes writing the same output at once: both finish, the file is one complete output")
    func concurrentWriters() throws {
        try Self.withFolder { folder in
            let a = folder.appendingPathComponent("A.lifecycle"), b = folder.appendingPathComponent("B.lifecycle")
            let output = folder.appendingPathComponent("Out.swift")
            try Self.bigSpec(states: 400, variant: "A").write(to: a, atomically: true, encoding: .utf8)
            try Self.bigSpec(states: 400, variant: "B").write(to: b, atomically: true, encoding: .utf8)
            // The complete outputs, each written alone.
            var expected: [Data] = []
            for spec in [a, b] {
                #expect(try CLIRunner.run(["swift", spec.path, "-o", output.path, "--force"]).status == 0)
                expected.append(try #require(Self.contents(output)))
                try FileManager.default.removeItem(at: output)
            }
            for _ in 0..<3 {
                let first = try Self.start(["swift", a.path, "-o", output.path])
                let second = try Self.start(["swift", b.path, "-o", output.path])
                first.waitUntilExit()
                second.waitUntilExit()
                #expect(first.terminationStatus == 0 && second.terminationStatus == 0)
                let data = Self.contents(output)
                #expect(data == expected[0] || data == expected[1], "the output is neither complete output")
                #expect(Self.temporaries(in: folder).isEmpty)
            }
        }
    }
}
