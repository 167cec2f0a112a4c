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

    /// A flight at `now`: what had been announced by then, its status and whether it is past.
    public func flight(_ flight: Flight, at now: Date, pinned: Bool) -> FlightDocument {
        self.flight(flight, state: flight.state(at: now), past: flight.isPast(at: now), pinned: pinned)
    }

    /// A flight in `state`, worked out by the caller (a board keeps each row's state to reuse its bytes).
    public func flight(_ flight: Flight, state: FlightState, past: Bool, pinned: Bool) -> FlightDocument {
        FlightDocument(
            id: flight.id, airline: flight.airline, number: flight.number, flightName: flight.flightName,
            direction: flight.direction, otherAirport: flight.otherAirport.name, flightTime: flight.otherAirport.flightMinutes,
            date: flight.date.description, codeshares: flight.codeshares.names,
            scheduledTime: localTime.iso8601(flight.scheduledTime), currentTime: state.currentTime.map(localTime.iso8601),
            delayMinutes: state.delayMinutes, gate: state.gate.description, terminal: state.gate.terminal,
            status: state.status, past: past, pinned: pinned,
            previousGate: state.previousGate?.description, divertedTo: state.divertedTo, baggage: state.baggage.map(baggage),
            remark: state.remark, changedAt: state.changedAt.map(localTime.iso8601))
    }

    public func baggage(_ baggage: Baggage) -> BaggageDocument {
        BaggageDocument(
            belt: baggage.belt, firstBag: localTime.iso8601(baggage.firstBag), lastBag: localTime.iso8601(baggage.lastBag))
    }

    /// The board; `nowText` replaces its "now" (a cache splices the real one in later).
    public func board(_ board: Board, simulated: Bool, speed: Double, nowText: String? = nil) -> BoardDocument {
        BoardDocument(
            airport: airportDocument, now: nowText ?? localTime.iso8601(board.now), simulated: simulated, speed: speed,
            date: board.date.description, tab: board.tab, hidePast: board.query.hidePast,
            tabs: board.tabs.map { BoardDocument.TabEntry(id: $0.tab, title: $0.tab.title, count: $0.count, badge: $0.badge) },
            flights: board.rows.map { flight($0.flight, at: board.now, pinned: $0.isPinned) })
    }

    /// One flight with its details: its service's history as of `now` (`FlightSource.history(of:at:)`) and on-time
    /// rate, the weekdays it runs, departure and arrival times, a departure's boarding and gate-close
    /// times, progress.
    public func details(_ flight: Flight, from source: any FlightSource, at now: Date, pinned: Bool) -> FlightDetailsDocument {
        let history = source.history(of: flight, at: now)
        let runs = source.timetable.services[Int(flight.serviceID)].weekdays
        let canceled = flight.isCanceled(at: now)
        let boards = flight.direction == .departure && !canceled && !flight.isDiverted(at: now)
        let current = flight.currentTime(at: now)
        return FlightDetailsDocument(
            flight: self.flight(flight, at: now, pinned: pinned),
            now: localTime.iso8601(now),
            history: history.map { entry in
                FlightDetailsDocument.HistoryDay(
                    date: entry.date.description, status: entry.status, scheduledTime: localTime.iso8601(entry.scheduledTime),
                    actualTime: entry.actualTime.map(localTime.iso8601), delayMinutes: entry.delayMinutes)
            },
            onTimeRate: history.onTimeRate,
            runs: runs.days.map { LocalDate.weekdayAbbreviations[$0] },
            departureTime: canceled ? nil : localTime.iso8601(flight.departureTime(at: now)),
            // A diverted arrival never reaches its gate here.
            arrivalTime: canceled || flight.isDiverted(at: now) ? nil : localTime.iso8601(flight.arrivalTime(at: now)),
            boardingTime: boards ? localTime.iso8601(current - Flight.boardingLead) : nil,
            gateClosesTime: boards ? localTime.iso8601(current - Flight.gateClosedLead) : nil,
            progress: flight.progress(at: now).map { ($0 * 1000).rounded() / 1000 },
            announcements: flight.announcements(through: now).map { announcement in
                FlightDetailsDocument.AnnouncementEntry(
                    at: localTime.iso8601(announcement.at), kind: announcement.kind.rawValue, text: announcement.text)
            })
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
    public func clock(
        now: Date, simulated: Bool, speed: Double, window: ScheduleWindow, replication: ReplicationDocument? = nil
    ) -> ClockDocument {
        ClockDocument(
            now: localTime.iso8601(now), date: localTime.date(at: now).description, simulated: simulated, speed: speed,
            timeZone: airport.timeZoneIdentifier, windowStart: window.firstDate.description,
            windowEnd: window.lastDate.description, replication: replication)
    }

    /// A change, numbered `seq`: values as text (a status's raw name, an ISO time, a gate, a city) or baggage.
    public func change(_ change: FlightChange, seq: Int) -> ChangeDocument {
        ChangeDocument(
            seq: seq, at: localTime.iso8601(change.at),
            flight: ChangeDocument.FlightRef(
                id: change.flight.id, date: change.flight.date.description, flightName: change.flight.flightName),
            kind: change.kind, from: change.from.map(value), to: change.to.map(value),
            cursor: ChangeCursor.encode(change.position))
    }

    public func value(_ value: FlightChange.Value) -> ChangeDocument.Value {
        switch value {
        case .status(let status): .text(status.rawValue)
        case .time(let time): .text(localTime.iso8601(time))
        case .gate(let gate): .text(gate.description)
        case .city(let city): .text(city)
        case .baggage(let baggage): .baggage(self.baggage(baggage))
        }
    }

    /// One page of changes in (`since`, `until`], numbered from 1, with the total and the next cursor.
    public func events(since: Date, until: Date, changes: [FlightChange], total: Int, next: FlightChange.Position?)
        -> EventsDocument
    {
        EventsDocument(
            since: localTime.iso8601(since), until: localTime.iso8601(until),
            changes: changes.enumerated().map { change($0.element, seq: $0.offset + 1) }, total: total,
            next: next.map(ChangeCursor.encode))
    }
}
