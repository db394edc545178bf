import LifecycleCompiler
@testable import lifecycle
import Testing

/// The CLI's `BackgroundHasher` hashes on a second thread while the body is printed.
@Suite struct PlatformBackgroundHasherTests {
    /// A body of `count` varied bytes printed in pieces, with or without a hasher.
    static func file(count: Int, hasher: (any BackgroundHasher)?) -> [UInt8] {
        GeneratedFileHeader.file(Printer(capacity: 64), specPath: "A.lifecycle", command: "lifecycle dot A.lifecycle", note: nil,
                                 hasher: hasher) { printer in
            var written = 0
            while written < count {
                printer.write("m")
                printer.write(written % 9973)
                printer.write(" -> n;\n")
                written = printer.count
            }
        }.bytes
    }

    @Test("the background thread's digest equals the one computed after printing", arguments: [0, 100, 5_000_000])
    func digestMatchesForeground(count: Int) {
        let background = Self.file(count: count, hasher: PlatformBackgroundHasher())
        #expect(background == Self.file(count: count, hasher: nil))
        #expect(GeneratedFileHeader.status(of: background) == .untouched)
    }
}
