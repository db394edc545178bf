/// Realistic Swift source files used by the scanner tests (Swift text, not files under `Fixtures/`).
enum SwiftSourceSamples {
    /// A scene delegate full of text that only mentions callbacks, plus real implementations.
    static let sceneDelegate = ##"""
    import UIKit

    // func sceneDidBecomeActive(_ scene: UIScene) { }  -- a comment, not an implementation
    /* A block comment
       func sceneWillResignActive(_ scene: UIScene) {
       /* nested */ func sceneDidDisconnect(_ scene: UIScene) {}
    */

    @MainActor
    class SceneDelegate: UIResponder, UIWindowSceneDelegate {
        var window: UIWindow?
        let banner = "func sceneDidEnterBackground(_ scene: UIScene) {"
        let raw = #"func sceneWillEnterForeground(_ scene: UIScene) { "quoted" }"#
        let raw2 = ##"a "# still inside func sceneDidDisconnect(_ scene: UIScene) {"##
        let help = """
            Implement func sceneDidBecomeActive(_ scene: UIScene) { } like this }
            """
        let rawMulti = #"""
            func sceneWillResignActive(_ scene: UIScene) { \(notInterpolated) }
            """#
        let interpolated = "value: \(format("}", "{")) \(items.map { "\($0)" }.joined(separator: ")"))"

        func scene(_ scene: UIScene,
                   willConnectTo session: UISceneSession,   // the session
                   options connectionOptions: UIScene.ConnectionOptions) {
            guard let _ = (scene as? UIWindowScene) else { return }
            func localHelper(_ scene: UIScene) {}
            DispatchQueue.main.async {
                func sceneDidBecomeActive(_ scene: UIScene) {}
            }
            NotificationCenter.default.addObserver(self, selector: #selector(sceneDidEnterBackground(_:)), name: nil, object: nil)
        }

        // func sceneDidDisconnect(_ scene: UIScene) {
        // }

        func sceneDidBecomeActive(_ scene: UIScene) {
            viewModel.viewDidLoad()
            let s = "}"
        }

        @objc(handleBackground:)
        func sceneDidEnterBackgroundHandler() {
        }

        static func sceneDidDisconnect(_ scene: UIScene) {}
        class func sceneWillResignActive(_ scene: UIScene) {}

        class Nested {
            func sceneWillEnterForeground(_ scene: UIScene) {}
        }

        #if DEBUG
        func sceneWillResignActive(_ scene: UIScene) {
            print("debug")
        }
        #elseif RELEASE
        func sceneDidDisconnect(_ scene: UIScene) {}
        #else
        private func unused() {}
        #endif
    }

    extension SceneDelegate {
        func sceneDidEnterBackground(_ scene: UIScene) {
            (UIApplication.shared.delegate as? AppDelegate)?.saveContext()
        }

        func sceneWillEnterForeground(scene: UIScene) {}
    }

    class OtherDelegate: UIResponder, UIWindowSceneDelegate {
        func sceneDidDisconnect(_ scene: UIScene) {}
        func sceneWillResignActive(_ scene: UIScene) {}
    }

    protocol Lifecycle {
        func sceneDidDisconnect(_ scene: UIScene)
        func viewDidLoad() -> Void
    }
    """##

    /// An app delegate with a near miss (`Void` instead of `Bool`) and default arguments.
    static let appDelegate = ##"""
    import UIKit

    @main
    final class AppDelegate: UIResponder, UIApplicationDelegate {
        @available(iOS 13, *)
        public func application(_ application: UIApplication,
                                configurationForConnecting connectingSceneSession: UISceneSession,
                                options: UIScene.ConnectionOptions) -> UISceneConfiguration {
            return UISceneConfiguration(name: "Default Configuration", sessionRole: connectingSceneSession.role)
        }

        func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey : Any]? = nil) {
            setUp()
        }

        func application(_ application: UIApplication, willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool { true }

        func application(_ application: UIApplication, didDiscardSceneSessions sceneSessions: Set<UISceneSession>) {}

        @discardableResult nonisolated func process<T: Sendable>(_ value: T, completion: @escaping (Bool) -> Void = { _ in }) async throws -> [String: T]
            where T: Hashable {
            [:]
        }

        func applicationWillTerminate(_ application: UIApplication) -> () {}
    }
    """##

    /// View controllers and a view model that shares method names.
    static let viewControllers = ##"""
    import UIKit

    final class ViewModel {
        func viewDidLoad() {}
        func viewWillAppear(_ animated: Bool) {}
    }

    class HomeViewController: UIViewController {
        private let viewModel = ViewModel()

        override func viewDidLoad() {
            super.viewDidLoad()
            viewModel.viewDidLoad()
        }

        override func viewWillAppear(_ animated: Bool) {
            super.viewWillAppear(animated)
        }

        override public func viewDidAppear(_ animated: Bool) {
            super.viewDidAppear(animated)
        }

        func viewWillDisappear(animated: Bool) {}
    }

    extension Screens.HomeViewController {
        @MainActor override func viewDidLayoutSubviews() { super.viewDidLayoutSubviews() }
    }
    """##
}
