// Hand-written, as in an app from before scenes: the app delegate does everything, the window
// included. 'lifecycle migrate' reads it (with AppDelegate+Notifications.swift and Info.plist)
// and writes SceneDelegate.swift: README, "Before iOS 27: moving to scenes".
import UIKit
import UserNotifications

@main
class AppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?
    let store = NoteStore()
    var lastActive: Date?

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        UNUserNotificationCenter.current().delegate = self
        Appearance.apply()
        store.load()

        let notes = NotesViewController(store: store)
        let navigation = UINavigationController(rootViewController: notes)
        window = UIWindow(frame: UIScreen.main.bounds)
        window?.rootViewController = navigation
        window?.makeKeyAndVisible()
        return true
    }

    func applicationWillEnterForeground(_ application: UIApplication) {
        store.reloadIfChanged()
    }

    func applicationDidBecomeActive(_ application: UIApplication) {
        store.startAutosave()
        if let lastActive, Date().timeIntervalSince(lastActive) > 600 {
            store.reloadIfChanged()
        }
    }

    func applicationWillResignActive(_ application: UIApplication) {
        store.stopAutosave()
        lastActive = Date()
    }

    func applicationDidEnterBackground(_ application: UIApplication) {
        store.save()
        // The Home Screen's quick actions: the latest notes.
        application.shortcutItems = store.recent(3).map { note in
            UIApplicationShortcutItem(type: "open-note", localizedTitle: note.title, localizedSubtitle: nil, icon: nil,
                                      userInfo: ["id": note.id as NSNumber])
        }
    }

    // notes://note/42 opens a note.
    func application(_ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any] = [:]) -> Bool {
        guard let link = DeepLink(url: url) else { return false }
        return Router.open(link, in: window, store: store)
    }

    // Handoff and Spotlight.
    func application(_ application: UIApplication, continue userActivity: NSUserActivity,
                     restorationHandler: @escaping ([UIUserActivityRestoring]?) -> Void) -> Bool {
        guard let link = DeepLink(activity: userActivity) else { return false }
        return Router.open(link, in: window, store: store)
    }

    // The quick actions.
    func application(_ application: UIApplication, performActionFor shortcutItem: UIApplicationShortcutItem,
                     completionHandler: @escaping (Bool) -> Void) {
        let link = DeepLink(shortcut: shortcutItem)
        completionHandler(link.map { Router.open($0, in: window, store: store) } ?? false)
    }

    func applicationWillTerminate(_ application: UIApplication) {
        store.save()
    }

    func applicationDidReceiveMemoryWarning(_ application: UIApplication) {
        store.dropCaches()
    }
}
