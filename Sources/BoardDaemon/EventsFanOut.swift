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
/// a turn and no more once `changesPerTurn` changes are offered. A move made while an offering is under way starts a new one that covers the unfinished
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
    /// The queued subscribers not offered yet (one that asked something meanwhile was, `offerNow`).
    private var pending = Set<UInt64>()
    private(set) var through = Date.distantPast
    /// Each waiting subscriber's part and the place it was chosen from, chosen for all at once; nil until then.
    private var selected: [UInt64: (after: FlightChange.Position, part: MoveSelection.Selected)]?
    /// The parts to choose (each waiting subscriber's), and the days they read, once the queue is known.
    private var requests: [(token: UInt64, request: MoveSelection.Request)]?
    private var days: [Int]?
    /// The changes offered a turn, whatever the number of subscribers reached: 128 subscribers each
    /// of a minute's changes of a 3,000-flight day are some 10,000 lines, a turn of 25 ms that every
    /// other client waited through (`EventsFanOutTests.aShareOfATurnHoldsAtMostItsChanges`).
    static let changesPerTurn = 2048

    /// A day the offering reads that is being made, `flightsPerTurn` a turn.
    private var building: DayChanges.Builder?
    /// How many flights' changes an offering makes a turn when a day it reads was not made yet (a
    /// 3,000-flight day is 12 ms of changes in all), so no turn of the loop waits for a whole day.
    static let flightsPerTurn = 500
    private var made = MadeChanges()
    /// How many days' changes offerings have read: each reads the days it touches once, however
    /// many subscribers and filters.
    private(set) var daysRead = 0
    /// How many times a flight's changes were made for an offering.
    var flightsDerived: Int { made.derived }
    /// How many flights' changes were made for days an offering reads (`prepare`).
    private(set) var flightsOfDaysMade = 0

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
        let waiting = queue[index...].filter { members.contains($0.token) && pending.contains($0.token) }
        let reached = Set(waiting.map(\.token))
        queue = waiting + subscribers.filter { !reached.contains($0) }.map { Queued(token: $0, from: previous) }
        pending = members
        index = 0
        through = now
        (selected, requests, days) = (nil, nil, nil)
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
        // Days not made yet are made first, a share a turn: nothing is offered meanwhile.
        guard isOffering, choose(service, budget: Self.flightsPerTurn, subscription) else { return [] }
        let end = index + min(limit, queue.count - index)
        var offers: [Offer] = []
        offers.reserveCapacity(end - index)
        var changes = 0
        // At most `limit` subscribers, and once `changesPerTurn` changes are offered, no more this turn.
        while index < end, changes < Self.changesPerTurn {
            let queued = queue[index]
            index += 1
            guard pending.remove(queued.token) != nil, let offer = offer(queued, service, subscription) else { continue }
            changes += offer.changes.count
            offers.append(offer)
        }
        if !isOffering { finish() }
        return offers
    }

    /// The offer of a subscriber still to be offered, made now, whatever its place in the queue: it
    /// asked something, and its answer comes after every change of the moves answered before it
    /// (days not made yet are made at once for it). Nil when it is not waiting.
    mutating func offerNow(
        _ token: UInt64, service: BoardService, subscription: (UInt64) -> ClientConnection.EventWatch?
    ) -> Offer? {
        guard isOffering, pending.contains(token), let queued = queue[index...].first(where: { $0.token == token }) else {
            return nil
        }
        _ = choose(service, budget: .max, subscription)
        pending.remove(token)
        return offer(queued, service, subscription)
    }

    private func request(_ queued: Queued, _ subscription: (UInt64) -> ClientConnection.EventWatch?) -> MoveSelection.Request? {
        subscription(queued.token).map { MoveSelection.Request(filter: $0.filter, after: max(.after(queued.from), $0.position)) }
    }

    /// Chooses every waiting subscriber's part, once the days they read are made (`prepare`, within
    /// `budget` flights); false while some are not.
    private mutating func choose(
        _ service: BoardService, budget: Int, _ subscription: (UInt64) -> ClientConnection.EventWatch?
    ) -> Bool {
        guard selected == nil else { return true }
        let requests =
            self.requests
            ?? queue[index...].filter { pending.contains($0.token) }.compactMap { queued in
                request(queued, subscription).map { (queued.token, $0) }
            }
        self.requests = requests
        guard prepare(requests.map(\.request), service, budget: budget) else { return false }
        let parts = select(requests.map(\.request), service)
        var selected: [UInt64: (after: FlightChange.Position, part: MoveSelection.Selected)] = [:]
        selected.reserveCapacity(requests.count)
        for (index, (token, request)) in requests.enumerated() { selected[token] = (request.after, parts[index]) }
        self.selected = selected
        self.requests = nil
        return true
    }

    private mutating func offer(
        _ queued: Queued, _ service: BoardService, _ subscription: (UInt64) -> ClientConnection.EventWatch?
    ) -> Offer? {
        guard let request = request(queued, subscription) else { return nil }
        // A place that moved since the parts were chosen (it never does) is chosen alone.
        let chosen = selected?[queued.token]
        let part = chosen?.after == request.after ? chosen!.part : select([request], service)[0]
        let changes = made.changes(at: part.page, after: queued.from, through: through, service: service)
        return Offer(token: queued.token, changes: changes, alsoSkipped: part.count - part.page.count)
    }

    private mutating func select(_ requests: [MoveSelection.Request], _ service: BoardService) -> [MoveSelection.Selected] {
        let chosen = MoveSelection.select(requests, through: through, limit: BoardService.eventsPerMove, service: service)
        daysRead += chosen.daysRead
        return chosen.selected
    }

    /// Makes the days `requests` read that were not made yet, `flightsPerTurn` flights a turn; true
    /// once all are. A move of more days than the cache keeps half of is left to `select`, which
    /// makes each as it reads it.
    private mutating func prepare(_ requests: [MoveSelection.Request], _ service: BoardService, budget: Int) -> Bool {
        let days = self.days ?? MoveSelection.days(requests, through: through, service: service)
        self.days = days
        guard days.count <= DayChangesCache.capacity / 2 else { return true }
        var budget = budget
        for dayNumber in days {
            let date = LocalDate(dayNumber: dayNumber)
            guard service.dayChanges.cached(on: date) == nil else { continue }
            guard budget > 0 else { return false }
            if building?.date != date {
                let flights = service.eventFlights(on: date, window: service.window(at: service.clock.now))
                building = DayChanges.Builder(date: date, flights: flights)
            }
            let added = building!.add(budget)
            budget -= added
            flightsOfDaysMade += added
            guard building!.isDone else { return false }
            service.dayChanges.store(building!.finished())
            building = nil
        }
        return true
    }

    private mutating func finish() {
        queue.removeAll(keepingCapacity: true)
        pending.removeAll()
        index = 0
        (selected, requests, days) = (nil, nil, nil)
        made.removeAll()
    }
}
