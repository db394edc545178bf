/// Where a run of bytes stops being valid UTF-8: the one test of "is this text UTF-8" for the
/// stages that must not change a byte they cannot decode (the formatter, `XMLEncoding`).
public enum UTF8Validation {
    /// The offset of the first byte from `start` on that does not begin or continue a valid
    /// UTF-8 scalar (overlong forms, surrogates and values past U+10FFFF included), or nil.
    public static func firstInvalidByte(in bytes: UnsafeBufferPointer<UInt8>, from start: Int = 0) -> Int? {
        var offset = start
        while offset < bytes.count {
            // ASCII runs byte by byte; a non-ASCII scalar through the standard decoder.
            if bytes[offset] < 0x80 {
                offset += 1
                continue
            }
            var iterator = bytes[offset...].makeIterator()
            var decoder = Unicode.UTF8()
            guard case .scalarValue(let scalar) = decoder.decode(&iterator) else { return offset }
            offset += Unicode.UTF8.width(scalar)
        }
        return nil
    }
}
