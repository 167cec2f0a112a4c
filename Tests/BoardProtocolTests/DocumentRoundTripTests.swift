import BoardProtocol
import FlightData
import Foundation
import Testing

/// Every document the daemon builds gives the same bytes after a trip through its own decoder:
/// encode, decode, encode again. The client reads exactly what the daemon wrote.
@Suite struct DocumentRoundTripTests {
    typealias F = ScheduleFixture

    /// Encodes `document`, parses the bytes, decodes them and checks both the value and the bytes survive.
    static func checkRoundTrip<Document: WireDocument>(
        _ document: Document, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let bytes = document.json.bytes
        let decoded = try Document(json: try JSON.parse(bytes))
        #expect(decoded == document, sourceLocation: sourceLocation)
        #expect(decoded.json.bytes == bytes, "\(String(decoding: bytes, as: UTF8.self))", sourceLocation: sourceLocation)
    }

    static let views: [(Tab, Bool)] = Tab.allCases.flatMap { tab in [(tab, false), (tab, true)] }

    @Test(arguments: views)
    func boards(_ tab: Tab, _ hidePast: Bool) throws {
        let pinned: Set = [F.todaysFlights[3].id, F.todaysFlights[20].id]
        for (simulated, speed) in [(true, 0.0), (true, 2.5), (false, 1.0), (true, 1_000_000.0)] {
            let board = F.board(tab: tab, hidePast: hidePast, pinned: pinned)
            try Self.checkRoundTrip(F.encoding.board(board, simulated: simulated, speed: speed))
        }
    }

    @Test func aBoardWithTheCachesNowMarkerKeepsIt() throws {
        let document = F.encoding.board(F.board(), simulated: false, speed: 1, nowText: "\u{1}now\u{1}")
        try Self.checkRoundTrip(document)
        #expect(document.json.text.contains(#""now":"\u0001now\u0001""#))
    }

    @Test func anEmptyBoard() throws {
        let empty = Board(
            flights: [], query: BoardQuery(date: F.today, tab: .departures, hidePast: true, pinned: []), now: F.now)
        try Self.checkRoundTrip(F.encoding.board(empty, simulated: true, speed: 0))
    }

    @Test func everyFlightAndItsDetailsTodayAndTomorrow() throws {
        for date in [F.today, F.today.adding(days: 1)] {
            for flight in F.window.flights(on: date) {
                let pinned = flight.id % 2 == 0
                try Self.checkRoundTrip(F.encoding.flight(flight, at: F.now, pinned: pinned))
                try Self.checkRoundTrip(F.encoding.details(flight, from: F.generator, at: F.now, pinned: pinned))
            }
        }
    }

    @Test func detailsCoverEveryStatusOfTheDay() throws {
        // Through a day every status of the lifecycle appears, and each survives the trip: Dec 2, the
        // window's day with a diversion (US 527, diverted to Miami at 05:26).
        // Each status is round-tripped where it first appears (encoding every flight at every instant
        // costs seconds in a debug build and proves nothing more).
        let day = F.today.adding(days: 2)
        let flights = F.window.flights(on: day)
        let diverted = try #require(flights.first { $0.flightName == "US 527" })
        #expect(diverted.isDiverted(at: F.localTime.instant(on: day, minute: 12 * 60)))
        var seen: Set<FlightStatus> = []
        for minute in stride(from: 0, to: 24 * 60, by: 5) {
            let now = F.localTime.instant(on: day, minute: minute)
            for flight in flights where !seen.contains(flight.status(at: now)) {
                let details = F.encoding.details(flight, from: F.generator, at: now, pinned: false)
                seen.insert(details.flight.status)
                try Self.checkRoundTrip(details)
            }
        }
        #expect(seen == Set(FlightStatus.allCases).subtracting([.scheduled]))
    }

    @Test(arguments: ["denver", "a1", "Pacific", "Pacific 123", "zzz"])
    func searchResults(_ text: String) throws {
        for tab in Tab.allCases {
            let search = FlightSearch(text: text, tab: tab)
            let results = search.run(in: F.window, at: F.now)
            try Self.checkRoundTrip(
                F.encoding.search(
                    search, results: results, at: F.now, pinned: PinnedFlights(F.todaysFlights.prefix(3).map(FlightKey.init))))
        }
    }

    @Test(arguments: [(true, 0.0), (true, 0.25), (true, 60.0), (false, 1.0)])
    func clocks(_ simulated: Bool, _ speed: Double) throws {
        try Self.checkRoundTrip(F.encoding.clock(now: F.now, simulated: simulated, speed: speed, window: F.window))
    }

    @Test func ping() throws {
        let ping = PingDocument(server: "boardd/\(boardVersion)", instance: "abc123", protocolVersion: wireProtocolVersion)
        try Self.checkRoundTrip(ping)
        #expect(ping.json.text == #"{"pong":true,"server":"boardd/\#(boardVersion)","instance":"abc123","protocol":1}"#)
    }

    /// A source's (and later a replica's) `replication`, last in `ping` and `clock.*`; absent on a daemon alone.
    @Test func replication() throws {
        let source = ReplicationDocument(role: "source", source: "abc123", connected: false, waiting: 3, lag: nil)
        let ping = PingDocument(
            server: "boardd/\(boardVersion)", instance: "abc123", protocolVersion: wireProtocolVersion, replication: source)
        try Self.checkRoundTrip(ping)
        #expect(
            ping.json.text
                == #"{"pong":true,"server":"boardd/\#(boardVersion)","instance":"abc123","protocol":1,"replication":{"role":"source","source":"abc123","connected":false,"waiting":3,"lag":null}}"#
        )
        let clock = F.encoding.clock(now: F.now, simulated: true, speed: 1, window: F.window, replication: source)
        try Self.checkRoundTrip(clock)
        #expect(
            clock.json.text.hasSuffix(
                #","replication":{"role":"source","source":"abc123","connected":false,"waiting":3,"lag":null}}"#))
        #expect(!F.encoding.clock(now: F.now, simulated: true, speed: 1, window: F.window).json.text.contains("replication"))
        let replica = ReplicationDocument(role: "replica", source: "abc123", connected: true, waiting: 0, lag: 0.25)
        try Self.checkRoundTrip(replica)
        // A source superseded says by whom, last; a replica never writes the key.
        let superseded = ReplicationDocument(
            role: "source", source: "abc123", connected: false, waiting: 0, lag: nil, supersededBy: "def456")
        try Self.checkRoundTrip(superseded)
        #expect(superseded.json.text.hasSuffix(#","lag":null,"supersededBy":"def456"}"#), "\(superseded.json.text)")
    }

    @Test func statusLines() throws {
        let values = StatusLineDocument.Values(
            code: "MTN", airport: "Mountain Airport", clock: "12:00", arrivals: "10", departures: "10",
            next: "Overland 176", time: "13:05", gate: "A1", status: "Delayed", id: "3220")
        let online = StatusLineDocument(line: "MTN ↓10 ↑10 next Overland 176 13:05 A1 Delayed", values: values)
        try Self.checkRoundTrip(online)
        #expect(
            online.json.text
                == #"{"schema":1,"online":true,"line":"MTN ↓10 ↑10 next Overland 176 13:05 A1 Delayed","code":"MTN","airport":"Mountain Airport","clock":"12:00","arrivals":10,"departures":10,"next":"Overland 176","time":"13:05","gate":"A1","status":"Delayed","id":3220,"city":null,"direction":null,"minutes":null,"pinned":null,"alert":null,"replica":null}"#
        )
        let offline = StatusLineDocument(line: "board: offline", values: nil)
        try Self.checkRoundTrip(offline)
        #expect(
            offline.json.text
                == #"{"schema":1,"online":false,"line":"board: offline","code":null,"airport":null,"clock":null,"arrivals":null,"departures":null,"next":null,"time":null,"gate":null,"status":null,"id":null,"city":null,"direction":null,"minutes":null,"pinned":null,"alert":null,"replica":null}"#
        )
    }
}

/// A value the client has no case for is an error that names the field and the value, never a crash.
@Suite struct UnknownValueTests {
    typealias F = ScheduleFixture

    static var details: JSON { F.encoding.details(F.todaysFlights[5], from: F.generator, at: F.now, pinned: false).json }

    @Test(arguments: [("status", "hijacked"), ("direction", "sideways")])
    func aFlightWithAnUnknownName(_ key: String, _ value: String) throws {
        let error = try #require(throws: WireError.self) {
            try FlightDocument(json: Self.details.setting(key, .string(value)))
        }
        #expect(error.code == .internal)
        #expect(error.message == "The daemon's reply has an unknown \"\(key)\": \"\(value)\".")
        #expect(throws: WireError.self) { try FlightDetailsDocument(json: Self.details.setting(key, .string(value))) }
    }

    @Test func aHistoryDayWithAnUnknownOutcome() throws {
        var history = try #require(Self.details["history"]?.array)
        history[2] = history[2].setting("status", "lost")
        let error = try #require(throws: WireError.self) {
            try FlightDetailsDocument(json: Self.details.setting("history", .array(history)))
        }
        #expect(error.message == "The daemon's reply has an unknown \"status\": \"lost\".")
    }

    @Test func aBoardWithAnUnknownTab() throws {
        let board = F.encoding.board(F.board(), simulated: false, speed: 1).json
        let error = try #require(throws: WireError.self) { try BoardDocument(json: board.setting("tab", "gates")) }
        #expect(error.message == "The daemon's reply has an unknown \"tab\": \"gates\".")
    }

    @Test func aVeryLongUnknownNameIsCutInTheMessage() throws {
        let long = String(repeating: "x", count: 10_000)
        let error = try #require(throws: WireError.self) {
            try FlightDocument(json: Self.details.setting("status", .string(long)))
        }
        #expect(error.message.count < 200)
    }

    @Test func aClockNeedsOnlyItsTime() throws {
        let clock = try ClockDocument(json: ["schema": 1, "now": "2026-11-30T12:00:00-05:00", "speed": .double(1e300)])
        #expect(clock.now == "2026-11-30T12:00:00-05:00")
        #expect(!clock.simulated)
        #expect(clock.speed == JSON.maxClockSpeed)
        #expect(throws: WireError.self) { try ClockDocument(json: ["simulated": true]) }
    }

    @Test func detailsNeedTheirHistoryAndRate() throws {
        for key in ["now", "history", "onTimeRate"] {
            let error = try #require(throws: WireError.self) { try FlightDetailsDocument(json: Self.details.removing(key)) }
            #expect(error.message == "The daemon's reply has no \"\(key)\".")
        }
        let canceledTimes = try FlightDetailsDocument(
            json: Self.details.setting("departureTime", nil).setting("arrivalTime", nil).setting("progress", nil))
        #expect(canceledTimes.departureTime == nil && canceledTimes.arrivalTime == nil && canceledTimes.progress == nil)
    }
}
