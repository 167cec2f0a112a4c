import BoardProtocol
import FlightData
import Testing

/// Every document the daemon sends, written straight to bytes (`WireDocument.bytes`: the documents'
/// own `writeJSON(into:)` where they have one, else `JSONBytesEncoder`), is its `json`'s bytes,
/// which `JSONValueEncoder` makes from the document's `Codable` conformance.
@Suite struct DocumentBytesTests {
    typealias F = ScheduleFixture

    static func check(_ document: some WireDocument, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(String(decoding: document.bytes, as: UTF8.self) == document.json.text, sourceLocation: sourceLocation)
    }

    /// Boards, flights and their details at noon, a search, a paged search, the clock, a ping, status
    /// lines, a day's changes (baggage among them), an `events.watch` reply and a `skipped` push.
    @Test func everyKindOfDocument() throws {
        for tab in Tab.allCases {
            let board = F.board(tab: tab, hidePast: true, pinned: [F.todaysFlights[3].id])
            Self.check(F.encoding.board(board, simulated: true, speed: 2.5))
        }
        for flight in F.todaysFlights {
            Self.check(F.encoding.flight(flight, at: F.now, pinned: true))
            Self.check(F.encoding.details(flight, from: F.generator, at: F.now, pinned: false))
        }
        let search = FlightSearch(text: "denver", tab: .all)
        let found = search.run(in: F.window, at: F.now)
        var results = F.encoding.search(search, results: found, at: F.now, pinned: PinnedFlights([]))
        Self.check(results)
        results.total = 40
        Self.check(results)
        Self.check(F.encoding.clock(now: F.now, simulated: true, speed: 0, window: F.window))
        Self.check(PingDocument(server: "boardd", instance: "x", protocolVersion: 1))
        let values = StatusLineDocument.Values(code: "MTN", airport: "Mountain", clock: "12:00", arrivals: "3", departures: "4")
        Self.check(StatusLineDocument(line: "MTN", values: values))
        Self.check(StatusLineDocument(line: "offline", values: nil))
        let day = F.today.adding(days: 2)
        let (start, end) = (F.localTime.instant(on: day, minute: 0), F.localTime.instant(on: day, minute: 24 * 60))
        let changes = F.window.flights(on: day).flatMap { $0.changes(after: start, through: end) }
        #expect(changes.contains { $0.kind == .baggage })
        for (seq, change) in changes.enumerated() { Self.check(F.encoding.change(change, seq: seq + 1)) }
        Self.check(EventsWatchDocument(now: "2026-11-30T12:00:00-05:00", cursor: "c"))
        Self.check(SkippedEventDocument(seq: 1, count: 2, since: "s", until: "u", cursor: "c"))
    }

    /// Through Dec 2, the window's day with a diversion, every status of the lifecycle appears: each
    /// flight's details at each of its steps (the history, baggage, announcements and times that go with them).
    @Test func detailsThroughADay() {
        let day = F.today.adding(days: 2)
        var seen: Set<FlightStatus> = []
        for minute in stride(from: 0, to: 24 * 60, by: 30) {
            let now = F.localTime.instant(on: day, minute: minute)
            for flight in F.window.flights(on: day) {
                let details = F.encoding.details(flight, from: F.generator, at: now, pinned: minute % 60 == 0)
                seen.insert(details.flight.status)
                Self.check(details)
            }
        }
        #expect(seen == Set(FlightStatus.allCases).subtracting([.scheduled]))
    }
}
