/// Messages about platforms and attributes: `platform iOS 15.0`, `@available(…)`, `@objc(…)`,
/// and the checks they enable (deprecated callbacks, callbacks newer than the deployment target, and the
/// app-delegate callbacks UIKit stops calling once an app adopts scenes).
extension Diagnostic {
    package static func attributeWithoutMember(_ attribute: String, at range: SourceRange) -> Diagnostic {
        make(.error, "'\(attribute)' must come right before a 'func' or 'var'", at: range)
    }

    /// `version`, `introduced`, `target`: as written (`17.0`, `iOS 15.0`), so that messages
    /// need no type of the model.
    package static func callbackDeprecated(_ selector: String, platform: String, since version: String?,
                                   replacement: String?, asWarning: Bool, at range: SourceRange) -> Diagnostic {
        let when = version.map { " in \(platform) \($0)" } ?? ""
        return make(asWarning ? .warning : .note,
                    "'\(selector)' was deprecated\(when)" + (replacement.map { ": \($0)" } ?? ""), at: range)
    }

    package static func callbackIntroducedLater(_ selector: String, platform: String, introduced: String, target: String,
                                        at range: SourceRange) -> Diagnostic {
        make(.warning, "'\(selector)' is not called before \(platform) \(introduced); the deployment target is \(target)",
             at: range)
    }

    package static func duplicateAttribute(_ attribute: String, at range: SourceRange) -> Diagnostic {
        make(.error, "'\(attribute)' is written twice for one member", at: range)
    }

    package static func duplicatePlatform(at range: SourceRange) -> Diagnostic {
        make(.error, "the platform is already set", at: range)
    }

    package static func expectedAttributeArguments(_ attribute: String, found: String, at range: SourceRange) -> Diagnostic {
        make(.error, "expected '(' after '\(attribute)', found \(found)", at: range)
    }

    package static func expectedPlatform(found: String, at range: SourceRange) -> Diagnostic {
        make(.error, "expected a platform name such as 'iOS' after 'platform', found \(found)", at: range)
    }

    package static func invalidAvailability(_ message: String, at range: SourceRange) -> Diagnostic {
        make(.error, message, at: range)
    }

    /// `@objc(…)` whose selector is malformed or names another number of arguments than the
    /// method has (Swift's own rule and wording).
    package static func invalidObjCSelector(_ message: String, at range: SourceRange) -> Diagnostic {
        make(.error, message, at: range)
    }

    package static func invalidPlatformVersion(_ platform: String, written: String, at range: SourceRange) -> Diagnostic {
        make(.error, written.isEmpty ? "expected a version after '\(platform)', such as '\(platform) 15.0'"
                                     : "invalid version '\(written)'; write it as in '\(platform) 15.0'", at: range)
    }

    package static func sceneLifecycleIgnoresAppCallback(_ selector: String, replacement: String, at range: SourceRange) -> Diagnostic {
        make(.warning, "UIKit does not call '\(selector)' in an app that adopts scenes; use '\(replacement)' in the scene delegate",
             at: range)
    }

    package static func sceneLifecycleNotAdopted(_ appDelegate: String, sdk: String, asError: Bool, at range: SourceRange) -> Diagnostic {
        make(asError ? .error : .warning,
             "'\(appDelegate)' does not adopt the scene life cycle: built with the \(sdk) SDK, the app will not launch", at: range)
    }

    package static func unknownPlatform(_ name: String, suggestion: String?, at range: SourceRange) -> Diagnostic {
        misspelt("unknown platform '\(name)'", suggestion: suggestion, at: range)
    }
}
