/// The Objective-C selector `@objc(…)` gives a method: `scene:willConnectToSession:options:`,
/// or `viewDidLoad` for a method without parameters. UIKit calls a delegate by it, and an
/// Objective-C app prints it with `_cmd`; the catalog carries Apple's for every callback.
enum ObjCSelector {
    /// What is wrong with `text` as the selector of a method with `parameterCount` parameters,
    /// in Swift's own words, or nil when it is right: one identifier without a colon for no
    /// parameters, else one colon per parameter, each after an identifier (the first) or
    /// after nothing (`setX::`), and nothing after the last.
    static func problem(in text: String, parameterCount: Int) -> String? {
        let pieces = text.split(separator: ":", omittingEmptySubsequences: false)
        let colons = pieces.count - 1
        let wellFormed = isIdentifier(pieces[0])
            && (colons == 0 || pieces.last!.isEmpty)
            && pieces.dropFirst().dropLast().allSatisfy { $0.isEmpty || isIdentifier($0) }
        guard wellFormed else {
            return "expected an Objective-C selector such as 'scene:willConnectToSession:options:' in '@objc', found '\(text)'"
        }
        guard colons != parameterCount else { return nil }
        let names = colons == 0 ? "no argument names" : colons == 1 ? "one argument name" : "names for \(colons) arguments"
        let parameters = parameterCount == 0 ? "no parameters" : parameterCount == 1 ? "one parameter" : "\(parameterCount) parameters"
        return "'@objc' method name provides \(names), but method has \(parameters)"
    }

    /// An ASCII identifier, as Objective-C selectors are spelt.
    static func isIdentifier(_ text: Substring) -> Bool {
        guard let first = text.utf8.first, !(0x30...0x39).contains(first) else { return false }
        return text.utf8.allSatisfy { ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A || (0x30...0x39).contains($0) || $0 == 0x5F }
    }
}
