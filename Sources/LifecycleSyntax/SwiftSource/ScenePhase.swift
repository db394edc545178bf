// SwiftUI's scene phases as Swift code writes and reads them: the model's `scenePhase`
// mappings, `onChange(of: scenePhase)` handlers and the messages about both use them.

/// SwiftUI's `ScenePhase`, in its order (`background < inactive < active`).
public enum ScenePhase: String, Sendable, CaseIterable, Comparable {
    case background, inactive, active

    /// `.active`, as Swift writes it.
    public var swift: String { "." + rawValue }

    public static func < (a: ScenePhase, b: ScenePhase) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}

/// A change of scene phase, as `onChange(of: scenePhase)` reports it.
public struct PhaseChange: Hashable, Sendable {
    public var old: ScenePhase
    public var new: ScenePhase

    public init(old: ScenePhase, new: ScenePhase) {
        self.old = old
        self.new = new
    }

    /// `.active → .inactive`.
    public var text: String { "\(old.swift) → \(new.swift)" }
    /// `(.active, .inactive)`: the case of a `switch (oldPhase, newPhase)`.
    public var pattern: String { "(\(old.swift), \(new.swift))" }
}
