import SpecGeneration
import Testing
import LifecycleCompiler
@testable import LifecycleGeneration

/// A body hashed in pieces, as it is printed, has the digest of the body hashed at once.
@Suite struct BackgroundHashingTests {
    /// Pseudo-random bytes, the same every run.
    static func bytes(_ count: Int, seed: UInt64 = 7) -> [UInt8] {
        var random = SplitMix64(seed: seed)
        return (0..<count).map { _ in UInt8(truncatingIfNeeded: random.next()) }
    }

    @Test("SHA-256 fed in pieces of varied sizes equals the one-shot digest")
    func sha256InPieces() {
        let data = Self.bytes(100_000)
        let whole = SHA256.hex(data)
        // Sizes around the 64-byte block: empty pieces, partial blocks, exact blocks, several.
        for sizes in [[1], [0, 63, 1], [64], [65, 127], [7, 200, 64, 1, 4096], [55, 56, 57]] {
            var hash = SHA256()
            var offset = 0, turn = 0
            data.withUnsafeBufferPointer { all in
                while offset < all.count {
                    let size = min(sizes[turn % sizes.count], all.count - offset)
                    hash.update(UnsafeBufferPointer(rebasing: all[offset..<(offset + size)]))
                    offset += size
                    turn += 1
                }
            }
            #expect(hash.hexDigest() == whole, "pieces \(sizes)")
        }
    }

    /// A hasher on the printing thread: hashes each newly published stretch at once, and
    /// records what the buffer told it.
    final class InlineHasher: BackgroundHasher {
        var sha = SHA256()
        var hashed = 0
        var publications = 0
        var pauses = 0

        func published(_ bytes: UnsafeBufferPointer<UInt8>) {
            publications += 1
            sha.update(UnsafeBufferPointer(rebasing: bytes[hashed...]))
            hashed = bytes.count
        }

        func pause() { pauses += 1 }

        func hexDigest() -> String {
            let copy = sha
            return copy.hexDigest()
        }
    }

    @Test("a buffer that grows while a hasher follows it publishes every byte once, in order")
    func hasherFollowsAGrowingBuffer() {
        let body = Self.bytes(3 * ByteBuffer.hashingStep + 12_345)
        func file(hasher: (any BackgroundHasher)?) -> [UInt8] {
            GeneratedFileHeader.file(Printer(capacity: 64), specPath: "A.lifecycle", command: "lifecycle dot A.lifecycle", note: nil,
                                     hasher: hasher) { printer in
                // Pieces of varied sizes, so publications fall inside pieces.
                var offset = 0, size = 1
                body.withUnsafeBufferPointer { all in
                    while offset < all.count {
                        let end = min(offset + size, all.count)
                        printer.write(bytes: UnsafeBufferPointer(rebasing: all[offset..<end]))
                        offset = end
                        size = size % 5000 + 97
                    }
                }
            }.bytes
        }
        let hasher = InlineHasher()
        let followed = file(hasher: hasher)
        #expect(followed == file(hasher: nil))
        #expect(hasher.hashed == body.count)
        #expect(hasher.publications > 3, "published every hashingStep bytes")
        #expect(hasher.pauses > 0, "paused before the buffer moved")
        #expect(GeneratedFileHeader.status(of: followed) == .untouched)
    }
}
