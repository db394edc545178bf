import Testing
import LifecycleCompiler

@Suite struct RobustnessTests {
    /// Deterministic xorshift generator so failures are reproducible.
    struct XorShift: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            return state
        }
    }

    static let fixtures = [SwiftSourceSamples.sceneDelegate, SwiftSourceSamples.appDelegate, SwiftSourceSamples.viewControllers]

    @Test func truncatedPrefixesNeverCrash() {
        for fixture in Self.fixtures {
            let bytes = Array(fixture.utf8)
            for end in stride(from: 0, through: bytes.count, by: 7) {
                let prefix = Array(bytes[0..<end])
                let types = SwiftSourceScanner(bytes: prefix).scan()
                for t in types {
                    #expect(t.bodyOpen < t.bodyClose && t.bodyClose <= prefix.count)
                }
                // Every suffix, too (starts mid-string or mid-comment).
                _ = SwiftSourceScanner(bytes: Array(bytes[end...])).scan()
            }
        }
    }

    @Test func randomBytesNeverCrash() {
        var rng = XorShift(state: 0x9E37_79B9_7F4A_7C15)
        let alphabet = Array("{}()[]<>\"#\\/*`'@:,=-> \nfuncclassextension_ x1".utf8)
        for round in 0..<300 {
            let length = Int.random(in: 0..<400, using: &rng)
            let bytes: [UInt8] = (0..<length).map { _ in
                round % 2 == 0 ? UInt8.random(in: 0...255, using: &rng) : alphabet.randomElement(using: &rng)!
            }
            _ = SwiftSourceScanner(bytes: bytes).scan()
            _ = SwiftParameterList.parse(bytes, range: 0..<bytes.count)
            _ = SwiftTypeText.normalized(String(decoding: bytes, as: UTF8.self))
        }
    }

    @Test func mutatedFixturesNeverCrash() {
        var rng = XorShift(state: 42)
        let specials = Array("{}()\"#\\/*`<>".utf8)
        for fixture in Self.fixtures {
            for _ in 0..<60 {
                var bytes = Array(fixture.utf8)
                for _ in 0..<5 where !bytes.isEmpty {
                    bytes[Int.random(in: 0..<bytes.count, using: &rng)] = specials.randomElement(using: &rng)!
                }
                _ = SwiftSourceScanner(bytes: bytes).scan()
            }
        }
    }

    @Test func deepNestingCompletes() {
        let open = [UInt8](repeating: UInt8(ascii: "{"), count: 100_000) + [UInt8](repeating: UInt8(ascii: "("), count: 100_000)
        #expect(SwiftSourceScanner(bytes: open).scan().isEmpty)
        let nested = Array("class A {".utf8) + open + Array("func f(".utf8) + [UInt8](repeating: UInt8(ascii: "("), count: 100_000)
        #expect(SwiftSourceScanner(bytes: nested).scan().map(\.name) == ["A"])
        let balanced = Array("class A { func f(x: ".utf8) + [UInt8](repeating: UInt8(ascii: "["), count: 100_000)
            + [UInt8](repeating: UInt8(ascii: "]"), count: 100_000) + Array(") {} }".utf8)
        let types = SwiftSourceScanner(bytes: balanced).scan()
        #expect(types.first?.methods.first?.parameters.first?.type.utf8.count == 200_000)
        let strings = [UInt8](repeating: UInt8(ascii: "\""), count: 1) + Array(String(repeating: "\\(\"", count: 50_000).utf8)
        #expect(SwiftSourceScanner(bytes: strings).scan().isEmpty)
        let comments = Array(String(repeating: "/*", count: 100_000).utf8)
        #expect(SwiftSourceScanner(bytes: comments).scan().isEmpty)
    }

    @Test func manyFunctionsNestedInParametersStayFast() {
        // Adversarial: each func's parameter clause contains the next one.
        let source = "class A { " + String(repeating: "func f(x: [", count: 20_000) + String(repeating: "])", count: 20_000) + " }"
        let types = SwiftSourceScanner(source: source).scan()
        #expect(types.count == 1)
        #expect(types[0].methods.count == 1)
    }
}

@Suite struct ScaleTests {
    @Test func largeFileScansInLinearTime() {
        let source = String(repeating: SwiftSourceSamples.sceneDelegate, count: 400)  // about 1.5 MB
        let clock = ContinuousClock()
        var types: [ScannedType] = []
        let elapsed = clock.measure { types = SwiftSourceScanner(source: source).scan() }
        #expect(types.count == 5 * 400)
        #expect(SwiftSourceScanner.methods(ofClass: "SceneDelegate", in: types).count == 8 * 400)
        #expect(elapsed < .seconds(20))
    }

    /// Regex literals that never end, and `#if` branches around deep braces, stay linear: each
    /// input at twice the size takes about twice the time (a quadratic scan would take four).
    static func pathological(_ name: String, _ n: Int) -> String {
        switch name {
        case "bare": "let a = " + String(repeating: "(/[", count: n)
        case "multiline": String(repeating: "x = #/\n", count: n)
        case "extended": "let a = " + String(repeating: "(#/[ ", count: n)
        default: String(repeating: "{", count: 60) + String(repeating: "#if A\n{\n#else\n{\n#endif\n}\n", count: n)
        }
    }

    @Test(arguments: ["bare", "multiline", "extended", "ifBranches"])
    func pathologicalInputStaysLinear(_ name: String) {
        let small = Array(Self.pathological(name, 4_000).utf8), large = Array(Self.pathological(name, 16_000).utf8)
        let (ratio, _, largeTime) = Scaling.ratio(small: { _ = SwiftSourceScanner(bytes: small).scan() },
                                                  large: { _ = SwiftSourceScanner(bytes: large).scan() })
        #expect(ratio < 8 || largeTime < 0.05, "\(name): 4x the input took \(ratio)x the time")
    }
}
