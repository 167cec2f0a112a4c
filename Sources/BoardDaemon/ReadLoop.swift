import BoardProtocol
import BoardSystem
import FoundationEssentials
import Synchronization

/// What the daemon's two event loops share.
///
/// The main loop (`BoardServer`'s `ConnectionLoop`) is the one writer of the schedule and the clock: it accepts
/// every client and answers its first request, in the order clients' requests arrive; it serves
/// watchers, subscribers and every request that changes something. Every other client whose first
/// request was a read then moves to the read loop (`ReadLoop`, on a thread of its own),
/// which answers its reads (`WireMethod.servedByReadLoop`) from a copy of the main loop's service,
/// taken again whenever the main loop publishes a change (a clock move, a reload), which it does
/// before it answers the request that made it: so an answer on either loop never shows an older clock
/// than one any client was already told. A search goes to the read loop at once, even as a client's
/// first request (`WireMethod.answeredOnReadLoopFirst`): it reads every day of the window, and on the
/// main loop every watcher and clock move would wait for it. The copy has caches of its own (`BoardService.forReadLoop`),
/// so the loops' requests never retain the same objects. A read-loop client that asks anything else
/// is handed back to the main loop for good (but for a search), with what it sent still unanswered and what it was sent
/// still queued, in order.
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

    func close() {
        toRead.close()
        toMain.close()
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
/// hands every other request, with its client, back to the main loop. It has no listener, no signals
/// and no watchers; its clients come through its mailbox, and it ends when the main loop stops.
final class ReadLoop: LoopDuty {
    let loop: ConnectionLoop
    private let link: ReadLoopLink
    /// Its service, the main loop's as of `seenGeneration` changes; and the main loop's service itself.
    private var service: BoardService
    private var mainService: BoardService
    private var seenGeneration = 0

    /// Made on the main loop's thread, before the read loop's starts.
    init(link: ReadLoopLink, service: BoardService, limits: ServerLimits, log: Log) throws(SystemError) {
        self.loop = try ConnectionLoop(
            link: link, arrivals: link.toRead, departures: link.toMain, limits: limits, log: log)
        self.link = link
        self.service = service.forReadLoop(previous: nil)
        self.mainService = service
        _ = link.service(after: &seenGeneration)
    }

    /// Serves until the main loop stops, then closes its clients.
    func run() {
        loop.run(self)
        loop.closeAll(saying: WireLine.shutdown(reason: "boardd is shutting down"))
    }

    func respond(to line: [UInt8], from token: UInt64, in loop: ConnectionLoop) {
        guard let request = loop.parse(line, from: token) else { return }
        if let method = WireMethod(rawValue: request.method), !method.servedByReadLoop {
            loop.handOver(token, unanswered: line)
            return
        }
        if let newer = link.service(after: &seenGeneration) {
            service = newer.forReadLoop(previous: (service, mainService))
            mainService = newer
        }
        // Reads only reach here; anything else is the main loop's to carry out.
        if !loop.reply(to: request, with: service.handle(request), to: token) { loop.handOver(token, unanswered: line) }
    }

    func handle(_ event: Epoll.Event, in loop: ConnectionLoop) {}

    func finishTurn(in loop: ConnectionLoop) {
        if link.stopping.load(ordering: .acquiring) { loop.stop() }
    }

    var hasWorkWaiting: Bool { false }

    func secondsUntilDue(in loop: ConnectionLoop) -> Double? { nil }
}

/// The read loop, handed to its thread: nothing else touches it once the thread starts.
struct ReadLoopHandOff: @unchecked Sendable {
    let readLoop: ReadLoop
}
