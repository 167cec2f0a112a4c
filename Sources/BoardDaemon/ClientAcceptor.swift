import BoardProtocol
import BoardSystem
import FoundationEssentials

/// The main loop's listening socket: accepts clients into a loop, refuses those past the limit or
/// another user's, and keeps working when the process runs out of descriptors. The read loop accepts
/// on a duplicate with `acceptOne`.
struct ClientAcceptor: ~Copyable {
    /// The listener's epoll token in the main loop.
    static let token: UInt64 = 0
    /// At most this many clients are accepted per turn of the loop, so a flood of connections cannot
    /// keep the clients already served waiting.
    static let acceptsPerTurn = 64

    private(set) var listener: SocketListener
    /// Set while the listener is left out of epoll because not even the spare could be taken back,
    /// with the loop's count of closed clients then: a client leaving or a moment passing resumes it.
    private var pausedUntil: ContinuousClock.Instant?
    private var closedWhenPaused = 0
    /// Notes that could repeat for every connection attempt, logged at most every few seconds.
    private var refusedNote = RateLimitedNote()
    private var exhaustedNote = RateLimitedNote()

    init(_ listener: SocketListener) { self.listener = listener }

    var isPaused: Bool { pausedUntil != nil }

    /// Accepts the clients waiting, up to `acceptsPerTurn`, each greeted with `hello`. `side` says
    /// which of them it keeps (`Side`).
    mutating func acceptClients(into loop: ConnectionLoop, hello: [UInt8], side: Side) {
        for _ in 0..<Self.acceptsPerTurn {
            switch Self.acceptOne(from: listener.descriptor, into: loop, hello: hello, side: side, refusedNote: &refusedNote) {
            case .accepted: continue
            case .none: return
            case .failed(let error):
                if error.isOutOfDescriptors {
                    refuseWithoutDescriptors(error, loop)
                } else if let suppressed = exhaustedNote.shouldLog(at: loop.now) {
                    loop.log.warning("accept failed: \(error)\(RateLimitedNote.suffix(suppressed))")
                }
                return
            }
        }
    }

    /// Which loop accepts: with a read loop both do, and each keeps every other client accepted by
    /// either (the count is the link's), handing the rest to the other once their first read is answered.
    enum Side {
        /// The only loop (one core): it keeps every client.
        case only
        /// The main loop: it keeps the odd ones.
        case main
        /// The read loop: it keeps the even ones.
        case read

        func keeps(_ number: Int) -> Bool {
            switch self {
            case .only: true
            case .main: !number.isMultiple(of: 2)
            case .read: number.isMultiple(of: 2)
            }
        }
    }

    enum Accepted {
        /// A client was taken in, or refused (another user's, or one past the limit).
        case accepted
        /// No client was waiting.
        case none
        case failed(SystemError)
    }

    /// Accepts one waiting client into `loop`, greeted with `hello`: refused when it is another
    /// user's or past `maxClients` (counted across both loops, so two loops accepting at once never
    /// pass it).
    static func acceptOne(
        from listener: FileDescriptor, into loop: ConnectionLoop, hello: [UInt8], side: Side,
        refusedNote: inout RateLimitedNote
    ) -> Accepted {
        let accepted = loop.link.spare.withLock { _ in
            Result { () throws(SystemError) in try UnixSocket.accept(listener) }
        }
        guard case .success(let taken) = accepted else {
            if case .failure(let error) = accepted { return .failed(error) }
            return .none
        }
        guard let fd = taken else { return .none }
        if let uid = UnixSocket.peerUID(fd), uid != Program.userID {
            loop.log.warning("refused a connection from uid \(uid)")
            fd.close()
            return .accepted
        }
        let clients = loop.link.clients.add(1, ordering: .relaxed).newValue
        let maxClients = loop.limits.maxClients
        if clients > maxClients {
            loop.link.clients.subtract(1, ordering: .relaxed)
            if let suppressed = refusedNote.shouldLog(at: loop.now) {
                loop.log.info(
                    "refused a client: \(clients - 1) connected, the limit is \(maxClients)\(RateLimitedNote.suffix(suppressed))")
            }
            Self.refuse(
                fd, WireError(.tooManyClients, "The daemon is serving its limit of \(maxClients) clients; try again later."))
            return .accepted
        }
        var connection = ClientConnection(descriptor: fd, meter: loop.link.meter)
        connection.enqueue(hello, now: loop.now)
        let number = loop.link.accepted.add(1, ordering: .relaxed).newValue
        connection.number = number
        if loop.log.minimum <= .debug {
            let pid = UnixSocket.peerPID(fd).map { "pid \($0)" } ?? "pid unknown"
            loop.log.debug("client \(number) connected (\(pid); \(clients) connected)")
        }
        connection.movesAfterFirstAnswer = !side.keeps(number)
        connection.awaitsFirstAnswer = side == .read
        guard let token = loop.adopt(connection) else { return .accepted }
        loop.flush(token)
        return .accepted
    }

    /// The line every client is greeted with.
    static func hello(_ service: BoardService) -> [UInt8] {
        WireLine.hello(server: "boardd/\(boardVersion)", instance: service.instance)
    }

    /// Sends `error` instead of the hello and closes, without waiting: a client that cannot take one line misses it.
    private static func refuse(_ fd: FileDescriptor, _ error: WireError) {
        _ = try? WireLine.error(id: .null, error).withUnsafeBytes { try fd.writeSome($0) }
        fd.close()
    }

    /// `accept` failed for want of a descriptor, which leaves the listener readable: waiting in epoll would
    /// wake at once, forever. So, as nginx and libuv do, the spare descriptor is released to accept the
    /// waiting clients one at a time, each told `tooManyClients` and closed, and then taken back. If it
    /// cannot be taken back, the listener is left out of epoll until a client leaves or a moment passes.
    private mutating func refuseWithoutDescriptors(_ error: SystemError, _ loop: ConnectionLoop) {
        let now = loop.now
        let refusal = WireError(
            .tooManyClients,
            "The daemon has no file descriptor left for another client (its limit, ulimit -n, is reached); try again later.")
        var refused = 0
        let spareHeld = loop.link.spare.withLock { spare in
            guard spare.isHeld else { return false }
            spare.release()
            while refused < Self.acceptsPerTurn, let fd = try? UnixSocket.accept(listener.descriptor) {
                Self.refuse(fd, refusal)
                refused += 1
            }
            return spare.reopen()
        }
        if let suppressed = exhaustedNote.shouldLog(at: now) {
            loop.log.warning(
                "out of file descriptors (\(error)) with \(loop.link.clients.load(ordering: .relaxed)) clients: refusing new ones\(RateLimitedNote.suffix(suppressed))"
            )
        }
        if !spareHeld || refused == 0 {
            // Nothing could be accepted: stop listening for a moment rather than spin.
            loop.epoll.modify(listener.descriptor, token: Self.token, events: [])
            pausedUntil = now + ConnectionLoop.sweepInterval
            closedWhenPaused = loop.closedCount
        }
    }

    /// Listens again once a client left or the pause is over.
    mutating func resumeIfDue(_ loop: ConnectionLoop) {
        guard let until = pausedUntil, loop.now >= until || loop.closedCount != closedWhenPaused else { return }
        pausedUntil = nil
        loop.link.spare.withLock { _ = $0.reopen() }
        loop.epoll.modify(listener.descriptor, token: Self.token, events: .readable)
    }

    /// Binds the socket's path again if it was removed (`SocketListener.keepBound`); the reason the
    /// socket is lost for good, if it is.
    mutating func keepBound(_ loop: ConnectionLoop) -> String? {
        switch listener.keepBound(log: loop.log) {
        case .unchanged: return nil
        case .rebound(let old):
            loop.epoll.remove(old)
            old.close()
            do { try loop.register(listener.descriptor, token: Self.token) } catch {
                loop.log.error("cannot watch the new socket: \(error)")
            }
            return nil
        case .lost(let why): return why
        }
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
