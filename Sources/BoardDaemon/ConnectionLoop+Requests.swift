import BoardProtocol
import BoardSystem
import FoundationEssentials

/// Reading, framing and the fair share: how a loop turns bytes into requests for its duty.
extension ConnectionLoop {
    /// A connection's share of one turn of the loop: this many requests, or this many bytes of replies,
    /// whichever comes first. One client pipelining a thousand searches in one write is then answered
    /// a share at a time, between the other clients' turns, rather than all before anyone else.
    static let requestsPerTurn = 16
    static let replyBytesPerTurn = 128 << 10

    func handle(_ event: Epoll.Event, _ duty: some LoopDuty) {
        guard connections.contains(event.token) else { return }
        if !event.events.isDisjoint(with: .peerGone) {
            // Gone both ways: what it sent is still read, and its answers are read by no one.
            connections.update(event.token) { $0.peerGone = true }
        }
        if event.events.contains(.readable) || event.events.contains(.hangUp) {
            read(event.token)
            serveOrWait(event.token, duty)
        }
        if connections.contains(event.token), event.events.contains(.writable) {
            flush(event.token, writable: true)
            if connections.update(event.token, { !$0.inbox.isEmpty }) == true { serveInbox(event.token, duty) }
        }
    }

    private func read(_ token: UInt64) {
        let now = now
        connections.update(token) { connection in read(into: &connection, now: now) }
    }

    private func read(into connection: inout ClientConnection, now: ContinuousClock.Instant) {
        let linesBefore = connection.inbox.count
        // A few reads at most per wake, so one busy client cannot starve the rest.
        for _ in 0..<4 {
            let n: Int
            do {
                n = try connection.descriptor.read(into: &readBuffer)
            } catch {
                if error.isWouldBlock { break }
                connection.peerClosed = true
                connection.closing = .readFailed
                break
            }
            if n == 0 {
                connection.peerClosed = true
                // The last line before the client's end of writing needs no newline
                // (`printf '{"id":1,"method":"ping"}' | nc -U`): it was dropped without a word.
                if connection.framer.bufferedCount > 0, !connection.framer.overflowed {
                    connection.inbox += connection.framer.feed([UInt8(ascii: "\n")])
                }
                break
            }
            connection.inbox += readBuffer.withUnsafeBytes { connection.framer.feed(UnsafeRawBufferPointer(rebasing: $0[..<n])) }
            if connection.framer.overflowed || n < readBuffer.count { break }
        }
        // A partial line's clock starts when it begins: a client pipelining whole lines, each read
        // ending inside the next one, is never "a line that never finishes".
        let finishedALine = connection.inbox.count > linesBefore
        connection.partialSince =
            connection.framer.bufferedCount > 0 && !connection.peerClosed
            ? (finishedALine ? now : (connection.partialSince ?? now)) : nil
        if connection.partialSince != nil { sweepWanted = true }
    }

    /// Serves the first `count` connections of the backlog, each its share; those left waiting again
    /// go to its end.
    func serveBacklog(first count: Int, _ duty: some LoopDuty) {
        guard count > 0 else { return }
        let tokens = Array(backlog[..<count])
        backlog.removeFirst(count)
        for (index, token) in tokens.enumerated() {
            if index > 0, servingOverBudget {
                // Past the turn's budget the rest keep their places, first in the next turn.
                backlog.insert(contentsOf: tokens[index...], at: 0)
                return
            }
            inBacklog.remove(token)
            serveInbox(token, duty)
        }
    }

    /// Answers the lines read so far, one at a time, up to the connection's share of this turn (the rest
    /// waits in the backlog for the next). It stops while the client's unread output is over the limit
    /// (the rest waits until it drains) and as soon as the client is gone, so a vanished client costs no
    /// more work. The answers are written at the end of the turn (`flushAnswered`).
    func serveInbox(_ token: UInt64, _ duty: some LoopDuty) {
        var served = 0
        let startBytes = connections.update(token) { $0.queuedTotal } ?? 0
        // The connection is looked at in place: taking it out of its slot copied it, twice a request.
        while let ready = connections.update(token, { !$0.inbox.isEmpty && mayServe($0) ? $0.queuedTotal : nil }),
            let queuedTotal = ready
        {
            if served >= Self.requestsPerTurn || queuedTotal &- startBytes > Self.replyBytesPerTurn {
                if inBacklog.insert(token).inserted { backlog.append(token) }
                break
            }
            served += 1
            guard let output = connections.update(token, { $0.inbox.removeFirst() }) else { break }
            switch output {
            case .line(let line): if !line.isEmpty { duty.respond(to: line, from: token, in: self) }
            case .tooLarge:
                let error = WireError(
                    .tooLarge, "A request line is limited to \(LineFramer.protocolLimit) bytes; closing the connection.")
                enqueueError(error, id: .null, method: nil, to: token)
                connections.update(token) { connection in
                    connection.inbox.removeAll()
                    connection.peerClosed = true
                    connection.closing = .tooLarge
                    connection.partialSince = nil
                }
            }
        }
        connections.update(token) { connection in
            if connection.peerClosed, connection.inbox.isEmpty {
                // The peer is done sending; finish writing what it asked for, then close.
                connection.closeWhenFlushed = true
                connection.partialSince = nil
            }
        }
        if connections.contains(token), answered.last != token { answered.append(token) }
    }

    /// Writes the connections answered this turn, together at its end, before the loop sleeps (as Redis
    /// writes its replies before it sleeps): every request ready is read and answered, then the clients
    /// are woken, rather than each client woken (and the daemon interrupted) between two reads.
    func flushAnswered() {
        guard !answered.isEmpty else { return }
        let tokens = answered
        answered.removeAll(keepingCapacity: true)
        for token in tokens where connections.contains(token) {
            flush(token)
            // Stopped by its output and drained since: with reading paused and nothing left to write, no
            // event would bring it back, so it waits in the backlog for the next turn.
            let waiting = connections.update(token) { (!$0.inbox.isEmpty, mayServe($0), $0.hasOutput) }
            if let waiting, waiting.0, waiting.1, inBacklog.insert(token).inserted {
                backlog.append(token)
            } else if let waiting, waiting.0, !waiting.1, !waiting.2 {
                // Held back by all clients' output over the ceiling, with none of its own whose draining
                // would bring it back: the sweep looks at it again.
                sweepWanted = true
            }
        }
    }

    /// Whether a client's next request may be answered now: while it has room for more output
    /// (`ClientConnection.hasRoom`); else once its output drains (the writable event brings it back).
    func mayServe(_ connection: ClientConnection) -> Bool { connection.hasRoom(within: limits) }

    /// The request a line holds; nil when it holds none, the error saying why then queued.
    func parse(_ line: [UInt8], from token: UInt64) -> WireRequest? {
        switch WireRequest.parse(line) {
        case .success(let request): return request
        case .failure(let rejected):
            enqueueError(rejected.error, id: rejected.id, method: nil, to: token)
            return nil
        }
    }

    /// Queues the reply `outcome` holds (a result, a document or an error); false, queueing nothing,
    /// for an outcome that is the main loop's to carry out (a watch, a subscription, a clock move).
    @discardableResult
    func reply(to request: WireRequest, with outcome: BoardService.Outcome, to token: UInt64) -> Bool {
        switch outcome {
        case .result(let result): enqueue(WireLine.result(id: request.id, result), to: token)
        case .encoded(let document): enqueueResult(id: request.id, document, to: token)
        case .failure(let error): enqueueError(error, id: request.id, method: request.method, to: token)
        case .watch, .eventsWatch, .clockMoved: return false
        }
        return true
    }

    /// Queues `error` as the reply to request `id` (of `method`, when the line named one); the log says
    /// it at debug, with the client's number, so that a client's refused requests can be followed.
    /// A client's method and id are cut to 64 characters there.
    func enqueueError(_ error: WireError, id: JSON, method: String?, to token: UInt64) {
        if log.minimum <= .debug, let number = connections.update(token, { $0.number }) {
            func cut(_ text: String) -> String { text.count > 64 ? text.prefix(63) + "…" : text }
            let request = "\(method.map(cut) ?? "a request") (id \(cut(id.text)))"
            log.debug("client \(number): \(request) refused, \(error.code.rawValue): \(error.message)")
        }
        enqueue(WireLine.error(id: id, error), to: token)
    }

    /// Queues a line for the client under `token`, written at the end of the turn or by `flush`.
    func enqueue(_ line: [UInt8], to token: UInt64) {
        let now = now
        connections.update(token) { $0.enqueue(line, now: now) }
    }

    /// Queues `{"id":N,"result":DOCUMENT}` for the client under `token`, without copying the document.
    func enqueueResult(id: JSON, _ document: EncodedDocument, to token: UInt64) {
        let now = now
        connections.update(token) { $0.enqueueResult(id: id, document, now: now) }
    }
}
