import FoundationEssentials

/// Search across the window: city, airline, number, gate (and the designator, a codeshare's
/// designator, or the id), ignoring case.
public struct FlightSearch: Sendable {
    /// The flights of one day that matched, in time order.
    public struct DayResult: Hashable, Sendable {
        public let date: LocalDate
        public let flights: [Flight]
        public var count: Int { flights.count }
    }

    public let text: String
    public let tab: Tab

    public init(text: String, tab: Tab = .all) {
        self.text = text
        self.tab = tab
    }

    public func matches(_ flight: Flight) -> Bool {
        let needle = text.lowercased().trimmingWhitespace()
        guard !needle.isEmpty, tab.includes(flight) else { return false }
        if flight.otherAirport.name.lowercased().contains(needle) { return true }
        // Punctuation and spacing do not matter in a city: "ft worth" finds Dallas/Ft. Worth.
        let foldedNeedle = needle.foldedForSearch
        if !foldedNeedle.isEmpty, flight.otherAirport.name.foldedForSearch.contains(foldedNeedle) { return true }
        if flight.airline.lowercased().contains(needle) { return true }
        if String(flight.number).contains(needle) || String(flight.id) == needle { return true }
        if flight.gate.description.lowercased() == needle { return true }
        // A designator is matched from its start (`pacific 5`, `pacific506`): a
        // needle that merely straddles the airline and the number (`c1` in
        // `pacific146`) is not a designator, and would catch gate-like text.
        let compactNeedle = needle.filter { !$0.isWhitespace }
        let compactName = flight.flightName.lowercased().filter { !$0.isWhitespace }
        if compactName.hasPrefix(compactNeedle) { return true }
        // A partner's designator (with its number: an airline's name finds the flights it operates)
        // finds the flight it is sold on: `southeast 412` finds the Pacific flight.
        guard compactNeedle.contains(where: \.isNumber) else { return false }
        return flight.codeshares.contains { $0.lowercased().filter { !$0.isWhitespace }.hasPrefix(compactNeedle) }
    }

    /// Matches grouped by day, days in order, days without a match left out; within a day pinned
    /// flights first, as on the board, then by time.
    public func run(in window: ScheduleWindow, at now: Date, pinned: PinnedFlights = []) -> [DayResult] {
        window.dates.compactMap { date in
            let found = window.flights(on: date).filter(matches).sorted(by: Board.order(pinned: pinned, at: now))
            return found.isEmpty ? nil : DayResult(date: date, flights: found)
        }
    }
}

extension String {
    /// Lower-case letters and digits only: `Dallas/Ft. Worth` is `dallasftworth`.
    var foldedForSearch: String { String(lowercased().filter { $0.isLetter || $0.isNumber }) }

    func trimmingWhitespace() -> String {
        var s = Substring(self)
        while let c = s.first, c.isWhitespace { s.removeFirst() }
        while let c = s.last, c.isWhitespace { s.removeLast() }
        return String(s)
    }
}
