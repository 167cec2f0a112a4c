import BoardProtocol
import FlightData
import FoundationEssentials

/// The changes of each clock move, offered to every `events.watch` subscriber a share at a time:
/// computed and encoded once, filtered per subscriber (`ClientConnection.offerChanges`), at most
/// `BoardService.eventsPerMove` each (then one `skipped`).
///
/// A value: `start` takes the move (from the last offering to the service's clock) and the
/// subscribers, each `nextShare` returns what to offer the next of them. A clock set back offers
/// nothing, and each subscriber's position keeps what it was sent from coming again.
/// `EventsFanOutTests` drives it with no socket.
struct EventsFanOut {
    /// A move this long or longer offers bounded pages rather than a batch of all its changes.
    static let longMove: TimeInterval = 86_400

    /// What one subscriber is offered of the move: changes (its filter is applied as they are
    /// queued), and how many more are known to be left out.
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

    /// Subscribers still to be offered the last move's changes, and those changes, computed and
    /// encoded once.
    private var queue: [UInt64] = []
    private var index = 0
    private var batch: [ClientConnection.SharedChange] = []
    private var from = Date.distantPast
    private(set) var through = Date.distantPast
    /// Whether the move reached further back than the batch lists (one longer than the window): a
    /// subscription to one flight is then offered that flight's own changes, which cost one day.
    private var passesTheReach = false
    private var ofOneFlight: [EventFilter: [ClientConnection.SharedChange]] = [:]
    /// A move longer than `longMove`: no batch of all its changes (months of them froze every client
    /// for seconds, to send each subscriber 200). Each subscriber is offered the first
    /// `eventsPerMove` after where it stands, and the count of the rest, worked out once for all
    /// subscribers of one filter at one place (`boundedChanges`).
    private var isBounded = false
    private var boundedPages: [BoundedKey: (page: [ClientConnection.SharedChange], rest: Int)] = [:]
    private struct BoundedKey: Hashable {
        let filter: EventFilter
        let after: FlightChange.Position
    }

    init(publishedAt: Date) { self.publishedAt = publishedAt }

    var isOffering: Bool { index < queue.count }

    /// A subscriber joined: the next change of yesterday's flights is watched from now on.
    mutating func subscriberJoined(_ service: BoardService) {
        guard !nextChangeKept else { return }
        nextChange = service.nextLateChange(after: service.clock.now)
        nextChangeKept = true
    }

    /// Starts offering the changes since the last offering, through the service's clock, to
    /// `subscribers`; finish the offering under way first (`nextShare(limit: .max)`), so each sees
    /// the moves in order. Returns a line for the debug log when there is something to offer.
    mutating func start(subscribers: [UInt64], service: BoardService) -> String? {
        let now = service.clock.now
        let from = publishedAt
        publishedAt = now
        guard !subscribers.isEmpty else {
            nextChange = .distantFuture
            nextChangeKept = false
            return nil
        }
        nextChange = service.nextLateChange(after: now)
        nextChangeKept = true
        guard now > from else { return nil }
        if now.timeIntervalSince(from) >= Self.longMove {
            begin(batch: [], from: from, through: now, passesTheReach: false, subscribers: subscribers)
            isBounded = true
            return
                "offering a move of \(Int(now.timeIntervalSince(from) / 3600)) h to \(subscribers.count) subscriber(s), bounded"
        }
        let changes = service.allChanges(after: from, through: now, at: now)
        let passesTheReach = service.movePassesTheReach(after: from, through: now, at: now)
        guard !changes.isEmpty || passesTheReach else { return nil }
        let encoding = service.encoding
        begin(
            batch: changes.map { ClientConnection.SharedChange($0, encoding: encoding) }, from: from, through: now,
            passesTheReach: passesTheReach, subscribers: subscribers)
        return "offering \(changes.count) change(s) to \(subscribers.count) subscriber(s)"
    }

    private mutating func begin(
        batch: [ClientConnection.SharedChange], from: Date, through: Date, passesTheReach: Bool, subscribers: [UInt64]
    ) {
        self.batch = batch
        self.from = from
        self.through = through
        self.passesTheReach = passesTheReach
        isBounded = false
        queue = subscribers
        index = 0
    }

    /// What the next `limit` subscribers are offered. `subscription` says a subscriber's filter and
    /// position, nil for one that left.
    mutating func nextShare(
        limit: Int = BoardFanOut.watchersPerTurn, service: BoardService,
        subscription: (UInt64) -> ClientConnection.EventWatch?
    ) -> [Offer] {
        guard isOffering else { return [] }
        let end = index + min(limit, queue.count - index)
        var offers: [Offer] = []
        offers.reserveCapacity(end - index)
        for token in queue[index..<end] {
            var offered = batch
            var alsoSkipped = 0
            let events = subscription(token)
            if isBounded, let events {
                (offered, alsoSkipped) = boundedChanges(events.filter, after: events.position, service)
            } else if passesTheReach, let filter = events?.filter, filter.flight != nil {
                offered = ofOneFlight[filter] ?? changesOfOneFlight(filter, service)
            }
            offers.append(Offer(token: token, changes: offered, alsoSkipped: alsoSkipped))
        }
        index = end
        if !isOffering {
            queue.removeAll(keepingCapacity: true)
            index = 0
            batch = []
            ofOneFlight = [:]
            isBounded = false
            boundedPages = [:]
        }
        return offers
    }

    /// A long move's changes for a subscriber of `filter` standing at `position`: the first
    /// `eventsPerMove` after it, encoded, and how many more there are, as `events.get` pages them
    /// (a page costs its days' counts, not their changes).
    private mutating func boundedChanges(
        _ filter: EventFilter, after position: FlightChange.Position, _ service: BoardService
    ) -> (page: [ClientConnection.SharedChange], rest: Int) {
        let after = max(.after(from), position)
        let key = BoundedKey(filter: filter, after: after)
        if let known = boundedPages[key] { return known }
        let encoding = service.encoding
        let found = service.changes(
            matching: filter, counting: after, keeping: after, through: through,
            limit: BoardService.eventsPerMove, at: service.clock.now)
        let bounded = (found.page.map { ClientConnection.SharedChange($0, encoding: encoding) }, found.kept - found.page.count)
        boundedPages[key] = bounded
        return bounded
    }

    /// A one-flight subscription's changes in a move that reached further back than the batch
    /// lists: worked out once for every subscriber with that filter (many `board wait`s on one flight).
    private mutating func changesOfOneFlight(_ filter: EventFilter, _ service: BoardService) -> [ClientConnection.SharedChange] {
        let encoding = service.encoding
        let changes = service.changes(
            matching: filter, counting: .after(from), keeping: .after(from),
            through: through, limit: .max, at: service.clock.now
        ).page.map { ClientConnection.SharedChange($0, encoding: encoding) }
        ofOneFlight[filter] = changes
        return changes
    }
}
