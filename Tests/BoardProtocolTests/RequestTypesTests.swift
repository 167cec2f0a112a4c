import BoardProtocol
import FlightData
import FoundationEssentials
import Testing

/// The request types (`BoardProtocol/Requests`): every method has one, params written by one are
/// read back as the same request, in a fixed order, and bad params are refused word for word.
struct RequestTypesTests {
    static let day = LocalDate("2026-12-01")!
    static let key = FlightKey(id: 8087, date: day)
    static let pacific = Designator("Pacific 123")!
    static let pins = PinnedParam(pins: [
        .flight(key, name: "Pacific 123"), .anyDay(1234), .flight(FlightKey(id: 9, date: day), name: nil),
    ])
    static let cursor = ChangeCursor.encode(
        FlightChange.Position(at: Date(timeIntervalSince1970: 1_796_040_720), dayNumber: 20_787, slot: 4, kind: 1))

    // MARK: Every method

    @Test(arguments: WireMethod.allCases)
    func everyMethodHasARequestTypeOfItsOwn(method: WireMethod) {
        #expect(method.requestType.method == method)
        let others = WireMethod.allCases.filter {
            $0 != method && ObjectIdentifier($0.requestType) == ObjectIdentifier(method.requestType)
        }
        #expect(others.isEmpty, "\(method.rawValue) shares its type with \(others)")
    }

    @Test func aRequestLineCarriesItsMethodAndParams() {
        let line = WireRequest(id: 7, FlightGetRequest(Self.key)).json
        #expect(line.text == #"{"id":7,"method":"flight.get","params":{"id":8087,"date":"2026-12-01"}}"#)
    }

    // MARK: Round trips

    /// Each type with nothing optional set, and with everything set.
    static let requests: [any BoardRequest] = [
        PingRequest(),
        BoardGetRequest(),
        BoardGetRequest(tab: .departures, hidePast: true, date: .exact(day), pinned: pins),
        BoardGetRequest(hidePast: false, date: .relative(days: 0)),
        BoardWatchRequest(),
        BoardWatchRequest(tab: .arrivals, hidePast: false, date: .relative(days: 3), pinned: PinnedParam(pins: [])),
        FlightGetRequest(flight: .id(8087)),
        FlightGetRequest(flight: .designator(pacific), date: .relative(days: 1), pinned: pins),
        FlightGetRequest(key, pinned: PinnedParam([key], names: [key: "Pacific 123"])),
        FlightNextRequest(flight: .designator(pacific)),
        FlightNextRequest(from: key, tab: .departures, pinned: pins),
        FlightPrevRequest(flight: .id(42)),
        FlightPrevRequest(flight: .designator(pacific), date: .exact(day), tab: .all, pinned: PinnedParam(pins: [])),
        FlightSoonestRequest(),
        FlightSoonestRequest(tab: .arrivals, pinned: pins),
        SearchRequest(text: "new york"),
        SearchRequest(text: "pacific 1", tab: .departures, pinned: pins, limit: 50, cursor: "200"),
        ClockGetRequest(),
        ClockSetRequest(time: "2026-11-30T09:00:00-05:00"),
        ClockSetRequest(time: "09:30"),
        ClockAdvanceRequest(minutes: 90),
        ClockAdvanceRequest(minutes: -ClockLimits.maximumAdvanceMinutes),
        EventsGetRequest(),
        EventsGetRequest(
            filter: EventFilterParams(flight: .identity(key), pinned: pins, kinds: [.gate, .time, .gate]), since: "06:00",
            until: "2026-11-30T12:00", cursor: cursor, limit: 10),
        EventsGetRequest(filter: EventFilterParams(flight: .reference(.designator(pacific))), since: "2026-11-30T07:00:00Z"),
        EventsWatchRequest(),
        EventsWatchRequest(
            filter: EventFilterParams(flight: .reference(.id(1234)), pinned: PinnedParam(pins: [])), cursor: cursor),
        EventsWatchRequest(filter: EventFilterParams(kinds: [.baggage]), since: "2026-11-30T07:00:00-05:00"),
        EventsWatchRequest(filter: EventFilterParams(flight: .identity(key, flightName: "Pacific 123"))),
    ]

    @Test(arguments: requests)
    func paramsReadBackAsTheSameRequest(request: any BoardRequest) throws {
        try Self.expectRoundTrip(request)
    }

    static func expectRoundTrip<Request: BoardRequest>(_ request: Request) throws {
        let read = try Request(params: request.params)
        #expect(read == request, "\(request.params.text)")
        #expect(read.params.text == request.params.text)
        // As a line would carry them: written, parsed, read.
        let parsed = try WireRequest.parse(WireLine.line(WireRequest(id: 1, request).json).dropLast().map { $0 }).get()
        #expect(parsed.method == Request.method.rawValue)
        #expect(try Request(params: parsed.params) == request)
    }

    @Test func everyTypeIsRoundTripped() {
        let covered = Set(Self.requests.map { type(of: $0).method })
        #expect(covered == Set(WireMethod.allCases))
    }

    // MARK: Order

    @Test func onlyTheKeysSetAreWrittenInAFixedOrder() {
        #expect(BoardGetRequest().params.text == "{}")
        #expect(
            BoardWatchRequest(tab: .all, hidePast: true, date: .relative(days: 1), pinned: PinnedParam([Self.key])).params.text
                == #"{"tab":"all","hidePast":true,"date":"tomorrow","pinned":[{"id":8087,"date":"2026-12-01"}]}"#)
        #expect(
            FlightGetRequest(flight: .designator(Self.pacific), date: .exact(Self.day)).params.text
                == #"{"designator":"Pacific 123","date":"2026-12-01"}"#)
        #expect(
            FlightNextRequest(from: Self.key, tab: .departures, pinned: PinnedParam(pins: [.anyDay(1)])).params.text
                == #"{"id":8087,"date":"2026-12-01","tab":"departures","pinned":[1]}"#)
        #expect(
            SearchRequest(text: "a", tab: .arrivals, pinned: PinnedParam(pins: []), limit: 5, cursor: "10").params.text
                == #"{"text":"a","tab":"arrivals","pinned":[],"limit":5,"cursor":"10"}"#)
        #expect(
            EventsGetRequest(
                filter: EventFilterParams(flight: .identity(Self.key), kinds: [.status]), since: "S", until: "U", cursor: "C",
                limit: 1
            ).params.text
                == #"{"flight":{"id":8087,"date":"2026-12-01"},"kinds":["status"],"since":"S","cursor":"C","until":"U","limit":1}"#
        )
        #expect(
            EventsWatchRequest(filter: EventFilterParams(flight: .reference(.designator(Self.pacific))), cursor: "C").params.text
                == #"{"flight":"Pacific 123","cursor":"C"}"#)
        #expect(ClockSetRequest(time: "09:00").params.text == #"{"time":"09:00"}"#)
        #expect(ClockAdvanceRequest(minutes: -30).params.text == #"{"minutes":-30}"#)
        #expect(PingRequest().params.text == "{}" && ClockGetRequest().params.text == "{}")
    }

    /// Names past `PinnedParam.namesBudget` are left off when the pins are made, so what is written is what is read.
    @Test func pinsKeepTheirOrderAndTheNamesWithinTheBudget() throws {
        let keys = (1...2000).map { FlightKey(id: $0, date: Self.day) }
        let pinned = PinnedParam(keys, names: Dictionary(uniqueKeysWithValues: keys.map { ($0, "Southeast 9999") }))
        let named = pinned.pins.filter { if case .flight(_, let name?) = $0 { name == "Southeast 9999" } else { false } }
        #expect(!named.isEmpty && named.count < keys.count)
        #expect(pinned.pins.prefix(named.count).elementsEqual(named), "the first pins carry the names")
        #expect(pinned.pins.map { if case .flight(let key, _) = $0 { key.id } else { 0 } } == Array(1...2000))
        #expect(try PinnedParam(json: PinnedParam(Array(keys.prefix(1000))).json).flights.flights.count == 1000)
    }

    // MARK: Refusals

    static let kinds = "time, gate, canceled, diverted, status, baggage"
    static let flightShapes =
        #""flight" must be {"id":N,"date":"YYYY-MM-DD"}, a flight id, or a designator such as "Pacific 123"."#

    /// Each refusal, word for word as the protocol documents it (all `invalidParams`).
    static let refusals: [(WireMethod, JSON, String)] = [
        (.boardGet, ["tab": "sideways"], #""tab" must be arrivals, all or departures."#),
        (.boardGet, ["tab": 3], #""tab" must be arrivals, all or departures."#),
        (.boardGet, ["hidePast": "yes"], #""hidePast" must be true or false."#),
        (.boardGet, ["date": "yesterday"], #""date" must be YYYY-MM-DD, today, tomorrow or +N."#),
        (.boardGet, ["pinned": 9541], #""pinned" must be an array of at most 1000 flights."#),
        (.boardGet, ["pinned": .array(Array(repeating: 1, count: 1001))], #""pinned" must be an array of at most 1000 flights."#),
        (.boardGet, ["pinned": [true]], #""pinned" must hold flights as {"id":N,"date":"YYYY-MM-DD"} (or plain ids)."#),
        (
            .boardGet, ["pinned": [["id": 1, "date": "Nov 30"]]],
            #""pinned" must hold flights as {"id":N,"date":"YYYY-MM-DD"} (or plain ids)."#
        ),
        (
            .boardGet, ["pinned": [["id": 1, "date": "2026-11-30", "flightName": 5]]],
            #"a pin's "flightName" must be a string of at most 100 bytes."#
        ),
        (.boardWatch, ["tab": "up"], #""tab" must be arrivals, all or departures."#),
        (.boardWatch, ["date": "+12d"], #""date" must be YYYY-MM-DD, today, tomorrow or +N."#),
        (.flightGet, [:], #"flight.get needs "id" or "designator"."#),
        (.flightGet, ["id": 0], #""id" must be a positive flight id."#),
        (.flightGet, ["id": "Pacific 123"], #""id" must be a positive flight id."#),
        (
            .flightGet, ["designator": "Zeppelin 1"],
            #""designator" must be an airline and a number, such as "Pacific 123" (airlines: US, Southeast, Pacific, Overland)."#
        ),
        (.flightGet, ["id": 1, "date": "Nov 30"], #""date" must be YYYY-MM-DD, today, tomorrow or +N."#),
        (.flightGet, ["id": 1, "pinned": "all"], #""pinned" must be an array of at most 1000 flights."#),
        (.flightNext, ["tab": "all"], #"flight.get needs "id" or "designator"."#),
        (.flightNext, ["id": 1, "tab": "sideways"], #""tab" must be arrivals, all or departures."#),
        (.flightPrev, ["id": -5], #""id" must be a positive flight id."#),
        (.flightPrev, ["designator": "Pacific 123", "date": 5], #""date" must be YYYY-MM-DD, today, tomorrow or +N."#),
        (.flightSoonest, ["tab": 1], #""tab" must be arrivals, all or departures."#),
        (.flightSoonest, ["pinned": [:]], #""pinned" must be an array of at most 1000 flights."#),
        (.search, [:], #"search needs "text": a string of 1 to 100 characters."#),
        (.search, ["text": "  "], #"search needs "text": a string of 1 to 100 characters."#),
        (
            .search, ["text": .string(String(repeating: "z", count: 101))],
            #"search "text" is limited to 100 Unicode scalars and 400 bytes of UTF-8; shorten it."#
        ),
        (.search, ["text": "a", "tab": "up"], #""tab" must be arrivals, all or departures."#),
        (.search, ["text": "a", "limit": 0], #""limit" must be a whole number from 1 to 200."#),
        (.search, ["text": "a", "limit": 201], #""limit" must be a whole number from 1 to 200."#),
        (.search, ["text": "a", "cursor": "abc"], #""cursor" must be the "next" of an earlier search, or null to start."#),
        (
            .search, ["text": "a", "cursor": "1234567890"],
            #""cursor" must be the "next" of an earlier search, or null to start."#
        ),
        (.clockSet, [:], #"clock.set needs "time": ISO-8601 such as 2026-11-30T09:00:00-05:00, or HH:MM for today."#),
        (
            .clockSet, ["time": "25:00"],
            #"clock.set needs "time": ISO-8601 such as 2026-11-30T09:00:00-05:00, or HH:MM for today."#
        ),
        (.clockSet, ["time": 900], #"clock.set needs "time": ISO-8601 such as 2026-11-30T09:00:00-05:00, or HH:MM for today."#),
        (.clockAdvance, ["minutes": "ten"], #"clock.advance needs "minutes": a whole number of minutes, at most a year."#),
        (
            .clockAdvance, ["minutes": .int(ClockLimits.maximumAdvanceMinutes + 1)],
            #"clock.advance needs "minutes": a whole number of minutes, at most a year."#
        ),
        (.eventsGet, ["flight": 0], flightShapes),
        (.eventsGet, ["flight": ["id": 1]], flightShapes),
        (.eventsGet, ["flight": ["id": 1, "date": "2026-13-01"]], flightShapes),
        (.eventsGet, ["flight": "Zeppelin 1"], flightShapes),
        (.eventsGet, ["pinned": 1], #""pinned" must be an array of at most 1000 flights."#),
        (.eventsGet, ["kinds": []], #""kinds" must be a list of 1 or more of \#(kinds)."#),
        (.eventsGet, ["kinds": ["gates"]], #""kinds" holds "gates", not a kind; the kinds are \#(kinds)."#),
        (
            .eventsGet, ["cursor": "c1.1796040720000.20787.4.1.0"],
            #""cursor" must be the "next" or a change's "cursor" from the daemon, or null to start."#
        ),
        (
            .eventsGet, ["since": "yesterday"],
            #""since" must be a time: ISO-8601 such as 2026-11-30T09:00:00-05:00, or HH:MM for today."#
        ),
        (.eventsGet, ["until": 5], #""until" must be a time: ISO-8601 such as 2026-11-30T09:00:00-05:00, or HH:MM for today."#),
        (
            .eventsGet, ["since": .string("2026-11-30T09:00:00" + String(repeating: "0", count: 50) + "Z")],
            #""since" must be a time: ISO-8601 such as 2026-11-30T09:00:00-05:00, or HH:MM for today."#
        ),
        (.eventsGet, ["limit": 501], #""limit" must be a whole number from 1 to 500."#),
        (.eventsWatch, ["flight": -1], flightShapes),
        (.eventsWatch, ["kinds": "gate"], #""kinds" must be a list of 1 or more of \#(kinds)."#),
        (
            .eventsWatch, ["since": "later"],
            #""since" must be a time: ISO-8601 such as 2026-11-30T09:00:00-05:00, or HH:MM for today."#
        ),
        (.eventsWatch, ["cursor": 5], #""cursor" must be the "next" or a change's "cursor" from the daemon, or null to start."#),
    ]

    @Test(arguments: refusals)
    func badParamsAreRefusedWordForWord(method: WireMethod, params: JSON, message: String) {
        #expect(throws: WireError(.invalidParams, message)) { _ = try method.requestType.init(params: params) }
    }

    @Test func everyMethodWithParamsHasItsRefusals() {
        let refused = Set(Self.refusals.map(\.0))
        #expect(refused == Set(WireMethod.allCases).subtracting([.ping, .clockGet]))
    }

    /// What a method does not read is no refusal: null is not given, and a subscription has no `until` or `limit`.
    @Test func whatAMethodDoesNotReadIsIgnored() throws {
        _ = try PingRequest(params: ["tab": "sideways"])
        _ = try ClockGetRequest(params: ["time": 5])
        #expect(try EventsWatchRequest(params: ["until": "never", "limit": 0]) == EventsWatchRequest())
        let nulls: JSON = ["tab": nil, "hidePast": nil, "date": nil, "pinned": nil]
        #expect(try BoardGetRequest(params: nulls) == BoardGetRequest())
        #expect(try SearchRequest(params: ["text": "a", "cursor": nil, "limit": nil]) == SearchRequest(text: "a"))
        #expect(try EventsGetRequest(params: ["flight": nil, "kinds": nil, "cursor": nil]) == EventsGetRequest())
    }

    /// Forms the daemon reads too: an id as digits, an id alone as a pin, a designator as people type it.
    @Test func otherFormsReadAsTheirValues() throws {
        #expect(try FlightGetRequest(params: ["id": "8087"]).flight == .id(8087))
        #expect(try FlightGetRequest(params: ["designator": "pacific123"]).flight == .designator(Self.pacific))
        #expect(try BoardGetRequest(params: ["date": "TODAY"]).date == .relative(days: 0))
        #expect(try EventsGetRequest(params: ["flight": "8087"]).filter.flight == .reference(.id(8087)))
        #expect(try SearchRequest(params: ["text": "a", "cursor": "0200"]).offset == 200)
        #expect(try EventsGetRequest(params: ["cursor": .string(Self.cursor)]).position != nil)
    }
}
