import LifecycleCompiler
import SpecGeneration

/// Writes random *valid* `.lifecycle` specs for the property tests.
///
/// Each spec must check clean (no errors, no warnings), so the graph is built to be valid by
/// construction: the non-final leaves form a chain that reaches every state and ends in the
/// final state (or loops back), and extra transitions — self-loops, transitions from
/// composites, transitions into composites, internal transitions — use events of their own,
/// so none is ambiguous; every transition has an event (one without is an error).
/// What is random is everything that could break an output: names (Swift and DOT keywords,
/// non-ASCII letters, very long identifiers, contextual words), descriptions (comment
/// terminators, quotes, backslashes, line breaks, markup, bidirectional controls, emoji),
/// nesting, callbacks (many, in order, async/throws, with tricky Swift parameter types,
/// default values and keyword labels), comments between members, and `import UIKit`.
///
/// Specs of one batch are type-checked as one Swift module, so their type names come from a
/// shared `TypeNames` and never clash.
struct HostileSpecGenerator {
    /// Type names already used by the specs of one batch.
    final class TypeNames {
        var used: Set<String> = []
    }

    struct Spec {
        var seed: UInt64
        var text: String
        /// Every description and reason written into the spec, decoded.
        var texts: [String]
    }

    var random: SplitMix64
    let seed: UInt64
    let typeNames: TypeNames
    var texts: [String] = []

    init(seed: UInt64, typeNames: TypeNames) {
        self.seed = seed
        self.random = SplitMix64(seed: seed)
        self.typeNames = typeNames
    }

    // MARK: - Names

    /// `.lifecycle` keywords: never identifiers in a spec.
    static let specKeywords: Set<String> = [
        "import", "machine", "delegate", "state", "initial", "final", "on", "by", "calls", "require",
        "protocol", "class", "func", "var", "returns",
    ]

    /// Swift keywords a spec can use as names (the generators must escape them).
    static let swiftKeywords: [String] = SwiftNames.reserved.subtracting(specKeywords).subtracting(["_"]).sorted()

    static let dotKeywords = ["graph", "digraph", "subgraph", "node", "edge", "strict", "Node", "EDGE"]
    static let contextualWords = ["user", "system", "async", "body", "get", "set"]
    static let unicodeNames = ["État", "상태", "Δelta", "naïve", "Ñandú", "東京", "Über", "αβγ", "İstanbul", "ŝtato"]
    static let plainNames = ["Idle", "Running", "Paused", "Loading", "Ready", "Waiting", "Done", "Active", "Inactive", "Suspended"]

    /// A fresh name not in `used` (which it joins): a keyword, a Unicode word, a long one…
    mutating func name(_ used: inout Set<String>, keywords: Bool = true) -> String {
        var base: String
        switch random.below(10) {
        case 0, 1, 2: base = keywords ? random.pick(Self.swiftKeywords) : random.pick(Self.plainNames)
        case 3: base = random.pick(Self.dotKeywords)
        case 4: base = random.pick(Self.contextualWords)
        case 5: base = random.pick(Self.unicodeNames)
        case 6: base = "Long" + String(repeating: "_x9", count: 20 + random.below(60))
        default: base = random.pick(Self.plainNames)
        }
        var candidate = base
        var suffix = 2
        while used.contains(candidate) {
            candidate = "\(base)\(suffix)"
            suffix += 1
        }
        used.insert(candidate)
        return candidate
    }

    /// A type name unique in the batch.
    mutating func typeName() -> String {
        var used = typeNames.used
        let result = name(&used)
        typeNames.used = used
        return result
    }

    // MARK: - Text

    static let hostileFragments = [
        "*/", "/*", "//", "\"\"\"", "\"", "\\", "\\\\", "\n", "\r\n", "\r", "<b>bold</b>", "&amp;", "&", "{", "}",
        "\u{200F}", "\u{202E}", "\u{2066}", "\u{202C}", "😀", "👩‍👩‍👧", "🇰🇷", "한국어 설명", "\t", "\u{0}", "\u{7}",
        "\u{1B}[31m", "\u{9B}", "\\N", "\\G", "\\l", "\\n", "\\(x)", "#", "%", "'", "`", "\u{85}", "\u{2028}",
        "  ", "]]>", "<!--", "-->", "@", "$(x)", "e\u{301}", "\u{FEFF}", "trailing ",
    ]

    /// A description made of ordinary words and hostile fragments.
    mutating func hostileText() -> String {
        var text = ""
        for _ in 0..<(1 + random.below(6)) {
            text += random.chance(50) ? random.pick(Self.hostileFragments) : random.pick(["word", "Ein Satz", "x", " ", "État"])
        }
        texts.append(text)
        return text
    }

    /// `text` as a `.lifecycle` string literal.
    mutating func literal(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x22: result += "\\\""
            case 0x5C: result += "\\\\"
            case 0x0A: result += "\\n"
            case 0x09: result += random.chance(50) ? "\\t" : "\t"
            case 0x0D: result += "\\r"
            case 0x00..<0x20, 0x7F...0x9F, 0x2028, 0x2029:
                result += "\\u{\(String(scalar.value, radix: 16))}"
            case 0x80...:
                // Non-ASCII text, raw or escaped.
                if random.chance(30) { result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}" } else { result.unicodeScalars.append(scalar) }
            default:
                result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// ` "description"` or nothing.
    mutating func maybeDescription(_ percent: Int = 50) -> String {
        random.chance(percent) ? " " + literal(hostileText()) : ""
    }

    /// A comment line, or nothing.
    mutating func maybeComment(indent: String) -> String {
        guard random.chance(15) else { return "" }
        return indent + random.pick(["// a comment with */ and \"quotes\"\n", "/* nested /* comment */ still */\n",
                                     "/* 한국어 */ // 😀\n", "//\n"])
    }

    // MARK: - Types

    struct MethodPlan {
        var name: String
        var labels: [String?]
        var selector: String
    }

    struct TypePlan {
        var name: String
        var isClass: Bool
        var methods: [MethodPlan]
    }

    static let parameterTypes = [
        "Int", "String", "[String: Any]?", "@escaping (Bool) -> Void", "Set<Int>", "(Int, String)", "inout Int",
        "[[Int]]", "Result<Int, any Error>", "Dictionary<String, [Int]>", "Int?", "((Int) -> Int)?", "Any",
        "any Error", "[Int?]", "Double", "Bool", "UnsafePointer<Int>?", "some Sequence<Int>", "(_ x: Int) async throws -> [Int]",
    ]
    static let returnTypes = ["Bool", "Int", "String?", "[Int]", "Set<String>", "Void", "[String: Int]", "(Int, Int)", "Any", "String", "Double"]
    static let propertyTypes = ["Int", "String?", "Bool", "[Int]", "[String: Int]", "Set<Int>", "(Int, Int)?", "Double"]

    /// A `func` member and its plan; member names are unique in the spec.
    mutating func function(isClass: Bool, members: inout Set<String>) -> (String, MethodPlan) {
        let name = self.name(&members)
        var parameterNames: Set<String> = []
        var parts: [String] = []
        var labels: [String?] = []
        for _ in 0..<random.below(4) {
            var type = random.pick(Self.parameterTypes)
            var localName = self.name(&parameterNames)
            if isClass && localName == "self" { localName = self.name(&parameterNames) }
            if type == "some Sequence<Int>" && isClass { type = "[Int]" }
            var label: String?
            var text: String
            switch random.below(3) {
            case 0:
                label = nil
                text = "_ \(localName)"
            case 1:
                label = localName
                text = localName
            default:
                var labelPool: Set<String> = ["_"]
                label = self.name(&labelPool)
                text = "\(label!) \(localName)"
            }
            text += ": " + type
            if isClass && random.chance(30) {
                switch type {
                case "Int": text += " = 3"
                case "String": text += random.chance(50) ? " = \"a, b) // not a comment\"" : " = \"\""
                case "Int?", "[String: Any]?": text += " = nil"
                default: break
                }
            }
            parts.append(text)
            labels.append(label)
        }
        var declaration = "func \(name)(\(parts.joined(separator: random.chance(20) ? ",\n        " : ", ")))"
        if random.chance(20) { declaration += " async" }
        if random.chance(20) { declaration += " throws" }
        if random.chance(50) { declaration += " -> " + random.pick(Self.returnTypes) }
        let selector = "\(name)(" + labels.map { ($0 ?? "_") + ":" }.joined() + ")"
        return (declaration, MethodPlan(name: name, labels: labels, selector: selector))
    }

    /// A protocol or class declaration and its plan.
    mutating func typeDeclaration(isClass: Bool, parent: String?, members: inout Set<String>) -> (String, TypePlan) {
        let name = typeName()
        var lines = ["\(isClass ? "class" : "protocol") \(name)\(parent.map { ": \($0)" } ?? "") {"]
        var methods: [MethodPlan] = []
        for _ in 0..<(1 + random.below(4)) {
            lines.append(maybeComment(indent: "    ") + "    " + (random.chance(80)
                ? { let (text, plan) = function(isClass: isClass, members: &members); methods.append(plan); return text }()
                : "var \(self.name(&members)): \(random.pick(Self.propertyTypes))"))
        }
        lines.append("}")
        return (lines.joined(separator: "\n"), TypePlan(name: name, isClass: isClass, methods: methods))
    }

    // MARK: - Spec

    static let uikitCallbacks = [
        "applicationDidBecomeActive", "applicationWillResignActive(_:)", "applicationDidEnterBackground",
        "application(_:didFinishLaunchingWithOptions:)",
    ]

    /// One spec.
    mutating func spec() -> Spec {
        var out: [String] = ["// Property-test spec, seed \(seed)."]
        let uikit = random.chance(25)
        if uikit { out.append("import UIKit") }
        var members: Set<String> = []
        var protocols: [TypePlan] = []
        for index in 0..<(1 + random.below(3)) {
            let parent = index > 0 && random.chance(40) ? protocols[index - 1].name : nil
            let (text, plan) = typeDeclaration(isClass: false, parent: parent, members: &members)
            out.append(text)
            protocols.append(plan)
        }
        var ownClass: TypePlan?
        if random.chance(40) {
            let (text, plan) = typeDeclaration(isClass: true, parent: nil, members: &members)
            out.append(text)
            ownClass = plan
        }
        var machineNames: Set<String> = []
        for _ in 0..<(random.chance(25) ? 2 : 1) {
            out.append(machine(name: name(&machineNames), uikit: uikit, protocols: protocols, ownClass: ownClass))
        }
        return Spec(seed: seed, text: out.joined(separator: "\n\n") + "\n", texts: texts)
    }

    /// A state of the tree being built.
    struct StatePlan {
        var name: String
        var parent: Int?
        var children: [Int] = []
        var isFinal = false
    }

    mutating func machine(name: String, uikit: Bool, protocols: [TypePlan], ownClass: TypePlan?) -> String {
        var lines = ["machine \(name)\(maybeDescription()) {"]

        // Delegate and the callbacks it can receive.
        var callbacks: [String] = []
        func references(_ type: TypePlan) -> [String] {
            type.methods.map { Bool.random(using: &random) ? $0.name : $0.selector }
        }
        if random.chance(90) {
            var adopted: [String] = []
            if uikit && (ownClass == nil || random.chance(50)) {
                adopted = ["UIResponder", "UIApplicationDelegate"]
                callbacks += Self.uikitCallbacks
            } else if let ownClass, random.chance(70) {
                adopted.append(ownClass.name)
                callbacks += references(ownClass)
            }
            for plan in protocols where adopted.isEmpty || random.chance(60) {
                adopted.append(plan.name)
                callbacks += references(plan)
            }
            lines.append("    delegate \(typeName()): \(adopted.joined(separator: ", "))")
        } else {
            callbacks = protocols.flatMap { $0.methods.map(\.selector) } + (ownClass?.methods.map(\.selector) ?? [])
        }

        // States: a tree; the first child of every composite, and the first top-level state, are initial.
        var states: [StatePlan] = []
        var stateNames: Set<String> = []
        func addStates(parent: Int?, depth: Int, count: Int) {
            for _ in 0..<count {
                let index = states.count
                states.append(StatePlan(name: self.name(&stateNames), parent: parent))
                if let parent { states[parent].children.append(index) }
                if depth < 3 && random.chance(25) {
                    addStates(parent: index, depth: depth + 1, count: 1 + random.below(3))
                } else if depth == 0 && random.chance(3) {
                    // Now and then, a deep chain of composites.
                    var current = index
                    for _ in 0..<(5 + random.below(20)) {
                        let child = states.count
                        states.append(StatePlan(name: self.name(&stateNames, keywords: false), parent: current))
                        states[current].children.append(child)
                        current = child
                    }
                }
            }
        }
        addStates(parent: nil, depth: 0, count: 1 + random.below(4))
        if random.chance(50) {
            states.append(StatePlan(name: self.name(&stateNames), parent: nil, isFinal: true))
        }
        func isInitial(_ index: Int) -> Bool {
            guard let parent = states[index].parent else { return index == 0 }
            return states[parent].children.first == index
        }
        var events: Set<String> = []
        /// The clauses after a transition's states: an event of its own, maybe a trigger,
        /// callbacks and a description.
        func clauses() -> String {
            var line = " on \(self.name(&events))"
            switch random.below(3) {
            case 0: line += " by user"
            case 1: line += " by system"
            default: break
            }
            if !callbacks.isEmpty && random.chance(70) {
                var list: [String] = []
                for _ in 0..<(1 + random.below(min(5, callbacks.count))) {
                    let callback = random.pick(callbacks)
                    if !list.contains(callback) { list.append(callback) }
                }
                line += " calls " + list.joined(separator: random.chance(30) ? " ,  " : ", ")
            }
            return line + maybeDescription(40)
        }
        func emit(_ index: Int, indent: String) {
            let state = states[index]
            let modifier = state.isFinal ? "final " : isInitial(index) ? "initial " : ""
            var line = "\(indent)\(modifier)state \(state.name)\(maybeDescription())"
            // Now and then, internal transitions in the state's body (a final state has none).
            let internals = state.isFinal || !random.chance(state.children.isEmpty ? 10 : 30) ? 0 : 1 + random.below(2)
            if state.children.isEmpty && internals == 0 {
                lines.append(maybeComment(indent: indent) + line)
                return
            }
            line += " {"
            lines.append(line)
            for _ in 0..<internals { lines.append("\(indent)    internal" + clauses()) }
            for child in state.children { emit(child, indent: indent + "    ") }
            lines.append("\(indent)}")
        }
        for index in states.indices where states[index].parent == nil { emit(index, indent: "    ") }

        // Transitions.
        let leaves = states.indices.filter { states[$0].children.isEmpty && !states[$0].isFinal }
        let final = states.indices.first { states[$0].isFinal }
        var called: [String] = []
        func ancestors(_ index: Int) -> [Int] {
            var result: [Int] = []
            var current = states[index].parent
            while let c = current { result.append(c); current = states[c].parent }
            return result
        }
        /// The outermost composite that `leaf` is the entry of, or the leaf itself.
        func entryTarget(_ leaf: Int) -> Int {
            var target = leaf
            while let parent = states[target].parent, states[parent].children.first == target, random.chance(50) {
                target = parent
            }
            return target
        }
        func transition(_ source: Int, _ target: Int, needsEvent: Bool) {
            // Every transition has an event: one without is an error.
            var line = "    \(states[source].name) -> \(states[target].name) on \(self.name(&events))"
            switch random.below(3) {
            case 0: line += " by user"
            case 1: line += " by system"
            default: break
            }
            if !callbacks.isEmpty && random.chance(70) {
                var list: [String] = []
                for _ in 0..<(1 + random.below(min(5, callbacks.count))) {
                    let callback = random.pick(callbacks)
                    if !list.contains(callback) { list.append(callback) }
                }
                called += list
                line += " calls " + list.joined(separator: random.chance(30) ? " ,  " : ", ")
            }
            line += maybeDescription(40)
            lines.append(maybeComment(indent: "    ") + line)
        }
        for (position, leaf) in leaves.enumerated() {
            let next = position + 1 < leaves.count ? leaves[position + 1] : (final ?? leaves[0])
            transition(leaf, entryTarget(next), needsEvent: false)
        }
        for _ in 0..<random.below(4) {
            let source = random.pick(leaves)
            switch random.below(3) {
            case 0: transition(source, source, needsEvent: true)
            case 1:
                let composites = ancestors(source)
                if let composite = composites.first {
                    // Not from a composite to itself: that warns (an internal transition stays).
                    let from = random.pick(composites)
                    transition(from, random.chance(50) && from != composite ? composite : random.pick(leaves), needsEvent: true)
                }
            default: transition(source, entryTarget(random.pick(leaves)), needsEvent: true)
            }
        }
        if let required = called.first, random.chance(40) {
            lines.append("    require \(required)\(maybeDescription())")
        }
        lines.append("}")
        return lines.joined(separator: "\n")
    }
}
