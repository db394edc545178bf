import LifecycleCompiler

/// An option a command accepts.
struct OptionSpec {
    /// `--impl`, or `-o` for short ones.
    var name: String
    /// Other spellings, e.g. `--output` for `-o`.
    var aliases: [String] = []
    var valueName: String?
    var help: String

    var takesValue: Bool { valueName != nil }
}

/// A command line split into positional arguments, flags and option values.
struct Arguments {
    var positionals: [String] = []
    private var values: [String: [String]] = [:]

    func has(_ name: String) -> Bool { values[name] != nil }
    /// The last value given for an option.
    func value(_ name: String) -> String? { values[name]?.last }
    /// Every value given for a repeatable option, in order.
    func all(_ name: String) -> [String] { values[name] ?? [] }

    struct UsageError: Error {
        var message: String
    }

    /// Parses `arguments` against `options`: `--name value`, `--name=value`, `-o value`,
    /// flags, and `--` to end options. An unknown option is an error with a suggestion.
    static func parse(_ arguments: [String], options: [OptionSpec]) throws(UsageError) -> Arguments {
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
                let suggestion = Suggestions.bestMatch(for: name, in: known)
                throw UsageError(message: "unknown option '\(name)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? ""))
            }
            if spec.takesValue {
                if let inlineValue {
                    result.values[spec.name, default: []].append(inlineValue)
                } else if index < arguments.count {
                    result.values[spec.name, default: []].append(arguments[index])
                    index += 1
                } else {
                    throw UsageError(message: "option '\(name)' needs a value (\(spec.valueName!))")
                }
            } else {
                if inlineValue != nil { throw UsageError(message: "option '\(name)' takes no value") }
                result.values[spec.name, default: []].append("")
            }
        }
        return result
    }
}
