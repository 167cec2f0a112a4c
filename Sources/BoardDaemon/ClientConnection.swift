import BoardProtocol
import BoardSystem
import FlightData
import FoundationEssentials
import Synchronization

/// One client of the daemon: its framing, its queued output and, when it watches, its view.
///
/// Output is a queue of byte chunks. A pushed board's body is shared, so
/// 5,000 watchers of a view hold one copy of it, and its rows are sent by
/// reference (`SpliceWriter`), not copied into each watcher's socket.
/// A watcher that cannot keep up never builds a backlog: the newest board
/// waits in `pendingBoard`, replacing any older one not yet started.
struct ClientConnection {
    let descriptor: FileDescriptor
    var framer = LineFramer(find: ByteSearch.firstIndex)
    private(set) var chunks: [OutputChunk] = []
    private(set) var offset = 0
    private(set) var queuedBytes = 0
    /// Every byte ever queued, to measure a turn's share of replies.
    private(set) var queuedTotal = 0
    /// `queuedTotal` when freed memory was last given back for this client's replies.
    var trimMark = 0
    var watch: Watch?
    /// Its `events.watch` subscription; a connection holds it or a `watch`, never both.
    var events: EventWatch?
    /// When a partial line started arriving; nil when none is pending.
    var partialSince: ContinuousClock.Instant?
    /// Since when output has been waiting without progress; nil when the queue is empty.
    var stalledSince: ContinuousClock.Instant?
    /// Lines read but not yet answered (reading pauses while any wait).
    var inbox: [LineFramer.Output] = []
    /// The client has finished sending (end of file or an error); answer what it asked, then close.
    var peerClosed = false
    /// The client is gone both ways (closed: `EPOLLHUP`), not only done writing: no answer reaches it.
    /// The read loop leaves its reads unanswered; its writes are carried out all the same.
    var peerGone = false
    var closeWhenFlushed = false
    var readingPaused = false
    var wantsWritable = false
    /// Whether it moves to the other loop once its first read is answered: each loop keeps every
    /// other client it accepts (`ClientAcceptor.Side`).
    var movesAfterFirstAnswer = false
    /// Accepted by the read loop and not answered yet: such a client goes to the main loop before the
    /// read loop starts a search, so its first answer never waits for one (`ReadLoop.respond`).
    var awaitsFirstAnswer = false
    /// Whether every request it made was a read (`WireMethod.servedByReadLoop`): such a client leaves a
    /// main loop busy with a move's fan-out for the read loop (`BoardServer.isBusyPublishing`).
    var askedOnlyReads = true
    /// The read loop's clock when it handed this client over with a request unanswered: a
    /// subscription asked for then starts there, as if the main loop had read it on arrival.
    var handedOverAt: Date?
    /// The daemon's count of clients accepted when it accepted this one: how the log names it
    /// (`client 17`) from its connecting to its closing.
    var number = 0
    /// Why it is closed once everything asked is answered (`closeWhenFlushed`), as the debug log says.
    var closing = ClosingReason.finished

    struct Watch {
        let requestID: JSON
        let view: WatchView
        var seq: Int
        /// The newest board not yet queued (already encoded, with the closing brace and newline).
        var pendingBoard: EncodedDocument?
        /// `{"id":N,"event":"board","seq":`, the start of each of its boards' headers, made once.
        let eventPrefix: [UInt8]

        init(requestID: JSON, view: WatchView, seq: Int = 0) {
            self.requestID = requestID
            self.view = view
            self.seq = seq
            self.eventPrefix = WireLine.boardEventPrefix(id: requestID)
        }
    }

    /// An `events.watch` subscription: where it stands in the order of changes, and any changes it
    /// was not sent, reported in one `skipped` event once its output drains.
    struct EventWatch {
        let requestID: JSON
        let filter: EventFilter
        var seq = 0
        /// The last change sent, or counted as skipped: changes at or before it are never sent again,
        /// so a clock set back repeats nothing.
        var position: FlightChange.Position
        var pendingSkip: PendingSkip?
        /// `{"id":N,"event":"change","seq":`, the start of each of its changes' headers, made once.
        let eventPrefix: [UInt8]

        init(requestID: JSON, filter: EventFilter, position: FlightChange.Position) {
            self.requestID = requestID
            self.filter = filter
            self.position = position
            self.eventPrefix = WireLine.changeEventPrefix(id: requestID)
        }
    }

    struct PendingSkip {
        var count: Int
        /// The last change sent before the gap (or where the subscription started).
        let cursor: FlightChange.Position
        let since: String
        var until: Date
        var untilText: String
    }

    /// A change of a clock move, encoded once for every subscriber (`WireLine.changeTail`). A class, so
    /// that offering it to each of thousands of subscribers counts one reference, not one for each of
    /// its flight's strings.
    final class SharedChange: Sendable {
        let change: FlightChange
        let tail: [UInt8]

        init(_ change: FlightChange, encoding: WireEncoding) {
            self.change = change
            self.tail = WireLine.changeTail(encoding.change(change, seq: 0))
        }
    }

    /// The output queued for every client together, shared by all connections of both loops.
    final class Meter: Sendable {
        private let bytes = Atomic<Int>(0)
        var queuedBytes: Int { bytes.load(ordering: .relaxed) }
        func add(_ count: Int) { bytes.add(count, ordering: .relaxed) }
    }

    let meter: Meter

    init(descriptor: FileDescriptor, meter: Meter = Meter()) {
        self.descriptor = descriptor
        self.meter = meter
    }

    /// Takes this connection's output out of the meter, when it is closed.
    func release() { meter.add(-queuedBytes) }

    var hasOutput: Bool { !chunks.isEmpty }

    /// Whether more may be queued for this client now, reply, board or event alike: its own output
    /// within `maxQueuedBytes`, and all clients' within `maxQueuedBytesTotal` while any of its own
    /// waits, within `maxQueuedBytesCeiling` when none does (a client that reads as it goes is served
    /// past the total, but not past the ceiling).
    /// `adding` counts bytes about to be queued as if they were.
    func hasRoom(within limits: ServerLimits, adding pending: Int = 0) -> Bool {
        let own = queuedBytes + pending
        return own <= limits.maxQueuedBytes
            && meter.queuedBytes + pending <= (own == 0 ? limits.maxQueuedBytesCeiling : limits.maxQueuedBytesTotal)
    }

    mutating func enqueue(_ bytes: [UInt8], now: ContinuousClock.Instant) { enqueue(bytes[...], now: now) }

    /// Queues part of an array without copying it: the slice keeps the array alive until it is written.
    mutating func enqueue(_ bytes: ArraySlice<UInt8>, now: ContinuousClock.Instant) {
        meter.add(append(bytes, now: now))
    }

    /// Queues a chunk without telling the meter (the caller does, once for several); returns its size.
    private mutating func append(_ bytes: ArraySlice<UInt8>, now: ContinuousClock.Instant) -> Int {
        append(.bytes(bytes), now: now)
    }

    private mutating func append(_ chunk: OutputChunk, now: ContinuousClock.Instant) -> Int {
        let count = chunk.count
        guard count > 0 else { return 0 }
        if chunks.isEmpty { stalledSince = now }
        chunks.append(chunk)
        queuedBytes += count
        queuedTotal &+= count
        return count
    }

    /// Queues `{"id":N,"result":DOCUMENT}` without copying the document's pieces. The meter, which both
    /// loops share, is told once.
    mutating func enqueueResult(id: JSON, _ document: EncodedDocument, now: ContinuousClock.Instant) {
        var added = append(WireLine.resultHeader(id: id)[...], now: now)
        for piece in document.pieces { added += append(piece, now: now) }
        added += append(WireLine.closing[...], now: now)
        meter.add(added)
    }

    /// Queues a board for a watcher, or keeps it as the newest pending one when output is still waiting.
    /// With nothing waiting and the loop's `splicer`, the board is spliced to the socket at once, and
    /// only what the socket did not take is queued: a fan-out to thousands of watchers then makes no
    /// header array and queues no pieces a watcher.
    mutating func offerBoard(_ body: EncodedDocument, now: ContinuousClock.Instant, splicer: SpliceWriter? = nil) {
        guard watch != nil else { return }
        if chunks.isEmpty {
            queueBoard(body, now: now, splicer: splicer)
        } else {
            watch?.pendingBoard = body
        }
    }

    private mutating func queueBoard(_ body: EncodedDocument, now: ContinuousClock.Instant, splicer: SpliceWriter? = nil) {
        // Changed in place: a copy of the watch retained its every part, for each of thousands of watchers.
        guard watch != nil else { return }
        watch!.seq += 1
        watch!.pendingBoard = nil
        let seq = watch!.seq
        var sent = 0
        if chunks.isEmpty, let splicer,
            let spliced = Self.send(body, seq: seq, prefix: watch!.eventPrefix, to: descriptor, by: splicer)
        {
            if spliced.sent == spliced.count {
                queuedTotal &+= spliced.count
                return
            }
            sent = spliced.sent
        }
        var added = append(WireLine.boardEventHeader(id: watch!.requestID, seq: seq)[...], now: now)
        for piece in body.pieces { added += append(piece, now: now) }
        meter.add(added)
        if sent > 0 { remove(written: sent, now: now) }
    }

    /// Splices a watcher's board (its header made in place from `prefix`, its watch's `eventPrefix`)
    /// straight to the socket: how many of its bytes the socket took, of how many; nil when it went
    /// no way (not worth splicing, splicing stopped, or an error, which the flush that follows meets
    /// again and closes the connection for). Static: a method of the connection copied it whole first.
    private static func send(
        _ body: EncodedDocument, seq: Int, prefix: [UInt8], to descriptor: FileDescriptor, by splicer: SpliceWriter
    ) -> (sent: Int, count: Int)? {
        withUnsafeTemporaryAllocation(byteCount: prefix.count + WireLine.boardEventHeaderRoom, alignment: 1) {
            buffer -> (sent: Int, count: Int)? in
            let length = WireLine.writeBoardEventHeader(prefix: prefix, seq: seq, into: buffer)
            let header = UnsafeRawBufferPointer(rebasing: buffer[..<length])
            guard let sent = try? splicer.write(body.pieces[...], skippingFirst: 0, after: header, to: descriptor) else {
                return nil
            }
            return (sent, length + body.count)
        }
    }

    /// Queues the changes of one clock move that this subscription wants, in order (`shared` is every
    /// change of the move, each encoded once). Past `bound` of them, or once it has no room
    /// (`hasRoom`: its own output over its limit, or all clients' over theirs while its own waits),
    /// the rest are counted for one `skipped` event instead, never queued; `alsoSkipped` adds changes
    /// known to be left out (a replay's beyond the bound). The skipped event goes out at once when
    /// there is room, else when its output drains.
    ///
    /// The lines are made in one buffer, headers in place, and written to the socket at once when
    /// nothing waits before them (as a watcher's board is): only what the socket did not take is
    /// queued, so a fan-out to thousands of subscribers makes no header array and queues nothing a
    /// subscriber.
    mutating func offerChanges(
        _ shared: [SharedChange], through until: Date, alsoSkipped: Int = 0,
        bound: Int, limits: ServerLimits, encoding: WireEncoding, now: ContinuousClock.Instant
    ) {
        guard var current = events else { return }
        var sent = 0
        var skipped = 0
        let room = shared.reduce(0) { $0 + $1.tail.count + current.eventPrefix.count + Self.changeLineRoom }
        withUnsafeTemporaryAllocation(byteCount: max(1, room), alignment: 1) { buffer in
            var used = 0
            for item in shared where item.change.position > current.position && current.filter.matches(item.change) {
                if current.pendingSkip == nil, skipped == 0, sent < bound, hasRoom(within: limits, adding: used) {
                    current.seq += 1
                    let line = UnsafeMutableRawBufferPointer(rebasing: buffer[used...])
                    var length = WireLine.writeChangeEventHeader(prefix: current.eventPrefix, seq: current.seq, into: line)
                    length = WireLine.copy(item.tail, into: line, at: length)
                    used += WireLine.copy(WireLine.closing, into: line, at: length)
                    current.position = item.change.position
                    sent += 1
                } else {
                    skipped += 1
                }
            }
            if used > 0 { send(UnsafeRawBufferPointer(rebasing: buffer[..<used]), now: now) }
        }
        skipped += alsoSkipped
        if skipped > 0 {
            if var pending = current.pendingSkip {
                pending.count += skipped
                if until > pending.until {
                    pending.until = until
                    pending.untilText = encoding.localTime.iso8601(until)
                }
                current.pendingSkip = pending
            } else {
                current.pendingSkip = PendingSkip(
                    count: skipped, cursor: current.position, since: encoding.localTime.iso8601(current.position.at),
                    until: until, untilText: encoding.localTime.iso8601(until))
            }
            current.position = max(current.position, .after(until))
        }
        events = current
        // As a flush that drained queues it: lines the socket took whole leave nothing to drain.
        if chunks.isEmpty || hasRoom(within: limits) { queuePendingSkip(now: now) }
    }

    /// Room a change's line needs beyond its prefix and its tail: its header's seqs and its closing.
    private static let changeLineRoom = WireLine.changeEventHeaderRoom + WireLine.closing.count

    /// Writes `bytes` to the socket when nothing waits before them, and queues (a copy of) what it did
    /// not take; a failed write queues them all, and the flush that follows meets the failure again.
    private mutating func send(_ bytes: UnsafeRawBufferPointer, now: ContinuousClock.Instant) {
        var written = 0
        if chunks.isEmpty, let taken = try? descriptor.writeSome(bytes) { written = taken }
        queuedTotal &+= written
        guard written < bytes.count else { return }
        enqueue(Array(bytes[written...]), now: now)
    }

    /// Queues the `skipped` event waiting, if any.
    private mutating func queuePendingSkip(now: ContinuousClock.Instant) {
        guard var current = events, let skip = current.pendingSkip else { return }
        current.seq += 1
        current.pendingSkip = nil
        events = current
        let document = SkippedEventDocument(
            seq: current.seq, count: skip.count, since: skip.since, until: skip.untilText,
            cursor: ChangeCursor.encode(skip.cursor))
        enqueue(WireLine.line(document.line(id: current.requestID)), now: now)
    }

    enum FlushResult { case drained, blocked, failed }

    /// Chunks handed to one `writev` (the kernel takes up to 1,024): a board assembled for a view with
    /// pins is a few dozen slices of the shared rows, written in one call.
    static let chunksPerWrite = 64

    /// Writes what the socket takes now, several chunks to a system call: by `splicer` (the loop's)
    /// when it takes them, the shared rows then going by reference, else with `writev`.
    mutating func flush(now: ContinuousClock.Instant, splicer: SpliceWriter? = nil) -> FlushResult {
        while !chunks.isEmpty {
            let written: Int
            do {
                let batch = chunks.prefix(Self.chunksPerWrite)
                if let spliced = try splicer?.write(batch, skippingFirst: offset, to: descriptor) {
                    written = spliced
                } else {
                    written = try descriptor.writeVector(batch, skippingFirst: offset)
                }
            } catch { return .failed }
            if written == 0 { return .blocked }
            remove(written: written, now: now)
            if chunks.isEmpty, let pending = watch?.pendingBoard {
                queueBoard(pending, now: now)
            }
            if chunks.isEmpty, events?.pendingSkip != nil {
                queuePendingSkip(now: now)
            }
        }
        stalledSince = nil
        return .drained
    }

    /// Drops everything queued (its share of the meter too): the client can read none of it.
    mutating func discardOutput() {
        release()
        chunks.removeAll()
        offset = 0
        queuedBytes = 0
        stalledSince = nil
        watch?.pendingBoard = nil
    }

    /// Takes what the socket took off the front of the queue.
    private mutating func remove(written: Int, now: ContinuousClock.Instant) {
        stalledSince = now
        queuedBytes -= written
        meter.add(-written)
        var remaining = written + offset
        var done = 0
        while done < chunks.count, remaining >= chunks[done].count {
            remaining -= chunks[done].count
            done += 1
        }
        chunks.removeFirst(done)
        offset = remaining
    }
}
