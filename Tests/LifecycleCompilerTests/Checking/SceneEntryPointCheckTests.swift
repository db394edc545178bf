import Foundation
import Testing
import LifecycleCompiler

/// `SceneEntryPointCheck` (issue 36): each way into a scene-based app handled cold and warm.
/// The fix-its are applied and the result checked again (and, where Apple's iOS SDK is on the
/// machine, type-checked against it); the fixture cases are in `Fixtures/Implementations`.
@Suite struct SceneEntryPointCheckTests {
    static let warmOnly = """
    import UIKit
    import CloudKit

    final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
        var window: UIWindow?

        func scene(_ uiScene: UIScene, willConnectTo session: UISceneSession, options launch: UIScene.ConnectionOptions) {
            guard let windowScene = uiScene as? UIWindowScene else { return }
            window = UIWindow(windowScene: windowScene)
            window?.makeKeyAndVisible()
        }

        func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>) {
            for context in URLContexts { print(context.url) }
        }

        func scene(_ scene: UIScene, continue userActivity: NSUserActivity) {
            print(userActivity.activityType)
        }

        func windowScene(_ windowScene: UIWindowScene, performActionFor shortcutItem: UIApplicationShortcutItem,
                         completionHandler: @escaping (Bool) -> Void) {
            completionHandler(true)
        }

        func windowScene(_ windowScene: UIWindowScene, userDidAcceptCloudKitShareWith cloudKitShareMetadata: CKShare.Metadata) {
            print(cloudKitShareMetadata.share)
        }
    }

    """

    static func check(_ source: String) -> (Diagnostics, SourceFile) {
        let files = SourceFiles()
        let file = files.add(path: "SceneDelegate.swift", bytes: Array(source.utf8))
        return (SceneEntryPointCheck.check(SwiftProgram(files: [file]), appDelegate: nil), file)
    }

    /// Every fix-it applied, last first (two at one place in the order given).
    static func applyingFixIts(_ diagnostics: [Diagnostic], to source: String) -> String {
        var bytes = Array(source.utf8)
        let ordered = diagnostics.compactMap(\.fixIt).enumerated()
            .sorted { ($0.element.range.startOffset, $0.offset) > ($1.element.range.startOffset, $1.offset) }.map(\.element)
        for fixIt in ordered {
            bytes.replaceSubrange(fixIt.range.startOffset..<fixIt.range.endOffset, with: Array(fixIt.replacement.utf8))
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func eachWarmOnlyEntryIsAWarningWhoseFixItHandsTheLaunchOn() throws {
        let (diagnostics, file) = Self.check(Self.warmOnly)
        #expect(diagnostics.all.map { file.text($0.range) } == ["func", "func", "func", "func"])
        #expect(diagnostics.all.map(\.message).first == "'scene(_:openURLContexts:)' is called only while the scene is connected: a URL that launches the app arrives in 'urlContexts' of the connection options, which 'scene(_:willConnectTo:options:)' does not read, and is ignored")
        #expect(diagnostics.all.first?.notes.first?.message == "hand it on at the end of 'scene(_:willConnectTo:options:)' in SceneDelegate.swift: if !launch.urlContexts.isEmpty { self.scene(uiScene, openURLContexts: launch.urlContexts) }")
        let fixed = Self.applyingFixIts(diagnostics.all, to: Self.warmOnly)
        #expect(fixed.contains("""
                    window?.makeKeyAndVisible()
                    if !launch.urlContexts.isEmpty {
                        self.scene(uiScene, openURLContexts: launch.urlContexts)
                    }
                    if let userActivity = launch.userActivities.first {
                        self.scene(uiScene, continue: userActivity)
                    }
                    if let windowScene = uiScene as? UIWindowScene, let shortcutItem = launch.shortcutItem {
                        self.windowScene(windowScene, performActionFor: shortcutItem) { _ in }
                    }
                    if let windowScene = uiScene as? UIWindowScene, let metadata = launch.cloudKitShareMetadata {
                        self.windowScene(windowScene, userDidAcceptCloudKitShareWith: metadata)
                    }
                }
            """))
        #expect(Self.check(fixed).0.all.isEmpty)
        try Self.typeChecks(fixed)
    }

    /// Without `scene(_:willConnectTo:options:)`, the fix-it adds it.
    @Test func aMissingWillConnectIsAdded() throws {
        let source = Self.warmOnly.replacingOccurrences(of: """
                func scene(_ uiScene: UIScene, willConnectTo session: UISceneSession, options launch: UIScene.ConnectionOptions) {
                    guard let windowScene = uiScene as? UIWindowScene else { return }
                    window = UIWindow(windowScene: windowScene)
                    window?.makeKeyAndVisible()
                }

            """, with: "")
        let (diagnostics, _) = Self.check(source)
        #expect(diagnostics.all.count == 4)
        #expect(diagnostics.all.first?.message.hasSuffix("and the scene delegate does not implement 'scene(_:willConnectTo:options:)', and is ignored") == true)
        // One warning's fix-it at a time: each adds the method.
        let fixed = Self.applyingFixIts(Array(diagnostics.all.prefix(1)), to: source)
        #expect(fixed.hasSuffix("""
                func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
                    if !connectionOptions.urlContexts.isEmpty {
                        self.scene(scene, openURLContexts: connectionOptions.urlContexts)
                    }
                }
            }

            """))
        #expect(Self.check(fixed).0.all.count == 3)
        try Self.typeChecks(fixed)
    }

    /// Apple's iOS SDK accepts the fixed file, where the tool is installed.
    static func typeChecks(_ source: String) throws {
        guard IOSTypecheck.isAvailable(for: "the entry-point fix-its") else { return }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lifecycle-entry-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("SceneDelegate.swift")
        try source.write(to: file, atomically: true, encoding: .utf8)
        let result = try IOSTypecheck.typecheck([file])
        #expect(result.succeeded, "\(result.output)")
    }
}
