import Foundation
import PackagePlugin

/// What the build-tool plugin runs for one target: one `lifecycle check` per spec.
///
/// Each command checks the spec (so its errors and warnings reach the build log at the spec's
/// line) and, with `--impl`, the target's Swift files against it: by default every Swift file
/// of the target with `--only-declared`, so each machine whose delegate class the target
/// declares is checked (across all the files the class and its extensions are spread over) and
/// the others are left alone. `lifecycle.json` (`PluginConfiguration`) can choose the files and
/// machines per spec, and add `--warnings-as-errors` and `--platform`.
///
/// A command's inputs are the spec, every spec of the target (one may import another), the
/// Swift files it is checked against and the configuration; its one output is a stamp that
/// `check --stamp` writes only when the check passes: a `.swift` file holding one comment, so
/// that SwiftPM compiles it to nothing instead of copying it into a resource bundle. So the build runs it again only when one
/// of those files changed, or when it failed last time.
struct CheckPlan {
    /// One build command's arguments and files.
    struct Check {
        var spec: URL
        var arguments: [String]
        var inputs: [URL]
        var stamp: URL
    }

    /// The checks, one per spec, in path order.
    var checks: [Check] = []

    /// Plans the checks of a target whose files are `files`. `directory` is the target's folder
    /// (where `lifecycle.json` is looked for when `files` does not list it).
    init(directory: URL?, files: [URL], workDirectory: URL) throws {
        let specs = files.filter { $0.pathExtension == "lifecycle" }.sorted { $0.path < $1.path }
        let swiftFiles = files.filter { $0.pathExtension == "swift" }.sorted { $0.path < $1.path }
        let configurationFile = Self.configurationFile(in: files, directory: directory)
        let configuration = try configurationFile.map(PluginConfiguration.load) ?? PluginConfiguration()
        let base = configurationFile?.deletingLastPathComponent() ?? directory
        try configuration.validate(specs: specs.map { Self.relativePath($0, to: base) }, file: configurationFile)
        for spec in specs {
            let relative = Self.relativePath(spec, to: base)
            let stamp = workDirectory.appendingPathComponent(
                relative.replacingOccurrences(of: "/", with: "_") + ".checked.swift")
            var arguments = ["check", spec.path, "--stamp", stamp.path]
            if configuration.warningsAsErrors { arguments.append("--warnings-as-errors") }
            if let platform = configuration.platform { arguments += ["--platform", platform] }
            let impl: [URL]
            if let chosen = configuration.specs[relative] {
                impl = chosen.swift.map { $0.map { URL(fileURLWithPath: $0, relativeTo: base).standardizedFileURL } } ?? swiftFiles
                for machine in chosen.machines ?? [] { arguments += ["--machine", machine] }
                if chosen.machines == nil && !impl.isEmpty { arguments.append("--only-declared") }
            } else {
                impl = swiftFiles
                if !impl.isEmpty { arguments.append("--only-declared") }
            }
            for file in impl { arguments += ["--impl", file.path] }
            let inputs = specs + impl + (configurationFile.map { [$0] } ?? [])
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

    /// `lifecycle.json` among the target's files, or in its folder.
    static func configurationFile(in files: [URL], directory: URL?) -> URL? {
        if let listed = files.first(where: { $0.lastPathComponent == PluginConfiguration.fileName }) { return listed }
        guard let candidate = directory?.appendingPathComponent(PluginConfiguration.fileName),
              FileManager.default.fileExists(atPath: candidate.path) else { return nil }
        return candidate
    }

    /// `file`'s path below `base` (`Specs/Player.lifecycle`), or its name when it is not below it.
    static func relativePath(_ file: URL, to base: URL?) -> String {
        let path = file.standardizedFileURL.path
        guard let base else { return file.lastPathComponent }
        let prefix = base.standardizedFileURL.path + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : file.lastPathComponent
    }
}
