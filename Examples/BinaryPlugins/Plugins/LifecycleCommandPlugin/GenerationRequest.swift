/// The command plugin's arguments, and the `lifecycle` invocations they mean for one spec.
struct GenerationRequest {
    /// What to generate from each spec.
    enum Action: String, CaseIterable {
        case swift, render, dot
    }

    /// A usage problem or a failed run, shown by SwiftPM as the plugin's error.
    struct Failure: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    static let usage = "usage: swift package --allow-writing-to-package-directory lifecycle [swift] [render] [dot] [--target <name>]... [--output-dir <dir>]"

    var actions: [Action] = []
    var targetNames: [String] = []
    var outputDirectory: String?

    /// Parses `[swift] [render] [dot] [--target NAME]... [--output-dir DIR]`.
    init(_ arguments: [String]) throws {
        var index = 0
        func value(of option: String) throws -> String {
            index += 1
            guard index < arguments.count else { throw Failure(message: "'\(option)' needs a value\n\(Self.usage)") }
            return arguments[index]
        }
        while index < arguments.count {
            let argument = arguments[index]
            switch argument {
            case "--target": targetNames.append(try value(of: argument))
            case "--output-dir": outputDirectory = try value(of: argument)
            default:
                guard let action = Action(rawValue: argument) else {
                    throw Failure(message: "unknown argument '\(argument)'; expected swift, render, dot, --target or --output-dir\n\(Self.usage)")
                }
                if !actions.contains(action) { actions.append(action) }
            }
            index += 1
        }
        if actions.isEmpty { actions = [.swift, .render] }
        actions.sort { Action.allCases.firstIndex(of: $0)! < Action.allCases.firstIndex(of: $1)! }
    }

    /// The files an invocation writes: the values of its `-o` and `--update`.
    static func outputs(of invocation: [String]) -> [String] {
        zip(invocation, invocation.dropFirst()).compactMap { option, value in option == "-o" || option == "--update" ? value : nil }
    }

    /// The `lifecycle` argument lists for `spec` (relative to the package), in order.
    /// `swiftFiles` are the target's Swift files; `exists` tells whether a package-relative path exists.
    func invocations(spec: String, swiftFiles: [String], exists: (String) -> Bool) -> [[String]] {
        let base = String(spec.split(separator: "/").last!.dropLast(".lifecycle".count))
        let folder = outputDirectory ?? (spec.contains("/") ? String(spec[..<spec.lastIndex(of: "/")!]) : ".")
        func output(_ suffix: String) -> String { folder == "." ? base + suffix : "\(folder)/\(base)\(suffix)" }
        return actions.map { action in
            switch action {
            case .swift:
                // The target's other files: what they declare is not declared again (a delegate
                // class they declare gets an extension), so the target still builds.
                let file = output(".swift")
                let others = swiftFiles.filter { $0 != file }.flatMap { ["--impl", $0] }
                guard exists(file) else { return ["swift", spec, "-o", file] + others }
                return ["swift", spec, "--update", file] + others
            case .render:
                return ["render", spec, "-o", output(".svg")]
            case .dot:
                return ["dot", spec, "-o", output(".dot")]
            }
        }
    }
}
