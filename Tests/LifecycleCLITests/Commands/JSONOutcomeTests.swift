import Foundation
import Testing

/// Every command that offers `--format json`, in every mode (a machine, a system) and for every
/// outcome (done, a rejected event, no path, an unknown name, a deviating or unreadable log, a
/// spec with errors, a missing file, a usage error), prints one JSON value on standard output,
/// which a script can parse whatever happened (issue 38, case 4: `simulate --system` printed
/// nothing when an event was rejected). A failure's value is an object with `error`, `notes`
/// and `steps`, or the command's own array (`check`'s diagnostics, `conform`'s logs).
@Suite struct JSONOutcomeTests {
    static let spec = """
        protocol P {
            func a()
            func b()
        }
        machine M {
            delegate D: P
            initial state A
            state B
            final state F
            A -> B on go calls a()
            B -> A on back calls b()
            B -> F on end
        }
        system S {
            instance X: M
            instance Y: M
            on both: X.go, Y.go
            on again: X.back
        }
        """

    /// A command line (files named by placeholder), the exit status it must have, and what
    /// its JSON must be: an error object, or the command's own value.
    struct Case: CustomStringConvertible {
        var arguments: [String]
        var status: Int32
        var isErrorObject: Bool
        var description: String { arguments.joined(separator: " ") }
    }

    static let cases: [Case] = [
        // check
        Case(arguments: ["check", "SPEC", "--format", "json"], status: 0, isErrorObject: false),
        Case(arguments: ["check", "BROKEN", "--format", "json"], status: 1, isErrorObject: false),
        Case(arguments: ["check", "MISSING", "--format", "json"], status: 3, isErrorObject: false),
        Case(arguments: ["check", "SPEC", "--format=json", "--bogus"], status: 2, isErrorObject: true),
        // simulate, a machine
        Case(arguments: ["simulate", "SPEC", "--machine", "M", "go", "back", "--format", "json"], status: 0, isErrorObject: false),
        Case(arguments: ["simulate", "SPEC", "--machine", "M", "go", "go", "--format", "json"], status: 1, isErrorObject: true),
        Case(arguments: ["simulate", "SPEC", "--machine", "N", "go", "--format", "json"], status: 1, isErrorObject: true),
        Case(arguments: ["simulate", "BROKEN", "go", "--format", "json"], status: 1, isErrorObject: true),
        Case(arguments: ["simulate", "MISSING", "go", "--format", "json"], status: 3, isErrorObject: true),
        Case(arguments: ["simulate", "SPEC", "--machine", "M", "--system", "S", "--format", "json"], status: 2, isErrorObject: true),
        // simulate, a system
        Case(arguments: ["simulate", "SPEC", "--system", "S", "both", "again", "--format", "json"], status: 0, isErrorObject: false),
        Case(arguments: ["simulate", "SPEC", "--system", "S", "both", "both", "--format", "json"], status: 1, isErrorObject: true),
        Case(arguments: ["simulate", "SPEC", "--system", "T", "both", "--format", "json"], status: 1, isErrorObject: true),
        Case(arguments: ["simulate", "SPEC", "--system", "S", "neither", "--format", "json"], status: 1, isErrorObject: true),
        // trace, a machine
        Case(arguments: ["trace", "SPEC", "--machine", "M", "--from", "A", "--to", "F", "--format", "json"], status: 0, isErrorObject: false),
        Case(arguments: ["trace", "SPEC", "--machine", "M", "--into", "B", "--format", "json"], status: 0, isErrorObject: false),
        Case(arguments: ["trace", "SPEC", "--machine", "M", "--from", "F", "--to", "A", "--format", "json"], status: 1, isErrorObject: true),
        Case(arguments: ["trace", "SPEC", "--machine", "M", "--from", "A", "--to", "Z", "--format", "json"], status: 1, isErrorObject: true),
        Case(arguments: ["trace", "SPEC", "--machine", "M", "--from", "A", "--format", "json"], status: 2, isErrorObject: true),
        // trace, a system
        Case(arguments: ["trace", "SPEC", "--system", "S", "--to", "X=B,Y=B", "--format", "json"], status: 0, isErrorObject: false),
        Case(arguments: ["trace", "SPEC", "--system", "S", "--to", "X=F", "--format", "json"], status: 1, isErrorObject: true),
        Case(arguments: ["trace", "SPEC", "--system", "S", "--to", "X", "--format", "json"], status: 2, isErrorObject: true),
        Case(arguments: ["trace", "SPEC", "--system", "T", "--to", "X=B", "--format", "json"], status: 1, isErrorObject: true),
        // paths
        Case(arguments: ["paths", "SPEC", "--machine", "M", "--format", "json"], status: 0, isErrorObject: false),
        Case(arguments: ["paths", "SPEC", "--system", "S", "--format", "json"], status: 0, isErrorObject: false),
        Case(arguments: ["paths", "SPEC", "--machine", "N", "--format", "json"], status: 1, isErrorObject: true),
        Case(arguments: ["paths", "SPEC", "--system", "T", "--format", "json"], status: 1, isErrorObject: true),
        Case(arguments: ["paths", "BROKEN", "--format", "json"], status: 1, isErrorObject: true),
        Case(arguments: ["paths", "SPEC", "--cover", "everything", "--format", "json"], status: 2, isErrorObject: true),
        // conform
        Case(arguments: ["conform", "SPEC", "--machine", "M", "GOODLOG", "--format", "json"], status: 0, isErrorObject: false),
        Case(arguments: ["conform", "SPEC", "--machine", "M", "BADLOG", "--strict", "--format", "json"], status: 1, isErrorObject: false),
        Case(arguments: ["conform", "SPEC", "--machine", "M", "MISSING", "--format", "json"], status: 3, isErrorObject: false),
        Case(arguments: ["conform", "SPEC", "--machine", "N", "GOODLOG", "--format", "json"], status: 1, isErrorObject: true),
        Case(arguments: ["conform", "SPEC", "--system", "S", "GOODLOG", "--format", "json"], status: 0, isErrorObject: false),
        Case(arguments: ["conform", "SPEC", "--system", "S", "GOODLOG", "--instance", "Z=z", "--format", "json"], status: 1, isErrorObject: true),
        Case(arguments: ["conform", "BROKEN", "GOODLOG", "--format", "json"], status: 1, isErrorObject: true),
    ]

    @Test("--format json: a JSON value on stdout for every outcome", arguments: cases)
    func everyOutcomeIsJSON(_ item: Case) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lifecycle-json-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = [
            "SPEC": ("spec.lifecycle", Self.spec),
            "BROKEN": ("broken.lifecycle", "machine M {\n    initial state A\n    A -> Nowhere on go\n}\n"),
            "GOODLOG": ("good.log", "a()\nb()\n"),
            "BADLOG": ("bad.log", "a()\na()\n"),
        ]
        var arguments = item.arguments
        for (index, argument) in arguments.enumerated() {
            if let (name, text) = files[argument] {
                let url = folder.appendingPathComponent(name)
                try Data(text.utf8).write(to: url)
                arguments[index] = url.path
            } else if argument == "MISSING" {
                arguments[index] = folder.appendingPathComponent("missing").path
            }
        }
        let output = try CLIRunner.run(arguments)
        #expect(output.status == item.status, "\(item)\n\(output)")
        let value = try? JSONSerialization.jsonObject(with: Data(output.stdout.utf8), options: [.fragmentsAllowed])
        #expect(value != nil, "stdout is not JSON: \(item)\n\(output)")
        if item.isErrorObject {
            let object = value as? [String: Any]
            #expect(object?["error"] is String && object?["notes"] is [Any] && object?["steps"] is [Any], "\(item)\n\(output)")
            // The same error is on stderr, as text.
            #expect(!output.stderr.isEmpty, "\(item)\n\(output)")
        } else {
            #expect(value is [Any] || (value as? [String: Any])?["error"] == nil, "\(item)\n\(output)")
        }
    }

    /// A rejected system event: the steps taken before it are in the error object.
    @Test func aRejectedSystemEventKeepsItsSteps() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lifecycle-json-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let spec = folder.appendingPathComponent("spec.lifecycle")
        try Data(Self.spec.utf8).write(to: spec)
        let output = try CLIRunner.run(["simulate", spec.path, "--system", "S", "both", "both", "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any], "\(output)")
        #expect(object["error"] as? String == "'both' is not possible in X=B, Y=B")
        #expect((object["steps"] as? [[String: Any]])?.map { $0["event"] as? String } == ["both"])
    }
}
