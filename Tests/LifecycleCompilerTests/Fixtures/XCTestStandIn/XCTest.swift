// A stand-in of the XCTest API that `lifecycle tests --style xcuitest` (and the XCTest component
// suites, where they import UIKit) use, written from Apple's documentation of XCTest
// (developer.apple.com/documentation/xctest: XCTestCase, XCTSkip, XCTAssertTrue, XCTFail) and of
// its UI testing API, XCUIAutomation (developer.apple.com/documentation/xcuiautomation:
// XCUIApplication, XCUIApplication.State, XCUIDevice, XCUIDevice.Button, XCUIElement,
// XCUIElement.ElementType, XCUIElementQuery). Declarations only, as Swift sees them: no iOS XCTest
// SDK is available to the tests (the iOS SDK ships without the platform's XCTest), so the UI tests
// type-check against this, built as module `XCTest`, on Linux and against the real iOS SDK's
// Foundation. Where Apple marks a class `@MainActor` (the UI testing classes), so does this.

/// Seconds (Foundation's `TimeInterval`).
public typealias TimeInterval = Double

/// `open class XCTestCase : XCTest`: a test class's methods named `test…` are its tests.
open class XCTestCase {
    public init() {}
    /// Whether a test goes on after a failure (default true).
    open var continueAfterFailure: Bool = true
    open func setUp() {}
    open func setUpWithError() throws {}
    open func tearDown() {}
    open func tearDownWithError() throws {}
}

/// `struct XCTSkip`: thrown from a test, skips it with `message`.
public struct XCTSkip: Error {
    public var message: String?
    public init(_ message: String? = nil, file: StaticString = #filePath, line: UInt = #line) {
        self.message = message
    }
}

/// `func XCTFail(_:file:line:)`.
public func XCTFail(_ message: String = "", file: StaticString = #filePath, line: UInt = #line) {}

/// `func XCTAssertTrue(_:_:file:line:)`.
public func XCTAssertTrue(_ expression: @autoclosure () throws -> Bool, _ message: @autoclosure () -> String = "",
                          file: StaticString = #filePath, line: UInt = #line) {}

/// `func XCTAssertEqual(_:_:_:file:line:)`.
public func XCTAssertEqual<T: Equatable>(_ expression1: @autoclosure () throws -> T, _ expression2: @autoclosure () throws -> T,
                                         _ message: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line) {}

/// `@MainActor class XCUIElement`: a UI element in an application.
@MainActor
open class XCUIElement {
    public init() {}

    /// `var exists: Bool { get }`.
    public var exists: Bool { false }
    /// `var label: String { get }` (`XCUIElementAttributes`).
    public var label: String { "" }
    /// `var identifier: String { get }` (`XCUIElementAttributes`).
    public var identifier: String { "" }

    /// `func descendants(matching type: XCUIElement.ElementType) -> XCUIElementQuery`.
    public func descendants(matching type: XCUIElement.ElementType) -> XCUIElementQuery { XCUIElementQuery() }

    /// `func waitForExistence(timeout: TimeInterval) -> Bool`.
    public func waitForExistence(timeout: TimeInterval) -> Bool { false }

    /// `enum XCUIElement.ElementType` (an Objective-C `NSUInteger` enumeration; a few of its cases).
    public enum ElementType: UInt, Sendable {
        case any = 0
        case other = 1
        case application = 2
        case button = 9
        case staticText = 48
    }
}

/// `@MainActor class XCUIElementQuery`.
@MainActor
open class XCUIElementQuery {
    public init() {}
    /// `subscript(key: String) -> XCUIElement { get }`: the descendant whose identifier, title,
    /// label, value or placeholder value is `key`.
    public subscript(key: String) -> XCUIElement { XCUIElement() }
}

/// `@MainActor class XCUIApplication : XCUIElement`: a proxy that launches, monitors and
/// terminates the application under test.
@MainActor
open class XCUIApplication: XCUIElement {
    /// The target application of the UI test target.
    public override init() {}
    /// `init(bundleIdentifier: String)`.
    public init(bundleIdentifier: String) {}

    public var launchArguments: [String] = []
    public var launchEnvironment: [String: String] = [:]

    /// `func launch()`: terminates any running instance, then launches the application.
    public func launch() {}
    /// `func activate()`: launches the application if it is not running, or brings it to the foreground.
    public func activate() {}
    /// `func terminate()`.
    public func terminate() {}
    /// `var state: XCUIApplication.State { get }`: updated asynchronously.
    public var state: XCUIApplication.State { .unknown }
    /// `func wait(for state: XCUIApplication.State, timeout: TimeInterval) -> Bool`.
    public func wait(for state: XCUIApplication.State, timeout: TimeInterval) -> Bool { false }

    /// `enum XCUIApplication.State` (an Objective-C `NSUInteger` enumeration).
    public enum State: UInt, Sendable {
        case unknown = 0
        case notRunning = 1
        case runningBackgroundSuspended = 2
        case runningBackground = 3
        case runningForeground = 4
    }
}

/// `@MainActor class XCUIDevice`: simulates the device's physical buttons.
@MainActor
open class XCUIDevice {
    /// `class var shared: XCUIDevice { get }`.
    public static let shared = XCUIDevice()

    /// `func press(_ button: XCUIDevice.Button)`.
    public func press(_ button: XCUIDevice.Button) {}

    /// `enum XCUIDevice.Button` (an Objective-C `NSInteger` enumeration).
    public enum Button: Int, Sendable {
        case home = 1
        case volumeUp = 2
        case volumeDown = 3
        case action = 4
        case camera = 5
    }
}
