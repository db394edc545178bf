import Testing
import LifecycleCompiler
@testable import LifecycleChecking

/// `@objc(…)` fills `Method.objcSelector`, what an Objective-C app's logs print; Swift's rule
/// for it (one colon per parameter) is checked, and a method without it has none.
@Suite struct ObjCSelectorTests {
    @Test("a spec's own protocol names its Objective-C selectors")
    func ownProtocolSelectors() throws {
        let spec = """
        protocol PlayerDelegate {
            @objc(player:didFailWithError:)
            func player(_ player: Int, didFailWith error: Int)
            @available(iOS 13.0, *) @objc(playerDidStart)
            func playerDidStart()
            @objc(setVolume::)
            func setVolume(_ left: Int, _ right: Int)
            func playerDidStop(_ player: Int)
        }
        """
        let compilation = Compiler.compile(path: "Player.lifecycle", source: spec)
        #expect(compilation.diagnostics.isEmpty)
        let methods = try #require(compilation.model?.types.first { $0.name == "PlayerDelegate" }?.methods)
        #expect(methods.map(\.objcSelector) == ["player:didFailWithError:", "playerDidStart", "setVolume::", nil])
        #expect(methods[1].availability?.introduced == PlatformVersion("13.0"))
    }

    @Test("Swift's rule: one colon per parameter, identifiers between them", arguments: [
        ("viewDidLoad", 0, true), ("viewWillAppear:", 1, true), ("a:b:", 2, true), ("set::", 2, true),
        ("viewWillAppear", 1, false), ("viewDidLoad:", 0, false), ("a:b", 2, false), (":a:", 2, false),
        ("a b:", 1, false), ("1a:", 1, false), ("", 0, false),
    ])
    func rule(selector: String, parameters: Int, valid: Bool) {
        #expect((ObjCSelector.problem(in: selector.utf8, parameterCount: parameters) == nil) == valid)
    }
}
