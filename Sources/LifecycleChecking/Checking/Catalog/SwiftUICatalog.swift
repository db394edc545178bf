import LifecycleModel

/// The declarations `import SwiftUI` brings into scope, written in the `.lifecycle` language:
/// SwiftUI's `App` and `View`, and the view modifiers whose actions SwiftUI calls as a view
/// comes and goes (`onAppear(perform:)`, `onDisappear(perform:)`, `task(priority:_:)`).
///
/// Kept by hand, next to the generated `UIKitCatalog` and in its style, because SwiftUI has no
/// delegate protocols to generate it from: its life cycle reaches an app as values (the scene
/// phase, which a spec maps with `scenePhase`, not through a catalog) and as modifiers' actions.
/// Every declaration is Apple's iOS 26.2 SDK's (`SwiftUI.swiftinterface`,
/// `SwiftUICore.swiftinterface`), its availability Apple's; the comments cite where each fact
/// comes from. The app delegate of an `App` (`@UIApplicationDelegateAdaptor`) is a machine whose
/// delegate adopts `UIApplicationDelegate`, from the UIKit catalog as before.
enum SwiftUICatalog: BuiltInCatalog {
    static let module = "SwiftUI"

    /// How messages name the framework that calls these callbacks.
    static let framework = "SwiftUI"

    /// The SDK its declarations were read from.
    static let sdk = "iOS 26.2"

    /// The protocols `source` declares.
    static let types = ["App", "View"]

    /// SwiftUI's callbacks name no other framework's types.
    static let frameworks: [String: String] = [:]

    /// An `App` or `View` is a struct the generator writes whole: no requirement to list.
    static let required: Set<String> = []

    /// `App` and `View` are `@MainActor` (`@MainActor @preconcurrency public protocol View`).
    static let isolation: [String: TypeIsolation] = ["App": .mainActor, "View": .mainActor]

    static let reexports: [String] = []

    static let unlisted: [String: (owner: String, signature: String)] = [:]

    static let source = #"""
    // SwiftUI's life cycle, kept by hand from Apple's iOS 26.2 SDK: SwiftUI.swiftinterface (App,
    // task(priority:_:), ScenePhase, scenePhase, onChange(of:initial:_:), UIApplicationDelegateAdaptor)
    // and SwiftUICore.swiftinterface (View, onAppear(perform:), onDisappear(perform:)), and Apple's
    // documentation of ScenePhase. Comments are this project's.

    // `@main struct …: App` (iOS 14.0). A machine whose delegate is an App and that maps its states with
    // `scenePhase` is the app's aggregate phase: .active if any scene is active, .inactive if none is but
    // one is inactive, else .background (ScenePhase). Its `@UIApplicationDelegateAdaptor` (iOS 14.0, once,
    // in the App) installs the spec's machine whose delegate adopts UIApplicationDelegate.
    protocol App {}

    // A view (iOS 13.0). A machine whose delegate is a View calls the actions of its modifiers; mapped
    // with `scenePhase`, it is the phase of the scene that shows the view (ScenePhase).
    protocol View {
        // The action runs before the view appears; it completes before the first rendered frame.
        @available(iOS 13.0, *)
        func onAppear(perform action: (() -> Void)? = nil)

        // The action runs after the view disappears from the interface.
        @available(iOS 13.0, *)
        func onDisappear(perform action: (() -> Void)? = nil)

        // An asynchronous task started before the view appears; SwiftUI cancels it after the view
        // disappears if it has not finished.
        @available(iOS 15.0, *)
        func task(priority: TaskPriority = .userInitiated, _ action: @escaping @Sendable () async -> Void)
    }
    """#
}
