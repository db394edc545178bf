/// Real UIKit callbacks that the built-in catalog (`UIKitCatalog`) does not list, with their
/// owner and Swift signature: a spec that names one is told how to declare it
/// (`extension Owner { func … }`) rather than that no such callback exists. Only consulted for
/// a reference that resolves nowhere, so one the catalog gains later is simply found there.
enum UIKitUnlisted {
    static let callbacks: [String: (owner: String, signature: String)] = [
        "application(_:performActionFor:completionHandler:)": ("UIApplicationDelegate",
            "func application(_ application: UIApplication, performActionFor shortcutItem: UIApplicationShortcutItem, completionHandler: @escaping (Bool) -> Void)"),
        "application(_:didRegisterForRemoteNotificationsWithDeviceToken:)": ("UIApplicationDelegate",
            "func application(_ application: UIApplication, didRegisterForRemoteNotificationsWithDeviceToken deviceToken: Data)"),
        "application(_:didFailToRegisterForRemoteNotificationsWithError:)": ("UIApplicationDelegate",
            "func application(_ application: UIApplication, didFailToRegisterForRemoteNotificationsWithError error: any Error)"),
        "application(_:didReceiveRemoteNotification:fetchCompletionHandler:)": ("UIApplicationDelegate",
            "func application(_ application: UIApplication, didReceiveRemoteNotification userInfo: [AnyHashable: Any], fetchCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void)"),
        "application(_:handleEventsForBackgroundURLSession:completionHandler:)": ("UIApplicationDelegate",
            "func application(_ application: UIApplication, handleEventsForBackgroundURLSession identifier: String, completionHandler: @escaping () -> Void)"),
        "application(_:supportedInterfaceOrientationsFor:)": ("UIApplicationDelegate",
            "func application(_ application: UIApplication, supportedInterfaceOrientationsFor window: UIWindow?) -> UIInterfaceOrientationMask"),
        "applicationSignificantTimeChange(_:)": ("UIApplicationDelegate",
            "func applicationSignificantTimeChange(_ application: UIApplication)"),
        "applicationProtectedDataWillBecomeUnavailable(_:)": ("UIApplicationDelegate",
            "func applicationProtectedDataWillBecomeUnavailable(_ application: UIApplication)"),
        "applicationProtectedDataDidBecomeAvailable(_:)": ("UIApplicationDelegate",
            "func applicationProtectedDataDidBecomeAvailable(_ application: UIApplication)"),
        "scene(_:willContinueUserActivityWithType:)": ("UISceneDelegate",
            "func scene(_ scene: UIScene, willContinueUserActivityWithType userActivityType: String)"),
        "stateRestorationActivity(for:)": ("UISceneDelegate",
            "func stateRestorationActivity(for scene: UIScene) -> NSUserActivity?"),
        "windowScene(_:performActionFor:completionHandler:)": ("UIWindowSceneDelegate",
            "func windowScene(_ windowScene: UIWindowScene, performActionFor shortcutItem: UIApplicationShortcutItem, completionHandler: @escaping (Bool) -> Void)"),
        "windowScene(_:didUpdate:interfaceOrientation:traitCollection:)": ("UIWindowSceneDelegate",
            "func windowScene(_ windowScene: UIWindowScene, didUpdate previousCoordinateSpace: any UICoordinateSpace, interfaceOrientation previousInterfaceOrientation: UIInterfaceOrientation, traitCollection previousTraitCollection: UITraitCollection)"),
        "viewWillTransition(to:with:)": ("UIViewController",
            "func viewWillTransition(to size: CGSize, with coordinator: any UIViewControllerTransitionCoordinator)"),
        "viewSafeAreaInsetsDidChange()": ("UIViewController", "func viewSafeAreaInsetsDidChange()"),
        "traitCollectionDidChange(_:)": ("UIViewController",
            "func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?)"),
        "applicationShouldRequestHealthAuthorization(_:)": ("UIApplicationDelegate",
            "func applicationShouldRequestHealthAuthorization(_ application: UIApplication)"),
        "willMove(toParent:)": ("UIViewController", "func willMove(toParent parent: UIViewController?)"),
        "didMove(toParent:)": ("UIViewController", "func didMove(toParent parent: UIViewController?)"),
        "updateViewConstraints()": ("UIViewController", "func updateViewConstraints()"),
    ]
}
