import FlightData
import Testing

/// How people name a flight: an id, or an airline and a number (`Pacific 123`, `pacific123`).
struct FlightReferenceTests {
    @Test(arguments: [
        ("Pacific 123", "Pacific", 123), ("pacific123", "Pacific", 123), ("PACIFIC 123", "Pacific", 123),
        ("  Pacific   123  ", "Pacific", 123), ("US 100", "US", 100), ("us999", "US", 999), ("Southeast 506", "Southeast", 506),
        ("overland 42", "Overland", 42), ("Pacific 0123", "Pacific", 123),
    ])
    func designatorParses(text: String, airline: String, number: Int) throws {
        let designator = try #require(Designator(text))
        #expect(designator.airline == airline && designator.number == number)
        #expect(designator.description == "\(airline) \(number)")
        #expect(Designator(designator.description) == designator)
        #expect(FlightReference(text) == .designator(designator))
    }

    @Test(arguments: [
        "", "Pacific", "123", "Acme 123", "Pacific 12a", "Pacific -5", "Pacific 12345", "Pacific 1.5", "123 Pacific", "Pac 123",
    ])
    func designatorRejects(text: String) {
        #expect(Designator(text) == nil)
    }

    @Test(arguments: [
        ("1234", 1234), ("8087", 8087), ("1000000", 1_000_000), ("9999999", 9_999_999), (" 4821 ", 4821), ("42", 42),
    ])
    func digitsAreAnID(text: String, id: Int) {
        #expect(FlightReference(text) == .id(id))
        #expect(FlightReference(text)?.description == String(id))
    }

    @Test(arguments: ["", "   ", "12345678", "-1234", "12 34", "Acme 123", "Pacific", "#1234"])
    func referenceRejects(text: String) {
        #expect(FlightReference(text) == nil)
    }

    @Test func aDesignatorMatchesItsFlightsOnly() throws {
        let flight = try Fixture.flight { _ in true }
        let designator = try #require(Designator(flight.flightName.lowercased()))
        #expect(designator.matches(flight))
        #expect(Fixture.window.allFlights.filter(designator.matches).allSatisfy { $0.flightName == flight.flightName })
        #expect(
            !(try #require(Designator("\(flight.airline) \(flight.number == 999 ? 998 : flight.number + 1)"))).matches(flight))
    }
}
