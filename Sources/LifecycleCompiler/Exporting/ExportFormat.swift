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
        public init(machine: String? = nil) { self.machine = machine }
    }

    /// The export without its header.
    public func body(model: Model, options: Options = Options()) -> [UInt8] {
        switch self {
        case .mermaid: MermaidGenerator(model: model, options: options).body()
        case .plantuml: PlantUMLGenerator(model: model, options: options).body()
        case .scxml: SCXMLGenerator(model: model, options: options).body()
        case .markdown: MarkdownGenerator(model: model, options: options).body()
        }
    }

    /// The whole file: the header (with the hash that lets `-o` tell an untouched export from
    /// an edited one), then the body.
    public func generate(model: Model, options: Options = Options(), specPath: String, command: String) -> [UInt8] {
        GeneratedFileHeader.wrap(body(model: model, options: options), specPath: specPath, command: command,
                                 note: nil, style: commentStyle)
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

    /// The spec's file name without folder or extension: the title of a file of several machines.
    var fileTitle: String {
        FileName.display(PathNames.lastComponent(model.path, dropping: ".lifecycle"))
    }

    /// A step of a walk over the state tree.
    enum Step {
        /// A state without children.
        case leaf(Int)
        /// A composite state, before its children.
        case open(Int)
        /// A composite state, after its children.
        case close(Int)
    }

    /// Walks a machine's states in declaration order, children inside their composite, with an
    /// explicit stack: nesting depth never reaches the call stack.
    static func walk(_ machine: Machine, _ body: (Step) -> Void) {
        let topLevel = machine.states.indices.filter { machine.states[$0].parent == nil }
        var topNext = 0
        var stack: [(owner: Int, next: Int)] = []
        while true {
            let state: Int
            if let top = stack.last {
                let children = machine.states[top.owner].children
                if top.next >= children.count {
                    stack.removeLast()
                    body(.close(top.owner))
                    continue
                }
                state = children[top.next]
                stack[stack.count - 1].next += 1
            } else {
                guard topNext < topLevel.count else { break }
                state = topLevel[topNext]
                topNext += 1
            }
            if machine.states[state].isComposite {
                body(.open(state))
                stack.append((state, 0))
            } else {
                body(.leaf(state))
            }
        }
    }

    /// The selector of each callback of a transition, in order.
    func callbacks(_ transition: Transition) -> [String] {
        transition.callbacks.map { model.method($0).selector }
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
