import LifecycleSyntax

/// The view-controller callbacks whose documentation says an override must call `super`, and
/// where the call goes. From Apple's UIKit documentation of each method (the sentence quoted in
/// `documentation`). `viewDidLoad()`, `viewWillLayoutSubviews()` and `viewDidLayoutSubviews()`
/// are not among them: their default implementations do nothing.
enum OverrideContracts {
    struct Contract {
        /// Where the fix-it puts the call: first in the body, or as its final step.
        enum Position { case first, last }

        var selector: String
        var position: Position
        /// Apple's sentence.
        var documentation: String
    }

    static let contracts: [Contract] = [
        Contract(selector: "viewWillAppear(_:)", position: .first,
                 documentation: "If you override this method, you must call super at some point in your implementation."),
        Contract(selector: "viewIsAppearing(_:)", position: .first,
                 documentation: "If you override this method, you need to call super at some point in your implementation."),
        Contract(selector: "viewDidAppear(_:)", position: .first,
                 documentation: "If you override this method, you must call super at some point in your implementation."),
        Contract(selector: "viewWillDisappear(_:)", position: .first,
                 documentation: "If you override this method, you must call super at some point in your implementation."),
        Contract(selector: "viewDidDisappear(_:)", position: .first,
                 documentation: "If you override this method, you must call super at some point in your implementation."),
        Contract(selector: "viewWillTransition(to:with:)", position: .first,
                 documentation: "If you override this method in your custom view controllers, always call super at some point in your implementation so that UIKit can forward the size change message appropriately."),
        Contract(selector: "updateViewConstraints()", position: .last,
                 documentation: "Call [super updateViewConstraints] as the final step in your implementation."),
    ]

    /// The contract of the callback `selector`, if its documentation requires `super`.
    static func contract(for selector: String) -> Contract? {
        contracts.first { $0.selector == selector }
    }

    /// Whether `body` (a method's braces and what is between them) calls `super.name(`
    /// anywhere, in a closure or a `defer` too.
    static func callsSuper(_ name: String, body: Range<Int>, in bytes: [UInt8]) -> Bool {
        let tokens = SwiftLexer(bytes: bytes, range: body).tokenize()
        guard tokens.count >= 3 else { return false }
        for k in 0..<(tokens.count - 2) where tokens[k].isKeyword("super") {
            if tokens[k + 1].isPunct(UInt8(ascii: ".")) && tokens[k + 2].kind == .identifier && tokens[k + 2].text == name { return true }
        }
        return false
    }

    /// `super.viewWillTransition(to: size, with: coordinator)`: the call with the method's own
    /// parameter names as arguments.
    static func superCall(_ method: ScannedMethod) -> String {
        let arguments = method.parameters.map { parameter in
            (parameter.label.map { "\($0): " } ?? "") + (parameter.name == "_" ? "<#value#>" : parameter.name)
        }
        return "super.\(method.baseName)(\(arguments.joined(separator: ", ")))"
    }
}
