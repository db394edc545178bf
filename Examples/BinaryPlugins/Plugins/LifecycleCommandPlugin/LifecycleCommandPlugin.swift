import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory lifecycle [swift] [render] [dot]
/// [--target NAME]... [--output-dir DIR]`: regenerates the outputs a team commits from each
/// spec of the package's targets.
///
/// - `swift`: the delegate skeleton `NAME.swift` for `NAME.lifecycle`, with the target's other
///   Swift files as `--impl`: a new file (`lifecycle swift SPEC -o FILE`) declares only what the
///   target lacks (a protocol or class the target declares is not declared again, a delegate
///   class it declares gets an `extension` with the protocols and callbacks it lacks, and nothing
///   is written, with a note, when it lacks nothing), so a target that builds still builds; an
///   existing one only gains the callbacks it lacks (`--update FILE`, so a callback an extension
///   elsewhere implements is not added again). An edited file is never overwritten.
/// - `render`: the diagram `NAME.svg` (`lifecycle render`, needs Graphviz).
/// - `dot`: the Graphviz source `NAME.dot`.
///
/// With no action, `swift` and `render`. Outputs go beside each spec, or into `--output-dir`
/// (relative to the package). `--target` picks targets (default: every target with a spec).
/// Paths are given to `lifecycle` relative to the package, so generated headers do not depend
/// on where the package is checked out. Nothing is written outside the package directory
/// (`PackageContainment`): an output that resolves outside it, through `..`, an absolute
/// `--output-dir` or a symbolic link, is refused and counts as a failed command.
@main
struct LifecycleCommandPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let request = try GenerationRequest(arguments)
        let tool = try context.tool(named: "lifecycle").url
        let root = context.package.directoryURL
        let containment = PackageContainment(packageDirectory: root.standardizedFileURL.path)
        if let folder = request.outputDirectory {
            if let problem = containment.problem(writing: folder, what: "the output folder ('--output-dir')") {
                throw GenerationRequest.Failure(message: problem)
            }
            try FileManager.default.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        let targets = try request.targetNames.isEmpty ? context.package.targets
            : context.package.targets(named: request.targetNames)
        var failures = 0
        var specCount = 0
        for case let target as SourceModuleTarget in targets {
            let files = target.sourceFiles.map(\.url)
            for spec in files.filter({ $0.pathExtension == "lifecycle" }).sorted(by: { $0.path < $1.path }) {
                specCount += 1
                let swiftFiles = files.filter { $0.pathExtension == "swift" }.map { Self.relative($0, to: root) }
                for invocation in request.invocations(spec: Self.relative(spec, to: root), swiftFiles: swiftFiles,
                                                      exists: { FileManager.default.fileExists(atPath: root.appendingPathComponent($0).path) }) {
                    let problems = GenerationRequest.outputs(of: invocation).compactMap { containment.problem(writing: $0, what: "the output") }
                    guard problems.isEmpty else {
                        problems.forEach { Diagnostics.error($0) }
                        failures += 1
                        continue
                    }
                    if try !Self.run(tool, invocation, in: root) { failures += 1 }
                }
            }
        }
        if specCount == 0 {
            Diagnostics.warning("no .lifecycle spec in " + (request.targetNames.isEmpty ? "any target" : request.targetNames.joined(separator: ", ")))
        }
        if failures > 0 {
            throw GenerationRequest.Failure(message: "\(failures) lifecycle command\(failures == 1 ? "" : "s") failed")
        }
    }

    /// Runs `lifecycle arguments…` in `directory`, echoing the command; true when it succeeded.
    static func run(_ tool: URL, _ arguments: [String], in directory: URL) throws -> Bool {
        print("lifecycle " + arguments.joined(separator: " "))
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments
        process.currentDirectoryURL = directory
        try process.run()
        process.waitUntilExit()
        return process.terminationReason == .exit && process.terminationStatus == 0
    }

    /// `file`'s path relative to `root` (`Sources/Player/Player.lifecycle`).
    static func relative(_ file: URL, to root: URL) -> String {
        let path = file.standardizedFileURL.path
        let prefix = root.standardizedFileURL.path + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }
}
