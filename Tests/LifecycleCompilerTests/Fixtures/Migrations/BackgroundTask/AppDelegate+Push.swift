import UIKit
import UserNotifications

extension AppDelegate: UNUserNotificationCenterDelegate {
    // Asked for only once the user turns uploads on: the center has no delegate at launch.
    func enablePushNotifications() {
        UNUserNotificationCenter.current().delegate = self
        UIApplication.shared.registerForRemoteNotifications()
    }

    func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
                                withCompletionHandler completionHandler: @escaping () -> Void) {
        queue.retry(id: response.notification.request.identifier)
        completionHandler()
    }
}
