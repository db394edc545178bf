import Foundation
import Testing
import LifecycleCompiler

/// README's install command, run as a user runs it: in a checkout (a copy of this one's
/// sources, with its own build folder), into a fresh folder (SwiftPM installs into
/// `~/.swiftpm/bin`, or `$XDG_CONFIG_HOME/swiftpm/bin` when that is set: the test sets it), so
/// nothing is installed for real. The installed tool answers `--version`.
@Suite struct InstallTests {
    static let checkout = CLIRunner.packageRoot + "/.build/install-checkout"

    /// The README's install line (the `sh` block of "Install"): the command, then its comment.
    static func readmeCommand() throws -> [String] {
        let readme = try String(contentsOfFile: CLIRunner.packageRoot + "/README.md", encoding: .utf8)
        let line = try #require(readme.split(separator: "\n").first { $0.hasPrefix("swift package experimental-install") },
                                "README has no 'swift package experimental-install' line")
        return line.prefix { $0 != "#" }.split(separator: " ").map(String.init)
    }

    /// Copies the package's files (not its build folders nor `.git`) into `checkout`, keeping
    /// the copy's own `.build` so that a second run rebuilds only what changed.
    static func makeCheckout() throws {
        let files = FileManager.default
        try files.createDirectory(atPath: checkout, withIntermediateDirectories: true)
        for name in try files.contentsOfDirectory(atPath: CLIRunner.packageRoot)
        where !name.hasPrefix(".build") && ![".git", ".swiftpm"].contains(name) {
            try? files.removeItem(atPath: checkout + "/" + name)
            try files.copyItem(atPath: CLIRunner.packageRoot + "/" + name, toPath: checkout + "/" + name)
        }
    }

    @Test func readmeInstallCommandInstallsTheTool() throws {
        let command = try Self.readmeCommand()
        #expect(command == ["swift", "package", "experimental-install", "--product", "lifecycle"])
        try Self.makeCheckout()
        let prefix = FileManager.default.temporaryDirectory.appendingPathComponent("lifecycle-install-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: prefix, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: prefix) }
        let install = try BinaryPackages.swift(Array(command.dropFirst()), in: Self.checkout, environment: ["XDG_CONFIG_HOME": prefix])
        #expect(install.status == 0, "\(install)")
        let installed = prefix + "/swiftpm/bin/lifecycle"
        #expect(install.output.contains(installed), "\(install)")
        #expect(FileManager.default.isExecutableFile(atPath: installed), "\(install)")
        let version = try CLIRunner.run(["--version"], environment: ["LIFECYCLE_BIN": nil])
        let process = Process()
        process.executableURL = URL(fileURLWithPath: installed)
        process.arguments = ["--version"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let printed = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(printed == LifecycleVersion.line + "\n" && printed == version.stdout, "\(printed)")
    }
}
