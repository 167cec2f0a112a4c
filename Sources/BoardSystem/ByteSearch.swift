import Glibc

/// Finding a byte in a buffer with the C library's `memchr`, which compares many bytes a step.
///
/// For the load tool, which scans every reply for its newline, and for the programs' line
/// framing (`LineFramer(find:)`): on a 10,326-byte board, `memchr` takes about 0.06 µs,
/// `LineFramer`'s pure-Swift scan 1.1 µs and the standard library's `firstIndex(of:)` about
/// 25 µs; in a debug build (the tests' programs) the Swift scans are slower still.
public enum ByteSearch {
    /// The index of the first `byte` in `bytes` at or after `start`; nil when there is none.
    public static func firstIndex(of byte: UInt8, in bytes: UnsafeRawBufferPointer, from start: Int = 0) -> Int? {
        guard let base = bytes.baseAddress, start >= 0, start < bytes.count else { return nil }
        guard let found = memchr(base + start, Int32(byte), bytes.count - start) else { return nil }
        return base.distance(to: UnsafeRawPointer(found))
    }
}
