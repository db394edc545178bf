// A minimal stand-in for SwiftUI, so that the SwiftUI skeletons `lifecycle swift` generates can
// be type-checked on Linux, where there is no SwiftUI. Build it as a module named `SwiftUI`,
// after the UIKit stand-in it imports (see README.md next to this file).
//
// Only what the generated `App` and `View` structs use, declared as Apple's iOS 26.2 SDK does
// (SwiftUI.swiftinterface and SwiftUICore.swiftinterface: the same names, labels, parameter types,
// main-actor isolation and availability); `RealSDKTests` type-checks the same files against
// the real SDK where its snapshot is on the machine. What differs, on purpose:
//
// - `View` and `Scene` are simpler: a `body` of an associated type, and no result builders
//   (a generated body is one expression, and `WindowGroup` takes a closure returning its view).
// - Modifiers return their receiver as `some View` / `some Scene`; nothing runs.

import UIKit

// MARK: - Views and scenes

@MainActor @preconcurrency public protocol View {
    associatedtype Body: View
    var body: Body { get }
}

extension Never: View {
    public var body: Never { fatalError() }
}

public struct Text: View {
    public init(_ content: String) {}
    public var body: Never { fatalError() }
}

@MainActor @preconcurrency public protocol Scene {}

public struct WindowGroup<Content: View>: Scene {
    public init(content: () -> Content) {}
}

@MainActor @preconcurrency public protocol App {
    associatedtype Body: Scene
    var body: Body { get }
    init()
}

extension App {
    @MainActor public static func main() {}
}

// MARK: - The scene phase

@available(iOS 14.0, *)
public enum ScenePhase: Comparable, Hashable, Sendable {
    case background, inactive, active
}

public struct EnvironmentValues {
    @available(iOS 14.0, *)
    public var scenePhase: ScenePhase {
        get { .active }
        set {}
    }
}

@propertyWrapper public struct Environment<Value> {
    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) {}
    public var wrappedValue: Value { fatalError() }
}

@propertyWrapper public struct State<Value> {
    private let value: Value
    public init(wrappedValue value: Value) { self.value = value }
    public var wrappedValue: Value {
        get { value }
        nonmutating set {}
    }
}

@available(iOS 14.0, *)
@MainActor @preconcurrency @propertyWrapper public struct UIApplicationDelegateAdaptor<DelegateType> where DelegateType: NSObject, DelegateType: UIApplicationDelegate {
    @MainActor @preconcurrency public var wrappedValue: DelegateType { fatalError() }
    @MainActor @preconcurrency public init(_ delegateType: DelegateType.Type = DelegateType.self) {}
}

// MARK: - Modifiers

extension View {
    nonisolated public func onAppear(perform action: (() -> Void)? = nil) -> some View { self }
    nonisolated public func onDisappear(perform action: (() -> Void)? = nil) -> some View { self }

    @available(iOS 15.0, *)
    nonisolated public func task(priority: TaskPriority = .userInitiated, _ action: @escaping @Sendable () async -> Void) -> some View { self }

    @available(iOS, introduced: 14.0, deprecated: 17.0, message: "Use `onChange` with a two or zero parameter action closure instead.")
    nonisolated public func onChange<V>(of value: V, perform action: @escaping (_ newValue: V) -> Void) -> some View where V: Equatable { self }

    @available(iOS 17.0, *)
    nonisolated public func onChange<V>(of value: V, initial: Bool = false, _ action: @escaping (_ oldValue: V, _ newValue: V) -> Void) -> some View where V: Equatable { self }
}

extension Scene {
    @available(iOS, introduced: 14.0, deprecated: 17.0, message: "Use `onChange` with a two or zero parameter action closure instead.")
    nonisolated public func onChange<V>(of value: V, perform action: @escaping (_ newValue: V) -> Void) -> some Scene where V: Equatable { self }

    @available(iOS 17.0, *)
    nonisolated public func onChange<V>(of value: V, initial: Bool = false, _ action: @escaping (_ oldValue: V, _ newValue: V) -> Void) -> some Scene where V: Equatable { self }
}
