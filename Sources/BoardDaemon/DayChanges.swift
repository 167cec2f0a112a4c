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

    init(date: LocalDate, flights: [Flight]) {
        dayNumber = date.dayNumber
        var entries: [Entry] = []
        for flight in flights {
            for change in flight.changes(after: flight.dayStart.addingTimeInterval(-1), through: .distantFuture) {
                entries.append(
                    Entry(
                        at: change.at.timeIntervalSinceReferenceDate, slot: Int32(change.flight.slot),
                        kind: UInt8(change.kind.order)))
            }
        }
        self.entries = entries.sorted { ($0.at, $0.slot, $0.kind) < ($1.at, $1.slot, $1.kind) }
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

    /// The kinds by their order.
    static let kinds = FlightChange.Kind.allCases.sorted { $0.order < $1.order }
}

/// The days' changes asked for so far; safe to share. Entries are 16 bytes a change (a 3,000-flight
/// day has about 15,000), and at most `capacity` days are kept.
final class DayChangesCache: Sendable {
    static let capacity = 32
    private let days = Locked<[Int: DayChanges]>([:])

    func changes(on date: LocalDate, flights: () -> [Flight]) -> DayChanges {
        if let cached = days.withLock({ $0[date.dayNumber] }) { return cached }
        let made = DayChanges(date: date, flights: flights())
        days.withLock { cache in
            if cache.count >= Self.capacity { cache.removeAll() }
            cache[date.dayNumber] = made
        }
        return made
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
