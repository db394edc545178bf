import Foundation
import Testing

/// Hostile input and hostile environments, round two (issue 17), run through the binary.
/// Each test names the promise of `Robustness.md` (the DocC catalog) it keeps.
@Suite(.serialized) struct HostileEnvironmentTests {
    /// Runs `sh -c script` with the binary as `$L`, in `folder`.
    static func shell(_ script: String, in folder: URL) throws -> CLIRunner.Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script]
        process.currentDirectoryURL = folder
        var environment = ProcessInfo.processInfo.environment
        environment["L"] = CLIRunner.binary
        environment["NO_COLOR"] = "1"
        process.environment = environment
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let errors = CLIRunner.ErrorCollector(err.fileHandleForReading)
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = errors.wait()
        process.waitUntilExit()
        return CLIRunner.Output(stdout: String(decoding: outData, as: UTF8.self),
                                stderr: String(decoding: errData, as: UTF8.self),
                                status: process.terminationStatus)
    }

    /// A fresh folder, removed afterwards.
    static func withFolder(_ body: (URL) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lifecycle-hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try body(folder)
    }

    #if os(Linux)
    /// Item 1: 200,000 errors need about 130 MB when every diagnostic is kept; counted past
    /// the printed limit, the check fits in an address space of 100 MB (Linux enforces
    /// `ulimit -v`; macOS does not).
    @Test("200,000 errors fit in 100 MB of address space: diagnostics past the limit are counted, not kept")
    func manyErrorsSmallMemory() throws {
        try Self.withFolder { folder in
            try String(repeating: "@ ", count: 200_000).write(to: folder.appendingPathComponent("j.lifecycle"), atomically: true, encoding: .utf8)
            let result = try Self.shell(#"ulimit -v 100000; "$L" check j.lifecycle"#, in: folder)
            #expect(result.status == 1, "\(result)")
            #expect(result.stderr.hasSuffix("note: 199950 errors not shown; use '--error-limit 0' to show every diagnostic\n"), "\(result.stderr.suffix(300))")
        }
    }

    /// Item 1, the modes that print "all": `--error-limit 0` and `--format json` keep at most
    /// `Diagnostics.maximumKept` (10,000) and count the rest, so they too fit in 100 MB.
    @Test("200,000 errors with '--error-limit 0' or '--format json' fit in 100 MB: 'all' stops at 10,000",
          arguments: ["--error-limit 0", "--format json"])
    func allDiagnosticsSmallMemory(_ option: String) throws {
        try Self.withFolder { folder in
            try String(repeating: "@ ", count: 200_000).write(to: folder.appendingPathComponent("j.lifecycle"), atomically: true, encoding: .utf8)
            let result = try Self.shell(#"ulimit -v 100000; "$L" check j.lifecycle "# + option, in: folder)
            #expect(result.status == 1, "\(result.stderr.suffix(300))")
            if option == "--format json" {
                #expect(result.stdout.components(separatedBy: "\"severity\"").count - 1 == 10_000)
                #expect(result.stdout.hasSuffix("]\n"))
                #expect(result.stderr == "lifecycle: note: 190000 more diagnostics not written; '--format json' lists at most 10000\n")
            } else {
                #expect(result.stderr.components(separatedBy: ": error: ").count - 1 == 10_000)
                #expect(result.stderr.hasSuffix("note: 190000 errors not shown; at most 10000 diagnostics are shown\n"),
                        "\(result.stderr.suffix(300))")
            }
        }
    }
    #endif

    static let spec = """
    protocol PlayerDelegate {
        func playerDidLoad()
    }
    machine Player {
        delegate PlaybackController: PlayerDelegate
        initial state Idle
        state Session {
            initial state Playing
            state Paused
            Playing -> Paused on pause
            Paused -> Playing on resume
        }
        Idle -> Session on play calls playerDidLoad
        Session -> Idle on stop
    }

    """

    /// A folder holding `Player.lifecycle`.
    static func withSpec(_ body: (URL) throws -> Void) throws {
        try withFolder { folder in
            try spec.write(to: folder.appendingPathComponent("Player.lifecycle"), atomically: true, encoding: .utf8)
            try body(folder)
        }
    }

    /// An executable shell script in `folder`.
    static func script(_ name: String, _ text: String, in folder: URL) throws -> String {
        let url = folder.appendingPathComponent(name)
        try ("#!/bin/sh\n" + text).write(to: url, atomically: true, encoding: .utf8)
        chmod(url.path, 0o755)
        return url.path
    }

    static func leftovers(in folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.contains(".lifecycle-") }
    }

    /// A zombie counts as dead: it no longer runs.
    /// Whether `pid` still runs two seconds from now: a process sent SIGKILL may take a moment
    /// to be scheduled and die on a loaded machine.
    static func outlives(_ pid: Int32) -> Bool {
        for _ in 0..<40 where isAlive(pid) { usleep(50_000) }
        return isAlive(pid)
    }

    static func isAlive(_ pid: Int32) -> Bool {
        guard kill(pid, 0) == 0 else { return false }
        #if os(Linux)
        let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
        if let close = stat.lastIndex(of: ")"), stat[close...].dropFirst(2).first == "Z" { return false }
        #endif
        return true
    }

    /// Starts `lifecycle arguments…` in `folder`, its output discarded.
    static func start(_ arguments: [String], in folder: URL) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CLIRunner.binary)
        process.arguments = arguments
        process.currentDirectoryURL = folder
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    static func which(_ name: String) -> String? {
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let path = "\(folder)/\(name)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }

    // MARK: - Item 4: lost output is an error

    #if os(Linux)
    @Test("stdout on a full disk: exit 3 with a message, for every command that prints", arguments: [
        "swift Player.lifecycle", "dot Player.lifecycle", "trace Player.lifecycle --from Idle --to Paused",
        "simulate Player.lifecycle play", "check --format json Player.lifecycle",
    ])
    func fullStdout(_ command: String) throws {
        try Self.withSpec { folder in
            let result = try Self.shell(#""$L" \#(command) > /dev/full"#, in: folder)
            #expect(result.status == 3, "\(result)")
            #expect(result.stderr.hasSuffix("lifecycle: error: cannot write to standard output: No space left on device\n"), "\(result)")
        }
    }
    #endif

    @Test("stdout closed: exit 3 with a message; a pipe closed by its reader stays quiet")
    func closedStdout() throws {
        try Self.withSpec { folder in
            let closed = try Self.shell(#""$L" dot Player.lifecycle >&-"#, in: folder)
            #expect(closed.status == 3, "\(closed)")
            #expect(closed.stderr.contains("cannot write to standard output: Bad file descriptor"), "\(closed)")
            // A big output into `head`: no message, no crash report, whether SIGPIPE ends the
            // process (the default) or is ignored (inherited) and the write fails with EPIPE.
            let events = String(repeating: "play stop ", count: 5_000)
            for prefix in ["", "trap '' PIPE; "] {
                let piped = try Self.shell(prefix + #""$L" simulate Player.lifecycle \#(events)| head -c 10 > /dev/null"#, in: folder)
                #expect(piped.stderr.isEmpty, "\(prefix): \(piped)")
            }
        }
    }

    // MARK: - Item 5: -o the file stdout already is

    @Test("'-o /dev/stdout' into '> out.dot' writes it in place; into '>> log.txt' appends, never replaces")
    func devStdout() throws {
        try Self.withSpec { folder in
            let plain = try Self.shell(#""$L" dot Player.lifecycle -o /dev/stdout > out.dot"#, in: folder)
            #expect(plain.status == 0, "\(plain)")
            let dot = try String(contentsOf: folder.appendingPathComponent("out.dot"), encoding: .utf8)
            #expect(dot.hasPrefix("// Generated by lifecycle") && dot.contains("digraph"))
            try "first line\n".write(to: folder.appendingPathComponent("log.txt"), atomically: true, encoding: .utf8)
            let inode = try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent("log.txt").path)[.systemFileNumber] as? Int
            let appended = try Self.shell(#""$L" swift Player.lifecycle -o /dev/stdout --force >> log.txt"#, in: folder)
            #expect(appended.status == 0, "\(appended)")
            let log = try String(contentsOf: folder.appendingPathComponent("log.txt"), encoding: .utf8)
            #expect(log.hasPrefix("first line\n// Generated by lifecycle"), "\(log.prefix(200))")
            let after = try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent("log.txt").path)[.systemFileNumber] as? Int
            #expect(inode == after, "log.txt was replaced")
        }
    }

    // MARK: - Items 6, 7, 8, 15, 16: render

    @Test("render: a foreign image is kept unless --force, the spec never, a link's target is replaced")
    func renderClobber() throws {
        guard Self.which("dot") != nil else { return }
        try Self.withSpec { folder in
            let mine = folder.appendingPathComponent("mine.svg")
            try "<svg>mine</svg>".write(to: mine, atomically: true, encoding: .utf8)
            let refused = try CLIRunner.run(["render", "Player.lifecycle", "-o", "mine.svg"], in: folder.path)
            #expect(refused.status == 3 && refused.stderr.contains("'mine.svg' was not rendered by lifecycle; not overwriting it"), "\(refused)")
            #expect(try String(contentsOf: mine, encoding: .utf8) == "<svg>mine</svg>")
            let forced = try CLIRunner.run(["render", "Player.lifecycle", "-o", "mine.svg", "--force"], in: folder.path)
            #expect(forced.status == 0, "\(forced)")
            // Rendered before: replaced without --force.
            let again = try CLIRunner.run(["render", "Player.lifecycle", "-o", "mine.svg"], in: folder.path)
            #expect(again.status == 0, "\(again)")
            // The spec itself, even with --force and under another name.
            try FileManager.default.copyItem(at: folder.appendingPathComponent("Player.lifecycle"), to: folder.appendingPathComponent("spec.svg"))
            let spec = try CLIRunner.run(["render", "spec.svg", "-o", "spec.svg", "--force"], in: folder.path)
            #expect(spec.status == 3 && spec.stderr.contains("'spec.svg' is an input of this command; not overwriting it"), "\(spec)")
            #expect(try String(contentsOf: folder.appendingPathComponent("spec.svg"), encoding: .utf8) == Self.spec)
            // A symbolic link stays a link; the file it names gets the image.
            try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("link.svg").path, withDestinationPath: "target.svg")
            let linked = try CLIRunner.run(["render", "Player.lifecycle", "-o", "link.svg"], in: folder.path)
            #expect(linked.status == 0, "\(linked)")
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder.appendingPathComponent("link.svg").path) == "target.svg")
            #expect(try String(contentsOf: folder.appendingPathComponent("target.svg"), encoding: .utf8).contains("<svg"))
            #expect(Self.leftovers(in: folder).isEmpty, "\(Self.leftovers(in: folder))")
        }
    }

    @Test("eight concurrent renders to one output all finish, and leave no temporary")
    func concurrentRenders() throws {
        guard Self.which("dot") != nil else { return }
        try Self.withSpec { folder in
            let renders = try (0..<8).map { _ in try Self.start(["render", "Player.lifecycle", "-o", "same.svg"], in: folder) }
            for render in renders { render.waitUntilExit() }
            #expect(renders.map(\.terminationStatus) == Array(repeating: 0, count: 8))
            #expect(try String(contentsOf: folder.appendingPathComponent("same.svg"), encoding: .utf8).hasSuffix("</svg>\n"))
            #expect(Self.leftovers(in: folder).isEmpty, "\(Self.leftovers(in: folder))")
        }
    }

    @Test("render --timeout kills the whole process group and leaves nothing behind")
    func timeoutKillsGroup() throws {
        try Self.withSpec { folder in
            // A wrapper whose grandchild would outlive a kill of the wrapper alone.
            let wrapper = try Self.script("slow-dot", "sleep 60 &\necho $! > grandchild.pid\nwait\n", in: folder)
            let result = try CLIRunner.run(["render", "Player.lifecycle", "-o", "out.svg", "--dot", wrapper, "--timeout", "1"], in: folder.path)
            #expect(result.status == 3 && result.stderr.contains("did not finish within 1 seconds"), "\(result)")
            let pid = Int32(try String(contentsOf: folder.appendingPathComponent("grandchild.pid"), encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
            #expect(pid > 0 && !Self.outlives(pid), "the grandchild \(pid) still runs")
            #expect(Self.leftovers(in: folder).isEmpty, "\(Self.leftovers(in: folder))")
        }
    }

    @Test("render interrupted by SIGTERM removes its temporaries and kills dot's process group")
    func interruptedRender() throws {
        try Self.withSpec { folder in
            let wrapper = try Self.script("slow-dot", "sleep 60 &\necho $! > grandchild.pid\nwait\n", in: folder)
            let render = try Self.start(["render", "Player.lifecycle", "-o", "out.svg", "--dot", wrapper], in: folder)
            let pidFile = folder.appendingPathComponent("grandchild.pid")
            for _ in 0..<400 where (try? String(contentsOf: pidFile, encoding: .utf8))?.hasSuffix("\n") != true {
                Thread.sleep(forTimeInterval: 0.05)
            }
            #expect(!Self.leftovers(in: folder).isEmpty, "the temporaries were not there to begin with")
            render.terminate()
            render.waitUntilExit()
            #expect(render.terminationReason == .uncaughtSignal && render.terminationStatus == SIGTERM)
            let pid = Int32(try String(contentsOf: folder.appendingPathComponent("grandchild.pid"), encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
            Thread.sleep(forTimeInterval: 0.2)
            #expect(pid > 0 && !Self.outlives(pid), "the grandchild \(pid) still runs")
            #expect(Self.leftovers(in: folder).isEmpty, "\(Self.leftovers(in: folder))")
        }
    }

    @Test("render: 'trouble in init_rank' with clusters falls back to no clusters, with a warning")
    func clusterFallback() throws {
        guard let dot = Self.which("dot") else { return }
        try Self.withSpec { folder in
            // Fails as Graphviz 2.43 does on clustered graphs; draws flat ones with the real dot.
            let fake = try Self.script("cluster-trouble-dot", """
            for a; do case "$a" in *.dot) f="$a";; esac; done
            if grep -q 'subgraph "cluster' "$f"; then echo 'trouble in init_rank' >&2; exit 1; fi
            exec \(dot) "$@"

            """, in: folder)
            let result = try CLIRunner.run(["render", "Player.lifecycle", "-o", "out.svg", "--dot", fake], in: folder.path)
            #expect(result.status == 0, "\(result)")
            #expect(result.stderr.contains("warning: Graphviz could not lay out the clusters of this diagram; drawing composite states as boxes ('--no-clusters')"), "\(result)")
            #expect(try String(contentsOf: folder.appendingPathComponent("out.svg"), encoding: .utf8).contains("<svg"))
        }
    }

    @Test("render: 'trouble in init_rank' that Graphviz's other ranking avoids keeps the clusters, with a warning")
    func clusterNewRankFallback() throws {
        guard let dot = Self.which("dot") else { return }
        try Self.withSpec { folder in
            // Fails on clustered graphs unless asked for newrank, as Graphviz's maintainers advise.
            let fake = try Self.script("newrank-dot", """
            newrank=no
            for a; do case "$a" in *.dot) f="$a";; -Gnewrank=true) newrank=yes;; esac; done
            if [ $newrank = no ] && grep -q 'subgraph "cluster' "$f"; then echo 'trouble in init_rank' >&2; exit 1; fi
            exec \(dot) "$@"

            """, in: folder)
            let result = try CLIRunner.run(["render", "Player.lifecycle", "-o", "out.svg", "--dot", fake], in: folder.path)
            #expect(result.status == 0, "\(result)")
            #expect(result.stderr == "lifecycle render: warning: Graphviz could not rank the clusters of this diagram ('trouble in init_rank'); drawn with its other ranking ('newrank=true')\n", "\(result)")
            let svg = try String(contentsOf: folder.appendingPathComponent("out.svg"), encoding: .utf8)
            #expect(svg.contains("class=\"cluster\""), "the clusters are kept")
        }
    }

    /// The real trigger, found by shrinking a failing DOT file: labelled edges in a graph with
    /// clusters make Graphviz 2.43's default ranking fail; its `newrank` pass does not.
    @Test("render: a spec whose clusters Graphviz's default ranking cannot place is drawn with newrank, clusters kept")
    func clusterRankTroubleWithRealGraphviz() throws {
        guard let dot = Self.which("dot") else { return }
        let spec = CLITests.fixtures.appendingPathComponent("ClusterRankTrouble.lifecycle").path
        try Self.withFolder { folder in
            let dotFile = try CLIRunner.run(["dot", spec, "-o", "plain.dot"], in: folder.path)
            #expect(dotFile.status == 0, "\(dotFile)")
            let plain = try Self.shell("\"\(dot)\" -Tsvg plain.dot -o plain.svg", in: folder)
            let result = try CLIRunner.run(["render", spec, "-o", "out.svg"], in: folder.path)
            #expect(result.status == 0, "\(result)")
            let svg = try String(contentsOf: folder.appendingPathComponent("out.svg"), encoding: .utf8)
            #expect(svg.contains("class=\"cluster\""), "the clusters are kept")
            if plain.stderr.contains("init_rank") {
                #expect(result.stderr.contains("warning: Graphviz could not rank the clusters of this diagram ('trouble in init_rank'); drawn with its other ranking ('newrank=true')"), "\(result)")
            } else {
                // A Graphviz without the bug draws it at once, and so does any Graphviz since
                // the drawing's labels are nodes (a diagram of this size is laid out for reading).
                #expect(!result.stderr.contains("newrank"), "\(result)")
            }
        }
    }

    @Test("render: a dot that exits 0 without an image, or floods stderr on one line, is reported plainly")
    func misbehavingDot() throws {
        try Self.withSpec { folder in
            let silent = try Self.script("silent-dot", "exit 0\n", in: folder)
            let none = try CLIRunner.run(["render", "Player.lifecycle", "-o", "out.svg", "--dot", silent], in: folder.path)
            #expect(none.status == 3 && none.stderr.contains("'dot' exited successfully but wrote no image"), "\(none)")
            #expect(!none.stderr.contains("No such file"), "\(none)")
            let flood = try Self.script("flood-dot", "head -c 5000000 /dev/zero | tr '\\\\0' x >&2\nexit 1\n", in: folder)
            let flooded = try CLIRunner.run(["render", "Player.lifecycle", "-o", "out.svg", "--dot", flood], in: folder.path)
            #expect(flooded.status == 3, "\(flooded.stderr.prefix(300))")
            #expect(flooded.stderr.utf8.count < 2_000, "\(flooded.stderr.utf8.count) bytes of stderr forwarded")
            #expect(flooded.stderr.contains("more bytes"), "\(flooded.stderr)")
            #expect(Self.leftovers(in: folder).isEmpty, "\(Self.leftovers(in: folder))")
        }
    }

    // MARK: - Items 11, 13, 16

    @Test("an output over 256 MiB is regenerated with --force, without being read")
    func hugeOutput() throws {
        try Self.withSpec { folder in
            let made = try Self.shell(#"truncate -s 300M out.swift && "$L" swift Player.lifecycle -o out.swift --force"#, in: folder)
            #expect(made.status == 0, "\(made)")
            let size = try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent("out.swift").path)[.size] as? Int
            #expect((size ?? 0) < 100_000)
        }
    }

    @Test("an output name of 250 bytes: the temporary's name still fits")
    func longOutputName() throws {
        try Self.withSpec { folder in
            let name = String(repeating: "n", count: 246) + ".dot"
            let result = try CLIRunner.run(["dot", "Player.lifecycle", "-o", name], in: folder.path)
            #expect(result.status == 0, "\(result)")
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path))
            #expect(Self.leftovers(in: folder).isEmpty)
        }
    }

    @Test("'check -- --help' checks the file named --help")
    func dashDashHelp() throws {
        try Self.withSpec { folder in
            try FileManager.default.copyItem(at: folder.appendingPathComponent("Player.lifecycle"), to: folder.appendingPathComponent("--help"))
            let result = try CLIRunner.run(["check", "--", "--help"], in: folder.path)
            #expect(result.status == 0 && result.stdout.isEmpty && result.stderr.isEmpty, "\(result)")
            let missing = try CLIRunner.run(["check", "--", "-h"], in: folder.path)
            #expect(missing.status == 3 && missing.stderr.contains("-h: error: cannot read file"), "\(missing)")
        }
    }

    @Test("trace and simulate with --format json print a JSON error object on errors")
    func jsonErrors() throws {
        try Self.withSpec { folder in
            for arguments in [["simulate", "Player.lifecycle", "--format", "json", "play", "bogus"],
                              ["trace", "Player.lifecycle", "--format", "json", "--from", "Nope", "--to", "Idle"]] {
                let result = try CLIRunner.run(arguments, in: folder.path)
                #expect(result.status == 1, "\(result)")
                let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
                #expect((object?["error"] as? String)?.isEmpty == false, "\(result.stdout)")
                if arguments[0] == "simulate" { #expect((object?["steps"] as? [Any])?.count == 1, "\(result.stdout)") }
            }
            try "machine {".write(to: folder.appendingPathComponent("Bad.lifecycle"), atomically: true, encoding: .utf8)
            let bad = try CLIRunner.run(["trace", "Bad.lifecycle", "--format", "json", "--into", "X"], in: folder.path)
            #expect(bad.status == 1 && bad.stderr.contains("error:"), "\(bad)")
            let object = try JSONSerialization.jsonObject(with: Data(bad.stdout.utf8)) as? [String: Any]
            #expect((object?["error"] as? String)?.contains("has errors") == true, "\(bad.stdout)")
        }
    }

    @Test("the 'Regenerate with' line works for an absolute spec path and says when the spec came from stdin")
    func regenerateLine() throws {
        try Self.withSpec { folder in
            let spec = folder.appendingPathComponent("Player.lifecycle").path
            let absolute = try CLIRunner.run(["swift", spec], in: "/")
            #expect(absolute.stdout.contains("// Regenerate with: lifecycle swift \(spec)\n"), "\(absolute.stdout.prefix(400))")
            let stdin = try Self.shell(#""$L" dot /dev/stdin < Player.lifecycle"#, in: folder)
            #expect(stdin.stdout.contains("// Regenerate with: lifecycle dot /dev/stdin, with the spec on standard input\n"), "\(stdin.stdout.prefix(400))")
        }
    }
}
