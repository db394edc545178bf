import Testing
import LifecycleCompiler

@Suite struct SwiftParameterListTests {
    func ok(_ text: String) -> [SwiftParameter]? {
        if case .success(let p) = SwiftParameterList.parse(text) { return p }
        return nil
    }

    func problem(_ text: String) -> SwiftSyntaxProblem? {
        if case .failure(let p) = SwiftParameterList.parse(text) { return p }
        return nil
    }

    @Test func labelsAndNames() {
        #expect(ok("()") == [])
        #expect(ok("(x: Int)") == [SwiftParameter(label: "x", name: "x", type: "Int")])
        #expect(ok("(_ x: Int)") == [SwiftParameter(label: nil, name: "x", type: "Int")])
        #expect(ok("(a b: Int)") == [SwiftParameter(label: "a", name: "b", type: "Int")])
        #expect(ok("(_: Int)") == [SwiftParameter(label: nil, name: "_", type: "Int")])
        #expect(ok("(`in` value: Int, for key: String)") == [
            SwiftParameter(label: "in", name: "value", type: "Int"),
            SwiftParameter(label: "for", name: "key", type: "String"),
        ])
    }

    @Test func uikitSignature() {
        let text = "(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey : Any]? = nil)"
        #expect(ok(text) == [
            SwiftParameter(label: nil, name: "application", type: "UIApplication"),
            SwiftParameter(label: "didFinishLaunchingWithOptions", name: "launchOptions",
                           type: "[UIApplication.LaunchOptionsKey : Any]?", defaultValue: "nil"),
        ])
    }

    @Test func complexTypes() {
        let text = """
        (handler: @escaping (Bool, Int) -> Void, values: inout [Int], view: some View, error: any Error,
         map: Dictionary<String, Set<Int>>, pair: (a: Int, b: String), rest: Int..., f: @MainActor @Sendable () -> Void = { print("a, b") },
         cmp: Bool = a < b, other: Int = 1)
        """
        let params = ok(text)
        #expect(params?.map(\.name) == ["handler", "values", "view", "error", "map", "pair", "rest", "f", "cmp", "other"])
        #expect(params?.map(\.type) == ["@escaping (Bool, Int) -> Void", "inout [Int]", "some View", "any Error",
                                        "Dictionary<String, Set<Int>>", "(a: Int, b: String)", "Int...",
                                        "@MainActor @Sendable () -> Void", "Bool", "Int"])
        #expect(params?[7].defaultValue == #"{ print("a, b") }"#)
        #expect(params?[8].defaultValue == "a < b")
    }

    @Test func attributesTrailingCommaAndComments() {
        #expect(ok("(@ViewBuilder content: () -> V, /* note */ x: Int /* trailing */,)") == [
            SwiftParameter(label: "content", name: "content", type: "() -> V"),
            SwiftParameter(label: "x", name: "x", type: "Int"),
        ])
    }

    @Test func rangeWithinLargerBufferUsesAbsoluteOffsets() {
        let bytes = Array("func f(x Int) {}".utf8)
        let result = SwiftParameterList.parse(bytes, range: 6..<13)
        // `x Int` reads as label `x`, name `Int`; the ':' is missing at the ')'.
        #expect(result == .failure(SwiftSyntaxProblem(offset: 12, message: "expected ':' after parameter name 'Int'")))
    }

    @Test func errors() {
        #expect(problem("(x)") == SwiftSyntaxProblem(offset: 2, message: "expected ':' after parameter name 'x'"))
        #expect(problem("(: Int)") == SwiftSyntaxProblem(offset: 1, message: "expected parameter name followed by ':'"))
        #expect(problem("(x: )") == SwiftSyntaxProblem(offset: 4, message: "expected parameter type following ':'"))
        #expect(problem("(x: Int = )") == SwiftSyntaxProblem(offset: 10, message: "expected default argument value following '='"))
        #expect(problem("(x: [Int)") == SwiftSyntaxProblem(offset: 8, message: "expected ']' to match '['"))
        #expect(problem("(x: Int") == SwiftSyntaxProblem(offset: 7, message: "expected ')' in parameter list"))
        #expect(problem("(x: Int]") == SwiftSyntaxProblem(offset: 7, message: "unexpected ']' in parameter list"))
        #expect(problem("(x: Int, 5)") == SwiftSyntaxProblem(offset: 9, message: "expected parameter name followed by ':'"))
        #expect(problem("(x: Int,, y: Int)") == SwiftSyntaxProblem(offset: 8, message: "expected parameter name followed by ':'"))
        #expect(problem("(x: Int) junk") == SwiftSyntaxProblem(offset: 9, message: "extraneous 'junk' after parameter list"))
        #expect(problem("x: Int") == SwiftSyntaxProblem(offset: 0, message: "expected '(' in argument list of function declaration"))
        #expect(problem("") == SwiftSyntaxProblem(offset: 0, message: "expected '(' in argument list of function declaration"))
    }

    @Test func outOfBoundsRangeIsClamped() {
        let bytes = Array("(x: Int)".utf8)
        #expect(SwiftParameterList.parse(bytes, range: 0..<1000) == .success([SwiftParameter(label: "x", name: "x", type: "Int")]))
        #expect((try? SwiftParameterList.parse(bytes, range: 500..<1000).get()) == nil)
    }
}
