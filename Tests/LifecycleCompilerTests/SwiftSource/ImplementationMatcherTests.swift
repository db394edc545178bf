import Testing
import LifecycleCompiler
@testable import LifecycleSyntax

@Suite struct ImplementationMatcherTests {
    let scene = SwiftSourceScanner(source: SwiftSourceSamples.sceneDelegate).methods(ofClass: "SceneDelegate")
    let app = SwiftSourceScanner(source: SwiftSourceSamples.appDelegate).methods(ofClass: "AppDelegate")

    func expected(_ declaration: String) -> ScannedMethod {
        guard let m = ImplementationMatcher.expected(declaration) else {
            Issue.record("cannot parse \(declaration)")
            return ScannedMethod(baseName: "", parameters: [])
        }
        return m
    }

    @Test func expectedFromDeclaration() {
        let m = expected("override func viewWillAppear(_ animated: Bool)")
        #expect(m.selector == "viewWillAppear(_:)")
        #expect(m.isOverride)
        #expect(m.offset == 9)
        #expect(ImplementationMatcher.expected("not a declaration") == nil)
    }

    @Test func implemented() {
        let result = ImplementationMatcher.match(expected("func sceneDidBecomeActive(_ scene: UIScene)"), in: scene)
        guard case .implemented(let m) = result else { Issue.record("got \(result)"); return }
        #expect(m.selector == "sceneDidBecomeActive(_:)")
        // Declared inside #if DEBUG: counts.
        #expect(ImplementationMatcher.match(expected("func sceneWillResignActive(_ scene: UIKit.UIScene) -> Void"), in: scene)
                == .implemented(scene[3]))
        // Default argument dropped and dictionary spacing differ: still implemented.
        let willFinish = expected("func application(_ application: UIApplication, willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey : Any]? = nil) -> Bool")
        #expect(ImplementationMatcher.match(willFinish, in: app) == .implemented(app[2]))
        // `-> ()` is the same as no return type.
        #expect(ImplementationMatcher.match(expected("func applicationWillTerminate(_ application: UIApplication)"), in: app) == .implemented(app[5]))
    }

    @Test func nearMissOtherLabels() {
        let result = ImplementationMatcher.match(expected("func sceneWillEnterForeground(_ scene: UIScene)"), in: scene)
        #expect(result == .nearMiss([NearMiss(method: scene[7], difference: .label(index: 0, written: "scene", expected: nil))]))
        #expect(scene[7].selector == "sceneWillEnterForeground(scene:)")
        guard case .nearMiss(let near) = result else { return }
        #expect(near[0].explanation == "its first argument label is 'scene', not '_'")
    }

    @Test func nearMissReturnType() {
        let didFinish = expected("func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey : Any]? = nil) -> Bool")
        // Only the same selector is a near miss: the other `application(...)` methods are not attempts at it.
        let known: Set<String> = ["application(_:willFinishLaunchingWithOptions:)", "application(_:didFinishLaunchingWithOptions:)",
                                  "application(_:configurationForConnecting:options:)", "application(_:didDiscardSceneSessions:)"]
        guard case .nearMiss(let near) = ImplementationMatcher.match(didFinish, in: app, known: known) else { Issue.record("expected near miss"); return }
        #expect(near.map(\.method.selector) == ["application(_:didFinishLaunchingWithOptions:)"])
        #expect(near[0].difference == .returnType(written: nil, expected: "Bool"))
        #expect(near[0].explanation == "it returns 'Void', not 'Bool'")
    }

    @Test func knownCallbacksAreNeverNearMisses() {
        let source = """
        class AppDelegate: UIResponder, UIApplicationDelegate {
            func application(_ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any] = [:]) -> Bool { true }
            func applicationDidBecomeActive(_ application: UIApplication) {}
            func applicationDidBecomeActive(application: UIApplication) {}
        }
        """
        let methods = SwiftSourceScanner(source: source).methods(ofClass: "AppDelegate")
        // `application(_:open:options:)` has one label off from `application(_:handleOpen:options:)`, but is itself known.
        let handleOpen = expected("func application(_ app: UIApplication, handleOpen url: URL, options: [UIApplication.OpenURLOptionsKey: Any]) -> Bool")
        #expect(ImplementationMatcher.match(handleOpen, in: methods, known: ["application(_:open:options:)"]) == .missing)
        #expect(ImplementationMatcher.match(handleOpen, in: methods) != .missing)
        // `applicationWillResignActive(_:)` is two edits from nothing here; DidBecomeActive is far away.
        #expect(ImplementationMatcher.match(expected("func applicationWillResignActive(_ application: UIApplication)"), in: methods) == .missing)
    }

    @Test func nearMissParameterTypeAndTypo() {
        let source = """
        class SceneDelegate: UIResponder, UIWindowSceneDelegate {
            func sceneDidBecomeActive(_ scene: UIWindowScene) {}
            func sceneDidDisconnected(_ scene: UIScene) {}
            func sceneDidEnterBackgroundHandler() {}
        }
        """
        let methods = SwiftSourceScanner(source: source).methods(ofClass: "SceneDelegate")
        #expect(ImplementationMatcher.match(expected("func sceneDidBecomeActive(_ scene: UIScene)"), in: methods) == .nearMiss([
            NearMiss(method: methods[0], difference: .parameterType(index: 0, name: "scene", written: "UIWindowScene", expected: "UIScene"))]))
        #expect(ImplementationMatcher.match(expected("func sceneDidDisconnect(_ scene: UIScene)"), in: methods) == .nearMiss([
            NearMiss(method: methods[1], difference: .baseName(written: "sceneDidDisconnected", expected: "sceneDidDisconnect"))]))
        #expect(ImplementationMatcher.match(expected("func sceneDidEnterBackground(_ scene: UIScene)"), in: methods) == .missing)
    }

    @Test func missingDespiteMentions() {
        // Only mentioned in comments, strings, #selector, a static func, a nested class and another class.
        let otherClassOnly = expected("func sceneDidDisconnect(_ scene: UIScene)")
        // SceneDelegate does declare it in the #elseif branch, so use the scene list without it:
        #expect(ImplementationMatcher.match(otherClassOnly, in: scene.filter { $0.selector != "sceneDidDisconnect(_:)" }) == .missing)
        let vm = SwiftSourceScanner(source: SwiftSourceSamples.viewControllers)
        #expect(ImplementationMatcher.match(expected("override func viewDidDisappear(_ animated: Bool)"), in: vm.methods(ofClass: "HomeViewController")) == .missing)
        #expect(ImplementationMatcher.match(expected("override func viewWillDisappear(_ animated: Bool)"), in: vm.methods(ofClass: "HomeViewController"))
                == .nearMiss([NearMiss(method: vm.methods(ofClass: "HomeViewController")[3],
                                       difference: .label(index: 0, written: "animated", expected: nil))]))
    }

    @Test func editDistance() {
        #expect(ImplementationMatcher.editDistance("scenedidisconnect", "scenedidisconnect", limit: 2) == 0)
        #expect(ImplementationMatcher.editDistance("kitten", "sitting", limit: 5) == 3)
        #expect(ImplementationMatcher.editDistance("abc", "abcdefgh", limit: 2) == 3)
        #expect(ImplementationMatcher.editDistance("", "ab", limit: 2) == 2)
    }
}
