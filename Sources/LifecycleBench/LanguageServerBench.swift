import Foundation
import LifecycleCompiler
import SpecGeneration

/// `lifecycle-bench lsp [--lines 1000] [--runs 50]`: how long the language server takes to
/// answer on a spec of about `lines` lines (a `ScaledSpecGenerator` spec), in process, so that the
/// figures are the server's work without the pipe. Each request is timed twice: on an
/// unchanged document (the analysis is cached), and right after a one-character edit (the
/// request pays for re-checking the document). Prints the median and the maximum.
enum LanguageServerBench {
    static func run(lines wanted: Int, runs: Int, seed: UInt64) {
        var states = max(wanted / 3, 1)
        var spec = ScaledSpecGenerator(states: states, seed: seed).generate()
        while spec.filter({ $0 == UInt8(ascii: "\n") }).count < wanted {
            states += max(states / 10, 1)
            spec = ScaledSpecGenerator(states: states, seed: seed).generate()
        }
        let text = String(decoding: spec, as: UTF8.self)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let uri = "file:///bench/Spec.lifecycle"
        let server = LanguageServer { _ in .failure(LoadFailure("no imports in benchmarks")) }
        var clock = 0.0
        var id = 0
        func send(_ method: String, _ params: JSONValue, notification: Bool = false) -> [UInt8] {
            var fields: [(String, JSONValue)] = [("jsonrpc", "2.0"), ("method", .string(method)), ("params", params)]
            if !notification { id += 1; fields.insert(("id", JSONValue(id)), at: 1) }
            return server.receive(MessageFramer.frame(JSONValue.object(fields).serialized()), now: clock)
        }
        _ = send("initialize", .object([("capabilities", .object([]))]))
        _ = send("textDocument/didOpen", .object([("textDocument", .object([("uri", .string(uri)), ("languageId", "lifecycle"), ("version", 1), ("text", .string(text))]))]), notification: true)

        // Positions: a state in a transition, a callback, the end of a `->`, of `calls `.
        func find(_ needle: String, after: Int = 0) -> (Int, Int) {
            for (number, line) in lines.enumerated() {
                if let range = line.range(of: needle) { return (number, line.utf16.distance(from: line.startIndex, to: range.lowerBound) + after) }
            }
            return (0, 0)
        }
        func at(_ position: (Int, Int)) -> JSONValue {
            .object([("textDocument", .object([("uri", .string(uri))])),
                     ("position", .object([("line", JSONValue(position.0)), ("character", JSONValue(position.1))]))])
        }
        let arrow = find(" -> ", after: 4)
        let calls = find(" calls ", after: 7)
        let document: JSONValue = .object([("textDocument", .object([("uri", .string(uri))]))])
        let requests: [(String, String, JSONValue)] = [
            ("hover (state)", "textDocument/hover", at(arrow)),
            ("hover (callback)", "textDocument/hover", at((calls.0, calls.1 + 1))),
            ("definition (callback)", "textDocument/definition", at((calls.0, calls.1 + 1))),
            ("references (state)", "textDocument/references", at(arrow)),
            ("completion after ->", "textDocument/completion", at(arrow)),
            ("completion after calls", "textDocument/completion", at(calls)),
            ("rename (state)", "textDocument/rename", .object([("textDocument", .object([("uri", .string(uri))])),
                                                             ("position", at(arrow)["position"]!), ("newName", "Renamed")])),
            ("document symbols", "textDocument/documentSymbol", document),
            ("semantic tokens", "textDocument/semanticTokens/full", document),
            ("formatting", "textDocument/formatting", .object([("textDocument", .object([("uri", .string(uri))])), ("options", .object([]))])),
        ]
        var version = 1
        func edit() {
            version += 1
            // Type a space at the start of the last line, then take it out again next time.
            let line = lines.count - 2
            let params: JSONValue = .object([
                ("textDocument", .object([("uri", .string(uri)), ("version", JSONValue(version))])),
                ("contentChanges", [.object([
                    ("range", .object([("start", .object([("line", JSONValue(line)), ("character", 0)])),
                                       ("end", .object([("line", JSONValue(line)), ("character", version % 2 == 0 ? 0 : 1)]))])),
                    ("text", version % 2 == 0 ? " " : "")])]),
            ])
            _ = send("textDocument/didChange", params, notification: true)
        }
        func milliseconds(_ body: () -> Void) -> Double {
            let start = DispatchTime.now().uptimeNanoseconds
            body()
            return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        }
        func summary(_ samples: [Double]) -> String {
            let sorted = samples.sorted()
            return String(format: "%8.2f %8.2f", sorted[sorted.count / 2], sorted.last ?? 0)
        }
        print("lifecycle lsp on a \(lines.count)-line spec (\(states) states, \(spec.count) bytes), \(runs) runs, milliseconds")
        print("request                    cached: median      max   after an edit: median      max")
        // Diagnostics: an edit, then the debounced publication (a full re-check).
        var diagnostics: [Double] = []
        for _ in 0..<runs {
            edit()
            clock += 10
            diagnostics.append(milliseconds { _ = server.tick(now: clock) })
        }
        print("publish diagnostics        " + String(repeating: " ", count: 17) + "              " + summary(diagnostics))
        for (name, method, params) in requests {
            var cached: [Double] = [], edited: [Double] = []
            for _ in 0..<runs {
                edit()
                edited.append(milliseconds { _ = send(method, params) })
                cached.append(milliseconds { _ = send(method, params) })
            }
            print(name.padding(toLength: 27, withPad: " ", startingAt: 0) + summary(cached) + "              " + summary(edited))
        }
    }
}
