import BoardProtocol
import FlightData
import FoundationEssentials

/// The changes of each clock move, offered to every `events.watch` subscriber a share at a time:
/// each subscriber's filter applied to the move's changes, read once per day the move touches for
/// all subscribers together (`MoveSelection`), its first `BoardService.eventsPerMove` made and
/// encoded once for all who are offered them (`MadeChanges`), and the count of the rest, for one
/// `skipped` (`ClientConnection.offerChanges`).
///
/// A value: `start` takes the move (from the last offering to the service's clock) and the
/// subscribers, each `nextShare` returns what to offer the next of them, `BoardFanOut.watchersPerTurn`
/// a turn. A move made while an offering is under way starts a new one that covers the unfinished
/// one's part too: those not reached yet come first, each from where its part began, and each
/// subscriber's position keeps what it was sent from coming again. A clock set back offers nothing.
/// `EventsFanOutTests` drives it with no socket.
struct EventsFanOut {
    /// A move this long or longer is said to be offered bounded in the log (every subscriber's part
    /// of any move is its first page and a count).
    static let longMove: TimeInterval = 86_400

    /// What one subscriber is offered: changes (its filter is applied again as they are queued), and
    /// how many more are known to be left out.
    struct Offer {
        let token: UInt64
        let changes: [ClientConnection.SharedChange]
        let alsoSkipped: Int
    }

    /// The instant up to which changes were offered.
    private(set) var publishedAt: Date
    /// The next instant one of yesterday's flights changes, while anyone subscribes.
    private(set) var nextChange = Date.distantFuture
    /// Whether `nextChange` is kept current: from the first subscription until an offering finds no
    /// subscriber. Every offering (each clock move, reload and timer) works it out again, so a new
    /// subscriber beside others need not walk yesterday's flights.
    private var nextChangeKept = false

    /// A subscriber still to be offered, and the instant its part of the offering starts after.
    private struct Queued {
        let token: UInt64
        let from: Date
    }

    /// Subscribers still to be offered (their `from` never decreasing along the queue), and the end
    /// of the offering.
    private var queue: [Queued] = []
    private var index = 0
    private(set) var through = Date.distantPast
    /// Each subscriber's part, chosen for all of the queue at its first share; nil until then.
    private var selected: [MoveSelection.Request: MoveSelection.Selected]?
    private var made = MadeChanges()
    /// How many days' changes offerings have read: each reads the days it touches once, however
    /// many subscribers and filters.
    private(set) var daysRead = 0
    /// How many times a flight's changes were made for an offering.
    var flightsDerived: Int { made.derived }

    init(publishedAt: Date) { self.publishedAt = publishedAt }

    var isOffering: Bool { index < queue.count }

    /// A subscriber joined: the next change of yesterday's flights is watched from now on.
    mutating func subscriberJoined(_ service: BoardService) {
        guard !nextChangeKept else { return }
        nextChange = service.nextLateChange(after: service.clock.now)
        nextChangeKept = true
    }

    /// Starts offering the changes since the last offering, through the service's clock, to
    /// `subscribers`; those an offering under way has not reached yet come first and are offered its
    /// part too, so each sees every change once, in order. Returns a line for the debug log when
    /// there is something to offer.
    mutating func start(subscribers: [UInt64], service: BoardService) -> String? {
        let now = service.clock.now
        let previous = publishedAt
        publishedAt = now
        guard !subscribers.isEmpty else {
            nextChange = .distantFuture
            nextChangeKept = false
            finish()
            return nil
        }
        nextChange = service.nextLateChange(after: now)
        nextChangeKept = true
        // A clock set back, or a move that changed nothing: an offering under way goes on as it was.
        guard now > previous, service.moveChangesSomething(after: previous, through: now, at: now) else { return nil }
        let members = Set(subscribers)
        let waiting = queue[index...].filter { members.contains($0.token) }
        let reached = Set(waiting.map(\.token))
        queue = waiting + subscribers.filter { !reached.contains($0) }.map { Queued(token: $0, from: previous) }
        index = 0
        through = now
        selected = nil
        made.forget(through: queue[0].from)
        let minutes = Int(now.timeIntervalSince(queue[0].from) / 60)
        return "offering \(minutes) min of changes to \(queue.count) subscriber(s)"
            + (now.timeIntervalSince(previous) >= Self.longMove ? ", bounded" : "")
    }

    /// What the next `limit` subscribers are offered. `subscription` says a subscriber's filter and
    /// position, nil for one that left.
    mutating func nextShare(
        limit: Int = BoardFanOut.watchersPerTurn, service: BoardService,
        subscription: (UInt64) -> ClientConnection.EventWatch?
    ) -> [Offer] {
        guard isOffering else { return [] }
        func request(_ queued: Queued) -> MoveSelection.Request? {
            subscription(queued.token).map {
                MoveSelection.Request(filter: $0.filter, after: max(.after(queued.from), $0.position))
            }
        }
        if selected == nil { selected = select(queue[index...].compactMap(request), service) }
        let end = index + min(limit, queue.count - index)
        var offers: [Offer] = []
        offers.reserveCapacity(end - index)
        for queued in queue[index..<end] {
            guard let request = request(queued) else { continue }
            // A place that moved since the queue's parts were chosen (it never does) is chosen alone.
            let part = selected?[request] ?? select([request], service)[request] ?? MoveSelection.Selected()
            let changes = made.changes(at: part.page, after: queued.from, through: through, service: service)
            offers.append(Offer(token: queued.token, changes: changes, alsoSkipped: part.count - part.page.count))
        }
        index = end
        if !isOffering { finish() }
        return offers
    }

    private mutating func select(
        _ requests: [MoveSelection.Request], _ service: BoardService
    ) -> [MoveSelection.Request: MoveSelection.Selected] {
        let chosen = MoveSelection.select(requests, through: through, limit: BoardService.eventsPerMove, service: service)
        daysRead += chosen.daysRead
        return chosen.selected
    }

    private mutating func finish() {
        queue.removeAll(keepingCapacity: true)
        index = 0
        selected = nil
        made.removeAll()
    }
}
