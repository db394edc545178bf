import Foundation
import Testing
import LifecycleCompiler

/// Every Swift file `lifecycle` generates compiles against Apple's real iOS SDK (26.2), not only
/// against this project's stand-in: the golden skeletons and monitors, the examples', the
/// plugin demo's, an `--update` result and a skeleton implementing every catalog callback (also
/// for iOS 13), each at the tool's default target (iOS 26.0) and at its spec's `platform`, where
/// availability errors count. And the stand-in, used where the SDK is missing, declares what the SDK does.
///
/// Runs where `IOSTypecheck` finds the tool and its SDK; elsewhere it says it skipped.
@Suite(.serialized) struct RealSDKTests {
    /// A file (or files that compile together) and the deployment target of its spec, if any.
    struct Job {
        var unit: IOSTypecheck.Unit
        var platform: PlatformVersion?
        /// A spec that imports AppKit: checked against the macOS SDK (`macOSJobs`), not iOS's.
        var isMac = false
    }

    /// The `platform iOS X` of the spec named `name`, in the golden folder or the examples.
    static func platform(ofSpec name: String, prefix: String = "platform iOS ") -> PlatformVersion? {
        for folder in [Repository.fixtures.appendingPathComponent("Golden"), Repository.examples] {
            guard let text = try? String(contentsOf: folder.appendingPathComponent(name + ".lifecycle"), encoding: .utf8) else { continue }
            for line in text.split(separator: "\n") where line.hasPrefix(prefix) {
                return PlatformVersion(String(line.dropFirst(prefix.count)).trimmingCharacters(in: .whitespaces))
            }
            return nil
        }
        return nil
    }

    static func jobs(scratch: URL) throws -> [Job] {
        var jobs: [Job] = []
        let manager = FileManager.default
        // The golden skeletons and monitors, and the examples' skeletons: `Name.swift` and
        // `Name.monitor.swift` come from `Name.lifecycle`.
        for folder in [Repository.fixtures.appendingPathComponent("Golden"), Repository.examples] {
            for name in try manager.contentsOfDirectory(atPath: folder.path).sorted() where name.hasSuffix(".swift") {
                let spec = String(name.prefix { $0 != "." })
                let url = folder.appendingPathComponent(name)
                let isMac = (try String(contentsOf: url, encoding: .utf8)).contains("\nimport AppKit\n")
                jobs.append(Job(unit: try IOSTypecheck.Unit(url), platform: platform(ofSpec: spec, prefix: isMac ? "platform macOS " : "platform iOS "), isMac: isMac))
            }
        }
        // README's hand-written delegates, and the plugin demo's generated file with the
        // hand-written extension of its class.
        let delegates = Repository.examples.appendingPathComponent("Delegates")
        jobs.append(Job(unit: try IOSTypecheck.Unit(delegates.appendingPathComponent("AppDelegate.swift"),
                                                    delegates.appendingPathComponent("SceneDelegate.swift")),
                        platform: platform(ofSpec: "SceneLifecycle")))
        // The SwiftUI app the SwiftUI article checks, and the one of the check --impl corpus, are real apps.
        let swiftUIExample = Repository.examples.appendingPathComponent("SwiftUI")
        let swiftUIFiles = try manager.contentsOfDirectory(atPath: swiftUIExample.path).filter { $0.hasSuffix(".swift") }.sorted()
        jobs.append(Job(unit: try IOSTypecheck.Unit(urls: swiftUIFiles.map { swiftUIExample.appendingPathComponent($0) }), platform: PlatformVersion("17.0")))
        let notes = Repository.fixtures.appendingPathComponent("Implementations/SwiftUINotes")
        let notesFiles = try manager.contentsOfDirectory(atPath: notes.path).filter { $0.hasSuffix(".swift") }.sorted()
        jobs.append(Job(unit: try IOSTypecheck.Unit(urls: notesFiles.map { notes.appendingPathComponent($0) }), platform: PlatformVersion("17.0")))
        let demo = Repository.examples.appendingPathComponent("PluginDemo/Sources/Downloads")
        let demoFiles = try manager.contentsOfDirectory(atPath: demo.path).filter { $0.hasSuffix(".swift") }.sorted()
        jobs.append(Job(unit: try IOSTypecheck.Unit(urls: demoFiles.map { demo.appendingPathComponent($0) }), platform: nil))
        // Every catalog callback in one skeleton, and an `--update` that adds a CloudKit callback.
        let every = scratch.appendingPathComponent("EveryCallback.swift")
        try GeneratedCodeCompilesTests.everyCallbackSwift().write(to: every, atomically: true, encoding: .utf8)
        jobs.append(Job(unit: try IOSTypecheck.Unit(every), platform: nil))
        // The same for iOS 13, the first with scenes: every newer callback is marked available.
        let every13 = scratch.appendingPathComponent("EveryCallbackIOS13.swift")
        try GeneratedCodeCompilesTests.everyCallbackSwift(platform: "13.0", prefix: "IOS13").write(to: every13, atomically: true, encoding: .utf8)
        jobs.append(Job(unit: try IOSTypecheck.Unit(every13), platform: PlatformVersion("13.0")))
        // Callbacks newer than the spec's platform (UIKit's types and `super` calls of iOS 26,
        // and the overlay's iOS 27 callback, at iOS 15).
        let newer = scratch.appendingPathComponent("NewerCallbacks.swift")
        try GeneratedCodeCompilesTests.newerCallbacksSwift().write(to: newer, atomically: true, encoding: .utf8)
        jobs.append(Job(unit: try IOSTypecheck.Unit(newer), platform: PlatformVersion("15.0")))
        let updated = scratch.appendingPathComponent("Updated.swift")
        let update = try SwiftUpdater.update(Array(SwiftUpdaterTests.edited.utf8), model: SwiftUpdaterTests.model(SwiftUpdaterTests.sharing)).get()
        #expect(!update.added.isEmpty && update.imports == ["CloudKit"])
        try Data(update.bytes).write(to: updated)
        jobs.append(Job(unit: try IOSTypecheck.Unit(updated), platform: PlatformVersion("13.0")))
        return jobs
    }

    @Test("every generated Swift file type-checks against the real iOS SDK (macOS for AppKit), at the default target and at its spec's platform, in Swift 6 and 5 modes")
    func generatedSwiftCompilesAgainstTheRealSDK() throws {
        guard IOSTypecheck.isAvailable(for: "the generated Swift") else { return }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("lifecycle-real-sdk-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let all = try Self.jobs(scratch: scratch)
        let jobs = all.filter { !$0.isMac }
        #expect(jobs.count >= 20)
        // The default target for every file; each spec's platform for its files.
        var targets: [(target: String?, units: [IOSTypecheck.Unit])] = [(nil, jobs.map(\.unit))]
        let platforms = Set(jobs.compactMap(\.platform)).sorted()
        for platform in platforms {
            targets.append(("arm64-apple-ios\(platform)", jobs.filter { $0.platform == platform }.map(\.unit)))
        }
        var runs = 0
        for (target, units) in targets {
            for batch in IOSTypecheck.batches(units) {
                runs += 1
                let result = try IOSTypecheck.typecheck(batch, target: target)
                let names = batch.map(\.lastPathComponent).joined(separator: ", ")
                #expect(result.succeeded, "at \(target ?? "the default target"), \(names):\n\(result.output)")
            }
        }
        // Swift 5 language mode too, at the default target: what an app not yet on Swift 6 builds.
        for batch in IOSTypecheck.batches(jobs.map(\.unit)) {
            runs += 1
            let result = try IOSTypecheck.typecheck(batch, swiftVersion: 5)
            #expect(result.succeeded, "in Swift 5 mode, \(batch.map(\.lastPathComponent).joined(separator: ", ")):\n\(result.output)")
        }
        // The macOS files (AppKit specs) against the macOS 15.5 SDK, at macOS 15.0 and at their
        // spec's platform, in both language modes.
        let mac = all.filter(\.isMac)
        #expect(!mac.isEmpty)
        for job in mac {
            for (target, version) in [(nil, 6), (job.platform.map { "arm64-apple-macos\($0)" }, 6), (nil, 5)] {
                runs += 1
                let result = try IOSTypecheck.typecheck(job.unit.urls, target: target, platform: "macos", swiftVersion: version)
                #expect(result.succeeded, "macOS \(target ?? "15.0"), Swift \(version), \(job.unit.urls.map(\.lastPathComponent)):\n\(result.output)")
            }
        }
        // Batched: a handful of compiler runs, not one per file and target.
        #expect(runs < 2 * jobs.count)
        print("real-SDK type-check: \(jobs.count) units at \(targets.count) targets in \(runs) compiler runs")
    }

    @Test("an availability error at the spec's platform is caught: the check means something")
    func aNewerCallbackFailsAtAnOlderPlatform() throws {
        guard IOSTypecheck.isAvailable(for: "an availability probe") else { return }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("lifecycle-real-sdk-probe-\(UUID().uuidString).swift")
        defer { try? FileManager.default.removeItem(at: file) }
        try """
        import UIKit
        class Screen: UIViewController {
            override func updateProperties() {
                super.updateProperties()
            }
        }
        """.write(to: file, atomically: true, encoding: .utf8)
        #expect(try IOSTypecheck.typecheck([file]).succeeded)
        let old = try IOSTypecheck.typecheck([file], target: "arm64-apple-ios15.0")
        #expect(!old.succeeded && old.output.contains("only available in iOS 26.0 or newer"), "\(old.output)")
    }

    /// The stand-in's types that are not UIKit's (Foundation's, Objective-C's, CoreGraphics'),
    /// declared minimally so that the stand-in imports nothing.
    static let notUIKit: Set<String> = ["NSObjectProtocol", "NSObject", "NSCoder", "Bundle", "URL", "CGSize", "CGRect",
                                        "NSUserActivity", "Data", "ProcessInfo"]

    @Test("every method the UIKit stand-in declares is the real SDK's, with the same labels and types")
    func standInMatchesTheRealSDK() throws {
        guard IOSTypecheck.isAvailable(for: "the UIKit stand-in") else { return }
        let standIn = SwiftSourceScanner(bytes: Array(try Data(contentsOf: Repository.fixtures.appendingPathComponent("UIKitStandIn/UIKit.swift")))).scan()
        let real = SwiftSourceScanner(source: try IOSTypecheck.interface("UIKit")).scan()
        var realMethods: [String: [ScannedMethod]] = [:]
        for type in real { realMethods[type.name, default: []] += type.methods }
        // The view controller's callbacks from the protocols it adopts are declared there.
        for adopted in ["UIContentContainer", "UITraitEnvironment"] { realMethods["UIViewController", default: []] += realMethods[adopted] ?? [] }
        // UIKit's interface spells CloudKit's type by its Objective-C name, which it only
        // declares forward; a file that imports CloudKit must write its Swift name.
        let aliases = ["CKShareMetadata": "CKShare.Metadata"]
        func normalized(_ method: ScannedMethod) -> String {
            method.selector + method.parameters.map { " " + SwiftTypeText.normalized($0.type, aliases: aliases) }.joined()
                + " -> " + (method.returnType.map { SwiftTypeText.normalized($0, aliases: aliases) } ?? "Void")
        }
        var compared = 0
        for type in standIn where !Self.notUIKit.contains(type.name) {
            let candidates = Set((realMethods[type.name] ?? []).map(normalized))
            #expect(realMethods[type.name] != nil || type.methods.isEmpty, "the real UIKit has no '\(type.name)'")
            for method in type.methods {
                compared += 1
                #expect(candidates.contains(normalized(method)),
                        "\(type.name).\(method.selector) differs from the real SDK's: \(normalized(method)); the SDK has \((realMethods[type.name] ?? []).filter { $0.baseName == method.baseName }.map(normalized))")
            }
        }
        #expect(compared > 100)
    }
}
