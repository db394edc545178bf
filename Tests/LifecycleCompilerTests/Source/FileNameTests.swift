import SpecGeneration
import Testing
import LifecycleCompiler

/// `FileName`: every run of bytes survives `decode` then `encode`, and shows as valid text.
@Suite struct FileNameTests {
    @Test func everyOneAndTwoByteNameRoundTrips() {
        for first in 0...255 {
            #expect(FileName.encode(FileName.decode([UInt8(first)])) == [UInt8(first)])
            for second in 0...255 {
                let bytes = [UInt8(first), UInt8(second)]
                let name = FileName.decode(bytes)
                if FileName.encode(name) != bytes { Issue.record("\(bytes) came back as \(FileName.encode(name))") }
            }
        }
    }

    @Test func randomNamesRoundTrip() {
        var random = SplitMix64(seed: 13)
        // Bytes drawn mostly from the UTF-8 lead and continuation ranges, so that valid,
        // truncated, overlong and surrogate sequences all occur.
        let alphabet: [UInt8] = [0x41, 0x2F, 0x80, 0xBE, 0xBF, 0xC0, 0xC3, 0xA9, 0xE2, 0xED, 0xA0, 0xEE, 0xEF, 0xF0, 0x9F, 0xF4, 0xF5, 0xFF]
        for _ in 0..<20_000 {
            let count = Int(random.next() % 12)
            let bytes = (0..<count).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }
            let name = FileName.decode(bytes)
            #expect(FileName.encode(name) == bytes)
            #expect(FileName.decode(FileName.encode(name)) == name)
        }
    }

    @Test func validUTF8StaysAsItIsAndOddBytesShowEscaped() {
        #expect(FileName.decode(Array("Scène 😀.lifecycle".utf8)) == "Scène 😀.lifecycle")
        let bad = FileName.decode(Array("bad".utf8) + [0xFF] + Array("name".utf8))
        #expect(bad.unicodeScalars.map(\.value).contains(0xEFFF))
        #expect(FileName.display(bad) == #"bad\xFFname"#)
        // U+EF80 itself, valid UTF-8 (EE BE 80), is kept as its three bytes: it cannot be
        // confused with the byte 0x80.
        let privateUse = FileName.decode([0xEE, 0xBE, 0x80])
        #expect(FileName.encode(privateUse) == [0xEE, 0xBE, 0x80])
        #expect(FileName.display(privateUse) == #"\xEE\xBE\x80"#)
        #expect(FileName.display("plain/path.lifecycle") == "plain/path.lifecycle")
    }
}
