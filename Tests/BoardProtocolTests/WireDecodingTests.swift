import BoardLink
import BoardProtocol
import BoardSystem
import FlightData
import Foundation
import Testing

/// The client reads back what the daemon writes, and says clearly what is missing when it cannot.
@Suite struct WireDecodingTests {
    typealias F = ScheduleFixture

    static var boardJSON: JSON { F.encoding.board(F.board(), simulated: true, speed: 0).json }
    static var flight: Flight { F.todaysFlights.first { !$0.isCanceled && $0.disruption.delayMinutes > 0 }! }
    static var flightJSON: JSON { F.encoding.flight(flight, at: F.now, pinned: true).json }

    @Test func aBoardDecodesFromTheDaemonsEncoding() throws {
        let board = try BoardDocument(json: Self.boardJSON)
        #expect(board.airport.name == "Mountain Airport")
        #expect(board.airport.code == "MTN")
        #expect(board.airport.timeZone == "America/New_York")
        #expect(board.now == "2026-11-30T12:00:00-05:00")
        #expect(board.simulated)
        #expect(board.speed == 0)
        #expect(board.date == "2026-11-30")
        #expect(board.tab == .all)
        #expect(!board.hidePast)
        #expect(board.tabs.map(\.id) == [.arrivals, .all, .departures])
        #expect(board.tabs.map(\.title) == ["Arrivals", "All", "Departures"])
        #expect(board.tabs.map(\.count) == [15, 30, 15])
        #expect(board.tabs.map(\.badge) == ["15", "Nov 30", "15"])
        #expect(board.flights.map(\.id) == F.board().rows.map(\.flight.id))
        #expect(board.json == Self.boardJSON)
    }

    @Test func aBoardDecodesAfterTheTripOverTheWire() throws {
        let line = WireLine.result(id: 1, encoded: Self.boardJSON.bytes)
        let reply = try JSON.parse(line.dropLast())
        let board = try BoardDocument(json: try BoardConnection.result(of: reply))
        #expect(board.flights.count == 30)
    }

    @Test func aFlightDecodesToTheDomainsValues() throws {
        let domain = Self.flight
        let flight = try FlightDocument(json: Self.flightJSON)
        #expect(flight.id == domain.id)
        #expect(flight.airline == domain.airline)
        #expect(flight.number == domain.number)
        #expect(flight.flightName == domain.flightName)
        #expect(flight.direction == domain.direction)
        #expect(flight.isArrival == (domain.direction == .arrival))
        #expect(flight.otherAirport == domain.otherAirport.name)
        #expect(flight.flightTime == domain.otherAirport.flightMinutes)
        #expect(flight.date == "2026-11-30")
        #expect(flight.scheduledTime == F.localTime.iso8601(domain.scheduledTime))
        #expect(flight.currentTime == F.localTime.iso8601(domain.currentTime))
        #expect(flight.delayMinutes == domain.disruption.delayMinutes)
        #expect(flight.gate == domain.gate.description)
        #expect(flight.status == domain.status(at: F.now))
        #expect(flight.past == domain.isPast(at: F.now))
        #expect(flight.pinned)
    }

    @Test func everyFlightOfTheDayAndItsDetailsDecode() throws {
        for domain in F.todaysFlights {
            let plain = try FlightDocument(json: F.encoding.flight(domain, at: F.now, pinned: false).json)
            let details = try FlightDocument(json: F.encoding.details(domain, from: F.generator, at: F.now, pinned: false).json)
            #expect(plain.id == domain.id)
            #expect(details.id == domain.id)
            let shown = domain.state(at: F.now)
            #expect(plain.currentTime == shown.currentTime.map(F.localTime.iso8601))
            #expect(plain.gate == shown.gate.description && plain.previousGate == shown.previousGate?.description)
            #expect(plain.remark == shown.remark)
            #expect(plain.status == details.status)
        }
    }

    static let requiredFlightKeys = [
        "id", "airline", "number", "flightName", "direction", "otherAirport", "flightTime", "scheduledTime", "gate", "status",
    ]

    @Test(arguments: requiredFlightKeys)
    func aFlightWithoutARequiredKeyIsAClearError(_ key: String) throws {
        let error = try #require(throws: WireError.self) { try FlightDocument(json: Self.flightJSON.removing(key)) }
        #expect(error.code == .internal)
        #expect(error.message == "The daemon's reply has no \"\(key)\".")
    }

    @Test(arguments: requiredFlightKeys)
    func aFlightWithARequiredKeyOfTheWrongTypeIsAClearError(_ key: String) throws {
        let wrong: JSON = Kind(Self.flightJSON[key] ?? .null) == .string ? 5 : "five"
        let error = try #require(throws: WireError.self) { try FlightDocument(json: Self.flightJSON.setting(key, wrong)) }
        #expect(error.code == .internal)
        #expect(error.message == "The daemon's reply has a malformed \"\(key)\".")
    }

    @Test func nullInARequiredKeyIsAnError() {
        #expect(throws: WireError.self) { try FlightDocument(json: Self.flightJSON.setting("gate", nil)) }
    }

    @Test func optionalFlightKeysHaveDefaults() throws {
        var json = Self.flightJSON
        for key in ["date", "currentTime", "delayMinutes", "past", "pinned", "terminal"] { json = json.removing(key) }
        let flight = try FlightDocument(json: json)
        #expect(flight.date == "2026-11-30")
        #expect(flight.currentTime == nil)
        #expect(flight.delayMinutes == 0)
        #expect(!flight.past)
        #expect(!flight.pinned)
    }

    @Test(arguments: [JSON.null, true, 1, "flight", [1, 2], [:]])
    func somethingThatIsNotAFlightIsAnErrorNotACrash(_ json: JSON) {
        #expect(throws: WireError.self) { try FlightDocument(json: json) }
        #expect(throws: WireError.self) { try BoardDocument(json: json) }
    }

    @Test(arguments: ["airport", "now", "date", "tab", "tabs", "flights"])
    func aBoardWithoutARequiredKeyIsAClearError(_ key: String) throws {
        let error = try #require(throws: WireError.self) { try BoardDocument(json: Self.boardJSON.removing(key)) }
        #expect(error.code == .internal)
        #expect(error.message.contains("\"\(key)\""))
    }

    @Test(arguments: ["name", "code"])
    func aBoardWhoseAirportLacksAKeyIsAClearError(_ key: String) throws {
        let airport = try #require(Self.boardJSON["airport"])
        let error = try #require(throws: WireError.self) {
            try BoardDocument(json: Self.boardJSON.setting("airport", airport.removing(key)))
        }
        #expect(error.message.contains("\"\(key)\""))
    }

    @Test(arguments: ["id", "title", "count", "badge"])
    func aBoardWithABrokenTabIsAClearError(_ key: String) throws {
        var tabs = try #require(Self.boardJSON["tabs"]?.array)
        tabs[1] = tabs[1].removing(key)
        let error = try #require(throws: WireError.self) { try BoardDocument(json: Self.boardJSON.setting("tabs", .array(tabs))) }
        #expect(error.message.contains("\"\(key)\""))
    }

    @Test func aBoardWithABrokenFlightIsAClearError() throws {
        var flights = try #require(Self.boardJSON["flights"]?.array)
        flights[17] = flights[17].removing("gate")
        let error = try #require(throws: WireError.self) {
            try BoardDocument(json: Self.boardJSON.setting("flights", .array(flights)))
        }
        #expect(error.message == "The daemon's reply has no \"gate\".")
    }

    @Test func flightsThatIsNotAnArrayIsMalformed() throws {
        let error = try #require(throws: WireError.self) { try BoardDocument(json: Self.boardJSON.setting("flights", ["id": 1])) }
        #expect(error.message == "The daemon's reply has a malformed \"flights\".")
    }

    @Test func optionalBoardKeysHaveDefaults() throws {
        var json = Self.boardJSON
        for key in ["simulated", "speed", "hidePast", "schema"] { json = json.removing(key) }
        let board = try BoardDocument(json: json)
        #expect(!board.simulated)
        #expect(board.speed == 1)
        #expect(!board.hidePast)
    }

    @Test func anEmptyBoardDecodes() throws {
        let board = try BoardDocument(json: Self.boardJSON.setting("flights", []))
        #expect(board.flights.isEmpty)
    }

    @Test(arguments: [
        ("2026-11-30T12:10:00-05:00", "12:10"),
        ("2026-11-30T06:05:00-05:00", "06:05"),
        ("2026-11-30T23:59", "23:59"),
        ("12:10", "--:--"),
        ("", "--:--"),
    ])
    func clockTextPicksTheLocalTime(_ iso: String, _ expected: String) {
        #expect(clockText(iso) == expected)
    }

    @Test func clockTextOfNothingIsDashes() {
        #expect(clockText(nil) == "--:--")
    }
}
