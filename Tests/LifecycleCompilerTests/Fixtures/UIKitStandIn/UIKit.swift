// A minimal stand-in for UIKit, so that Swift code generated for UIKit delegates can be
// type-checked on Linux, where there is no UIKit. Build it as a module named `UIKit`
// (see README.md next to this file).
//
// Every declaration here is the iOS 26.2 SDK's, as Swift imports it (a test compares them with the
// real SDK's interface wherever the SDK snapshot is on the machine). What differs from the real
// thing, on purpose:
//
// - Nothing is imported: `NSObject`, `URL`, `Data`, `Bundle`, `NSCoder` are declared here,
//   minimally. Don't import Foundation next to this module (`URL` and `Data` would clash).
// - Swift on Linux has no `@objc optional` requirements. Every requirement of
//   `UIApplicationDelegate`, `UISceneDelegate` and `UIWindowSceneDelegate` is declared in the
//   protocol and given a default implementation in a `public extension`, so a conformer may
//   implement any subset, as with the real optional requirements. A near miss
//   (`sceneDidEnterBackground(scene:)`) still compiles and is never called, as in UIKit.
// - Protocol requirements can't carry default arguments, so `= nil` / `= [:]` are absent from
//   the requirements; implementations may still write them.
// - Nothing runs: bodies are empty or trivial; `main()` returns at once.

import CloudKit
import Intents

// MARK: - Objective-C base

public protocol NSObjectProtocol: AnyObject {
    func isEqual(_ object: Any?) -> Bool
    var hash: Int { get }
}

open class NSObject: NSObjectProtocol, Hashable {
    public init() {}

    open func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? NSObject else { return false }
        return self === other
    }

    open var hash: Int { ObjectIdentifier(self).hashValue }

    public static func == (lhs: NSObject, rhs: NSObject) -> Bool { lhs.isEqual(rhs) }

    public func hash(into hasher: inout Hasher) { hasher.combine(hash) }
}

open class NSCoder: NSObject {}

open class Bundle: NSObject, @unchecked Sendable {
    open class var main: Bundle { Bundle() }
}

open class ProcessInfo: NSObject, @unchecked Sendable {
    open class var processInfo: ProcessInfo { ProcessInfo() }
    /// What a generated monitor's clock reads (issue 43).
    open var systemUptime: TimeInterval { 0 }
}

// MARK: - Foundation value types used in delegate signatures

public struct URL: Hashable, Sendable {
    public var absoluteString: String
    public init?(string: String) {
        guard !string.isEmpty else { return nil }
        absoluteString = string
    }
    public var scheme: String? {
        guard let colon = absoluteString.firstIndex(of: ":") else { return nil }
        return String(absoluteString[..<colon])
    }
}

public typealias TimeInterval = Double

public struct CGRect: Hashable, Sendable {
    public init() {}
    public static let zero = CGRect()
}

public struct CGSize: Hashable, Sendable {
    public var width: Double
    public var height: Double
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
    public static let zero = CGSize(width: 0, height: 0)
}

open class NSUserActivity: NSObject, @unchecked Sendable {
    public init(activityType: String) {
        self.activityType = activityType
        super.init()
    }
    open private(set) var activityType: String
    open var title: String?
    open var userInfo: [AnyHashable: Any]?
}

public struct Data: Hashable, Sendable {
    public var bytes: [UInt8]
    public init() { bytes = [] }
    public init(_ bytes: [UInt8]) { self.bytes = bytes }
    public var count: Int { bytes.count }
    public var isEmpty: Bool { bytes.isEmpty }
}

// MARK: - Responders, views, windows

@MainActor
open class UIResponder: NSObject {
    public override init() { super.init() }
    open var next: UIResponder? { nil }
    open var canBecomeFirstResponder: Bool { false }
    @discardableResult open func becomeFirstResponder() -> Bool { false }
    @discardableResult open func resignFirstResponder() -> Bool { true }
}

public final class UIColor: NSObject, @unchecked Sendable {
    public override init() { super.init() }
    public class var systemBackground: UIColor { UIColor() }
    public class var label: UIColor { UIColor() }
    public class var white: UIColor { UIColor() }
    public class var black: UIColor { UIColor() }
    public class var clear: UIColor { UIColor() }
}

@MainActor
open class UIView: UIResponder {
    public override init() { super.init() }
    public required init?(coder: NSCoder) { super.init() }
    open var backgroundColor: UIColor?
    open var isHidden: Bool = false
    open private(set) var subviews: [UIView] = []
    open private(set) weak var superview: UIView?
    open var window: UIWindow? { superview?.window }
    open func addSubview(_ view: UIView) {
        subviews.append(view)
        view.superview = self
    }
    open func removeFromSuperview() {
        superview?.subviews.removeAll { $0 === self }
        superview = nil
    }
    open func setNeedsLayout() {}
    open func layoutIfNeeded() {}
}

@MainActor
open class UIWindow: UIView {
    public init(windowScene: UIWindowScene) {
        self.windowScene = windowScene
        super.init()
    }
    @available(iOS, deprecated: 26.0, message: "Use init(windowScene:) instead.")
    public override init() { super.init() }
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    open var rootViewController: UIViewController?
    open weak var windowScene: UIWindowScene?
    open private(set) var isKeyWindow: Bool = false
    open override var window: UIWindow? { self }
    open func makeKeyAndVisible() {
        isKeyWindow = true
        isHidden = false
    }
    open func makeKey() { isKeyWindow = true }
}

public enum UIInterfaceOrientation: Int, Sendable {
    case unknown, portrait, portraitUpsideDown, landscapeLeft, landscapeRight
}

public struct UIInterfaceOrientationMask: OptionSet, Sendable {
    public var rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let portrait = UIInterfaceOrientationMask(rawValue: 1 << 1)
    public static let landscapeLeft = UIInterfaceOrientationMask(rawValue: 1 << 4)
    public static let landscapeRight = UIInterfaceOrientationMask(rawValue: 1 << 3)
    public static let portraitUpsideDown = UIInterfaceOrientationMask(rawValue: 1 << 2)
    public static let landscape: UIInterfaceOrientationMask = [.landscapeLeft, .landscapeRight]
    public static let all: UIInterfaceOrientationMask = [.portrait, .landscape, .portraitUpsideDown]
    public static let allButUpsideDown: UIInterfaceOrientationMask = [.portrait, .landscape]
}

public final class UITraitCollection: NSObject, @unchecked Sendable {
    public override init() { super.init() }
}

@MainActor
public protocol UICoordinateSpace: NSObjectProtocol {}

@MainActor
public protocol UIViewControllerTransitionCoordinator: NSObjectProtocol {}

@MainActor
public protocol UIContentContainer: NSObjectProtocol {}

@MainActor
open class UIUserNotificationSettings: NSObject {}

@MainActor
open class UILocalNotification: NSObject {}

@MainActor
public protocol UIUserActivityRestoring: NSObjectProtocol {}

public enum UIBackgroundFetchResult: UInt, Sendable {
    case newData, noData, failed
}

@MainActor
open class UIApplicationShortcutItem: NSObject {
    public init(type: String, localizedTitle: String) {
        self.type = type
        self.localizedTitle = localizedTitle
        super.init()
    }
    open private(set) var type: String
    open private(set) var localizedTitle: String
}

// MARK: - UIViewController (section 8.3: open class methods, overridden with `override`)

@MainActor
/// What a view controller's content-unavailable configuration is updated for (iOS 17).
public struct UIContentUnavailableConfigurationState: Hashable, Sendable {
    public init() {}
}

open class UIViewController: UIResponder {
    // The initializers are `nonisolated` only because a stand-in can't mirror how Swift
    // imports Objective-C's `-init` overrides (a main-actor `init()` overriding NSObject's
    // nonisolated one is an error in Swift source). Clients write them as with UIKit.
    nonisolated public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        self.nibName = nibNameOrNil
        self.nibBundle = nibBundleOrNil
        super.init()
    }
    nonisolated public required init?(coder: NSCoder) {
        self.nibName = nil
        self.nibBundle = nil
        super.init()
    }
    nonisolated public convenience override init() { self.init(nibName: nil, bundle: nil) }

    open private(set) var nibName: String?
    open private(set) var nibBundle: Bundle?
    open var title: String?

    private var loadedView: UIView?
    /// Reading `view` while it is nil calls `loadView()`, then `viewDidLoad()`.
    open var view: UIView! {
        get {
            if loadedView == nil {
                loadView()
                if loadedView == nil { loadedView = UIView() }
                viewDidLoad()
            }
            return loadedView
        }
        set { loadedView = newValue }
    }
    open var viewIfLoaded: UIView? { loadedView }
    open var isViewLoaded: Bool { loadedView != nil }
    open func loadViewIfNeeded() { _ = view }

    open func loadView() { loadedView = UIView() }
    open func viewDidLoad() {}
    open func viewWillAppear(_ animated: Bool) {}
    @available(iOS 13.0, *)
    open func viewIsAppearing(_ animated: Bool) {}
    open func viewDidAppear(_ animated: Bool) {}
    open func viewWillDisappear(_ animated: Bool) {}
    open func viewDidDisappear(_ animated: Bool) {}
    open func viewWillLayoutSubviews() {}
    open func viewDidLayoutSubviews() {}
    open func didReceiveMemoryWarning() {}
    open func viewWillTransition(to size: CGSize, with coordinator: any UIViewControllerTransitionCoordinator) {}
    open func viewSafeAreaInsetsDidChange() {}
    open func viewLayoutMarginsDidChange() {}
    open func updateViewConstraints() {}
    open func willMove(toParent parent: UIViewController?) {}
    open func didMove(toParent parent: UIViewController?) {}
    @available(iOS 26.0, *)
    open func updateProperties() {}
    @available(iOS 17.0, *)
    open func updateContentUnavailableConfiguration(using state: UIContentUnavailableConfigurationState) {}
    open func preferredContentSizeDidChange(forChildContentContainer container: any UIContentContainer) {}
    open func systemLayoutFittingSizeDidChange(forChildContentContainer container: any UIContentContainer) {}
    open func size(forChildContentContainer container: any UIContentContainer, withParentContainerSize parentSize: CGSize) -> CGSize { parentSize }
    open func willTransition(to newCollection: UITraitCollection, with coordinator: any UIViewControllerTransitionCoordinator) {}
    open func willRotate(to toInterfaceOrientation: UIInterfaceOrientation, duration: TimeInterval) {}
    open func willAnimateRotation(to toInterfaceOrientation: UIInterfaceOrientation, duration: TimeInterval) {}
    open func didRotate(from fromInterfaceOrientation: UIInterfaceOrientation) {}
    open func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {}
    open func encodeRestorableState(with coder: NSCoder) {}
    open func decodeRestorableState(with coder: NSCoder) {}
    open func applicationFinishedRestoringState() {}

    open func present(_ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (() -> Void)? = nil) {}
    open func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {}
}

// MARK: - UIApplication

public struct UIBackgroundTaskIdentifier: RawRepresentable, Hashable, Sendable {
    public var rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let invalid = UIBackgroundTaskIdentifier(rawValue: 0)
}

@MainActor
open class UIApplication: UIResponder {
    public struct LaunchOptionsKey: RawRepresentable, Hashable, Sendable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }
        public static let url = LaunchOptionsKey("UIApplicationLaunchOptionsURLKey")
        public static let sourceApplication = LaunchOptionsKey("UIApplicationLaunchOptionsSourceApplicationKey")
        public static let remoteNotification = LaunchOptionsKey("UIApplicationLaunchOptionsRemoteNotificationKey")
        public static let location = LaunchOptionsKey("UIApplicationLaunchOptionsLocationKey")
        public static let shortcutItem = LaunchOptionsKey("UIApplicationLaunchOptionsShortcutItemKey")
        public static let userActivityType = LaunchOptionsKey("UIApplicationLaunchOptionsUserActivityTypeKey")
    }

    public struct ExtensionPointIdentifier: RawRepresentable, Hashable, Sendable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let keyboard = ExtensionPointIdentifier(rawValue: "com.apple.keyboard-service")
    }

    public struct OpenURLOptionsKey: RawRepresentable, Hashable, Sendable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }
        public static let sourceApplication = OpenURLOptionsKey("UIApplicationOpenURLOptionsSourceApplicationKey")
        public static let annotation = OpenURLOptionsKey("UIApplicationOpenURLOptionsAnnotationKey")
        public static let openInPlace = OpenURLOptionsKey("UIApplicationOpenURLOptionsOpenInPlaceKey")
    }

    public enum State: Int, Sendable {
        case active, inactive, background
    }

    private static let sharedApplication = UIApplication()
    open class var shared: UIApplication { sharedApplication }

    open internal(set) var applicationState: UIApplication.State = .inactive
    open var delegate: (any UIApplicationDelegate)?
    open var connectedScenes: Set<UIScene> { [] }
    open var openSessions: Set<UISceneSession> { [] }
    open var backgroundTimeRemaining: Double { 0 }

    nonisolated open func beginBackgroundTask(withName taskName: String?, expirationHandler handler: (@MainActor @Sendable () -> Void)? = nil) -> UIBackgroundTaskIdentifier {
        UIBackgroundTaskIdentifier(rawValue: 1)
    }
    nonisolated open func beginBackgroundTask(expirationHandler handler: (@MainActor @Sendable () -> Void)? = nil) -> UIBackgroundTaskIdentifier {
        UIBackgroundTaskIdentifier(rawValue: 1)
    }
    nonisolated open func endBackgroundTask(_ identifier: UIBackgroundTaskIdentifier) {}
    open func registerForRemoteNotifications() {}
}

// MARK: - Scenes

@MainActor
open class UIScene: UIResponder {
    public enum ActivationState: Int, Sendable {
        case unattached = -1
        case foregroundActive = 0
        case foregroundInactive = 1
        case background = 2
    }

    /// Obj-C `UISceneConnectionOptions`; Swift only knows it as `UIScene.ConnectionOptions`.
    @MainActor
    open class ConnectionOptions: NSObject {
        public override init() { super.init() }
        open var urlContexts: Set<UIOpenURLContext> = []
        open var sourceApplication: String?
    }

    public init(session: UISceneSession, connectionOptions: UIScene.ConnectionOptions) {
        self.session = session
        super.init()
    }

    open private(set) var session: UISceneSession
    open var delegate: (any UISceneDelegate)?
    open internal(set) var activationState: UIScene.ActivationState = .unattached
    open var title: String!
}

@MainActor
open class UIWindowScene: UIScene {
    /// Obj-C `UIWindowSceneGeometry`.
    @MainActor
    open class Geometry: NSObject {
        public override init() { super.init() }
        open var interfaceOrientation: UIInterfaceOrientation { .portrait }
    }

    /// Obj-C `UISceneWindowingControlStyle`.
    @MainActor
    open class WindowingControlStyle: NSObject {
        public override init() { super.init() }
        open class var automatic: UIWindowScene.WindowingControlStyle { WindowingControlStyle() }
    }

    open var effectiveGeometry: UIWindowScene.Geometry { Geometry() }
    open var windows: [UIWindow] { [] }
    open var keyWindow: UIWindow? { windows.first { $0.isKeyWindow } }
}

@MainActor
open class UISceneSession: NSObject {
    public struct Role: RawRepresentable, Hashable, Sendable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }
        public static let windowApplication = Role("UIWindowSceneSessionRoleApplication")
        public static let windowExternalDisplayNonInteractive = Role("UIWindowSceneSessionRoleExternalDisplayNonInteractive")
    }

    public init(role: UISceneSession.Role, persistentIdentifier: String) {
        self.role = role
        self.persistentIdentifier = persistentIdentifier
        self.configuration = UISceneConfiguration(name: nil, sessionRole: role)
        super.init()
    }

    open private(set) var role: UISceneSession.Role
    open private(set) var configuration: UISceneConfiguration
    open private(set) var persistentIdentifier: String
    open var userInfo: [String: Any]?
    open private(set) weak var scene: UIScene?
}

@MainActor
open class UISceneConfiguration: NSObject {
    public init(name: String?, sessionRole: UISceneSession.Role) {
        self.name = name
        self.role = sessionRole
        super.init()
    }
    open private(set) var name: String?
    open private(set) var role: UISceneSession.Role
    open var delegateClass: AnyClass?
    open var sceneClass: AnyClass?
}

@MainActor
open class UIOpenURLContext: NSObject {
    public init(url: URL) {
        self.url = url
        super.init()
    }
    open private(set) var url: URL
}

// MARK: - UIApplicationDelegate (section 8.1; optional requirements in UIKit)

@MainActor
public protocol UIApplicationDelegate: NSObjectProtocol {
    var window: UIWindow? { get set }

    func application(_ application: UIApplication, willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey : Any]?) -> Bool
    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey : Any]?) -> Bool
    func applicationDidFinishLaunching(_ application: UIApplication)
    func applicationDidBecomeActive(_ application: UIApplication)
    func applicationWillResignActive(_ application: UIApplication)
    func applicationDidEnterBackground(_ application: UIApplication)
    func applicationWillEnterForeground(_ application: UIApplication)
    func applicationWillTerminate(_ application: UIApplication)
    func applicationDidReceiveMemoryWarning(_ application: UIApplication)
    func application(_ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey : Any]) -> Bool
    func application(_ application: UIApplication, didRegisterForRemoteNotificationsWithDeviceToken deviceToken: Data)
    func application(_ application: UIApplication, didFailToRegisterForRemoteNotificationsWithError error: any Error)
    func application(_ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession, options: UIScene.ConnectionOptions) -> UISceneConfiguration
    func application(_ application: UIApplication, didDiscardSceneSessions sceneSessions: Set<UISceneSession>)
    func applicationSignificantTimeChange(_ application: UIApplication)
    func applicationProtectedDataWillBecomeUnavailable(_ application: UIApplication)
    func applicationProtectedDataDidBecomeAvailable(_ application: UIApplication)
    func application(_ application: UIApplication, didReceiveRemoteNotification userInfo: [AnyHashable : Any], fetchCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void)
    func application(_ application: UIApplication, handleEventsForBackgroundURLSession identifier: String, completionHandler: @escaping () -> Void)
    func application(_ application: UIApplication, performFetchWithCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void)
    func application(_ application: UIApplication, performActionFor shortcutItem: UIApplicationShortcutItem, completionHandler: @escaping (Bool) -> Void)
    func application(_ application: UIApplication, willContinueUserActivityWithType userActivityType: String) -> Bool
    func application(_ application: UIApplication, continue userActivity: NSUserActivity, restorationHandler: @escaping ([any UIUserActivityRestoring]?) -> Void) -> Bool
    func application(_ application: UIApplication, didFailToContinueUserActivityWithType userActivityType: String, error: any Error)
    func application(_ application: UIApplication, didUpdate userActivity: NSUserActivity)
    func application(_ application: UIApplication, shouldSaveSecureApplicationState coder: NSCoder) -> Bool
    func application(_ application: UIApplication, shouldRestoreSecureApplicationState coder: NSCoder) -> Bool
    func application(_ application: UIApplication, willEncodeRestorableStateWith coder: NSCoder)
    func application(_ application: UIApplication, didDecodeRestorableStateWith coder: NSCoder)
    func application(_ application: UIApplication, supportedInterfaceOrientationsFor window: UIWindow?) -> UIInterfaceOrientationMask
    func application(_ application: UIApplication, handleOpen url: URL) -> Bool
    func application(_ application: UIApplication, open url: URL, sourceApplication: String?, annotation: Any) -> Bool
    func application(_ application: UIApplication, willChangeStatusBarOrientation newStatusBarOrientation: UIInterfaceOrientation, duration: TimeInterval)
    func application(_ application: UIApplication, didChangeStatusBarOrientation oldStatusBarOrientation: UIInterfaceOrientation)
    func application(_ application: UIApplication, willChangeStatusBarFrame newStatusBarFrame: CGRect)
    func application(_ application: UIApplication, didChangeStatusBarFrame oldStatusBarFrame: CGRect)
    func application(_ application: UIApplication, didRegister notificationSettings: UIUserNotificationSettings)
    func application(_ application: UIApplication, didReceiveRemoteNotification userInfo: [AnyHashable : Any])
    func application(_ application: UIApplication, didReceive notification: UILocalNotification)
    func application(_ application: UIApplication, handleActionWithIdentifier identifier: String?, for notification: UILocalNotification, completionHandler: @escaping () -> Void)
    func application(_ application: UIApplication, handleActionWithIdentifier identifier: String?, forRemoteNotification userInfo: [AnyHashable : Any], withResponseInfo responseInfo: [AnyHashable : Any], completionHandler: @escaping () -> Void)
    func application(_ application: UIApplication, handleActionWithIdentifier identifier: String?, forRemoteNotification userInfo: [AnyHashable : Any], completionHandler: @escaping () -> Void)
    func application(_ application: UIApplication, handleActionWithIdentifier identifier: String?, for notification: UILocalNotification, withResponseInfo responseInfo: [AnyHashable : Any], completionHandler: @escaping () -> Void)
    func application(_ application: UIApplication, handleWatchKitExtensionRequest userInfo: [AnyHashable : Any]?, reply: @escaping ([AnyHashable : Any]?) -> Void)
    func applicationShouldRequestHealthAuthorization(_ application: UIApplication)
    func application(_ application: UIApplication, handlerFor intent: INIntent) -> Any?
    func application(_ application: UIApplication, handle intent: INIntent, completionHandler: @escaping (INIntentResponse) -> Void)
    func application(_ application: UIApplication, shouldAllowExtensionPointIdentifier extensionPointIdentifier: UIApplication.ExtensionPointIdentifier) -> Bool
    func application(_ application: UIApplication, viewControllerWithRestorationIdentifierPath identifierComponents: [String], coder: NSCoder) -> UIViewController?
    func application(_ application: UIApplication, shouldSaveApplicationState coder: NSCoder) -> Bool
    func application(_ application: UIApplication, shouldRestoreApplicationState coder: NSCoder) -> Bool
    func application(_ application: UIApplication, userDidAcceptCloudKitShareWith cloudKitShareMetadata: CKShare.Metadata)
    func applicationShouldAutomaticallyLocalizeKeyCommands(_ application: UIApplication) -> Bool
}

public extension UIApplicationDelegate {
    var window: UIWindow? {
        get { nil }
        set {}
    }

    func application(_ application: UIApplication, willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey : Any]?) -> Bool { true }
    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey : Any]?) -> Bool { true }
    func applicationDidFinishLaunching(_ application: UIApplication) {}
    func applicationDidBecomeActive(_ application: UIApplication) {}
    func applicationWillResignActive(_ application: UIApplication) {}
    func applicationDidEnterBackground(_ application: UIApplication) {}
    func applicationWillEnterForeground(_ application: UIApplication) {}
    func applicationWillTerminate(_ application: UIApplication) {}
    func applicationDidReceiveMemoryWarning(_ application: UIApplication) {}
    func application(_ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey : Any]) -> Bool { false }
    func application(_ application: UIApplication, didRegisterForRemoteNotificationsWithDeviceToken deviceToken: Data) {}
    func application(_ application: UIApplication, didFailToRegisterForRemoteNotificationsWithError error: any Error) {}
    func application(_ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession, options: UIScene.ConnectionOptions) -> UISceneConfiguration {
        UISceneConfiguration(name: nil, sessionRole: connectingSceneSession.role)
    }
    func application(_ application: UIApplication, didDiscardSceneSessions sceneSessions: Set<UISceneSession>) {}
    func applicationSignificantTimeChange(_ application: UIApplication) {}
    func applicationProtectedDataWillBecomeUnavailable(_ application: UIApplication) {}
    func applicationProtectedDataDidBecomeAvailable(_ application: UIApplication) {}
    func application(_ application: UIApplication, didReceiveRemoteNotification userInfo: [AnyHashable : Any], fetchCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void) {}
    func application(_ application: UIApplication, handleEventsForBackgroundURLSession identifier: String, completionHandler: @escaping () -> Void) {}
    func application(_ application: UIApplication, performFetchWithCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void) {}
    func application(_ application: UIApplication, performActionFor shortcutItem: UIApplicationShortcutItem, completionHandler: @escaping (Bool) -> Void) {}
    func application(_ application: UIApplication, willContinueUserActivityWithType userActivityType: String) -> Bool { false }
    func application(_ application: UIApplication, continue userActivity: NSUserActivity, restorationHandler: @escaping ([any UIUserActivityRestoring]?) -> Void) -> Bool { false }
    func application(_ application: UIApplication, didFailToContinueUserActivityWithType userActivityType: String, error: any Error) {}
    func application(_ application: UIApplication, didUpdate userActivity: NSUserActivity) {}
    func application(_ application: UIApplication, shouldSaveSecureApplicationState coder: NSCoder) -> Bool { false }
    func application(_ application: UIApplication, shouldRestoreSecureApplicationState coder: NSCoder) -> Bool { false }
    func application(_ application: UIApplication, willEncodeRestorableStateWith coder: NSCoder) {}
    func application(_ application: UIApplication, didDecodeRestorableStateWith coder: NSCoder) {}
    func application(_ application: UIApplication, supportedInterfaceOrientationsFor window: UIWindow?) -> UIInterfaceOrientationMask { .all }
    func application(_ application: UIApplication, handleOpen url: URL) -> Bool { false }
    func application(_ application: UIApplication, open url: URL, sourceApplication: String?, annotation: Any) -> Bool { false }
    func application(_ application: UIApplication, willChangeStatusBarOrientation newStatusBarOrientation: UIInterfaceOrientation, duration: TimeInterval) {}
    func application(_ application: UIApplication, didChangeStatusBarOrientation oldStatusBarOrientation: UIInterfaceOrientation) {}
    func application(_ application: UIApplication, willChangeStatusBarFrame newStatusBarFrame: CGRect) {}
    func application(_ application: UIApplication, didChangeStatusBarFrame oldStatusBarFrame: CGRect) {}
    func application(_ application: UIApplication, didRegister notificationSettings: UIUserNotificationSettings) {}
    func application(_ application: UIApplication, didReceiveRemoteNotification userInfo: [AnyHashable : Any]) {}
    func application(_ application: UIApplication, didReceive notification: UILocalNotification) {}
    func application(_ application: UIApplication, handleActionWithIdentifier identifier: String?, for notification: UILocalNotification, completionHandler: @escaping () -> Void) {}
    func application(_ application: UIApplication, handleActionWithIdentifier identifier: String?, forRemoteNotification userInfo: [AnyHashable : Any], withResponseInfo responseInfo: [AnyHashable : Any], completionHandler: @escaping () -> Void) {}
    func application(_ application: UIApplication, handleActionWithIdentifier identifier: String?, forRemoteNotification userInfo: [AnyHashable : Any], completionHandler: @escaping () -> Void) {}
    func application(_ application: UIApplication, handleActionWithIdentifier identifier: String?, for notification: UILocalNotification, withResponseInfo responseInfo: [AnyHashable : Any], completionHandler: @escaping () -> Void) {}
    func application(_ application: UIApplication, handleWatchKitExtensionRequest userInfo: [AnyHashable : Any]?, reply: @escaping ([AnyHashable : Any]?) -> Void) {}
    func applicationShouldRequestHealthAuthorization(_ application: UIApplication) {}
    func application(_ application: UIApplication, handlerFor intent: INIntent) -> Any? { nil }
    func application(_ application: UIApplication, handle intent: INIntent, completionHandler: @escaping (INIntentResponse) -> Void) {}
    func application(_ application: UIApplication, shouldAllowExtensionPointIdentifier extensionPointIdentifier: UIApplication.ExtensionPointIdentifier) -> Bool { true }
    func application(_ application: UIApplication, viewControllerWithRestorationIdentifierPath identifierComponents: [String], coder: NSCoder) -> UIViewController? { nil }
    func application(_ application: UIApplication, shouldSaveApplicationState coder: NSCoder) -> Bool { false }
    func application(_ application: UIApplication, shouldRestoreApplicationState coder: NSCoder) -> Bool { false }
    func application(_ application: UIApplication, userDidAcceptCloudKitShareWith cloudKitShareMetadata: CKShare.Metadata) {}
    func applicationShouldAutomaticallyLocalizeKeyCommands(_ application: UIApplication) -> Bool { true }

    /// What `@main` calls on an app delegate. The real one runs `UIApplicationMain`; the
    /// stand-in returns at once (nothing here can run a UI).
    static func main() {}
}

// MARK: - UISceneDelegate / UIWindowSceneDelegate (section 8.2; optional requirements in UIKit)

@MainActor
public protocol UISceneDelegate: NSObjectProtocol {
    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions)
    func sceneDidDisconnect(_ scene: UIScene)
    func sceneDidBecomeActive(_ scene: UIScene)
    func sceneWillResignActive(_ scene: UIScene)
    func sceneWillEnterForeground(_ scene: UIScene)
    func sceneDidEnterBackground(_ scene: UIScene)
    func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>)
    func scene(_ scene: UIScene, willContinueUserActivityWithType userActivityType: String)
    func scene(_ scene: UIScene, continue userActivity: NSUserActivity)
    func scene(_ scene: UIScene, didFailToContinueUserActivityWithType userActivityType: String, error: any Error)
    func scene(_ scene: UIScene, didUpdate userActivity: NSUserActivity)
    func stateRestorationActivity(for scene: UIScene) -> NSUserActivity?
    func scene(_ scene: UIScene, restoreInteractionStateWith stateRestorationActivity: NSUserActivity)
}

public extension UISceneDelegate {
    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {}
    func sceneDidDisconnect(_ scene: UIScene) {}
    func sceneDidBecomeActive(_ scene: UIScene) {}
    func sceneWillResignActive(_ scene: UIScene) {}
    func sceneWillEnterForeground(_ scene: UIScene) {}
    func sceneDidEnterBackground(_ scene: UIScene) {}
    func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>) {}
    func scene(_ scene: UIScene, willContinueUserActivityWithType userActivityType: String) {}
    func scene(_ scene: UIScene, continue userActivity: NSUserActivity) {}
    func scene(_ scene: UIScene, didFailToContinueUserActivityWithType userActivityType: String, error: any Error) {}
    func scene(_ scene: UIScene, didUpdate userActivity: NSUserActivity) {}
    func stateRestorationActivity(for scene: UIScene) -> NSUserActivity? { nil }
    func scene(_ scene: UIScene, restoreInteractionStateWith stateRestorationActivity: NSUserActivity) {}
}

@MainActor
public protocol UIWindowSceneDelegate: UISceneDelegate {
    var window: UIWindow? { get set }
    func windowScene(_ windowScene: UIWindowScene, didUpdate previousCoordinateSpace: any UICoordinateSpace, interfaceOrientation previousInterfaceOrientation: UIInterfaceOrientation, traitCollection previousTraitCollection: UITraitCollection)
    func windowScene(_ windowScene: UIWindowScene, didUpdateEffectiveGeometry previousEffectiveGeometry: UIWindowScene.Geometry)
    func windowScene(_ windowScene: UIWindowScene, performActionFor shortcutItem: UIApplicationShortcutItem, completionHandler: @escaping (Bool) -> Void)
    func windowScene(_ windowScene: UIWindowScene, userDidAcceptCloudKitShareWith cloudKitShareMetadata: CKShare.Metadata)
    func preferredWindowingControlStyle(for windowScene: UIWindowScene) -> UIWindowScene.WindowingControlStyle
}

public extension UIWindowSceneDelegate {
    var window: UIWindow? {
        get { nil }
        set {}
    }
    func windowScene(_ windowScene: UIWindowScene, didUpdate previousCoordinateSpace: any UICoordinateSpace, interfaceOrientation previousInterfaceOrientation: UIInterfaceOrientation, traitCollection previousTraitCollection: UITraitCollection) {}
    func windowScene(_ windowScene: UIWindowScene, didUpdateEffectiveGeometry previousEffectiveGeometry: UIWindowScene.Geometry) {}
    func windowScene(_ windowScene: UIWindowScene, performActionFor shortcutItem: UIApplicationShortcutItem, completionHandler: @escaping (Bool) -> Void) {}
    func windowScene(_ windowScene: UIWindowScene, userDidAcceptCloudKitShareWith cloudKitShareMetadata: CKShare.Metadata) {}
    func preferredWindowingControlStyle(for windowScene: UIWindowScene) -> UIWindowScene.WindowingControlStyle { .automatic }
}
