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
    /// The text worked out against the catalogue once; nil for a blank text, which matches nothing.
    private let needle: SearchNeedle?

    public init(text: String, tab: Tab = .all) {
        self.text = text
        self.tab = tab
        self.needle = SearchNeedle(text)
    }

    /// Whether `flight` is in the tab and the text finds it by its city, airline, number, id, gate,
    /// designator or a codeshare's designator. A few table lookups and nothing allocated a flight: a search
    /// of the largest window asks this a million times.
    public func matches(_ flight: Flight) -> Bool {
        guard let needle, tab.includes(flight) else { return false }
        return needle.matches(flight)
    }

    /// The partner's designator by which the text finds a flight when nothing of the flight's own
    /// does (its city, airline, number, id, gate or designator): `Overland 338` for `overland 33`
    /// finding Pacific 146, sold as Overland 338; nil otherwise. People are shown it beside the
    /// flight, to see why it was found. The flight is given as a reply names it (the client has no
    /// `Flight`): names the catalogue knows, and the codeshares as designators (`Overland 338`).
    public func codeshareMatch(
        airline: String, number: Int, city: String, gate: String, id: Int, codeshares: [String]
    ) -> String? {
        guard let needle, needle.codeshares != nil,
            let airlineIndex = FlightCatalog.airlines.firstIndex(of: airline),
            let cityIndex = FlightCatalog.cities.firstIndex(where: { $0.name == city }),
            let gateIndex = FlightCatalog.gates.firstIndex(where: { $0.description == gate }),
            !needle.matchesOwn(city: cityIndex, airline: airlineIndex, gate: gateIndex, id: id, number: number)
        else { return nil }
        return codeshares.first { text in
            guard let designator = Designator(text), let index = FlightCatalog.airlines.firstIndex(of: designator.airline)
            else { return false }
            return needle.matchesPartner(airline: index, number: designator.number)
        }
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

/// A search's text, compared with the catalogue's few cities, airlines and gates once, so a flight
/// is matched by looking its indices up. The rules, each ignoring case:
///
/// - the city's name contains the text, or, punctuation and spacing aside, its letters and digits
///   (`ft worth` finds Dallas/Ft. Worth);
/// - the airline's name contains it;
/// - the number's digits contain it, or it is the id;
/// - it is the gate (`a3`);
/// - the designator (`Pacific 146`, spaces aside) starts with it: a needle that merely straddles the
///   airline and the number (`c1` in `pacific146`) is not a designator, and would catch gate-like text;
/// - with a digit in it, a partner's designator starts with it (`southeast 412` finds the Pacific
///   flight it is sold on; an airline's name alone finds the flights it operates, not those it sells),
///   or, digits alone, a partner's number contains it (`412` finds it too).
struct SearchNeedle: Sendable {
    /// How a designator of one airline compares with the text.
    enum Designator: Sendable {
        /// Whatever the number: the text is a start of the airline's name.
        case any
        /// When the number's digits start with these: the text is the airline's name and this.
        case numberStartsWith([UInt8])
        case never
    }

    /// By `FlightCatalog` index.
    let cities: [Bool]
    let airlines: [Bool]
    let gates: [Bool]
    let designators: [Designator]
    /// Nil when the text has no digit: then no codeshare can match.
    let codeshares: [Designator]?
    /// The text's bytes when only digits and signs, which a number's digits could contain.
    let number: [UInt8]?
    /// The text as an id, when it is one written as the id is.
    let id: Int?

    init?(_ text: String) {
        let needle = text.lowercased().trimmingWhitespace()
        guard !needle.isEmpty else { return nil }
        let folded = needle.foldedForSearch
        cities = FlightCatalog.cities.map { city in
            city.name.lowercased().contains(needle) || (!folded.isEmpty && city.name.foldedForSearch.contains(folded))
        }
        airlines = FlightCatalog.airlines.map { $0.lowercased().contains(needle) }
        gates = FlightCatalog.gates.map { $0.description.lowercased() == needle }
        let compact = Array(needle.filter { !$0.isWhitespace })
        designators = FlightCatalog.airlines.map { Self.designator(compact, airline: $0) }
        codeshares = compact.contains(where: \.isNumber) ? designators : nil
        number = needle.utf8.allSatisfy { (0x30...0x39).contains($0) || $0 == UInt8(ascii: "-") } ? Array(needle.utf8) : nil
        id = Int(needle).flatMap { String($0) == needle ? $0 : nil }
    }

    /// How `compact` (the text without spaces, in characters) compares with the designators of
    /// `airline`: `airline` without spaces and lower-cased, then the number's digits.
    static func designator(_ compact: [Character], airline: String) -> Designator {
        let name = Array(airline.lowercased().filter { !$0.isWhitespace })
        guard compact.count > name.count else { return name.starts(with: compact) ? .any : .never }
        guard compact.starts(with: name) else { return .never }
        // The rest must be digits (or a sign) to start a number's digits.
        var rest: [UInt8] = []
        for character in compact[name.count...] {
            guard character.isASCII, let byte = character.asciiValue else { return .never }
            rest.append(byte)
        }
        return .numberStartsWith(rest)
    }

    static func designatorMatches(_ designator: Designator, number: Int) -> Bool {
        switch designator {
        case .any: true
        case .never: false
        case .numberStartsWith(let digits): String(number).utf8.starts(with: digits)
        }
    }

    func matches(_ flight: Flight) -> Bool {
        let own = matchesOwn(
            city: Int(flight.cityIndex), airline: Int(flight.airlineIndex), gate: Int(flight.gateIndex), id: flight.id,
            number: flight.number)
        if own { return true }
        return flight.codeshares.contains { airline, number in matchesPartner(airline: airline, number: number) }
    }

    /// Whether the text finds a partner's designator (`airline` by catalogue index): its start, or,
    /// for a text of digits, its number's digits, as a number finds a flight's own (`256` finds
    /// Pacific 711, sold as Overland 256: the number on a partner's ticket).
    func matchesPartner(airline: Int, number: Int) -> Bool {
        guard let codeshares else { return false }
        if Self.designatorMatches(codeshares[airline], number: number) { return true }
        guard let part = self.number else { return false }
        return Self.contains(number, part)
    }

    /// Whether the text finds a flight by what is its own: its city, airline, gate (by catalogue
    /// index), id, number or designator; not by a partner's designator.
    func matchesOwn(city: Int, airline: Int, gate: Int, id: Int, number: Int) -> Bool {
        if cities[city] || airlines[airline] || gates[gate] { return true }
        if id == self.id { return true }
        if let part = self.number, Self.contains(number, part) { return true }
        return Self.designatorMatches(designators[airline], number: number)
    }

    /// Whether `number`'s digits hold `part` somewhere (the digits of a small string, on the stack).
    static func contains(_ number: Int, _ part: [UInt8]) -> Bool {
        var digits = String(number)
        return digits.withUTF8 { whole in
            guard whole.count >= part.count else { return false }
            return (0...(whole.count - part.count)).contains { start in
                UnsafeBufferPointer(rebasing: whole[start..<(start + part.count)]).elementsEqual(part)
            }
        }
    }
}

extension String {
    /// Lower-case letters and digits only: `Dallas/Ft. Worth` is `dallasftworth`.
    var foldedForSearch: String { String(lowercased().filter { $0.isLetter || $0.isNumber }) }

    /// The text without the whitespace that starts or ends it.
    public func trimmingWhitespace() -> String {
        var s = Substring(self)
        while let c = s.first, c.isWhitespace { s.removeFirst() }
        while let c = s.last, c.isWhitespace { s.removeLast() }
        return String(s)
    }
}
