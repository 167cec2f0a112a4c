import BoardProtocol
import BoardSystem
import FlightData
import Foundation

/// The default schedule at a fixed instant: 2026-11-30 12:00 at Mountain Airport (17:00 UTC).
struct ScheduleFixture {
    static let airport = Airport.mountain
    static let localTime = LocalTime(timeZone: airport.timeZone)
    static let today = LocalDate(year: 2026, month: 11, day: 30)!
    static let now = localTime.instant(on: today, minute: 12 * 60)
    static let generator = ScheduleGenerator(config: .default)
    static let window = ScheduleWindow(source: generator, at: now)
    static let encoding = WireEncoding(airport: airport)

    static func board(tab: Tab = .all, hidePast: Bool = false, pinned: Set<Int> = []) -> Board {
        Board(
            flights: window.flights(on: today),
            query: BoardQuery(
                date: today, tab: tab, hidePast: hidePast, pinned: PinnedFlights(pinned.map { FlightKey(id: $0, date: today) })),
            now: now)
    }

    static var todaysFlights: [Flight] { window.flights(on: today) }
}

extension JSON {
    /// The object's keys, in order.
    var keys: [String] { objectPairs?.map(\.0) ?? [] }

    /// The object without `key`.
    func removing(_ key: String) -> JSON {
        guard let pairs = objectPairs else { return self }
        return .object(pairs.filter { $0.0 != key })
    }

    /// The object with `key` set to `value` (in place when present, appended when not).
    func setting(_ key: String, _ value: JSON) -> JSON {
        guard var pairs = objectPairs else { return self }
        if let index = pairs.firstIndex(where: { $0.0 == key }) {
            pairs[index].1 = value
        } else {
            pairs.append((key, value))
        }
        return .object(pairs)
    }
}
