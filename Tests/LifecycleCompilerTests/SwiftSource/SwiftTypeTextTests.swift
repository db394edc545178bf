import Testing
import LifecycleCompiler

@Suite struct SwiftTypeTextTests {
    @Test(arguments: [
        ("[UIApplication.LaunchOptionsKey : Any]?", "[UIApplication.LaunchOptionsKey:Any]?"),
        ("  UIKit.UIScene ", "UIScene"),
        ("Swift.Void", "Void"),
        ("()", "Void"),
        ("( )?", "Void?"),
        ("any Error", "Error"),
        ("Swift.Error", "Error"),
        ("inout  any Error", "inout Error"),
        ("some   View", "some View"),
        ("@escaping (Bool) -> Void", "(Bool)->Void"),
        ("@escaping @MainActor @Sendable (UIBackgroundFetchResult) -> Void", "(UIBackgroundFetchResult)->Void"),
        ("@convention(block) () -> Void", "()->Void"),
        ("Swift.Bool", "Bool"),
        ("(Bool)", "Bool"),
        ("((Bool))", "Bool"),
        ("Optional<Bool>", "Bool?"),
        ("Swift.Optional<[String: Any]>", "[String:Any]?"),
        ("Optional<() -> Void>", "(()->Void)?"),
        ("((Bool) -> Void)?", "((Bool)->Void)?"),
        ("((Bool) -> Void)", "(Bool)->Void"),
        ("(Int, String)", "(Int,String)"),
        ("Array<Int>", "[Int]"),
        ("Dictionary<String, Set<Int>>", "[String:Set<Int>]"),
        ("[UIApplicationLaunchOptionsKey: Any]?", "[UIApplication.LaunchOptionsKey:Any]?"),
        ("[UIApplicationOpenURLOptionsKey : Any]", "[UIApplication.OpenURLOptionsKey:Any]"),
        ("(Bool) -> ()", "(Bool)->Void"),
        ("() -> ()", "()->Void"),
        ("() async throws -> Void", "()async throws->Void"),
        ("Set< Foundation.URL >", "Set<URL>"),
        ("MyModule.UIKit.Thing", "MyModule.UIKit.Thing"),
        ("any (P & Q)", "any(P&Q)"),
        ("Int /* comment */ ?", "Int?"),
    ])
    func normalizes(input: String, expected: String) {
        #expect(SwiftTypeText.normalized(input) == expected)
    }

    @Test func equivalences() {
        #expect(SwiftTypeText.normalized("Error") == SwiftTypeText.normalized("any Error"))
        #expect(SwiftTypeText.normalized("Void") == SwiftTypeText.normalized("()"))
        #expect(SwiftTypeText.normalized("UIScene") != SwiftTypeText.normalized("UIWindowScene"))
        #expect(SwiftTypeText.sameReturnType(nil, "()"))
        #expect(SwiftTypeText.sameReturnType("Void", nil))
        #expect(!SwiftTypeText.sameReturnType(nil, "Bool"))
        #expect(SwiftTypeText.sameReturnType("()", "Void"))
        #expect(SwiftTypeText.sameReturnType("Swift.Bool", "(Bool)"))
    }

    @Test func typealiasesExpand() {
        let aliases = ["ArgType": "[UIApplication.LaunchOptionsKey: Any]?", "Handler": "(Bool) -> Void", "Loop": "Loop?"]
        #expect(SwiftTypeText.normalized("ArgType", aliases: aliases) == SwiftTypeText.normalized("[UIApplication.LaunchOptionsKey : Any]?"))
        #expect(SwiftTypeText.normalized("@escaping Handler", aliases: aliases) == "(Bool)->Void")
        #expect(SwiftTypeText.normalized("Handler?", aliases: aliases) == "((Bool)->Void)?")
        #expect(SwiftTypeText.normalized("Foo.ArgType", aliases: aliases) == "Foo.ArgType")
        // A cycle stops after 8 rounds instead of hanging.
        #expect(SwiftTypeText.normalized("Loop", aliases: aliases).hasPrefix("Loop"))
    }
}
