import LifecycleCompiler

/// `check --xcodeproj App.xcodeproj [--target NAME]`: reads the project's `project.pbxproj`,
/// chooses the target and its settings (the library's `XcodeProject` and `XcodeAppTarget`), and
/// says where the files it names are.
enum XcodeTargetReader {
    /// The project's file: `PATH/project.pbxproj`, or `PATH` itself when it names that file.
    static func projectFile(_ path: String) -> String {
        let trimmed = trimmingSlashes(path)
        return PathNames.lastComponent(trimmed) == "project.pbxproj" ? trimmed : trimmed + "/project.pbxproj"
    }

    /// The `.xcodeproj` folder of `path` (`App.xcodeproj`).
    static func bundle(_ path: String) -> String {
        let trimmed = trimmingSlashes(path)
        return PathNames.lastComponent(trimmed) == "project.pbxproj" ? folder(of: trimmed) : trimmed
    }

    /// The target's settings; nil when the project has errors (already in `frontend`'s
    /// diagnostics). A target that is not there, or no single app target, is an error about
    /// the project (exit 1).
    static func read(_ path: String, target name: String?, frontend: inout Frontend) throws(CLIError) -> XcodeAppTarget? {
        let file = try frontend.read(projectFile(path))
        let (project, diagnostics) = XcodeProject.read(file)
        frontend.diagnostics.append(contentsOf: diagnostics)
        guard let project else { return nil }
        let projectName = PathNames.lastComponent(bundle(path))
        let target: XcodeProject.Target
        switch XcodeAppTarget.choose(name, in: project, projectName: projectName) {
        case .success(let chosen): target = chosen
        case .failure(let problem):
            throw .file(FileProblem(path: bundle(path), message: problem.message, notes: [problem.note], status: .inputErrors))
        }
        let (settings, settingsDiagnostics) = project.buildSettings(of: target)
        frontend.diagnostics.append(contentsOf: settingsDiagnostics)
        guard let settings else { return nil }
        return XcodeAppTarget(projectName: projectName, target: target.name, settings: settings)
    }

    /// A path the project gives relative to its folder (the folder holding `App.xcodeproj`), as
    /// a path from the current directory.
    static func path(_ relative: String, besideProject project: String) -> String {
        if relative.hasPrefix("/") { return relative }
        let projectFolder = folder(of: bundle(project))
        return projectFolder.isEmpty ? relative : projectFolder + "/" + relative
    }

    /// The folder part of `path` ("" for a bare name, "/" for a file at the root).
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    static func trimmingSlashes(_ path: String) -> String {
        var path = Substring(path)
        while path.count > 1 && path.hasSuffix("/") { path = path.dropLast() }
        return String(path)
    }
}
