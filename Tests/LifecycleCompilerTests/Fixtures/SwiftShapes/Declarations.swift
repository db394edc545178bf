public import Foundation
import struct CloudKit.CKShare
@preconcurrency import UserNotifications

@objc public protocol ShapeDelegate: AnyObject, NSObjectProtocol {
    @objc optional func shape(_ shape: Shape, didChange value: Int)
    func shapeDidFinish(_ shape: Shape) async throws
    var identifier: String { get }
    static var kind: String { get set }
}

@MainActor
open class Shape: NSObject, @unchecked Sendable, ShapeDelegate {
    public typealias Handler<T> = (T) -> Void
    @objc public dynamic var value = 0
    private(set) var history: [Int] = [], lastChange: Date?
    lazy var formatter: NumberFormatter = { let f = NumberFormatter(); f.maximumFractionDigits = 2; return f }()
    weak var owner: AnyObject?
    nonisolated(unsafe) static var shared = Shape()
    class var kind: String { get { "shape" } set {} }
    public var identifier: String { "shape" }
    var observed: Int = 0 {
        willSet { print(newValue) }
        didSet { history.append(oldValue) }
    }
    @Published var published: [String: [Int]] = [:]
    let (left, right) = (1, 2)

    required public override init() { super.init() }

    public static func == (lhs: Shape, rhs: Shape) -> Bool { lhs.value == rhs.value }
    static func +++ (lhs: Shape, rhs: Int) -> Shape { lhs }
    prefix static func ! (shape: Shape) -> Bool { shape.value == 0 }

    @objc(shape:didChangeValue:)
    public func shape(_ shape: Shape, didChange value: Int) {}
    @nonobjc public func shapeDidFinish(_ shape: Shape) async throws {}
    @available(iOS, introduced: 15.0, deprecated: 17.0, message: "Use the other one")
    @discardableResult
    final func measure<T: Collection, U>(_ items: T, into result: inout [U], scale: Double = 1.0,
                                          _ extra: Int...) rethrows -> Int where T.Element == U {
        items.count
    }
    func typed() throws(ShapeError) -> Never { throw ShapeError.broken }
    nonisolated func closure(_ handler: @escaping @Sendable (Result<Int, any Error>) -> Void) -> some Equatable { 0 }
    override func `default`(for key: String) -> Any? { nil }
    func function(
        _ first: Int, // first
        second: String /* second */ = "}",
        third: [String: (Int, Int) -> Void]? = nil
    ) -> (Int, String)? { nil }
    @MainActor(unsafe) func legacyIsolated() {}
    func reasyncLike(_ body: () async throws -> Void) async rethrows { try await body() }
    class func classMethod() {}
    mutating func notAllowedButParsed() {}
    func withLocal() {
        func local() {}
        struct LocalType { func localMethod() {} }
        let closure = { func inClosure() {} }
        _ = closure
    }

    enum Kind: String, CaseIterable {
        case circle, square
        case open
        func describe() -> String { rawValue }
        static func parse(_ text: String) -> Kind? { Kind(rawValue: text) }
    }

    struct Box<Value: Equatable & Sendable>: Equatable where Value: Hashable {
        var value: Value
        subscript(index: Int) -> Value { value }
    }
}

enum ShapeError: Error { case broken }

actor Counter {
    var count = 0
    func increment() -> Int { count += 1; return count }
    nonisolated func describe() -> String { "counter" }
}

extension Shape.Box where Value == Int {
    func doubled() -> Int { value * 2 }
}

extension Array<Shape> {
    func values() -> [Int] { map(\.value) }
}

extension Shape: Identifiable, @retroactive CustomDebugStringConvertible {
    public var id: Int { value }
    override public var debugDescription: String { "Shape(\(value))" }
}

private extension Counter {
    func reset() async {}
}

struct Wrapped {
    @State private var text = ""
    @Environment(\.scenePhase) private var scenePhase
    @AppStorage("key") var stored: Bool = false
    var computed: Int {
        get { 1 }
        set { _ = newValue }
    }
}

// Shapes that once derailed the reader on real apps' code.
struct Focused {
    @FocusState.Binding var isFocused: Bool
    @FocusState<Field?>.Binding var field: Field?
    @IntentParameterDependency<Intent>(\.$server) var dependency
    private let subject = PassthroughSubject<Void, Never>(), other = 1
    private static let cache = NSCache<NSString, UIImage>()
}

extension [String: String] {
    func sortedKeys() -> [String] { keys.sorted() }
}

private extension Banner? {
    var isShown: Bool { self != nil }
}
