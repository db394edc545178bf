/// File names as `String`s, for names that are not valid UTF-8 too.
///
/// A POSIX file name is any run of bytes but `/` and NUL; `bad\xFFname.lifecycle` is a real
/// name that `String(decoding:as:)` (and `CommandLine.arguments`) would turn into
/// `bad\u{FFFD}name.lifecycle`, a different file. `lifecycle` keeps every path in a `String`
/// with a lossless mapping instead, the one called OPTU-8 (and like Python's "surrogateescape",
/// which uses lone surrogates that a Swift `String` cannot hold):
///
/// - each byte of the name that is not part of valid UTF-8 (always 0x80…0xFF) becomes the
///   private-use scalar U+EF80…U+EFFF, U+EF00 plus the byte;
/// - a valid UTF-8 sequence that itself encodes one of U+EF80…U+EFFF is taken as three such
///   bytes, so that `encode(decode(bytes)) == bytes` for every run of bytes;
/// - `encode` writes U+EF80…U+EFFF back as the single byte, everything else as UTF-8.
///
/// The command line's platform layer decodes `argv` with `decode`, and encodes each path with
/// `encode` where it reaches a system call. Messages and outputs show such a byte as `\xFF`
/// (`display`): a terminal, a JSON reader or a Swift file needs valid UTF-8. This type does no
/// I/O.
public enum FileName {
    /// The scalars that stand for single bytes.
    public static let escapedBytes: ClosedRange<UInt32> = 0xEF80...0xEFFF

    /// The name `bytes` spell, losslessly (see the type's documentation).
    public static func decode(_ bytes: some Collection<UInt8>) -> String {
        Array(bytes).withUnsafeBufferPointer { decode($0) }
    }

    /// The name `bytes` spell, losslessly. Not generic, so decoding `argv` at start-up
    /// instantiates no generic type at run time (the generic version cost a tenth of a
    /// millisecond before `main` could look at its arguments).
    public static func decode(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        // Nearly every name is valid UTF-8 without the escape scalars: one pass decides.
        let plain = String(decoding: bytes, as: UTF8.self)
        if plain.utf8.elementsEqual(bytes) && !hasEscapedBytes(plain) { return plain }

        /// Reads `bytes` in order; `start..<position` are the bytes the parser has read but
        /// not yet reported, so that a rejected run is escaped byte by byte.
        struct Reader: IteratorProtocol {
            let bytes: UnsafeBufferPointer<UInt8>
            var position = 0
            mutating func next() -> UInt8? {
                guard position < bytes.count else { return nil }
                defer { position += 1 }
                return bytes[position]
            }
        }
        var scalars = String.UnicodeScalarView()
        var reader = Reader(bytes: bytes)
        var start = 0
        var parser = Unicode.UTF8.ForwardParser()
        loop: while true {
            switch parser.parseScalar(from: &reader) {
            case .valid(let encoded):
                let scalar = Unicode.UTF8.decode(encoded)
                if escapedBytes.contains(scalar.value) {
                    for byte in encoded { scalars.append(escape(byte)) }
                } else {
                    scalars.append(scalar)
                }
                start += encoded.count
            case .error(let length):
                for byte in bytes[start..<start + length] { scalars.append(escape(byte)) }
                start += length
            case .emptyInput:
                break loop
            }
        }
        return String(scalars)
    }

    /// The bytes `name` stands for: the inverse of `decode`. No terminating NUL.
    public static func encode(_ name: String) -> [UInt8] {
        guard hasEscapedBytes(name) else { return Array(name.utf8) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(name.utf8.count)
        for scalar in name.unicodeScalars {
            if escapedBytes.contains(scalar.value) {
                bytes.append(UInt8(scalar.value - 0xEF00))
            } else {
                bytes.append(contentsOf: UTF8.encode(scalar)!)
            }
        }
        return bytes
    }

    /// Whether `name` holds a byte that is not valid UTF-8.
    public static func hasEscapedBytes(_ name: String) -> Bool {
        name.unicodeScalars.contains { escapedBytes.contains($0.value) }
    }

    /// `name` as messages and outputs show it: each byte that is not valid UTF-8 as `\xFF`.
    public static func display(_ name: String) -> String {
        guard hasEscapedBytes(name) else { return name }
        var result = String.UnicodeScalarView()
        for scalar in name.unicodeScalars {
            guard escapedBytes.contains(scalar.value) else {
                result.append(scalar)
                continue
            }
            let hex = String(scalar.value - 0xEF00, radix: 16, uppercase: true)
            result.append(contentsOf: "\\x\(hex)".unicodeScalars)
        }
        return String(result)
    }

    static func escape(_ byte: UInt8) -> Unicode.Scalar {
        Unicode.Scalar(0xEF00 + UInt32(byte))!
    }
}
