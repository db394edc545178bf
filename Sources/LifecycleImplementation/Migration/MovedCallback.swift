import LifecycleSyntax
import LifecycleModel
import LifecycleChecking

/// How `lifecycle migrate` moves each app-delegate callback UIKit stops calling once an app
/// adopts scenes (`Checker.sceneReplacements` names its scene counterpart): the migration's own
/// knowledge, kept here and not in that table, which only maps selectors.
struct MovedCallback {
    /// How the scene callback reaches the moved code.
    enum Kind {
        /// The scene callback carries the body: the app callback's first parameter (the
        /// application) is bound to `UIApplication.shared` when the body uses it, and the other
        /// parameters, the same ones, keep the names the body uses.
        case body
        /// The parameters or the result differ: the app callback moves whole, as a private
        /// method of the scene delegate, and the scene callback calls it with arguments adapted
        /// from what the scene receives (`call`, one line each).
        case helper(call: [String])
    }

    /// In the order the scene delegate lists them: the four foreground and background
    /// callbacks in the order UIKit calls them, then what a scene is asked to open or continue.
    static let order: [(app: String, kind: Kind)] = [
        ("applicationWillEnterForeground(_:)", .body),
        ("applicationDidBecomeActive(_:)", .body),
        ("applicationWillResignActive(_:)", .body),
        ("applicationDidEnterBackground(_:)", .body),
        // A URL used to come with its options; a scene gets contexts, one per URL, whose
        // options are another type: rebuild the dictionary the moved method reads.
        ("application(_:open:options:)", .helper(call: [
            "// 'UIApplication.OpenURLOptionsKey' is deprecated in iOS 26: once the moved method reads 'context.options', pass those.",
            "for context in URLContexts {",
            "    var options: [UIApplication.OpenURLOptionsKey: Any] = [.openInPlace: context.options.openInPlace]",
            "    if let sourceApplication = context.options.sourceApplication { options[.sourceApplication] = sourceApplication }",
            "    if let annotation = context.options.annotation { options[.annotation] = annotation }",
            "    _ = application(UIApplication.shared, open: context.url, options: options)",
            "}",
        ])),
        ("application(_:willContinueUserActivityWithType:)", .helper(call: [
            "_ = application(UIApplication.shared, willContinueUserActivityWithType: userActivityType)",
        ])),
        // The restoration handler asked UIKit to restore these objects from the activity;
        // with no handler to call, they are restored here.
        ("application(_:continue:restorationHandler:)", .helper(call: [
            "_ = application(UIApplication.shared, continue: userActivity) { restorable in",
            "    restorable?.forEach { $0.restoreUserActivityState(userActivity) }",
            "}",
        ])),
        ("application(_:didFailToContinueUserActivityWithType:error:)", .body),
        ("application(_:didUpdate:)", .body),
        ("application(_:performActionFor:completionHandler:)", .body),
        ("application(_:userDidAcceptCloudKitShareWith:)", .body),
    ]

    /// What a cold launch passes to `scene(_:willConnectTo:options:)` instead of calling the
    /// scene callback: the statements that hand it on, per scene callback (the check's own
    /// table, `SceneEntryPointCheck.entryPoints`, so that `migrate` writes what `check --impl`
    /// asks for).
    static func coldLaunch(_ sceneSelector: String) -> [String]? {
        SceneEntryPointCheck.entryPoints.first { $0.warm == sceneSelector }
            .map { $0.routing(scene: "scene", options: "connectionOptions", windowScene: "windowScene") }
    }

    /// The app-delegate callbacks of state restoration with a coder: a scene saves and restores
    /// its state as a user activity instead, so they are not moved.
    static let coderRestoration: Set<String> = [
        "application(_:shouldSaveSecureApplicationState:)", "application(_:shouldRestoreSecureApplicationState:)",
        "application(_:shouldSaveApplicationState:)", "application(_:shouldRestoreApplicationState:)",
        "application(_:willEncodeRestorableStateWith:)", "application(_:didDecodeRestorableStateWith:)",
    ]

    /// The app method being moved.
    var source: SwiftProgram.Located<ScannedMethod>
    /// Its scene counterpart, with the parameter names the moved code uses.
    var scene: Method
    var kind: Kind
    /// `let NAME = UIApplication.shared` before a moved body that uses the application
    /// parameter.
    var applicationBinding: String?
    /// The class that declares it: the app delegate, or a superclass it inherits it from.
    var origin = ""
    /// Text replaced in the moved code (each `super.name` by the method that now holds what
    /// it ran), by absolute byte ranges of its file.
    var replacements: [(Range<Int>, String)] = []
}
