// A minimal stand-in for Intents: the two types UIKit's app-delegate protocol names
// (`application(_:handlerFor:)`, `application(_:handle:completionHandler:)`). Build it as a
// module named `Intents` before UIKit.swift, which imports it (see README.md next to this file).

open class INIntent: @unchecked Sendable {
    public init() {}
}

open class INIntentResponse: @unchecked Sendable {
    public init() {}
}
