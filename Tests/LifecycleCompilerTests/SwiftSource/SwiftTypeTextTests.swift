import Testing
@testable import LifecycleCompiler

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
        ("@escaping (Bool) -> Void", "@escaping(Bool)->Void"),
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
    }
}
