import LifecycleCompiler

/// An option a command accepts, declared once (as a constant of its command or of an option
/// group) and looked up by that constant, never by a spelled name.
struct OptionSpec: Sendable {
    /// `--impl`, or `-o` for short ones.
    var name: String
    /// Other spellings, e.g. `--output` for `-o`.
    var aliases: [String] = []
    var valueName: String?
    var help: String
    /// How the usage line shows the value when not as `<valueName>`: the words a choice
    /// takes (`text|json`).
    var usageValue: String?
    /// Whether the option may be given more than once, each value kept (`--impl`): `...` in
    /// the usage line.
    var repeatable = false

    /// `--name <value>`, as the usage line shows the option (`value` instead of its own).
    func synopsis(value: String? = nil) -> String {
        guard let shown = value ?? usageValue ?? valueName.map({ "<\($0)>" }) else { return name }
        return name + " " + shown
    }

    /// The same option, declared repeatable (a command that keeps every value).
    var repeated: OptionSpec {
        var copy = self
        copy.repeatable = true
        return copy
    }
}

/// A positional argument a command takes, for its usage line and help.
struct ArgumentSpec: Sendable {
    enum Count {
        /// Exactly one: `<file>`.
        case one
        /// One or more: `<file>...`.
        case oneOrMore
        /// Any number, none included: `[<event>...]`.
        case any
    }

    /// `<file>`.
    var name: String
    var help: String
    var count = Count.one

    init(_ name: String, _ help: String, count: Count = .one) {
        self.name = name
        self.help = help
        self.count = count
    }

    var synopsis: String {
        switch count {
        case .one: name
        case .oneOrMore: name + "..."
        case .any: "[\(name)...]"
        }
    }
}

/// A piece of a usage line made of declared options, for the options a command shows in a
/// shape of their own (required, alternatives, one only with another); `Command.usage` lists
/// every other option after them.
indirect enum UsageTerm: Sendable {
    /// `--name <value>`, required; `value` shows the value otherwise than the option does.
    case option(OptionSpec, value: String? = nil)
    /// `[terms]`, or `[--name <value>]...` for one repeatable option.
    case optional([UsageTerm])
    /// `(a | b)` when one must be given, `[a | b]` when neither need be.
    case oneOf([[UsageTerm]], required: Bool)

    /// An option in brackets: how the usage line shows an option that is not required.
    static func optional(_ option: OptionSpec) -> UsageTerm { .optional([.option(option)]) }

    var text: String {
        switch self {
        case .option(let option, let value):
            return option.synopsis(value: value)
        case .optional(let terms):
            let text = "[" + terms.map(\.text).joined(separator: " ") + "]"
            if terms.count == 1, case .option(let option, _) = terms[0], option.repeatable { return text + "..." }
            return text
        case .oneOf(let alternatives, let required):
            let inner = alternatives.map { $0.map(\.text).joined(separator: " ") }.joined(separator: " | ")
            return required ? "(\(inner))" : "[\(inner)]"
        }
    }

    /// The options the term names.
    var options: [OptionSpec] {
        switch self {
        case .option(let option, _): [option]
        case .optional(let terms): terms.flatMap(\.options)
        case .oneOf(let alternatives, _): alternatives.flatMap { $0.flatMap(\.options) }
        }
    }
}

/// A command line split into positional arguments, flags and option values; the typed
/// readers below turn values into what commands use, and every bad value into a usage error.
struct Arguments {
    var positionals: [String] = []
    private var values: [String: [String]] = [:]

    /// Whether the option (a flag, or one taking a value) was given.
    func has(_ option: OptionSpec) -> Bool { values[option.name] != nil }
    /// The last value given for an option.
    func value(_ option: OptionSpec) -> String? { values[option.name]?.last }
    /// Every value given for a repeatable option, in order.
    func all(_ option: OptionSpec) -> [String] { values[option.name] ?? [] }

    /// The value of an option that takes one of a fixed set of words (`--color`, `--format`,
    /// `--to`, …), limited to `accepted`; nil when the option is absent.
    func choice<Value: RawRepresentable>(_ option: OptionSpec, of accepted: [Value]) throws(CLIError) -> Value?
        where Value.RawValue == String {
        guard let text = value(option) else { return nil }
        guard let chosen = accepted.first(where: { $0.rawValue == text }) else {
            let names = accepted.map(\.rawValue)
            throw .usage("'\(option.name)' takes \(Self.list(names)), not '\(text)'" + Suggestions.didYouMean(text, in: names))
        }
        return chosen
    }

    /// The value of an option that takes a whole number of at least `minimum`; nil when absent.
    func number(_ option: OptionSpec, minimum: Int) throws(CLIError) -> Int? {
        guard let text = value(option) else { return nil }
        guard let number = Int(text), number >= minimum else {
            throw .usage("'\(option.name)' takes a \(minimum > 0 ? "positive " : "")whole number, not '\(text)'")
        }
        return number
    }

    /// The only positional argument, named `what` in messages ("spec file").
    func single(_ what: String) throws(CLIError) -> String {
        guard let first = positionals.first else { throw .usage("missing \(what) argument") }
        guard positionals.count == 1 else { throw .usage("unexpected argument '\(positionals[1])'") }
        return first
    }

    /// The first positional argument (more may follow), named `what` in messages.
    func first(_ what: String) throws(CLIError) -> String {
        guard let first = positionals.first else { throw .usage("missing \(what) argument") }
        return first
    }

    /// `a`, `a or b`, `a, b or c` (`Suggestions.orList`, as every message lists).
    static func list(_ words: [String]) -> String { Suggestions.orList(words) }

    /// Parses `arguments` against `options`: `--name value`, `--name=value`, `-o value`,
    /// flags, and `--` to end options. An unknown option is an error with a suggestion, and so
    /// is an option given twice (under any of its spellings) that is not `repeatable`: taking
    /// one of two values would silently drop the other.
    static func parse(_ arguments: [String], options: [OptionSpec]) throws(CLIError) -> Arguments {
        var result = Arguments()
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
                result.positionals.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            var name = argument
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            guard let spec = options.first(where: { $0.name == name || $0.aliases.contains(name) }) else {
                let known = options.flatMap { [$0.name] + $0.aliases } + ["--help"]
                throw .usage("unknown option '\(name)'" + Suggestions.didYouMean(name, in: known))
            }
            let value: String
            if let valueName = spec.valueName {
                if let inlineValue {
                    value = inlineValue
                } else if index < arguments.count {
                    value = arguments[index]
                    index += 1
                } else {
                    throw .usage("option '\(name)' needs a value (\(valueName))")
                }
            } else {
                if inlineValue != nil { throw .usage("option '\(name)' takes no value") }
                value = ""
            }
            if !spec.repeatable, let earlier = result.values[spec.name]?.first {
                throw .usage(givenTwice(spec, earlier, value))
            }
            result.values[spec.name, default: []].append(value)
        }
        return result
    }

    /// `'--machine' is given twice ('Sync' and 'Camera'); it takes one value`.
    static func givenTwice(_ spec: OptionSpec, _ first: String, _ second: String) -> String {
        guard spec.valueName != nil else { return "'\(spec.name)' is given twice; give it once" }
        let values = first == second ? "'\(first)' both times" : "'\(first)' and '\(second)'"
        return "'\(spec.name)' is given twice (\(values)); it takes one value"
    }
}
