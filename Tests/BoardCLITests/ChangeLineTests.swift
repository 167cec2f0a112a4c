import BoardProtocol
import FlightData
import Testing

@testable import BoardCLI

/// A change as people read it, every kind, at every width: one line, never wrapped.
struct ChangeLineTests {
    static func change(
        _ kind: String, from: JSON = .null, to: JSON = .null, at: String = "2026-11-30T09:12:00-05:00",
        flight: String = "Pacific 123", cursor: String? = "c1"
    ) -> EventChange {
        var json: JSON = [
            "seq": 1, "at": .string(at), "flight": ["id": 1234, "date": "2026-11-30", "flightName": .string(flight)],
            "kind": .string(kind), "from": from, "to": to,
        ]
        if let cursor { json = json.adding("cursor", .string(cursor)) }
        // The fixtures are well formed: a decoding failure is the test's own mistake.
        return try! EventChange(json: json)
    }

    static let everyKind: [(EventChange, String)] = [
        (change("gate", from: "A3", to: "B5"), "09:12  Pacific 123     gate      A3 → B5"),
        (
            change("time", from: "2026-11-30T14:00:00-05:00", to: "2026-11-30T14:25:00-05:00", flight: "US 481"),
            "09:12  US 481          time      14:00 → 14:25"
        ),
        (change("status", from: "onTime", to: "boarding"), "09:12  Pacific 123     status    On time → Boarding"),
        (change("status", from: "gateClosed", to: "departed"), "09:12  Pacific 123     status    Gate closed → Departed"),
        (change("canceled", from: "delayed", to: "canceled"), "09:12  Pacific 123     canceled  was delayed"),
        (change("diverted", to: "Denver"), "09:12  Pacific 123     diverted  to Denver"),
        (
            change(
                "baggage",
                to: ["belt": 3, "firstBag": "2026-11-30T14:12:00-05:00", "lastBag": "2026-11-30T14:35:00-05:00"]),
            "09:12  Pacific 123     baggage   belt 3, bags 14:12–14:35"
        ),
        (change("lounge", from: "open", to: "closed"), "09:12  Pacific 123     lounge    open → closed"),
    ]

    @Test(arguments: everyKind)
    func everyKindReadsAsPeopleSayIt(change: EventChange, line: String) {
        #expect(ChangeLine.line(change, today: "2026-11-30", width: 80) == line)
    }

    @Test func aChangeOfAnotherDayCarriesItsDate() {
        let late = Self.change("baggage", to: ["belt": 2], at: "2026-11-29T23:58:00-05:00")
        #expect(ChangeLine.line(late, today: "2026-11-30", width: 80) == "Nov 29 23:58  Pacific 123     baggage   belt 2")
        #expect(ChangeLine.line(late, today: nil, width: 80).hasPrefix("23:58  "))
        // A sentence's bound names its year when it is not today's; a line's column never does.
        #expect(ChangeLine.bound("2026-11-29T23:58:00-05:00", today: "2026-11-30") == "Nov 29 23:58")
        #expect(ChangeLine.bound("2025-12-31T23:58:00-05:00", today: "2026-01-01") == "Dec 31 2025 23:58")
        #expect(ChangeLine.when("2025-12-31T23:58:00-05:00", today: "2026-01-01") == "Dec 31 23:58")
    }

    @Test func aFlightsOwnLogLeavesTheFlightOutAndAddsTheAnnouncement() {
        let gate = Self.change("gate", from: "A3", to: "B5")
        #expect(
            ChangeLine.line(gate, today: "2026-11-30", width: 80, showsFlight: false, note: "Gate changed from A3")
                == "09:12  gate      A3 → B5  (Gate changed from A3)")
    }

    @Test(arguments: [30, 40, 56, 57, 80, 1, 2, 10])
    func aLineNeverWrapsAtAnyWidth(width: Int) {
        for (change, full) in Self.everyKind {
            for today in ["2026-11-30", "2026-11-29"] {
                let line = ChangeLine.line(change, today: today, width: width)
                #expect(line.count <= width, "\(line)")
                #expect(!line.contains("\n"))
                guard today == "2026-11-30", width >= 57 else { continue }
                if full.count > width { #expect(line.hasSuffix("…") && full.hasPrefix(line.dropLast())) }
                if full.count <= width { #expect(line == full) }
            }
        }
    }

    /// In a narrow pane what changed stays whole: the columns close up, and a status, time, gate or
    /// belt goes without its kind (at 40 columns "On time → Delayed" read "On tim…").
    @Test func aNarrowLineKeepsWhatChanged() {
        let lines = Self.everyKind.map { ChangeLine.line($0.0, today: "2026-11-30", width: 40) }
        #expect(
            lines == [
                "09:12 Pacific 123 A3 → B5", "09:12 US 481 14:00 → 14:25", "09:12 Pacific 123 On time → Boarding",
                "09:12 Pacific 123 Gate closed → Departed", "09:12 Pacific 123 canceled was delayed",
                "09:12 Pacific 123 diverted to Denver", cut("09:12 Pacific 123 belt 3, bags 14:12–14:35", 40),
                "09:12 Pacific 123 lounge open → closed",
            ])
        // Another day's change starts with its date: the columns give way for it too.
        let late = Self.change("status", from: "boarding", to: "finalCall", at: "2026-11-29T23:58:00-05:00")
        for width in 57...63 {
            #expect(ChangeLine.line(late, today: "2026-11-30", width: width).hasSuffix("Boarding → Final call"), "\(width)")
        }
        // A flight's own log has room for the columns from 41.
        let gate = Self.everyKind[0].0
        #expect(ChangeLine.line(gate, today: "2026-11-30", width: 41, showsFlight: false) == "09:12  gate      A3 → B5")
        #expect(ChangeLine.line(gate, today: "2026-11-30", width: 40, showsFlight: false) == "09:12 A3 → B5")
    }

    @Test func theChangeKeepsWhatTheDaemonSentForJSON() throws {
        let text =
            #"{"seq":4,"at":"2026-11-30T09:12:00-05:00","flight":{"id":1234,"date":"2026-11-30","flightName":"Pacific 123"},"kind":"gate","from":"A3","to":"B5","cursor":"C"}"#
        let change = try EventChange(json: try JSON.parse(text))
        #expect(change.json.text == text)
        #expect(change.kind == .gate && change.flightID == 1234 && change.flightDate == "2026-11-30")
        #expect(change.cursor == "C" && change.seq == 4 && change.clockTime == "09:12")
        #expect(throws: WireError.self) { try EventChange(json: ["at": "x", "kind": "gate"]) }
    }

    @Test func aPageReadsItsChangesTotalAndNext() throws {
        let page = try EventsPage(
            json: [
                "schema": 1, "since": "2026-11-30T00:00:00-05:00", "until": "2026-11-30T09:12:00-05:00",
                "changes": [Self.change("gate", from: "A3", to: "B5").json], "total": 7, "next": "C2",
            ])
        #expect(page.changes.count == 1 && page.total == 7 && page.next == "C2")
        let last = try EventsPage(json: ["changes": [], "total": 0, "next": .null])
        #expect(last.next == nil && last.changes.isEmpty)
    }
}

extension ChangeLineTests {
    /// A log is in the order things happened: in the hour a fall-back repeats, 01:48 EDT (-04:00)
    /// comes before 01:14 EST (-05:00). It was sorted by the text, 01:14 first.
    @Test func aLogIsInTheOrderOfTheInstantsAcrossAFallBack() {
        let changes = [
            Self.change(
                "time", from: "2026-11-01T11:40:00-05:00", to: "2026-11-01T11:45:00-05:00", at: "2026-11-01T01:14:00-05:00"),
            Self.change(
                "time", from: "2026-11-01T11:30:00-05:00", to: "2026-11-01T11:40:00-05:00", at: "2026-11-01T01:48:00-04:00"),
        ]
        let lines = LogCommand.timeline(changes, announcements: [], today: "2026-11-01", width: 80)
        #expect(lines.count == 2)
        #expect(lines[0].contains("11:30 → 11:40") && lines[1].contains("11:40 → 11:45"), "\(lines)")
    }
}
