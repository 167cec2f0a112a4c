import FlightData
import Foundation

/// The contract's JSON shapes, built from the domain (the daemon's side).
///
/// Every document carries `"schema": 1`; times are the airport's local time with their offset.
public struct WireEncoding: Sendable {
    public static let schema = 1

    public let airport: Airport
    public let localTime: LocalTime

    public init(airport: Airport) {
        self.airport = airport
        self.localTime = LocalTime(timeZone: airport.timeZone)
    }

    public var airportJSON: JSON {
        ["name": .string(airport.name), "code": .string(airport.code), "timeZone": .string(airport.timeZoneIdentifier)]
    }

    /// A Flight as the contract lists it, plus `date`, `delayMinutes` and `past`.
    public func flight(_ flight: Flight, at now: Date, pinned: Bool) -> JSON {
        .object(flightPairs(flight, status: flight.status(at: now), past: flight.isPast(at: now), pinned: pinned))
    }

    func flightPairs(_ flight: Flight, status: FlightStatus, past: Bool, pinned: Bool) -> [(String, JSON)] {
        [
            ("id", .int(flight.id)),
            ("airline", .string(flight.airline)),
            ("number", .int(flight.number)),
            ("flightName", .string(flight.flightName)),
            ("direction", .string(flight.direction.rawValue)),
            ("otherAirport", .string(flight.otherAirport.name)),
            ("flightTime", .int(flight.otherAirport.flightMinutes)),
            ("date", .string(flight.date.description)),
            ("scheduledTime", .string(localTime.iso8601(flight.scheduledTime))),
            ("currentTime", flight.isCanceled ? .null : .string(localTime.iso8601(flight.currentTime))),
            ("delayMinutes", .int(flight.disruption.delayMinutes)),
            ("gate", .string(flight.gate.description)),
            ("terminal", .string(flight.gate.terminal)),
            ("status", .string(status.rawValue)),
            ("past", .bool(past)),
            ("pinned", .bool(pinned)),
        ]
    }

    /// The board document.
    /// The board document; `nowText` replaces its "now" (a cache splices the real one in later).
    public func board(_ board: Board, simulated: Bool, speed: Double, nowText: String? = nil) -> JSON {
        [
            "schema": .int(Self.schema),
            "airport": airportJSON,
            "now": .string(nowText ?? localTime.iso8601(board.now)),
            "simulated": .bool(simulated),
            "speed": .double(speed),
            "date": .string(board.date.description),
            "tab": .string(board.tab.rawValue),
            "hidePast": .bool(board.query.hidePast),
            "tabs": .array(
                board.tabs.map {
                    [
                        "id": .string($0.tab.rawValue), "title": .string($0.tab.title), "count": .int($0.count),
                        "badge": .string($0.badge),
                    ]
                }),
            "flights": .array(
                board.rows.map { .object(flightPairs($0.flight, status: $0.status, past: $0.isPast, pinned: $0.isPinned)) }),
        ]
    }

    /// One flight with its details: history, on-time rate, departure and arrival times, progress.
    public func details(_ flight: Flight, at now: Date, pinned: Bool) -> JSON {
        var pairs: [(String, JSON)] = [("schema", .int(Self.schema))]
        pairs += flightPairs(flight, status: flight.status(at: now), past: flight.isPast(at: now), pinned: pinned)
        pairs += [
            ("now", .string(localTime.iso8601(now))),
            (
                "history",
                .array(
                    flight.history.map { entry in
                        [
                            "date": .string(entry.date.description),
                            "status": .string(entry.status.rawValue),
                            "scheduledTime": .string(localTime.iso8601(entry.scheduledTime)),
                            "actualTime": .optional(entry.actualTime.map(localTime.iso8601)),
                            "delayMinutes": .int(entry.delayMinutes),
                        ]
                    })
            ),
            ("onTimeRate", .double(flight.onTimeRate)),
            ("departureTime", flight.isCanceled ? .null : .string(localTime.iso8601(flight.departureTime))),
            ("arrivalTime", flight.isCanceled ? .null : .string(localTime.iso8601(flight.arrivalTime))),
            ("progress", .optional(flight.progress(at: now).map { ($0 * 1000).rounded() / 1000 })),
        ]
        return .object(pairs)
    }

    /// Search results grouped by day.
    public func search(_ search: FlightSearch, results: [FlightSearch.DayResult], at now: Date, pinned: Set<Int>) -> JSON {
        [
            "schema": .int(Self.schema),
            "text": .string(search.text),
            "tab": .string(search.tab.rawValue),
            "count": .int(results.reduce(0) { $0 + $1.count }),
            "days": .array(
                results.map { day in
                    [
                        "date": .string(day.date.description),
                        "badge": .string(day.date.shortName),
                        "count": .int(day.count),
                        "flights": .array(day.flights.map { flight($0, at: now, pinned: pinned.contains($0.id)) }),
                    ]
                }),
        ]
    }

    /// The clock document.
    public func clock(now: Date, simulated: Bool, speed: Double, window: ScheduleWindow) -> JSON {
        [
            "schema": .int(Self.schema),
            "now": .string(localTime.iso8601(now)),
            "date": .string(localTime.date(at: now).description),
            "simulated": .bool(simulated),
            "speed": .double(speed),
            "timeZone": .string(airport.timeZoneIdentifier),
            "windowStart": .string(window.firstDate.description),
            "windowEnd": .string(window.lastDate.description),
        ]
    }
}
