import BoardProtocol
import BoardSystem
import FoundationEssentials
import Synchronization

/// What the daemon's two event loops share.
///
/// The main loop (`BoardServer` as `.main`) is the one writer of the schedule and the clock: it accepts
/// every client and answers its first request, in the order clients' requests arrive; it serves
/// watchers, subscribers and every request that changes something. Every other client whose first
/// request was a read then moves to the read loop (`BoardServer` as `.read`, on a thread of its own),
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

/// The read loop's server, handed to its thread: nothing else touches it once the thread starts.
struct ReadLoopServer: @unchecked Sendable {
    let server: BoardServer
}
