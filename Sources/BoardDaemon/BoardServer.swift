import BoardProtocol
import BoardSystem
import FlightData
import FoundationEssentials

/// Moments the server reports to whoever supervises it (the daemon tells systemd).
enum ServerEvent: Equatable, Sendable {
    /// SIGHUP arrived; the config is being read again.
    case reloading
    /// The reload is over: the new config taken (nil), or refused and why (the old one kept).
    case reloaded(refused: String?)
    /// SIGTERM, SIGINT or SIGQUIT arrived (or another daemon took the socket); shutdown has begun.
    case stopping
}

/// The daemon's main loop: the one writer of the schedule and the clock. Its `ConnectionLoop` accepts
/// clients (`ClientAcceptor`; the read loop accepts on the same listener) and answers their first
/// request; it serves watchers, subscribers and every request that changes something, and it hands
/// every other client it accepted, once its first read is answered, to the read loop on the second
/// core (`ReadLoop`; `ReadLoopLink` says how they share).
///
/// Besides its clients it wakes for signals, the next instant the board changes (a status boundary,
/// a flight becoming past, midnight) and the once-a-second look at its socket's path (one `stat`, so
/// a removed socket is bound again). Each clock move's boards go to watchers through `BoardFanOut`
/// and its changes to subscribers through `EventsFanOut`, a share a turn.
final class BoardServer: LoopDuty {
    let loop: ConnectionLoop
    private let link: ReadLoopLink
    var service: BoardService
    var acceptor: ClientAcceptor
    /// Whether the listener woke this turn: new clients are accepted at its end.
    private var listenerReady = false
    let signals: SignalDescriptor
    /// The read loop's thread; nil when there is none (one core, or it could not start).
    private(set) var readLoopThread: SystemThread?
    let reloadConfig: () -> Result<DaemonConfig, ConfigError>
    /// The next instant (on the daemon's clock) at which watched boards change.
    private var nextChange: Date
    var boardFanOut = BoardFanOut()
    /// When a move's boards and changes were last published to watchers or subscribers (`publish`): for
    /// `busyAfterPublishing` after it, the loop is busy with their fan-out and reads are better answered
    /// on the read loop.
    private var publishedAt: ContinuousClock.Instant?
    /// The listener is still to be offered to the read loop (`shareListener`).
    var listenerToShare = false
    static let busyAfterPublishing = Duration.milliseconds(100)
    var eventsFanOut: EventsFanOut
    /// When the socket's path is next checked (a removed socket is bound again; see `SocketListener.keepBound`).
    var nextSocketCheck: ContinuousClock.Instant
    /// Why the last reload was refused, until one succeeds: the status line says the file is not the
    /// config served (`logStatus`).
    var refusedReload: String?
    /// The source's queue, when the daemon publishes (`--publish`): each clock move and config goes to it.
    var replication: ReplicationSource?
    /// The follower's moves, when the daemon is a replica (`--follow`): applied as the source applied them.
    var replica: ReplicaFeed?
    /// Called at reloads and at shutdown.
    var onEvent: (ServerEvent) -> Void = { _ in }

    static let signalToken: UInt64 = 1

    init(
        service: BoardService, listener: SocketListener, limits: ServerLimits, log: Log,
        reloadConfig: @escaping () -> Result<DaemonConfig, ConfigError>
    ) throws(SystemError) {
        var limits = limits
        // Each client holds a descriptor: never promise more clients than the descriptor limit allows.
        if let descriptors = ResourceLimits.raiseOpenFiles(to: limits.maxClients + ServerLimits.reservedDescriptors) {
            let fitting = ServerLimits.clients(fittingDescriptorLimit: descriptors)
            if fitting < limits.maxClients {
                log.warning(
                    "the descriptor limit (ulimit -n) is \(descriptors): serving at most \(fitting) clients, not \(limits.maxClients); raise the limit (ulimit -n, or LimitNOFILE= for systemd) to serve more"
                )
                limits.maxClients = fitting
            }
        }
        link = try ReadLoopLink(service)
        loop = try ConnectionLoop(link: link, arrivals: link.toMain, departures: link.toRead, limits: limits, log: log)
        self.service = service
        acceptor = ClientAcceptor(listener)
        self.reloadConfig = reloadConfig
        signals = try SignalDescriptor([.interrupt, .terminate, .quit, .hangUp, .userDefined1, .userDefined2])
        nextChange = service.nextChange(after: service.clock.now)
        eventsFanOut = EventsFanOut(publishedAt: service.clock.now)
        nextSocketCheck = loop.now + SocketListener.checkInterval
        try loop.register(listener.descriptor, token: ClientAcceptor.token)
        try loop.register(signals.descriptor, token: Self.signalToken)
    }

    /// Serves until SIGTERM or SIGINT, or until the socket is lost.
    func run() {
        startReadLoop()
        loop.run(self)
        shutdown()
    }

    /// Starts the read loop on a thread of its own, when there is a second core for it.
    private func startReadLoop() {
        guard Program.processorCount > 1 else { return }
        shareListener()
        let readLoop: ReadLoop
        do { readLoop = try ReadLoop(link: link, service: service, limits: loop.limits, log: loop.log) } catch {
            loop.log.warning("serving every client on one loop: the read loop cannot start (\(error))")
            return
        }
        let handed = ReadLoopHandOff(readLoop: readLoop)
        // Started after the signals were blocked (`SignalDescriptor`): the thread inherits the mask.
        do { readLoopThread = try SystemThread(name: "boardd-read") { handed.readLoop.run() } } catch {
            loop.log.warning("serving every client on one loop: the read loop's thread cannot start (\(error))")
            readLoop.finish()  // its duplicate of the listener
        }
    }

    // MARK: The loop's duty

    func handle(_ event: Epoll.Event, in loop: ConnectionLoop) {
        switch event.token {
        case ClientAcceptor.token: listenerReady = true
        case Self.signalToken: handleSignals()
        case Self.replicaToken: applyReplicaMoves()
        default: break
        }
    }

    func finishTurn(in loop: ConnectionLoop) {
        publishSome()
        // New clients last: a hang-up reported in the same wake frees its slot before the limit is checked.
        if listenerReady {
            listenerReady = false
            acceptor.acceptClients(into: loop, hello: ClientAcceptor.hello(service), side: readLoopThread == nil ? .only : .main)
        }
        acceptor.resumeIfDue(loop)
        if loop.isRunning, service.clock.now >= nextChange { publish() }
        if loop.isRunning, service.clock.now >= eventsFanOut.nextChange { publishEvents() }
        if loop.isRunning, loop.now >= nextSocketCheck { checkSocket() }
    }

    /// Offers the read loop the listener to accept on; when no duplicate can be made, says so and
    /// tries again at the next look at the socket (`checkSocket`), the main loop accepting meanwhile.
    func shareListener() {
        do {
            try link.shareListener(acceptor.listener.descriptor)
            listenerToShare = false
        } catch {
            if !listenerToShare {
                loop.log.warning(
                    "the read loop cannot have the socket (\(error)); the main loop accepts every client until it can")
            }
            listenerToShare = true
        }
    }

    /// Whether a move's fan-out keeps this loop busy (`busyAfterPublishing`), with a read loop to go to.
    private var isBusyPublishing: Bool {
        guard let publishedAt, readLoopThread != nil else { return false }
        return loop.now - publishedAt < Self.busyAfterPublishing
    }

    var hasWorkWaiting: Bool { boardFanOut.isOffering || eventsFanOut.isOffering }

    func secondsUntilDue(in loop: ConnectionLoop) -> Double? {
        var seconds: Double? = service.clock.realDelay(until: min(nextChange, eventsFanOut.nextChange))
        if !service.clock.isSimulated { seconds = min(seconds ?? 60, 60) }  // the wall clock may jump
        if acceptor.isPaused { seconds = min(seconds ?? ConnectionLoop.sweepSeconds, ConnectionLoop.sweepSeconds) }
        let untilSocketCheck = max(0, (nextSocketCheck - loop.now) / .seconds(1))
        return min(seconds ?? untilSocketCheck, untilSocketCheck)
    }

    func respond(to line: [UInt8], from token: UInt64, in loop: ConnectionLoop) {
        guard let request = loop.parse(line, from: token) else { return }
        let method = WireMethod(rawValue: request.method)
        let subscribed = loop.connections.update(token, { $0.watch != nil || $0.events != nil }) ?? false
        if subscribed, eventsFanOut.isOffering {
            // A subscriber's answers come after the changes of every move answered before its request.
            let offer = eventsFanOut.offerNow(token, service: service) { loop.connections.update($0) { $0.events } ?? nil }
            offerEvents(offer.map { [$0] } ?? [])
        }
        if method?.answeredOnReadLoopFirst == true, readLoopThread != nil, !subscribed {
            // A search reads every day of the window: in the largest, tens of milliseconds warm and
            // seconds cold. Answered on the read loop, even as a client's first request, no watcher,
            // clock move or other client's first answer waits for it.
            loop.handOver(token, unanswered: line)
            return
        }
        let isRead = method?.servedByReadLoop ?? true
        // A subscription the read loop handed over starts where the clock was when that loop read it.
        let handedOverAt = loop.connections.update(token) { connection in
            defer { connection.handedOverAt = nil }
            if !isRead { connection.askedOnlyReads = false }
            return connection.handedOverAt
        }
        defer {
            if isRead, movesToReadLoopOnceAnswered(token) {
                loop.flush(token)  // the answer goes out from here: a one-shot client never waits for the other thread
                if loop.connections.contains(token) { loop.handOver(token) }
            }
        }
        let outcome = service.handle(request, method: method, arrivedAt: handedOverAt ?? nil)
        switch outcome {
        case .result, .encoded, .failure: loop.reply(to: request, with: outcome, to: token)
        case .watch(let view): watch(view, id: request.id, from: token)
        case .eventsWatch(let subscription):
            guard !subscribed else {
                loop.enqueueError(Self.oneWatch, id: request.id, method: request.method, to: token)
                return
            }
            subscribe(token, id: request.id, subscription)
        case .clockMoved(let result):
            // The read loop sees the move before this client is told of it.
            link.publish(service)
            var answer = result
            if let replication {
                replication.clockMoved(service.clock.replicationState(method == .clockAdvance ? .advance : .set))
                // The reply's `replication` counts the record of this very move among those waiting.
                answer = service.clockJSON(at: service.clock.now)
            }
            loop.enqueue(WireLine.result(id: request.id, answer), to: token)
            // The client that moved the clock is answered before the watchers are.
            loop.flush(token)
            loop.log.info("clock moved to \(service.localTime.iso8601(service.clock.now))")
            publish()
        }
    }

    /// Whether a client just answered a read moves to the read loop: every other client this loop
    /// accepted, and any client that has asked only reads while this loop is busy with a move's fan-out.
    private func movesToReadLoopOnceAnswered(_ token: UInt64) -> Bool {
        let busy = isBusyPublishing
        return loop.connections.update(token) { client in
            client.watch == nil && client.events == nil
                && (client.movesAfterFirstAnswer || (busy && client.askedOnlyReads))
        } ?? false
    }

    // MARK: Boards

    static let oneWatch = WireError(
        .invalidParams,
        "This connection already watches; a connection holds one events.watch, or board.watch, not both: open another connection."
    )

    /// Starts (or changes) a `board.watch`: the board now, then one at each change.
    private func watch(_ view: WatchView, id: JSON, from token: UInt64) {
        guard loop.connections.update(token, { $0.events == nil }) == true else {
            loop.enqueueError(Self.oneWatch, id: id, method: WireMethod.boardWatch.rawValue, to: token)
            return
        }
        loop.enqueueResult(id: id, service.watchBoard(view, at: service.clock.now), to: token)
        loop.connections.update(token) { connection in
            // Watching again changes the view: still one watcher.
            if connection.watch == nil { link.watchers.add(1, ordering: .relaxed) }
            connection.watch = ClientConnection.Watch(requestID: id, view: view)
        }
    }

    /// Builds each watched view's board once (a view with pins, once a watcher) and offers the same
    /// bytes to all its watchers, a share of them per turn of the loop (`publishSome`). A change
    /// during the offering starts it again with the newest boards. The changes go first.
    func publish() {
        publishEvents()
        let now = service.clock.now
        nextChange = service.nextChange(after: now)
        boardFanOut.start(at: now, watchers: loop.connections.tokens { $0.watch != nil }, service: service)
        if hasWorkWaiting { publishedAt = loop.now }
    }

    /// Offers the next share of the move's changes and boards, after the replies of this turn.
    private func publishSome() {
        offerEvents(eventsFanOut.nextShare(service: service) { token in loop.connections.update(token) { $0.events } ?? nil })
        guard boardFanOut.isOffering else { return }
        let monotonic = loop.now
        let offers = boardFanOut.nextShare(service: service) { token in
            // Read in place: `connections[token]?.watch` copied the whole connection out of its slot.
            loop.connections.update(token) { $0.watch?.view } ?? nil
        }
        for offer in offers {
            loop.connections.update(offer.token) { $0.offerBoard(offer.board, now: monotonic, splicer: loop.splicer) }
            loop.flush(offer.token)
        }
        if !boardFanOut.isOffering {
            loop.log.debug(
                "published \(boardFanOut.lastViewCount) view(s) without pins at \(service.localTime.iso8601(boardFanOut.at))")
        }
    }

    // MARK: Events

    /// Offers the changes since the last offering to every subscriber (`EventsFanOut`), a share a
    /// turn (`publishSome`); those an offering under way has not reached yet come first, offered its
    /// part too, so each sees every change once, in order.
    private func publishEvents() {
        let subscribers = loop.connections.tokens { $0.events != nil }
        if let note = eventsFanOut.start(subscribers: subscribers, service: service) { loop.log.debug(note) }
    }

    private func offerEvents(_ offers: [EventsFanOut.Offer]) {
        guard !offers.isEmpty else { return }
        let monotonic = loop.now
        let encoding = service.encoding
        for offer in offers {
            loop.connections.update(offer.token) {
                $0.offerChanges(
                    offer.changes, through: eventsFanOut.through, alsoSkipped: offer.alsoSkipped,
                    bound: BoardService.eventsPerMove, limits: loop.limits, encoding: encoding,
                    now: monotonic)
            }
            loop.flush(offer.token)
        }
    }

    /// Starts an `events.watch`: the reply (now and its cursor), the replayed changes, then live ones.
    private func subscribe(_ token: UInt64, id: JSON, _ subscription: EventSubscription) {
        let now = loop.now
        let encoding = service.encoding
        let reply = EventsWatchDocument(
            now: encoding.localTime.iso8601(subscription.now), cursor: ChangeCursor.encode(.after(subscription.now)))
        loop.enqueue(WireLine.result(id: id, reply.json), to: token)
        let replay = subscription.replay.map { ClientConnection.SharedChange($0, encoding: encoding) }
        let limits = loop.limits
        loop.connections.update(token) { connection in
            connection.events = ClientConnection.EventWatch(
                requestID: id, filter: subscription.filter, position: subscription.start)
            connection.offerChanges(
                replay, through: subscription.now, alsoSkipped: subscription.replaySkipped,
                bound: BoardService.eventsPerMove, limits: limits, encoding: encoding, now: now)
            // Changes before now are replayed or not wanted: live ones start after now.
            if let position = connection.events?.position, position < .after(subscription.now) {
                connection.events?.position = .after(subscription.now)
            }
        }
        eventsFanOut.subscriberJoined(service)
    }
}
