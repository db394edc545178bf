import Foundation
import Testing

/// Issue 37: `conform` on hostile logs, as a team's CI runs it. Nothing hides a callback (a
/// character next to its name, a label order, a line too long), two instances are never one,
/// and an option is never silently dropped. Each case was a silent pass before.
@Suite struct ConformHostileLogTests {
    static let scene = "Examples/SceneLifecycle.lifecycle"
    static let swiftUI = "Examples/SwiftUILifecycle.lifecycle"
    static let navigation = "Examples/NavigationLifecycle.lifecycle"

    /// A scratch folder for this run's logs and specs.
    static let folder: String = {
        let path = NSTemporaryDirectory() + "lifecycle-hostile-logs-\(getpid())"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }()

    /// Writes `text` to a file of the scratch folder and returns its path.
    static func write(_ name: String, _ text: String) throws -> String {
        let path = folder + "/" + name
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    static func write(_ name: String, bytes: [UInt8]) throws -> String {
        let path = folder + "/" + name
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// A scene log in the wrong order: entering the background before resigning active.
    static func swappedSceneLog(_ prefix: String) -> String {
        """
        scene(_:willConnectTo:options:)
        sceneWillEnterForeground(_:)
        sceneDidBecomeActive(_:)
        \(prefix)sceneDidEnterBackground(_:)
        sceneWillResignActive(_:)

        """
    }

    @Test("case 1: a character next to a callback never hides it: the wrong order is rejected as with an ASCII space",
          arguments: ["→", "•", "\u{00A0}", "😀", "\u{200B}", "❤️", "1️⃣", "«", "\u{3000}", "[SceneDelegate]—", "\u{FEFF}", " "])
    func aCharacterNextToACallbackHidesNothing(_ prefix: String) throws {
        let log = try Self.write("swapped-\(prefix.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: "-")).log",
                                 Self.swappedSceneLog(prefix))
        for strict in [false, true] {
            let run = try CLIRunner.run(["conform", Self.scene, log, "--machine", "Scene"] + (strict ? ["--strict"] : []))
            #expect(run.status == 1, "prefix \(prefix.debugDescription), strict \(strict): \(run)")
            #expect(run.stderr.contains(":4:\(prefix.count + 1): error: 'sceneDidEnterBackground(_:)' cannot happen here"),
                    "prefix \(prefix.debugDescription): \(run.stderr)")
        }
    }

    @Test("case 1: a letter or a digit next to a name still makes it another word", arguments: ["ü", "x", "7", "_", "e\u{301}", "한"])
    func aLetterNextToANameIsAnotherWord(_ prefix: String) throws {
        let log = try Self.write("letter-\(prefix.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: "-")).log",
                                 Self.swappedSceneLog(prefix))
        let run = try CLIRunner.run(["conform", Self.scene, log, "--machine", "Scene"])
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout.contains("(4 callbacks, 1 other line)"), "\(run.stdout)")
    }

    @Test("case 2: 'Phase old: active, new: background' is read by its labels: the impossible change fails --strict")
    func phaseLinesAreReadByTheirLabels() throws {
        let log = try Self.write("labels.log", """
            Phase old: inactive, new: active
            Phase old: active, new: background

            """)
        let run = try CLIRunner.run(["conform", Self.swiftUI, log, "--machine", "AppPhase", "--strict"])
        #expect(run.status == 1, "\(run)")
        #expect(run.stderr.hasPrefix("\(log):2:12: error: 'scenePhase .active → .background' cannot happen here"), "\(run.stderr)")
        // Written with the arrow the other way, the same.
        let arrow = try Self.write("arrow.log", "scenePhase .active <- .inactive\nscenePhase .background <- .active\n")
        let arrowRun = try CLIRunner.run(["conform", Self.swiftUI, arrow, "--machine", "AppPhase", "--strict"])
        #expect(arrowRun.status == 1, "\(arrowRun)")
        #expect(arrowRun.stderr.contains(":2:12: error: 'scenePhase .active → .background' cannot happen here"), "\(arrowRun.stderr)")
        // A line whose phases could be read either way is reported at its line.
        let ambiguous = try Self.write("ambiguous.log", "scenePhase: active\nscenePhase: inactive background\n")
        let ambiguousRun = try CLIRunner.run(["conform", Self.swiftUI, ambiguous, "--machine", "AppPhase"])
        #expect(ambiguousRun.status == 1, "\(ambiguousRun)")
        #expect(ambiguousRun.stderr.hasPrefix("\(ambiguous):2:13: error: 'inactive background' names scene phases without saying which is the new one"),
                "\(ambiguousRun.stderr)")
    }

    @Test("case 3: two instances given one word is a usage error naming both")
    func instanceWordsAreDistinct() throws {
        let run = try CLIRunner.run(["conform", Self.navigation, "Examples/logs/push-pop-classes.log", "--system", "Navigation",
                                     "--instance", "Root=VC", "--instance", "Second=VC"])
        #expect(run.status == 2, "\(run)")
        #expect(run.stderr.hasPrefix("lifecycle conform: error: '--instance' gives the word 'VC' to both 'Root' and 'Second'"), "\(run.stderr)")
    }

    @Test("case 4: a line longer than the bound is an error at that line, and '--max-line-length' reads it")
    func aLineTooLongIsAnErrorAtThatLine() throws {
        let long = String(repeating: "x", count: (1 << 20) + 10)
        let log = try Self.write("long.log", Self.swappedSceneLog(long + " "))
        let length = long.count + " sceneDidEnterBackground(_:)".count
        for strict in [false, true] {
            let run = try CLIRunner.run(["conform", Self.scene, log, "--machine", "Scene"] + (strict ? ["--strict"] : []))
            #expect(run.status == 1, "\(run)")
            #expect(run.stderr.hasPrefix("\(log):4:1: error: this line is \(length) bytes long, longer than the 1048576 'conform' reads; '--max-line-length \(length)' reads it"),
                    "\(run.stderr.prefix(400))")
            #expect(run.stderr.utf8.count < 2_000, "the line is not quoted whole")
            let raised = try CLIRunner.run(["conform", Self.scene, log, "--machine", "Scene", "--max-line-length", "2000000"] + (strict ? ["--strict"] : []))
            #expect(raised.status == 1, "\(raised)")
            #expect(raised.stderr.contains(":4:\(long.count + 2): error: 'sceneDidEnterBackground(_:)' cannot happen here"), "\(raised.stderr.prefix(400))")
        }
        // From a pipe, the same.
        let piped = try CLIRunner.run(["conform", Self.scene, "-", "--machine", "Scene"], input: Data(Self.swappedSceneLog(long + " ").utf8))
        #expect(piped.status == 1 && piped.stderr.hasPrefix("<stdin>:4:1: error: this line is \(length) bytes long"), "\(piped.stderr.prefix(300))")
        let bad = try CLIRunner.run(["conform", Self.scene, log, "--machine", "Scene", "--max-line-length", "0"])
        #expect(bad.status == 2, "\(bad)")
    }
}
