import Foundation

/// `lifecycle.json`, the build-tool plugin's optional per-target configuration, in the
/// target's folder (in an Xcode project: among the target's files):
///
/// ```json
/// {
///   "warningsAsErrors": true,
///   "platform": "ios",
///   "specs": {
///     "Player.lifecycle": { "machines": ["Playback"], "swift": ["PlaybackController.swift", "Player+Errors.swift"] },
///     "Legacy.lifecycle": { "swift": [] }
///   }
/// }
/// ```
///
/// - `warningsAsErrors` adds `--warnings-as-errors`; `platform` adds `--platform VALUE`.
/// - `specs` maps a spec (its path relative to this file) to the Swift files (relative to this
///   file) its delegates are checked against, and the machines to check. Without `swift`, every
///   Swift file of the target; `[]` checks the spec alone. Without `machines`, each machine
///   whose delegate class those files declare; with it, exactly those machines, and a delegate
///   class the files do not declare is an error. Specs not listed get the defaults.
///
/// Unknown keys are errors, so a misspelt option does not go unnoticed.
struct PluginConfiguration {
    /// What one spec is checked against.
    struct SpecChoice {
        var machines: [String]?
        var swift: [String]?
    }

    static let fileName = "lifecycle.json"

    var warningsAsErrors = false
    var platform: String?
    var specs: [String: SpecChoice] = [:]

    /// A configuration problem, reported as `lifecycle.json: error: …`.
    struct Problem: Error, CustomStringConvertible {
        var file: URL
        var message: String
        var description: String { "\(file.path): error: \(message)" }
    }

    init() {}

    /// Reads and validates the file at `url`.
    static func load(_ url: URL) throws -> PluginConfiguration {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: Data(contentsOf: url))
        } catch {
            throw Problem(file: url, message: "not valid JSON: \(error.localizedDescription)")
        }
        guard let top = object as? [String: Any] else {
            throw Problem(file: url, message: "expected a JSON object with 'warningsAsErrors', 'platform' and 'specs'")
        }
        var configuration = PluginConfiguration()
        try expectKeys(top, in: ["warningsAsErrors", "platform", "specs"], at: "", url)
        if let value = top["warningsAsErrors"] {
            guard let flag = value as? Bool else { throw Problem(file: url, message: "'warningsAsErrors' must be true or false") }
            configuration.warningsAsErrors = flag
        }
        if let value = top["platform"] {
            guard let platform = value as? String else { throw Problem(file: url, message: "'platform' must be a string") }
            configuration.platform = platform
        }
        if let value = top["specs"] {
            guard let specs = value as? [String: Any] else {
                throw Problem(file: url, message: "'specs' must map spec paths to objects")
            }
            for (spec, value) in specs {
                guard let choice = value as? [String: Any] else {
                    throw Problem(file: url, message: "'specs.\(spec)' must be an object with 'machines' and 'swift'")
                }
                try expectKeys(choice, in: ["machines", "swift"], at: "specs.\(spec).", url)
                configuration.specs[spec] = SpecChoice(machines: try strings(choice["machines"], "specs.\(spec).machines", url),
                                                       swift: try strings(choice["swift"], "specs.\(spec).swift", url))
            }
        }
        return configuration
    }

    /// Every spec named in `specs` must be one of the target's.
    func validate(specs present: [String], file: URL?) throws {
        guard let file else { return }
        for name in specs.keys.sorted() where !present.contains(name) {
            throw Problem(file: file, message: "no spec '\(name)' in the target"
                          + (present.isEmpty ? "" : " (it has \(present.map { "'\($0)'" }.joined(separator: ", ")))"))
        }
    }

    static func expectKeys(_ object: [String: Any], in known: [String], at prefix: String, _ url: URL) throws {
        for key in object.keys.sorted() where !known.contains(key) {
            throw Problem(file: url, message: "unknown key '\(prefix)\(key)'; expected \(known.map { "'\($0)'" }.joined(separator: ", "))")
        }
    }

    static func strings(_ value: Any?, _ name: String, _ url: URL) throws -> [String]? {
        guard let value else { return nil }
        guard let list = value as? [String] else { throw Problem(file: url, message: "'\(name)' must be an array of strings") }
        return list
    }
}
