// lifecycle-bench: generates synthetic specs and times the compiler on them.
//
//   swift build -c release -Xswiftc -static-executable && .build/release/lifecycle-bench [--sizes 1000,10000,100000,1000000]
//       [--seed 42] [--startup-runs 60] [--out Performance.md]
//   .build/release/lifecycle-bench generate --states N [--seed 42] -o FILE
//   .build/release/lifecycle-bench generate-system [--instances 6] [--ring 10] -o FILE
//   .build/release/lifecycle-bench log --lines N -o FILE     (a scene console log for `lifecycle conform`)
//   .build/release/lifecycle-bench logs [--lines 1000000,10000000] [--runs 3] [--out Performance.md]
//
// If Ragel is installed (`apt-get install ragel`), the start-up table also times `ragel -V` on a
// five-state chart of the scene lifecycle (`RagelPeer.swift`): the start-up peer, in
// the same run.
//
// Run it from the package root: it spawns .build/release/lifecycle. Foundation is fine here
// (the library and the CLI never import it); `noop` exists so the start-up table can show what
// a process that links Foundation costs on this machine.
import Foundation
import LifecycleCompiler
import SpecGeneration

var arguments = Array(CommandLine.arguments.dropFirst())

@MainActor func option(_ name: String) -> String? {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
    return arguments[index + 1]
}

if arguments.first == "noop" { exit(0) }

if arguments.contains("--help") || arguments.contains("-h") {
    print("""
    usage: lifecycle-bench [--sizes 1000,10000,100000,1000000] [--seed 42] [--startup-runs 60] [--out Performance.md]
           lifecycle-bench generate --states N [--seed 42] -o FILE
           lifecycle-bench logs [--lines 1000000,10000000] [--runs 3] [--out Performance.md]
           lifecycle-bench lsp [--lines 1000] [--runs 50]
    Build first, from the package root: swift build -c release -Xswiftc -static-executable
    """)
    exit(0)
}

// `peak FILE COMMAND...`: runs COMMAND and writes its peak resident memory (bytes) to FILE.
// Linux carries the peak RSS across exec, so a child spawned straight from this (large)
// process would report this process's peak; spawned from this small helper, it reports its
// own.
if arguments.first == "peak", arguments.count >= 3 {
    let run = Measure.run(Array(arguments.dropFirst(2)))
    _ = FileManager.default.createFile(atPath: arguments[1], contents: Data("\(run.peakBytes)".utf8))
    exit(run.status)
}

let seed = UInt64(option("--seed") ?? "42") ?? 42

// `lex [--repeats N] FILE...`: the lexer alone (see LexOnly.swift).
if arguments.first == "lex" {
    let repeats = Int(option("--repeats") ?? "5") ?? 5
    var paths: [String] = []
    var index = 1
    while index < arguments.count {
        if arguments[index] == "--repeats" { index += 2 } else { paths.append(arguments[index]); index += 1 }
    }
    LexOnly.run(paths, repeats: repeats)
    exit(0)
}

// `log --lines N -o FILE`: Examples/logs/scene-home-and-back.log's launch, then its trip Home
// and back over and over, to N lines: a log `conform` accepts against the `Scene` machine.
//   lifecycle-bench log --lines 1000000 -o /tmp/million.log
//   time .build/release/lifecycle conform Examples/SceneLifecycle.lifecycle /tmp/million.log --machine Scene
if arguments.first == "log" {
    guard let count = option("--lines").flatMap(Int.init), count >= 0, let out = option("-o") else {
        print("usage: lifecycle-bench log --lines N -o FILE (run from the package root)")
        exit(2)
    }
    exit(LogBench.writeLog(lines: count, to: out) ? 0 : 3)
}

// `lsp [--lines 1000] [--runs 50]`: language-server response times (LanguageServerBench.swift).
if arguments.first == "lsp" {
    LanguageServerBench.run(lines: Int(option("--lines") ?? "1000") ?? 1000, runs: Int(option("--runs") ?? "50") ?? 50, seed: seed)
    exit(0)
}

if arguments.first == "generate" {
    guard let states = option("--states").flatMap(Int.init), let out = option("-o") else {
        FileHandle.standardError.write(Data("usage: lifecycle-bench generate --states N [--seed S] -o FILE\n".utf8))
        exit(2)
    }
    let bytes = ScaledSpecGenerator(states: states, seed: seed).generate()
    _ = FileManager.default.createFile(atPath: out, contents: Data(bytes))
    exit(0)
}

// `generate-system [--instances K] [--ring N] -o FILE`: one system of K rings of N states,
// N^K composed states (SystemSpec.swift); time it with `lifecycle check FILE`.
if arguments.first == "generate-system" {
    guard let out = option("-o") else {
        FileHandle.standardError.write(Data("usage: lifecycle-bench generate-system [--instances K] [--ring N] -o FILE\n".utf8))
        exit(2)
    }
    let text = SystemSpec.generate(instances: Int(option("--instances") ?? "6") ?? 6, ring: Int(option("--ring") ?? "10") ?? 10)
    _ = FileManager.default.createFile(atPath: out, contents: Data(text.utf8))
    exit(0)
}

// `logs [--lines 1000000,10000000] [--runs 3] [--out Performance.md]`: `conform` on logs of
// those sizes, time and peak memory (LogBench.swift).
if arguments.first == "logs" {
    let tool = ".build/release/lifecycle"
    guard FileManager.default.isExecutableFile(atPath: tool) else {
        print("lifecycle-bench: build the tool first (swift build -c release -Xswiftc -static-executable) and run from the package root")
        exit(2)
    }
    let folder = NSTemporaryDirectory() + "lifecycle-bench-logs-\(getpid())"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    LogBench.run(sizes: (option("--lines") ?? "1000000,10000000").split(separator: ",").compactMap { Int($0) },
                 runs: Int(option("--runs") ?? "3") ?? 3, tool: tool,
                 benchBinary: URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path, folder: folder, out: option("--out"))
    // `exit` runs no `defer`: remove the folder first.
    try? FileManager.default.removeItem(atPath: folder)
    exit(0)
}

let sizes = (option("--sizes") ?? "1000,10000,100000,1000000").split(separator: ",").compactMap { Int($0) }
let startupRuns = Int(option("--startup-runs") ?? "60") ?? 60
let outPath = option("--out")
let tool = ".build/release/lifecycle"
guard FileManager.default.isExecutableFile(atPath: tool) else {
    print("lifecycle-bench: build the tool first (swift build -c release -Xswiftc -static-executable) and run from the package root")
    exit(2)
}
let benchBinary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
let wc = FileManager.default.isExecutableFile(atPath: "/usr/bin/wc") ? "/usr/bin/wc" : "/bin/wc"
let folder = NSTemporaryDirectory() + "lifecycle-bench-\(getpid())"
try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(atPath: folder) }

func log(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}

let loadBefore = Measure.loadAverage()
log("load average before: \(loadBefore)")

// MARK: - Start-up

let small = "Examples/SceneLifecycle.lifecycle"
var startup: [String: [Double]] = [:]
var startupCommands: [(String, [String])] = [
    ("`/bin/true` (a process that does nothing)", ["/bin/true"]),
    ("`lifecycle --version`", [tool, "--version"]),
    ("`lifecycle check \(small)`", [tool, "check", small]),
    ("this benchmark (a Swift program linking Foundation, built like the tool) exiting at once", [benchBinary, "noop"]),
]
let ragel = RagelPeer(folder: folder)
if let command = ragel?.command { startupCommands.append(("`ragel -V` on a five-state chart (the peer)", command)) }
for _ in 0..<5 { for (_, command) in startupCommands { _ = Measure.run(command) } }  // Warm the page cache.
for _ in 0..<startupRuns {
    // Interleaved, so that a burst of load hits every command alike.
    for (label, command) in startupCommands { startup[label, default: []].append(Measure.run(command).seconds) }
}
let startupMedians = startupCommands.map { (label: $0.0, seconds: Measure.median(startup[$0.0]!)) }
let trueMedian = startupMedians[0].seconds
let checkSmallMedian = startupMedians[2].seconds
let ragelMedian = ragel == nil ? nil : startupMedians[4].seconds
log("start-up: " + startupMedians.map { "\($0.label) \(Measure.format($0.seconds * 1000, 2)) ms" }.joined(separator: "; "))

// MARK: - Sizes

struct SizeResult {
    var states: Int
    var bytes: Int
    var words: Int
    var stages: Stages.Times
    var check: Measure.Run
    var dot: Measure.Run
    var wc: Measure.Run
}
var results: [SizeResult] = []
/// Whole-process runs per size (their median is reported); the in-process stages run half as often.
func wholeProcessRuns(_ states: Int) -> Int { states <= 10_000 ? 11 : states <= 100_000 ? 5 : 3 }
func stageRuns(_ states: Int) -> Int { max(1, wholeProcessRuns(states) / 2) }

for states in sizes {
    let path = "\(folder)/bench-\(states).lifecycle"
    let spec = ScaledSpecGenerator(states: states, seed: seed).generate()
    _ = FileManager.default.createFile(atPath: path, contents: Data(spec))
    let words = spec.split(whereSeparator: { $0 == 32 || $0 == 10 || $0 == 9 }).count
    let repeats = wholeProcessRuns(states)
    let stages = Stages.measure(path, repeats: stageRuns(states))
    var checkRuns: [Measure.Run] = [], dotRuns: [Measure.Run] = [], wcRuns: [Measure.Run] = []
    _ = Measure.run([wc, "-w", path])  // Warm the page cache.
    for _ in 0..<repeats {
        checkRuns.append(Measure.run([tool, "check", path]))
        dotRuns.append(Measure.run([tool, "dot", path]))
        wcRuns.append(Measure.run([wc, "-w", path]))
    }
    func summary(_ runs: [Measure.Run]) -> Measure.Run {
        Measure.Run(seconds: Measure.median(runs.map(\.seconds)), peakBytes: runs.map(\.peakBytes).max()!,
                    status: runs.map(\.status).max()!)
    }
    /// The peak memory of one run of `command`, measured through the `peak` helper.
    func peak(_ command: [String]) -> Int {
        let file = "\(folder)/peak"
        _ = Measure.run([benchBinary, "peak", file] + command)
        return (try? String(contentsOfFile: file, encoding: .utf8)).flatMap { Int($0) } ?? 0
    }
    var result = SizeResult(states: states, bytes: spec.count, words: words, stages: stages,
                            check: summary(checkRuns), dot: summary(dotRuns), wc: summary(wcRuns))
    result.check.peakBytes = peak([tool, "check", path])
    result.dot.peakBytes = peak([tool, "dot", path])
    result.wc.peakBytes = peak([wc, "-w", path])
    precondition(result.check.status == 0 && result.dot.status == 0, "lifecycle failed on \(path)")
    results.append(result)
    log("\(states) states: \(spec.count) bytes; check \(Measure.format(result.check.seconds, 3)) s, "
        + "dot \(Measure.format(result.dot.seconds, 3)) s, wc -w \(Measure.format(result.wc.seconds, 3)) s")
    try? FileManager.default.removeItem(atPath: path)
}
let loadAfter = Measure.loadAverage()
log("load average after: \(loadAfter)")

// MARK: - Report

func ms(_ seconds: Double) -> String { Measure.format(seconds * 1000, seconds < 0.01 ? 2 : 1) }
func mb(_ bytes: Int) -> String { Measure.format(Double(bytes) / 1_000_000, bytes < 10_000_000 ? 2 : 1) }
func grouped(_ value: Int) -> String {
    let digits = Array(String(value))
    var out = ""
    for (index, digit) in digits.enumerated() {
        if index > 0 && (digits.count - index) % 3 == 0 { out += "," }
        out.append(digit)
    }
    return out
}

func machineDescription() -> String {
    let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
    let model = cpuinfo.split(separator: "\n").first { $0.hasPrefix("model name") }
        .map { $0.split(separator: ":", maxSplits: 1).last!.trimmingCharacters(in: .whitespaces) } ?? "unknown CPU"
    let meminfo = (try? String(contentsOfFile: "/proc/meminfo", encoding: .utf8)) ?? ""
    let memory = meminfo.split(separator: "\n").first { $0.hasPrefix("MemTotal") }
        .map { $0.split(separator: " ").dropFirst().first.flatMap { Double($0) }.map { Measure.format($0 / 1_048_576, 1) + " GiB" } ?? "?" } ?? "?"
    var name = utsname()
    uname(&name)
    let kernel = withUnsafeBytes(of: &name.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    return "\(model), \(ProcessInfo.processInfo.activeProcessorCount) cores, \(memory) RAM, Linux \(kernel)"
}

var report = ""
report += "Machine: \(machineDescription()).\n"
report += "Load average (1, 5, 15 min) before the run: \(loadBefore); after: \(loadAfter).\n"
report += "Seed \(seed). Whole-process figures are medians of \(results.map { String(wholeProcessRuns($0.states)) }.joined(separator: "/")) runs; "
report += "stage figures are the fastest of \(results.map { String(stageRuns($0.states)) }.joined(separator: "/")) in-process runs.\n\n"

/// A table of figures: the header, right-aligned columns, one row per result.
func figureTable(_ header: [String], _ rows: [[String]]) -> String {
    func line(_ cells: [String]) -> String { "| " + cells.joined(separator: " | ") + " |\n" }
    return line(header) + "|" + String(repeating: "---:|", count: header.count) + "\n" + rows.map(line).joined()
}

report += "### Whole process\n\n"
report += figureTable(["states", "spec", "words", "`lifecycle check`", "MB/s", "peak memory", "`lifecycle dot`", "peak memory",
                       "`wc -w`", "check ÷ wc"], results.map { r in
    [grouped(r.states), "\(mb(r.bytes)) MB", grouped(r.words), "\(ms(r.check.seconds)) ms",
     Measure.format(Double(r.bytes) / 1e6 / r.check.seconds, 0), "\(mb(r.check.peakBytes)) MB",
     "\(ms(r.dot.seconds)) ms", "\(mb(r.dot.peakBytes)) MB", "\(ms(r.wc.seconds)) ms",
     Measure.format(r.check.seconds / r.wc.seconds, 2)]
})
report += "\n### Stages, in process\n\n"
report += figureTable(["states", "read", "lex", "parse", "check", "Swift", "DOT", "tokens", "lex MB/s", "Swift out", "DOT out"],
                      results.map { r in
    let s = r.stages
    return [grouped(r.states), ms(s.read), ms(s.lex), ms(s.parse), ms(s.check), ms(s.swift), ms(s.dot), grouped(s.tokens),
            Measure.format(Double(r.bytes) / 1e6 / s.lex, 0), "\(mb(s.swiftBytes)) MB", "\(mb(s.dotBytes)) MB"]
})
report += "\n(Times in milliseconds. Parse includes lexing; check is the checker alone on the parsed tree; "
report += "Swift is the generator's body; DOT is the whole file with its header's SHA-256, on one thread.)\n"

report += "\n### Start-up (median of \(startupRuns) runs each, interleaved)\n\n"
report += "| command | median | ÷ `/bin/true` |\n|---|---:|---:|\n"
for entry in startupMedians {
    report += "| \(entry.label) | \(ms(entry.seconds)) ms | \(Measure.format(entry.seconds / trueMedian, 2)) |\n"
}

report += "\n### Targets\n\n"
report += "| target | figure | met |\n|---|---|:-:|\n"
func check(_ ok: Bool) -> String { ok ? "yes" : "**no**" }
let finished = results
func byStates(_ n: Int) -> SizeResult? { finished.first { $0.states == n } }
if let a = byStates(10_000), let b = byStates(100_000), let c = byStates(1_000_000) {
    let first = b.check.seconds / a.check.seconds, second = c.check.seconds / b.check.seconds
    report += "| linear: 10× the states → ≤ 11× the time (`check`, 10^4 → 10^5 → 10^6) | ×\(Measure.format(first, 1)), ×\(Measure.format(second, 1)) | \(check(first <= 11 && second <= 11)) |\n"
    let dFirst = b.dot.seconds / a.dot.seconds, dSecond = c.dot.seconds / b.dot.seconds
    report += "| linear (`dot`, 10^4 → 10^5 → 10^6) | ×\(Measure.format(dFirst, 1)), ×\(Measure.format(dSecond, 1)) | \(check(dFirst <= 11 && dSecond <= 11)) |\n"
}
if let c = byStates(1_000_000) {
    report += "| `lifecycle dot` at 10^6 states well under 5 s | \(Measure.format(c.dot.seconds, 2)) s | \(check(c.dot.seconds < 5)) |\n"
    report += "| peak memory of `dot` at 10^6 under 10× the spec | \(Measure.format(Double(c.dot.peakBytes) / Double(c.bytes), 1))× | \(check(c.dot.peakBytes < 10 * c.bytes)) |\n"
}
for r in results where r.states >= 100_000 {
    let ratio = r.check.seconds / r.wc.seconds
    report += "| `check` within 4× of `wc -w` at \(grouped(r.states)) states | \(Measure.format(ratio, 2))× | \(check(ratio <= 4)) |\n"
}
if let ragelMedian {
    let ratio = checkSmallMedian / ragelMedian
    report += "| start-up no slower than Ragel's (within 1.2×, same run) | \(Measure.format(ratio, 2))× (\(ms(checkSmallMedian)) ms vs \(ms(ragelMedian)) ms) | \(check(ratio <= 1.2)) |\n"
} else {
    report += "| start-up no slower than Ragel's (within 1.2×, same run) | Ragel not installed: not measured | — |\n"
}
let startRatio = checkSmallMedian / trueMedian
report += "| (for reference) start-up ÷ a do-nothing process | \(Measure.format(startRatio, 2))× (\(ms(checkSmallMedian)) ms vs \(ms(trueMedian)) ms) | |\n"
if let a = byStates(10_000) {
    let speedup = 2.1 / a.check.seconds
    report += "| ≥ 50× faster than the fastest peer (qscxmlc, 2.1 s) at 10^4 states | \(Measure.format(speedup, 0))× | \(check(speedup >= 50)) |\n"
}
if let b = byStates(100_000) { report += "| 10^5 states in about a second | `check` \(Measure.format(b.check.seconds, 2)) s, `dot` \(Measure.format(b.dot.seconds, 2)) s | \(check(b.dot.seconds < 1.5)) |\n" }
if let c = byStates(1_000_000) { report += "| 10^6 states in a few seconds | `check` \(Measure.format(c.check.seconds, 2)) s, `dot` \(Measure.format(c.dot.seconds, 2)) s | \(check(c.dot.seconds < 5)) |\n" }

print(report)
if let outPath {
    let begin = "<!-- lifecycle-bench:begin -->", end = "<!-- lifecycle-bench:end -->"
    var document = (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? "# Benchmarks\n\n\(begin)\n\(end)\n"
    if let lower = document.range(of: begin), let upper = document.range(of: end, range: lower.upperBound..<document.endIndex) {
        document.replaceSubrange(lower.upperBound..<upper.lowerBound, with: "\n" + report + "\n")
    } else {
        document += "\n\(begin)\n\(report)\n\(end)\n"
    }
    try document.write(toFile: outPath, atomically: true, encoding: .utf8)
    log("wrote \(outPath)")
}
