import Foundation

/// A working copy of `Examples/PluginDemo` in `.build/plugin-demo`, its dependency on this
/// package pointed at the repository, built with the real `swift build` and `swift package`.
///
/// The copy keeps its own `.build` from test to test, so only the first build compiles
/// `lifecycle` for the plugin; `reset()` rewrites only the files that differ from the demo, so
/// an unchanged file keeps its modification time and the build stays incremental. Each test
/// process starts from an empty folder: SwiftPM does not always notice that a dependency's
/// files came or went, and a build folder left by an older checkout could test stale plugins.
enum DemoPackage {
    static let source = CLIRunner.packageRoot + "/Examples/PluginDemo"
    static let root = CLIRunner.packageRoot + "/.build/plugin-demo"
    static let target = "Sources/Downloads"

    struct Run: CustomStringConvertible {
        var status: Int32
        /// stdout and stderr, interleaved as printed.
        var output: String
        var description: String { "status \(status)\n\(output)" }

        /// The output with the copy's folder written `…/PluginDemo`, as the Plugins article shows it.
        var shortened: String { output.replacingOccurrences(of: DemoPackage.root, with: "…/PluginDemo") }
    }

    /// Makes the copy equal to the demo: its manifest (with the dependency's path made absolute)
    /// and every file under `Sources/` and `Tests/`; anything else under them and `Generated/` is removed.
    static func reset() throws {
        let files = FileManager.default
        if !emptied {
            try? files.removeItem(atPath: root)
            emptied = true
        }
        try files.createDirectory(atPath: root, withIntermediateDirectories: true)
        let manifest = try String(contentsOfFile: source + "/Package.swift", encoding: .utf8)
        let pointed = manifest.replacingOccurrences(of: #"path: "../..""#, with: "path: \"\(CLIRunner.packageRoot)\"")
        guard pointed != manifest else { throw Problem(message: "Examples/PluginDemo/Package.swift no longer says path: \"../..\"") }
        try writeIfChanged(Data(pointed.utf8), to: root + "/Package.swift")
        try? files.removeItem(atPath: root + "/Generated")
        // The test target's folder too: the manifest names it, and SwiftPM wants it there.
        for folder in ["Sources", "Tests"] {
            let wanted = try relativeFiles(under: source + "/" + folder)
            for path in try relativeFiles(under: root + "/" + folder) where !wanted.contains(path) {
                try files.removeItem(atPath: root + "/\(folder)/" + path)
            }
            for path in wanted {
                let destination = root + "/\(folder)/" + path
                try files.createDirectory(atPath: (destination as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try writeIfChanged(try Data(contentsOf: URL(fileURLWithPath: source + "/\(folder)/" + path)), to: destination)
            }
        }
    }

    /// Whether this process has removed the folder left by an earlier run (the tests using the
    /// copy run one at a time).
    nonisolated(unsafe) static var emptied = false

    /// The path of a file of the copy.
    static func path(_ relative: String) -> String { root + "/" + relative }

    static func read(_ relative: String) throws -> String { try String(contentsOfFile: path(relative), encoding: .utf8) }

    static func write(_ text: String, to relative: String) throws {
        try text.write(toFile: path(relative), atomically: true, encoding: .utf8)
    }

    /// Replaces `old` (which must occur) with `new` in a file of the copy.
    static func edit(_ relative: String, replacing old: String, with new: String) throws {
        let text = try read(relative)
        guard text.contains(old) else { throw Problem(message: "\(relative) does not contain \(old)") }
        try write(text.replacingOccurrences(of: old, with: new), to: relative)
    }

    /// Runs `swift arguments…` in the copy.
    static func swift(_ arguments: [String]) throws -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift"] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: root)
        process.standardInput = FileHandle.nullDevice
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
    }

    static func build() throws -> Run { try swift(["build"]) }

    struct Problem: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    static func writeIfChanged(_ data: Data, to path: String) throws {
        if FileManager.default.contents(atPath: path) == data { return }
        try data.write(to: URL(fileURLWithPath: path), options: .atomic)
    }

    /// Regular files below `folder`, as sorted paths relative to it (none when it does not exist).
    static func relativeFiles(under folder: String) throws -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: folder) else { return [] }
        var found: [String] = []
        while let path = walker.nextObject() as? String {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder + "/" + path, isDirectory: &isFolder), !isFolder.boolValue {
                found.append(path)
            }
        }
        return found.sorted()
    }
}
