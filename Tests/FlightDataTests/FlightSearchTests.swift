import FlightData
import Foundation
import Testing

/// Search across the window (2026-11-30 to 2026-12-14): city, airline, number
/// or gate, ignoring case, grouped by day, filtered by tab.
struct FlightSearchTests {
    /// Checks a search against the flights it should find: every one of them,
    /// nothing else, one group a day with a match, days and flights in order.
    static func check(
        _ text: String, tab: Tab = .all, sourceLocation: SourceLocation = #_sourceLocation,
        expecting predicate: (Flight) -> Bool
    ) {
        let results = FlightSearch(text: text, tab: tab).run(in: Fixture.window, at: Fixture.now)
        let wanted = Fixture.window.allFlights.filter { tab.includes($0) && predicate($0) }
        #expect(!wanted.isEmpty, "a search for \(text) should find something", sourceLocation: sourceLocation)
        #expect(Set(results.flatMap(\.flights)) == Set(wanted), "search for \(text)", sourceLocation: sourceLocation)
        #expect(results.map(\.date) == Array(Set(wanted.map(\.date))).sorted(), sourceLocation: sourceLocation)
        for day in results {
            #expect(day.count == day.flights.count && day.count > 0, sourceLocation: sourceLocation)
            #expect(day.flights.allSatisfy { $0.date == day.date }, sourceLocation: sourceLocation)
            #expect(day.flights == day.flights.sorted(by: Board.timeOrder(at: Fixture.now)), sourceLocation: sourceLocation)
        }
    }

    @Test(arguments: ["chicago", "Chicago", "CHICAGO", "  cHiCaGo "])
    func byCityIgnoringCase(text: String) {
        Self.check(text) { $0.otherAirport.name == "Chicago" }
    }

    /// Punctuation and spacing do not matter in a city's name.
    @Test(arguments: ["ft worth", "Ft Worth", "FT.WORTH", "dallas ft", "dallas/ft. worth", "Dallas-Fort"])
    func byCityIgnoringPunctuationAndSpacing(text: String) {
        if text == "Dallas-Fort" {
            // "fort" is not "ft": folding drops punctuation, it does not expand abbreviations.
            #expect(FlightSearch(text: text).run(in: Fixture.window, at: Fixture.now).isEmpty)
            return
        }
        Self.check(text) { $0.otherAirport.name == "Dallas/Ft. Worth" }
    }

    @Test func punctuationAloneFindsOnlyWhatContainsIt() {
        Self.check("/") { $0.otherAirport.name.contains("/") }
        #expect(FlightSearch(text: ".-").run(in: Fixture.window, at: Fixture.now).isEmpty)
    }

    @Test(arguments: [
        ("dallas", "Dallas/Ft. Worth"), ("ft. worth", "Dallas/Ft. Worth"), ("lga", "New York-LGA"), ("vegas", "Las Vegas"),
    ])
    func byPartOfACityName(text: String, city: String) {
        Self.check(text) { $0.otherAirport.name == city }
    }

    @Test(arguments: ["US", "Southeast", "Pacific", "Overland"])
    func byAirline(airline: String) {
        Self.check(airline.lowercased()) { $0.airline == airline }
        Self.check(airline.uppercased()) { $0.airline == airline }
    }

    @Test func byNumber() throws {
        // Southeast 428 (Mon, Wed, Fri) and US 428 (daily) both fly on 2026-11-30, a Monday; any
        // airline's 428 matches a search for 428, and so does a flight a partner sells as 428.
        Self.check("428") { $0.number == 428 || $0.codeshares.designators.contains { $0.number == 428 } }
        let day = try #require(FlightSearch(text: "428").run(in: Fixture.window, at: Fixture.now).first)
        #expect(day.date == Fixture.today && day.flights.map(\.flightName).starts(with: ["Southeast 428", "US 428"]))
    }

    /// A number alone finds a flight by a partner's number, as a passenger holding the partner's
    /// ticket types it: US 953 is also sold as Pacific 333 and Overland 601.
    @Test func byACodesharesNumber() throws {
        let found = FlightSearch(text: "601").run(in: Fixture.window, at: Fixture.now)
        let today = try #require(found.first { $0.date == Fixture.today })
        #expect(today.flights.map(\.flightName).contains("US 953"))
        Self.check("601") { flight in
            String(flight.number).contains("601") || flight.codeshares.designators.contains { String($0.number).contains("601") }
        }
    }

    @Test(arguments: ["A1", "a1", "B5", "b3"])
    func byGate(text: String) {
        Self.check(text) { $0.gate.description == text.uppercased() }
    }

    /// A designator finds the flight operating under it and any flight sold under it as a codeshare.
    @Test(arguments: ["Southeast 513", "southeast513", "SOUTHEAST 513"])
    func byDesignator(text: String) {
        Self.check(text) { $0.flightName == "Southeast 513" || $0.codeshares.names.contains("Southeast 513") }
    }

    @Test(arguments: [("pacific 5", "Pacific", "5"), ("Overland 12", "Overland", "12"), ("us9", "US", "9")])
    func byTheStartOfADesignator(text: String, airline: String, numberPrefix: String) {
        func matches(_ name: String) -> Bool { name.hasPrefix(airline + " " + numberPrefix) }
        Self.check(text) { matches($0.flightName) || $0.codeshares.names.contains(where: matches) }
    }

    @Test func byID() {
        // 8087 is Southeast 513 on 2026-11-30; the same service on other days has other ids.
        Self.check("8087") { $0.id == 8087 }
        let found = FlightSearch(text: "8087").run(in: Fixture.window, at: Fixture.now).flatMap(\.flights)
        #expect(found.map(\.flightName) == ["Southeast 513"] && found.map(\.date) == [Fixture.today])
    }

    /// Texts that find arrivals and departures alike (gate A2 is the usual gate of both).
    @Test(arguments: ["chicago", "pacific", "a2"])
    func theTabFilters(text: String) {
        let arrivals = FlightSearch(text: text, tab: .arrivals).run(in: Fixture.window, at: Fixture.now).flatMap(\.flights)
        let departures = FlightSearch(text: text, tab: .departures).run(in: Fixture.window, at: Fixture.now).flatMap(\.flights)
        let all = FlightSearch(text: text, tab: .all).run(in: Fixture.window, at: Fixture.now).flatMap(\.flights)
        #expect(!arrivals.isEmpty && !departures.isEmpty)
        #expect(arrivals.allSatisfy { $0.direction == .arrival })
        #expect(departures.allSatisfy { $0.direction == .departure })
        #expect(Set(arrivals).union(departures) == Set(all))
        #expect(arrivals.count + departures.count == all.count)
        Self.check(text, tab: .departures) { FlightSearch(text: text).matches($0) }
    }

    /// Gate-like text that is no gate finds nothing, even where it straddles
    /// an airline's last letter and a number (`c3` in `Pacific 320`).
    @Test(arguments: ["", "   ", "zzz", "Boston", "A6", "C1", "c320", "d8", "s4", "ific 578", "Pacific 1000"])
    func findsNothing(text: String) {
        #expect(FlightSearch(text: text).run(in: Fixture.window, at: Fixture.now).isEmpty)
    }

    /// The straddling texts above do straddle designators of the window (`Pacific 320`, `Overland 810`,
    /// `US 403`, `Pacific 578`), so that finding nothing says something.
    @Test(arguments: ["c320", "d8", "s4", "ific 578"])
    func straddlingTextIsInADesignator(text: String) {
        let compact = text.filter { !$0.isWhitespace }
        #expect(Fixture.window.allFlights.contains { "\($0.airline)\($0.number)".lowercased().contains(compact) })
    }

    @Test func onlyTheWindowIsSearched() {
        let results = FlightSearch(text: "chicago").run(in: Fixture.window, at: Fixture.now)
        #expect(results.allSatisfy { Fixture.window.contains($0.date) })
        #expect(results.first.map { $0.date >= Fixture.today } == true)
    }
}

/// Pinned flights come first within their day, as on the board; other days are not reordered.
struct PinnedSearchOrderTests {
    @Test func pinnedFlightsLeadTheirDay() throws {
        let plain = FlightSearch(text: "US").run(in: Fixture.window, at: Fixture.now)
        let first = try #require(plain.first)
        let last = try #require(first.flights.last)
        let pinned = PinnedFlights([FlightKey(id: last.id, date: last.date)])
        let results = FlightSearch(text: "US").run(in: Fixture.window, at: Fixture.now, pinned: pinned)
        #expect(results.first?.flights.first == last, "the pinned flight leads its day")
        #expect(Set(results.first?.flights ?? []) == Set(first.flights), "nothing added or lost")
        #expect(Array(results.dropFirst()) == Array(plain.dropFirst()), "other days as they were")
    }
}
