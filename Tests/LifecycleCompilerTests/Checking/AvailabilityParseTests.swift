import Testing
import LifecycleCompiler
@testable import LifecycleModel

/// `@available(…)`'s short form has a fast path (the catalog's hundred attributes are read on
/// every run): what it accepts, it reads exactly as the token-by-token parser does, and it
/// leaves everything else to that parser.
@Suite struct AvailabilityParseTests {
    @Test("the short form's fast path agrees with the general parser", arguments: [
        "iOS 13.0, *", "iOS 2.0,*", "  iOS   17.4.1 ,  * ", "visionOS 1, *", "macCatalyst 13.1, *",
    ])
    func fastPathAgrees(_ arguments: String) throws {
        let bytes = Array(arguments.utf8)
        let fast = try #require(Availability.shortForm(bytes, text: "@available(\(arguments))"))
        guard case .success(let general) = Availability.parseTokens(bytes, text: "@available(\(arguments))") else {
            Issue.record("the general parser rejects '\(arguments)'")
            return
        }
        #expect(fast == general)
    }

    @Test("anything else goes to the general parser", arguments: [
        "iOS 13.0", "iOS, introduced: 13.0", "iOS 13.0, macOS 10.15, *", "iOS 13.0.1.2, *", "iOS 1234567.0, *",
        "iOS 13.0, *, x", "iOSApplication_Extension 13.0, *", "*, deprecated", "",
    ])
    func fastPathDeclines(_ arguments: String) {
        #expect(Availability.shortForm(Array(arguments.utf8), text: "") == nil)
    }

    @Test("versions read from bytes as from text", arguments: ["13", "13.0", "17.4.1", "", "1.", ".1", "1..2", "1.2.3.4", "1234567", "+1", "999999.999999"])
    func versions(_ text: String) {
        let parsed = PlatformVersion(text)
        let components = text.split(separator: ".", omittingEmptySubsequences: false)
        let valid = (1...3).contains(components.count) && components.allSatisfy { (1...6).contains($0.count) && $0.allSatisfy(\.isASCIIDigitLike) }
        #expect((parsed != nil) == valid, "\(text)")
        if let parsed { #expect(parsed.components == components.map { Int($0)! }) }
    }
}

private extension Character {
    var isASCIIDigitLike: Bool { ("0"..."9").contains(self) }
}
