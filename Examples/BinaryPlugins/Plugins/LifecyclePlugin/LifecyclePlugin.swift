import Foundation
import PackagePlugin

/// The build-tool plugin: checks a target's `.lifecycle` specs, and its delegate classes
/// against them, on every build in which a spec or a Swift file of the target changed.
///
/// For each spec it adds one build command, `lifecycle check SPEC --impl …`, whose output is a
/// stamp in the plugin's work directory (see `CheckPlan`). SwiftPM and Xcode show the
/// command's `path:line:col: error: …` lines at the spec's line, and an error fails the build.
@main
struct LifecyclePlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let plan = CheckPlan(directory: target.directoryURL, files: target.sourceFiles.map(\.url),
                             workDirectory: context.pluginWorkDirectoryURL)
        return plan.commands(tool: try context.tool(named: "lifecycle").url)
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

/// The same checks for a target of an Xcode project: its specs and Swift files are the
/// target's input files, and `lifecycle.json` is looked for among them. The project goes to the
/// check (`--xcodeproj … --target …`): a new app target's Info.plist is generated from its
/// build settings, and the project says which file holds the rest, and the deployment target.
extension LifecyclePlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        let files = target.inputFiles.map(\.url)
        let project = CheckPlan.ProjectTarget.project(in: context.xcodeProject.directoryURL, named: context.xcodeProject.displayName)
        let plan = CheckPlan(directory: nil, files: files, workDirectory: context.pluginWorkDirectoryURL,
                             xcodeTarget: project.map { CheckPlan.ProjectTarget(project: $0, name: target.displayName) })
        return plan.commands(tool: try context.tool(named: "lifecycle").url)
    }
}
#endif
