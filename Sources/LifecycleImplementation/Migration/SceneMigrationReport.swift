import LifecycleXML
import LifecycleChecking

/// What `lifecycle migrate` tells the user: what moved where, and what is left to do (the
/// configuration and the manifest to add, unless `--update` added them; what to delete).
public enum SceneMigrationReport {
    /// Where things are, as the user named them.
    public struct Paths: Sendable {
        /// The scene delegate's file, or nil when it went to standard output.
        public var sceneDelegate: String?
        /// The file of the app delegate's class declaration.
        public var appDelegate: String
        /// The Info.plist given, if any.
        public var infoPlist: String?
        /// The scene delegate an earlier run wrote, kept as it is, if any.
        public var keptSceneDelegate: String?

        public init(sceneDelegate: String?, appDelegate: String, infoPlist: String?, keptSceneDelegate: String? = nil) {
            self.sceneDelegate = sceneDelegate
            self.appDelegate = appDelegate
            self.infoPlist = infoPlist
            self.keptSceneDelegate = keptSceneDelegate
        }
    }

    public static func text(_ plan: SceneMigration.Plan, paths: Paths, updatedAppDelegate: Bool, updatedInfoPlist: Bool) -> String {
        var rows: [(from: String, to: String, place: String)] = []
        switch plan.window {
        case .moved(let lines, let source, _, _):
            let range = (lines.first?.lowerBound ?? 0)..<(lines.last?.upperBound ?? 0)
            rows.append((source.member.selector + " (window set-up)", "scene(_:willConnectTo:options:)",
                         SceneDelegateGenerator.place(source.file, range)))
        case .quoted(let lines, let source, _):
            let range = (lines.first?.lowerBound ?? 0)..<(lines.last?.upperBound ?? 0)
            rows.append((source.member.selector + " (window set-up, quoted)", "scene(_:willConnectTo:options:)",
                         SceneDelegateGenerator.place(source.file, range)))
        case .none:
            break
        }
        for moved in plan.moved {
            let method = moved.source.member
            rows.append((method.selector, moved.scene.selector,
                         SceneDelegateGenerator.place(moved.source.file, method.offset..<(method.offset + 1))))
        }
        var text = ""
        if plan.isCompletion {
            text += "Completing the migration an earlier run of 'lifecycle migrate' began.\n"
        }
        if let kept = paths.keptSceneDelegate {
            text += "Kept \(kept), the scene delegate an earlier run wrote: 'lifecycle migrate' does not replace it once edited.\n"
            rows = []
        } else {
            let into = paths.sceneDelegate.map { "Wrote \($0): " } ?? ""
            text += into + "'\(SceneMigration.sceneDelegateName)' with \(rows.isEmpty ? "no code" : "what moved") from '\(plan.appDelegate)'"
            text += rows.isEmpty ? ".\n" : ":\n"
        }
        let fromWidth = rows.map(\.from.count).max() ?? 0
        let toWidth = rows.map(\.to.count).max() ?? 0
        for row in rows {
            text += "  " + row.from.padding(fromWidth) + "  -> " + row.to.padding(toWidth) + "  " + row.place + "\n"
        }
        let configuration = "'\(SceneLifecycleCheck.configurationSelector)'"
        if let existing = plan.configuration {
            text += "\n'\(plan.appDelegate)' returns the scene configuration already (\(SceneDelegateGenerator.place(existing.file, existing.member.offset..<(existing.member.offset + 1)))).\n"
        } else if updatedAppDelegate {
            text += "\nAdded \(configuration) to '\(plan.appDelegate)' in \(paths.appDelegate).\n"
        } else {
            text += "\nAdd to '\(plan.appDelegate)' (\(paths.appDelegate)), or run again with '--update':\n\n"
            for line in SceneAdoptionEdits.configurationMethod(plan) { text += "    " + line + "\n" }
        }
        if updatedInfoPlist, let infoPlist = paths.infoPlist {
            text += "\nAdded '\(InfoPlist.sceneManifestKey)' to \(infoPlist).\n"
        } else {
            let target = paths.infoPlist.map { "to \($0), or run again with '--update':" }
                ?? "to the app's Info.plist (give it with '--info-plist' and '--update' to have it added):"
            text += "\nAdd \(target)\n\n"
            for line in SceneAdoptionEdits.manifest(plan, unit: "    ") { text += "    " + line + "\n" }
        }
        text += "\nThen delete from '\(plan.appDelegate)' what moved; 'lifecycle check --impl' names the callbacks UIKit no longer calls.\n"
        return text
    }
}

private extension String {
    /// The string followed by spaces up to `width` characters.
    func padding(_ width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
