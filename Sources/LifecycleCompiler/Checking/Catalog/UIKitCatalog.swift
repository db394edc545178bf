/// The declarations `import UIKit` brings into scope, written in the `.lifecycle` language.
///
/// The checker parses `source` like a spec file (diagnostics name it `fileName`) and resolves
/// callbacks against it; the Swift generator never emits these declarations, because the types
/// already exist in UIKit. Signatures are Apple's, exactly as in the iOS 26 SDK (labels,
/// internal names, types and `= nil` defaults), so generated methods match UIKit's: a near miss
/// on a delegate method compiles and is never called, and one on an override doesn't compile.
/// Every callback carries Apple's iOS availability (`@available`, from the documentation pages'
/// availability ranges: "iOS 9.0–26.0" is introduced in 9.0, deprecated in 26.0), with the
/// replacement Apple names. README ("The language in brief") shows how specs import it.
enum UIKitCatalog {
    /// The file name diagnostics use for the catalog.
    static let fileName = "<UIKit>"

    static let source = #"""
    // UIKit, as `.lifecycle` declarations (iOS 26 SDK signatures, Apple's iOS availability).

    class NSObject {}

    class UIResponder: NSObject {}

    // View-controller lifecycle: class methods, generated as `override func` calling `super`.
    class UIViewController: UIResponder {
        // Creates the view when `view` is first read while nil; assign `view`, don't call super.
        @available(iOS 2.0, *)
        func loadView() body "view = UIView()"
        // Once per loaded view, after loadView(): one-time setup of views, bindings, first data request.
        @available(iOS 2.0, *)
        func viewDidLoad()
        // Every appearance, before the view joins a hierarchy: per-appearance refresh. Must call super.
        @available(iOS 2.0, *)
        func viewWillAppear(_ animated: Bool)
        // Every appearance, after viewWillAppear, once in the hierarchy: traits and geometry are accurate.
        @available(iOS 13.0, *)
        func viewIsAppearing(_ animated: Bool)
        // Every appearance, once the view is on screen: start animations, analytics. Must call super.
        @available(iOS 2.0, *)
        func viewDidAppear(_ animated: Bool)
        // Before the view leaves the hierarchy: commit edits, resign first responder. Must call super.
        @available(iOS 2.0, *)
        func viewWillDisappear(_ animated: Bool)
        // After the view has left the hierarchy. Must call super.
        @available(iOS 2.0, *)
        func viewDidDisappear(_ animated: Bool)
        // Before each layout pass of the view; may run many times (the default does nothing).
        @available(iOS 5.0, *)
        func viewWillLayoutSubviews()
        // After each layout pass of the view; may run many times (the default does nothing).
        @available(iOS 5.0, *)
        func viewDidLayoutSubviews()
        // Low memory, at any time: free what can be recreated. Must call super.
        @available(iOS 2.0, *)
        func didReceiveMemoryWarning()
        // The view's size is about to change (rotation, split view, window resize); animate alongside the coordinator.
        @available(iOS 8.0, *)
        func viewWillTransition(to size: CGSize, with coordinator: any UIViewControllerTransitionCoordinator)
        // The safe-area insets of the view changed (bars shown or hidden, rotation).
        @available(iOS 11.0, *)
        func viewSafeAreaInsetsDidChange()
        // The layout margins of the view changed.
        @available(iOS 11.0, *)
        func viewLayoutMarginsDidChange()
        // Update the view's constraints; call super last.
        @available(iOS 6.0, *)
        func updateViewConstraints()
        // About to be added to (or, with nil, removed from) a container view controller.
        @available(iOS 5.0, *)
        func willMove(toParent parent: UIViewController?)
        // Was added to (or, with nil, removed from) a container view controller.
        @available(iOS 5.0, *)
        func didMove(toParent parent: UIViewController?)
        // Configure content and styling before layout; tracks the @Observable objects it reads. Must call super.
        @available(iOS 26.0, *)
        func updateProperties()
    }

    // The app delegate: process launch, scene sessions, process-wide events (all optional).
    protocol UIApplicationDelegate {
        // The app's window when the app doesn't use scenes.
        @available(iOS 5.0, *)
        var window: UIWindow?

        // First code that runs at launch, before UI state restoration.
        @available(iOS 6.0, *)
        func application(_ application: UIApplication, willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey : Any]? = nil) -> Bool returns "true"
        // Launch is nearly done: final initialisation before the UI is shown (options are nil with scenes).
        @available(iOS 3.0, *)
        func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey : Any]? = nil) -> Bool returns "true"
        // The pre-iOS 3 launch callback; Apple says not to use it.
        @available(iOS 2.0, *)
        func applicationDidFinishLaunching(_ application: UIApplication)
        // Now active (not called with scenes): restart what was paused, refresh the UI.
        @available(iOS, introduced: 2.0, deprecated: 26.0, message: "Use 'sceneDidBecomeActive(_:)' of the scene life cycle, or 'UIApplication.didBecomeActiveNotification'")
        func applicationDidBecomeActive(_ application: UIApplication)
        // About to stop receiving events (not called with scenes): pause games, timers, playback.
        @available(iOS, introduced: 2.0, deprecated: 26.0, message: "Use 'sceneWillResignActive(_:)' of the scene life cycle, or 'UIApplication.willResignActiveNotification'")
        func applicationWillResignActive(_ application: UIApplication)
        // Now in the background (not called with scenes): save data, release resources; about 5 seconds.
        @available(iOS 4.0, *)
        func applicationDidEnterBackground(_ application: UIApplication)
        // Leaving the background (not called with scenes, nor at a cold launch): undo what entering it did.
        @available(iOS, introduced: 4.0, deprecated: 26.0, message: "Use 'sceneWillEnterForeground(_:)' of the scene life cycle, or 'UIApplication.willEnterForegroundNotification'")
        func applicationWillEnterForeground(_ application: UIApplication)
        // Last chance to clean up; not called when a suspended app is ended, nor on a crash.
        @available(iOS 2.0, *)
        func applicationWillTerminate(_ application: UIApplication)
        // Low memory: free caches (view controllers get didReceiveMemoryWarning() at the same time).
        @available(iOS 2.0, *)
        func applicationDidReceiveMemoryWarning(_ application: UIApplication)
        // The device's time changed significantly (midnight, a new time zone, daylight saving).
        @available(iOS 2.0, *)
        func applicationSignificantTimeChange(_ application: UIApplication)
        // The device is about to lock: protected files become unreadable.
        @available(iOS 4.0, *)
        func applicationProtectedDataWillBecomeUnavailable(_ application: UIApplication)
        // The device was unlocked: protected files are readable again.
        @available(iOS 4.0, *)
        func applicationProtectedDataDidBecomeAvailable(_ application: UIApplication)
        // Asked to open a URL (no scenes; with scenes it goes to scene(_:openURLContexts:)).
        @available(iOS, introduced: 9.0, deprecated: 26.0, message: "Use 'scene(_:openURLContexts:)' of the scene life cycle")
        func application(_ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey : Any] = [:]) -> Bool returns "true"
        // Registered for remote notifications: send the device token to the push provider.
        @available(iOS 3.0, *)
        func application(_ application: UIApplication, didRegisterForRemoteNotificationsWithDeviceToken deviceToken: Data)
        // Registration for remote notifications failed.
        @available(iOS 3.0, *)
        func application(_ application: UIApplication, didFailToRegisterForRemoteNotificationsWithError error: any Error)
        // A remote notification with content to fetch arrived (also in the background); call the handler within 30 seconds.
        @available(iOS 7.0, *)
        func application(_ application: UIApplication, didReceiveRemoteNotification userInfo: [AnyHashable : Any], fetchCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void) body "completionHandler(.noData)"
        // Events for a background URL session are waiting: recreate the session, keep the handler, call it when done.
        @available(iOS 7.0, *)
        func application(_ application: UIApplication, handleEventsForBackgroundURLSession identifier: String, completionHandler: @escaping () -> Void) body "completionHandler()"
        // Background fetch (the `fetch` background mode): download, then call the handler.
        @available(iOS, introduced: 7.0, deprecated: 13.0, message: "Use a 'BGAppRefreshTask' of the BackgroundTasks framework")
        func application(_ application: UIApplication, performFetchWithCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void) body "completionHandler(.noData)"
        // The user chose a Home Screen quick action (not called with scenes).
        @available(iOS, introduced: 9.0, deprecated: 26.0, message: "Use 'windowScene(_:performActionFor:completionHandler:)' of the scene life cycle")
        func application(_ application: UIApplication, performActionFor shortcutItem: UIApplicationShortcutItem, completionHandler: @escaping (Bool) -> Void) body "completionHandler(false)"
        // Handoff or a universal link is about to continue an activity; return true to show your own progress.
        @available(iOS, introduced: 8.0, deprecated: 26.0, message: "Use 'scene(_:willContinueUserActivityWithType:)' of the scene life cycle")
        func application(_ application: UIApplication, willContinueUserActivityWithType userActivityType: String) -> Bool returns "false"
        // The data to continue an activity (Handoff, a universal link, Spotlight) is available.
        @available(iOS, introduced: 8.0, deprecated: 26.0, message: "Use 'scene(_:continue:)' of the scene life cycle")
        func application(_ application: UIApplication, continue userActivity: NSUserActivity, restorationHandler: @escaping ([any UIUserActivityRestoring]?) -> Void) -> Bool returns "false"
        // An activity could not be continued.
        @available(iOS, introduced: 8.0, deprecated: 26.0, message: "Use 'scene(_:didFailToContinueUserActivityWithType:error:)' of the scene life cycle")
        func application(_ application: UIApplication, didFailToContinueUserActivityWithType userActivityType: String, error: any Error)
        // An activity the app handles was updated.
        @available(iOS, introduced: 8.0, deprecated: 26.0, message: "Use 'scene(_:didUpdate:)' of the scene life cycle")
        func application(_ application: UIApplication, didUpdate userActivity: NSUserActivity)
        // UI state restoration: may the app's state be saved (secure coding)?
        @available(iOS 13.2, *)
        func application(_ application: UIApplication, shouldSaveSecureApplicationState coder: NSCoder) -> Bool returns "false"
        // UI state restoration: may the saved state be restored?
        @available(iOS 13.2, *)
        func application(_ application: UIApplication, shouldRestoreSecureApplicationState coder: NSCoder) -> Bool returns "false"
        // UI state restoration: save app-level state, before the view controllers'.
        @available(iOS 6.0, *)
        func application(_ application: UIApplication, willEncodeRestorableStateWith coder: NSCoder)
        // UI state restoration: read app-level state, after the view controllers'.
        @available(iOS 6.0, *)
        func application(_ application: UIApplication, didDecodeRestorableStateWith coder: NSCoder)
        // The interface orientations the app allows in a window (overrides the Info.plist list).
        @available(iOS 6.0, *)
        func application(_ application: UIApplication, supportedInterfaceOrientationsFor window: UIWindow?) -> UIInterfaceOrientationMask returns ".all"
        // A new scene session is being created: pick its configuration (not called when reconnecting).
        @available(iOS 13.0, *)
        func application(_ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession, options: UIScene.ConnectionOptions) -> UISceneConfiguration returns "UISceneConfiguration(name: \"Default Configuration\", sessionRole: connectingSceneSession.role)"
        // The user closed scenes in the app switcher (called at the next launch if the app wasn't running).
        @available(iOS 13.0, *)
        func application(_ application: UIApplication, didDiscardSceneSessions sceneSessions: Set<UISceneSession>)
    }

    // A scene's UI life cycle, one delegate per scene (all optional).
    protocol UISceneDelegate {
        // The scene is being connected to the app: create the window (also when reconnecting a session).
        @available(iOS 13.0, *)
        func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions)
        // The scene was disconnected (the session may be reconnected later): release its resources.
        @available(iOS 13.0, *)
        func sceneDidDisconnect(_ scene: UIScene)
        // Now active: restart what was paused.
        @available(iOS 13.0, *)
        func sceneDidBecomeActive(_ scene: UIScene)
        // About to stop receiving events: interruption, Notification Center, app switcher.
        @available(iOS 13.0, *)
        func sceneWillResignActive(_ scene: UIScene)
        // About to come on screen: from the background, or newly connected.
        @available(iOS 13.0, *)
        func sceneWillEnterForeground(_ scene: UIScene)
        // Now in the background: save data, hide sensitive content before the snapshot.
        @available(iOS 13.0, *)
        func sceneDidEnterBackground(_ scene: UIScene)
        // Asked to open one or more URLs.
        @available(iOS 13.0, *)
        func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>)
        // Handoff or a universal link is about to continue an activity in this scene.
        @available(iOS 13.0, *)
        func scene(_ scene: UIScene, willContinueUserActivityWithType userActivityType: String)
        // The data to continue an activity is available.
        @available(iOS 13.0, *)
        func scene(_ scene: UIScene, continue userActivity: NSUserActivity)
        // An activity could not be continued.
        @available(iOS 13.0, *)
        func scene(_ scene: UIScene, didFailToContinueUserActivityWithType userActivityType: String, error: any Error)
        // An activity this scene handles was updated.
        @available(iOS 13.0, *)
        func scene(_ scene: UIScene, didUpdate userActivity: NSUserActivity)
        // The activity that restores this scene's state when it reconnects (asked as it goes to the background).
        @available(iOS 13.0, *)
        func stateRestorationActivity(for scene: UIScene) -> NSUserActivity?
        // Restore the interaction state saved in the activity, once the scene is connected.
        @available(iOS 17.0, *)
        func scene(_ scene: UIScene, restoreInteractionStateWith stateRestorationActivity: NSUserActivity)
    }

    // A scene delegate that manages a window.
    protocol UIWindowSceneDelegate: UISceneDelegate {
        // The scene's window: create it in scene(_:willConnectTo:options:) with UIWindow(windowScene:).
        @available(iOS 13.0, *)
        var window: UIWindow?

        // The scene's size, orientation or traits changed.
        @available(iOS, introduced: 13.0, deprecated: 26.0, message: "Use 'windowScene(_:didUpdateEffectiveGeometry:)'")
        func windowScene(_ windowScene: UIWindowScene, didUpdate previousCoordinateSpace: any UICoordinateSpace, interfaceOrientation previousInterfaceOrientation: UIInterfaceOrientation, traitCollection previousTraitCollection: UITraitCollection)
        // The scene's effective geometry changed (always called when it moves between screens).
        @available(iOS 26.0, *)
        func windowScene(_ windowScene: UIWindowScene, didUpdateEffectiveGeometry previousEffectiveGeometry: UIWindowScene.Geometry)
        // The user chose a Home Screen quick action for this scene.
        @available(iOS 13.0, *)
        func windowScene(_ windowScene: UIWindowScene, performActionFor shortcutItem: UIApplicationShortcutItem, completionHandler: @escaping (Bool) -> Void) body "completionHandler(false)"
        // The user accepted a CloudKit share (the generated file needs `import CloudKit`).
        @available(iOS 13.0, *)
        func windowScene(_ windowScene: UIWindowScene, userDidAcceptCloudKitShareWith cloudKitShareMetadata: CKShare.Metadata)
    }
    """#
}
