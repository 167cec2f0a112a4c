import BoardSystem
import FlightData
import FoundationEssentials

/// Every change of one day's flights, over their whole life, in order, kept small: where each
/// stands (its `FlightChange.Position`) without the change itself.
///
/// `events.get` counts and pages through these and makes only its page's changes, so a page of a
/// long interval costs what the page costs, not what the interval does: the day's changes are
/// derived once, the first time the day is asked for.
struct DayChanges: Sendable {
    struct Entry: Sendable {
        /// The instant, as seconds since the reference date.
        let at: Double
        let slot: Int32
        /// `FlightChange.Kind.order`.
        let kind: UInt8
    }

    let dayNumber: Int
    /// Sorted by position.
    let entries: [Entry]
    /// Each slot's entries, as indices into `entries`, in order: slot `s` has
    /// `slotEntries[slotStarts[s]..<slotStarts[s + 1]]`, so a filter that names flights reads theirs alone.
    private let slotStarts: [Int32]
    private let slotEntries: [Int32]
    /// Each kind's entries (by `FlightChange.Kind.order`), as indices into `entries`, in order: a
    /// filter of kinds counts a stretch of the day by a search in each.
    private let kindEntries: [[Int32]]

    init(date: LocalDate, flights: [Flight]) {
        var builder = Builder(date: date, flights: flights)
        builder.add(flights.count)
        self = builder.finished()
    }

    /// A day's changes made some flights at a time: a clock move's fan-out makes a new day so, a
    /// share of its flights a turn of the loop (`EventsFanOut`), instead of all at once.
    struct Builder {
        let date: LocalDate
        private let flights: [Flight]
        private var next = 0
        private var entries: [Entry] = []

        init(date: LocalDate, flights: [Flight]) {
            self.date = date
            self.flights = flights
        }

        var isDone: Bool { next == flights.count }

        /// Adds the changes of up to `count` more flights; returns how many it added.
        @discardableResult
        mutating func add(_ count: Int) -> Int {
            let end = next + min(count, flights.count - next)
            defer { next = end }
            for flight in flights[next..<end] {
                for change in flight.changes(after: flight.dayStart.addingTimeInterval(-1), through: .distantFuture) {
                    entries.append(
                        Entry(
                            at: change.at.timeIntervalSinceReferenceDate, slot: Int32(change.flight.slot),
                            kind: UInt8(change.kind.order)))
                }
            }
            return end - next
        }

        /// The day, once every flight was added.
        func finished() -> DayChanges { DayChanges(dayNumber: date.dayNumber, entries: entries) }
    }

    private init(dayNumber: Int, entries: [Entry]) {
        self.dayNumber = dayNumber
        var entries = entries
        entries.sort { ($0.at, $0.slot, $0.kind) < ($1.at, $1.slot, $1.kind) }
        self.entries = entries
        let slots = (entries.map { Int($0.slot) }.max() ?? -1) + 1
        var starts = [Int32](repeating: 0, count: slots + 1)
        for entry in entries { starts[Int(entry.slot) + 1] += 1 }
        for slot in 0..<slots { starts[slot + 1] += starts[slot] }
        var next = starts
        var bySlot = [Int32](repeating: 0, count: entries.count)
        var byKind = [[Int32]](repeating: [], count: Self.kinds.count)
        for (index, entry) in entries.enumerated() {
            bySlot[Int(next[Int(entry.slot)])] = Int32(index)
            next[Int(entry.slot)] += 1
            byKind[Int(entry.kind)].append(Int32(index))
        }
        (slotStarts, slotEntries, kindEntries) = (starts, bySlot, byKind)
    }

    func position(_ entry: Entry) -> FlightChange.Position {
        FlightChange.Position(
            at: Date(timeIntervalSinceReferenceDate: entry.at), dayNumber: dayNumber, slot: Int(entry.slot),
            kind: Int(entry.kind))
    }

    /// The index of the first entry at or after `instant`.
    func firstIndex(atOrAfter instant: Date) -> Int {
        let target = instant.timeIntervalSinceReferenceDate
        var (low, high) = (0, entries.count)
        while low < high {
            let middle = (low + high) / 2
            if entries[middle].at < target { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The index of the first entry after `position`.
    func firstIndex(after position: FlightChange.Position) -> Int {
        var index = firstIndex(atOrAfter: position.at)
        while index < entries.count, entries[index].at == position.at.timeIntervalSinceReferenceDate,
            self.position(entries[index]) <= position
        {
            index += 1
        }
        return index
    }

    /// The index of the first entry after `instant`.
    func firstIndex(after instant: Date) -> Int {
        let target = instant.timeIntervalSinceReferenceDate
        var (low, high) = (0, entries.count)
        while low < high {
            let middle = (low + high) / 2
            if entries[middle].at <= target { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The indices of the entries of the flight in `slot`, in order.
    func entries(ofSlot slot: Int) -> ArraySlice<Int32> {
        guard slot >= 0, slot + 1 < slotStarts.count else { return [] }
        return slotEntries[Int(slotStarts[slot])..<Int(slotStarts[slot + 1])]
    }

    /// How many entries of `range` are of the kinds in `mask` (bit `order` for each kind).
    func count(ofKinds mask: UInt8, in range: Range<Int>) -> Int {
        guard !range.isEmpty else { return 0 }
        if mask == Self.allKinds { return range.count }
        var count = 0
        for (kind, indices) in kindEntries.enumerated() where mask & (1 << kind) != 0 {
            count +=
                Self.firstIndex(in: indices, atLeast: range.upperBound) - Self.firstIndex(in: indices, atLeast: range.lowerBound)
        }
        return count
    }

    /// The first `limit` indices of `range` whose entries are of the kinds in `mask`, in order.
    func indices(ofKinds mask: UInt8, in range: Range<Int>, limit: Int) -> [Int] {
        guard !range.isEmpty, limit > 0 else { return [] }
        if mask == Self.allKinds { return Array(range.prefix(limit)) }
        // Merged from each kind's indices, so a rare kind costs its own entries, not the day's.
        var lists: [(indices: [Int32], next: Int)] = []
        for (kind, indices) in kindEntries.enumerated() where mask & (1 << kind) != 0 {
            lists.append((indices, Self.firstIndex(in: indices, atLeast: range.lowerBound)))
        }
        var found: [Int] = []
        while found.count < limit {
            var best = -1
            for (place, list) in lists.enumerated() where list.next < list.indices.count {
                let index = Int(list.indices[list.next])
                if index < range.upperBound, best < 0 || index < Int(lists[best].indices[lists[best].next]) { best = place }
            }
            guard best >= 0 else { break }
            found.append(Int(lists[best].indices[lists[best].next]))
            lists[best].next += 1
        }
        return found
    }

    /// The first place in `indices` (sorted) holding `bound` or more.
    private static func firstIndex(in indices: [Int32], atLeast bound: Int) -> Int {
        var (low, high) = (0, indices.count)
        while low < high {
            let middle = (low + high) / 2
            if Int(indices[middle]) < bound { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The kinds by their order.
    static let kinds = FlightChange.Kind.allCases.sorted { $0.order < $1.order }
    /// The mask of every kind.
    static let allKinds = UInt8((1 << kinds.count) - 1)

    /// The mask of `kinds`: bit `order` for each.
    static func mask(_ kinds: Set<FlightChange.Kind>) -> UInt8 {
        kinds.reduce(0) { $0 | UInt8(1 << $1.order) }
    }
}

/// The days' changes asked for so far; safe to share. Entries are 24 bytes a change with their indices (a 3,000-flight
/// day has about 15,000), and at most `capacity` days are kept.
final class DayChangesCache: Sendable {
    static let capacity = 32
    private let days = Locked<[Int: DayChanges]>([:])
    private let asked = Locked(0)

    /// How many times a day's changes were asked for: a clock move's fan-out asks once per day it
    /// touches, however many subscribers and filters (`EventsFanOutTests`).
    var lookups: Int { asked.withLock { $0 } }

    func changes(on date: LocalDate, flights: () -> [Flight]) -> DayChanges {
        asked.withLock { $0 += 1 }
        if let cached = cached(on: date) { return cached }
        let made = DayChanges(date: date, flights: flights())
        store(made)
        return made
    }

    /// The day's changes when they were made already; nil, without making them, when not.
    func cached(on date: LocalDate) -> DayChanges? { days.withLock { $0[date.dayNumber] } }

    func store(_ day: DayChanges) {
        days.withLock { cache in
            if cache.count >= Self.capacity { cache.removeAll() }
            cache[day.dayNumber] = day
        }
    }
}

/// How many of a day's changes a filter keeps, and the instants of the first and last of them
/// (seconds since the reference date): all a page of `events.get` needs of a day it only counts.
struct DayCount: Sendable {
    let count: Int
    let first: Double
    let last: Double

    /// The count of `day` under `filter`; `admitted` the slots a filter that names flights admits.
    init(_ day: DayChanges, filter: EventFilter, admitted: [Bool]?) {
        var count = 0
        var first = Double.infinity
        var last = -Double.infinity
        for entry in day.entries where filter.kinds.contains(DayChanges.kinds[Int(entry.kind)]) {
            if let admitted, !admitted[Int(entry.slot)] { continue }
            count += 1
            first = min(first, entry.at)
            last = max(last, entry.at)
        }
        (self.count, self.first, self.last) = (count, first, last)
    }
}

/// Each day's count by filter, so that paging through an interval longer than `DayChangesCache`
/// holds counts each day once, not each day again every page: a page counts the whole interval
/// (`total`), and an interval of months went through all of its days for every page, 5 s a page at
/// 3,000 flights a day. At most `capacity` counts are kept; safe to share.
final class DayCountCache: Sendable {
    static let capacity = 8192

    struct Key: Hashable, Sendable {
        let filter: EventFilter
        let dayNumber: Int
    }

    private let counts = Locked<[Key: DayCount]>([:])

    func count(_ key: Key) -> DayCount? { counts.withLock { $0[key] } }

    /// How many counts are kept.
    var stored: Int { counts.withLock { $0.count } }

    func store(_ count: DayCount, for key: Key) {
        counts.withLock { cache in
            if cache.count >= Self.capacity { cache.removeAll() }
            cache[key] = count
        }
    }
}
