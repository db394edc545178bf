#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
import LifecycleCompiler

/// `lifecycle-bench lex [--repeats N] FILE...`: lexes each file alone, `N` times, and prints
/// the best lexing speed, the token count and a checksum of every token kind and range and
/// every lexer diagnostic, so that a lexer change can be timed and shown to change nothing.
enum LexOnly {
    static func run(_ paths: [String], repeats: Int) {
        for path in paths {
            let files = SourceFiles()
            let file = Stages.read(path, into: files)
            var best = Double.infinity
            var tokens = 0
            for _ in 0..<max(1, repeats) {
                let (count, seconds) = Measure.time {
                    var lexer = Lexer(file)
                    var count = 0
                    while lexer.next().kind != .endOfFile { count += 1 }
                    return count
                }
                tokens = count
                best = min(best, seconds)
            }
            // FNV-1a over each token's kind and range, then each diagnostic.
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            func mix(_ value: some BinaryInteger) {
                hash = (hash ^ UInt64(truncatingIfNeeded: value)) &* 0x100_0000_01b3
            }
            func mix(_ text: String) { for byte in text.utf8 { mix(byte) } }
            var lexer = Lexer(file)
            while true {
                let token = lexer.next()
                mix(token.kind.description)
                mix(token.start)
                mix(token.end)
                if token.kind == .endOfFile { break }
            }
            for diagnostic in lexer.diagnostics.all {
                mix(diagnostic.id)
                mix(diagnostic.message)
                mix(diagnostic.range.start)
                mix(diagnostic.range.end)
            }
            let mbps = Double(file.count) / 1e6 / best
            print("\(path): \(file.count) bytes, \(tokens) tokens, \(lexer.diagnostics.all.count) diagnostics, "
                + "checksum \(String(hash, radix: 16)), best \(Measure.format(best * 1000, 2)) ms, "
                + "\(Measure.format(mbps, 0)) MB/s")
        }
    }
}
