import Foundation
import Testing
import LifecycleCompiler

/// The Swift compiler's own parser, as a reference for lifecycle's reader of Swift
/// (`SwiftSourceScanner`): `Tests/SwiftSyntaxReference/reference.swift`, compiled with the
/// toolchain's `swiftc` against the parser libraries the toolchain ships (`usr/lib/swift/host`:
/// SwiftParser, SwiftSyntax, SwiftIfConfig, which the compiler itself uses for macros and
/// `#if`), once per source and toolchain, into a temporary folder. Where the toolchain lacks
/// them, `unavailable` says why.
enum SwiftSyntaxReference {
    static let source = Repository.root.appendingPathComponent("Tests/SwiftSyntaxReference/reference.swift")

    /// The toolchain's host library folder, or why there is none.
    static let host: Result<String, Failure> = {
        guard let swiftc = Shell.which("swiftc") else { return .failure(Failure(message: "no swiftc on PATH")) }
        guard let info = try? Shell.run(swiftc, ["-print-target-info"]), info.status == 0,
              let json = try? JSONSerialization.jsonObject(with: Data(info.stdout.utf8)) as? [String: Any],
              let paths = json["paths"] as? [String: Any], let resources = paths["runtimeResourcePath"] as? String else {
            return .failure(Failure(message: "'swiftc -print-target-info' gives no runtime resource path"))
        }
        let host = resources + "/host"
        guard FileManager.default.fileExists(atPath: host + "/SwiftParser.swiftmodule"),
              FileManager.default.fileExists(atPath: host + "/SwiftIfConfig.swiftmodule") else {
            return .failure(Failure(message: "the toolchain has no SwiftParser and SwiftIfConfig modules in \(host)"))
        }
        return .success(host)
    }()

    struct Failure: Error { var message: String }

    /// The built reference tool (built on first use).
    static let tool: Result<String, Failure> = {
        let host: String
        switch Self.host {
        case .failure(let failure): return .failure(failure)
        case .success(let found): host = found
        }
        guard let code = try? Data(contentsOf: source), let swiftc = Shell.which("swiftc") else {
            return .failure(Failure(message: "cannot read \(source.path)"))
        }
        let version = (try? Shell.run(swiftc, ["--version"]).stdout) ?? ""
        let key = String(SHA256.hex(Array(code) + Array(version.utf8)).prefix(16))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lifecycle-swiftsyntax-reference-\(key)")
        let binary = folder.appendingPathComponent("reference").path
        if FileManager.default.isExecutableFile(atPath: binary) { return .success(binary) }
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let partial = binary + ".\(ProcessInfo.processInfo.processIdentifier)"
        guard let result = try? Shell.run(swiftc, ["-O", source.path, "-I", host, "-L", host, "-lSwiftParser", "-lSwiftSyntax",
                                                   "-lSwiftIfConfig", "-lSwiftDiagnostics", "-Xlinker", "-rpath", "-Xlinker", host,
                                                   "-module-cache-path", folder.appendingPathComponent("cache").path, "-o", partial]),
              result.status == 0 else {
            return .failure(Failure(message: "the reference did not build against \(host)"))
        }
        _ = rename(partial, binary)
        return .success(binary)
    }()

    /// The modules the test's build can import: `SwiftBuildConfiguration.iOSModules`' present ones.
    static let modules = SwiftBuildConfiguration.iOSModules.filter(\.value).keys.sorted()

    /// The test's build, as `reference.swift`'s `TestBuild` describes it: an iOS device build,
    /// Swift 5.10 language mode, compiler 6.3, `-D DEBUG`, no features or attributes asked.
    static var build: SwiftBuildConfiguration {
        var build = SwiftBuildConfiguration.iOSApp
        build.flags = ["DEBUG": true]
        build.unlistedFlagsAreUnset = true
        build.modules = Dictionary(uniqueKeysWithValues: modules.map { ($0, true) })
        build.unlistedModulesAreMissing = true
        build.architectures = ["arm64": true]
        build.unlistedPlatformFactsAreFalse = true
        build.languageVersions = ([5, 10], [5, 10])
        build.compilerVersions = ([6, 3], [6, 3])
        return build
    }

    /// The reference's listing of each file (`nil` for one the parser recovered from errors in).
    static func listings(_ paths: [String], batch: Int = 400) throws -> [String: [String]?] {
        guard case .success(let tool) = tool else { return [:] }
        var result: [String: [String]?] = [:]
        let list = FileManager.default.temporaryDirectory.appendingPathComponent("lifecycle-reference-\(UUID().uuidString).txt")
        defer { try? FileManager.default.removeItem(at: list) }
        for start in stride(from: 0, to: paths.count, by: batch) {
            let chunk = paths[start..<min(paths.count, start + batch)]
            try chunk.joined(separator: "\n").write(to: list, atomically: true, encoding: .utf8)
            let run = try Shell.run(tool, [list.path, modules.joined(separator: ",")])
            guard run.status == 0 else { throw Failure(message: "the reference failed: \(run.stderr)") }
            var path: String?
            var lines: [String] = []
            var broken = false
            func flush() {
                if let path { result[path] = broken ? .some(nil) : .some(lines) }
            }
            for line in run.stdout.split(separator: "\n", omittingEmptySubsequences: false) {
                if line.hasPrefix("=== ") {
                    flush()
                    path = String(line.dropFirst(4))
                    lines = []
                    broken = false
                } else if line == "!syntax-error" || line == "!unreadable" {
                    broken = true
                } else if !line.isEmpty {
                    lines.append(String(line))
                }
            }
            flush()
        }
        return result
    }

    // MARK: - lifecycle's reader, in the reference's words

    /// What `SwiftSourceScanner` reads of `bytes`, as the reference prints it.
    static func listing(_ bytes: [UInt8]) -> [String] {
        let scan = SwiftSourceScanner(bytes: bytes).scanFile(readingProperties: true)
        func plain(_ text: String?) -> String { (text ?? "").filter { !$0.isWhitespace && $0 != "`" } }
        func clause(_ index: Int?) -> String { index.map { "@\(scan.ifClauses[$0].offset)" } ?? "-" }
        func attributes(_ list: [SwiftAttribute]) -> String {
            list.map { "@" + plain($0.name) + ($0.arguments.map { "(\(plain($0)))" } ?? "") }.joined(separator: ",")
        }
        func modifiers(_ set: SwiftModifiers) -> String { set.subtracting(.__setter_access).words.sorted().joined(separator: ",") }
        var lines: [String] = []
        for type in scan.types {
            let name = type.kind == .extension ? plain(type.extendedType) : plain(type.name)
            lines.append("type \(type.kind.rawValue) \(name) @\(type.declarationOffset) generic:\(plain(type.genericParameters)) "
                + "inherits:\(type.inheritedTypes.map(plain).joined(separator: ",")) attrs:\(attributes(type.attributes)) "
                + "mods:\(modifiers(type.modifiers)) clause:\(clause(type.clause))")
            for method in type.methods {
                let params = method.parameters.map { parameter -> String in
                    "\(plain(parameter.label ?? "_")) \(plain(parameter.name)):\(plain(parameter.type))" + (parameter.defaultValue.map { "=" + plain($0) } ?? "")
                }.joined(separator: ";")
                let throwing = method.thrownType.map { "(\(plain($0)))" } ?? (method.isThrowing ? "1" : "0")
                lines.append("func \(plain(method.selector)) @\(method.offset) in:@\(type.declarationOffset) generic:\(plain(method.genericParameters)) "
                    + "params:\(params) async:\(method.isAsync ? 1 : 0) throws:\(throwing) ret:\(plain(method.returnType)) "
                    + "body:\(method.body != nil ? 1 : 0) attrs:\(attributes(method.attributes)) mods:\(modifiers(method.modifiers)) clause:\(clause(method.clause))")
            }
            for property in type.properties {
                lines.append("var \(plain(property.name)) @\(property.offset) in:@\(type.declarationOffset) let:\(property.isLet ? 1 : 0) "
                    + "type:\(plain(property.annotatedType)) attrs:\(attributes(property.attributes)) mods:\(modifiers(property.modifiers)) "
                    + "clause:\(clause(property.clause))")
            }
        }
        for alias in scan.typealiases {
            lines.append("typealias \(plain(alias.name)) @\(alias.offset) generic:\(plain(alias.genericParameters)) = \(plain(alias.type))")
        }
        for imported in scan.imports {
            lines.append("import \(plain(imported.module)) @\(imported.keywordOffset) clause:\(clause(imported.clause))")
        }
        let build = Self.build
        for region in scan.ifRegions {
            let clauses = region.clauses.map { index -> String in
                let clause = scan.ifClauses[index]
                let condition = clause.condition.map { range in
                    SwiftLexer(bytes: bytes, range: range).tokenize().map { String(decoding: bytes[$0.start..<$0.end], as: UTF8.self) }.joined()
                } ?? ""
                let active = scan.condition(ofClause: index, in: bytes).map { build.evaluate($0) == .true } ?? true
                return "\(clause.kind.rawValue) @\(clause.offset) \(plain(condition)) \(active ? "active" : "inactive")"
            }
            guard let first = region.clauses.first else { continue }
            lines.append("if @\(scan.ifClauses[first].offset) end:\(region.end.map { "@\($0)" } ?? "-") " + clauses.joined(separator: " | "))
        }
        return lines.sorted()
    }

    // MARK: - Real apps

    /// Public iOS apps whose snapshots the tests read where the workplace's `fetch` brought them
    /// (`/…/.mirror/OWNER+NAME/repo`, as the SDK's snapshot is found); their code is never copied
    /// into the project.
    static let apps = ["home-assistant+iOS", "duckduckgo+iOS", "Automattic+pocket-casts-ios", "mastodon+mastodon-ios",
                       "Dimillian+IceCubesApp", "Ranchero-Software+NetNewsWire", "Automattic+simplenote-ios", "owncloud+ios-app",
                       "wikimedia+wikipedia-ios", "kickstarter+ios-oss", "nextcloud+ios",
                       "mozilla-mobile+firefox-ios", "signalapp+Signal-iOS"]

    /// The snapshots present on this machine: each one's git folder.
    static let snapshots: [(name: String, gitDirectory: String)] = {
        let manager = FileManager.default
        let roots = ((try? manager.contentsOfDirectory(atPath: "/")) ?? []).sorted().map { "/\($0)/.mirror" }
        var found: [(String, String)] = []
        for app in apps {
            if let root = roots.first(where: { manager.fileExists(atPath: "\($0)/\(app)/repo") }) { found.append((app, "\(root)/\(app)/repo")) }
        }
        return found
    }()

    /// The Swift files of a snapshot, extracted once per commit into a temporary folder (a
    /// snapshot may lack its largest blobs: those are left out).
    static func swiftFiles(of snapshot: (name: String, gitDirectory: String)) throws -> [String] {
        let git = Shell.which("git") ?? "/usr/bin/git"
        let head = try Shell.run(git, ["--git-dir", snapshot.gitDirectory, "rev-parse", "HEAD"]).stdout.filter { !$0.isWhitespace }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lifecycle-snapshot-\(snapshot.name)-\(head.prefix(12))")
        let done = folder.appendingPathComponent(".extracted")
        if !FileManager.default.fileExists(atPath: done.path) {
            try? FileManager.default.removeItem(at: folder)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            // `MODE blob SHA\tPATH` for every file of HEAD; the Swift ones' blobs, in one batch.
            let tree = try Shell.run(git, ["--git-dir", snapshot.gitDirectory, "ls-tree", "-r", "-z", "HEAD"])
            var entries: [(sha: String, path: String)] = []
            for record in tree.stdout.split(separator: "\0") {
                let parts = record.split(separator: "\t", maxSplits: 1)
                guard parts.count == 2, parts[1].hasSuffix(".swift"), !parts[1].contains(".."),
                      let sha = parts[0].split(separator: " ").last, parts[0].contains(" blob ") else { continue }
                entries.append((String(sha), String(parts[1])))
            }
            let input = Data(entries.map { $0.sha + "\n" }.joined().utf8)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: git)
            process.arguments = ["--git-dir", snapshot.gitDirectory, "cat-file", "--batch"]
            let inPipe = Pipe(), outPipe = Pipe()
            process.standardInput = inPipe
            process.standardOutput = outPipe
            process.standardError = FileHandle.nullDevice
            try process.run()
            DispatchQueue.global().async {
                inPipe.fileHandleForWriting.write(input)
                try? inPipe.fileHandleForWriting.close()
            }
            let output = outPipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            // `SHA blob SIZE\n` CONTENT `\n`, or `SHA missing\n`.
            var index = output.startIndex
            for entry in entries {
                guard let lineEnd = output[index...].firstIndex(of: UInt8(ascii: "\n")) else { break }
                let header = String(decoding: output[index..<lineEnd], as: UTF8.self).split(separator: " ")
                index = output.index(after: lineEnd)
                guard header.count == 3, header[1] == "blob", let size = Int(header[2]) else { continue }
                let content = output[index..<(index + size)]
                index += size + 1
                let url = folder.appendingPathComponent(entry.path)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(content).write(to: url)
            }
            FileManager.default.createFile(atPath: done.path, contents: Data())
        }
        var files: [String] = []
        let enumerator = FileManager.default.enumerator(atPath: folder.path)
        while let next = enumerator?.nextObject() as? String {
            if next.hasSuffix(".swift") { files.append(folder.appendingPathComponent(next).path) }
        }
        return files.sorted()
    }
}

/// The C++ frontend's own parse (`swiftc -dump-parse -dump-ast-format json`): a second
/// reference for what it shows. It leaves out everything under `#if` and prints no inheritance
/// clause or signature text, so it is compared on the rest: each type's kind and name, and each
/// member function's selector and whether it is `static`/`class`, outside `#if` blocks.
enum FrontendDump {
    /// Per file: `type KIND NAME` and `func SELECTOR static:0|1 in:NAME` lines, sorted; nil when the frontend reports errors.
    static func listings(_ paths: [String]) throws -> [String: [String]] {
        guard let swiftc = Shell.which("swiftc") else { return [:] }
        // The frontend refuses two files of the same name in one run.
        var batches: [[String]] = []
        for path in paths {
            let name = URL(fileURLWithPath: path).lastPathComponent
            if let index = batches.firstIndex(where: { $0.count < 200 && !$0.contains { URL(fileURLWithPath: $0).lastPathComponent == name } }) {
                batches[index].append(path)
            } else {
                batches.append([path])
            }
        }
        var result: [String: [String]] = [:]
        while var batch = batches.popLast() {
            // Swift 6 parses bare regex literals (`/…/`); a file the frontend finds errors in
            // ends its run: it is left out, and the files after it are run again.
            let run = try Shell.run(swiftc, ["-swift-version", "6", "-dump-parse", "-dump-ast-format", "json"] + batch)
            defer {
                if let firstMissing = batch.firstIndex(where: { result[$0] == nil }), firstMissing + 1 < batch.count {
                    batch = Array(batch[(firstMissing + 1)...])
                    if batch.contains(where: { result[$0] == nil }) { batches.append(batch.filter { result[$0] == nil }) }
                }
            }
            // One JSON document per file, one after the other, on standard error.
            let marker = "{\"_kind\":\"source_file\""
            for document in run.stderr.components(separatedBy: marker).dropFirst() {
                // A document is one line; the frontend's own diagnostics may follow it on others.
                let json = marker + (document.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
                guard let object = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any],
                      let file = object["filename"] as? String else { continue }
                var lines: [String] = []
                collect(object["items"], into: &lines)
                result[file] = lines.sorted()
            }
        }
        return result
    }

    static let typeKinds = ["class_decl": "class", "struct_decl": "struct", "enum_decl": "enum", "protocol": "protocol", "extension_decl": "extension"]

    static func name(_ value: Any?) -> String? {
        guard let name = value as? [String: Any], let base = name["base_name"] as? [String: Any] else { return nil }
        return base["name"] as? String
    }

    /// Types anywhere, and the functions of their member lists.
    static func collect(_ value: Any?, into lines: inout [String]) {
        if let array = value as? [Any] {
            for element in array { collect(element, into: &lines) }
            return
        }
        guard let object = value as? [String: Any] else { return }
        if let kind = object["_kind"] as? String, var typeKind = typeKinds[kind] {
            if object["actor"] as? Bool == true { typeKind = "actor" }
            let typeName = typeKind == "extension" ? (object["extended_type"] as? String ?? "") : (name(object["name"]) ?? "")
            let plain = typeName.filter { !$0.isWhitespace && $0 != "`" }
            lines.append("type \(typeKind) \(plain)")
            for member in object["members"] as? [Any] ?? [] {
                guard let decl = member as? [String: Any], decl["_kind"] as? String == "func_decl",
                      let declName = decl["name"] as? [String: Any], let base = name(declName) else { continue }
                let arguments = (declName["args"] as? [String] ?? []).map { ($0.isEmpty ? "_" : $0) + ":" }.joined()
                lines.append("func \(base)(\(arguments)) static:\(decl["static"] as? Bool == true ? 1 : 0) in:\(plain)")
            }
        }
        for (key, child) in object where key != "_kind" { collect(child, into: &lines) }
    }

    /// The same lines from lifecycle's reader, outside `#if` blocks.
    static func listing(_ bytes: [UInt8]) -> [String] {
        let scan = SwiftSourceScanner(bytes: bytes).scanFile()
        var lines: [String] = []
        for type in scan.types where type.clause == nil {
            let name = (type.kind == .extension ? type.extendedType : type.name).filter { !$0.isWhitespace && $0 != "`" }
            lines.append("type \(type.kind.rawValue) \(name)")
            for method in type.methods where method.clause == nil {
                lines.append("func \(method.selector.filter { $0 != "`" }) static:\(method.isStatic ? 1 : 0) in:\(name)")
            }
        }
        return lines.sorted()
    }
}
