/// Facts about UIKit's callbacks that the symbol graphs of the SDK in use do not carry, kept by
/// hand and applied on top of them, each with where it comes from.
///
/// Two kinds of fact belong here: what Apple announced after that SDK (a newer SDK's
/// callbacks and deprecations, from Apple's documentation), and what Apple says in the SDK in
/// a form the graph loses (a header's doc comment). When a later SDK's graph carries a fact,
/// the generator reports the entry as redundant and the graph wins: delete the entry then.
public enum CatalogOverlay {
    /// A callback newer than the SDK.
    public struct Addition: Sendable {
        public var owner: String
        /// As Swift declares it, from `func`.
        public var declaration: String
        /// The Swift selector the declaration gives (checked when generating).
        public var selector: String
        public var objcSelector: String
        public var introduced: String
        public var source: String
    }

    /// A deprecation newer than the SDK.
    public struct Deprecation: Sendable {
        public var owner: String
        public var selector: String
        public var deprecated: String
        /// What replaces it (Swift's `renamed:`); Apple's documentation gives no message.
        public var renamed: String
        public var source: String
    }

    /// An app-delegate callback UIKit does not call once the app adopts scenes, where Apple
    /// says so outside the deprecation messages the generator reads.
    public struct SceneReplacement: Sendable {
        public var appSelector: String
        public var sceneSelector: String
        public var source: String
    }

    public static let additions: [Addition] = [
        Addition(owner: "UIWindowSceneDelegate",
                 declaration: "func supportedInterfaceOrientations(for windowScene: UIWindowScene) -> UIInterfaceOrientationMask",
                 selector: "supportedInterfaceOrientations(for:)",
                 objcSelector: "supportedInterfaceOrientationsForWindowScene:",
                 introduced: "27.0",
                 source: "Apple's documentation, UIWindowSceneDelegate/supportedInterfaceOrientations(for:): iOS 27.0+, c:objc(pl)UIWindowSceneDelegate(im)supportedInterfaceOrientationsForWindowScene:"),
    ]

    public static let deprecations: [Deprecation] = [
        Deprecation(owner: "UIApplicationDelegate", selector: "application(_:supportedInterfaceOrientationsFor:)",
                    deprecated: "27.0", renamed: "UIWindowSceneDelegate.supportedInterfaceOrientations(for:)",
                    source: "Apple's documentation, UIApplicationDelegate/application(_:supportedInterfaceOrientationsFor:): iOS 6.0–27.0, replaced by UIWindowSceneDelegate/supportedInterfaceOrientations(for:)"),
    ]

    public static let sceneReplacements: [SceneReplacement] = [
        SceneReplacement(appSelector: "applicationDidEnterBackground(_:)", sceneSelector: "sceneDidEnterBackground(_:)",
                         source: "UIApplication.h (iOS 26.2 SDK), the doc comment of applicationDidEnterBackground: \"This method is not called if UIScene lifecycle has been adopted\"; the symbol graph has no doc comments for Objective-C symbols, and Swift drops the header's second, deprecating attribute"),
    ]
}
