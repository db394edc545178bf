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

    /// Two machines with callbacks of their own; the log swaps Sync's two callbacks and is right for Camera.
    static let twoMachines = """
        import UIKit

        protocol SyncDelegate {
            func syncDidStart()
            func syncDidFinish()
        }

        protocol CameraDelegate {
            func cameraDidOpen()
            func cameraDidClose()
        }

        machine Sync {
            delegate SyncController: SyncDelegate
            initial state Idle
            state Syncing
            Idle -> Syncing on start by user calls syncDidStart()
            Syncing -> Idle on finish by system calls syncDidFinish()
        }

        machine Camera {
            delegate CameraController: CameraDelegate
            initial state Closed
            state Open
            Closed -> Open on open by user calls cameraDidOpen()
            Open -> Closed on close by user calls cameraDidClose()
        }

        """

    @Test("case 5: '--machine A --machine B' checks both machines, each on its own callbacks; a wrong order in either fails")
    func everyMachineGivenIsChecked() throws {
        let spec = try Self.write("Two.lifecycle", Self.twoMachines)
        let log = try Self.write("two.log", "cameraDidOpen\nsyncDidFinish\ncameraDidClose\nsyncDidStart\n")
        let run = try CLIRunner.run(["conform", spec, log, "--machine", "Sync", "--machine", "Camera"])
        #expect(run.status == 1, "\(run)")
        #expect(run.stderr.hasPrefix("\(log):2:1: error: 'syncDidFinish()' cannot happen here: 'Sync' is in 'Idle'; expected 'syncDidStart()'"), "\(run.stderr)")
        #expect(run.stdout == "\(log): conforms to 'Camera' (2 callbacks, 0 other lines)\n  ends in 'Closed'\n", "\(run.stdout)")
        // The spec's machines by default, the same.
        let all = try CLIRunner.run(["conform", spec, log])
        #expect(all == run, "\(all)")
        // In the right order, both conform, interleaved as they come.
        let good = try Self.write("two-good.log", "cameraDidOpen\nsyncDidStart\ncameraDidClose\nsyncDidFinish\n")
        let goodRun = try CLIRunner.run(["conform", spec, good, "--machine", "Sync", "--machine", "Camera", "--strict"])
        #expect(goodRun.status == 0, "\(goodRun)")
        #expect(goodRun.stdout == "\(good): conforms to 'Sync' (2 callbacks, 0 other lines)\n  ends in 'Idle'\n"
            + "\(good): conforms to 'Camera' (2 callbacks, 0 other lines)\n  ends in 'Closed'\n", "\(goodRun.stdout)")
        // A machine asked for by name that the log never names is an error: nothing was checked for it.
        let cameraOnly = try Self.write("camera.log", "cameraDidOpen\ncameraDidClose\n")
        let named = try CLIRunner.run(["conform", spec, cameraOnly, "--machine", "Sync", "--machine", "Camera"])
        #expect(named.status == 1 && named.stderr.contains("names a callback of 'Sync' that can be checked, so nothing was checked"), "\(named)")
        // By default it is only said not to be checked.
        let implicit = try CLIRunner.run(["conform", spec, cameraOnly])
        #expect(implicit.status == 0, "\(implicit)")
        #expect(implicit.stdout.hasPrefix("\(cameraOnly): not checked against 'Sync': no line names one of its callbacks\n"), "\(implicit.stdout)")
    }

    @Test("case 6: a whole app's log, independent objects interleaved freely, each checked on its own; JSON reports each machine")
    func aWholeAppsLogNeedsNoSystem() throws {
        // The scene activates between the view controller's viewWillAppear and viewDidAppear.
        let log = try Self.write("whole-app.log", """
            application(_:willFinishLaunchingWithOptions:)
            application(_:didFinishLaunchingWithOptions:)
            application(_:configurationForConnecting:options:)
            scene(_:willConnectTo:options:)
            sceneWillEnterForeground(_:)
            viewDidLoad()
            viewWillAppear(_:)
            sceneDidBecomeActive(_:)
            viewDidAppear(_:)

            """)
        // A spec with the three machines (an imported machine is a system's, not the spec's own).
        let examples = CLIRunner.packageRoot + "/Examples/"
        let spec = try Self.write("WholeApp.lifecycle", try String(contentsOfFile: examples + "ViewControllerLifecycle.lifecycle", encoding: .utf8)
            + "\n" + String(contentsOfFile: examples + "SceneLifecycle.lifecycle", encoding: .utf8))
        let run = try CLIRunner.run(["conform", spec, log, "--strict"])
        #expect(run.status == 1, "strict: loadView() and viewIsAppearing(_:) are not logged: \(run)")
        let loose = try CLIRunner.run(["conform", spec, log])
        #expect(loose.status == 0, "\(loose)")
        #expect(loose.stdout.contains("conforms to 'ViewController' (3 callbacks, 0 other lines)"), "\(loose.stdout)")
        #expect(loose.stdout.contains("conforms to 'Scene' (3 callbacks, 0 other lines)"), "\(loose.stdout)")
        #expect(loose.stdout.contains("conforms to 'AppSessions' (3 callbacks, 0 other lines)"), "\(loose.stdout)")
        let json = try CLIRunner.run(["conform", spec, log, "--format", "json"])
        let results = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(Set(results.compactMap { $0["automaton"] as? String }) == ["ViewController", "AppSessions", "Scene"], "\(json.stdout)")
        #expect(results.allSatisfy { $0["conforms"] as? Bool == true && $0["log"] as? String == log })
    }

    @Test("case 6: two windows' scene delegates, told apart by the address each line prints; a swap inside one is found")
    func instancesOfOneMachineAreToldApartByTheirObjects() throws {
        let example = "Examples/logs/two-windows.log"
        let run = try CLIRunner.run(["conform", Self.scene, example, "--machine", "Scene", "--strict"])
        #expect(run == CLIRunner.Output(stdout: """
            Examples/logs/two-windows.log: conforms to 'Scene' (10 callbacks, 4 other lines)
              time checked: every callback line's timestamp
              2 instances, told apart by the object each line prints, each checked on its own lines:
                0x600000c04000, from line 4 (5 callbacks): ends in 'Finishing', 'Suspended', 'ExtraTime' or 'BackgroundMode'
                0x600000c1c000, from line 8 (5 callbacks): ends in 'Finishing', 'Suspended', 'ExtraTime' or 'BackgroundMode'

            """, stderr: "", status: 0))
        // The first window enters the background before it resigns active: lines 11 and 13 swapped.
        var lines = try String(contentsOfFile: CLIRunner.packageRoot + "/" + example, encoding: .utf8).split(separator: "\n").map(String.init)
        lines.swapAt(10, 12)
        let swapped = try Self.write("two-windows-swapped.log", lines.joined(separator: "\n") + "\n")
        let bad = try CLIRunner.run(["conform", Self.scene, swapped, "--machine", "Scene"])
        #expect(bad.status == 1, "\(bad)")
        #expect(bad.stderr.hasPrefix("\(swapped):11:90: error: 'sceneDidEnterBackground(_:)' cannot happen here: 'Scene' is in 'Active'"), "\(bad.stderr)")
        #expect(bad.stderr.contains("note: these are the lines of 0x600000c04000, checked on their own as one instance from line 4"), "\(bad.stderr)")
        // The same addresses written otherwise (ObjectIdentifier, zeros) and a UUID.
        let forms = try Self.write("forms.log", """
            ObjectIdentifier(0x0000600000c04000) scene(_:willConnectTo:options:)
            [E621E1F8-C36C-495A-93FC-0C247A3E6E5F] scene(_:willConnectTo:options:)
            <SceneDelegate: 0x600000c04000> sceneWillEnterForeground(_:)
            [e621e1f8-c36c-495a-93fc-0c247a3e6e5f] sceneWillEnterForeground(_:)
            0x600000c08000 sceneDidBecomeActive(_:) thread 0x3a1c2

            """)
        let formsRun = try CLIRunner.run(["conform", Self.scene, forms, "--machine", "Scene"])
        #expect(formsRun.status == 1, "the last line prints no object: a third instance, which cannot start so: \(formsRun)")
        #expect(formsRun.stderr.hasPrefix("\(forms):5:16: error: 'sceneDidBecomeActive(_:)' cannot happen here: 'Scene' is in 'Unattached'"), "\(formsRun.stderr)")
    }

    @Test("an object whose run ended and whose address comes back is a new instance")
    func anAddressUsedAgainIsANewInstance() throws {
        let log = try Self.write("reuse.log", """
            <Notes.DetailViewController: 0x600000c04000> viewDidLoad()
            <Notes.DetailViewController: 0x600000c04000> viewWillAppear(_:)
            <Notes.DetailViewController: 0x600000c04000> viewDidAppear(_:)
            <Notes.DetailViewController: 0x600000c04000> viewWillDisappear(_:)
            <Notes.DetailViewController: 0x600000c04000> viewDidDisappear(_:)
            <Notes.DetailViewController: 0x600000c04000> viewDidLoad()
            <Notes.DetailViewController: 0x600000c04000> viewWillAppear(_:)

            """)
        let run = try CLIRunner.run(["conform", "Examples/ViewControllerLifecycle.lifecycle", log])
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout.contains("2 instances, told apart by the object each line prints"), "\(run.stdout)")
        #expect(run.stdout.contains("0x600000c04000, from line 1 (5 callbacks): ends in 'Released'"), "\(run.stdout)")
        #expect(run.stdout.contains("0x600000c04000, from line 6 (2 callbacks): ends"), "\(run.stdout)")
    }

    @Test("case 3: in a system, an instance is named by its object's address, which wins over a class word on the same line")
    func systemInstancesByAddress() throws {
        let classes = try String(contentsOfFile: CLIRunner.packageRoot + "/Examples/logs/push-pop-classes.log", encoding: .utf8)
        let text = classes.replacingOccurrences(of: "A_ViewController", with: "<Notes.VC: 0x600000c04000>")
            .replacingOccurrences(of: "B_ViewController", with: "<Notes.VC: 0x0000600000c08000>")
        let log = try Self.write("push-pop-addresses.log", text)
        let run = try CLIRunner.run(["conform", Self.navigation, log, "--system", "Navigation",
                                     "--instance", "Root=0x600000c04000", "--instance", "Second=0x600000c08000"])
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout.contains("conforms to 'Navigation' (12 callbacks, 0 other lines)"), "\(run.stdout)")
        // A class word for one and an address for the other: the address decides the line.
        let mixed = try CLIRunner.run(["conform", Self.navigation, log, "--system", "Navigation",
                                       "--instance", "Root=VC", "--instance", "Second=0x600000c08000"])
        #expect(mixed.status == 0, "\(mixed)")
    }
}
