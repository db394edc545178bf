// A minimal stand-in for CloudKit: the one type UIKit's delegate protocols name
// (`UIWindowSceneDelegate.windowScene(_:userDidAcceptCloudKitShareWith:)`). Build it as a module
// named `CloudKit` before UIKit.swift, which imports it (see README.md next to this file).

open class CKShare: @unchecked Sendable {
    public init() {}

    /// Obj-C `CKShareMetadata`; Swift knows it as `CKShare.Metadata`.
    open class Metadata: @unchecked Sendable {
        public init() {}
    }
}
