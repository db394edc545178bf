import LifecycleCompiler

/// `check --config lifecycle.json`: options for `check` kept in a file, read at check time (the
/// build-tool plugin passes the target's `lifecycle.json` this way, so editing it takes effect
/// on the next build).
///
/// ```json
/// {
///   "warningsAsErrors": true,
///   "platform": "iOS 15.0",
///   "infoPlist": "Support/App-Info.plist",
///   "defines": ["DEBUG"],
///   "specs": {
///     "Player.lifecycle": { "machines": ["Playback"], "swift": ["PlaybackController.swift", "Player+Errors.swift"] },
///     "Legacy.lifecycle": { "swift": [] }
///   }
/// }
/// ```
///
/// The file is merged into `check`'s options once, after the command line is parsed:
/// `warningsAsErrors: true` is `--warnings-as-errors`, `platform` is `--platform` (unless the
/// command line has it), `infoPlist` is `--info-plist` (a path relative to the file; the
/// build-tool plugin then passes none of its own), `defines` is `--define` for each flag (unless the command line has
/// one). `specs` maps a spec, by its path relative to the file, to what its
/// delegates are checked against: `swift` replaces the `--impl` files (paths relative to the
/// file; `[]` checks the spec alone, without the `--info-plist` the plugin passes), and `machines` replaces `--only-declared` and `--machine`
/// with exactly those machines, whose delegate classes must then be declared. Without
/// `machines`, each machine whose delegate class the files declare is checked
/// (`--only-declared`). Unknown keys and a platform that is not one are errors, located in the
/// file, so a misspelt setting does not go unnoticed.
enum CheckConfiguration {
    static let option = OptionSpec(name: "--config", valueName: "file",
                                   help: "Read options from a JSON file: warningsAsErrors, platform, infoPlist, defines, and per spec the Swift files and machines to check.")

    /// What one spec is checked against.
    struct SpecChoice {
        var machines: [String]?
        var swift: [String]?
    }

    /// The file's settings.
    struct Settings {
        var warningsAsErrors = false
        var platform: Platform?
        /// The app's Info.plist, relative to the file.
        var infoPlist: String?
        /// The custom `#if` flags the app is built with.
        var defines: [String]?
        var specs: [(path: String, choice: SpecChoice)] = []
        /// The folder of the file, which its paths are relative to.
        var folder = ""

        /// Merges the settings into `options`: the command line's `--warnings-as-errors` and
        /// `--platform` win; the entry of the spec checked replaces its `--impl`, `--machine`
        /// and `--only-declared`.
        func apply(to options: inout CheckCommand.Options) throws(CLIError) {
            options.diagnostics.warningsAsErrors = options.diagnostics.warningsAsErrors || warningsAsErrors
            options.platform = options.platform ?? platform
            if options.infoPlist == nil, let infoPlist, !options.impl.isEmpty {
                options.infoPlist = infoPlist.hasPrefix("/") || folder.isEmpty ? infoPlist : folder + "/" + infoPlist
            }
            options.defines = options.defines ?? defines
            let chosen = options.specs.compactMap { spec in specs.first { $0.path == relativePath(spec, to: folder) }?.choice }
            guard let choice = chosen.first else { return }
            guard options.specs.count == 1 else { throw .usage("'--config' names files for a spec; check that spec on its own") }
            if let swift = choice.swift {
                options.impl = swift.map { folder.isEmpty ? $0 : folder + "/" + $0 }
                options.onlyDeclared = false
                // No Swift files: no Info.plist either (it is read with them).
                if swift.isEmpty { options.infoPlist = nil }
            }
            if let machines = choice.machines {
                options.machines = machines
                options.onlyDeclared = false
            } else if choice.swift != [] {
                options.onlyDeclared = true
            }
        }
    }

    /// A problem with the file, at a byte offset in it.
    struct Problem: Error {
        var message: String
        var offset: Int
    }

    /// The settings of the file at `path`; a file that cannot be read or is wrong is an error
    /// located in it.
    static func load(_ path: String) throws(CLIError) -> Settings {
        let bytes: [UInt8]
        switch FileSystem.contents(of: path) {
        case .failure(let failure): throw .cannotRead(path, failure.message)
        case .success(nil): throw .cannotRead(path, "No such file or directory")
        case .success(let contents?): bytes = contents
        }
        do {
            var settings = try read(bytes)
            settings.folder = folder(of: path)
            return settings
        } catch {
            throw .file(FileProblem(path: path, at: position(of: error.offset, in: bytes), message: error.message,
                                    status: .inputErrors))
        }
    }

    // MARK: - Reading the file

    static func read(_ bytes: [UInt8]) throws(Problem) -> Settings {
        let document: LocatedJSON
        do { document = try LocatedJSON.parse(bytes) } catch { throw Problem(message: error.message, offset: error.offset) }
        var settings = Settings()
        for member in try members(document, expected: ["warningsAsErrors", "platform", "infoPlist", "defines", "specs"], in: "the file") {
            let (key, value) = (member.key, member.value)
            switch key {
            case "warningsAsErrors":
                guard case .bool(let flag) = value.kind else { throw mismatch(key, "true or false", value) }
                settings.warningsAsErrors = flag
            case "platform":
                guard case .string(let text) = value.kind else { throw mismatch(key, "a string", value) }
                guard let platform = Platform(text) else {
                    throw Problem(message: "'platform' takes a platform and a version such as \"iOS 15.0\", not '\(text)'",
                                  offset: value.offset)
                }
                settings.platform = platform
            case "infoPlist":
                guard case .string(let path) = value.kind, !path.isEmpty else { throw mismatch(key, "a path", value) }
                settings.infoPlist = path
            case "defines":
                settings.defines = try strings(value, "'defines'")
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
