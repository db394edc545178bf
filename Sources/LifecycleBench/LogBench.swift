import Foundation

/// `lifecycle-bench logs [--lines 1000000,10000000] [--runs 3] [--out Performance.md]`: how
/// `lifecycle conform` scales with the log, time and peak memory, for logs of N lines written
/// by `writeLog` (the example scene log's launch, then its trip Home and back over and over, 95
/// bytes a line: a log that conforms to the `Scene` machine of the example without its time
/// facts, `untimedSpec`). Three ways of reading it: a file
/// (read twice: which callbacks it names, then the check), `--strict` (once), and standard
/// input from a pipe (once, learning the logged callbacks as they appear), with `wc -l` on the
/// same file as the one-pass reference and `grep -c sceneDidBecomeActive` (a search for one of
/// the callbacks, the yardstick of issue 37). The commands run in turn, round after round, and
/// each round's `conform`/`grep -c` CPU ratio is taken in the round: the ratio's median is paired,
/// steady on a machine whose speed drifts. Wall time is the median of `runs` (one for 10^7 lines
/// and more), peak memory that of one more run through the `peak` helper (see main.swift).
enum LogBench {
    /// Writes a log of `count` lines to `path`, in pieces (a 10^7-line log is about 1 GB).
    static func writeLog(lines count: Int, to path: String) -> Bool {
        guard let example = try? String(contentsOfFile: "Examples/logs/scene-home-and-back.log", encoding: .utf8),
              FileManager.default.createFile(atPath: path, contents: nil),
              let handle = FileHandle(forWritingAtPath: path) else { return false }
        defer { try? handle.close() }
        let lines = example.split(separator: "\n").map(String.init)
        var text = ""
        text.reserveCapacity(1 << 22)
        for index in 0..<count {
            text += (index < 4 ? lines[index] : lines[4 + (index - 4) % (lines.count - 4)]) + "\n"
            if text.utf8.count >= 1 << 22 || index == count - 1 {
                guard (try? handle.write(contentsOf: Data(text.utf8))) != nil else { return false }
                text.removeAll(keepingCapacity: true)
            }
        }
        return true
    }

    /// The scene example without its time facts (`within 30s`, `after 5s`), written to `folder`:
    /// the benchmark times reading and ordering, the untimed path (the issue 37 yardstick); a spec
    /// with time facts reads every line's timestamp too (Performance.md, "Issue 43").
    static func untimedSpec(folder: String) -> String? {
        guard let text = try? String(contentsOfFile: "Examples/SceneLifecycle.lifecycle", encoding: .utf8) else { return nil }
        let untimed = text.replacingOccurrences(of: #" (within|after) [0-9]+(\.[0-9]+)?(ms|s|min|h)\b"#, with: "", options: .regularExpression)
        guard untimed != text else { return nil }
        let path = "\(folder)/SceneLifecycle-untimed.lifecycle"
        guard (try? untimed.write(toFile: path, atomically: true, encoding: .utf8)) != nil else { return nil }
        return path
    }

    struct Row {
        var lines: Int
        var bytes: Int
        /// File (two passes), `--strict`, pipe, `wc -l`, `grep -c`.
        var runs: [Measure.Run]
        /// Medians of the paired CPU ratios to `grep -c`: file, `--strict`.
        var ratios: [Double]
    }

    static func run(sizes: [Int], runs: Int, tool: String, benchBinary: String, folder: String, out: String?) {
        let wc = FileManager.default.isExecutableFile(atPath: "/usr/bin/wc") ? "/usr/bin/wc" : "/bin/wc"
        let grep = FileManager.default.isExecutableFile(atPath: "/usr/bin/grep") ? "/usr/bin/grep" : "/bin/grep"
        guard let spec = untimedSpec(folder: folder) else { fatalError("cannot write the untimed spec in \(folder)") }
        let loadBefore = Measure.loadAverage()
        var rows: [Row] = []
        for count in sizes {
            let path = "\(folder)/bench-\(count).log"
            guard writeLog(lines: count, to: path) else { fatalError("cannot write \(path)") }
            let bytes = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
            let commands: [[String]] = [
                [tool, "conform", spec, path, "--machine", "Scene"],
                [tool, "conform", spec, path, "--machine", "Scene", "--strict"],
                ["/bin/sh", "-c", "cat '\(path)' | '\(tool)' conform \(spec) - --machine Scene"],
                [wc, "-l", path],
                [grep, "-c", "sceneDidBecomeActive", path],
            ]
            // GNU grep stops at the first match when its output is /dev/null: its count goes to a file.
            let outputs = [String](repeating: "/dev/null", count: commands.count - 1) + ["\(folder)/grep-count"]
            _ = Measure.run([wc, "-l", path])  // Warm the page cache.
            let repeats = count >= 10_000_000 ? 1 : runs
            // Round after round, each command once, so that each round's ratio is paired.
            var rounds = [[Measure.Run]](repeating: [], count: commands.count)
            for _ in 0..<repeats {
                for (index, command) in commands.enumerated() { rounds[index].append(Measure.run(command, stdout: outputs[index])) }
            }
            var measured: [Measure.Run] = []
            for (index, command) in commands.enumerated() {
                let all = rounds[index]
                var run = Measure.Run(seconds: Measure.median(all.map(\.seconds)), peakBytes: 0, status: all.map(\.status).max() ?? 0,
                                      cpuSeconds: Measure.median(all.map(\.cpuSeconds)))
                precondition(run.status == 0, "failed: \(command.joined(separator: " "))")
                let file = "\(folder)/peak"
                _ = Measure.run([benchBinary, "peak", file] + command, stdout: outputs[index])
                run.peakBytes = (try? String(contentsOfFile: file, encoding: .utf8)).flatMap { Int($0) } ?? 0
                measured.append(run)
            }
            let ratios = [0, 1].map { index in
                Measure.median(zip(rounds[index], rounds[4]).map { $0.cpuSeconds / max($1.cpuSeconds, 1e-6) })
            }
            rows.append(Row(lines: count, bytes: bytes, runs: measured, ratios: ratios))
            FileHandle.standardError.write(Data("\(count) lines: \(measured.map { Measure.format($0.seconds, 2) + " s" }.joined(separator: ", "))\n".utf8))
            try? FileManager.default.removeItem(atPath: path)
        }
        let loadAfter = Measure.loadAverage()

        func mb(_ bytes: Int) -> String { Measure.format(Double(bytes) / 1_000_000, bytes < 10_000_000 ? 1 : 0) }
        var report = "Load average (1, 5, 15 min) before: \(loadBefore); after: \(loadAfter). "
        report += "Each cell: wall time, CPU time (user + system, steadier on a busy machine), median of \(runs) runs "
        report += "(1 at 10^7 lines); peak memory of one more run.\n\n"
        report += "| lines | log | `conform` (a file: two passes) | peak | `--strict` (one pass) | peak | from a pipe (`-`, with `cat`) | peak | `wc -l` | `grep -c` | CPU × `grep -c` (file, `--strict`; paired) | CPU µs a line (file) |\n"
        report += "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n"
        for row in rows {
            var cells = ["\(row.lines)", "\(mb(row.bytes)) MB"]
            for (index, run) in row.runs.enumerated() {
                cells.append("\(Measure.format(run.seconds, 2)) s, CPU \(Measure.format(run.cpuSeconds, 2)) s")
                if index < 3 { cells.append("\(mb(run.peakBytes)) MB") }
            }
            cells.append(row.ratios.map { Measure.format($0, 1) + "×" }.joined(separator: ", "))
            cells.append(Measure.format(row.runs[0].cpuSeconds / Double(max(row.lines, 1)) * 1e6, 2))
            report += "| " + cells.joined(separator: " | ") + " |\n"
        }
        print(report)
        guard let out else { return }
        let begin = "<!-- lifecycle-bench-logs:begin -->", end = "<!-- lifecycle-bench-logs:end -->"
        guard var document = try? String(contentsOfFile: out, encoding: .utf8),
              let lower = document.range(of: begin), let upper = document.range(of: end, range: lower.upperBound..<document.endIndex) else {
            FileHandle.standardError.write(Data("lifecycle-bench: \(out) has no \(begin) … \(end) section\n".utf8))
            return
        }
        document.replaceSubrange(lower.upperBound..<upper.lowerBound, with: "\n" + report + "\n")
        try? document.write(toFile: out, atomically: true, encoding: .utf8)
        FileHandle.standardError.write(Data("wrote \(out)\n".utf8))
    }
}
