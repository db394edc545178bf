import LifecycleSource

/// The syntax tree: what the file says, before any name is resolved.
///
/// Every node knows its range. Names are ranges into the source (read them with
/// `SourceFile.text(_:)`); string literals are ranges too, decoded only when their value is
/// needed (`StringSyntax.value(in:)`).
///
/// A machine's body is flat: its states, transitions and callback references are each one
/// array in source order, linked by indices, rather than a tree of member arrays. A spec of a
/// million states then parses into a handful of large arrays instead of millions of small
/// allocations, and the checker reads them front to back without copying nodes out of a tree
/// (which retained and released every array and string inside them).

/// A name as written: an identifier's range.
public struct NameSyntax: Sendable, Equatable {
    public var range: SourceRange
}

/// A string literal: its range, quotes included. The value is decoded on demand: most
/// descriptions are read once, by the checker, so keeping a decoded copy in the tree only
/// doubled them in memory.
public struct StringSyntax: Sendable, Equatable {
    public var range: SourceRange

    /// The literal's value, escapes replaced (`file` is the file `range` points into).
    public func value(in file: SourceFile) -> String {
        let lower = min(range.startOffset, file.count), upper = min(max(range.endOffset, lower), file.count)
        return StringLiteralDecoder.decode(file.bytes, lower..<upper)
    }
}

/// One parsed `.lifecycle` file.
public struct FileSyntax: Sendable {
    public var file: SourceFile
    /// The names of states and events, interned by the parser while their bytes were in
    /// cache: the `nameID`, `sourceID`, `targetID` and `eventID` of states and transitions.
    public var names = NameTable()
    /// The spellings of callback references (`CallbackRef.spelling`).
    public var callbackSpellings = NameTable()
    public var imports: [ImportDecl] = []
    /// `platform iOS 15.0`: the first one (a second is reported).
    public var platform: PlatformDecl?
    public var machines: [MachineDecl] = []
    public var protocols: [TypeDecl] = []
    public var classes: [TypeDecl] = []
    public var systems: [SystemDecl] = []
    /// `extension UIApplicationDelegate { func … }`: methods added to a type declared
    /// elsewhere (most often one of the UIKit catalog's, for a callback it does not list).
    /// Not in `order`: they declare no type.
    public var extensions: [TypeDecl] = []
    /// Every declaration in source order, as indices into the arrays above.
    public var order: [DeclarationIndex] = []

    public enum DeclarationIndex: Sendable, Equatable {
        case `import`(Int), machine(Int), `protocol`(Int), `class`(Int), system(Int)
    }
}

/// `import UIKit` or `import "Other.lifecycle"`.
public struct ImportDecl: Sendable {
    public enum Target: Sendable {
        case module(NameSyntax)
        case file(StringSyntax)
    }
    public var target: Target
    public var range: SourceRange
}

/// `platform iOS 15.0`: the deployment target the checks of availability use.
public struct PlatformDecl: Sendable {
    public var name: NameSyntax
    /// The version as written (`15.0`); empty when missing (reported).
    public var version: SourceRange
    public var range: SourceRange
}

/// `machine Name "description" { … }`, its body flattened.
///
/// States at every depth are in `states` in source order, which is pre-order (a state comes
/// right before the states inside it); each names its parent by index. Transitions at every
/// depth are in `transitions` in source order, and their callback references are consecutive
/// runs of `callbacks`. Nesting is kept only as those parent indices, so visiting a machine
/// never needs a stack, whatever its depth.
public struct MachineDecl: Sendable {
    public var name: NameSyntax
    public var description: StringSyntax?
    public var range: SourceRange
    public var delegates: [DelegateDecl] = []
    public var states: [StateDecl] = []
    public var transitions: [TransitionDecl] = []
    /// Every transition's callback references, one run per transition (`callbacks(of:)`).
    public var callbacks: [CallbackRef] = []
    public var requires: [RequireDecl] = []
    /// `scenePhase Active: .active, …`: which states are which SwiftUI scene phase.
    public var scenePhases: [ScenePhaseDecl] = []
    /// `appState Background: .runningBackground, …`: what each state looks like to a UI test.
    public var appStates: [ScenePhaseDecl] = []
    /// `entry calls …` and `exit calls …` in states' bodies, in source order; their callback
    /// references are runs of `callbacks` like a transition's.
    public var stateActions: [StateActionDecl] = []
    /// `from f to g within 30s "reason"` (issue 43).
    public var callbackDeadlines: [CallbackDeadlineDecl] = []

    public init(name: NameSyntax, description: StringSyntax?, range: SourceRange) {
        self.name = name
        self.description = description
        self.range = range
    }

    /// The callback references of `transition`, in the order written.
    @inlinable public func callbacks(of transition: TransitionDecl) -> ArraySlice<CallbackRef> {
        callbacks[Int(transition.callbacks.lowerBound)..<Int(transition.callbacks.upperBound)]
    }

    /// The callback references of an `entry` or `exit` declaration, in the order written.
    @inlinable public func callbacks(of action: StateActionDecl) -> ArraySlice<CallbackRef> {
        callbacks[Int(action.callbacks.lowerBound)..<Int(action.callbacks.upperBound)]
    }
}

/// `delegate SceneDelegate: UIResponder, UIWindowSceneDelegate`.
public struct DelegateDecl: Sendable {
    public var name: NameSyntax
    public var adopted: [NameSyntax]
    public var range: SourceRange
    /// `delegate open Name`: the app subclasses the class, so the generated one is not `final`.
    public var isOpen = false
}

/// `initial state Name "description" { … }`, without its body: the states and transitions
/// inside it follow it in the machine's arrays.
public struct StateDecl: Sendable {
    public enum Modifier: UInt8, Sendable { case none, initial, final }
    public var modifier: Modifier
    /// Whether its body declares states (a final state may not).
    public var hasChildStates = false
    /// The enclosing state's index in `MachineDecl.states`, or -1 at the top level.
    public var parent: Int32
    public var name: NameSyntax
    /// The name's id in `FileSyntax.names`.
    public var nameID: NameTable.ID
    public var description: StringSyntax?
    /// From the modifier (or `state`) to the closing brace of the body, if any.
    public var range: SourceRange
    /// `within 20s "reason"` after the name (issue 43).
    public var deadline: DeadlineSyntax? = nil
}

/// A duration as written (`5s`): its raw text, read by the checker (`TimeSpan(parsing:)`).
public struct DurationSyntax: Sendable {
    /// The duration's text; empty (at the place it was expected) when none was written.
    public var range: SourceRange
}

/// `within 20s "reason"`.
public struct DeadlineSyntax: Sendable {
    public var span: DurationSyntax
    public var reason: StringSyntax?
    /// From `within` to the end of the clause.
    public var range: SourceRange
}

/// `from beginBackgroundTask to endBackgroundTask within 30s "reason"` in a machine's body.
public struct CallbackDeadlineDecl: Sendable {
    public var from: CallbackRef
    public var to: CallbackRef
    public var deadline: DeadlineSyntax
    public var range: SourceRange
}

/// `A -> B on event by user calls f(_:), g "description"`.
public struct TransitionDecl: Sendable {
    public enum Trigger: String, CaseIterable, Sendable { case user, system }
    public var source: NameSyntax
    public var target: NameSyntax
    public var event: NameSyntax?
    /// The ids of the source, target and event names in `FileSyntax.names` (-1: no event).
    /// Resolving them to states is left to the checker: a target may be declared later.
    public var sourceID: NameTable.ID
    public var targetID: NameTable.ID
    public var eventID: NameTable.ID = -1
    public var trigger: Trigger?
    /// `internal on event …` inside a state: fires without leaving the state. Its source and
    /// target are then both the enclosing state's name.
    public var isInternal = false
    /// Its callback references: `MachineDecl.callbacks[callbacks]` (`MachineDecl.callbacks(of:)`).
    public var callbacks: Range<Int32>
    public var description: StringSyntax?
    public var range: SourceRange
    /// `after 5s` (issue 43).
    public var delay: DurationSyntax? = nil
}

/// `entry calls f(_:), g(_:)` or `exit calls …` in a state's body: callbacks every transition
/// entering (or leaving) the state calls, after (or before) its own.
public struct StateActionDecl: Sendable {
    public enum Kind: UInt8, Sendable { case entry, exit }
    public var kind: Kind
    /// The state whose body it is in: an index into `MachineDecl.states`.
    public var state: Int32
    /// The word `entry` or `exit`.
    public var keyword: NameSyntax
    /// Its callback references: `MachineDecl.callbacks[callbacks]`.
    public var callbacks: Range<Int32>
    public var range: SourceRange
}

/// A Swift method reference: `name`, `name()` or `name(_:label:)`.
public struct CallbackRef: Sendable, Equatable {
    public var baseName: NameSyntax
    /// How the reference is spelled, interned in `FileSyntax.callbackSpellings`: the bare name,
    /// or the selector with its labels (`name(_:reason:)`, `name()`). Specs name few distinct
    /// callbacks many times, so the checker resolves each spelling once; interning also spares
    /// a `String` of labels per reference.
    public var spelling: NameTable.ID
    /// Whether it is a bare name (no parentheses).
    public var isBare: Bool
    public var range: SourceRange
    /// Whether it is an Objective-C selector (`peripheral:didUpdateValueForCharacteristic:error:`),
    /// the spelling as written.
    public var isObjectiveC = false
}

/// `require callback "reason"`.
public struct RequireDecl: Sendable {
    public var callback: CallbackRef
    public var reason: StringSyntax?
    public var range: SourceRange
}

/// `scenePhase Active: .active, Inactive: .inactive`: the SwiftUI `ScenePhase` each named state
/// is observed as (a state not named has its enclosing state's, or none). The same shape maps
/// states to `XCUIApplication.State` cases (`appState`; `phase` is then the case's name).
public struct ScenePhaseDecl: Sendable {
    /// One `State: .phase`.
    public struct Mapping: Sendable {
        public var state: NameSyntax
        /// The phase's name, after the '.' (`active`); checked by the checker.
        public var phase: NameSyntax
    }
    /// The word `scenePhase`.
    public var keyword: NameSyntax
    public var mappings: [Mapping]
    public var range: SourceRange
}

/// A `protocol` or `class` block declaring callback signatures.
public struct TypeDecl: Sendable {
    public enum Kind: String, Sendable { case `protocol`, `class`, `extension` }
    public var kind: Kind
    public var name: NameSyntax
    public var parents: [NameSyntax]
    public var functions: [FuncDecl]
    public var variables: [VarDecl]
    /// The members in source order.
    public var memberOrder: [Member]
    public var range: SourceRange

    public enum Member: Sendable, Equatable { case function(Int), variable(Int) }
}

/// `func name(params) async throws -> Type returns "expr" body "stmt"`.
public struct FuncDecl: Sendable {
    public var name: NameSyntax
    /// The parameter clause, parentheses included, as written.
    public var parameters: SourceRange
    public var parametersComplete: Bool
    public var isAsync: Bool
    public var isThrowing: Bool
    public var returnType: SourceRange?
    public var returns: StringSyntax?
    public var body: StringSyntax?
    public var range: SourceRange
    /// `@available(…)` before the `func`, from `@` to `)`; its arguments are read by the checker.
    public var availability: SourceRange?
    /// `@objc(selector:)` before the `func`, from `@` to `)`: the Objective-C selector UIKit
    /// calls, read by the checker.
    public var objcName: SourceRange? = nil
}

/// `var name: Type { get set }`.
public struct VarDecl: Sendable {
    public var name: NameSyntax
    public var type: SourceRange
    public var range: SourceRange
}

/// `system Name "description" { instance … on … }`, flat like a machine: its instances, its
/// events, and every event's steps as consecutive runs of one `steps` array.
public struct SystemDecl: Sendable {
    public var name: NameSyntax
    public var description: StringSyntax?
    public var range: SourceRange
    public var instances: [InstanceDecl] = []
    public var events: [SystemEventDecl] = []
    /// Every event's steps, one run per event (`steps(of:)`).
    public var steps: [StepDecl] = []

    /// The steps of `event`, in the order written.
    public func steps(of event: SystemEventDecl) -> ArraySlice<StepDecl> {
        steps[Int(event.steps.lowerBound)..<Int(event.steps.upperBound)]
    }
}

/// `instance Name: Machine "label"`.
public struct InstanceDecl: Sendable {
    public var name: NameSyntax
    public var machine: NameSyntax
    public var label: StringSyntax?
    public var range: SourceRange
}

/// `on name by user when X is S: X.event, new Y, … "description"`.
public struct SystemEventDecl: Sendable {
    public var name: NameSyntax
    public var trigger: TransitionDecl.Trigger?
    /// The `when` clause's conditions, in order (empty without one).
    public var conditions: [ConditionDecl] = []
    /// Its steps: `SystemDecl.steps[steps]`.
    public var steps: Range<Int32>
    public var description: StringSyntax?
    public var range: SourceRange
}

/// `Home is Shown` in a system event's `when` clause: the instance is in that state (or a
/// state inside it).
public struct ConditionDecl: Sendable {
    public var instance: NameSyntax
    public var state: NameSyntax
    public var range: SourceRange
}

/// One step of a system event: `Instance.event` (fire `event` on that instance) or
/// `new Instance` (the instance starts over in its machine's initial state).
public struct StepDecl: Sendable {
    public enum Kind: Sendable, Equatable { case fire, new }
    public var kind: Kind
    public var instance: NameSyntax
    /// The event's name (nil for `new`).
    public var event: NameSyntax?
    public var range: SourceRange
}
