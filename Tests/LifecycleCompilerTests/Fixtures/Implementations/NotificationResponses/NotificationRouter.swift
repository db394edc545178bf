import UIKit
import UserNotifications

final class NotificationRouter: NSObject, UNUserNotificationCenterDelegate {
    static let shared = NotificationRouter()

    // Called by the inbox's viewDidLoad: too late for a response that launches the app.
    func install() {
        UNUserNotificationCenter.current().delegate = self
    }

    // expected-warning@+1 {{'userNotificationCenter(_:didReceive:withCompletionHandler:)' hears a notification response that launches the app only if the notification center has its delegate before the app finishes launching, and 'application(_:didFinishLaunchingWithOptions:)' does not set it, nor is 'notificationResponse' of the connection options read: that response is ignored}}
    func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
                                withCompletionHandler completionHandler: @escaping () -> Void) {
        Inbox.open(response.notification.request.identifier)
        completionHandler()
    }
}
