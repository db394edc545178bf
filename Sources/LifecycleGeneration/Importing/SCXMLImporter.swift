import LifecycleSource
import LifecycleSyntax
import LifecycleXML
import LifecycleModel
import LifecycleChecking
import LifecycleConformance

/// `lifecycle import-scxml`: an SCXML document as a `.lifecycle` skeleton to start from.
///
/// States (`<state>`, `<parallel>`, `<final>`, nested), their initial children (`initial`
/// attribute, `<initial>` element, or the first child), transitions (one per event of
/// `event="a b"`, to the first of `target`'s states) and comments before an element (its
/// description) carry over. So does everything `lifecycle export --to scxml` writes in its
/// namespace (`SCXMLGenerator`): triggers, callbacks, the delegate, `require`s, and one machine
/// per `lifecycle:machine` state of a top-level `<parallel>`. Callbacks become `calls` clauses
/// when the document names a delegate whose types are UIKit's (`lifecycle:import="UIKit"`),
/// else comments, since the skeleton has no protocol declaring them.
///
/// Names are made `.lifecycle` identifiers (`done.state.x` becomes `done_state_x`, a keyword
/// gets a `_`), and kept apart when two would clash. SCXML that has no counterpart (conditions,
/// executable content, data, history, targetless transitions) is left out; a `<parallel>` that
/// is not the machines' becomes a composite state, with a comment saying so.
public enum SCXMLImporter {
    public static let scxmlNamespace = "http://www.w3.org/2005/07/scxml"

    /// The skeleton's text, or nil and errors. `file` is one of `files`, which also gets its
    /// text as UTF-8 when it is in another encoding (`XMLEncoding`).
    public static func importSCXML(_ original: SourceFile, in files: SourceFiles) -> (String?, Diagnostics) {
        let file: SourceFile
        switch XMLEncoding.utf8(original, in: files) {
        case .success(let decoded): file = decoded
        case .failure(let failure):
            var diagnostics = Diagnostics()
            diagnostics.append(failure.diagnostic)
            return (nil, diagnostics)
        }
        let (document, xmlDiagnostics) = XMLReader.read(file, keeping: interest)
        guard let document else { return (nil, xmlDiagnostics) }
        var builder = Builder(document: document, file: file)
        do {
            let text = try builder.build()
            return (text, builder.diagnostics)
        } catch {
            var diagnostics = builder.diagnostics
            diagnostics.append(error.diagnostic)
            return (nil, diagnostics)
        }
    }

    struct Failure: Error { var diagnostic: Diagnostic }

    /// What the importer reads of a document (the rest is checked, not stored): states,
    /// `<initial>`s and transitions, whatever a transition holds (callbacks are `<log>`s with a
    /// `lifecycle:callback`, or `<send>`s in documents exported before), `lifecycle:require`s; the attributes it names, and every one in
    /// the `lifecycle:` namespace.
    static let interest = XMLReader.Interest(
        element: { namespace, name, parent in
            let scxml = namespace == nil || namespace == scxmlNamespace
            if parent.name == "transition" && (parent.namespace == nil || parent.namespace == scxmlNamespace) { return true }
            if scxml && ["state", "parallel", "final", "initial", "transition"].contains(name) { return true }
            return namespace == SCXMLGenerator.namespace && (name == "require" || name == "deadline")
        },
        attribute: { namespace, name in
            namespace == SCXMLGenerator.namespace || (namespace == nil && ["id", "initial", "name", "event", "target", "callback", "reason", "from", "to", "within"].contains(name))
        })

    /// Names given so far in one scope (lookups only: never iterated, so order is irrelevant).
    struct Names {
        var taken = Set<String>()
        var nextSuffix: [String: Int] = [:]
    }

    /// The states of one machine, in pre-order: per state its element, its parent and its
    /// name, and nothing the document holds already (kind, description and id are read from
    /// the element where needed), so that a document of millions of states costs a few words
    /// each.
    struct States {
        var element: [Int32] = []
        /// -1 at the top level.
        var parent: [Int32] = []
        var name: [String] = []
        /// The initial child of each composite state.
        var initialChild: [Int32: Int32] = [:]
        /// The state each kept element is, or -1.
        var ofElement: [Int32]
        /// (hash of an id, state), sorted: looked up by binary search, the first state with
        /// the id (in document order) winning, as in SCXML.
        var byID: [(hash: Int, state: Int32)] = []
        /// Whether each state has child states (most have none: they are not looked for again).
        var isComposite: [Bool] = []

        init(elementCount: Int) { ofElement = [Int32](repeating: -1, count: elementCount) }

        var indices: Range<Int> { 0..<element.count }
    }

    struct Builder {
        /// A hash of an id, the same in every run (ids are sorted by it).
        static func hash(_ id: String) -> Int {
            var hash: UInt64 = 0xCBF2_9CE4_8422_2325
            for byte in id.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
            return Int(bitPattern: UInt(truncatingIfNeeded: hash))
        }

        let document: XMLDocument
        let file: SourceFile
        var diagnostics = Diagnostics()
        let lifecycle = SCXMLGenerator.namespace

        init(document: XMLDocument, file: SourceFile) {
            self.document = document
            self.file = file
        }

        var elements: XMLDocument.Elements { document.elements }

        func isSCXML(_ element: XMLDocument.Element) -> Bool {
            element.namespace == scxmlNamespace || element.namespace == nil
        }

        func isState(_ index: Int) -> Bool {
            let element = elements[index]
            return isSCXML(element) && ["state", "parallel", "final"].contains(element.name)
        }

        func stateChildren(_ index: Int) -> [Int] { elements[index].children.filter(isState) }

        mutating func build() throws(Failure) -> String {
            let root = elements[0]
            guard isSCXML(root), root.name == "scxml" else { throw Failure(diagnostic: .scxmlNotSCXML(file.text(root.range), at: root.range)) }
            let top = stateChildren(0)
            guard !top.isEmpty else { throw Failure(diagnostic: .scxmlNoStates(at: root.range)) }
            // `export --to scxml` of several machines: one `<parallel>` of `lifecycle:machine` states.
            var machines: [(element: Int, name: String, qualifier: String?)] = []
            if top.count == 1, elements[top[0]].name == "parallel" {
                let regions = stateChildren(top[0])
                if !regions.isEmpty, regions.allSatisfy({ elements[$0].attribute("machine", namespace: lifecycle) != nil }) {
                    machines = regions.map { region in
                        let element = elements[region]
                        return (region, element.attribute("machine", namespace: lifecycle)!.value, element.attribute("id")?.value)
                    }
                }
            }
            if machines.isEmpty {
                let base = PathNames.lastComponent(file.path, dropping: ".scxml")
                machines = [(0, root.attribute("name")?.value ?? base, nil)]
            }
            var text = ""
            var modules: Set<String> = []
            var machineTexts: [String] = []
            var machineNames = Names()
            for machine in machines {
                let (body, module) = try machineText(machine.element, name: unique(SCXMLImporter.identifier(machine.name, fallback: "Machine"), &machineNames),
                                                     qualifier: machine.qualifier)
                if let module { modules.insert(module) }
                machineTexts.append(body)
            }
            if !modules.isEmpty { text += modules.sorted().map { "import \($0)\n" }.joined() + "\n" }
            text += machineTexts.joined(separator: "\n")
            return text
        }

        /// `name`, or `name2`, `name3`… so that it is not in `used` (which it joins). The next
        /// suffix to try is kept per name that clashed, so a thousand states of one name cost no
        /// more than a thousand of different names.
        func unique(_ name: String, _ used: inout Names) -> String {
            if used.taken.insert(name).inserted { return name }
            var suffix = used.nextSuffix[name] ?? 2
            var candidate = name
            while used.taken.contains(candidate) {
                candidate = "\(name)\(suffix)"
                suffix += 1
            }
            used.nextSuffix[name] = suffix
            used.taken.insert(candidate)
            return candidate
        }

        /// One machine's declaration, and the catalog its delegate's types come from (UIKit's or
        /// SwiftUI's), if any.
        mutating func machineText(_ container: Int, name: String, qualifier: String?) throws(Failure) -> (String, String?) {
            let element = elements[container]
            // States, walked without recursion.
            var states = States(elementCount: elements.count)
            var used = Names()
            var stack: [(element: Int, parent: Int32, depth: Int)] = stateChildren(container).reversed().map { ($0, -1, 1) }
            while let (index, parent, depth) = stack.popLast() {
                let state = elements[index]
                guard depth <= Parser.maximumNesting else {
                    throw Failure(diagnostic: .scxmlStatesTooDeep(Parser.maximumNesting, at: state.range))
                }
                let id = state.attribute("id")?.value ?? ""
                var rawName = state.attribute("name", namespace: lifecycle)?.value ?? id
                if let qualifier, rawName.hasPrefix(qualifier + ".") { rawName = String(rawName.dropFirst(qualifier.count + 1)) }
                let number = Int32(states.element.count)
                states.element.append(Int32(index))
                states.parent.append(parent)
                states.name.append(unique(SCXMLImporter.identifier(rawName, fallback: "State"), &used))
                states.ofElement[index] = number
                if !id.isEmpty { states.byID.append((Self.hash(id), number)) }
                let inside = stateChildren(index)
                states.isComposite.append(!inside.isEmpty)
                for child in inside.reversed() { stack.append((child, number, depth + 1)) }
            }
            states.byID.sort { $0.hash != $1.hash ? $0.hash < $1.hash : $0.state < $1.state }
            /// The SCXML id of state `state` (not kept per state: read from its element).
            func id(of state: Int) -> String { elements[Int(states.element[state])].attribute("id")?.value ?? "" }
            /// The first state whose id is `id`.
            func state(withID wanted: String) -> Int? {
                let hash = Self.hash(wanted)
                var low = 0, high = states.byID.count
                while low < high {
                    let middle = (low + high) / 2
                    if states.byID[middle].hash < hash { low = middle + 1 } else { high = middle }
                }
                while low < states.byID.count && states.byID[low].hash == hash {
                    if id(of: Int(states.byID[low].state)) == wanted { return Int(states.byID[low].state) }
                    low += 1
                }
                return nil
            }
            /// The states that are children of state `state`, in document order.
            func children(_ state: Int) -> [Int] {
                guard states.isComposite[state] else { return [] }
                return stateChildren(Int(states.element[state])).map { Int(states.ofElement[$0]) }
            }
            // Initial children: the `initial` attribute, an `<initial>` element's transition, or the first.
            func initialTarget(_ element: XMLDocument.Element) -> (String, SourceRange)? {
                if let attribute = element.attribute("initial") {
                    return attribute.value.split(separator: " ").first.map { (String($0), attribute.range) }
                }
                for child in element.children where elements[child].name == "initial" && isSCXML(elements[child]) {
                    for transition in elements[child].children where elements[transition].name == "transition" {
                        if let target = elements[transition].attribute("target") {
                            return target.value.split(separator: " ").first.map { (String($0), target.range) }
                        }
                    }
                }
                return nil
            }
            /// The child of `children` that is `target` or holds it.
            func childHolding(_ target: Int, in children: [Int]) -> Int? {
                var current = target
                while current >= 0 {
                    if children.contains(current) { return current }
                    current = Int(states.parent[current])
                }
                return nil
            }
            func resolveInitial(_ element: XMLDocument.Element, children: [Int]) throws(Failure) -> Int? {
                guard !children.isEmpty else { return nil }
                guard let (target, range) = initialTarget(element) else { return children[0] }
                guard let state = state(withID: target), let child = childHolding(state, in: children) else {
                    let names = children.map { id(of: $0) }
                    throw Failure(diagnostic: .scxmlUnknownInitial(target, suggestion: Suggestions.bestMatch(for: target, in: names), at: range))
                }
                return child
            }
            let topLevel = states.indices.filter { states.parent[$0] < 0 }
            guard let machineInitial = try resolveInitial(element, children: topLevel) else {
                throw Failure(diagnostic: .scxmlNoStates(at: element.range))
            }
            for state in states.indices where states.isComposite[state] {
                let inside = children(state)
                if let initial = try resolveInitial(elements[Int(states.element[state])], children: inside) {
                    states.initialChild[Int32(state)] = Int32(initial)
                }
            }

            // The delegate, and whether callbacks can be `calls` clauses.
            let delegate = element.attribute("delegate", namespace: lifecycle)?.value
            let module = element.attribute("import", namespace: lifecycle)?.value
            let uikit = delegate != nil && module.map(Checker.modules.contains) == true
                && delegate.map(SCXMLImporter.isDelegateLine) == true

            // The text is about as long as the document: room for that much, grown if need be.
            var out = ""
            out.reserveCapacity(file.count)
            out += "machine \(name)" + (element.comment.map { " " + StringLiteral.swift($0) } ?? "") + " {\n"
            // SwiftUI's scene phases, where the states say (read only with the delegate they need).
            let phases = states.indices.compactMap { state -> String? in
                guard let phase = elements[Int(states.element[state])].attribute("scenePhase", namespace: lifecycle)?.value,
                      phase.hasPrefix("."), ScenePhase(rawValue: String(phase.dropFirst())) != nil else { return nil }
                return "\(states.name[state]): \(phase)"
            }
            if let delegate {
                out += uikit ? "    delegate \(delegate)\n" : "    // delegate \(SCXMLImporter.commentText(delegate))\n"
                if !phases.isEmpty { out += (uikit ? "    " : "    // ") + "scenePhase " + phases.joined(separator: ", ") + "\n" }
                out += "\n"
            }
            /// A transition's clauses after its event: `by`, `calls` (or a comment), its description.
            func clauses(_ transition: XMLDocument.Element) -> String {
                var line = ""
                let trigger = transition.attribute("by", namespace: lifecycle)?.value
                if trigger == "user" || trigger == "system" { line += " by \(trigger!)" }
                // A timed transition (the export's delayed `<send>`): its delay as the spec wrote it.
                if let after = transition.attribute("after", namespace: lifecycle)?.value, let span = TimeSpan(parsing: after) {
                    line += " after \(span)"
                }
                let callbacks = transition.children.compactMap { elements[$0].attribute("callback", namespace: lifecycle)?.value }
                var comment: String?
                if !callbacks.isEmpty {
                    if uikit && callbacks.allSatisfy(SCXMLImporter.isCallbackReference) {
                        line += " calls " + callbacks.joined(separator: ", ")
                    } else {
                        comment = "calls " + callbacks.joined(separator: ", ")
                    }
                }
                if let description = transition.comment { line += " " + StringLiteral.swift(description) }
                if let comment { line += " // " + SCXMLImporter.commentText(comment) }
                return line
            }
            /// The events of a transition, split on spaces; the spec's own name where the export
            /// wrote another (`lifecycle:event`: `done` for `done_`).
            func events(_ transition: XMLDocument.Element) -> [String] {
                if let own = transition.attribute("event", namespace: lifecycle)?.value {
                    // A timed transition without an event: only its delayed event, which is the export's.
                    return own.isEmpty && transition.attribute("after", namespace: lifecycle) != nil ? [] : [own]
                }
                return (transition.attribute("event")?.value ?? "").split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            }
            // Targetless transitions with an event are internal ones: written in their state's body.
            var internalLines: [Int: [String]] = [:]
            for index in states.indices {
                for child in elements[Int(states.element[index])].children {
                    let transition = elements[child]
                    guard transition.name == "transition", isSCXML(transition), transition.attribute("target") == nil else { continue }
                    for event in events(transition) {
                        internalLines[index, default: []].append("internal on " + SCXMLImporter.eventName(event) + clauses(transition))
                    }
                }
            }
            // States, nested: a state to open, or (as ~state) one to close.
            var walk: [Int32] = topLevel.reversed().map { Int32($0) }
            var level = 1
            while let next = walk.popLast() {
                if next < 0 {
                    level -= 1
                    out += String(repeating: "    ", count: level) + "}\n"
                    continue
                }
                let state = Int(next)
                let stateElement = elements[Int(states.element[state])]
                let indent = String(repeating: "    ", count: level)
                let parent = Int(states.parent[state])
                let isInitial = parent >= 0 ? states.initialChild[Int32(parent)] == Int32(state) : state == machineInitial
                let isFinal = stateElement.name == "final" || stateElement.attribute("final", namespace: lifecycle)?.value == "true"
                if stateElement.name == "parallel" {
                    out += indent + "// SCXML <parallel>: its children were active at once; here they are one after another.\n"
                }
                out += indent + (isInitial ? "initial " : isFinal ? "final " : "") + "state " + states.name[state]
                if let description = stateElement.comment { out += " " + StringLiteral.swift(description) }
                if let within = stateElement.attribute("within", namespace: lifecycle)?.value, let span = TimeSpan(parsing: within) {
                    out += " within \(span)"
                    if let reason = stateElement.attribute("reason", namespace: lifecycle)?.value { out += " " + StringLiteral.swift(reason) }
                }
                let internals = internalLines[state] ?? []
                let inside = children(state)
                if inside.isEmpty && internals.isEmpty {
                    out += "\n"
                } else {
                    out += " {\n"
                    level += 1
                    walk.append(~next)
                    for entry in internals { out += String(repeating: "    ", count: level) + entry + "\n" }
                    for child in inside.reversed() { walk.append(Int32(child)) }
                }
            }
            // Transitions, in document order.
            // One text, not a string per line.
            var transitionLines = ""
            for source in states.indices {
                for child in elements[Int(states.element[source])].children {
                    let transition = elements[child]
                    guard transition.name == "transition", isSCXML(transition) else { continue }
                    guard let targetAttribute = transition.attribute("target"),
                          let targetID = targetAttribute.value.split(separator: " ").first.map(String.init) else {
                        if events(transition).isEmpty {
                            transitionLines += "    // \(states.name[source]): a transition without a target or an event (it has no counterpart)\n"
                        }
                        continue
                    }
                    guard let target = state(withID: targetID) else {
                        throw Failure(diagnostic: .scxmlUnknownTarget(targetID, suggestion: Suggestions.bestMatch(for: targetID, in: states.indices.map { id(of: $0) }), at: targetAttribute.range))
                    }
                    let names = events(transition)
                    for event in names.isEmpty ? [nil] : names.map(Optional.some) {
                        var line = "    \(states.name[source]) -> \(states.name[target])"
                        if let event { line += " on " + SCXMLImporter.eventName(event) }
                        transitionLines += line + clauses(transition) + "\n"
                    }
                }
            }
            if !transitionLines.isEmpty { out += "\n" + transitionLines }
            // Requirements.
            var requirements: [String] = []
            for child in element.children where elements[child].namespace == lifecycle && elements[child].name == "require" {
                guard let callback = elements[child].attribute("callback")?.value else { continue }
                let reason = elements[child].attribute("reason")?.value
                if uikit && SCXMLImporter.isCallbackReference(callback) {
                    requirements.append("    require \(callback)" + (reason.map { " " + StringLiteral.swift($0) } ?? ""))
                } else {
                    requirements.append("    // require \(SCXMLImporter.commentText(callback))" + (reason.map { " " + SCXMLImporter.commentText($0) } ?? ""))
                }
            }
            // Deadlines between callbacks, read as requirements are.
            for child in element.children where elements[child].namespace == lifecycle && elements[child].name == "deadline" {
                let deadline = elements[child]
                guard let from = deadline.attribute("from")?.value, let to = deadline.attribute("to")?.value,
                      let within = deadline.attribute("within")?.value else { continue }
                let reason = deadline.attribute("reason")?.value
                if uikit && SCXMLImporter.isCallbackReference(from) && SCXMLImporter.isCallbackReference(to),
                   let span = TimeSpan(parsing: within) {
                    requirements.append("    from \(from) to \(to) within \(span)" + (reason.map { " " + StringLiteral.swift($0) } ?? ""))
                } else {
                    requirements.append("    // from \(SCXMLImporter.commentText(from)) to \(SCXMLImporter.commentText(to)) within \(SCXMLImporter.commentText(within))"
                        + (reason.map { " " + SCXMLImporter.commentText($0) } ?? ""))
                }
            }
            if !requirements.isEmpty { out += "\n" + requirements.joined(separator: "\n") + "\n" }
            out += "}\n"
            return (out, uikit ? module : nil)
        }
    }

    /// The words of a `.lifecycle` spec that can't be names.
    static let keywords: Set<String> = [
        "import", "machine", "delegate", "state", "initial", "final", "on", "by", "calls", "require",
        "protocol", "class", "func", "var", "returns",
    ]

    /// `text` as a `.lifecycle` identifier: other characters become `_`, a leading digit gets a
    /// `_` before it, a keyword or `_` alone one after it.
    static func identifier(_ text: String, fallback: String) -> String {
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            let ascii = scalar.isASCII && (("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "_")
            if ascii || (!scalar.isASCII && Lexer.isIdentifierBody(scalar)) {
                result.append(scalar)
            } else {
                result.append("_")
            }
        }
        var name = String(result)
        guard let first = name.unicodeScalars.first else { return fallback }
        if ("0"..."9").contains(first) || (!first.isASCII && !Lexer.isIdentifierHead(first)) { name = "_" + name }
        if keywords.contains(name) || name == "_" { name += "_" }
        return name
    }

    /// An SCXML event descriptor as an event name: `*` is `any`, a trailing `.*` or `.` (which
    /// match every event under a prefix) is dropped, dots become `_`.
    static func eventName(_ descriptor: String) -> String {
        var text = Substring(descriptor)
        if text == "*" { return "any" }
        if text.hasSuffix(".*") { text = text.dropLast(2) } else if text.hasSuffix(".") { text = text.dropLast() }
        return identifier(String(text), fallback: "event")
    }

    /// Whether `text` is a callback reference: `name`, `name()`, `name(label:_:)` or a selector.
    static func isCallbackReference(_ text: String) -> Bool {
        // An Objective-C selector (`peripheral:didUpdateValueForCharacteristic:error:`), as a
        // spec names callbacks whose Swift names collide.
        if !text.contains("("), text.hasSuffix(":") {
            return text.split(separator: ":", omittingEmptySubsequences: false).dropLast().allSatisfy { piece in
                !piece.isEmpty && identifier(String(piece), fallback: "") == piece
            }
        }
        let parts = text.split(separator: "(", maxSplits: 1, omittingEmptySubsequences: false)
        guard let base = parts.first, identifier(String(base), fallback: "") == base, !base.isEmpty else { return false }
        guard parts.count == 2 else { return true }
        guard parts[1].hasSuffix(")") else { return false }
        let labels = parts[1].dropLast()
        guard labels.isEmpty || labels.hasSuffix(":") else { return labels.isEmpty }
        return labels.split(separator: ":", omittingEmptySubsequences: false).dropLast().allSatisfy { label in
            label == "_" || (!label.isEmpty && identifier(String(label), fallback: "") == label)
        }
    }

    /// Whether `text` is `Name` or `Name: A, B` (identifiers).
    static func isDelegateLine(_ text: String) -> Bool {
        let parts = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        func isName(_ part: Substring) -> Bool {
            let trimmed = String(part.trimmingSpaces)
            return !trimmed.isEmpty && identifier(trimmed, fallback: "") == trimmed
        }
        guard isName(parts[0]) else { return false }
        return parts.count == 1 || parts[1].split(separator: ",", omittingEmptySubsequences: false).allSatisfy(isName)
    }

    /// Text for a `//` comment: one line, nothing hidden.
    static func commentText(_ text: String) -> String {
        ExportText.escape(text, lineBreak: " ") { scalar, out in out.unicodeScalars.append(scalar) }
    }
}

