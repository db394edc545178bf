import LifecycleSyntax

/// The Objective-C selector `@objc(…)` gives a method: `scene:willConnectToSession:options:`,
/// or `viewDidLoad` for a method without parameters. UIKit calls a delegate by it, and an
/// Objective-C app prints it with `_cmd`; the catalog carries Apple's for every callback.
enum ObjCSelector {
    /// What is wrong with `selector` (UTF-8) as the selector of a method with `parameterCount`
    /// parameters, in Swift's own words, or nil when it is right: one identifier without a
    /// colon for no parameters, else one colon per parameter, each after an identifier (the
    /// first) or after nothing (`setX::`), and nothing after the last. One pass over the bytes,
    /// allocating only for a message: the catalog's hundred selectors are read on every run.
    static func problem<Bytes: Sequence<UInt8>>(in selector: Bytes, parameterCount: Int) -> String? {
        var colons = 0
        var piece = 0  // bytes of the piece since the last colon
        var wellFormed = true
        for byte in selector {
            if byte == UInt8(ascii: ":") {
                if colons == 0 && piece == 0 { wellFormed = false }
                colons += 1
                piece = 0
            } else if piece == 0 ? Lexer.isIdentifierHead(byte) : Lexer.isIdentifierBody(byte) {
                piece += 1
            } else {
                wellFormed = false
            }
        }
        if colons == 0 ? piece == 0 : piece > 0 { wellFormed = false }
        guard wellFormed else {
            let text = String(decoding: Array(selector), as: UTF8.self)
            return "expected an Objective-C selector such as 'scene:willConnectToSession:options:' in '@objc', found '\(text)'"
        }
        guard colons != parameterCount else { return nil }
        let names = colons == 0 ? "no argument names" : colons == 1 ? "one argument name" : "names for \(colons) arguments"
        let parameters = parameterCount == 0 ? "no parameters" : parameterCount == 1 ? "one parameter" : "\(parameterCount) parameters"
        return "'@objc' method name provides \(names), but method has \(parameters)"
    }

    /// The Swift method reference an Objective-C selector reads as, part by part: the first
    /// part is the base name, each later part a label (`application:didFinishLaunchingWithOptions:`
    /// → `application(_:didFinishLaunchingWithOptions:)`, `sceneDidBecomeActive:` →
    /// `sceneDidBecomeActive(_:)`). Swift's own name may differ (`scene:willConnectToSession:options:`
    /// is `scene(_:willConnectTo:options:)`): a declared `@objc` name is looked up first.
    static func swiftForm(_ selector: String) -> String {
        let parts = selector.split(separator: ":", omittingEmptySubsequences: false).dropLast()
        guard let base = parts.first else { return selector }
        return base + "(_:" + parts.dropFirst().map { ($0.isEmpty ? "_" : $0) + ":" }.joined() + ")"
    }
}
