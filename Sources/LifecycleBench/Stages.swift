#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
import LifecycleCompiler

/// Times each stage of the pipeline in-process, calling the library as the CLI does.
enum Stages {
    struct Times {
        var read = 0.0, lex = 0.0, parse = 0.0, check = 0.0, swift = 0.0, dot = 0.0
        var tokens = 0
        var swiftBytes = 0
        var dotBytes = 0
    }

    /// Reads `path` straight into a `SourceFile` with one `read` call, as the CLI does.
    static func read(_ path: String, into files: SourceFiles) -> SourceFile {
        let fd = open(path, O_RDONLY)
        precondition(fd >= 0, "cannot open \(path)")
        defer { close(fd) }
        var info = stat()
        fstat(fd, &info)
        return files.add(path: path, count: Int(info.st_size)) { buffer in
            var offset = 0
            while offset < buffer.count {
                let n = readBytes(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if n <= 0 { break }
                offset += n
            }
            return offset
        }
    }

    /// The minimum over `repeats` runs of each stage (the least disturbed by other load).
    static func measure(_ path: String, repeats: Int) -> Times {
        var best = Times()
        for round in 0..<repeats {
            var times = Times()
            let files = SourceFiles()
            let (file, readTime) = Measure.time { read(path, into: files) }
            times.read = readTime
            (times.tokens, times.lex) = Measure.time {
                var lexer = Lexer(file)
                var count = 0
                while lexer.next().kind != .endOfFile { count += 1 }
                return count
            }
            let (parsed, parseTime) = Measure.time { Parser.parse(file) }
            times.parse = parseTime
            let loader: SourceLoader = { _, _ in .failure(LoadFailure("no imports in benchmarks")) }
            let ((model, diagnostics), checkTime) = Measure.time {
                var checker = Checker(root: parsed.syntax, files: files, loader: loader)
                let model = checker.check()
                return (model, checker.diagnostics)
            }
            times.check = checkTime
            precondition(!parsed.diagnostics.hasErrors && !diagnostics.hasErrors, "\(path) does not check clean")
            let (swift, swiftTime) = Measure.time { SwiftGenerator(model: model).body() }
            // The whole file as `lifecycle dot` makes it, header hash included, on one thread
            // (the CLI hashes on a second thread while printing), without copying it out.
            let (dotBytes, dotTime) = Measure.time {
                DotGenerator(model: model).generateFile(specPath: path, command: "lifecycle dot").count
            }
            times.swift = swiftTime
            times.dot = dotTime
            times.swiftBytes = swift.count
            times.dotBytes = dotBytes
            if round == 0 {
                best = times
            } else {
                best.read = min(best.read, times.read)
                best.lex = min(best.lex, times.lex)
                best.parse = min(best.parse, times.parse)
                best.check = min(best.check, times.check)
                best.swift = min(best.swift, times.swift)
                best.dot = min(best.dot, times.dot)
            }
        }
        return best
    }
}

/// `read(2)`, under a name that `Stages.read` does not shadow.
private func readBytes(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(fd, buffer, count)
}
