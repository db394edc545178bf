/// The declarations `import UIKit` brings into scope, written in the `.lifecycle` language.
///
/// The checker parses `source` like a spec file (diagnostics name it `fileName`) and resolves
/// callbacks against it; the Swift generator never emits these declarations, because the types
/// already exist in UIKit. Signatures are Apple's, exactly as in the iOS 17/18 SDK (labels,
/// internal names, types and `= nil` defaults), so generated methods match UIKit's: a near miss
/// on a delegate method compiles and is never called, and one on an override doesn't compile.
/// See `shared/domain/ios-lifecycle.md`, sections 3, 4, 7 and 8.
enum UIKitCatalog {
    /// The file name diagnostics use for the catalog.
    static let fileName = "<UIKit>"

    static let source = #"""
    // UIKit, as `.lifecycle` declarations (iOS 17/18 SDK signatures).

    class NSObject {}

    class UIResponder: NSObject {}

    // View-controller lifecycle: class methods, generated as `override func` calling `super`.
    class UIViewController: UIResponder {
        // Creates the view when `view` is first read while nil; assign `view`, don't call super.
        func loadView() body "view = UIView()"
        // Once per loaded view, after loadView(): one-time setup of views, bindings, first data request.
        func viewDidLoad()
        // Every appearance, before the view joins a hierarchy: per-appearance refresh. Must call super.
        func viewWillAppear(_ animated: Bool)
        // Every appearance, after viewWillAppear, once in the hierarchy: traits and geometry are accurate.
        func viewIsAppearing(_ animated: Bool)
        // Every appearance, once the view is on screen: start animations, analytics. Must call super.
        func viewDidAppear(_ animated: Bool)
        // Before the view leaves the hierarchy: commit edits, resign first responder. Must call super.
        func viewWillDisappear(_ animated: Bool)
        // After the view has left the hierarchy. Must call super.
        func viewDidDisappear(_ animated: Bool)
        // Before each layout pass of the view; may run many times (the default does nothing).
        func viewWillLayoutSubviews()
        // After each layout pass of the view; may run many times (the default does nothing).
        func viewDidLayoutSubviews()
        // Low memory, at any time: free what can be recreated. Must call super.
        func didReceiveMemoryWarning()
    }

    // The app delegate: process launch, scene sessions, process-wide events (all optional).
    protocol UIApplicationDelegate {
        // The app's window when the app doesn't use scenes.
        var window: UIWindow?

        // First code that runs at launch, before UI state restoration.
        func application(_ application: UIApplication, willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey : Any]? = nil) -> Bool returns "true"
        // Launch is nearly done: final initialisation before the UI is shown (options are nil with scenes).
        func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey : Any]? = nil) -> Bool returns "true"
        // The pre-iOS 3 launch callback; Apple says not to use it.
        func applicationDidFinishLaunching(_ application: UIApplication)
        // Now active (not called with scenes): restart what was paused, refresh the UI.
        func applicationDidBecomeActive(_ application: UIApplication)
        // About to stop receiving events (not called with scenes): pause games, timers, playback.
        func applicationWillResignActive(_ application: UIApplication)
        // Now in the background (not called with scenes): save data, release resources; about 5 seconds.
        func applicationDidEnterBackground(_ application: UIApplication)
        // Leaving the background (not called with scenes, nor at a cold launch): undo what entering it did.
        func applicationWillEnterForeground(_ application: UIApplication)
        // Last chance to clean up; not called when a suspended app is ended, nor on a crash.
        func applicationWillTerminate(_ application: UIApplication)
        // Low memory: free caches (view controllers get didReceiveMemoryWarning() at the same time).
        func applicationDidReceiveMemoryWarning(_ application: UIApplication)
        // Asked to open a URL (no scenes; with scenes it goes to scene(_:openURLContexts:)).
        func application(_ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey : Any] = [:]) -> Bool returns "true"
        // Registered for remote notifications: send the device token to the push provider.
        func application(_ application: UIApplication, didRegisterForRemoteNotificationsWithDeviceToken deviceToken: Data)
        // Registration for remote notifications failed.
        func application(_ application: UIApplication, didFailToRegisterForRemoteNotificationsWithError error: any Error)
        // A new scene session is being created: pick its configuration (not called when reconnecting).
        func application(_ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession, options: UIScene.ConnectionOptions) -> UISceneConfiguration returns "UISceneConfiguration(name: \"Default Configuration\", sessionRole: connectingSceneSession.role)"
        // The user closed scenes in the app switcher (called at the next launch if the app wasn't running).
        func application(_ application: UIApplication, didDiscardSceneSessions sceneSessions: Set<UISceneSession>)
    }

    // A scene's UI life cycle, one delegate per scene (all optional).
    protocol UISceneDelegate {
        // The scene is being connected to the app: create the window (also when reconnecting a session).
        func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions)
        // The scene was disconnected (the session may be reconnected later): release its resources.
        func sceneDidDisconnect(_ scene: UIScene)
        // Now active: restart what was paused.
        func sceneDidBecomeActive(_ scene: UIScene)
        // About to stop receiving events: interruption, Notification Center, app switcher.
        func sceneWillResignActive(_ scene: UIScene)
        // About to come on screen: from the background, or newly connected.
        func sceneWillEnterForeground(_ scene: UIScene)
        // Now in the background: save data, hide sensitive content before the snapshot.
        func sceneDidEnterBackground(_ scene: UIScene)
        // Asked to open one or more URLs.
        func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>)
    }

    // A scene delegate that manages a window.
    protocol UIWindowSceneDelegate: UISceneDelegate {
        // The scene's window: create it in scene(_:willConnectTo:options:) with UIWindow(windowScene:).
        var window: UIWindow?
    }
    """#
}
