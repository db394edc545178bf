import LifecycleCompiler

/// An option a command accepts, declared once (as a constant of its command or of an option
/// group) and looked up by that constant, never by a spelled name.
struct OptionSpec {
    /// `--impl`, or `-o` for short ones.
    var name: String
    /// Other spellings, e.g. `--output` for `-o`.
    var aliases: [String] = []
    var valueName: String?
    var help: String

    var takesValue: Bool { valueName != nil }
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

    /// `a`, `a or b`, `a, b or c`.
    static func list(_ words: [String]) -> String {
        guard words.count > 1 else { return words.first ?? "" }
        return words.dropLast().joined(separator: ", ") + " or " + words.last!
    }

    /// Parses `arguments` against `options`: `--name value`, `--name=value`, `-o value`,
    /// flags, and `--` to end options. An unknown option is an error with a suggestion.
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
            if let valueName = spec.valueName {
                if let inlineValue {
                    result.values[spec.name, default: []].append(inlineValue)
                } else if index < arguments.count {
                    result.values[spec.name, default: []].append(arguments[index])
                    index += 1
                } else {
                    throw .usage("option '\(name)' needs a value (\(valueName))")
                }
            } else {
                if inlineValue != nil { throw .usage("option '\(name)' takes no value") }
                result.values[spec.name, default: []].append("")
            }
        }
        return result
    }
}
