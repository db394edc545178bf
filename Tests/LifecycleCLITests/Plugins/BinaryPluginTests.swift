import Foundation
import Testing
import LifecycleCompiler

/// The prebuilt tool (`BinaryPackages`): the artifact bundle `lifecycle-bundle` writes, and
/// `Examples/BinaryPlugins` used by a copy of the demo, built with the real `swift build`. In
/// `PluginDemoTests`' serialized suite, because they compare their diagnostics with the
/// source-built demo's copy.
extension PluginDemoTests {
    /// The bundle: SE-0305's layout and `info.json`, a static executable that answers
    /// `--version` as the tool does, the checksum `swift package compute-checksum` computes, and
    /// the same zip, byte for byte, when the command runs again.
    @Test(.enabled(if: BinaryPackages.hasZipTools, "zip or unzip is not installed (.ci/run installs them)"))
    func bundleIsAnArtifactBundleWithItsChecksum() throws {
        let run = try BinaryPackages.buildBundle()
        #expect(run.status == 0, "\(run)")
        let bundle = BinaryPackages.bundle
        #if arch(arm64)
        let (triple, platform) = ("aarch64-unknown-linux-gnu", "linux-aarch64")
        #else
        let (triple, platform) = ("x86_64-unknown-linux-gnu", "linux-x86_64")
        #endif
        let variant = "lifecycle-\(LifecycleVersion.number)-\(platform)/bin/lifecycle"
        #expect(try String(contentsOfFile: bundle + "/info.json", encoding: .utf8) == """
            {
              "schemaVersion": "1.0",
              "artifacts": {
                "lifecycle": {
                  "version": "\(LifecycleVersion.number)",
                  "type": "executable",
                  "variants": [
                    { "path": "\(variant)", "supportedTriples": ["\(triple)"] }
                  ]
                }
              }
            }

            """)
        #expect(try BinaryPackages.isStaticELF(bundle + "/" + variant), "not a static executable")
        let version = try CLIRunner.run(["--version"], environment: [:])
        let bundled = Process()
        bundled.executableURL = URL(fileURLWithPath: bundle + "/" + variant)
        bundled.arguments = ["--version"]
        let pipe = Pipe()
        bundled.standardOutput = pipe
        try bundled.run()
        let printed = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        bundled.waitUntilExit()
        #expect(printed == version.stdout && printed == LifecycleVersion.line + "\n")

        // The zip: the bundle's files in path order, each dated 2000-01-01 00:00.
        let listing = try BinaryPackages.swift(["package", "compute-checksum", BinaryPackages.zip], in: BinaryPackages.root + "/" + BinaryPackages.bundleOutput)
        let checksum = try String(contentsOfFile: BinaryPackages.zip + ".sha256", encoding: .utf8)
        #expect(checksum == "\(listing.output.trimmingCharacters(in: .whitespacesAndNewlines))  lifecycle.artifactbundle.zip\n", "\(listing)")
        #expect(run.output.contains(".binaryTarget(name: \"lifecycle\", url: \"https://…/lifecycle.artifactbundle.zip\", checksum: \"\(checksum.prefix(64))\")"), "\(run)")
        let first = try Data(contentsOf: URL(fileURLWithPath: BinaryPackages.zip))
        let again = try BinaryPackages.runBundleCommand()
        #expect(again.status == 0, "\(again)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: BinaryPackages.zip)) == first, "the same build zipped again differs")
        #expect(first.starts(with: [0x50, 0x4B, 0x03, 0x04]))
    }

    /// A package using `Examples/BinaryPlugins` builds without compiling the tool, checks its
    /// spec, and fails a broken spec with exactly the diagnostics the source-built plugin gives;
    /// the command plugin runs the prebuilt tool too.
    @Test(.enabled(if: BinaryPackages.hasZipTools, "zip or unzip is not installed (.ci/run installs them)"))
    func binaryPluginsCheckAsTheSourceBuiltOnesDo() throws {
        #expect(try BinaryPackages.buildBundle().status == 0)
        try BinaryPackages.makePackages()
        let user = BinaryPackages.userPackage
        try? FileManager.default.removeItem(atPath: user + "/.build")
        let clean = try BinaryPackages.swift(["build"], in: user)
        #expect(clean.status == 0, "\(clean)")
        #expect(clean.output.contains("lifecycle check Download.lifecycle"), "\(clean)")
        #expect(!clean.output.contains("Compiling LifecycleCompiler") && !clean.output.contains("Compiling lifecycle "), "the tool was compiled:\n\(clean)")

        // The same broken spec in both copies: the same diagnostics, paths aside.
        let breakSpec = { (root: String) throws in
            let path = root + "/" + Self.spec
            let text = try String(contentsOfFile: path, encoding: .utf8)
            try text.replacingOccurrences(of: "    Transferring -> Done         on finish", with: "    Transfering  -> Done         on finish")
                .write(toFile: path, atomically: true, encoding: .utf8)
        }
        try breakSpec(user)
        let binary = try BinaryPackages.swift(["build"], in: user)
        #expect(binary.status != 0, "\(binary)")
        try DemoPackage.reset()
        try breakSpec(DemoPackage.root)
        let source = try DemoPackage.build()
        #expect(source.status != 0, "\(source)")
        let expected = BinaryPackages.diagnostics(source.output, packageRoot: DemoPackage.root)
        #expect(expected.contains { $0.contains("error: unknown state 'Transfering'; did you mean 'Transferring'?") }, "\(source)")
        #expect(BinaryPackages.diagnostics(binary.output, packageRoot: user) == expected, "\(binary)")
        try DemoPackage.reset()

        try BinaryPackages.makePackages()
        let command = try BinaryPackages.swift(["package", "--allow-writing-to-package-directory", "lifecycle", "dot", "--target", "Downloads"], in: user)
        #expect(command.status == 0, "\(command)")
        #expect(try String(contentsOfFile: user + "/Sources/Downloads/Download.dot", encoding: .utf8)
            .hasPrefix("// Generated by lifecycle from Sources/Downloads/Download.lifecycle.\n"))
    }
}
