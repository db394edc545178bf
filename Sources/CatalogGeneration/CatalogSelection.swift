/// Which of a framework's symbols are lifecycle callbacks: one `CatalogDefinition` per module a
/// spec can import.
///
/// A delegate protocol is taken whole: every instance method and property Swift sees on it is a
/// callback the framework may make. A class with callbacks (`UIViewController`,
/// `NSViewController`) has well over a hundred members, most of them calls *into* the framework
/// (`present(_:animated:completion:)`) or configuration; its callbacks are the groups of its
/// `ClassCallbacks`, each with why it counts. Members of a protocol the class adopts
/// (`UIContentContainer`, `UITraitEnvironment`) are catalogued as the class's, since a subclass
/// overrides them as such.
public enum CatalogSelection {
    /// Every catalog, in the order `lifecycle-catalog` writes them.
    public static let catalogs: [CatalogDefinition] = [uikit, appKit, foundation, avfAudio, avFoundation, backgroundTasks,
                                                       coreBluetooth, coreLocation, userNotifications, watchConnectivity, webKit]

    /// The catalog of module `name`.
    public static func catalog(_ name: String) -> CatalogDefinition? { catalogs.first { $0.module == name } }

    // MARK: - UIKit

    public static let uikit = CatalogDefinition(
        module: "UIKit", framework: "UIKit", platform: "iOS",
        summary: "every lifecycle callback of `UIApplicationDelegate`, `UISceneDelegate`, `UIWindowSceneDelegate` and `UIViewController`",
        protocols: [
            DelegateProtocol("UIApplicationDelegate", "The app delegate: process launch, scene sessions, process-wide events (all optional)."),
            DelegateProtocol("UISceneDelegate", "A scene's UI life cycle, one delegate per scene (all optional)."),
            DelegateProtocol("UIWindowSceneDelegate", "A scene delegate that manages a window."),
        ],
        classCallbacks: ClassCallbacks(name: "UIViewController", bases: ["UIResponder"], groups: viewControllerGroups),
        importGraphs: ["CloudKit", "Intents"],
        unlistedOwners: ["UIViewController", "UIResponder"])

    /// A group of class callbacks: `(owner, Objective-C selector)` pairs, the owner being the
    /// class or protocol that declares the method.
    public struct Group: Sendable {
        public var name: String
        public var reason: String
        public var members: [(owner: String, selector: String)]

        public init(name: String, reason: String, members: [(owner: String, selector: String)]) {
            self.name = name
            self.reason = reason
            self.members = members
        }
    }

    public static let viewControllerGroups: [Group] = [
        Group(name: "Loading",
              reason: "UIKit creates the view the first time it is needed and tells the controller, once, that it exists.",
              members: [("UIViewController", "loadView"), ("UIViewController", "viewDidLoad")]),
        Group(name: "Appearance",
              reason: "UIKit calls these each time the view enters or leaves a window's hierarchy (push, pop, present, dismiss, tab switch), and updateProperties() and updateContentUnavailableConfiguration(using:) in the update pass before layout.",
              members: [("UIViewController", "viewWillAppear:"), ("UIViewController", "viewIsAppearing:"),
                        ("UIViewController", "viewDidAppear:"), ("UIViewController", "viewWillDisappear:"),
                        ("UIViewController", "viewDidDisappear:"), ("UIViewController", "updateProperties"),
                        ("UIViewController", "_bridgedUpdateContentUnavailableConfigurationUsingState:")]),
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

    /// The classes whose other Objective-C methods the catalog lists as unlisted: real
    /// methods a spec may still name (`prepare(for:sender:)`, `touchesBegan(_:with:)`), which
    /// `check` then tells how to declare.
    public static let unlistedOwners = uikit.unlistedOwners

    /// UIKit's delegate protocols (what the UIKit catalog takes whole).
    public static var delegateProtocols: [DelegateProtocol] { uikit.protocols }

    // MARK: - AppKit

    public static let appKit = CatalogDefinition(
        module: "AppKit", framework: "AppKit", platform: "macOS",
        summary: "every callback of `NSApplicationDelegate` and `NSWindowDelegate`, and `NSViewController`'s loading, appearance and layout callbacks",
        protocols: [
            DelegateProtocol("NSApplicationDelegate", "The app delegate of a macOS app: launch, activation, hiding, termination, reopening (all optional)."),
            DelegateProtocol("NSWindowDelegate", "A window's life: key and main status, moves and resizes, full screen, closing (all optional)."),
        ],
        classCallbacks: ClassCallbacks(name: "NSViewController", bases: ["NSResponder"], groups: [
            Group(name: "Loading",
                  reason: "AppKit creates the view the first time it is needed and tells the controller, once, that it exists.",
                  members: [("NSViewController", "loadView"), ("NSViewController", "viewDidLoad")]),
            Group(name: "Appearance",
                  reason: "AppKit calls these each time the view is added to or removed from a window's view hierarchy.",
                  members: [("NSViewController", "viewWillAppear"), ("NSViewController", "viewDidAppear"),
                            ("NSViewController", "viewWillDisappear"), ("NSViewController", "viewDidDisappear")]),
            Group(name: "Layout",
                  reason: "AppKit calls these in each layout pass of the view, and when its size is about to change.",
                  members: [("NSViewController", "updateViewConstraints"), ("NSViewController", "viewWillLayout"),
                            ("NSViewController", "viewDidLayout"), ("NSViewController", "viewWillTransitionToSize:")]),
        ]),
        declaredClasses: ["NSWindowController"],
        importGraphs: ["CloudKit", "Intents"],
        unlistedOwners: ["NSViewController"])

    // MARK: - Foundation and the other frameworks: delegates only

    public static let foundation = CatalogDefinition(
        module: "Foundation", framework: "Foundation", platform: "iOS",
        summary: "every callback of `URLSession`'s delegates: the session, task, data, download, stream and WebSocket delegates",
        protocols: [
            DelegateProtocol("URLSessionDelegate", "A URL session's own events: invalidation, session-wide authentication, background events delivered (all optional)."),
            DelegateProtocol("URLSessionTaskDelegate", "Events of any task of the session: redirects, challenges, body streams, progress, completion (all optional)."),
            DelegateProtocol("URLSessionDataDelegate", "A data task's response and data as they arrive (all optional)."),
            DelegateProtocol("URLSessionDownloadDelegate", "A download task: progress, resumption, the file written (its one required callback)."),
            DelegateProtocol("URLSessionStreamDelegate", "A stream task: its read and write sides closed, a better route, streams handed over (all optional)."),
            DelegateProtocol("URLSessionWebSocketDelegate", "A WebSocket task opened and closed (all optional)."),
        ])

    public static let avfAudio = CatalogDefinition(
        module: "AVFAudio", framework: "AVFAudio", platform: "iOS",
        summary: "every callback of the audio player's and the audio recorder's delegates",
        protocols: [
            DelegateProtocol("AVAudioPlayerDelegate", "An AVAudioPlayer's playback finished or failed to decode (all optional)."),
            DelegateProtocol("AVAudioRecorderDelegate", "An AVAudioRecorder's recording finished or failed to encode (all optional)."),
        ])

    public static let avFoundation = CatalogDefinition(
        module: "AVFoundation", framework: "AVFoundation", platform: "iOS",
        summary: "every callback of the capture outputs' delegates (photo, movie file, video and audio data, metadata, depth, synchronized data); `import AVFoundation` also brings AVFAudio's audio player and recorder delegates, as in Swift",
        protocols: [
            DelegateProtocol("AVCapturePhotoCaptureDelegate", "A photo capture's progress, from the settings resolved to the processed photo."),
            DelegateProtocol("AVCaptureFileOutputRecordingDelegate", "A movie file output's recording started, paused, resumed and finished (finishing is required)."),
            DelegateProtocol("AVCaptureVideoDataOutputSampleBufferDelegate", "Each video frame a video data output captures or drops (all optional)."),
            DelegateProtocol("AVCaptureAudioDataOutputSampleBufferDelegate", "Each audio buffer an audio data output captures (all optional)."),
            DelegateProtocol("AVCaptureMetadataOutputObjectsDelegate", "Metadata objects (barcodes, faces) a metadata output detects (all optional)."),
            DelegateProtocol("AVCaptureDepthDataOutputDelegate", "Each depth map a depth data output captures or drops (all optional)."),
            DelegateProtocol("AVCaptureDataOutputSynchronizerDelegate", "Synchronized data from several capture outputs (its one callback is required)."),
        ],
        reexports: ["AVFAudio"])

    public static let backgroundTasks = CatalogDefinition(
        module: "BackgroundTasks", framework: "BackgroundTasks", platform: "iOS",
        summary: "no callback: BackgroundTasks has no delegate protocol, it calls the closures an app gives it (the launch handler of `BGTaskScheduler.register(forTaskWithIdentifier:using:launchHandler:)`, `BGTask.expirationHandler`). The catalog declares its task classes, so that a spec whose own protocol names them is told the import, and its generated Swift imports BackgroundTasks",
        protocols: [],
        declaredClasses: ["BGTask", "BGAppRefreshTask", "BGProcessingTask", "BGHealthResearchTask", "BGContinuedProcessingTask"])

    public static let coreBluetooth = CatalogDefinition(
        module: "CoreBluetooth", framework: "Core Bluetooth", platform: "iOS",
        summary: "every callback of the central manager's, the peripheral's and the peripheral manager's delegates",
        protocols: [
            DelegateProtocol("CBCentralManagerDelegate", "A central manager: its state, discoveries, connections and state restoration (state updates are required)."),
            DelegateProtocol("CBPeripheralDelegate", "A remote peripheral: services, characteristics and descriptors discovered, values read, written and notified (all optional)."),
            DelegateProtocol("CBPeripheralManagerDelegate", "The app as a peripheral: advertising, services published, requests from centrals (state updates are required)."),
        ])

    public static let coreLocation = CatalogDefinition(
        module: "CoreLocation", framework: "Core Location", platform: "iOS",
        summary: "every callback of the location manager's delegate",
        protocols: [
            DelegateProtocol("CLLocationManagerDelegate", "A location manager: authorization, locations, headings, regions, beacons, visits (all optional)."),
        ])

    public static let userNotifications = CatalogDefinition(
        module: "UserNotifications", framework: "User Notifications", platform: "iOS",
        summary: "every callback of the notification center's delegate",
        protocols: [
            DelegateProtocol("UNUserNotificationCenterDelegate", "The notification center: a notification to present in the foreground, the user's response, the settings to open (all optional)."),
        ])

    public static let watchConnectivity = CatalogDefinition(
        module: "WatchConnectivity", framework: "Watch Connectivity", platform: "iOS",
        summary: "every callback of the session's delegate",
        protocols: [
            DelegateProtocol("WCSessionDelegate", "The session between the iPhone app and its watch app: activation, reachability, messages, transfers (activation and the iOS deactivation callbacks are required)."),
        ])

    public static let webKit = CatalogDefinition(
        module: "WebKit", framework: "WebKit", platform: "iOS",
        summary: "every callback of the web view's navigation and UI delegates",
        protocols: [
            DelegateProtocol("WKNavigationDelegate", "A web view's navigations: policy decisions, loading, redirects, failures, authentication (all optional)."),
            DelegateProtocol("WKUIDelegate", "A web view's user interface: new windows, JavaScript panels, context menus, media permissions (all optional)."),
        ])
}

/// One module's catalog: where its symbols come from and which of them are callbacks.
public struct CatalogDefinition: Sendable {
    /// The name `import` takes: `CoreBluetooth`.
    public var module: String
    /// How messages name the framework that calls the callbacks: `Core Bluetooth`.
    public var framework: String
    /// The platform of the SDK the graphs come from, as `@available` names it: `iOS`, `macOS`.
    public var platform: String
    /// What the catalog holds, for its doc comment.
    public var summary: String
    /// The delegate protocols, taken whole, in catalog order.
    public var protocols: [DelegateProtocol]
    /// The class whose selected methods are callbacks, if any.
    public var classCallbacks: ClassCallbacks?
    /// Classes declared without members (so that a spec can name them), besides `NSObject`.
    public var declaredClasses: [String]
    /// The modules whose graphs declare the callbacks' types that this module only declares
    /// forward (UIKit's `CKShareMetadata` is CloudKit's `CKShare.Metadata`).
    public var importGraphs: [String]
    /// The classes whose other Objective-C methods are listed as unlisted.
    public var unlistedOwners: [String]
    /// The modules `import` of this one also brings.
    public var reexports: [String]

    public init(module: String, framework: String, platform: String, summary: String, protocols: [DelegateProtocol],
                classCallbacks: ClassCallbacks? = nil, declaredClasses: [String] = [], importGraphs: [String] = [],
                unlistedOwners: [String] = [], reexports: [String] = []) {
        self.module = module
        self.framework = framework
        self.platform = platform
        self.summary = summary
        self.protocols = protocols
        self.classCallbacks = classCallbacks
        self.declaredClasses = declaredClasses
        self.importGraphs = importGraphs
        self.unlistedOwners = unlistedOwners
        self.reexports = reexports
    }

    /// The graph the callbacks are read from: the module's own.
    public var graph: String { module }
}

/// A delegate protocol a catalog takes whole, with its comment in the catalog.
public struct DelegateProtocol: Sendable {
    public var name: String
    public var comment: String

    public init(_ name: String, _ comment: String) {
        self.name = name
        self.comment = comment
    }
}

/// A class some of whose methods are callbacks (`UIViewController`): generated as `override func`
/// calling `super`.
public struct ClassCallbacks: Sendable {
    public var name: String
    /// Its superclasses below `NSObject`, nearest last: `["UIResponder"]`.
    public var bases: [String]
    public var groups: [CatalogSelection.Group]
}
