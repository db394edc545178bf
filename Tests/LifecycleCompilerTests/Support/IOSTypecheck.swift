import Foundation
import Testing
import LifecycleCompiler

/// Apple's real iOS SDK, through the workplace's `ios-typecheck` tool
/// (`../shared/tools/ios-typecheck/`, next to the package): Swift files type-checked against the
/// iOS 26.2 SDK's own UIKit, and its Swift interfaces. Only where the tool and its SDK (prepared,
/// or the snapshot it is prepared from) are on the machine; elsewhere `unavailable` says why.
enum IOSTypecheck {
    /// `../shared/tools/ios-typecheck` next to the package, or `LIFECYCLE_IOS_TYPECHECK` (a
    /// checkout elsewhere, such as a worktree, names the tool's folder with it).
    static let folder = ProcessInfo.processInfo.environment["LIFECYCLE_IOS_TYPECHECK"].map { URL(fileURLWithPath: $0) }
        ?? Repository.root.appendingPathComponent("../shared/tools/ios-typecheck").standardizedFileURL

    /// Why the real SDK cannot be used on this machine, or nil when it can.
    static let unavailable: String? = {
        let manager = FileManager.default
        guard manager.fileExists(atPath: folder.appendingPathComponent("ios-typecheck.sh").path) else {
            return "no ios-typecheck tool at \(folder.path)"
        }
        let environment = ProcessInfo.processInfo.environment
        let root = environment["IOSSDK_ROOT"] ?? "/tmp/iossdk"
        if manager.fileExists(atPath: root + "/iPhoneOS26.2.sdk/SDKSettings.json") || environment["IOSSDK_MIRROR"] != nil { return nil }
        let snapshot = ((try? manager.contentsOfDirectory(atPath: "/")) ?? []).contains {
            manager.fileExists(atPath: "/\($0)/.mirror/seayou2468-web+maciOS/repo")
        }
        return snapshot ? nil : "no iOS SDK snapshot (seayou2468-web/maciOS) on this machine"
    }()

    /// Prints the visible note a skipped real-SDK test leaves, and says whether to go on.
    static func isAvailable(for what: String) -> Bool {
        guard let unavailable else { return true }
        print("real-SDK type-check of \(what) skipped: \(unavailable)")
        return false
    }

    struct Result {
        var status: Int32
        var output: String
        var succeeded: Bool { status == 0 && !output.contains("error:") }
    }

    /// Type-checks `files` as one module, in Swift `swiftVersion` language mode (6: complete
    /// concurrency checking), at `target` (`arm64-apple-ios15.0`; the tool's default is iOS 26.0,
    /// macOS 15.0 with `platform` `macos`, whose SDK is macOS 15.5), with more `swiftc` flags
    /// (`-I` a folder of modules built for iOS by `buildModule`).
    static func typecheck(_ files: [URL], target: String? = nil, platform: String = "ios", swiftVersion: Int = 6,
                          flags: [String] = []) throws -> Result {
        var arguments = [folder.appendingPathComponent("ios-typecheck.sh").path, "-p", platform]
        if let target { arguments += ["-t", target] }
        arguments += files.map(\.path) + ["-swift-version", String(swiftVersion)] + flags
        let result = try Shell.run("/bin/bash", arguments)
        return Result(status: result.status, output: result.stdout + result.stderr)
    }

    /// Builds a module for the tool's iOS target against its SDK into `folder`: from Swift
    /// source (`-emit-module`), or from a `.swiftinterface` (the toolchain's own Swift Testing,
    /// whose interface names its Linux target: it is retargeted first).
    static func buildModule(_ name: String, from source: URL, into folder: URL) throws {
        var input = source
        if source.pathExtension == "swiftinterface" {
            var text = try String(contentsOf: source, encoding: .utf8)
            text = text.replacingOccurrences(of: "-target x86_64-unknown-linux-gnu", with: "-target arm64-apple-ios26.0")
                .replacingOccurrences(of: "-target aarch64-unknown-linux-gnu", with: "-target arm64-apple-ios26.0")
                .replacingOccurrences(of: " -disable-objc-interop", with: "")
            input = folder.appendingPathComponent("\(name).swiftinterface")
            try text.write(to: input, atomically: true, encoding: .utf8)
        }
        let compile = source.pathExtension == "swiftinterface"
            ? #""$SWIFT_BIN/swiftc" -frontend -compile-module-from-interface -module-name "$3" -o "$2/$3.swiftmodule" "$4" "#
            : #""$SWIFT_BIN/swiftc" -swift-version 6 -parse-as-library -emit-module -module-name "$3" -emit-module-path "$2/$3.swiftmodule" "$4" "#
        let script = #". "$1/ios-sdk.sh" >/dev/null && "# + compile
            + #"-target "$DEFAULT_TARGET" -sdk "$SDK" -resource-dir "$RES" -module-cache-path "$MC""#
        let result = try Shell.run("/bin/bash", ["-c", script, "build", folder.path == "" ? "." : self.folder.path, folder.path, name, input.path])
        guard result.status == 0 else { throw Failure(message: "building \(name) for iOS failed:\n" + result.stdout + result.stderr) }
    }

    /// The Swift interface of an SDK module, as Swift code sees it.
    static func interface(_ module: String) throws -> String {
        let result = try Shell.run("/bin/bash", [folder.appendingPathComponent("ios-interface.sh").path, module])
        guard result.status == 0 else { throw Failure(message: result.stdout + result.stderr) }
        return result.stdout
    }

    struct Failure: Error { var message: String }

    /// Swift files that compile together (a generated file and the hand-written extension of
    /// its class), with the top-level names they declare (`private` ones left out) and whether
    /// they have the `@main` entry point: units that share neither go in one run.
    struct Unit {
        var urls: [URL]
        var names: Set<String> = []
        var hasMain = false

        init(_ urls: URL...) throws { try self.init(urls: urls) }

        init(urls: [URL]) throws {
            self.urls = urls
            for url in urls {
                let bytes = Array(try Data(contentsOf: url))
                let types = SwiftSourceScanner(bytes: bytes).scan()
                for type in types where type.kind != .extension {
                    let nested = types.contains { $0.bodyOpen < type.declarationOffset && type.declarationOffset < $0.bodyClose }
                    let lineStart = bytes[..<type.declarationOffset].lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
                    let head = String(decoding: bytes[lineStart..<type.declarationOffset], as: UTF8.self)
                    if !nested && !head.contains("private ") { names.insert(type.name) }
                }
                hasMain = hasMain || String(decoding: bytes, as: UTF8.self).contains("@main")
            }
        }
    }

    /// `units` in as few runs as possible, each declaring no top-level name twice and at most
    /// one `@main`: first fit, in the order given.
    static func batches(_ units: [Unit]) -> [[URL]] {
        var groups: [(urls: [URL], names: Set<String>, hasMain: Bool)] = []
        for unit in units {
            if let index = groups.firstIndex(where: { $0.names.isDisjoint(with: unit.names) && !($0.hasMain && unit.hasMain) }) {
                groups[index].urls += unit.urls
                groups[index].names.formUnion(unit.names)
                groups[index].hasMain = groups[index].hasMain || unit.hasMain
            } else {
                groups.append((unit.urls, unit.names, unit.hasMain))
            }
        }
        return groups.map(\.urls)
    }
}
