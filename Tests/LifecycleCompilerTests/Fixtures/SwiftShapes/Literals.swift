import UIKit

// func sceneDidEnterBackground(_ scene: UIScene) {}   -- a line comment
/* A block comment with a class inside: class Hidden: UIResponder {
   /* nested */ func sceneWillResignActive(_ scene: UIScene) {}
*/

/// A doc comment: `func sceneDidDisconnect(_ scene: UIScene)` is not a declaration.
final class LiteralHolder: NSObject {
    let plain = "func sceneDidBecomeActive(_ scene: UIScene) { }"
    let escaped = "a \"quoted\" func fake() { and a brace }"
    let raw = #"func rawFake() { "quoted" } \(notInterpolated)"#
    let rawTwo = ##"a "# inside, func rawTwoFake() {"##
    let multi = """
        class MultiFake {
            func inside() {}
        }
        #if DEBUG
        func notADirective() {}
        #endif
        """
    let multiRaw = #"""
        func multiRawFake() { \(notInterpolated) } """ still inside
        """#
    let interpolated = "value: \(format("}", "{")) \(items.map { "\($0)" }.joined(separator: ")"))"
    let nested = "outer \("inner \("innermost }") {") done"
    let rawInterpolated = #"raw \#(value) and \(notOne)"#
    let multiInterpolated = """
        first \(values.map { """
            nested multi \($0) }
            """ }.joined())
        """
    let emptyStrings = ["", #""#, """
        """]
    let regex = /func\s+(?<name>\w+)\(/
    let extendedRegex = #/class (?<name>[A-Z]\w*) \{ "/#
    let braceRegex = /\}"/
    let multilineRegex = #/
        (?<scheme> [a-z]+ ) : // {  a brace and a quote "
        /#
    let ratio = 10 / 2 / 5
    let divided = (ratio) / 2

    @objc(holderWithFormat:)
    func format(_ text: String, _ other: String = "}") -> String { text + other }

    func items() -> [Int] { [1, 2, 3] }

    func slashes(_ a: Int, _ b: Int) -> Int {
        let c = a / b
        let d = [a, b].reduce(1, /)
        return c / (d == 0 ? 1 : d)
    }

    func characters() -> [Character] { ["{", "}", "\"", "\u{7B}"] }
}

extension LiteralHolder {
    // A func declared after all those literals is still found.
    func afterTheLiterals(_ value: String = #"\(raw)"#) -> String { value }
}
