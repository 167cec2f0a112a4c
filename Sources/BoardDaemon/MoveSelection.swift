import FlightData
import FoundationEssentials

/// What each `events.watch` subscriber is offered of a clock move: its filter applied to the move's
/// changes, read once per day the move touches (`DayChanges`) for all subscribers together.
///
/// A request is a filter and the place its subscriber stands after; what it gets is what
/// `events.get` pages for that filter from that cursor (`BoardService.changes(matching:...)`): the
/// first `limit` changes through the move's end, and how many there are in all. A filter that names
/// flights reads their entries alone (`DayChanges.entries(ofSlot:)`) and one of kinds counts by kind
/// (`DayChanges.count(ofKinds:in:)`), so a thousand distinct pin lists cost a thousand lookups in
/// each day, not a thousand walks of it. Only positions are chosen here; `MadeChanges` makes the
/// changes offered.
enum MoveSelection {
    struct Request: Hashable {
        let filter: EventFilter
        /// The subscriber's place: its position, or the start of its part of the move when later.
        let after: FlightChange.Position
    }

    struct Selected: Equatable {
        /// The first `limit` positions, in order.
        var page: [FlightChange.Position] = []
        /// How many there are in all: the page and the rest.
        var count = 0
    }

    /// Each request's page and count through `end`, in the order of `requests`, reading each day that
    /// any of them lists once; `daysRead` says how many days were read. Requests of kinds alone from
    /// one place are worked out once (a thousand subscribers to everything are one); a filter that
    /// names flights is worked out for each, which costs its flights' entries.
    static func select(
        _ requests: [Request], through end: Date, limit: Int, service: BoardService
    ) -> (selected: [Selected], daysRead: Int) {
        let window = service.window(at: service.clock.now)
        let identity = FlightIdentity(config: window.config)
        var plans: [Plan] = []
        var planOf = [Int?](repeating: nil, count: requests.count)
        var byKinds: [KindsKey: Int] = [:]
        var listed = ListedDays(through: end, window: window)
        for (index, request) in requests.enumerated() {
            let key =
                request.filter.flight == nil && request.filter.pinned == nil
                ? KindsKey(kinds: request.filter.kindMask, after: request.after) : nil
            if let key, let known = byKinds[key] {
                planOf[index] = known
                continue
            }
            guard let days = listed.days(for: request, service) else { continue }
            planOf[index] = plans.count
            if let key { byKinds[key] = plans.count }
            plans.append(Plan(request, days: days, identity: identity))
        }
        let endAt = end.timeIntervalSinceReferenceDate
        var daysRead = 0
        for dayNumber in days(of: plans) {
            let date = LocalDate(dayNumber: dayNumber)
            var made: [Flight]?
            func flights() -> [Flight] {
                if let made { return made }
                made = service.eventFlights(on: date, window: window)
                return made!
            }
            let day = service.dayChanges.changes(on: date, flights: flights)
            daysRead += 1
            let endIndex = day.firstIndex(after: end)
            // Where each place starts in the day, found once for all the plans standing there.
            var starts: [FlightChange.Position: Int] = [:]
            for index in plans.indices where plans[index].days.contains(dayNumber) {
                if plans[index].names {
                    let slots = plans[index].slots(on: dayNumber, days: identity.days)
                    guard !slots.isEmpty else { continue }
                    let all = flights()
                    let admitted = slots.filter { $0 < all.count && plans[index].request.filter.admits(all[$0]) }
                    plans[index].take(admitted, of: day, through: endAt, limit: limit)
                } else {
                    let after = plans[index].request.after
                    let start = starts[after] ?? day.firstIndex(after: after)
                    starts[after] = start
                    plans[index].take(start..<max(start, endIndex), of: day, limit: limit)
                }
            }
        }
        return (planOf.map { $0.map { plans[$0].selected } ?? Selected() }, daysRead)
    }

    /// What a filter of kinds alone from one place is worked out by.
    private struct KindsKey: Hashable {
        let kinds: UInt8
        let after: FlightChange.Position
    }

    /// The days `requests` list through `end`, as day numbers in order, each once: what `select` reads.
    static func days(_ requests: some Sequence<Request>, through end: Date, service: BoardService) -> [Int] {
        var listed = ListedDays(through: end, window: service.window(at: service.clock.now))
        return union(
            requests.compactMap { listed.days(for: $0, service) }.map { $0.lowerBound.dayNumber...$0.upperBound.dayNumber })
    }

    /// The days the plans list, in order, each once.
    private static func days(of plans: [Plan]) -> [Int] { union(plans.map(\.days)) }

    private static func union(_ ranges: [ClosedRange<Int>]) -> [Int] {
        var days: [Int] = []
        var next = Int.min
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) where range.upperBound >= next {
            days += max(range.lowerBound, next)...range.upperBound
            next = range.upperBound + 1
        }
        return days
    }

    /// `BoardService.listedDays` for many requests: the same for every filter that names no one
    /// flight from one place, so worked out once a place (each costs a few dates in the airport's zone).
    private struct ListedDays {
        let end: Date
        let window: ScheduleWindow
        private var byPlace: [Date: ClosedRange<LocalDate>?] = [:]

        init(through end: Date, window: ScheduleWindow) {
            self.end = end
            self.window = window
        }

        mutating func days(for request: Request, _ service: BoardService) -> ClosedRange<LocalDate>? {
            guard request.filter.flight == nil else {
                return service.listedDays(for: request.filter, after: request.after, through: end, window: window)
            }
            if let known = byPlace[request.after.at], request.after < .after(end) { return known }
            let days = service.listedDays(for: .everything, after: request.after, through: end, window: window)
            if request.after < .after(end) { byPlace[request.after.at] = days }
            return days
        }
    }

    /// One request as it is worked out, day by day.
    private struct Plan {
        let request: Request
        /// The day numbers it lists (`BoardService.listedDays`).
        let days: ClosedRange<Int>
        /// The kinds it keeps, a bit each (`DayChanges.mask`).
        let kinds: UInt8
        /// Whether its filter names flights (one, or pins): then only their slots are read.
        let names: Bool
        /// The slots of the flights it names, by day number; ids pinned without a date, by day residue.
        private var slotsByDay: [Int: [Int]] = [:]
        private var anyDay: [(dayResidue: Int, slot: Int)] = []
        var selected = Selected()

        init(_ request: Request, days: ClosedRange<LocalDate>, identity: FlightIdentity) {
            self.request = request
            self.days = days.lowerBound.dayNumber...days.upperBound.dayNumber
            kinds = request.filter.kindMask
            if let key = request.filter.flight {
                names = true
                if let (_, slot) = identity.decode(key.id) { slotsByDay[key.date.dayNumber] = [slot] }
            } else if let pinned = request.filter.pinned {
                names = true
                for key in pinned.flights {
                    if let (_, slot) = identity.decode(key.id) { slotsByDay[key.date.dayNumber, default: []].append(slot) }
                }
                anyDay = pinned.anyDay.compactMap { identity.decode($0) }
            } else {
                names = false
            }
        }

        /// The slots it may admit on a day (each flight's id names its day's residue and its slot).
        func slots(on dayNumber: Int, days: Int) -> [Int] {
            let residue = ((dayNumber % days) + days) % days
            let slots = (slotsByDay[dayNumber] ?? []) + anyDay.filter { $0.dayResidue == residue }.map(\.slot)
            return Array(Set(slots))
        }

        /// Counts and pages a stretch of a day (entries after its place, through the end) by kinds.
        mutating func take(_ range: Range<Int>, of day: DayChanges, limit: Int) {
            selected.count += day.count(ofKinds: kinds, in: range)
            // Once the page is full, a day whose first entry comes after its last adds to the count alone.
            if selected.page.count == limit, let last = selected.page.last,
                range.isEmpty || day.position(day.entries[range.lowerBound]) > last
            {
                return
            }
            merge(day.indices(ofKinds: kinds, in: range, limit: limit).map { day.position(day.entries[$0]) }, limit: limit)
        }

        /// Counts and pages the entries of the flights in `slots` after its place, through `endAt`.
        mutating func take(_ slots: [Int], of day: DayChanges, through endAt: Double, limit: Int) {
            var found: [FlightChange.Position] = []
            for slot in slots {
                for index in day.entries(ofSlot: slot) {
                    let entry = day.entries[Int(index)]
                    guard entry.at <= endAt, kinds & (1 << entry.kind) != 0 else { continue }
                    let position = day.position(entry)
                    if position > request.after { found.append(position) }
                }
            }
            selected.count += found.count
            merge(found.sorted(), limit: limit)
        }

        /// The page and `more` (in order) merged, its first `limit` kept.
        private mutating func merge(_ more: [FlightChange.Position], limit: Int) {
            guard !more.isEmpty else { return }
            let page = selected.page
            var merged: [FlightChange.Position] = []
            merged.reserveCapacity(min(limit, page.count + more.count))
            var (i, j) = (0, 0)
            while merged.count < limit, i < page.count || j < more.count {
                if j == more.count || (i < page.count && page[i] < more[j]) {
                    merged.append(page[i])
                    i += 1
                } else {
                    merged.append(more[j])
                    j += 1
                }
            }
            selected.page = merged
        }
    }
}

/// The changes a fan-out offers, made once a flight: a flight's changes over the offering are
/// derived the first time one of them is offered, encoded, and shared by every subscriber they go
/// to (`ClientConnection.SharedChange`).
struct MadeChanges {
    private struct FlightSlot: Hashable {
        let dayNumber: Int
        let slot: Int
    }

    /// A flight's changes in (`from`, `through`], in order.
    private struct Made {
        var from: Date
        var through: Date
        var changes: [ClientConnection.SharedChange]
    }

    private var flights: [FlightSlot: Made] = [:]
    /// How many times a flight's changes were derived (once a flight, and again when a later move extends them).
    private(set) var derived = 0

    /// The changes at `positions` (in order), each after `from` and through `through`.
    mutating func changes(
        at positions: [FlightChange.Position], after from: Date, through: Date, service: BoardService
    ) -> [ClientConnection.SharedChange] {
        var window: ScheduleWindow?
        var found: [ClientConnection.SharedChange] = []
        found.reserveCapacity(positions.count)
        for position in positions {
            let key = FlightSlot(dayNumber: position.dayNumber, slot: position.slot)
            var made = flights[key]
            if made == nil || position.at <= made!.from || position.at > made!.through {
                let shown = window ?? service.window(at: service.clock.now)
                window = shown
                let day = service.eventFlights(on: LocalDate(dayNumber: position.dayNumber), window: shown)
                guard position.slot < day.count else { continue }
                let flight = day[position.slot]
                let encoding = service.encoding
                derived += 1
                if var extended = made, position.at > extended.through, position.at > extended.from {
                    extended.changes += flight.changes(after: extended.through, through: through).map {
                        ClientConnection.SharedChange($0, encoding: encoding)
                    }
                    extended.through = through
                    made = extended
                } else {
                    let start = min(from, position.at.addingTimeInterval(-0.001))
                    made = Made(
                        from: start, through: through,
                        changes: flight.changes(after: start, through: through).map {
                            ClientConnection.SharedChange($0, encoding: encoding)
                        })
                }
                flights[key] = made
            }
            if let change = made?.changes.first(where: { $0.change.position == position }) { found.append(change) }
        }
        return found
    }

    /// Forgets the flights whose changes all come at or before `instant`: no part still to be offered
    /// starts before it.
    mutating func forget(through instant: Date) {
        flights = flights.filter { $0.value.changes.last.map { $0.change.at > instant } ?? false }
    }

    mutating func removeAll() { flights.removeAll() }
}
