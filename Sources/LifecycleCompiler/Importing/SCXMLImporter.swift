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

    /// The skeleton's text, or nil and errors.
    public static func importSCXML(_ file: SourceFile) -> (String?, Diagnostics) {
        let (document, xmlDiagnostics) = XMLReader.read(file)
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

    /// Names given so far in one scope (lookups only: never iterated, so order is irrelevant).
    struct Names {
        var taken = Set<String>()
        var nextSuffix: [String: Int] = [:]
    }

    /// One state of the skeleton.
    struct ImportedState {
        var element: Int
        var name: String
        var parent: Int?
        var children: [Int] = []
        var initialChild: Int?
        var isFinal: Bool
        var isParallel: Bool
        var description: String?
    }

    struct Builder {
        let document: XMLDocument
        let file: SourceFile
        var diagnostics = Diagnostics()
        let lifecycle = SCXMLGenerator.namespace

        init(document: XMLDocument, file: SourceFile) {
            self.document = document
            self.file = file
        }

        var elements: [XMLDocument.Element] { document.elements }

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
        /// suffix to try is kept per name, so a thousand states of one name cost no more than
        /// a thousand of different names.
        func unique(_ name: String, _ used: inout Names) -> String {
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
            var states: [ImportedState] = []
            var byID: [String: Int] = [:]
            var ids: [String] = []
            var used = Names()
            var stack: [(element: Int, parent: Int?, depth: Int)] = stateChildren(container).reversed().map { ($0, nil, 1) }
            while let (index, parent, depth) = stack.popLast() {
                let state = elements[index]
                guard depth <= Parser.maximumNesting else {
                    throw Failure(diagnostic: .scxmlStatesTooDeep(Parser.maximumNesting, at: state.range))
                }
                let id = state.attribute("id")?.value ?? ""
                var rawName = state.attribute("name", namespace: lifecycle)?.value ?? id
                if let qualifier, rawName.hasPrefix(qualifier + ".") { rawName = String(rawName.dropFirst(qualifier.count + 1)) }
                let number = states.count
                states.append(ImportedState(
                    element: index, name: unique(SCXMLImporter.identifier(rawName, fallback: "State"), &used), parent: parent,
                    isFinal: state.name == "final" || state.attribute("final", namespace: lifecycle)?.value == "true",
                    isParallel: state.name == "parallel", description: state.comment))
                ids.append(id)
                if !id.isEmpty && byID[id] == nil { byID[id] = number }
                if let parent { states[parent].children.append(number) }
                for child in stateChildren(index).reversed() { stack.append((child, number, depth + 1)) }
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
                var current: Int? = target
                while let state = current {
                    if children.contains(state) { return state }
                    current = states[state].parent
                }
                return nil
            }
            func resolveInitial(_ element: XMLDocument.Element, children: [Int]) throws(Failure) -> Int? {
                guard !children.isEmpty else { return nil }
                guard let (target, range) = initialTarget(element) else { return children[0] }
                guard let state = byID[target], let child = childHolding(state, in: children) else {
                    let names = children.map { ids[$0] }
                    throw Failure(diagnostic: .scxmlUnknownInitial(target, suggestion: Suggestions.bestMatch(for: target, in: names), at: range))
                }
                return child
            }
            let topLevel = states.indices.filter { states[$0].parent == nil }
            guard let machineInitial = try resolveInitial(element, children: topLevel) else {
                throw Failure(diagnostic: .scxmlNoStates(at: element.range))
            }
            for state in states.indices where !states[state].children.isEmpty {
                states[state].initialChild = try resolveInitial(elements[states[state].element], children: states[state].children)
            }

            // The delegate, and whether callbacks can be `calls` clauses.
            let delegate = element.attribute("delegate", namespace: lifecycle)?.value
            let module = element.attribute("import", namespace: lifecycle)?.value
            let uikit = delegate != nil && module.map(Checker.modules.contains) == true
                && delegate.map(SCXMLImporter.isDelegateLine) == true

            var out = ""
            out += "machine \(name)" + (element.comment.map { " " + StringLiteral.swift($0) } ?? "") + " {\n"
            // SwiftUI's scene phases, where the states say (read only with the delegate they need).
            let phases = states.compactMap { state -> String? in
                guard let phase = elements[state.element].attribute("scenePhase", namespace: lifecycle)?.value,
                      phase.hasPrefix("."), ScenePhase(rawValue: String(phase.dropFirst())) != nil else { return nil }
                return "\(state.name): \(phase)"
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
            /// The events of a transition, split on spaces.
            func events(_ transition: XMLDocument.Element) -> [String] {
                (transition.attribute("event")?.value ?? "").split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            }
            // Targetless transitions with an event are internal ones: written in their state's body.
            var internalLines: [Int: [String]] = [:]
            for (index, info) in states.enumerated() {
                for child in elements[info.element].children {
                    let transition = elements[child]
                    guard transition.name == "transition", isSCXML(transition), transition.attribute("target") == nil else { continue }
                    for event in events(transition) {
                        internalLines[index, default: []].append("internal on " + SCXMLImporter.eventName(event) + clauses(transition))
                    }
                }
            }
            // States, nested.
            var walk: [(state: Int, closing: Bool)] = topLevel.reversed().map { ($0, false) }
            var level = 1
            while let (state, closing) = walk.popLast() {
                let info = states[state]
                if closing {
                    level -= 1
                    out += String(repeating: "    ", count: level) + "}\n"
                    continue
                }
                let indent = String(repeating: "    ", count: level)
                let isInitial = info.parent.map { states[$0].initialChild == state } ?? (state == machineInitial)
                if info.isParallel {
                    out += indent + "// SCXML <parallel>: its children were active at once; here they are one after another.\n"
                }
                var line = indent + (isInitial ? "initial " : info.isFinal ? "final " : "") + "state " + info.name
                if let description = info.description { line += " " + StringLiteral.swift(description) }
                let internals = internalLines[state] ?? []
                if info.children.isEmpty && internals.isEmpty {
                    out += line + "\n"
                } else {
                    out += line + " {\n"
                    level += 1
                    walk.append((state, true))
                    for entry in internals { out += String(repeating: "    ", count: level) + entry + "\n" }
                    for child in info.children.reversed() { walk.append((child, false)) }
                }
            }
            // Transitions, in document order.
            var transitionLines: [String] = []
            for info in states {
                for child in elements[info.element].children {
                    let transition = elements[child]
                    guard transition.name == "transition", isSCXML(transition) else { continue }
                    guard let targetAttribute = transition.attribute("target"),
                          let targetID = targetAttribute.value.split(separator: " ").first.map(String.init) else {
                        if events(transition).isEmpty {
                            transitionLines.append("    // \(info.name): a transition without a target or an event (it has no counterpart)")
                        }
                        continue
                    }
                    guard let target = byID[targetID] else {
                        throw Failure(diagnostic: .scxmlUnknownTarget(targetID, suggestion: Suggestions.bestMatch(for: targetID, in: ids), at: targetAttribute.range))
                    }
                    let names = events(transition)
                    for event in names.isEmpty ? [nil] : names.map(Optional.some) {
                        var line = "    \(info.name) -> \(states[target].name)"
                        if let event { line += " on " + SCXMLImporter.eventName(event) }
                        transitionLines.append(line + clauses(transition))
                    }
                }
            }
            if !transitionLines.isEmpty { out += "\n" + transitionLines.joined(separator: "\n") + "\n" }
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

    /// Whether `text` is a callback reference: `name`, `name()` or `name(label:_:)`.
    static func isCallbackReference(_ text: String) -> Bool {
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

