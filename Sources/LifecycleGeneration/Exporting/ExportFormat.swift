import LifecycleModel
import LifecycleConformance

/// The formats `lifecycle export` writes, and what they share.
public enum ExportFormat: String, CaseIterable, Sendable {
    case mermaid, plantuml, scxml, markdown

    /// The usual file extension, without the dot.
    public var fileExtension: String {
        switch self {
        case .mermaid: "mmd"
        case .plantuml: "puml"
        case .scxml: "scxml"
        case .markdown: "md"
        }
    }

    /// How the generated-file header is written in this format.
    var commentStyle: GeneratedFileHeader.CommentStyle {
        switch self {
        case .mermaid: .mermaid
        case .plantuml: .plantUML
        case .scxml: .xmlInstruction
        case .markdown: .html
        }
    }

    public struct Options: Sendable {
        /// Export only the machine with this name (the caller checks that it exists).
        public var machine: String?
        /// Export this system's sequence diagram instead (Mermaid and PlantUML; the caller
        /// checks that it exists).
        public var system: String?
        public init(machine: String? = nil, system: String? = nil) {
            self.machine = machine
            self.system = system
        }
    }

    /// Whether the format can write a system's sequence diagram (`Options.system`).
    public var drawsSequences: Bool { self == .mermaid || self == .plantuml }

    /// The indentation unit of the format.
    var indent: String {
        switch self {
        case .mermaid, .markdown: "    "
        case .plantuml, .scxml: "  "
        }
    }

    /// The export without its header.
    public func body(model: Model, options: Options = Options()) -> [UInt8] {
        var printer = Printer(indent: indent)
        emit(model: model, options: options, into: &printer)
        return printer.bytes
    }

    /// The whole file: the header (with the hash that lets `-o` tell an untouched export from
    /// an edited one), then the body.
    public func generate(model: Model, options: Options = Options(), specPath: String, command: String) -> [UInt8] {
        GeneratedFileHeader.file(Printer(indent: indent), specPath: specPath, command: command, note: nil,
                                 style: commentStyle) { emit(model: model, options: options, into: &$0) }.bytes
    }

    func emit(model: Model, options: Options, into printer: inout Printer) {
        switch self {
        case .mermaid: MermaidGenerator(model: model, options: options).emit(into: &printer)
        case .plantuml: PlantUMLGenerator(model: model, options: options).emit(into: &printer)
        case .scxml: SCXMLGenerator(model: model, options: options).emit(into: &printer)
        case .markdown: MarkdownGenerator(model: model, options: options).emit(into: &printer)
        }
    }
}

/// What the exporters share: which machines, states walked without recursion, transition labels.
struct ExportModel {
    let model: Model
    /// The machines exported, by index, in declaration order.
    let machines: [Int]
    /// The systems exported (all of them, unless one machine was asked for), in declaration order.
    let systems: [Int]

    init(model: Model, options: ExportFormat.Options) {
        self.model = model
        if let name = options.machine {
            machines = model.machines.indices.filter { model.machines[$0].name == name }
            systems = []
        } else {
            machines = Array(model.machines.indices)
            systems = Array(model.systems.indices)
        }
    }

    /// The selector of each callback of a transition, in order.
    func callbacks(_ transition: Transition) -> [String] {
        transition.callbacks.map { model.method($0).reference }
    }

    /// How an internal transition is written inside its state, in every format:
    /// `internal on poke (user) / d(), e()`. It is never an edge: an edge from a state to
    /// itself leaves the state and enters it again, which an internal transition does not.
    func internalLine(_ transition: Transition) -> String {
        var line = "internal on " + (transition.event ?? "")
        if let trigger = transition.trigger { line += " (\(trigger.rawValue))" }
        let callbacks = self.callbacks(transition)
        if !callbacks.isEmpty { line += " / " + callbacks.joined(separator: ", ") }
        return line
    }

    /// How a state's `entry` and `exit` callbacks are written inside it, in every format, as
    /// UML writes them: `entry / sceneWillEnterForeground(_:)`, then `exit / …` (empty for
    /// most states).
    func actionLines(_ machine: Machine, _ state: Int) -> [String] {
        var lines: [String] = []
        for (word, refs) in [("entry", machine.stateCallbacks.entry[state] ?? []), ("exit", machine.stateCallbacks.exit[state] ?? [])]
        where !refs.isEmpty {
            lines.append(word + " / " + refs.map { model.method($0).reference }.joined(separator: ", "))
        }
        return lines
    }

    /// Each state's internal transitions, in declaration order (empty for most states).
    func internalTransitions(_ machine: Machine) -> [[Transition]] {
        var result = [[Transition]](repeating: [], count: machine.states.count)
        for transition in machine.transitions where transition.isInternal { result[transition.source].append(transition) }
        return result
    }

    /// The delegate line as the spec writes it: `SceneDelegate: UIResponder, UIWindowSceneDelegate`.
    func delegateLine(_ machine: Machine) -> String? {
        guard let delegate = machine.delegate else { return nil }
        let adopted = delegate.adopted.map { model.types[$0].name }
        return adopted.isEmpty ? delegate.name : delegate.name + ": " + adopted.joined(separator: ", ")
    }
}

/// A transition drawn between two states of one container, for renderers (Mermaid) that
/// cannot draw an edge that crosses a composite state's border.
///
/// Both ends are lifted to the outermost state that lies inside the deepest composite holding
/// both ends (or to top level); the label then says where the transition really starts
/// (`from Inactive`) and, when entering the lifted target enters a different state, where it
/// really goes (`to Inactive`).
struct LiftedEdge {
    /// The deepest composite state holding both ends, or nil for top level.
    var container: Int?
    var source: Int
    var target: Int
    /// The real source, when `source` is one of its ancestors.
    var realSource: Int?
    /// The real target, when entering `target` would not enter it.
    var realTarget: Int?

    init(_ transition: Transition, in machine: Machine) {
        let sourceChain = machine.ancestry(transition.source)
        let targetChain = machine.ancestry(transition.target)
        // The deepest state that strictly contains both ends.
        var container: Int?
        for candidate in targetChain.dropFirst() where sourceChain.dropFirst().contains(candidate) {
            container = candidate
            break
        }
        // The ancestor of `chain`'s first state whose parent is `container`.
        func lifted(_ chain: [Int]) -> Int {
            chain.first { machine.states[$0].parent == container } ?? chain[0]
        }
        self.container = container
        source = lifted(sourceChain)
        target = lifted(targetChain)
        realSource = source == transition.source ? nil : transition.source
        realTarget = machine.entry(target) == machine.entry(transition.target) ? nil : transition.target
    }
}
