import Foundation
import Testing

/// macOS is a first-class platform: the executable's calls into the C library live in
/// `Sources/lifecycle/Platform/`, and the package type-checks for macOS.
@Suite struct PlatformTests {
    static let sources = CLIRunner.packageRoot + "/Sources"

    /// Every Swift file under `Sources/` with its text, path relative to `Sources/`.
    static func swiftFiles() throws -> [(path: String, text: String)] {
        let enumerator = FileManager.default.enumerator(atPath: sources)
        var files: [(String, String)] = []
        while let path = enumerator?.nextObject() as? String {
            guard path.hasSuffix(".swift") else { continue }
            files.append((path, try String(contentsOfFile: sources + "/" + path, encoding: .utf8)))
        }
        return files.sorted { $0.0 < $1.0 }
    }

    @Test("only Sources/lifecycle/Platform imports the C library in the executable")
    func cLibraryOnlyInPlatform() throws {
        let files = try Self.swiftFiles()
        #expect(files.contains { $0.path.hasPrefix("lifecycle/Platform/") })
        for file in files where file.path.hasPrefix("lifecycle/") && !file.path.hasPrefix("lifecycle/Platform/") {
            #expect(!file.text.contains("import Glibc"), "\(file.path) imports Glibc")
            #expect(!file.text.contains("import Darwin"), "\(file.path) imports Darwin")
        }
    }

    @Test("no module-qualified Glibc. or Darwin. names anywhere in Sources (they exist on one platform only)")
    func noQualifiedPlatformNames() throws {
        for file in try Self.swiftFiles() {
            for name in ["Glibc.", "Darwin."] {
                let qualified = file.text.split(separator: "\n").filter { line in
                    line.contains(name) && !line.trimmingCharacters(in: .whitespaces).hasPrefix("//")
                }
                #expect(qualified.isEmpty, "\(file.path): \(qualified.joined(separator: "\n"))")
            }
        }
    }

    /// Runs the workplace's macOS type-check (Apple's headers, the Darwin overlay) when it and
    /// its SDK snapshot are on the machine; elsewhere there is nothing to run it with. The tool
    /// checks one library module, so `.ci/mac-typecheck-targets.sh` runs it for its set-up and
    /// then checks each library target with its flags.
    @Test("the library targets and lifecycle type-check for macOS (SwiftPM's default 10.13 and the declared 13.0)", arguments: ["10.13", "13.0"])
    func macOSTypeCheck(deploymentTarget: String) throws {
        let script = CLIRunner.packageRoot + "/../shared/tools/mac-typecheck/mac-typecheck.sh"
        let snapshots = (try? FileManager.default.contentsOfDirectory(atPath: "/work/.mirror")) ?? []
        guard FileManager.default.fileExists(atPath: script),
              ProcessInfo.processInfo.environment["MACSDK_MIRROR"] != nil || snapshots.contains("hexops-graveyard+sdk-macos-12.0")
        else {
            print("macOS type-check skipped: no mac-typecheck tool or SDK snapshot on this machine")
            return
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [CLIRunner.packageRoot + "/.ci/mac-typecheck-targets.sh", script, deploymentTarget]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(text)")
        #expect(!text.contains("error:"), "\(text)")
        #expect(text.contains("== LifecycleLanguageServer (macOS \(deploymentTarget))") && text.contains("== lifecycle (macOS"), "\(text)")
    }
}
