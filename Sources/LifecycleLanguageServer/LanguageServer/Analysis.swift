import LifecycleSource
import LifecycleSyntax
import LifecycleModel
import LifecycleChecking

/// One compilation of an open document, and an index of what each name in it refers to.
///
/// The analysis is a `Compilation` from `Compiler.compile`, the entry point `lifecycle check`
/// uses (the same path identity, platform handling and diagnostics), with the root's
/// `TokenIndex` recorded and the checker's model kept even when there are errors, so that
/// hover and completion still work in a spec being typed. The occurrences are built from the
/// syntax tree: one `Occurrence` per name (states, events, callbacks, types, imports), sorted
/// by offset.
public final class Analysis: @unchecked Sendable {
    public let files: SourceFiles
    public let root: SourceFile
    public let syntax: FileSyntax
    public let diagnostics: Diagnostics
    /// The checker's model, complete or not (meaningful parts survive errors elsewhere).
    public let model: Model
    public let occurrences: [Occurrence]
    /// Every piece of the root file, as the parser read it.
    public let tokenIndex: TokenIndex
    /// The paths of every file this compilation read (imports), normalised.
    public let importedPaths: [String]

    /// What a name in the document is.
    public enum Symbol: Equatable, Sendable {
        case machine(Int)
        case state(machine: Int, name: String)
        case event(machine: Int, name: String)
        /// An event of a machine another file declares, named by a system step (`I.go` where
        /// `I` is an instance of an imported machine): that file's normalised path, the
        /// machine's name and the event's.
        case foreignEvent(path: String, machine: String, name: String)
        /// A state of a machine another file declares, named by a system event's `when`
        /// clause (`when I is S` where `I` is an instance of an imported machine).
        case foreignState(path: String, machine: String, name: String)
        /// A callback reference in a machine, by spelling (`f(_:)` or a bare `f`).
        case callback(machine: Int, spelling: String)
        /// A protocol or class name (declared or referred to).
        case type(String)
        /// A method declared in a `protocol` or `class` block of this file.
        case method(type: String, selector: String)
        case module(String)
        case importedFile(String)
        /// In a `scenePhase` line: the word itself (`phase` empty), or a phase (`active`).
        case scenePhase(machine: Int, phase: String)
    }

    public struct Occurrence: Sendable {
        public var start: Int
        public var end: Int
        public var symbol: Symbol
        /// Whether this is the declaration (a state's name in its `state` line, …).
        public var isDeclaration: Bool
    }

    /// Compiles `root` as `lifecycle check` does (`identity`: the real path of a file, as the
    /// command line's), recording its token index.
    init(root: SourceFile, files: SourceFiles, identity: PathIdentity?, loader: @escaping SourceLoader) {
        let compilation = Compiler.compile(root, files: files, loader: loader, identity: identity, recordingIndex: true)
        self.files = files
        self.root = root
        syntax = compilation.syntax
        diagnostics = compilation.diagnostics
        model = compilation.partialModel
        tokenIndex = compilation.tokenIndex!
        importedPaths = files.files.filter { $0.id != root.id }.map { Checker.normalize($0.path) }
        occurrences = Analysis.index(syntax, model: model, files: files)
    }

    func text(_ range: SourceRange) -> String { files[range.file].text(range) }

    static func index(_ syntax: FileSyntax, model: Model, files: SourceFiles) -> [Occurrence] {
        var result: [Occurrence] = []
        let file = syntax.file
        func add(_ range: SourceRange, _ symbol: Symbol, declaration: Bool = false) {
            result.append(Occurrence(start: range.startOffset, end: range.endOffset, symbol: symbol, isDeclaration: declaration))
        }
        for decl in syntax.imports {
            switch decl.target {
            case .module(let name): add(name.range, .module(file.text(name.range)))
            case .file(let literal):
                add(literal.range, .importedFile(Checker.resolve(literal.value(in: file), relativeTo: file.path)))
            }
        }
        for type in syntax.protocols + syntax.classes {
            let typeName = file.text(type.name.range)
            add(type.name.range, .type(typeName), declaration: true)
            for parent in type.parents { add(parent.range, .type(file.text(parent.range))) }
            for function in type.functions {
                let name = file.text(function.name.range)
                let clause = Array(file.text(function.parameters).utf8)
                let labels: String
                if case .success(let parameters) = SwiftParameterList.parse(clause, range: 0..<clause.count) {
                    labels = parameters.map { ($0.label ?? "_") + ":" }.joined()
                } else {
                    labels = ""
                }
                add(function.name.range, .method(type: typeName, selector: "\(name)(\(labels))"), declaration: true)
            }
        }
        for (index, machine) in syntax.machines.enumerated() {
            add(machine.name.range, .machine(index), declaration: true)
            for delegate in machine.delegates {
                for adopted in delegate.adopted { add(adopted.range, .type(file.text(adopted.range))) }
            }
            for state in machine.states {
                add(state.name.range, .state(machine: index, name: file.text(state.name.range)), declaration: true)
            }
            var previous: TransitionDecl?
            for transition in machine.transitions {
                add(transition.source.range, .state(machine: index, name: file.text(transition.source.range)))
                // A declaration of several sources is one transition per source sharing the
                // rest: its target, event and callbacks are indexed once.
                defer { previous = transition }
                if let previous, previous.range == transition.range, !transition.isInternal { continue }
                add(transition.target.range, .state(machine: index, name: file.text(transition.target.range)))
                if let event = transition.event {
                    add(event.range, .event(machine: index, name: file.text(event.range)))
                }
                for callback in machine.callbacks(of: transition) {
                    add(callback.range, .callback(machine: index, spelling: file.text(callback.range)))
                }
            }
            // `entry calls …` and `exit calls …`: callbacks found, hovered and renamed like a transition's.
            for action in machine.stateActions {
                for callback in machine.callbacks(of: action) {
                    add(callback.range, .callback(machine: index, spelling: file.text(callback.range)))
                }
            }
            for requirement in machine.requires {
                add(requirement.callback.range, .callback(machine: index, spelling: file.text(requirement.callback.range)))
            }
            for phases in machine.scenePhases {
                add(phases.keyword.range, .scenePhase(machine: index, phase: ""))
                for mapping in phases.mappings {
                    add(mapping.state.range, .state(machine: index, name: file.text(mapping.state.range)))
                    add(mapping.phase.range, .scenePhase(machine: index, phase: file.text(mapping.phase.range)))
                }
            }
            // An `appState` line's states are the machine's: renamed with them, found with them.
            for appStates in machine.appStates {
                for mapping in appStates.mappings {
                    add(mapping.state.range, .state(machine: index, name: file.text(mapping.state.range)))
                }
            }
        }
        // A step's event (`I.go`) is an event of the machine its instance resolved to: one of
        // this file's (the same symbol as its transitions' events) or an imported one; so is a
        // `when` clause's state (`I is S`). `checkSystems` makes one checked system per
        // declaration, in order.
        if model.systems.count == syntax.systems.count {
            for (decl, system) in zip(syntax.systems, model.systems) where system.instances.count == decl.instances.count {
                func instance(_ name: NameSyntax) -> Int? {
                    decl.instances.firstIndex { file.text($0.name.range) == file.text(name.range) }
                }
                for step in decl.steps {
                    guard let event = step.event, let instance = instance(step.instance),
                          let symbol = machineSymbol(.event, system: system, instance: instance,
                                                     declared: file.text(decl.instances[instance].machine.range),
                                                     name: file.text(event.range), syntax: syntax, files: files) else { continue }
                    add(event.range, symbol)
                }
                for condition in decl.events.flatMap(\.conditions) {
                    guard let instance = instance(condition.instance),
                          let symbol = machineSymbol(.state, system: system, instance: instance,
                                                     declared: file.text(decl.instances[instance].machine.range),
                                                     name: file.text(condition.state.range), syntax: syntax, files: files) else { continue }
                    add(condition.state.range, symbol)
                }
            }
        }
        result.sort { $0.start < $1.start }
        return result
    }

    /// The symbol of the event or state `name` of the machine instance `instance` of `system`
    /// resolved to, when it resolved to the machine `declared` names (an unknown machine
    /// resolves to none).
    static func machineSymbol(_ kind: NameKey.Kind, system: System, instance: Int, declared: String, name: String,
                              syntax: FileSyntax, files: SourceFiles) -> Symbol? {
        let index = system.instances[instance].machine
        guard system.machines.indices.contains(index), system.machines[index].name == declared else { return nil }
        let machine = system.machines[index]
        if machine.range.file == syntax.file.id {
            guard let local = syntax.machines.firstIndex(where: { syntax.file.text($0.name.range) == declared }) else { return nil }
            return kind == .event ? .event(machine: local, name: name) : .state(machine: local, name: name)
        }
        let path = Checker.normalize(files[machine.range.file].path)
        return kind == .event ? .foreignEvent(path: path, machine: declared, name: name)
            : .foreignState(path: path, machine: declared, name: name)
    }

    /// What identifies an event or a state across files: its kind, its machine's file
    /// (normalised path), the machine's name and its own.
    public struct NameKey: Equatable, Sendable {
        public enum Kind: Sendable { case event, state }
        public var kind: Kind
        public var path: String
        public var machine: String
        public var name: String
    }

    /// The event or state `symbol` names, across files; nil for any other symbol.
    public func nameKey(_ symbol: Symbol) -> NameKey? {
        switch symbol {
        case .event(let machine, let name), .state(let machine, let name):
            guard syntax.machines.indices.contains(machine) else { return nil }
            let kind: NameKey.Kind = if case .event = symbol { .event } else { .state }
            return NameKey(kind: kind, path: Checker.normalize(root.path), machine: root.text(syntax.machines[machine].name.range), name: name)
        case .foreignEvent(let path, let machine, let name):
            return NameKey(kind: .event, path: path, machine: machine, name: name)
        case .foreignState(let path, let machine, let name):
            return NameKey(kind: .state, path: path, machine: machine, name: name)
        default:
            return nil
        }
    }

    /// Where the machine `machine` of the imported file `path` first names `event`.
    public func firstTransition(of event: String, machine: String, path: String) -> SourceRange? {
        guard let (file, decl) = importedMachine(machine, path: path) else { return nil }
        return decl.transitions.lazy.compactMap(\.event).first { file.text($0.range) == event }?.range
    }

    /// Where the machine `machine` of the imported file `path` declares the state `state`.
    public func stateDeclaration(of state: String, machine: String, path: String) -> SourceRange? {
        guard let (file, decl) = importedMachine(machine, path: path) else { return nil }
        return decl.states.first { file.text($0.name.range) == state }?.name.range
    }

    /// The declaration of the machine `machine` in the imported file `path` (a normalised path,
    /// as `importedPaths` and `NameKey` hold it), read again from that file.
    func importedMachine(_ machine: String, path: String) -> (file: SourceFile, decl: MachineDecl)? {
        guard let file = files.files.first(where: { $0.id != root.id && Checker.normalize($0.path) == path }) else { return nil }
        let (syntax, _) = Parser.parse(file)
        guard let decl = syntax.machines.first(where: { file.text($0.name.range) == machine }) else { return nil }
        return (file, decl)
    }

    /// The occurrence under `offset` (a cursor just after a name counts).
    public func occurrence(at offset: Int) -> Occurrence? {
        var low = 0, high = occurrences.count
        while low < high {
            let mid = (low + high) / 2
            if occurrences[mid].start <= offset { low = mid + 1 } else { high = mid }
        }
        guard low > 0 else { return nil }
        let candidate = occurrences[low - 1]
        return offset <= candidate.end ? candidate : nil
    }

    /// The kind of block whose body holds `offset`: a machine's (or a state's), a system's, a
    /// protocol's, class's or extension's, or none (the top level).
    public func place(at offset: Int) -> KeywordTable.Place {
        func inside(_ range: SourceRange) -> Bool { range.startOffset < offset && offset < range.endOffset }
        if syntax.machines.contains(where: { inside($0.range) }) { return .machineBody }
        if syntax.systems.contains(where: { inside($0.range) }) { return .systemBody }
        if (syntax.protocols + syntax.classes + syntax.extensions).contains(where: { inside($0.range) }) { return .typeBody }
        return .file
    }

    /// The machine whose text contains `offset`, or the last one starting before it.
    public func machine(at offset: Int) -> Int? {
        var best: Int?
        for (index, machine) in syntax.machines.enumerated() where machine.range.startOffset <= offset {
            best = index
            if offset <= machine.range.endOffset { return index }
        }
        return best
    }

    // MARK: - Callbacks

    /// The types whose methods `machine`'s callbacks resolve against: its delegate's
    /// adopted types and their parents, transitively, in order.
    public func callbackTypes(machine: Int) -> [Int] {
        guard machine < model.machines.count, let delegate = model.machines[machine].delegate else { return [] }
        var result: [Int] = []
        var seen = Set<Int>()
        var work = Array(delegate.adopted.reversed())
        if let superclass = delegate.superclass, !delegate.adopted.contains(superclass) { work.append(superclass) }
        while let type = work.popLast() {
            guard type >= 0, type < model.types.count, seen.insert(type).inserted else { continue }
            result.append(type)
            work.append(contentsOf: model.types[type].parents.reversed())
        }
        return result
    }

    /// The methods a callback reference may mean (one, unless a bare name or an overloaded
    /// selector is ambiguous); an Objective-C selector names an overload.
    public func resolve(callback spelling: String, machine: Int) -> [MethodRef] {
        var found: [MethodRef] = []
        let isSelector = spelling.contains("(")
        let isObjectiveC = !isSelector && spelling.contains(":")
        for type in callbackTypes(machine: machine) {
            for (index, method) in model.types[type].methods.enumerated() {
                let matches = isObjectiveC ? method.isOverloaded && method.objcSelector == spelling
                    : isSelector ? method.selector == spelling : method.name == spelling
                if matches { found.append(MethodRef(type: type, index: index)) }
            }
        }
        if isSelector, let first = found.first, !model.method(first).isOverloaded { return [first] }
        return found
    }

    /// The type named `name` in scope.
    public func type(named name: String) -> Int? { model.types.lastIndex { $0.name == name } }

    /// The `//` comment lines right above `range`'s line in its file: a declaration's doc text.
    public func documentation(above range: SourceRange) -> String {
        let file = files[range.file]
        let bytes = file.bytes
        var lineStart = LineEnd.start(ofLineAt: min(range.startOffset, bytes.count), in: bytes)
        var lines: [String] = []
        while lineStart > 0 {
            let previousStart = LineEnd.start(ofLineAt: lineStart - 1, in: bytes)
            let line = String(decoding: bytes[previousStart..<LineEnd.trimmed(lineStart, after: previousStart, in: bytes)], as: UTF8.self)
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            // A member's attributes stand between its comment and its name.
            if lines.isEmpty && KeywordTable.attributes.contains(where: { trimmed.hasPrefix($0) }) {
                lineStart = previousStart
                continue
            }
            guard trimmed.hasPrefix("//") else { break }
            lines.append(String(trimmed.dropFirst(2).drop { $0 == " " || $0 == "/" }).trimmingTrailingSpace)
            lineStart = previousStart
            if lines.count >= 20 { break }
        }
        return lines.reversed().joined(separator: "\n")
    }

    /// `func name(params) async throws -> Type` as Swift declares it.
    public func signature(_ method: Method) -> String {
        var text = "func \(method.name)\(method.parameterText)"
        if method.isAsync { text += " async" }
        if method.isThrowing { text += " throws" }
        if let type = method.returnType { text += " -> \(type)" }
        return text
    }
}

extension String {
    var trimmingTrailingSpace: String {
        var text = Substring(self)
        while let last = text.last, last == " " || last == "\t" || last == "\r" { text.removeLast() }
        return String(text)
    }
}
