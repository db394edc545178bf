import Foundation

/// The prebuilt-tool path, built for real: the artifact bundle `lifecycle-bundle` writes, a copy
/// of `Examples/BinaryPlugins` that uses it, and a copy of `Examples/PluginDemo` whose plugin
/// comes from that package instead of from source.
///
/// Everything lives under `.build/`. The bundle is built once per test process (a release
/// build of the tool, the slow part) with its own scratch folder, so it neither waits for nor
/// disturbs the build `swift test` holds; the packages keep their build folders between tests.
enum BinaryPackages {
    static let root = CLIRunner.packageRoot
    /// Where `lifecycle-bundle` writes (`--output-dir`, relative to the package).
    static let bundleOutput = ".build/binary-bundle"
    /// The bundle command's own scratch folder.
    static let bundleScratch = root + "/.build/binary-bundle-scratch"
    /// The copy of `Examples/BinaryPlugins`, named as a team would publish it.
    static let pluginsPackage = root + "/.build/binary-packages/lifecycle-plugins"
    /// The copy of `Examples/PluginDemo` that depends on it.
    static let userPackage = root + "/.build/binary-packages/PluginDemo"

    /// Whether `zip` (the bundle's archive) and `unzip` (SwiftPM unpacks a `binaryTarget` with
    /// it) are installed; `.ci/run` installs them.
    static let hasZipTools = ["zip", "unzip"].allSatisfy { tool in
        ["/usr/bin/", "/bin/", "/usr/local/bin/"].contains { FileManager.default.isExecutableFile(atPath: $0 + tool) }
    }

    static var zip: String { root + "/" + bundleOutput + "/lifecycle.artifactbundle.zip" }
    static var bundle: String { root + "/" + bundleOutput + "/lifecycle.artifactbundle" }

    /// `swift package … lifecycle-bundle` on this package; the first run's result is kept.
    static func buildBundle() throws -> DemoPackage.Run {
        lock.lock()
        defer { lock.unlock() }
        if let built { return built }
        let run = try runBundleCommand()
        built = run
        return run
    }

    /// Runs the bundle command (again).
    static func runBundleCommand() throws -> DemoPackage.Run {
        try swift(["package", "--scratch-path", bundleScratch, "--allow-writing-to-package-directory",
                   "lifecycle-bundle", "--output-dir", bundleOutput], in: root)
    }

    nonisolated(unsafe) static var built: DemoPackage.Run?
    static let lock = NSLock()

    /// Makes the plugins package (its manifest and plugin sources, and the bundle's zip) and
    /// the user package (the demo, its manifest pointed at the plugins package).
    static func makePackages() throws {
        let files = FileManager.default
        try? files.removeItem(atPath: pluginsPackage + "/Plugins")
        try files.createDirectory(atPath: pluginsPackage, withIntermediateDirectories: true)
        try files.copyItem(atPath: root + "/Examples/BinaryPlugins/Plugins", toPath: pluginsPackage + "/Plugins")
        try DemoPackage.writeIfChanged(try Data(contentsOf: URL(fileURLWithPath: root + "/Examples/BinaryPlugins/Package.swift")),
                                       to: pluginsPackage + "/Package.swift")
        try DemoPackage.writeIfChanged(try Data(contentsOf: URL(fileURLWithPath: zip)), to: pluginsPackage + "/lifecycle.artifactbundle.zip")

        let manifest = try String(contentsOfFile: DemoPackage.source + "/Package.swift", encoding: .utf8)
        let pointed = manifest
            .replacingOccurrences(of: #".package(name: "lifecycle", path: "../..")"#, with: ".package(path: \"\(pluginsPackage)\")")
            .replacingOccurrences(of: #"package: "lifecycle")"#, with: #"package: "lifecycle-plugins")"#)
        guard pointed.contains("lifecycle-plugins\")]") else {
            throw DemoPackage.Problem(message: "Examples/PluginDemo/Package.swift no longer reads as the binary test expects")
        }
        try files.createDirectory(atPath: userPackage, withIntermediateDirectories: true)
        try DemoPackage.writeIfChanged(Data(pointed.utf8), to: userPackage + "/Package.swift")
        // Every folder the demo's manifest names: its sources and the suite `lifecycle tests` generates.
        for folder in ["Sources", "Tests"] {
            try? files.removeItem(atPath: userPackage + "/" + folder)
            try files.copyItem(atPath: DemoPackage.source + "/" + folder, toPath: userPackage + "/" + folder)
        }
    }

    /// Runs `swift arguments…` in `directory`, stdout and stderr together.
    static func swift(_ arguments: [String], in directory: String, environment: [String: String] = [:]) throws -> DemoPackage.Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift"] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardInput = FileHandle.nullDevice
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return DemoPackage.Run(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
    }

    /// The diagnostics of a build's output, as the Plugins article shows them: each
    /// `path:line:col: error|warning|note: …` line about a file of `Sources/` with the excerpt
    /// under it, the package's folder written `…/PluginDemo`.
    static func diagnostics(_ output: String, packageRoot: String) -> [String] {
        let lines = output.replacingOccurrences(of: packageRoot, with: "…/PluginDemo").split(separator: "\n").map(String.init)
        var result: [String] = []
        var inDiagnostic = false
        for line in lines {
            if line.hasPrefix("…/PluginDemo/Sources/"), line.contains(": error: ") || line.contains(": warning: ") || line.contains(": note: ") {
                result.append(line)
                inDiagnostic = true
            } else if inDiagnostic, line.hasPrefix(" "), line.contains(" | ") {
                result.append(line)
            } else {
                inDiagnostic = false
            }
        }
        return result
    }

    /// Whether the ELF executable at `path` asks for no program interpreter (no dynamic loader:
    /// a static executable).
    static func isStaticELF(_ path: String) throws -> Bool {
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        guard bytes.count > 64, bytes[0..<4] == [0x7F, 0x45, 0x4C, 0x46], bytes[4] == 2 else { return false }
        func number(_ offset: Int, _ size: Int) -> Int {
            (0..<size).reduce(0) { $0 | Int(bytes[offset + $1]) << (8 * $1) }
        }
        let programHeaders = number(0x20, 8), entrySize = number(0x36, 2), count = number(0x38, 2)
        for index in 0..<count where number(programHeaders + index * entrySize, 4) == 3 { return false } // PT_INTERP
        return true
    }
}
