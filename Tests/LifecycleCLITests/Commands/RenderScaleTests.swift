import Foundation
import Testing

/// `render --scale N` (issue 40): a PNG at N times the default resolution.
@Suite struct RenderScaleTests {
    /// The width and height a PNG's IHDR chunk gives.
    static func size(_ path: String) throws -> (Int, Int) {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        func word(_ at: Int) -> Int { data[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (word(16), word(20))
    }

    @Test func scaleTwoDoublesThePixels() throws {
        guard GeneratorCommandTests.hasDot() else { print("render --scale skipped: no Graphviz"); return }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lifecycle-scale-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let spec = CLIRunner.packageRoot + "/Examples/MediaPlayer.lifecycle"
        #expect(try CLIRunner.run(["render", spec, "-o", folder + "/one.png"]).status == 0)
        let two = try CLIRunner.run(["render", spec, "-o", folder + "/two.png", "--scale", "2"])
        #expect(two.status == 0, "\(two)")
        let (w1, h1) = try Self.size(folder + "/one.png"), (w2, h2) = try Self.size(folder + "/two.png")
        #expect(abs(w2 - 2 * w1) <= 2 && abs(h2 - 2 * h1) <= 2, "\(w1)x\(h1) then \(w2)x\(h2)")
        let svg = try CLIRunner.run(["render", spec, "-o", folder + "/x.svg", "--scale", "2"])
        #expect(svg.status == 2 && svg.stderr.contains("'--scale' sets a PNG's resolution"))
        let zero = try CLIRunner.run(["render", spec, "-o", folder + "/x.png", "--scale", "0"])
        #expect(zero.status == 2 && zero.stderr.contains("'--scale' takes a number greater than 0"))
    }
}
