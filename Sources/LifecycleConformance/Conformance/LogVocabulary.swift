import LifecycleModel

/// Every name a log can use for an automaton's callbacks, and for the other callbacks of the
/// same delegates, which a log may well print but no step calls.
///
/// A callback is named by its Swift selector (what `#function` prints) and by its
/// Objective-C selector (what `NSStringFromSelector(_cmd)` and `__func__` print): the one
/// the catalog declares (`Method.objcSelector`, from Apple's symbol graphs), else the one
/// `ObjectiveCSelector.derived(fromSwift:)` makes. `LogReader` turns this into its table.
public struct LogVocabulary: Sendable {
    public struct Name: Sendable, Equatable {
        /// The Swift selector, and the instance in a system.
        public var callback: LoggedCallback
        /// `application:didFinishLaunchingWithOptions:`.
        public var objcSelector: String

        public init(_ callback: LoggedCallback, objcSelector: String? = nil) {
            self.callback = callback
            self.objcSelector = objcSelector ?? ObjectiveCSelector.derived(fromSwift: callback.selector)
        }
    }

    /// The automaton's callbacks, in its numbering: what `conform` checks.
    public var checked: [Name]
    /// Callbacks of the same delegates (and, in a system, of the instances' machines) that no
    /// step of the automaton calls: recognised so that a log's summary can count them.
    public var unchecked: [Name]
    /// The instances a line can name (empty for a lone machine): a system's instances, or the
    /// machines of a log checked for several (`machines`).
    public var instances: [LoggedInstance]
    /// Whether `instances` are machines checked side by side, each reported on its own (so a
    /// callback no transition calls is named without its machine).
    public private(set) var instancesAreMachines = false

    public init(checked: [Name], unchecked: [Name] = [], instances: [LoggedInstance] = []) {
        self.checked = checked
        self.unchecked = unchecked
        self.instances = instances
    }

    /// An automaton's callbacks with derived Objective-C selectors, and nothing unchecked.
    public init<A: LifecycleAutomaton>(_ automaton: A) {
        self.init(checked: automaton.callbacks.map { Name($0) }, instances: automaton.instances)
    }

    /// A machine's callbacks, and its delegate's other methods as unchecked.
    public init(_ automaton: MachineAutomaton) {
        let methods = Self.methods(of: automaton.machine, in: automaton.model)
        checked = automaton.callbacks.map { Name($0, objcSelector: methods[$0.selector]?.objcSelector) }
        let known = Set(automaton.callbacks.map(\.selector))
        unchecked = Self.delegateMethods(of: automaton.machine, in: automaton.model)
            .filter { !known.contains($0.reference) }
            .map { Name(LoggedCallback(instance: nil, selector: $0.reference), objcSelector: $0.objcSelector) }
        instances = []
    }

    /// Several machines checked side by side in one log (`conform SPEC LOG` with a spec of
    /// several machines, or `--machine A --machine B`): each machine's callbacks, its
    /// delegate's other methods unchecked, as one vocabulary whose instances are the machines,
    /// named by the machine's name and its delegate's (`Scene`, `SceneDelegate`). A line names
    /// a callback two machines have by one of those, like an instance of a system. One machine
    /// is the machine alone.
    public init(machines automata: [MachineAutomaton]) {
        guard automata.count > 1 else {
            self.init(automata[0])
            return
        }
        var checked: [Name] = [], unchecked: [Name] = [], instances: [LoggedInstance] = []
        for (index, automaton) in automata.enumerated() {
            let alone = LogVocabulary(automaton)
            func tagged(_ name: Name) -> Name {
                var name = name
                name.callback.instance = index
                return name
            }
            checked += alone.checked.map(tagged)
            unchecked += alone.unchecked.map(tagged)
            let machine = automaton.machine
            instances.append(LoggedInstance(names: [machine.name] + (machine.delegate.map { $0.name == machine.name ? [] : [$0.name] } ?? [])))
        }
        self.init(checked: checked, unchecked: unchecked, instances: instances)
        instancesAreMachines = true
    }

    /// A system's callbacks; as unchecked, each instance's callbacks no system event calls
    /// (those of its machine's other transitions, and its delegate's other methods).
    public init(_ automaton: SystemAutomaton, model: Model) {
        let system = automaton.system
        var checked: [Name] = []
        for callback in automaton.callbacks {
            let machine = callback.instance.map { system.machine(of: $0) }
            let method = machine.flatMap { Self.methods(of: $0, in: model)[callback.selector] }
            checked.append(Name(callback, objcSelector: method?.objcSelector))
        }
        var unchecked: [Name] = []
        for instance in system.instances.indices {
            let machine = system.machine(of: instance)
            var known = Set(automaton.callbacks.filter { $0.instance == instance }.map(\.selector))
            let candidates = machine.transitions.flatMap { $0.callbacks.map { model.method($0) } }
                + machine.stateCallbacks.all.map { model.method($0) }
                + Self.delegateMethods(of: machine, in: model)
            for method in candidates where known.insert(method.reference).inserted {
                unchecked.append(Name(LoggedCallback(instance: instance, selector: method.reference), objcSelector: method.objcSelector))
            }
        }
        self.init(checked: checked, unchecked: unchecked, instances: automaton.instances)
    }

    /// Adds a word a log names instance `index` by (`conform --instance Root=RootViewController`).
    public mutating func addName(_ name: String, instance index: Int) {
        if !instances[index].names.contains(name) { instances[index].names.append(name) }
    }

    /// The methods a machine's transitions call, by reference (the first of each).
    static func methods(of machine: Machine, in model: Model) -> [String: Method] {
        var methods: [String: Method] = [:]
        for ref in machine.transitions.flatMap({ $0.callbacks }) + machine.stateCallbacks.all {
            let method = model.method(ref)
            if methods[method.reference] == nil { methods[method.reference] = method }
        }
        return methods
    }

    /// The methods of the types a machine's delegate adopts and of their ancestors, in
    /// declaration order; with no delegate, those of the types its callbacks come from.
    static func delegateMethods(of machine: Machine, in model: Model) -> [Method] {
        var roots: [Int] = []
        if let delegate = machine.delegate {
            roots = delegate.adopted
        } else {
            for ref in machine.transitions.flatMap({ $0.callbacks }) + machine.stateCallbacks.all where !roots.contains(ref.type) {
                roots.append(ref.type)
            }
        }
        var seen: Set<String> = []
        return TypeInfo.lineage(of: roots, in: model.types).flatMap { model.types[$0].methods }.filter { seen.insert($0.reference).inserted }
    }
}

/// Objective-C selectors made from Swift ones, for callbacks whose declaration does not say
/// theirs.
public enum ObjectiveCSelector {
    /// The selector Swift would export for a method declared in Swift, which is what most
    /// delegate callbacks import as: `application(_:didFinishLaunchingWithOptions:)` →
    /// `application:didFinishLaunchingWithOptions:`, `viewDidLoad()` → `viewDidLoad`,
    /// `init(coder:)` → `initWithCoder:`, `viewWillTransition(to:with:)` →
    /// `viewWillTransitionTo:with:`. A first argument label joins the base name, after `With`
    /// unless it is a preposition. Apple's headers sometimes say more (`scene(_:willConnectTo:options:)`
    /// is `scene:willConnectToSession:options:`): the catalog's selector wins where it has one.
    public static func derived(fromSwift selector: String) -> String {
        guard let open = selector.firstIndex(of: "("), selector.hasSuffix(")") else { return selector }
        let base = String(selector[..<open])
        let inside = selector[selector.index(after: open)..<selector.index(before: selector.endIndex)]
        guard !inside.isEmpty else { return base }
        let labels = inside.split(separator: ":", omittingEmptySubsequences: false).dropLast().map(String.init)
        var pieces: [String] = []
        for (index, label) in labels.enumerated() {
            if index == 0 {
                if label == "_" {
                    pieces.append(base)
                } else {
                    let joined = label.prefix(1).uppercased() + label.dropFirst()
                    pieces.append(base + (prepositions.contains(label) ? "" : "With") + joined)
                }
            } else {
                pieces.append(label == "_" ? "" : label)
            }
        }
        return pieces.map { $0 + ":" }.joined()
    }

    /// First labels that Swift's naming guidelines leave after the base name rather than after `With`.
    static let prepositions: Set<String> = ["to", "for", "from", "with", "at", "in", "on", "by", "of", "into", "onto", "after", "before", "as"]
}
