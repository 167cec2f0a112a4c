import Glibc

/// Bytes queued for a socket: part of an array, or part of bytes of their own (`SpliceableBytes`) that
/// the kernel may send by reference, without copying them (`SpliceWriter`).
public enum OutputChunk: Sendable {
    case bytes(ArraySlice<UInt8>)
    case spliceable(SpliceableBytes, Range<Int>)

    public var count: Int {
        switch self {
        case .bytes(let bytes): bytes.count
        case .spliceable(_, let range): range.count
        }
    }

    /// Calls `body` with the chunk's bytes, alive and unmoved for the call.
    @inline(__always)
    func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        switch self {
        case .bytes(let bytes): bytes.withUnsafeBytes(body)
        case .spliceable(let shared, let range): body(shared.bytes(range))
        }
    }
}

/// Bytes in pages of their own, read-only once made and unmapped only when the last reference goes:
/// the kernel may hold references to these pages after a splice (until the reader has read them), and
/// what it then sends is what was there when spliced, because nothing writes to them again and their
/// pages outlive the mapping while referenced. An encoded board's rows live here, so the same rows go
/// to every watcher without a copy per watcher.
public final class SpliceableBytes: @unchecked Sendable {
    private let base: UnsafeMutableRawPointer?
    private let mapped: Int
    public let count: Int

    public init(_ bytes: [UInt8]) {
        count = bytes.count
        guard !bytes.isEmpty else {
            base = nil
            mapped = 0
            return
        }
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let size = (bytes.count + page - 1) / page * page
        let memory = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
        guard let memory, memory != MAP_FAILED else {
            // Out of mappings: keep an ordinary copy (never spliced, see `isSpliceable`).
            let copy = UnsafeMutableRawPointer.allocate(byteCount: bytes.count, alignment: 16)
            bytes.withUnsafeBytes { copy.copyMemory(from: $0.baseAddress!, byteCount: bytes.count) }
            base = copy
            mapped = 0
            return
        }
        bytes.withUnsafeBytes { memory.copyMemory(from: $0.baseAddress!, byteCount: bytes.count) }
        mprotect(memory, size, PROT_READ)
        base = memory
        mapped = size
    }

    deinit {
        guard let base else { return }
        if mapped > 0 { munmap(base, mapped) } else { base.deallocate() }
    }

    /// Whether the bytes are in pages of their own (false only when mapping them failed).
    public var isSpliceable: Bool { mapped > 0 }

    public func bytes(_ range: Range<Int>) -> UnsafeRawBufferPointer {
        precondition(range.lowerBound >= 0 && range.upperBound <= count)
        guard let base else { return UnsafeRawBufferPointer(start: nil, count: 0) }
        return UnsafeRawBufferPointer(start: base + range.lowerBound, count: range.count)
    }

    public var all: Range<Int> { 0..<count }

    public subscript(range: Range<Int>) -> OutputChunk { .spliceable(self, range) }
}
