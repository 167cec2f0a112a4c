import BoardProtocol
import BoardSystem
import FoundationEssentials
import Synchronization

/// What the daemon's two event loops share.
///
/// The main loop (`BoardServer`'s `ConnectionLoop`) is the one writer of the schedule and the clock: it
/// serves watchers, subscribers and every request that changes something. Both loops accept clients
/// on one listening socket and answer their first read; each keeps every other client accepted by
/// either (`ClientAcceptor.Side`), the rest moving to the other loop once answered. The read loop
/// (`ReadLoop`, on a thread of its own) answers its clients' reads (`WireMethod.servedByReadLoop`) from a copy of the main loop's service,
/// taken again whenever the main loop publishes a change (a clock move, a reload), which it does
/// before it answers the request that made it: so an answer on either loop never shows an older clock
/// than one any client was already told. A search goes to the read loop at once, even as a client's
/// first request (`WireMethod.answeredOnReadLoopFirst`): it reads every day of the window, and on the
/// main loop every watcher and clock move would wait for it. The copy has caches of its own (`BoardService.forReadLoop`),
/// so the loops' requests never retain the same objects. A read-loop client that asks anything else
/// is handed back to the main loop for good (but for a search), with what it sent still unanswered and what it was sent
/// still queued, in order, and the read loop's clock when it read it (`ClientConnection.handedOverAt`).
final class ReadLoopLink: Sendable {
    /// The main loop's service as of its last change, and how many changes there have been.
    private let published: Locked<(generation: Int, service: BoardService)>
    private let generation = Atomic<Int>(0)
    /// Every connected client, on either loop (for `maxClients`).
    let clients = Atomic<Int>(0)
    /// Board watchers on either loop (for the status line SIGUSR1 logs).
    let watchers = Atomic<Int>(0)
    /// The output queued for every client of both loops.
    let meter = ClientConnection.Meter()
    /// What both loops' splices read back (for the status line SIGUSR2 logs).
    let spliceStatistics = SpliceStatistics()
    /// Connections handed to each loop.
    let toRead: Mailbox
    let toMain: Mailbox
    /// Set by the main loop as it stops; the read loop closes its clients and ends.
    let stopping = Atomic<Bool>(false)
    /// The read loop's clients as of the end of its last turn (for the status line SIGUSR2 logs).
    let readLoopClients = Atomic<Int>(0)
    /// Clients accepted by either loop, numbered for `ClientAcceptor.Side`.
    let accepted = Atomic<Int>(0)
    /// The descriptor kept spare to refuse clients with when the process has none left, its lock held
    /// by each accept on either loop: so while the main loop has released it to refuse clients, the
    /// read loop's accept never takes its slot, which would leave the daemon nothing to refuse with
    /// until a client leaves (`ClientAcceptor.refuseWithoutDescriptors`).
    let spare = Locked(SpareDescriptor())
    /// The listening socket for the read loop (a duplicate of the main loop's, its own to close),
    /// offered again when the main loop binds the path again; and how many have been offered.
    private let offeredListener = Locked<FileDescriptor?>(nil)
    private let listenerGeneration = Atomic<Int>(0)

    init(_ service: BoardService) throws(SystemError) {
        published = Locked((0, service))
        toRead = try Mailbox()
        toMain = try Mailbox()
    }

    /// Publishes the main loop's service after a change, before the change is answered.
    func publish(_ service: BoardService) {
        let next = published.withLock { current in
            current = (current.generation + 1, service)
            return current.generation
        }
        generation.store(next, ordering: .releasing)
    }

    /// The service published after `seen`, if any (one atomic load when there is none); `seen` moves on.
    func service(after seen: inout Int) -> BoardService? {
        guard generation.load(ordering: .acquiring) != seen else { return nil }
        let current = published.withLock { $0 }
        seen = current.generation
        return current.service
    }

    func stop() {
        stopping.store(true, ordering: .releasing)
        toRead.wakeup.signal()
    }

    /// Offers the read loop a duplicate of `listener` to accept on, replacing one not yet taken; the
    /// error when no duplicate can be made (out of descriptors), the read loop keeping what it has.
    func shareListener(_ listener: FileDescriptor) throws(SystemError) {
        let copy = try listener.duplicate()
        offeredListener.withLock { offered in
            offered?.close()
            offered = copy
        }
        listenerGeneration.add(1, ordering: .releasing)
        toRead.wakeup.signal()
    }

    /// The listener offered after `seen`, if any, now the caller's to close; `seen` moves on.
    func listener(after seen: inout Int) -> FileDescriptor? {
        let generation = listenerGeneration.load(ordering: .acquiring)
        guard generation != seen else { return nil }
        seen = generation
        return offeredListener.withLock { offered in
            defer { offered = nil }
            return offered
        }
    }

    func close() {
        toRead.close()
        toMain.close()
        offeredListener.withLock { offered in
            offered?.close()
            offered = nil
        }
    }

    /// Connections on their way to a loop, with the descriptor that wakes it.
    final class Mailbox: Sendable {
        let wakeup: Wakeup
        private let waiting = Locked<[Parcel]>([])

        /// A connection in transit: the sender gives it up whole and never touches it again.
        struct Parcel: @unchecked Sendable {
            let connection: ClientConnection
        }

        init() throws(SystemError) { wakeup = try Wakeup() }

        func post(_ connection: ClientConnection) {
            waiting.withLock { $0.append(Parcel(connection: connection)) }
            wakeup.signal()
        }

        func take() -> [ClientConnection] {
            wakeup.drain()
            return waiting.withLock { parcels in
                defer { parcels.removeAll() }
                return parcels.map(\.connection)
            }
        }

        func close() {
            for connection in take() {
                connection.release()
                connection.descriptor.close()
            }
            wakeup.close()
        }
    }
}

extension WireMethod {
    /// Whether the read loop answers it: a read of the schedule and the clock, which changes nothing
    /// and needs no subscription. Watches and events stay on the main loop with everything else.
    var servedByReadLoop: Bool {
        switch self {
        case .ping, .boardGet, .flightGet, .flightNext, .flightPrev, .flightSoonest, .clockGet, .search: true
        case .boardWatch, .eventsGet, .eventsWatch, .clockSet, .clockAdvance: false
        }
    }

    /// Whether the main loop hands the client to the read loop to answer it, even as its first request
    /// (a client that watches or follows stays, with its subscription): a search, which reads every day
    /// of the window, where every other read costs a day or a flight.
    var answeredOnReadLoopFirst: Bool { self == .search }
}

/// The read loop's duty: it answers reads (`WireMethod.servedByReadLoop`) from its copy of the main
/// loop's service, taken again before each answer whenever the main loop published a change, and
/// hands every other request, with its client, back to the main loop. It accepts clients too, on a
/// duplicate of the main loop's listener (`ReadLoopLink.shareListener`), so a new client is greeted
/// and its first read answered while the main loop works through a clock move; the main loop alone
/// refuses clients when the process is out of descriptors. It has no signals and no watchers, and it
/// ends when the main loop stops.
final class ReadLoop: LoopDuty {
    let loop: ConnectionLoop
    private let link: ReadLoopLink
    /// Its service, the main loop's as of `seenGeneration` changes; and the main loop's service itself.
    private var service: BoardService
    private var mainService: BoardService
    private var seenGeneration = 0
    /// The listener it accepts on (nil before one is offered), and the offers seen.
    private var listener: FileDescriptor?
    private var listenerGeneration = 0
    /// Set while the listener is left out of epoll after `accept` failed (the main loop deals with it).
    private var listeningAgainAt: ContinuousClock.Instant?
    private var refusedNote = RateLimitedNote()

    /// Made on the main loop's thread, before the read loop's starts.
    init(link: ReadLoopLink, service: BoardService, limits: ServerLimits, log: Log) throws(SystemError) {
        self.loop = try ConnectionLoop(
            link: link, arrivals: link.toRead, departures: link.toMain, limits: limits, log: log)
        self.link = link
        self.service = service.forReadLoop(previous: nil)
        self.mainService = service
        _ = link.service(after: &seenGeneration)
        takeListener()
    }

    /// Serves until the main loop stops, then closes its clients.
    func run() {
        loop.run(self)
        finish()
    }

    /// Closes its clients and its listener.
    func finish() {
        loop.closeAll(saying: WireLine.shutdown(reason: "boardd is shutting down"))
        listener?.close()
        listener = nil
    }

    func respond(to line: [UInt8], from token: UInt64, in loop: ConnectionLoop) {
        guard let request = loop.parse(line, from: token) else { return }
        if let newer = link.service(after: &seenGeneration) {
            service = newer.forReadLoop(previous: (service, mainService))
            mainService = newer
        }
        let method = WireMethod(rawValue: request.method)
        if let method, !method.servedByReadLoop {
            loop.handOver(token, unanswered: line, at: service.clock.now)
            return
        }
        // A client gone both ways reads no answer: its reads are not computed (thousands that each
        // asked for a search and hung up kept this loop busy for half a minute). Its writes went above.
        if loop.connections.update(token, { $0.peerGone }) == true { return }
        if method?.answeredOnReadLoopFirst == true {
            // A search can take seconds: the clients this loop accepted and has not answered yet go to
            // the main loop first, so no client's first answer (a clock move, say) waits for it.
            for other in loop.connections.tokens(where: { $0.awaitsFirstAnswer }) where other != token {
                loop.flush(other)
                if loop.connections.contains(other) { loop.handOver(other) }
            }
        }
        // Reads only reach here; anything else is the main loop's to carry out.
        guard loop.reply(to: request, with: service.handle(request, method: method), to: token) else {
            loop.handOver(token, unanswered: line, at: service.clock.now)
            return
        }
        // Every other client it accepted goes to the main loop once answered, from here.
        if loop.connections.update(
            token,
            { client in
                client.awaitsFirstAnswer = false
                return client.movesAfterFirstAnswer
            }) == true
        {
            loop.flush(token)
            if loop.connections.contains(token) { loop.handOver(token) }
        }
    }

    func handle(_ event: Epoll.Event, in loop: ConnectionLoop) {
        guard event.token == ClientAcceptor.token, let listener else { return }
        let hello = ClientAcceptor.hello(service)
        for _ in 0..<ClientAcceptor.acceptsPerTurn {
            switch ClientAcceptor.acceptOne(from: listener, into: loop, hello: hello, side: .read, refusedNote: &refusedNote) {
            case .accepted: continue
            case .none: return
            case .failed:
                // Out of descriptors, most likely: the main loop refuses the waiting clients with its
                // spare descriptor and says so. This loop stays out of the way for a moment.
                loop.epoll.remove(listener)
                listeningAgainAt = loop.now + ConnectionLoop.sweepInterval
                return
            }
        }
    }

    func finishTurn(in loop: ConnectionLoop) {
        if link.stopping.load(ordering: .acquiring) { loop.stop() }
        link.readLoopClients.store(loop.connections.count, ordering: .relaxed)
        takeListener()
        if let at = listeningAgainAt, loop.now >= at {
            listeningAgainAt = nil
            watchListener()
        }
    }

    var hasWorkWaiting: Bool { false }

    func secondsUntilDue(in loop: ConnectionLoop) -> Double? {
        listeningAgainAt.map { max(0, ($0 - loop.now) / .seconds(1)) }
    }

    /// Swaps in the listener the main loop offered last, if it offered one since.
    private func takeListener() {
        guard let offered = link.listener(after: &listenerGeneration) else { return }
        if let listener {
            loop.epoll.remove(listener)
            listener.close()
        }
        listener = offered
        listeningAgainAt = nil
        watchListener()
    }

    private func watchListener() {
        guard let listener else { return }
        do { try loop.register(listener, token: ClientAcceptor.token) } catch {
            loop.log.warning("the read loop cannot watch the socket; the main loop accepts every client: \(error)")
        }
    }
}

/// The read loop, handed to its thread: nothing else touches it once the thread starts.
struct ReadLoopHandOff: @unchecked Sendable {
    let readLoop: ReadLoop
}
