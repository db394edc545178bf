import UIKit

@main
class AppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?
    // expected-note@+1 {{'uploadTask' is declared here}}
    private var uploadTask: UIBackgroundTaskIdentifier = .invalid
    let queue = UploadQueue()
    var pendingPhotos: [Photo] = []

    func applicationDidEnterBackground(_ application: UIApplication) {
        // expected-warning@+1 {{the moved code of 'applicationDidEnterBackground(_:)' uses 'uploadTask', which is private to 'AppDelegate'; make it internal so that the scene delegate reaches it}}
        uploadTask = application.beginBackgroundTask(withName: "upload", expirationHandler: endUploadTask)
        pendingPhotos.forEach(enqueue)
        queue.flush { [weak self] in
            guard let strongSelf = self else { return }
            strongSelf.endUploadTask()
        }
    }

    func applicationWillEnterForeground(_ application: UIApplication) {
        endUploadTask()
        queue.resume { [unowned self] count in
            self.pendingPhotos.removeFirst(min(count, self.pendingPhotos.count))
        }
    }

    func endUploadTask() {
        guard uploadTask != .invalid else { return }
        UIApplication.shared.endBackgroundTask(uploadTask)
        uploadTask = .invalid
    }

    func enqueue(_ photo: Photo) {
        queue.add(photo)
    }
}
