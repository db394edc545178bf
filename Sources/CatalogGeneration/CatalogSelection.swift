/// Which of UIKit's symbols are lifecycle callbacks.
///
/// The three delegate protocols are taken whole: every instance method and property Swift sees
/// on them is a callback UIKit may make. `UIViewController` is a class with well over a hundred
/// members, most of them calls *into* UIKit (`present(_:animated:completion:)`) or
/// configuration; its callbacks are the groups below, each with why it counts. Members of a
/// protocol the view controller adopts (`UIContentContainer`, `UITraitEnvironment`) are
/// catalogued as `UIViewController`'s, since a subclass overrides them as such.
public enum CatalogSelection {
    /// The delegate protocols, in catalog order, each with its comment in the catalog.
    public static let delegateProtocols: [(name: String, parent: String?, comment: String)] = [
        ("UIApplicationDelegate", nil, "The app delegate: process launch, scene sessions, process-wide events (all optional)."),
        ("UISceneDelegate", nil, "A scene's UI life cycle, one delegate per scene (all optional)."),
        ("UIWindowSceneDelegate", "UISceneDelegate", "A scene delegate that manages a window."),
    ]

    /// A group of view-controller callbacks: `(owner, Objective-C selector)` pairs, the
    /// owner being the class or protocol that declares the method in UIKit.
    public struct Group: Sendable {
        public var name: String
        public var reason: String
        public var members: [(owner: String, selector: String)]
    }

    public static let viewControllerGroups: [Group] = [
        Group(name: "Loading",
              reason: "UIKit creates the view the first time it is needed and tells the controller, once, that it exists.",
              members: [("UIViewController", "loadView"), ("UIViewController", "viewDidLoad")]),
        Group(name: "Appearance",
              reason: "UIKit calls these each time the view enters or leaves a window's hierarchy (push, pop, present, dismiss, tab switch), and updateProperties() in each update pass before layout.",
              members: [("UIViewController", "viewWillAppear:"), ("UIViewController", "viewIsAppearing:"),
                        ("UIViewController", "viewDidAppear:"), ("UIViewController", "viewWillDisappear:"),
                        ("UIViewController", "viewDidDisappear:"), ("UIViewController", "updateProperties")]),
        Group(name: "Layout",
              reason: "UIKit calls these in each layout pass of the view, and when its safe area or margins change.",
              members: [("UIViewController", "viewWillLayoutSubviews"), ("UIViewController", "viewDidLayoutSubviews"),
                        ("UIViewController", "updateViewConstraints"), ("UIViewController", "viewLayoutMarginsDidChange"),
                        ("UIViewController", "viewSafeAreaInsetsDidChange")]),
        Group(name: "Containment",
              reason: "a container adds or removes a child controller; a child's size preferences change (UIContentContainer).",
              members: [("UIViewController", "willMoveToParentViewController:"), ("UIViewController", "didMoveToParentViewController:"),
                        ("UIContentContainer", "preferredContentSizeDidChangeForChildContentContainer:"),
                        ("UIContentContainer", "systemLayoutFittingSizeDidChangeForChildContentContainer:"),
                        ("UIContentContainer", "sizeForChildContentContainer:withParentContainerSize:")]),
        Group(name: "Transitions",
              reason: "the view's size or traits are about to change: rotation, split view, a window resized (UIContentContainer); the rotation callbacks these replaced in iOS 8 are kept for old code.",
              members: [("UIContentContainer", "viewWillTransitionToSize:withTransitionCoordinator:"),
                        ("UIContentContainer", "willTransitionToTraitCollection:withTransitionCoordinator:"),
                        ("UIViewController", "willRotateToInterfaceOrientation:duration:"),
                        ("UIViewController", "willAnimateRotationToInterfaceOrientation:duration:"),
                        ("UIViewController", "didRotateFromInterfaceOrientation:")]),
        Group(name: "Traits",
              reason: "the trait collection changed (UITraitEnvironment); its iOS 17 successor, trait-change registration, is a call into UIKit rather than a callback.",
              members: [("UITraitEnvironment", "traitCollectionDidChange:")]),
        Group(name: "Memory",
              reason: "the system is low on memory, at any time.",
              members: [("UIViewController", "didReceiveMemoryWarning")]),
        Group(name: "State restoration",
              reason: "UIKit saves the controller's state before the app is suspended and restores it at the next launch.",
              members: [("UIViewController", "encodeRestorableStateWithCoder:"), ("UIViewController", "decodeRestorableStateWithCoder:"),
                        ("UIViewController", "applicationFinishedRestoringState")]),
    ]

    /// The classes whose other Objective-C methods the catalog lists as `UIKitUnlisted`: real
    /// methods a spec may still name (`prepare(for:sender:)`, `touchesBegan(_:with:)`), which
    /// `check` then tells how to declare.
    public static let unlistedOwners = ["UIViewController", "UIResponder"]
}
