import BoardProtocol
import BoardSystem
import FlightData
import Foundation

/// Moments the server reports to whoever supervises it (the daemon tells systemd).
enum ServerEvent: Equatable, Sendable {
    /// SIGHUP arrived; the config is being read again.
    case reloading
    /// The reload is over, whether the new config was taken or refused.
    case reloaded
    /// SIGTERM, SIGINT or SIGQUIT arrived (or another daemon took the socket); shutdown has begun.
    case stopping
}

/// The socket server: one thread, one epoll, every client non-blocking.
///
/// It sleeps in `epoll_wait` until a client speaks, a signal arrives, the
/// next instant the board changes (a status boundary, a flight becoming past,
/// midnight) or the once-a-second look at its socket's path (one `stat`, so a
/// removed socket is bound again), so an idle daemon uses no CPU to speak of.
/// Boards for watchers are built and encoded once per view and shared by every
/// watcher of that view.
final class BoardServer {
    private var service: BoardService
    private var listener: SocketListener
    private var epoll: Epoll
    private let signals: SignalDescriptor
    private var connections = ConnectionTable()
    private let limits: ServerLimits
    private let log: Log
    private let reloadConfig: () -> Result<DaemonConfig, ConfigError>
    private var running = true
    /// The next instant (on the daemon's clock) at which watched boards change.
    private var nextChange: Date
    /// Deadlines (partial lines, stalled output, the sweep) are intervals, on a clock that never jumps.
    private let time = ContinuousClock()
    /// Called at reloads and at shutdown.
    var onEvent: (ServerEvent) -> Void = { _ in }

    private static let listenerToken: UInt64 = 0
    private static let signalToken: UInt64 = 1

    init(
        service: BoardService, listener: SocketListener, limits: ServerLimits, log: Log,
        reloadConfig: @escaping () -> Result<DaemonConfig, ConfigError>
    ) throws(SystemError) {
        self.service = service
        self.listener = listener
        self.limits = limits
        self.log = log
        self.reloadConfig = reloadConfig
        self.epoll = try Epoll()
        self.signals = try SignalDescriptor([.interrupt, .terminate, .quit, .hangUp, .userDefined1, .userDefined2])
        self.nextChange = service.nextChange(after: service.clock.now)
        try epoll.add(listener.descriptor, token: Self.listenerToken, events: .readable)
        try epoll.add(signals.descriptor, token: Self.signalToken, events: .readable)
    }

    /// Serves until SIGTERM or SIGINT.
    func run() {
        while running {
            let events = epoll.wait(timeoutMilliseconds: timeout())
            var listenerReady = false
            for event in events {
                switch event.token {
                case Self.listenerToken: listenerReady = true
                case Self.signalToken: handleSignals()
                default: handle(event)
                }
            }
            // New clients last: a hang-up reported in the same wake frees its slot before the limit is checked.
            if listenerReady { acceptClients() }
            if running, service.clock.now >= nextChange { publish() }
            sweepDeadlines()
            if running, time.now >= nextSocketCheck { checkSocket() }
        }
        shutdown()
    }

    // MARK: Timing

    private func timeout() -> Int32 {
        var seconds: Double? = service.clock.realDelay(until: nextChange)
        if !service.clock.isSimulated { seconds = min(seconds ?? 60, 60) }  // the wall clock may jump
        if sweepWanted { seconds = min(seconds ?? Self.sweepSeconds, Self.sweepSeconds) }
        let untilSocketCheck = max(0, (nextSocketCheck - time.now) / .seconds(1))
        seconds = min(seconds ?? untilSocketCheck, untilSocketCheck)
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
            if let since = connection.partialSince, now - since > .seconds(limits.partialLineTimeout) {
                log.info("closing a client whose request line never finished")
                close(token)
            } else if let since = connection.stalledSince, now - since > .seconds(limits.stalledWriteTimeout) {
                log.info("closing a client that stopped reading (\(connection.queuedBytes) bytes waiting)")
                close(token)
            } else if connection.partialSince != nil || connection.hasOutput {
                sweepWanted = true
            }
        }
    }

    // MARK: Clients

    private func acceptClients() {
        while true {
            let accepted: FileDescriptor?
            do { accepted = try UnixSocket.accept(listener.descriptor) } catch {
                log.warning("accept failed: \(error)")
                return
            }
            guard let fd = accepted else { return }
            if let uid = UnixSocket.peerUID(fd), uid != Program.userID {
                log.warning("refused a connection from uid \(uid)")
                fd.close()
                continue
            }
            if connections.count >= limits.maxClients {
                log.info("refused a client: \(connections.count) connected, the limit is \(limits.maxClients)")
                let error = WireError(
                    .tooManyClients, "The daemon is serving its limit of \(limits.maxClients) clients; try again later.")
                _ = try? WireLine.error(id: .null, error).withUnsafeBytes { try fd.writeSome($0) }
                fd.close()
                continue
            }
            let token = connections.nextToken
            do { try epoll.add(fd, token: token, events: [.readable, .hangUp]) } catch {
                fd.close()
                continue
            }
            var connection = ClientConnection(descriptor: fd)
            connection.enqueue(
                WireLine.hello(server: "boardd/\(boardVersion)", instance: service.instance), now: time.now)
            _ = connections.insert(connection)
            flush(token)
        }
    }

    private func handle(_ event: Epoll.Event) {
        guard connections[event.token] != nil else { return }
        if event.events.contains(.readable) || event.events.contains(.hangUp) {
            read(event.token)
            serveInbox(event.token)
        }
        if connections[event.token] != nil, event.events.contains(.writable) {
            flush(event.token)
            if connections[event.token]?.inbox.isEmpty == false { serveInbox(event.token) }
        }
    }

    /// One read buffer for every client: reads never allocate.
    private var readBuffer = [UInt8](repeating: 0, count: 16 * 1024)

    private func read(_ token: UInt64) {
        connections.update(token) { connection in read(into: &connection) }
    }

    private func read(into connection: inout ClientConnection) {
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
                break
            }
            connection.inbox += readBuffer.withUnsafeBytes { connection.framer.feed(UnsafeRawBufferPointer(rebasing: $0[..<n])) }
            if connection.framer.overflowed || n < readBuffer.count { break }
        }
        connection.partialSince =
            connection.framer.bufferedCount > 0 && !connection.peerClosed ? (connection.partialSince ?? time.now) : nil
        if connection.partialSince != nil { sweepWanted = true }
    }

    /// Answers the lines read so far, one at a time, writing each answer at once. It stops while the
    /// client's unread output is over the limit (the rest waits until it drains) and as soon as the
    /// client is gone, so a vanished client costs no more work.
    private func serveInbox(_ token: UInt64) {
        while let connection = connections[token], !connection.inbox.isEmpty, connection.queuedBytes <= limits.maxQueuedBytes {
            let output = connections[token]!.inbox.removeFirst()
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
            flush(token)
        }
        if let connection = connections[token], connection.peerClosed, connection.inbox.isEmpty {
            // The peer is done sending; finish writing what it asked for, then close.
            connections[token]?.closeWhenFlushed = true
            connections[token]?.partialSince = nil
        }
        flush(token)
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
        switch service.handle(request) {
        case .result(let result):
            connections[token]?.enqueue(WireLine.result(id: request.id, result), now: now)
        case .encoded(let document):
            connections[token]?.enqueueResult(id: request.id, document, now: now)
        case .failure(let error):
            connections[token]?.enqueue(WireLine.error(id: request.id, error), now: now)
        case .watch(let view):
            let board = service.watchBoard(view, at: service.clock.now)
            connections[token]?.enqueueResult(id: request.id, board, now: now)
            connections[token]?.watch = ClientConnection.Watch(requestID: request.id, view: view, seq: 0)
        case .clockMoved(let result):
            connections[token]?.enqueue(WireLine.result(id: request.id, result), now: now)
            log.info("clock moved to \(service.localTime.iso8601(service.clock.now))")
            publish()
        }
    }

    private func flush(_ token: UInt64) {
        let now = time.now
        let keep = connections.update(token) { connection in flush(&connection, token: token, now: now) }
        if keep == false { close(token) }
    }

    /// Writes what it can; false when the connection is finished and must be closed.
    private func flush(_ connection: inout ClientConnection, token: UInt64, now: ContinuousClock.Instant) -> Bool {
        let result = connection.flush(now: now)
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

    private func close(_ token: UInt64) {
        guard let connection = connections.removeValue(forKey: token) else { return }
        epoll.remove(connection.descriptor)
        connection.descriptor.close()
    }

    // MARK: Publishing

    /// Builds each watched view's board once and offers the same bytes to all its watchers.
    private func publish() {
        let now = service.clock.now
        nextChange = service.nextChange(after: now)
        var bodies: [WatchView: EncodedDocument] = [:]
        let monotonic = time.now
        for token in connections.tokens {
            guard let view = connections[token]?.watch?.view else { continue }
            let body: EncodedDocument
            if let cached = bodies[view] {
                body = cached
            } else {
                var encoded = service.watchBoard(view, at: now)
                encoded.pieces.append(WireLine.closing)
                bodies[view] = encoded
                body = encoded
            }
            connections[token]?.offerBoard(body, now: monotonic)
            flush(token)
        }
        if !bodies.isEmpty { log.debug("published \(bodies.count) view(s) at \(service.localTime.iso8601(now))") }
    }

    // MARK: Signals

    private func handleSignals() {
        for signal in signals.drain() {
            switch signal {
            case .interrupt, .terminate, .quit:
                log.info("\(signal): shutting down")
                if running { onEvent(.stopping) }
                running = false
            case .hangUp:
                onEvent(.reloading)
                defer { onEvent(.reloaded) }
                switch reloadConfig() {
                case .success(let config):
                    service.reload(config)
                    log.info("reloaded the config from \(config.source)")
                    publish()
                case .failure(let error):
                    log.error("kept the old config: \(error)")
                }
            case .userDefined1, .userDefined2:
                if signal == .userDefined1 { checkSocket() }  // at once, as tmux recreates its socket on SIGUSR1
                let watchers = connections.values.filter { $0.watch != nil }.count
                log.info(
                    "\(signal): serving \(listener.path): \(connections.count) client(s), \(watchers) watching, "
                        + "clock \(service.localTime.iso8601(service.clock.now)), config \(service.config.source)")
            case .windowChanged: break
            }
        }
    }

    private func shutdown() {
        let goodbye = WireLine.shutdown(reason: "boardd is shutting down")
        for connection in connections.values where connection.watch != nil {
            // Best effort, without waiting: a watcher that is not reading misses it.
            if !connection.hasOutput { _ = try? goodbye.withUnsafeBytes { try connection.descriptor.writeSome($0) } }
        }
        for token in connections.tokens { close(token) }
        listener.remove()
        log.info("stopped")
    }
}
