/// Messages of `check --impl` about a scene-based app's ways in (`SceneEntryPointCheck`): an
/// entry handled only while the scene is connected, or only at launch.
extension Diagnostic {
    package static func sceneEntryColdOnly(_ what: String, property: String, callback: String, implementer: String?,
                                   at range: SourceRange) -> Diagnostic {
        let missing = implementer.map { "'\($0)' does not implement" } ?? "no class implements"
        return make(.warning, "'\(property)' of the connection options hands on \(what) that launches the app, but \(missing) '\(callback)': \(what) that comes while the app runs is ignored",
                    at: range)
    }

    package static func sceneEntryNotificationDelegateLate(_ callback: String, at range: SourceRange) -> Diagnostic {
        make(.warning, "'\(callback)' hears a notification response that launches the app only if the notification center has its delegate before the app finishes launching, and 'application(_:didFinishLaunchingWithOptions:)' does not set it, nor is 'notificationResponse' of the connection options read: that response is ignored",
             at: range)
    }

    package static func sceneEntryWarmOnly(_ what: String, callback: String, property: String, readerImplemented: Bool,
                                   at range: SourceRange) -> Diagnostic {
        let reader = readerImplemented ? "which 'scene(_:willConnectTo:options:)' does not read" : "and the scene delegate does not implement 'scene(_:willConnectTo:options:)'"
        return make(.warning, "'\(callback)' is called only while the scene is connected: \(what) that launches the app arrives in '\(property)' of the connection options, \(reader), and is ignored",
                    at: range)
    }
}
