import Testing
import LifecycleCompiler

@Suite struct SwiftSourceScannerTests {
    let types = SwiftSourceScanner(source: SwiftSourceSamples.sceneDelegate).scan()

    @Test func reportsTypesInOrderWithKinds() {
        #expect(types.map(\.name) == ["SceneDelegate", "Nested", "SceneDelegate", "OtherDelegate", "Lifecycle"])
        #expect(types.map(\.kind) == [.class, .class, .extension, .class, .protocol])
    }

    @Test func sceneDelegateBodyHasOnlyDirectRealMethods() {
        // Type methods are read too, marked as such: UIKit never calls them as callbacks.
        #expect(types[0].methods.filter(\.isStatic).map(\.selector) == ["sceneDidDisconnect(_:)", "sceneWillResignActive(_:)"])
        #expect(types[0].methods.filter(\.isStatic).map { $0.modifiers.words } == [["static"], ["class"]])
        let selectors = types[0].instanceMethods.map(\.selector)
        #expect(selectors == [
            "scene(_:willConnectTo:options:)",
            "sceneDidBecomeActive(_:)",
            "sceneDidEnterBackgroundHandler()",
            "sceneWillResignActive(_:)",
            "sceneDidDisconnect(_:)",
            "unused()",
        ])
    }

    @Test func methodsOfClassIncludeExtensionsButNotOtherTypes() {
        let scanner = SwiftSourceScanner(source: SwiftSourceSamples.sceneDelegate)
        let selectors = scanner.methods(ofClass: "SceneDelegate").map(\.selector)
        #expect(selectors == [
            "scene(_:willConnectTo:options:)",
            "sceneDidBecomeActive(_:)",
            "sceneDidEnterBackgroundHandler()",
            "sceneWillResignActive(_:)",
            "sceneDidDisconnect(_:)",
            "unused()",
            "sceneDidEnterBackground(_:)",
            "sceneWillEnterForeground(scene:)",
        ])
        #expect(scanner.methods(ofClass: "OtherDelegate").map(\.selector) == ["sceneDidDisconnect(_:)", "sceneWillResignActive(_:)"])
        #expect(scanner.methods(ofClass: "Nested").map(\.selector) == ["sceneWillEnterForeground(_:)"])
        #expect(scanner.methods(ofClass: "Lifecycle").isEmpty)  // a protocol, not a class
    }

    @Test func multiLineSignatureWithCommentIsParsed() {
        let connect = types[0].methods[0]
        #expect(connect.baseName == "scene")
        #expect(connect.parameters == [
            SwiftParameter(label: nil, name: "scene", type: "UIScene"),
            SwiftParameter(label: "willConnectTo", name: "session", type: "UISceneSession"),
            SwiftParameter(label: "options", name: "connectionOptions", type: "UIScene.ConnectionOptions"),
        ])
        #expect(connect.returnType == nil)
        #expect(connect.isOverride == false)
    }

    @Test func offsetsPointAtKeywordsAndBraces() {
        let bytes = Array(SwiftSourceSamples.sceneDelegate.utf8)
        func text(_ offset: Int, _ length: Int) -> String {
            String(decoding: bytes[offset..<(offset + length)], as: UTF8.self)
        }
        let sceneDelegate = types[0]
        #expect(text(sceneDelegate.declarationOffset, 19) == "class SceneDelegate")
        #expect(bytes[sceneDelegate.bodyOpen] == UInt8(ascii: "{"))
        #expect(bytes[sceneDelegate.bodyClose] == UInt8(ascii: "}"))
        #expect(text(sceneDelegate.bodyClose + 3, 9) == "extension")
        for method in sceneDelegate.methods {
            #expect(text(method.offset, 5 + method.baseName.utf8.count) == "func " + method.baseName)
        }
        let ext = types[2]
        #expect(bytes[ext.bodyClose] == UInt8(ascii: "}"))
        #expect(text(ext.bodyClose + 3, 5) == "class")
    }

    @Test func protocolRequirementsAreReportedUnderTheProtocol() {
        let proto = types[4]
        #expect(proto.methods.map(\.selector) == ["sceneDidDisconnect(_:)", "viewDidLoad()"])
        #expect(proto.methods[1].returnType == "Void")
    }

    @Test func appDelegateSignatures() {
        let methods = SwiftSourceScanner(source: SwiftSourceSamples.appDelegate).methods(ofClass: "AppDelegate")
        #expect(methods.map(\.selector) == [
            "application(_:configurationForConnecting:options:)",
            "application(_:didFinishLaunchingWithOptions:)",
            "application(_:willFinishLaunchingWithOptions:)",
            "application(_:didDiscardSceneSessions:)",
            "process(_:completion:)",
            "applicationWillTerminate(_:)",
        ])
        #expect(methods[0].returnType == "UISceneConfiguration")
        #expect(methods[1].returnType == nil)
        #expect(methods[1].parameters[1] == SwiftParameter(
            label: "didFinishLaunchingWithOptions", name: "launchOptions",
            type: "[UIApplication.LaunchOptionsKey : Any]?", defaultValue: "nil"))
        #expect(methods[2].returnType == "Bool")
        #expect(methods[3].parameters[0].type == "UIApplication")
        #expect(methods[3].parameters[1].type == "Set<UISceneSession>")
        #expect(methods[4].parameters == [
            SwiftParameter(label: nil, name: "value", type: "T"),
            SwiftParameter(label: "completion", name: "completion", type: "@escaping (Bool) -> Void", defaultValue: "{ _ in }"),
        ])
        #expect(methods[4].returnType == "[String: T]")
        #expect(methods[5].returnType == "()")
    }

    @Test func overridesAndViewModelAreDistinguished() {
        let scanner = SwiftSourceScanner(source: SwiftSourceSamples.viewControllers)
        let vc = scanner.methods(ofClass: "HomeViewController")
        #expect(vc.map(\.selector) == ["viewDidLoad()", "viewWillAppear(_:)", "viewDidAppear(_:)", "viewWillDisappear(animated:)", "viewDidLayoutSubviews()"])
        #expect(vc.map(\.isOverride) == [true, true, true, false, true])
        #expect(vc[1].parameters == [SwiftParameter(label: nil, name: "animated", type: "Bool")])
        #expect(scanner.methods(ofClass: "ViewModel").map(\.selector) == ["viewDidLoad()", "viewWillAppear(_:)"])
        #expect(scanner.methods(ofClass: "ViewModel").allSatisfy { !$0.isOverride })
    }

    @Test func typeMethodsAndContextualKeywordsAreSkipped() {
        let source = """
        actor Store {
            static func make() -> Store { Store() }
            final class func helper() {}
            func load() async throws -> [Int] { [] }
            func run() { let actor = 1; print(actor) }
        }
        struct S<T>: Equatable where T: Hashable {
            mutating func reset() rethrows {}
            func `default`(for key: String) -> T? { nil }
            var x: Int { get { 1 } }
        }
        enum E: String { case a; func f() {} }
        extension Outer.Inner where T == Int { func g() {} }
        """
        let types = SwiftSourceScanner(source: source).scan()
        #expect(types.map(\.name) == ["Store", "S", "E", "Inner"])
        #expect(types.map(\.kind) == [.actor, .struct, .enum, .extension])
        #expect(types[0].instanceMethods.map(\.selector) == ["load()", "run()"])
        #expect(types[0].methods.filter(\.isStatic).map(\.selector) == ["make()", "helper()"])
        #expect(types[0].instanceMethods[0].returnType == "[Int]")
        #expect(types[1].methods.map(\.selector) == ["reset()", "default(for:)"])
        #expect(types[1].methods[1].returnType == "T?")
        #expect(types[2].methods.map(\.selector) == ["f()"])
        #expect(types[3].methods.map(\.selector) == ["g()"])
    }

    @Test func classMethodsAreNotTypeDeclarations() {
        let source = "class A { class var x: Int { 1 }\n class func b() {}\n func c() {} }\nprotocol P: class { func d() }"
        let types = SwiftSourceScanner(source: source).scan()
        #expect(types.map(\.name) == ["A", "P"])
        #expect(types[0].instanceMethods.map(\.selector) == ["c()"])
        #expect(types[0].methods.map(\.selector) == ["b()", "c()"])
        #expect(types[1].methods.map(\.selector) == ["d()"])
    }

    @Test func unterminatedInputStillReportsWhatWasSeen() {
        let source = "class A {\n func viewDidLoad() {\n"
        let types = SwiftSourceScanner(source: source).scan()
        #expect(types.count == 1)
        #expect(types[0].methods.map(\.selector) == ["viewDidLoad()"])
        #expect(types[0].bodyClose == source.utf8.count)  // the buffer length
    }

    @Test func regexLiteralsAreSkipped() {
        let source = ##"""
        class SceneDelegate: UIResponder, UIWindowSceneDelegate {
            let re = /\}"/
            let ext = #/ { " } /#
            let multi = #/
              \{ [}] " # comment in an extended regex
              /#
            let half = total/2 + count / 3
            func sceneDidBecomeActive(_ scene: UIScene) { let m = input.firstMatch(of: /[}{]+/) }
            func sceneWillResignActive(_ scene: UIScene) { if let x = try? /}/.wholeMatch(in: s) {} }
            func sceneDidEnterBackground(_ scene: UIScene) {}
        }
        """##
        let types = SwiftSourceScanner(source: source).scan()
        #expect(types.map(\.name) == ["SceneDelegate"])
        #expect(types[0].methods.map(\.selector) == [
            "sceneDidBecomeActive(_:)", "sceneWillResignActive(_:)", "sceneDidEnterBackground(_:)",
        ])
    }

    @Test func divisionIsNoRegex() {
        let source = "class A {\n let x = a / b / c\n let y = f(1)/g(2)/3\n func b() {}\n}"
        #expect(SwiftSourceScanner(source: source).scan().first?.methods.map(\.selector) == ["b()"])
    }

    @Test func alternativeHeadersInIfBranchesShareOneBody() {
        let source = """
        class SceneDelegate: UIResponder, UIWindowSceneDelegate {
        #if compiler(>=5.9)
            func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        #elseif DEBUG
            func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options: UIScene.ConnectionOptions) {
        #else
            func scene(_ s: UIScene, willConnectTo session: UISceneSession, options o: UIScene.ConnectionOptions) {
        #endif
                guard let _ = (scene as? UIWindowScene) else { return }
            }
            #if DEBUG
            func sceneDidBecomeActive(_ scene: UIScene) { print("debug") }
            #else
            func sceneDidBecomeActive(_ scene: UIScene) {}
            #endif
            func sceneDidEnterBackground(_ scene: UIScene) {}
        }
        func free() {}
        """
        let types = SwiftSourceScanner(source: source).scan()
        #expect(types.count == 1)
        #expect(types[0].methods.map(\.selector) == [
            "scene(_:willConnectTo:options:)", "scene(_:willConnectTo:options:)", "scene(_:willConnectTo:options:)",
            "sceneDidBecomeActive(_:)", "sceneDidBecomeActive(_:)", "sceneDidEnterBackground(_:)",
        ])
        #expect(Array(source.utf8)[types[0].bodyClose] == UInt8(ascii: "}"))
        #expect(types[0].bodyClose < source.utf8.count - 12)  // closed before `func free()`
    }

    @Test func typealiasesAreCollected() {
        let source = """
        typealias ArgType = [UIApplication.LaunchOptionsKey: Any]?
        class AppDelegate {
            typealias Handler = (Bool) -> Void
            typealias Box<T> = [T]
            func f() {}
        }
        """
        let scan = SwiftSourceScanner(source: source).scanFile()
        #expect(scan.typealiases.map(\.name) == ["ArgType", "Handler", "Box"])
        #expect(scan.typealiases.map(\.type) == ["[UIApplication.LaunchOptionsKey: Any]?", "(Bool) -> Void", "[T]"])
        // A generic alias is read, and is not applied to parameter types.
        #expect(scan.typealiases.map(\.genericParameters) == [nil, nil, "<T>"])
        let file = SourceFile(id: FileID(0), path: "A.swift", bytes: Array(source.utf8))
        #expect(SwiftProgram(files: [file]).aliases == ["ArgType": "[UIApplication.LaunchOptionsKey: Any]?", "Handler": "(Bool) -> Void"])
        #expect(scan.types[0].methods.map(\.selector) == ["f()"])
    }

    @Test func signatureEndCoversTheReturnType() {
        let source = "class A {\n func f(_ x: Int) async throws -> [String: Int] { [:] }\n func g() {}\n}"
        let methods = SwiftSourceScanner(source: source).scan()[0].methods
        let bytes = Array(source.utf8)
        #expect(String(decoding: bytes[methods[0].offset..<methods[0].signatureEnd], as: UTF8.self)
                == "func f(_ x: Int) async throws -> [String: Int]")
        #expect(String(decoding: bytes[methods[1].offset..<methods[1].signatureEnd], as: UTF8.self) == "func g()")
    }
}
