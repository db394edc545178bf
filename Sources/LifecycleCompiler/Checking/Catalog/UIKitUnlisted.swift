/// Real UIKit callbacks that the built-in catalog (`UIKitCatalog`) does not list, with their
/// owner and Swift signature: a spec that names one is told how to declare it
/// (`extension Owner { func … }`) rather than that no such callback exists. Only consulted for
/// a reference that resolves nowhere, so one the catalog gains is found there; its entry here
/// then goes (`UIKitUnlistedTests` checks that none is left).
enum UIKitUnlisted {
    static let callbacks: [String: (owner: String, signature: String)] = [
        "traitCollectionDidChange(_:)": ("UIViewController",
            "func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?)"),
        "applicationShouldRequestHealthAuthorization(_:)": ("UIApplicationDelegate",
            "func applicationShouldRequestHealthAuthorization(_ application: UIApplication)"),
    ]
}
