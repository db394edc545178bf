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
/// tells from it whether the app adopts scenes, which the iOS 27 SDK requires. A plist by
/// another name is named in `lifecycle.json` (`"infoPlist"`): `check` reads it from there, and
/// the plugin only adds it to the inputs. In an Xcode project, the project itself goes instead
/// (`--xcodeproj … --target …`): its build settings say which Info.plist the target has, or
/// which keys Xcode generates for it, and its deployment target.
///
/// A command's inputs are the spec, every spec of the target (one may import another), the
/// target's Swift files, its Info.plist, `lifecycle.json` and the Xcode project; its one output is a stamp that `check --stamp`
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

    /// An Xcode app target: its project (`App.xcodeproj`) and name.
    struct ProjectTarget {
        var project: URL
        var name: String

        /// `NAME.xcodeproj` in the project's folder, or else its only `.xcodeproj`.
        static func project(in folder: URL, named name: String) -> URL? {
            if folder.pathExtension == "xcodeproj" { return folder }
            let named = folder.appendingPathComponent(name + ".xcodeproj")
            if FileManager.default.fileExists(atPath: named.appendingPathComponent("project.pbxproj").path) { return named }
            let projects = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".xcodeproj") }
            return projects.count == 1 ? folder.appendingPathComponent(projects[0]) : nil
        }

        /// The project file and the Info.plist files its `INFOPLIST_FILE` settings name, as far as
        /// a glance at the file tells (`check` reads the project properly): the inputs that make a
        /// build check again.
        var inputs: [URL] {
            let file = project.appendingPathComponent("project.pbxproj")
            guard let text = try? String(contentsOf: file, encoding: .utf8) else { return [file] }
            let folder = project.deletingLastPathComponent()
            var plists: [URL] = []
            for line in text.split(separator: "\n") {
                let trimmed = line.drop { $0 == " " || $0 == "\t" }
                guard trimmed.hasPrefix("INFOPLIST_FILE = ") else { continue }
                var value = String(trimmed.dropFirst("INFOPLIST_FILE = ".count).prefix { $0 != ";" })
                if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 { value = String(value.dropFirst().dropLast()) }
                for prefix in ["$(SRCROOT)/", "$(PROJECT_DIR)/", "${SRCROOT}/", "${PROJECT_DIR}/"] where value.hasPrefix(prefix) {
                    value = String(value.dropFirst(prefix.count))
                }
                value = value.replacingOccurrences(of: "$(TARGET_NAME)", with: name).replacingOccurrences(of: "${TARGET_NAME}", with: name)
                let plist = value.hasPrefix("/") ? URL(fileURLWithPath: value) : folder.appendingPathComponent(value)
                if !value.contains("$"), FileManager.default.fileExists(atPath: plist.path), !plists.contains(plist) { plists.append(plist) }
            }
            return [file] + plists.sorted { $0.path < $1.path }
        }
    }

    static let configurationName = "lifecycle.json"
    static let infoPlistName = "Info.plist"

    /// The checks, one per spec, in path order.
    var checks: [Check] = []

    /// Plans the checks of a target whose files are `files`. `directory` is the target's folder
    /// (where `lifecycle.json` is looked for when `files` does not list it); `xcodeTarget`, the
    /// Xcode target the files belong to.
    init(directory: URL?, files: [URL], workDirectory: URL, xcodeTarget: ProjectTarget? = nil) {
        let specs = files.filter { $0.pathExtension == "lifecycle" }.sorted { $0.path < $1.path }
        let swiftFiles = files.filter { $0.pathExtension == "swift" }.sorted { $0.path < $1.path }
        let configuration = Self.file(named: Self.configurationName, in: files, directory: directory)
        // The plist `lifecycle.json` names: `check` reads the name there, the plugin makes it an input.
        let configuredPlist = configuration.flatMap(Self.configuredInfoPlist)
        let infoPlist = swiftFiles.isEmpty || configuredPlist != nil || xcodeTarget != nil ? nil
            : Self.file(named: Self.infoPlistName, in: files, directory: directory)
        let projectInputs = swiftFiles.isEmpty ? [] : xcodeTarget?.inputs ?? []
        for (number, spec) in specs.enumerated() {
            let stamp = workDirectory.appendingPathComponent("\(number)-\(spec.deletingPathExtension().lastPathComponent).checked.swift")
            var arguments = ["check", spec.path, "--stamp", stamp.path]
            if let configuration { arguments += ["--config", configuration.path] }
            if !swiftFiles.isEmpty { arguments.append("--only-declared") }
            for file in swiftFiles { arguments += ["--impl", file.path] }
            if let infoPlist { arguments += ["--info-plist", infoPlist.path] }
            if let xcodeTarget, !swiftFiles.isEmpty { arguments += ["--xcodeproj", xcodeTarget.project.path, "--target", xcodeTarget.name] }
            let inputs = specs + swiftFiles + [configuration, infoPlist, configuredPlist].compactMap { $0 } + projectInputs
            checks.append(Check(spec: spec, arguments: arguments, inputs: inputs, stamp: stamp))
        }
    }

    /// The Info.plist `lifecycle.json` names (`"infoPlist"`, relative to it), if it names one.
    static func configuredInfoPlist(_ configuration: URL) -> URL? {
        guard let data = try? Data(contentsOf: configuration),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let path = object["infoPlist"] as? String, !path.isEmpty else { return nil }
        return path.hasPrefix("/") ? URL(fileURLWithPath: path) : configuration.deletingLastPathComponent().appendingPathComponent(path)
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
