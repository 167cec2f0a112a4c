import BoardProtocol
import BoardSystem
import FoundationEssentials

/// Writing, deadlines and memory: how a loop gives each client what it is owed, and lets go of those
/// that stop taking it.
extension ConnectionLoop {
    /// Writes what the client's socket takes; `writable` when epoll just said it takes more. A client
    /// whose connection failed, or that asked to close and got everything, is closed.
    func flush(_ token: UInt64, writable: Bool = false) {
        let now = now
        let closing = connections.update(token) { connection in
            flush(&connection, token: token, now: now, writable: writable)
        }
        if let closing, let closing { close(token, closing) }
    }

    /// Writes what it can; why the connection must be closed when it is finished. A connection
    /// waiting for epoll to say its socket takes more is not tried before it does: a full socket
    /// refuses every write, and a spliced write costs its `vmsplice` and reading the pipe back.
    private func flush(
        _ connection: inout ClientConnection, token: UInt64, now: ContinuousClock.Instant, writable: Bool
    ) -> ClosingReason? {
        let result: ClientConnection.FlushResult =
            connection.wantsWritable && !writable ? .blocked : connection.flush(now: now, splicer: splicer)
        if let splicer, !splicer.isWorking, !spliceStopReported {
            spliceStopReported = true
            log.warning("writing with writev from now on: \(splicer.stopReason ?? "splice refused")")
        }
        if result == .drained, connection.queuedTotal &- connection.trimMark > Self.trimAfterBytes {
            connection.trimMark = connection.queuedTotal
            trimWanted = true
        }
        if result == .failed {
            // No answer reaches it (a client that sent a clock move and closed at once, before even
            // its hello was written): what it sent is still read and carried out, and its answers
            // dropped, until it has nothing more to say. Closed at once, the move was lost.
            guard !connection.peerClosed || !connection.inbox.isEmpty else { return .writeFailed }
            connection.discardOutput()
            connection.peerGone = true
            connection.closing = .writeFailed
        }
        if result == .drained && connection.closeWhenFlushed { return connection.closing }
        let wantsWritable = result == .blocked
        if wantsWritable { sweepWanted = true }
        let pauseReading =
            connection.queuedBytes > limits.maxQueuedBytes || connection.closeWhenFlushed || connection.peerClosed
            || !connection.inbox.isEmpty
        if wantsWritable != connection.wantsWritable || pauseReading != connection.readingPaused {
            var events: Epoll.Events = .hangUp
            if !pauseReading { events.insert(.readable) }
            if wantsWritable { events.insert(.writable) }
            epoll.modify(connection.descriptor, token: token, events: events)
            connection.wantsWritable = wantsWritable
            connection.readingPaused = pauseReading
        }
        return nil
    }

    /// Closes clients past their deadlines. It visits every client, so it runs a few times a second at most.
    func sweepDeadlines() {
        guard sweepWanted else { return }
        let now = now
        guard lastSweep.map({ now - $0 >= Self.sweepInterval }) ?? true else { return }
        lastSweep = now
        sweepWanted = false
        for token in connections.tokens {
            guard let connection = connections[token] else { continue }
            // Output the socket has taken nothing of for so long is the client's doing, whatever
            // else waits: one that pipelined past the queue's limit has its reading paused too.
            if let since = connection.stalledSince, now - since > .seconds(limits.stalledWriteTimeout) {
                log.info(
                    "closing a client that stopped reading (client \(connection.number), \(connection.queuedBytes) bytes waiting)"
                )
                close(token, .stalled)
            } else if connection.readingPaused {
                if !connection.inbox.isEmpty, !connection.hasOutput, mayServe(connection), inBacklog.insert(token).inserted {
                    // Held back by all clients' output over the ceiling, and there is room again.
                    backlog.append(token)
                }
                // While its reading is paused (its requests or replies wait on the daemon), the rest
                // of its line cannot arrive: that is not the client's delay.
                connections[token]?.partialSince = connection.partialSince.map { _ in now }
                sweepWanted = true
            } else if let since = connection.partialSince, now - since > .seconds(limits.partialLineTimeout) {
                log.info("closing a client whose request line never finished (client \(connection.number))")
                close(token, .partialLine)
            } else if connection.partialSince != nil || connection.hasOutput {
                sweepWanted = true
            }
        }
    }

    // MARK: Memory

    /// Freed memory is given back to the system (`malloc_trim`) when a client leaves or after large
    /// replies went out, at most once a second: otherwise the heap stays at its peak after an attack.
    static let trimInterval = Duration.seconds(1)
    static let trimAfterBytes = 256 << 10

    func trimMemoryIfWanted() {
        guard trimWanted else { return }
        let now = now
        if let lastTrim, now - lastTrim < Self.trimInterval { return }
        lastTrim = now
        trimWanted = false
        MemoryTrim.returnFreeMemory()
    }
}
