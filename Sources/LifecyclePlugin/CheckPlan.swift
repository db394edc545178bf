import Foundation
import PackagePlugin

/// What the build-tool plugin runs for one target: one `lifecycle check` per spec.
///
/// Each command checks the spec (so its errors and warnings reach the build log at the spec's
/// line) and, with `--impl`, the target's Swift files against it, with `--only-declared`: each
/// machine whose delegate class the target declares is checked, across all the files the class
/// and its extensions are spread over, and the others are left alone. The target's
/// `lifecycle.json`, if any, is passed as `--config`: `check` reads it at run time (it can add
/// `--warnings-as-errors` and `--platform`, and choose the files and machines per spec), so an
/// edit takes effect at the next build, although SwiftPM plans build commands only when the
/// package's files come or go.
///
/// With the Swift files goes the target's `Info.plist`, if it has one (`--info-plist`): the check
/// tells from it whether the app adopts scenes, which the iOS 27 SDK requires.
///
/// A command's inputs are the spec, every spec of the target (one may import another), the
/// target's Swift files, its `Info.plist` and `lifecycle.json`; its one output is a stamp that `check --stamp`
/// writes only when the check passes: a `.swift` file holding one comment, so that SwiftPM
/// compiles it to nothing instead of copying it into a resource bundle. So the build runs the
/// check again only when one of those files changed, or when it failed last time.
struct CheckPlan {
    /// One build command's arguments and files.
    struct Check {
        var spec: URL
        var arguments: [String]
        var inputs: [URL]
        var stamp: URL
    }

    static let configurationName = "lifecycle.json"
    static let infoPlistName = "Info.plist"

    /// The checks, one per spec, in path order.
    var checks: [Check] = []

    /// Plans the checks of a target whose files are `files`. `directory` is the target's folder
    /// (where `lifecycle.json` is looked for when `files` does not list it).
    init(directory: URL?, files: [URL], workDirectory: URL) {
        let specs = files.filter { $0.pathExtension == "lifecycle" }.sorted { $0.path < $1.path }
        let swiftFiles = files.filter { $0.pathExtension == "swift" }.sorted { $0.path < $1.path }
        let configuration = Self.file(named: Self.configurationName, in: files, directory: directory)
        let infoPlist = swiftFiles.isEmpty ? nil : Self.file(named: Self.infoPlistName, in: files, directory: directory)
        for (number, spec) in specs.enumerated() {
            let stamp = workDirectory.appendingPathComponent("\(number)-\(spec.deletingPathExtension().lastPathComponent).checked.swift")
            var arguments = ["check", spec.path, "--stamp", stamp.path]
            if let configuration { arguments += ["--config", configuration.path] }
            if !swiftFiles.isEmpty { arguments.append("--only-declared") }
            for file in swiftFiles { arguments += ["--impl", file.path] }
            if let infoPlist { arguments += ["--info-plist", infoPlist.path] }
            let inputs = specs + swiftFiles + [configuration, infoPlist].compactMap { $0 }
            checks.append(Check(spec: spec, arguments: arguments, inputs: inputs, stamp: stamp))
        }
    }

    /// The build commands running `tool` (the `lifecycle` executable).
    func commands(tool: URL) -> [Command] {
        checks.map { check in
            .buildCommand(displayName: "lifecycle check \(check.spec.lastPathComponent)",
                          executable: tool, arguments: check.arguments,
                          inputFiles: check.inputs, outputFiles: [check.stamp])
        }
    }

    /// `name` (`lifecycle.json`, `Info.plist`) among the target's files, or in its folder (where
    /// SwiftPM targets keep an Info.plist they exclude).
    static func file(named name: String, in files: [URL], directory: URL?) -> URL? {
        if let listed = files.sorted(by: { $0.path < $1.path }).first(where: { $0.lastPathComponent == name }) { return listed }
        guard let candidate = directory?.appendingPathComponent(name),
              FileManager.default.fileExists(atPath: candidate.path) else { return nil }
        return candidate
    }
}
