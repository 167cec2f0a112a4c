import CSystemShims
import Glibc
import Synchronization

/// What splices cost beyond what they sent, shared by the writers of several loops.
public final class SpliceStatistics: Sendable {
    /// Bytes put into a pipe that the socket did not take, read back out and dropped.
    public let readBack = Atomic<Int>(0)

    public init() {}
}

/// Writes a socket's queued output with the large shared parts sent by reference: the pages of each
/// `SpliceableBytes` chunk go into a pipe (`vmsplice`) and from the pipe to the socket (`splice`), so
/// the kernel attaches them to the message instead of copying them, and a reader copies out of pages
/// every reader shares. The other chunks (headers, a reply's id, small parts) are copied into pages
/// of the writer's own, used once and never written again, for the same reason as `SpliceableBytes`.
///
/// One per event loop (not shared between threads). Two system calls instead of one `writev`, so it
/// is used only when at least `threshold` bytes go by reference; anything it cannot do (no pipe, a
/// kernel or socket that refuses) is reported as nil, and the caller writes with `writev`. As with
/// `writev`, a closed peer raises SIGPIPE: the process must ignore it (`UnixSignal.ignoreBrokenPipe`,
/// as the daemon does).
public final class SpliceWriter {
    /// The fewest bytes by reference worth the extra system call: a page.
    public static let threshold = 4096
    /// The most bytes copied into the writer's pages in one call.
    static let copyBudget = 64 << 10
    static let blockSize = 1 << 20
    /// The most bytes one call puts into the pipe: about what a socket's buffer takes (208 KiB by
    /// default), so that little is read back when the socket takes less.
    static let batchLimit = 128 << 10

    private var pipe: (read: Int32, write: Int32) = (-1, -1)
    private let capacity: Int
    private var block: UnsafeMutableRawPointer?
    private var used = 0
    private var scratch: UnsafeMutableRawPointer
    /// False once the kernel refused a splice: from then on this writer declines every write.
    public private(set) var isWorking = true
    /// Why it stopped, for the log.
    public private(set) var stopReason: String?
    private let statistics: SpliceStatistics?

    public init?(statistics: SpliceStatistics? = nil) {
        self.statistics = statistics
        var fds: (Int32, Int32) = (-1, -1)
        let held = withUnsafeMutablePointer(to: &fds) {
            $0.withMemoryRebound(to: Int32.self, capacity: 2) { board_splice_pipe($0, Int32(2 * Self.batchLimit)) }
        }
        guard held > 0 else { return nil }
        pipe = fds
        capacity = min(Int(held), Self.batchLimit)
        scratch = .allocate(byteCount: Self.copyBudget, alignment: 16)
    }

    deinit {
        Glibc.close(pipe.read)
        Glibc.close(pipe.write)
        if let block { munmap(block, Self.blockSize) }
        scratch.deallocate()
    }

    /// Writes `prefix`, then the chunks (the first from `offset`), as far as one splice takes them;
    /// returns the count written (0 if the socket would block), or nil when fewer than `threshold`
    /// bytes would go by reference or splicing does not work here: write them with `writev` then.
    /// `prefix` (a pushed board's header, made for one watcher and queued nowhere) is copied first.
    public func write(
        _ chunks: ArraySlice<OutputChunk>, skippingFirst offset: Int,
        after prefix: UnsafeRawBufferPointer = UnsafeRawBufferPointer(start: nil, count: 0), to socket: FileDescriptor
    ) throws(SystemError) -> Int? {
        guard isWorking, worthSplicing(chunks, skippingFirst: offset, after: prefix.count), makeRoom() else { return nil }
        let moved = withUnsafeTemporaryAllocation(of: iovec.self, capacity: chunks.count + 1) { vectors -> Int in
            let count = gather(chunks, skippingFirst: offset, after: prefix, into: vectors)
            return board_vmsplice(pipe.write, vectors.baseAddress, Int32(count))
        }
        guard moved > 0 else {
            // The kernel refused (or took nothing): write with writev, from now on unless interrupted.
            let error = errno
            drain()
            if moved < 0 && error == EINTR { return nil }
            stop(moved < 0 ? "vmsplice: " + String(cString: strerror(error)) : "vmsplice took nothing")
            return nil
        }
        let sent = board_splice(pipe.read, socket.rawValue, UInt(moved))
        if sent < 0 {
            let error = errno
            discard(moved)
            if error == EAGAIN || error == EWOULDBLOCK || error == EINTR { return 0 }
            if error == EINVAL || error == ENOSYS || error == EOPNOTSUPP {
                stop("splice: " + String(cString: strerror(error)))
                return nil
            }
            errno = error
            throw SystemError("splice")
        }
        if sent < moved { discard(moved - sent) }
        return sent
    }

    /// Whether at least `threshold` bytes by reference come before the copy budget or the pipe runs out.
    private func worthSplicing(_ chunks: ArraySlice<OutputChunk>, skippingFirst offset: Int, after prefix: Int) -> Bool {
        guard prefix <= Self.copyBudget else { return false }
        var copied = prefix
        var shared = 0
        var total = prefix
        for index in chunks.indices {
            let size = chunks[index].count - (index == chunks.startIndex ? offset : 0)
            if case .spliceable(let bytes, _) = chunks[index], bytes.isSpliceable {
                shared += size
                if shared >= Self.threshold { return true }
            } else {
                copied += size
                if copied > Self.copyBudget { return false }
            }
            total += size
            if total >= capacity { return false }
        }
        return false
    }

    /// Fills `vectors` for one `vmsplice`: `prefix` copied, then spliceable chunks as they are, runs
    /// of the others copied into the writer's pages; stops at the copy budget or the pipe's capacity
    /// (which `worthSplicing` made sure the prefix is within). Returns the count.
    private func gather(
        _ chunks: ArraySlice<OutputChunk>, skippingFirst offset: Int, after prefix: UnsafeRawBufferPointer,
        into vectors: UnsafeMutableBufferPointer<iovec>
    ) -> Int {
        var count = 0
        var copied = prefix.count
        var total = prefix.count
        var run: UnsafeMutableRawPointer?  // where the current run of copies began
        var runLength = 0
        if let start = prefix.baseAddress, prefix.count > 0 {
            run = block! + used
            run!.copyMemory(from: start, byteCount: prefix.count)
            used += prefix.count
            runLength = prefix.count
        }
        func endRun() {
            guard let start = run, runLength > 0 else { return }
            vectors[count] = iovec(iov_base: start, iov_len: runLength)
            count += 1
            run = nil
            runLength = 0
        }
        for index in chunks.indices where total < capacity {
            let skip = index == chunks.startIndex ? offset : 0
            let chunk = chunks[index]
            if case .spliceable(let bytes, let range) = chunk, bytes.isSpliceable {
                endRun()
                let raw = bytes.bytes(range)
                let length = min(raw.count - skip, capacity - total)
                guard length > 0 else { continue }
                vectors[count] = iovec(iov_base: UnsafeMutableRawPointer(mutating: raw.baseAddress! + skip), iov_len: length)
                count += 1
                total += length
                continue
            }
            let length = min(chunk.count - skip, Self.copyBudget - copied, capacity - total)
            guard length > 0 else { break }
            if run == nil { run = block! + used }
            used += length
            chunk.withUnsafeBytes { raw in
                (run! + runLength).copyMemory(from: raw.baseAddress! + skip, byteCount: length)
            }
            runLength += length
            copied += length
            total += length
            if length < chunk.count - skip { break }  // the rest of this chunk must come before the next
        }
        endRun()
        return count
    }

    /// Makes sure the current block has room for a call's copies (`gather` never changes blocks, as
    /// its vectors point into the block): a fresh block when it has not. The old one is unmapped; pages
    /// the kernel still holds live on until it lets them go. False when no memory could be mapped.
    private func makeRoom() -> Bool {
        if block != nil, used + Self.copyBudget <= Self.blockSize { return true }
        if let block { munmap(block, Self.blockSize) }
        block = nil
        let memory = mmap(nil, Self.blockSize, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE, -1, 0)
        guard let memory, memory != MAP_FAILED else { return false }
        block = memory
        used = 0
        return true
    }

    /// Reads back and drops what the socket did not take: the chunks are still queued and are sent again.
    /// The pipe must be empty before the next `vmsplice`, or its leftovers would go to the next socket:
    /// when it cannot be emptied, this writer stops (and the caller writes with `writev` from then on).
    private func discard(_ count: Int) {
        statistics?.readBack.add(count, ordering: .relaxed)
        var left = count
        while left > 0 {
            let n = retryingOnInterrupt { Glibc.read(pipe.read, scratch, min(left, Self.copyBudget)) }
            guard n > 0 else {
                stop("the pipe could not be emptied")
                return
            }
            left -= n
        }
    }

    private func stop(_ reason: String) {
        isWorking = false
        stopReason = reason
    }

    /// Empties the pipe, whatever is in it (after a `vmsplice` that failed, which may have put part in).
    private func drain() {
        while retryingOnInterrupt({ Glibc.read(pipe.read, scratch, Self.copyBudget) }) > 0 {}
    }
}
