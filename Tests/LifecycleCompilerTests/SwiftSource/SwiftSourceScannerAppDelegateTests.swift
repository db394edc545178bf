import Testing
import LifecycleCompiler

/// What `migrate` and the scene-life-cycle check read from an app delegate: bodies' exact
/// byte ranges, the `#if` conditions around declarations, properties and their types, access,
/// the inheritance clause, attributes, imports and `UIApplicationMain(…)`.
@Suite struct SwiftSourceScannerAppDelegateTests {
    static let source = """
    import UIKit
    #if canImport(CloudKit)
    import CloudKit
    #endif

    @objc(MYAppDelegate) @main
    final class AppDelegate: UIKit.UIResponder, UIApplicationDelegate, @preconcurrency Sendable {
        var window: UIWindow?
        let store = NoteStore(url: .documentsDirectory)
        private(set) var launches = 0
        lazy var formatter = DateFormatter()
        private var secret: String = ""
        var isReady: Bool { store.isOpen }
        var name: String { get { "x" } set { } }
        var observed = 1.5 { didSet { print(observed) } }
        static var shared: AppDelegate?
        var cache = [String: Int]()

        func applicationDidBecomeActive(_ application: UIApplication) {
            let inner = { (x: Int) in x }
            store.refresh(inner(1))
        }

    #if DEBUG
        func applicationWillResignActive(_ application: UIApplication) { store.debugSave() }
    #elseif targetEnvironment(simulator) || os(visionOS)
        func applicationWillResignActive(_ application: UIApplication) {}
    #else
        #if RELEASE_LOGS // a comment
        fileprivate func log() async throws -> Int { 0 }
        #endif
    #endif

        func handle<T: Sequence>(_ items: T) where T.Element == Int {}
        func reset() {}
    }

    extension AppDelegate: UNUserNotificationCenterDelegate {}
    """

    let scan = SwiftSourceScanner(source: source).scanFile(readingProperties: true)
    let bytes = Array(source.utf8)

    func text(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }

    @Test func classHeader() throws {
        let type = try #require(scan.types.first)
        #expect(type.inherited == ["UIResponder", "UIApplicationDelegate", "Sendable"])
        #expect(type.attributes.map(\.name) == ["objc", "main"])
        #expect(scan.types[1].kind == .extension && scan.types[1].inherited == ["UNUserNotificationCenterDelegate"])
        #expect(scan.imports.map(\.text) == ["import UIKit", "import CloudKit"])
        #expect(scan.imports.map(\.condition) == [nil, "canImport(CloudKit)"])
        #expect(scan.imports.map(\.module) == ["UIKit", "CloudKit"])
        #expect(scan.imports.map { text($0.offset..<$0.end) } == ["import UIKit", "import CloudKit"])
    }

    @Test func properties() throws {
        // A static property is read, marked as such; `SwiftProgram.properties(ofClass:)` leaves it out.
        #expect(try #require(scan.types.first).properties.filter(\.isStatic).map(\.name) == ["shared"])
        let properties = try #require(scan.types.first).properties.filter { !$0.isStatic }
        #expect(properties.map(\.name) == ["window", "store", "launches", "formatter", "secret", "isReady", "name", "observed", "cache"])
        #expect(properties.map(\.type) == ["UIWindow?", "NoteStore", "Int", "DateFormatter", "String", "Bool", "String", "Double", "[String: Int]"])
        #expect(properties.map(\.isSettable) == [true, false, false, true, false, false, true, true, true])
        #expect(properties.map(\.access) == [nil, nil, nil, nil, "private", nil, nil, nil, nil])
    }

    @Test func methodsWithBodiesAndConditions() throws {
        let methods = try #require(scan.types.first).methods
        #expect(methods.map(\.selector) == ["applicationDidBecomeActive(_:)", "applicationWillResignActive(_:)",
                                            "applicationWillResignActive(_:)", "log()", "handle(_:)", "reset()"])
        #expect(methods.map(\.condition) == [nil, "DEBUG", "!DEBUG && (targetEnvironment(simulator) || os(visionOS))",
                                             "!DEBUG && !(targetEnvironment(simulator) || os(visionOS)) && RELEASE_LOGS", nil, nil])
        let body = try #require(methods[0].body)
        #expect(text(body).hasPrefix("{\n        let inner"))
        #expect(text(body).hasSuffix("store.refresh(inner(1))\n    }"))
        #expect(methods[1].body.map(text) == "{ store.debugSave() }")
        #expect(methods[3].access == "fileprivate" && methods[3].isAsync && methods[3].isThrowing)
        #expect(methods[4].isGeneric && methods[4].body.map(text) == "{}")
    }

    @Test func applicationMainCalls() {
        func mainClass(_ call: String) -> [String] {
            SwiftSourceScanner(source: "import UIKit\n" + call + "\n").scanFile().applicationMainClasses
        }
        #expect(mainClass("UIApplicationMain(CommandLine.argc, CommandLine.unsafeArgv, nil, NSStringFromClass(AppDelegate.self))") == ["AppDelegate"])
        #expect(mainClass("_ = UIApplicationMain(CommandLine.argc, CommandLine.unsafeArgv, NSStringFromClass(App.self), \"MyKit.Delegate\")") == ["Delegate"])
        #expect(mainClass("UIApplicationMain(CommandLine.argc, CommandLine.unsafeArgv, nil, nil)").isEmpty)
    }
}
