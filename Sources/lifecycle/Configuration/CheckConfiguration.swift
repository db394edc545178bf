import LifecycleCompiler

/// `check --config lifecycle.json`: options for `check` kept in a file, read at check time (the
/// build-tool plugin passes the target's `lifecycle.json` this way, so editing it takes effect
/// on the next build).
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
/// The file stands for command-line options, added before the arguments are parsed:
/// `warningsAsErrors: true` is `--warnings-as-errors`, `platform` is `--platform VALUE` (unless
/// the command line has them). `specs` maps a spec, by its path relative to the file, to what its
/// delegates are checked against: `swift` replaces the `--impl` files (paths relative to the
/// file; `[]` checks the spec alone, without the `--info-plist` the plugin passes), and `machines` replaces `--only-declared` and `--machine`
/// with exactly those machines, whose delegate classes must then be declared. Without
/// `machines`, each machine whose delegate class the files declare is checked
/// (`--only-declared`). Unknown keys are errors, so a misspelt setting does not go unnoticed.
enum CheckConfiguration {
    static let option = OptionSpec(name: "--config", valueName: "file",
                                   help: "Read options from a JSON file: warningsAsErrors, platform, and per spec the Swift files and machines to check.")

    /// What one spec is checked against.
    struct SpecChoice {
        var machines: [String]?
        var swift: [String]?
    }

    /// The file's settings.
    struct Settings {
        var warningsAsErrors = false
        var platform: String?
        var specs: [(path: String, choice: SpecChoice)] = []
    }

    /// A problem with the file, at a byte offset in it.
    struct Problem: Error {
        var message: String
        var offset: Int
    }

    /// `raw` (a `check` command line) with the file `--config` names applied; `raw` itself when
    /// there is no `--config`, or when the arguments don't parse (then `check` reports that).
    static func apply(to raw: [String]) throws(CLIError) -> [String] {
        guard let parsed = try? Arguments.parse(raw, options: CheckCommand.options),
              let path = parsed.value(option) else { return raw }
        let bytes: [UInt8]
        switch FileSystem.contents(of: path) {
        case .failure(let failure): throw .cannotRead(path, failure.message)
        case .success(nil): throw .cannotRead(path, "No such file or directory")
        case .success(let contents?): bytes = contents
        }
        let settings: Settings
        do {
            settings = try read(bytes)
        } catch {
            throw .file(FileProblem(path: path, at: position(of: error.offset, in: bytes), message: error.message,
                                    status: .inputErrors))
        }
        return try expand(raw, parsed, with: settings, folder: folder(of: path))
    }

    /// The options the settings stand for, added to `raw`.
    static func expand(_ raw: [String], _ parsed: Arguments, with settings: Settings, folder: String) throws(CLIError) -> [String] {
        var extra: [String] = []
        if settings.warningsAsErrors && !parsed.has(DiagnosticOptions.warningsAsErrors) { extra.append(DiagnosticOptions.warningsAsErrors.name) }
        if let platform = settings.platform, !parsed.has(CheckCommand.platform) { extra += [CheckCommand.platform.name, platform] }
        let chosen = parsed.positionals.compactMap { spec in
            settings.specs.first { $0.path == relativePath(spec, to: folder) }?.choice
        }
        var kept = raw
        if let choice = chosen.first {
            guard parsed.positionals.count == 1 else {
                throw .usage("'--config' names files for a spec; check that spec on its own")
            }
            if let swift = choice.swift {
                // No Swift files: no Info.plist either (it is read with them).
                kept = removing([CheckCommand.impl, CheckCommand.onlyDeclared] + (swift.isEmpty ? [CheckCommand.infoPlist] : []), from: kept)
                for file in swift { extra += [CheckCommand.impl.name, folder.isEmpty ? file : folder + "/" + file] }
            }
            if let machines = choice.machines {
                kept = removing([CheckCommand.machine, CheckCommand.onlyDeclared], from: kept)
                for machine in machines { extra += [CheckCommand.machine.name, machine] }
            } else if !(choice.swift?.isEmpty ?? false) && !kept.contains(CheckCommand.onlyDeclared.name) {
                extra.append(CheckCommand.onlyDeclared.name)
            }
        }
        // Options go before a `--`, after which everything is a spec path.
        let end = kept.firstIndex(of: "--") ?? kept.endIndex
        kept.insert(contentsOf: extra, at: end)
        return kept
    }

    /// `raw` without `options` (with their values, in either `--name value` or `--name=value`
    /// form) before any `--`.
    static func removing(_ options: [OptionSpec], from raw: [String]) -> [String] {
        var result: [String] = []
        var index = 0
        while index < raw.count {
            let argument = raw[index]
            if argument == "--" { result += raw[index...]; break }
            let name = argument.split(separator: "=", maxSplits: 1).first.map(String.init) ?? argument
            if let option = options.first(where: { $0.name == name }) {
                index += option.takesValue && !argument.contains("=") ? 2 : 1
                continue
            }
            result.append(argument)
            index += 1
        }
        return result
    }

    // MARK: - Reading the file

    static func read(_ bytes: [UInt8]) throws(Problem) -> Settings {
        let document: LocatedJSON
        do { document = try LocatedJSON.parse(bytes) } catch { throw Problem(message: error.message, offset: error.offset) }
        var settings = Settings()
        for member in try members(document, expected: ["warningsAsErrors", "platform", "specs"], in: "the file") {
            let (key, value) = (member.key, member.value)
            switch key {
            case "warningsAsErrors":
                guard case .bool(let flag) = value.kind else { throw mismatch(key, "true or false", value) }
                settings.warningsAsErrors = flag
            case "platform":
                guard case .string(let platform) = value.kind else { throw mismatch(key, "a string", value) }
                settings.platform = platform
            default:
                guard case .object(let specs) = value.kind else { throw mismatch(key, "an object mapping spec paths to objects", value) }
                for spec in specs {
                    var choice = SpecChoice()
                    for field in try members(spec.value, expected: ["machines", "swift"], in: "'\(spec.key)'") {
                        let strings = try strings(field.value, "'\(field.key)' of '\(spec.key)'")
                        if field.key == "machines" { choice.machines = strings } else { choice.swift = strings }
                    }
                    settings.specs.append((spec.key, choice))
                }
            }
        }
        return settings
    }

    /// The members of an object, each key one of `expected` (else an error with a suggestion).
    static func members(_ value: LocatedJSON, expected: [String], in place: String) throws(Problem) -> [LocatedJSON.Member] {
        guard case .object(let members) = value.kind else {
            throw Problem(message: "expected an object for \(place), not \(value.kindName)", offset: value.offset)
        }
        for member in members where !expected.contains(member.key) {
            let suggestion = Suggestions.bestMatch(for: member.key, in: expected)
            let hint = suggestion == nil ? "; expected \(expected.map { "'\($0)'" }.joined(separator: ", "))" : Suggestions.didYouMean(suggestion)
            throw Problem(message: "unknown key '\(member.key)' in \(place)" + hint, offset: member.keyOffset)
        }
        return members
    }

    static func strings(_ value: LocatedJSON, _ name: String) throws(Problem) -> [String] {
        guard case .array(let elements) = value.kind else { throw mismatch(name, "an array of strings", value) }
        var result: [String] = []
        for element in elements {
            guard case .string(let text) = element.kind else { throw mismatch(name, "an array of strings", element) }
            result.append(text)
        }
        return result
    }

    static func mismatch(_ name: String, _ expected: String, _ value: LocatedJSON) -> Problem {
        Problem(message: "\(name) must be \(expected), not \(value.kindName)", offset: value.offset)
    }

    // MARK: - Paths and positions

    /// The folder part of `path` ("" for a bare file name).
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// `path` relative to `folder` when it lies below it; otherwise `path` as given.
    static func relativePath(_ path: String, to folder: String) -> String {
        var path = Substring(path)
        while path.hasPrefix("./") { path = path.dropFirst(2) }
        guard !folder.isEmpty else { return String(path) }
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : String(path)
    }

    /// 1-based line and column (in characters) of a byte offset.
    static func position(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        let end = min(max(offset, 0), bytes.count)
        let before = bytes[..<end]
        let line = 1 + before.filter { $0 == 0x0A }.count
        let lineStart = (before.lastIndex(of: 0x0A).map { $0 + 1 }) ?? 0
        let column = 1 + String(decoding: bytes[lineStart..<end], as: UTF8.self).count
        return (line, column)
    }
}
