import FlightData
import FoundationEssentials

/// The documents the daemon sends, built from the domain: the one place a Flight, a Board, a
/// search or the clock becomes a document (each document then encodes itself).
///
/// Times become the airport's local time with its offset.
public struct WireEncoding: Sendable {
    public let airport: Airport
    public let localTime: LocalTime

    public init(airport: Airport) {
        self.airport = airport
        self.localTime = LocalTime(timeZone: airport.timeZone)
    }

    public var airportDocument: BoardDocument.Airport {
        BoardDocument.Airport(name: airport.name, code: airport.code, timeZone: airport.timeZoneIdentifier)
    }

    /// A flight at `now`: its status and whether it is past follow from the clock.
    public func flight(_ flight: Flight, at now: Date, pinned: Bool) -> FlightDocument {
        self.flight(flight, status: flight.status(at: now), past: flight.isPast(at: now), pinned: pinned)
    }

    func flight(_ flight: Flight, status: FlightStatus, past: Bool, pinned: Bool) -> FlightDocument {
        FlightDocument(
            id: flight.id, airline: flight.airline, number: flight.number, flightName: flight.flightName,
            direction: flight.direction, otherAirport: flight.otherAirport.name, flightTime: flight.otherAirport.flightMinutes,
            date: flight.date.description, codeshares: flight.codeshares.names,
            scheduledTime: localTime.iso8601(flight.scheduledTime),
            currentTime: flight.isCanceled ? nil : localTime.iso8601(flight.currentTime),
            delayMinutes: flight.disruption.delayMinutes, gate: flight.gate.description, terminal: flight.gate.terminal,
            status: status, past: past, pinned: pinned)
    }

    /// The board; `nowText` replaces its "now" (a cache splices the real one in later).
    public func board(_ board: Board, simulated: Bool, speed: Double, nowText: String? = nil) -> BoardDocument {
        BoardDocument(
            airport: airportDocument, now: nowText ?? localTime.iso8601(board.now), simulated: simulated, speed: speed,
            date: board.date.description, tab: board.tab, hidePast: board.query.hidePast,
            tabs: board.tabs.map { BoardDocument.TabEntry(id: $0.tab, title: $0.tab.title, count: $0.count, badge: $0.badge) },
            flights: board.rows.map { flight($0.flight, status: $0.status, past: $0.isPast, pinned: $0.isPinned) })
    }

    /// One flight with its details: history, on-time rate, departure and arrival times, progress.
    public func details(_ flight: Flight, at now: Date, pinned: Bool) -> FlightDetailsDocument {
        FlightDetailsDocument(
            flight: self.flight(flight, at: now, pinned: pinned),
            now: localTime.iso8601(now),
            history: flight.history.map { entry in
                FlightDetailsDocument.HistoryDay(
                    date: entry.date.description, status: entry.status, scheduledTime: localTime.iso8601(entry.scheduledTime),
                    actualTime: entry.actualTime.map(localTime.iso8601), delayMinutes: entry.delayMinutes)
            },
            onTimeRate: flight.onTimeRate,
            departureTime: flight.isCanceled ? nil : localTime.iso8601(flight.departureTime),
            arrivalTime: flight.isCanceled ? nil : localTime.iso8601(flight.arrivalTime),
            progress: flight.progress(at: now).map { ($0 * 1000).rounded() / 1000 })
    }

    /// Search results grouped by day.
    public func search(_ search: FlightSearch, results: [FlightSearch.DayResult], at now: Date, pinned: PinnedFlights)
        -> SearchResultsDocument
    {
        SearchResultsDocument(
            text: search.text, tab: search.tab, count: results.reduce(0) { $0 + $1.count },
            days: results.map { day in
                SearchResultsDocument.Day(
                    date: day.date.description, badge: day.date.shortName, count: day.count,
                    flights: day.flights.map { flight($0, at: now, pinned: pinned.contains($0)) })
            })
    }

    /// The clock and the window it gives.
    public func clock(now: Date, simulated: Bool, speed: Double, window: ScheduleWindow) -> ClockDocument {
        ClockDocument(
            now: localTime.iso8601(now), date: localTime.date(at: now).description, simulated: simulated, speed: speed,
            timeZone: airport.timeZoneIdentifier, windowStart: window.firstDate.description,
            windowEnd: window.lastDate.description)
    }
}
