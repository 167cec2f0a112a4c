import BoardProtocol
import BoardSystem
import FlightData
import FoundationEssentials

/// Moments the server reports to whoever supervises it (the daemon tells systemd).
enum ServerEvent: Equatable, Sendable {
    /// SIGHUP arrived; the config is being read again.
    case reloading
    /// The reload is over, whether the new config was taken or refused.
    case reloaded
    /// SIGTERM, SIGINT or SIGQUIT arrived (or another daemon took the socket); shutdown has begun.
    case stopping
}

/// The socket server: an epoll loop, every client non-blocking. The daemon runs two: the main loop,
/// the one writer of the schedule and the clock, and a read loop on the second core that serves
/// every other client's reads (`ReadLoopLink` says how they share).
///
/// It sleeps in `epoll_wait` until a client speaks, a signal arrives, the
/// next instant the board changes (a status boundary, a flight becoming past,
/// midnight) or the once-a-second look at its socket's path (one `stat`, so a
/// removed socket is bound again), so an idle daemon uses no CPU to speak of.
/// Boards for watchers are built and encoded once per view and shared by every
/// watcher of that view.
final class BoardServer {
    /// Which of the daemon's two loops this is.
    enum Role { case main, read }
    private let role: Role
    private let link: ReadLoopLink
    /// The read loop's service is the main loop's as of this many changes; and that service itself.
    private var seenGeneration = 0
    private var mainService: BoardService?
    /// Signalled when the read loop has stopped; nil when there is none (one core, or it could not start).
    private var readLoopThread: SystemThread?
    /// Clients accepted so far: every other one moves to the read loop once its first read is answered.
    private var acceptedCount = 0
    private var service: BoardService
    /// The listening socket and the signals: the main loop's alone.
    private var listener: SocketListener?
    private var epoll: Epoll
    private let signals: SignalDescriptor?
    private var connections = ConnectionTable()
    /// The output queued for all clients of both loops together.
    private var meter: ClientConnection.Meter { link.meter }
    private var limits: ServerLimits
    /// Released to accept (and refuse) a client when the process is out of descriptors.
    private var spare = SpareDescriptor()
    /// Set while the listener is left out of epoll because not even the spare could be taken back.
    private var listenerPausedUntil: ContinuousClock.Instant?
    /// Notes that could repeat for every connection attempt, logged at most every few seconds.
    private var refusedNote = RateLimitedNote()
    private var exhaustedNote = RateLimitedNote()
    private let log: Log
    private let reloadConfig: (() -> Result<DaemonConfig, ConfigError>)?
    private var running = true
    /// The next instant (on the daemon's clock) at which watched boards change.
    private var nextChange: Date
    /// The instant up to which changes were offered to `events.watch` subscribers.
    private var eventsPublishedAt: Date
    /// The next instant one of yesterday's flights changes, while anyone subscribes to events.
    private var nextEventChange = Date.distantFuture
    /// Whether `nextEventChange` is kept current: from the first subscription until an offering finds
    /// no subscriber. Every offering (each clock move, reload and timer) works it out again, so a new
    /// subscriber beside others need not walk yesterday's flights.
    private var nextEventChangeKept = false
    /// Deadlines (partial lines, stalled output, the sweep) are intervals, on a clock that never jumps.
    private let time = ContinuousClock()
    /// Called at reloads and at shutdown.
    var onEvent: (ServerEvent) -> Void = { _ in }

    private static let listenerToken: UInt64 = 0
    private static let signalToken: UInt64 = 1
    /// The loop's mailbox: connections handed over by the other loop.
    private static let mailboxToken: UInt64 = 2

    init(
        service: BoardService, listener: SocketListener, limits: ServerLimits, log: Log,
        reloadConfig: @escaping () -> Result<DaemonConfig, ConfigError>
    ) throws(SystemError) {
        self.role = .main
        self.link = try ReadLoopLink(service)
        self.splicer = Self.makeSplicer(link.spliceStatistics)
        self.service = service
        self.listener = listener
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
        self.limits = limits
        self.log = log
        self.reloadConfig = reloadConfig
        self.epoll = try Epoll()
        self.signals = try SignalDescriptor([.interrupt, .terminate, .quit, .hangUp, .userDefined1, .userDefined2])
        self.nextChange = service.nextChange(after: service.clock.now)
        self.eventsPublishedAt = service.clock.now
        try epoll.add(listener.descriptor, token: Self.listenerToken, events: .readable)
        try epoll.add(signals!.descriptor, token: Self.signalToken, events: .readable)
        try epoll.add(link.toMain.wakeup.descriptor, token: Self.mailboxToken, events: .readable)
    }

    /// The read loop of `link`'s main loop: no listener, no signals, no watchers; its clients come
    /// through its mailbox.
    private init(readLoopOf link: ReadLoopLink, service: BoardService, limits: ServerLimits, log: Log) throws(SystemError) {
        self.role = .read
        self.link = link
        self.splicer = Self.makeSplicer(link.spliceStatistics)  // on the main loop's thread, before the read loop's starts
        self.service = service.forReadLoop(previous: nil)
        self.mainService = service
        self.listener = nil
        self.signals = nil
        self.limits = limits
        self.log = log
        self.reloadConfig = nil
        self.epoll = try Epoll()
        self.nextChange = .distantFuture  // it has no watchers to offer boards
        self.eventsPublishedAt = service.clock.now
        _ = link.service(after: &seenGeneration)
        try epoll.add(link.toRead.wakeup.descriptor, token: Self.mailboxToken, events: .readable)
    }

    /// The read loop takes the main loop's newest service, if it changed.
    private func takePublishedService() {
        guard role == .read, let newer = link.service(after: &seenGeneration) else { return }
        service = newer.forReadLoop(previous: mainService.map { (service, $0) })
        mainService = newer
    }

    /// Starts the read loop on a thread of its own, when there is a second core for it.
    private func startReadLoop() {
        guard role == .main, Program.processorCount > 1 else { return }
        let reader: BoardServer
        do { reader = try BoardServer(readLoopOf: link, service: service, limits: limits, log: log) } catch {
            log.warning("serving every client on one loop: the read loop cannot start (\(error))")
            return
        }
        let handed = ReadLoopServer(server: reader)
        // Started after the signals were blocked (`SignalDescriptor`): the thread inherits the mask.
        do { readLoopThread = try SystemThread(name: "boardd-read") { handed.server.run() } } catch {
            log.warning("serving every client on one loop: the read loop's thread cannot start (\(error))")
        }
    }

    /// Serves until SIGTERM or SIGINT.
    func run() {
        startReadLoop()
        while running {
            if role == .read, link.stopping.load(ordering: .acquiring) { break }
            // Clients with requests left over from their last share are served again at once.
            let events = nextEvents()
            var listenerReady = false
            for event in events {
                switch event.token {
                case Self.listenerToken: listenerReady = true
                case Self.signalToken: handleSignals()
                case Self.mailboxToken: takeArrivals()
                default: handle(event)
                }
            }
            // New clients last: a hang-up reported in the same wake frees its slot before the limit is checked.
            serveBacklog()
            flushAnswered()
            publishSome()
            trimMemoryIfWanted()
            if listenerReady { acceptClients() }
            if let until = listenerPausedUntil, time.now >= until { resumeListener() }
            if running, service.clock.now >= nextChange { publish() }
            if running, service.clock.now >= nextEventChange { publishEvents() }
            sweepDeadlines()
            if running, role == .main, time.now >= nextSocketCheck { checkSocket() }
        }
        shutdown()
    }

    // MARK: Timing

    /// After a wake that brought work, the loop keeps looking for more this long before it sleeps in
    /// `epoll_wait`, yielding its core to anything else runnable between looks (`Program.yieldProcessor`). A client
    /// whose next request comes within it finds the loop awake: going to sleep and being woken again
    /// cost more than a request's own work, about 50 µs a round trip on this project's virtual machines,
    /// and the client that wrote to a sleeping loop pays for the wake-up too. A loop with nothing to
    /// do sleeps at once; one that just served looks for at most this long, less than the shortest
    /// wait for a timer (a millisecond), so no timer is served later than it would be otherwise.
    static let pollAfterWork = Duration.microseconds(200)
    /// When the last wake that brought work came; nil once the loop has looked for more and found none.
    private var lastWork: ContinuousClock.Instant?

    /// The next events: at once if some are ready, after looking for a moment if the loop just served,
    /// or after sleeping until one comes or a timer is due.
    private func nextEvents() -> [Epoll.Event] {
        let wait = backlog.isEmpty && !publishing ? timeout() : 0
        if wait != 0, let lastWork {
            let until = lastWork + Self.pollAfterWork
            while time.now < until {
                let events = epoll.wait(timeoutMilliseconds: 0)
                if !events.isEmpty {
                    self.lastWork = time.now
                    return events
                }
                Program.yieldProcessor()
            }
            self.lastWork = nil
        }
        let events = epoll.wait(timeoutMilliseconds: wait)
        if !events.isEmpty { lastWork = time.now }
        return events
    }

    private func timeout() -> Int32 {
        var seconds: Double? = service.clock.realDelay(until: min(nextChange, nextEventChange))
        if !service.clock.isSimulated { seconds = min(seconds ?? 60, 60) }  // the wall clock may jump
        if sweepWanted || listenerPausedUntil != nil || trimWanted {
            seconds = min(seconds ?? Self.sweepSeconds, Self.sweepSeconds)
        }
        if role == .main {
            let untilSocketCheck = max(0, (nextSocketCheck - time.now) / .seconds(1))
            seconds = min(seconds ?? untilSocketCheck, untilSocketCheck)
        }
        guard let seconds else { return -1 }
        return Int32(min(max(0, (seconds * 1000).rounded(.up)), 3_600_000))
    }

    /// Some client has a partial line or waiting output, so deadlines must be checked.
    private var sweepWanted = false
    private var lastSweep: ContinuousClock.Instant?
    private static let sweepInterval = Duration.milliseconds(250)
    private static let sweepSeconds = sweepInterval / .seconds(1)

    /// When the socket's path is next checked (a removed socket is bound again; see `SocketListener.keepBound`).
    private lazy var nextSocketCheck = time.now + SocketListener.checkInterval

    private func checkSocket() {
        nextSocketCheck = time.now + SocketListener.checkInterval
        log.flushSuppressed()  // a flood that stopped is counted within a second or two
        guard var listener else { return }
        defer { self.listener = listener }
        switch listener.keepBound(log: log) {
        case .unchanged: break
        case .rebound(let old):
            epoll.remove(old)
            old.close()
            do { try epoll.add(listener.descriptor, token: Self.listenerToken, events: .readable) } catch {
                log.error("cannot watch the new socket: \(error)")
            }
        case .lost(let why):
            log.warning(why)
            if running { onEvent(.stopping) }
            running = false
        }
    }

    /// Closes clients past their deadlines. It visits every client, so it runs a few times a second at most.
    private func sweepDeadlines() {
        let now = time.now
        guard sweepWanted, lastSweep.map({ now - $0 >= Self.sweepInterval }) ?? true else { return }
        lastSweep = now
        sweepWanted = false
        for token in connections.tokens {
            guard let connection = connections[token] else { continue }
            // Output the socket has taken nothing of for so long is the client's doing, whatever
            // else waits: one that pipelined past the queue's limit has its reading paused too.
            if let since = connection.stalledSince, now - since > .seconds(limits.stalledWriteTimeout) {
                log.info("closing a client that stopped reading (\(connection.queuedBytes) bytes waiting)")
                close(token)
            } else if connection.readingPaused {
                // While its reading is paused (its requests or replies wait on the daemon), the rest
                // of its line cannot arrive: that is not the client's delay.
                connections[token]?.partialSince = connection.partialSince.map { _ in now }
                sweepWanted = true
            } else if let since = connection.partialSince, now - since > .seconds(limits.partialLineTimeout) {
                log.info("closing a client whose request line never finished")
                close(token)
            } else if connection.partialSince != nil || connection.hasOutput {
                sweepWanted = true
            }
        }
    }

    // MARK: Clients

    /// At most this many clients are accepted per turn of the loop, so a flood of connections cannot
    /// keep the clients already served waiting.
    private static let acceptsPerTurn = 64

    private func acceptClients() {
        guard let listener else { return }
        for _ in 0..<Self.acceptsPerTurn {
            let accepted: FileDescriptor?
            do { accepted = try UnixSocket.accept(listener.descriptor) } catch {
                if error.isOutOfDescriptors {
                    refuseWithoutDescriptors(error)
                } else {
                    let now = time.now
                    if let suppressed = exhaustedNote.shouldLog(at: now) {
                        log.warning("accept failed: \(error)\(RateLimitedNote.suffix(suppressed))")
                    }
                }
                return
            }
            guard let fd = accepted else { return }
            if let uid = UnixSocket.peerUID(fd), uid != Program.userID {
                log.warning("refused a connection from uid \(uid)")
                fd.close()
                continue
            }
            let clients = link.clients.load(ordering: .relaxed)
            if clients >= limits.maxClients {
                if let suppressed = refusedNote.shouldLog(at: time.now) {
                    log.info(
                        "refused a client: \(clients) connected, the limit is \(limits.maxClients)\(RateLimitedNote.suffix(suppressed))"
                    )
                }
                refuse(
                    fd,
                    WireError(
                        .tooManyClients, "The daemon is serving its limit of \(limits.maxClients) clients; try again later."))
                continue
            }
            var connection = ClientConnection(descriptor: fd, meter: meter)
            connection.enqueue(
                WireLine.hello(server: "boardd/\(boardVersion)", instance: service.instance), now: time.now)
            link.clients.add(1, ordering: .relaxed)
            acceptedCount &+= 1
            connection.movesToReadLoop = readLoopThread != nil && acceptedCount.isMultiple(of: 2)
            let token = connections.nextToken
            do { try epoll.add(fd, token: token, events: [.readable, .hangUp]) } catch {
                connection.release()
                link.clients.subtract(1, ordering: .relaxed)
                fd.close()
                continue
            }
            _ = connections.insert(connection)
            flush(token)
        }
    }

    /// Sends `error` instead of the hello and closes, without waiting: a client that cannot take one line misses it.
    private func refuse(_ fd: FileDescriptor, _ error: WireError) {
        _ = try? WireLine.error(id: .null, error).withUnsafeBytes { try fd.writeSome($0) }
        fd.close()
    }

    /// `accept` failed for want of a descriptor, which leaves the listener readable: waiting in epoll would
    /// wake at once, forever. So, as nginx and libuv do, the spare descriptor is released to accept the
    /// waiting clients one at a time, each told `tooManyClients` and closed, and then taken back. If it
    /// cannot be taken back, the listener is left out of epoll until a client leaves or a moment passes.
    private func refuseWithoutDescriptors(_ error: SystemError) {
        let now = time.now
        let refusal = WireError(
            .tooManyClients,
            "The daemon has no file descriptor left for another client (its limit, ulimit -n, is reached); try again later.")
        var refused = 0
        guard let listener else { return }
        if spare.isHeld {
            spare.release()
            while refused < Self.acceptsPerTurn, let fd = try? UnixSocket.accept(listener.descriptor) {
                refuse(fd, refusal)
                refused += 1
            }
            spare.reopen()
        }
        if let suppressed = exhaustedNote.shouldLog(at: now) {
            log.warning(
                "out of file descriptors (\(error)) with \(link.clients.load(ordering: .relaxed)) clients: refusing new ones\(RateLimitedNote.suffix(suppressed))"
            )
        }
        if !spare.isHeld || refused == 0 {
            // Nothing could be accepted: stop listening for a moment rather than spin.
            epoll.modify(listener.descriptor, token: Self.listenerToken, events: [])
            listenerPausedUntil = now + Self.sweepInterval
        }
    }

    private func resumeListener() {
        guard listenerPausedUntil != nil, let listener else { return }
        listenerPausedUntil = nil
        spare.reopen()
        epoll.modify(listener.descriptor, token: Self.listenerToken, events: .readable)
    }

    private func handle(_ event: Epoll.Event) {
        guard connections.contains(event.token) else { return }
        if event.events.contains(.readable) || event.events.contains(.hangUp) {
            read(event.token)
            serveInbox(event.token)
        }
        if connections.contains(event.token), event.events.contains(.writable) {
            flush(event.token, writable: true)
            if connections.update(event.token, { !$0.inbox.isEmpty }) == true { serveInbox(event.token) }
        }
    }

    /// One read buffer for every client: reads never allocate.
    private var readBuffer = [UInt8](repeating: 0, count: 16 * 1024)

    private func read(_ token: UInt64) {
        connections.update(token) { connection in read(into: &connection) }
    }

    private func read(into connection: inout ClientConnection) {
        let linesBefore = connection.inbox.count
        // A few reads at most per wake, so one busy client cannot starve the rest.
        for _ in 0..<4 {
            let n: Int
            do {
                n = try connection.descriptor.read(into: &readBuffer)
            } catch {
                if error.isWouldBlock { break }
                connection.peerClosed = true
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
            ? (finishedALine ? time.now : (connection.partialSince ?? time.now)) : nil
        if connection.partialSince != nil { sweepWanted = true }
    }

    /// A connection's share of one turn of the loop: this many requests, or this many bytes of replies,
    /// whichever comes first. One client pipelining a thousand searches in one write is then answered
    /// a share at a time, between the other clients' turns, rather than all before anyone else.
    static let requestsPerTurn = 16
    static let replyBytesPerTurn = 128 << 10

    /// Connections with requests still waiting after their share, served again in the next turn.
    private var backlog: [UInt64] = []
    private var inBacklog: Set<UInt64> = []

    private func serveBacklog() {
        guard !backlog.isEmpty else { return }
        let tokens = backlog
        backlog.removeAll(keepingCapacity: true)
        inBacklog.removeAll(keepingCapacity: true)
        for token in tokens { serveInbox(token) }
    }

    /// Answers the lines read so far, one at a time, up to the connection's share of this turn (the rest
    /// waits in the backlog for the next). It stops while the client's unread output is over the limit
    /// (the rest waits until it drains) and as soon as the client is gone, so a vanished client costs no
    /// more work. The answers are written at the end of the turn (`flushAnswered`).
    private func serveInbox(_ token: UInt64) {
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
            case .line(let line): respond(token, to: line)
            case .tooLarge:
                let error = WireError(
                    .tooLarge, "A request line is limited to \(LineFramer.protocolLimit) bytes; closing the connection.")
                connections[token]?.enqueue(WireLine.error(id: .null, error), now: time.now)
                connections[token]?.inbox.removeAll()
                connections[token]?.peerClosed = true
                connections[token]?.partialSince = nil
            }
        }
        connections.update(token) { connection in
            if connection.peerClosed, connection.inbox.isEmpty {
                // The peer is done sending; finish writing what it asked for, then close.
                connection.closeWhenFlushed = true
                connection.partialSince = nil
            }
        }
        if answered.last != token { answered.append(token) }
    }

    /// Connections answered this turn, written together at its end, before the loop sleeps (as Redis
    /// writes its replies before it sleeps): every request ready is read and answered, then the clients
    /// are woken, rather than each client woken (and the daemon interrupted) between two reads.
    private var answered: [UInt64] = []

    private func flushAnswered() {
        guard !answered.isEmpty else { return }
        let tokens = answered
        answered.removeAll(keepingCapacity: true)
        for token in tokens where connections.contains(token) {
            flush(token)
            // Stopped by its output and drained since: with reading paused and nothing left to write, no
            // event would bring it back, so it waits in the backlog for the next turn.
            if connections.update(token, { !$0.inbox.isEmpty && mayServe($0) }) == true, inBacklog.insert(token).inserted {
                backlog.append(token)
            }
        }
    }

    /// Whether a client's next request may be answered now: not while its own output is over its
    /// limit, nor while all clients' output is over the total and its own has not drained. Either
    /// way it is answered once its output drains (the writable event brings it back).
    private func mayServe(_ connection: ClientConnection) -> Bool {
        connection.queuedBytes <= limits.maxQueuedBytes
            && (connection.queuedBytes == 0 || meter.queuedBytes <= limits.maxQueuedBytesTotal)
    }

    private func respond(_ token: UInt64, to line: [UInt8]) {
        guard !line.isEmpty else { return }
        let now = time.now
        let request: WireRequest
        switch WireRequest.parse(line) {
        case .success(let parsed): request = parsed
        case .failure(let rejected):
            connections[token]?.enqueue(WireLine.error(id: rejected.id, rejected.error), now: now)
            return
        }
        let method = WireMethod(rawValue: request.method)
        if role == .read {
            if let method, !method.servedByReadLoop {
                handOver(token, unanswered: line)
                return
            }
            takePublishedService()
        } else if method?.answeredOnReadLoopFirst == true, readLoopThread != nil,
            connections.update(token, { $0.watch == nil && $0.events == nil }) == true
        {
            // A search reads every day of the window: in the largest, tens of milliseconds warm and
            // seconds cold. Answered on the read loop, even as a client's first request, no watcher,
            // clock move or other client's first answer waits for it.
            handOver(token, unanswered: line)
            return
        }
        defer {
            // A client's first request is always answered here, in the order clients' requests
            // arrived; then every other client whose requests so far were reads moves to the read loop.
            if role == .main, method?.servedByReadLoop ?? true,
                connections.update(token, { $0.movesToReadLoop && $0.watch == nil && $0.events == nil }) == true
            {
                flush(token)  // the answer goes out from here: a one-shot client never waits for the other thread
                if connections.contains(token) { handOver(token) }
            }
        }
        switch service.handle(request) {
        case .result(let result):
            connections[token]?.enqueue(WireLine.result(id: request.id, result), now: now)
        case .encoded(let document):
            connections[token]?.enqueueResult(id: request.id, document, now: now)
        case .failure(let error):
            connections[token]?.enqueue(WireLine.error(id: request.id, error), now: now)
        case .watch(let view):
            guard connections[token]?.events == nil else {
                connections[token]?.enqueue(WireLine.error(id: request.id, Self.oneWatch), now: now)
                return
            }
            let board = service.watchBoard(view, at: service.clock.now)
            connections[token]?.enqueueResult(id: request.id, board, now: now)
            // Watching again changes the view: still one watcher.
            if connections[token]?.watch == nil { link.watchers.add(1, ordering: .relaxed) }
            connections[token]?.watch = ClientConnection.Watch(requestID: request.id, view: view)
        case .eventsWatch(let subscription):
            guard let connection = connections[token], connection.watch == nil, connection.events == nil else {
                connections[token]?.enqueue(WireLine.error(id: request.id, Self.oneWatch), now: now)
                return
            }
            subscribe(token, id: request.id, subscription, now: now)
        case .clockMoved(let result):
            // The read loop sees the move before this client is told of it.
            link.publish(service)
            connections[token]?.enqueue(WireLine.result(id: request.id, result), now: now)
            // The client that moved the clock is answered before the watchers are.
            flush(token)
            log.info("clock moved to \(service.localTime.iso8601(service.clock.now))")
            publish()
        }
    }

    /// Writes what the client's socket takes; `writable` when epoll just said it takes more.
    private func flush(_ token: UInt64, writable: Bool = false) {
        let now = time.now
        let keep = connections.update(token) { connection in
            flush(&connection, token: token, now: now, writable: writable)
        }
        if keep == false { close(token) }
    }

    /// Writes what it can; false when the connection is finished and must be closed. A connection
    /// waiting for epoll to say its socket takes more is not tried before it does: a full socket
    /// refuses every write, and a spliced write costs its `vmsplice` and reading the pipe back.
    private func flush(
        _ connection: inout ClientConnection, token: UInt64, now: ContinuousClock.Instant, writable: Bool = false
    ) -> Bool {
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
        if result == .failed || (result == .drained && connection.closeWhenFlushed) { return false }
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
        return true
    }

    /// Hands a client to the other loop: from the main loop once its first read is answered, or before
    /// it answers a search; from the read loop for good when it asks more than reads. `line` (a request this loop cannot answer) and
    /// every line after it are answered there, after what this loop queued for it is written.
    private func handOver(_ token: UInt64, unanswered line: [UInt8]? = nil) {
        guard var connection = connections.removeValue(forKey: token) else { return }
        epoll.remove(connection.descriptor)
        connection.movesToReadLoop = false
        if let line { connection.inbox.insert(.line(line), at: 0) }
        (role == .main ? link.toRead : link.toMain).post(connection)
    }

    /// Takes in the connections the other loop handed over: each is watched from here on, and what it
    /// asked and was not answered is answered now.
    private func takeArrivals() {
        let mailbox = role == .main ? link.toMain : link.toRead
        for var connection in mailbox.take() {
            let token = connections.nextToken
            connection.readingPaused = false
            connection.wantsWritable = false
            do { try epoll.add(connection.descriptor, token: token, events: [.readable, .hangUp]) } catch {
                log.warning("cannot watch a client handed over by the other loop: \(error)")
                connection.release()
                link.clients.subtract(1, ordering: .relaxed)
                connection.descriptor.close()
                continue
            }
            if connection.partialSince != nil || connection.hasOutput { sweepWanted = true }
            _ = connections.insert(connection)
            serveInbox(token)  // and written at the end of the turn
        }
    }

    private func close(_ token: UInt64) {
        guard let connection = connections.removeValue(forKey: token) else { return }
        link.clients.subtract(1, ordering: .relaxed)
        if connection.watch != nil { link.watchers.subtract(1, ordering: .relaxed) }
        connection.release()
        epoll.remove(connection.descriptor)
        connection.descriptor.close()
        trimWanted = true
        if listenerPausedUntil != nil { resumeListener() }
    }

    // MARK: Memory

    /// Freed memory is given back to the system (`malloc_trim`) when a client leaves or after large
    /// replies went out, at most once a second: otherwise the heap stays at its peak after an attack.
    private var trimWanted = false
    /// Sends large shared output (a board's rows) by reference; nil when this kernel gives no pipe for
    /// it, or when `BOARDD_SPLICE=0` asks for plain `writev` (to measure the difference, or to rule it out).
    /// Made with the loop, so that the daemon's descriptors are all open before its first client.
    private let splicer: SpliceWriter?

    private static func makeSplicer(_ statistics: SpliceStatistics) -> SpliceWriter? {
        Environment.value("BOARDD_SPLICE") == "0" ? nil : SpliceWriter(statistics: statistics)
    }
    private var spliceStopReported = false
    private var lastTrim: ContinuousClock.Instant?
    private static let trimInterval = Duration.seconds(1)
    private static let trimAfterBytes = 256 << 10

    private func trimMemoryIfWanted() {
        guard trimWanted else { return }
        let now = time.now
        if let lastTrim, now - lastTrim < Self.trimInterval { return }
        lastTrim = now
        trimWanted = false
        MemoryTrim.returnFreeMemory()
    }

    // MARK: Events

    static let oneWatch = WireError(
        .invalidParams,
        "This connection already watches; a connection holds one events.watch, or board.watch, not both: open another connection."
    )

    /// Starts an `events.watch`: the reply (now and its cursor), the replayed changes, then live ones.
    private func subscribe(_ token: UInt64, id: JSON, _ subscription: EventSubscription, now: ContinuousClock.Instant) {
        let encoding = service.encoding
        let reply = EventsWatchDocument(
            now: encoding.localTime.iso8601(subscription.now), cursor: ChangeCursor.encode(.after(subscription.now)))
        connections[token]?.enqueue(WireLine.result(id: id, reply.json), now: now)
        connections[token]?.events = ClientConnection.EventWatch(
            requestID: id, filter: subscription.filter, position: subscription.start)
        let replay = subscription.replay.map { ClientConnection.SharedChange($0, encoding: encoding) }
        connections[token]?.offerChanges(
            replay, through: subscription.now, alsoSkipped: subscription.replaySkipped, bound: BoardService.eventsPerMove,
            maxQueuedBytes: limits.maxQueuedBytes, encoding: encoding, now: now)
        // Changes before now are replayed or not wanted: live ones start after now.
        connections.update(token) { connection in
            if let position = connection.events?.position, position < .after(subscription.now) {
                connection.events?.position = .after(subscription.now)
            }
        }
        if !nextEventChangeKept {
            nextEventChange = service.nextLateChange(after: service.clock.now)
            nextEventChangeKept = true
        }
    }

    /// Subscribers still to be offered the last clock move's changes, and those changes, computed
    /// and encoded once: reached `watchersPerTurn` a turn, as boards are, with other clients served
    /// between them.
    private var eventQueue: [UInt64] = []
    private var eventIndex = 0
    private var eventBatch: [ClientConnection.SharedChange] = []
    private var eventBatchFrom = Date.distantPast
    private var eventBatchThrough = Date.distantPast
    /// Whether the move reached further back than the batch lists (one longer than the window): a
    /// subscription to one flight is then offered that flight's own changes, which cost one day.
    private var eventBatchPassesTheReach = false
    private var eventBatchOfOneFlight: [EventFilter: [ClientConnection.SharedChange]] = [:]
    /// A move longer than `longMove`: no batch of all its changes (months of them froze every client
    /// for seconds, to send each subscriber 200). Each subscriber is offered the first
    /// `eventsPerMove` after where it stands, and the count of the rest, worked out once for all
    /// subscribers of one filter at one place (`boundedChanges`).
    private var eventBatchIsBounded = false
    private var eventBoundedPages: [BoundedKey: (page: [ClientConnection.SharedChange], rest: Int)] = [:]
    private struct BoundedKey: Hashable {
        let filter: EventFilter
        let after: FlightChange.Position
    }
    /// A move this long or longer offers bounded pages rather than a batch of all its changes.
    static let longMove: TimeInterval = 86_400

    private var offeringEvents: Bool { eventIndex < eventQueue.count }

    /// Offers every subscriber the changes since the last offering, in order: computed and encoded
    /// once, filtered per subscriber, at most `eventsPerMove` each (then one `skipped`). A clock set
    /// back offers nothing, and each subscriber's position keeps what it was sent from coming again.
    private func publishEvents() {
        // Those the previous move has not reached yet get its changes first, so each sees them in order.
        offerEventsSome(limit: .max)
        let now = service.clock.now
        let from = eventsPublishedAt
        eventsPublishedAt = now
        let subscribers = connections.tokens { $0.events != nil }
        guard !subscribers.isEmpty else {
            nextEventChange = .distantFuture
            nextEventChangeKept = false
            return
        }
        nextEventChange = service.nextLateChange(after: now)
        nextEventChangeKept = true
        guard now > from else { return }
        if now.timeIntervalSince(from) >= Self.longMove {
            eventBatch = []
            eventBatchIsBounded = true
            eventBatchFrom = from
            eventBatchThrough = now
            eventBatchPassesTheReach = false
            eventQueue = subscribers
            eventIndex = 0
            log.debug(
                "offering a move of \(Int(now.timeIntervalSince(from) / 3600)) h to \(subscribers.count) subscriber(s), bounded")
            return
        }
        let changes = service.allChanges(after: from, through: now, at: now)
        let passesTheReach = service.movePassesTheReach(after: from, through: now, at: now)
        guard !changes.isEmpty || passesTheReach else { return }
        let encoding = service.encoding
        eventBatch = changes.map { ClientConnection.SharedChange($0, encoding: encoding) }
        eventBatchFrom = from
        eventBatchThrough = now
        eventBatchPassesTheReach = passesTheReach
        eventQueue = subscribers
        eventIndex = 0
        log.debug("offering \(changes.count) change(s) to \(subscribers.count) subscriber(s)")
    }

    /// Offers the last move's changes to up to `limit` more subscribers.
    private func offerEventsSome(limit: Int = watchersPerTurn) {
        guard offeringEvents else { return }
        let monotonic = time.now
        let encoding = service.encoding
        let end = eventIndex + min(limit, eventQueue.count - eventIndex)
        for token in eventQueue[eventIndex..<end] {
            var offered = eventBatch
            var alsoSkipped = 0
            if eventBatchIsBounded, let events = connections[token]?.events {
                (offered, alsoSkipped) = boundedChanges(events.filter, after: events.position)
            } else if eventBatchPassesTheReach, let filter = connections[token]?.events?.filter, filter.flight != nil {
                offered = eventBatchOfOneFlight[filter] ?? changesOfOneFlight(filter)
            }
            connections[token]?.offerChanges(
                offered, through: eventBatchThrough, alsoSkipped: alsoSkipped, bound: BoardService.eventsPerMove,
                maxQueuedBytes: limits.maxQueuedBytes, encoding: encoding, now: monotonic)
            flush(token)
        }
        eventIndex = end
        if !offeringEvents {
            eventQueue.removeAll(keepingCapacity: true)
            eventIndex = 0
            eventBatch = []
            eventBatchOfOneFlight = [:]
            eventBatchIsBounded = false
            eventBoundedPages = [:]
        }
    }

    /// A long move's changes for a subscriber of `filter` standing at `position`: the first
    /// `eventsPerMove` after it, encoded, and how many more there are, as `events.get` pages them
    /// (a page costs its days' counts, not their changes).
    private func boundedChanges(
        _ filter: EventFilter, after position: FlightChange.Position
    ) -> (page: [ClientConnection.SharedChange], rest: Int) {
        let after = max(.after(eventBatchFrom), position)
        let key = BoundedKey(filter: filter, after: after)
        if let known = eventBoundedPages[key] { return known }
        let encoding = service.encoding
        let found = service.changes(
            matching: filter, counting: after, keeping: after, through: eventBatchThrough,
            limit: BoardService.eventsPerMove, at: service.clock.now)
        let bounded = (found.page.map { ClientConnection.SharedChange($0, encoding: encoding) }, found.kept - found.page.count)
        eventBoundedPages[key] = bounded
        return bounded
    }

    /// A one-flight subscription's changes in a move that reached further back than the batch
    /// lists: worked out once for every subscriber with that filter (many `board wait`s on one flight).
    private func changesOfOneFlight(_ filter: EventFilter) -> [ClientConnection.SharedChange] {
        let encoding = service.encoding
        let changes = service.changes(
            matching: filter, counting: .after(eventBatchFrom), keeping: .after(eventBatchFrom),
            through: eventBatchThrough, limit: .max, at: service.clock.now
        ).page.map { ClientConnection.SharedChange($0, encoding: encoding) }
        eventBatchOfOneFlight[filter] = changes
        return changes
    }

    // MARK: Publishing

    /// The watchers still to be offered the boards of the last change, and where the offering is.
    private var publishQueue: [UInt64] = []
    private var publishIndex = 0
    /// The boards of views without pins, each shared by all its watchers (a few tabs and days).
    private var publishBodies: [WatchView: EncodedDocument] = [:]
    private var publishAt = Date.distantPast
    /// The boards of the last change, each board's shared encoding looked up once for all its views.
    private var publishBoards: WatchBoards?
    /// Watchers offered a board per turn of the loop: thousands of watchers are reached over a few
    /// turns, with the other clients served between them.
    static let watchersPerTurn = 128

    private var publishing: Bool { publishIndex < publishQueue.count || offeringEvents }

    /// Builds each watched view's board once (a view with pins, once a watcher) and offers the same
    /// bytes to all its watchers, a share of them per turn of the loop. A change during the offering
    /// starts it again with the newest boards.
    private func publish() {
        publishEvents()
        let now = service.clock.now
        nextChange = service.nextChange(after: now)
        publishAt = now
        publishBodies.removeAll(keepingCapacity: true)
        let watchers = connections.tokens { $0.watch != nil }
        if publishIndex < publishQueue.count {
            // Those not reached yet go first, so quick changes never starve the end of the queue.
            let waiting = Array(publishQueue[publishIndex...])
            let first = Set(waiting)
            publishQueue = waiting + watchers.filter { !first.contains($0) }
        } else {
            publishQueue = watchers
        }
        publishIndex = 0
        publishBoards = publishQueue.isEmpty ? nil : service.watchBoards(at: now)
        // Offered from the loop, a share a turn, after the replies of this turn.
    }

    private func publishSome() {
        offerEventsSome()
        guard publishIndex < publishQueue.count else { return }
        let monotonic = time.now
        let end = min(publishQueue.count, publishIndex + Self.watchersPerTurn)
        for token in publishQueue[publishIndex..<end] {
            // Read in place: `connections[token]?.watch` copied the whole connection out of its slot.
            guard let view = connections.update(token, { $0.watch?.view }) ?? nil else { continue }
            let body: EncodedDocument
            if !view.pinned.isEmpty {
                // A view with pins is most often one watcher's own: assembled for it (a handful of
                // slices), not hashed, kept and freed with thousands of others at the end.
                body = publishedBoard(view)
            } else if let cached = publishBodies[view] {
                body = cached
            } else {
                body = publishedBoard(view)
                publishBodies[view] = body
            }
            connections.update(token) { $0.offerBoard(body, now: monotonic, splicer: splicer) }
            flush(token)
        }
        publishIndex = end
        if publishIndex >= publishQueue.count {
            log.debug("published \(publishBodies.count) view(s) without pins at \(service.localTime.iso8601(publishAt))")
            publishQueue.removeAll(keepingCapacity: true)
            publishIndex = 0
            publishBodies.removeAll()
            publishBoards = nil
        }
    }

    /// `view`'s board of the change being offered, ending its line.
    private func publishedBoard(_ view: WatchView) -> EncodedDocument {
        var encoded = publishBoards?.board(view) ?? service.watchBoard(view, at: publishAt)
        encoded.pieces.append(.bytes(WireLine.closing[...]))
        return encoded
    }

    // MARK: Signals

    private func handleSignals() {
        guard let signals, let listener else { return }
        for signal in signals.drain() {
            switch signal {
            case .interrupt, .terminate, .quit:
                log.info("\(signal): shutting down")
                if running { onEvent(.stopping) }
                running = false
            case .hangUp:
                onEvent(.reloading)
                defer { onEvent(.reloaded) }
                guard let reloadConfig else { break }
                switch reloadConfig() {
                case .success(let config):
                    let previous = service.config.source
                    service.reload(config)
                    link.publish(service)
                    if config.source == previous {
                        log.info("reloaded the config from \(config.source)")
                    } else {
                        // The config file found by default was moved or deleted: a new schedule, maybe not the one meant.
                        log.warning("reloaded the config from \(config.source), no longer from \(previous)")
                    }
                    publish()
                case .failure(let error):
                    log.error("kept the old config: \(error)")
                }
            case .userDefined1, .userDefined2:
                if signal == .userDefined1 { checkSocket() }  // at once, as tmux recreates its socket on SIGUSR1
                let watchers = link.watchers.load(ordering: .relaxed)
                // Subscribers are all the main loop's.
                let followers = connections.tokens { $0.events != nil }.count
                log.info(
                    "\(signal): serving \(listener.path): \(link.clients.load(ordering: .relaxed)) client(s), \(watchers) watching, "
                        + "\(followers) following events, "
                        + "\(link.spliceStatistics.readBack.load(ordering: .relaxed) >> 10) KiB read back from splices, "
                        + "clock \(service.localTime.iso8601(service.clock.now)), config \(service.config.source)")
            case .windowChanged: break
            }
        }
    }

    private func shutdown() {
        let goodbye = WireLine.shutdown(reason: "boardd is shutting down")
        for connection in connections.values where connection.watch != nil || connection.events != nil {
            // Best effort, without waiting: a watcher that is not reading misses it.
            if !connection.hasOutput { _ = try? goodbye.withUnsafeBytes { try connection.descriptor.writeSome($0) } }
        }
        for token in connections.tokens { close(token) }
        guard role == .main else { return }
        if let readLoopThread {
            link.stop()
            readLoopThread.join()
        }
        link.close()  // and with it any client handed over since the last turn
        listener?.remove()
        log.info("stopped")
    }
}

/// A note that may repeat for every connection attempt: logged at most once per interval, with a count
/// of the repeats left out.
struct RateLimitedNote {
    static let interval = Duration.seconds(10)
    private var lastLogged: ContinuousClock.Instant?
    private var suppressed = 0

    /// The number of notes left out since the last one when this one should be logged; nil to leave it out.
    mutating func shouldLog(at now: ContinuousClock.Instant) -> Int? {
        if let lastLogged, now - lastLogged < Self.interval {
            suppressed += 1
            return nil
        }
        lastLogged = now
        defer { suppressed = 0 }
        return suppressed
    }

    static func suffix(_ suppressed: Int) -> String {
        suppressed == 0 ? "" : " (and \(suppressed) more like it since the last such line)"
    }
}
