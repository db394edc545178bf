import UIKit

// The launch's reasons, read where the scene delegate hands them: what it would read itself.
enum LaunchRouter {
    static func route(_ options: UIScene.ConnectionOptions, from delegate: SceneDelegate, scene: UIScene) {
        options.urlContexts.forEach { Links.open($0.url) }
        if let activity = options.userActivities.first { Links.continue(activity) }
        if let item = options.shortcutItem { _ = Links.perform(item) }
        if let metadata = options.cloudKitShareMetadata { Links.accept(metadata) }
        // A string or a comment naming .notificationResponse reads nothing.
        _ = "options.notificationResponse"
    }
}
