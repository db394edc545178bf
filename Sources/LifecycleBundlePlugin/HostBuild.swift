import Foundation
import PackagePlugin

/// How `lifecycle` is built for the bundle on this host, and for which triples.
///
/// - Linux: one static executable (`-static-executable`: no shared library at all, so it runs
///   on any distribution), without debug information (`-gnone`, `--strip-debug`), built through SwiftPM's
///   plugin API in the package's own build folder.
/// - macOS: a universal binary for arm64 and x86_64, as `lipo` makes it from two release builds
///   (`swift build --triple arm64-apple-macosx13.0` and `x86_64-…`) in the plugin's work folder;
///   SwiftPM's plugin API builds for the host's architecture only. These builds run inside
///   SwiftPM's plugin sandbox, so on macOS the command is run with `--disable-sandbox`.
///
/// Both paths are ordinary code chosen at run time (`Host.current`), so both compile, and are
/// type-checked, on either system.
enum Host: Equatable {
    case linux(architecture: String)
    case macOS

    static var current: Host {
        #if os(macOS)
        return .macOS
        #else
        #if arch(arm64)
        return .linux(architecture: "aarch64")
        #else
        return .linux(architecture: "x86_64")
        #endif
        #endif
    }

    /// The triples the variant runs on, as SwiftPM matches them.
    var triples: [String] {
        switch self {
        case .linux(let architecture): ["\(architecture)-unknown-linux-gnu"]
        case .macOS: ["arm64-apple-macosx", "x86_64-apple-macosx"]
        }
    }

    /// The variant's folder name after `lifecycle-VERSION-`.
    var platform: String {
        switch self {
        case .linux(let architecture): "linux-\(architecture)"
        case .macOS: "macos"
        }
    }

    /// The macOS deployment target the universal binary is built for (the package's).
    static let macOSTarget = "13.0"

    /// Builds `lifecycle` in release and returns the executable.
    func build(context: PluginContext, packageManager: PackageManager) throws -> URL {
        switch self {
        case .linux:
            var parameters = PackageManager.BuildParameters(configuration: .release, logging: .concise)
            // No debug information (`-gnone` after SwiftPM's `-g`; with it each object's
            // `.swift_modhash` depended on the checkout's path), and none from the static
            // libraries either (`--strip-debug`): a third of the size, the same bytes from any
            // checkout folder of the same name.
            parameters.otherSwiftcFlags = ["-static-executable", "-gnone"]
            parameters.otherLinkerFlags = ["--strip-debug"]
            let result = try packageManager.build(.product("lifecycle"), parameters: parameters)
            guard result.succeeded else {
                throw BundleRequest.Failure(message: "the release build of lifecycle failed:\n" + result.logText)
            }
            guard let executable = result.builtArtifacts.first(where: { $0.kind == .executable && $0.url.lastPathComponent == "lifecycle" }) else {
                throw BundleRequest.Failure(message: "the release build did not report the lifecycle executable")
            }
            return executable.url
        case .macOS:
            let work = context.pluginWorkDirectoryURL
            var slices: [String] = []
            for architecture in ["arm64", "x86_64"] {
                let scratch = work.appendingPathComponent("build-\(architecture)").path
                try Tool.run("/usr/bin/xcrun", ["swift", "build", "-c", "release", "--product", "lifecycle",
                                                "--triple", "\(architecture)-apple-macosx\(Self.macOSTarget)",
                                                "--package-path", context.package.directoryURL.path,
                                                "--scratch-path", scratch, "--disable-sandbox",
                                                // No debug information or debug map: no path of the checkout in the executable.
                                                "-Xswiftc", "-gnone", "-Xlinker", "-S"])
                slices.append(scratch + "/\(architecture)-apple-macosx/release/lifecycle")
            }
            let universal = work.appendingPathComponent("lifecycle-universal")
            try? FileManager.default.removeItem(at: universal)
            try Tool.run("/usr/bin/xcrun", ["lipo", "-create", "-output", universal.path] + slices)
            return universal
        }
    }
}

/// Runs the tools the bundle needs (`zip`, `sha256sum`, the built `lifecycle`).
enum Tool {
    /// Runs `executable arguments…` in `directory` with `environment` added; its standard
    /// output, or a failure with everything it printed.
    @discardableResult
    static func run(_ executable: String, _ arguments: [String], in directory: URL? = nil,
                    environment: [String: String] = [:]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        do { try process.run() } catch {
            throw BundleRequest.Failure(message: "cannot run \(executable): \(error.localizedDescription)")
        }
        // Read both pipes before waiting: a tool that prints much would block on a full pipe.
        let errorText = Collected()
        let reading = DispatchGroup()
        DispatchQueue.global().async(group: reading) { errorText.data = errors.fileHandleForReading.readDataToEndOfFile() }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        reading.wait()
        process.waitUntilExit()
        let errorData = errorText.data
        let text = String(decoding: data, as: UTF8.self)
        guard process.terminationReason == .exit && process.terminationStatus == 0 else {
            throw BundleRequest.Failure(message: "\(([executable] + arguments).joined(separator: " ")) failed (status \(process.terminationStatus)):\n"
                                        + text + String(decoding: errorData, as: UTF8.self))
        }
        return text
    }

    /// What a pipe gave, read on another thread.
    final class Collected: @unchecked Sendable {
        var data = Data()
    }

    /// The first of `candidates` that is an executable file.
    static func find(_ candidates: [String]) throws -> String {
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw BundleRequest.Failure(message: "none of \(candidates.joined(separator: ", ")) is installed")
        }
        return found
    }
}
