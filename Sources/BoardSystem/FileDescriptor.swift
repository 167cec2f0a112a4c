import Glibc

/// A raw file descriptor with the few operations the programs need, each handling EINTR.
public struct FileDescriptor: Hashable, Sendable {
    public let rawValue: Int32

    public init(_ rawValue: Int32) { self.rawValue = rawValue }

    public static let standardInput = FileDescriptor(0)
    public static let standardOutput = FileDescriptor(1)
    public static let standardError = FileDescriptor(2)

    /// Opens `/dev/null` on each of descriptors 0, 1 and 2 that is closed (`boardd 2>&-`, a supervisor
    /// that closes them), as nginx and redis do at start: else the next file opened takes its number,
    /// and the log was written into the socket's lock file.
    public static func openClosedStandardDescriptors() {
        for fd: Int32 in 0...2 where fcntl(fd, F_GETFD) == -1 && errno == EBADF {
            let null = Glibc.open("/dev/null", O_RDWR)
            // The lowest free number: `fd` itself, as the ones below it are open.
            if null >= 0, null != fd { Glibc.close(null) }
        }
    }

    /// Writes the chunks in order with one `writev`, the first one from `skippingFirst`; for
    /// non-blocking sockets. Returns the count written (0 if it would block).
    public func writeVector(_ chunks: ArraySlice<OutputChunk>, skippingFirst offset: Int) throws(SystemError) -> Int {
        let fd = rawValue
        let n = withVectors(chunks, skippingFirst: offset) { vectors, count in
            retryingOnInterrupt { Glibc.writev(fd, vectors, Int32(count)) }
        }
        if n < 0 {
            if errno == EAGAIN || errno == EWOULDBLOCK { return 0 }
            throw SystemError("writev")
        }
        return n
    }

    /// Calls `body` with an `iovec` for each chunk (the first from `offset`), on the stack for the call
    /// (no allocation a write); the chunks' memory stays alive and unmoved for it, as `chunks` holds it.
    func withVectors(
        _ chunks: ArraySlice<OutputChunk>, skippingFirst offset: Int,
        _ body: (UnsafePointer<iovec>?, Int) -> Int
    ) -> Int {
        withUnsafeTemporaryAllocation(of: iovec.self, capacity: max(1, chunks.count)) { vectors -> Int in
            var count = 0
            func gather(_ index: ArraySlice<OutputChunk>.Index) -> Int {
                if index == chunks.endIndex { return body(UnsafePointer(vectors.baseAddress), count) }
                return chunks[index].withUnsafeBytes { raw in
                    let skip = index == chunks.startIndex ? offset : 0
                    vectors[count] = iovec(
                        iov_base: UnsafeMutableRawPointer(mutating: raw.baseAddress.map { $0 + skip }), iov_len: raw.count - skip)
                    count += 1
                    return gather(chunks.index(after: index))
                }
            }
            return gather(chunks.startIndex)
        }
    }

    /// Reads what is available into the whole of `buffer`; 0 means end of file.
    public func read(into buffer: inout [UInt8]) throws(SystemError) -> Int {
        let fd = rawValue
        let n = buffer.withUnsafeMutableBytes { raw in retryingOnInterrupt { Glibc.read(fd, raw.baseAddress, raw.count) } }
        guard n >= 0 else { throw SystemError("read") }
        return n
    }

    /// Reads up to `buffer.count` bytes at `offset` (`pread`), leaving the file's position alone; 0 at its end.
    public func read(into buffer: inout [UInt8], at offset: Int64) throws(SystemError) -> Int {
        let fd = rawValue
        let n = buffer.withUnsafeMutableBytes { raw in
            retryingOnInterrupt { Glibc.pread(fd, raw.baseAddress, raw.count, off_t(offset)) }
        }
        guard n >= 0 else { throw SystemError("pread") }
        return n
    }

    /// Reads what is available into `buffer` (raw memory the caller owns); 0 means end of file.
    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(SystemError) -> Int {
        let fd = rawValue
        let n = retryingOnInterrupt { Glibc.read(fd, buffer.baseAddress, buffer.count) }
        guard n >= 0 else { throw SystemError("read") }
        return n
    }

    /// Writes as much as the descriptor takes now; for non-blocking sockets. Returns the count written (0 if it would block).
    public func writeSome(_ bytes: UnsafeRawBufferPointer) throws(SystemError) -> Int {
        let n = retryingOnInterrupt { Glibc.send(rawValue, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL)) }
        if n < 0 {
            if errno == EAGAIN || errno == EWOULDBLOCK { return 0 }
            if errno == ENOTSOCK { return try writePlain(bytes) }
            throw SystemError("send")
        }
        return n
    }

    private func writePlain(_ bytes: UnsafeRawBufferPointer) throws(SystemError) -> Int {
        let n = retryingOnInterrupt { Glibc.write(rawValue, bytes.baseAddress, bytes.count) }
        if n < 0 {
            if errno == EAGAIN || errno == EWOULDBLOCK { return 0 }
            throw SystemError("write")
        }
        return n
    }

    /// Writes every byte, looping over partial writes (and waiting when a non-blocking descriptor is full).
    public func writeAll(_ bytes: [UInt8]) throws(SystemError) {
        var offset = 0
        while offset < bytes.count {
            let written: Int
            do {
                written = try bytes.withUnsafeBytes { raw in try writeSome(UnsafeRawBufferPointer(rebasing: raw[offset...])) }
            } catch let error as SystemError {
                throw error
            } catch {
                throw SystemError("write", code: EIO)
            }
            if written == 0 { _ = try waitUntilWritable(timeoutMilliseconds: 1000) }
            offset += written
        }
    }

    public func writeAll(_ text: String) throws(SystemError) { try writeAll(Array(text.utf8)) }

    /// Waits for the descriptor to become readable; false on timeout.
    public func waitUntilReadable(timeoutMilliseconds: Int32) throws(SystemError) -> Bool {
        try poll(events: Int16(POLLIN), timeoutMilliseconds: timeoutMilliseconds)
    }

    /// Waits until this descriptor is readable, or `output` loses its reader (the other end of a
    /// pipe closed: `board watch | head` once head has its lines), for at most the timeout.
    public func waitUntilReadable(
        timeoutMilliseconds: Int32, orReaderLeaves output: FileDescriptor
    ) throws(SystemError) -> (readable: Bool, readerLeft: Bool) {
        // No events asked of the output: poll reports an error or hang-up on it whatever is asked.
        var entries = [
            pollfd(fd: rawValue, events: Int16(POLLIN), revents: 0), pollfd(fd: output.rawValue, events: 0, revents: 0),
        ]
        let n = retryingOnInterrupt { Glibc.poll(&entries, 2, timeoutMilliseconds) }
        guard n >= 0 else { throw SystemError("poll") }
        return (entries[0].revents != 0, entries[1].revents & Int16(POLLERR | POLLHUP) != 0)
    }

    /// Waits until the descriptor is readable or writable, for at most the timeout; which it is (neither on timeout).
    /// A hang-up or an error counts as readable: the read says what happened.
    public func waitUntilReadableOrWritable(timeoutMilliseconds: Int32) throws(SystemError) -> (readable: Bool, writable: Bool) {
        var entry = pollfd(fd: rawValue, events: Int16(POLLIN | POLLOUT), revents: 0)
        let n = retryingOnInterrupt { Glibc.poll(&entry, 1, timeoutMilliseconds) }
        guard n >= 0 else { throw SystemError("poll") }
        let readable = entry.revents & Int16(POLLIN | POLLHUP | POLLERR) != 0
        return (readable, entry.revents & Int16(POLLOUT) != 0)
    }

    public func waitUntilWritable(timeoutMilliseconds: Int32) throws(SystemError) -> Bool {
        try poll(events: Int16(POLLOUT), timeoutMilliseconds: timeoutMilliseconds)
    }

    private func poll(events: Int16, timeoutMilliseconds: Int32) throws(SystemError) -> Bool {
        var entry = pollfd(fd: rawValue, events: events, revents: 0)
        let n = retryingOnInterrupt { Glibc.poll(&entry, 1, timeoutMilliseconds) }
        guard n >= 0 else { throw SystemError("poll") }
        return n > 0
    }

    public func setNonBlocking(_ on: Bool = true) {
        let flags = fcntl(rawValue, F_GETFL)
        _ = fcntl(rawValue, F_SETFL, on ? flags | O_NONBLOCK : flags & ~O_NONBLOCK)
    }

    public func setCloseOnExec() {
        _ = fcntl(rawValue, F_SETFD, FD_CLOEXEC)
    }

    public func close() { _ = Glibc.close(rawValue) }

    /// A second descriptor for the same open file (`F_DUPFD_CLOEXEC`), closed on its own: what one
    /// thread watches in its epoll while another keeps the first.
    public func duplicate() throws(SystemError) -> FileDescriptor {
        let copy = fcntl(rawValue, F_DUPFD_CLOEXEC, 0)
        guard copy >= 0 else { throw SystemError("fcntl F_DUPFD_CLOEXEC") }
        return FileDescriptor(copy)
    }

    public var isTerminal: Bool { isatty(rawValue) == 1 }
}

extension FileDescriptor {
    /// Shuts both directions of a socket down (`shutdown(SHUT_RDWR)`): a thread blocked reading it wakes.
    public func shutdownBoth() { _ = Glibc.shutdown(rawValue, Int32(SHUT_RDWR)) }
}
