import UIKit
import CloudKit

extension SceneDelegate {
    // expected-warning@+1 {{'windowScene(_:userDidAcceptCloudKitShareWith:)' is called only while the scene is connected: a CloudKit share that launches the app arrives in 'cloudKitShareMetadata' of the connection options, which 'scene(_:willConnectTo:options:)' does not read, and is ignored}}
    func windowScene(_ windowScene: UIWindowScene, userDidAcceptCloudKitShareWith cloudKitShareMetadata: CKShare.Metadata) {
        SharedLists.accept(cloudKitShareMetadata)
    }
}
