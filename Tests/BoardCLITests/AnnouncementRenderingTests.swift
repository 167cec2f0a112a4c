import BoardProtocol
import FlightData
import Testing

@testable import BoardCLI

/// How the day unfolding reads on a board and in a flight's details: the old gate stays beside the
/// new one, a diverted arrival names its city, and the latest announcement is marked with `◆` (a
/// symbol, not only a colour) for 15 minutes of the board's clock, beside what it changed.
struct AnnouncementRenderingTests {
    /// The fixture's board (Nov 30, 12:00) with its first flights rewritten: a gate changed from A3 to
    /// B5 at 11:50, a delay announced at 11:55, an arrival from Miami diverted to Chicago at 11:58.
    static func board(now: String = "2026-11-30T12:00:00-05:00") -> BoardDocument {
        let board = LiveViewFixture.board()
        let pairs = board.json.objectPairs!.map { key, value in key == "now" ? (key, JSON.string(now)) : (key, value) }
        return LiveViewFixture.board(try! BoardDocument(json: .object(pairs))) { flights in
            [
                changed(
                    flights[0], flightName: "Pacific 123", direction: "departure", gate: "B5", previousGate: "A3",
                    remark: "Gate changed from A3", changedAt: "11:50"),
                changed(
                    flights[1], flightName: "US 481", direction: "departure", time: ("12:20", "12:35"),
                    remark: "New time 12:35", changedAt: "11:55", status: "delayed"),
                changed(
                    flights[2], flightName: "Southeast 999", direction: "arrival", otherAirport: "Miami",
                    divertedTo: "Chicago", remark: "Diverted to Chicago", changedAt: "11:58", status: "diverted"),
            ] + flights.dropFirst(3)
        }
    }

    /// A flight's document with the day's announcements applied by hand.
    static func changed(
        _ flight: JSON, flightName: String, direction: String, otherAirport: String = "Atlanta", gate: String = "A1",
        previousGate: String? = nil, divertedTo: String? = nil, time: (String, String) = ("12:20", "12:20"),
        remark: String, changedAt: String, status: String = "onTime"
    ) -> JSON {
        let day = "2026-11-30T"
        var values: [String: JSON] = [
            "flightName": .string(flightName), "direction": .string(direction), "otherAirport": .string(otherAirport),
            "gate": .string(gate), "terminal": .string(String(gate.prefix(1))), "previousGate": .optional(previousGate),
            "divertedTo": .optional(divertedTo), "scheduledTime": .string("\(day)\(time.0):00-05:00"),
            "currentTime": .string("\(day)\(time.1):00-05:00"), "remark": .string(remark),
            "changedAt": .string("\(day)\(changedAt):00-05:00"), "status": .string(status), "past": false, "pinned": false,
        ]
        // Details made an arrival's have no boarding (the fixture's first flight is a departure).
        if direction == "arrival" { (values["boardingTime"], values["gateClosesTime"]) = (.null, .null) }
        return .object(flight.objectPairs!.map { key, value in (key, values[key] ?? value) })
    }

    func rows(_ board: BoardDocument, width: Int, colour: Bool = false) -> [String] {
        let text = BoardRenderer(style: Style(enabled: colour), width: width).board(board)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropFirst(4)
        return Array(lines.withoutNowLine().prefix(3).map(String.init))
    }

    /// At every width the changed gate, the delay and the diversion keep their row to the width,
    /// with the id last; the mark is there at every width, beside the gate where the gate column has
    /// room for it, else before the flight's name; and colour changes nothing a person reads.
    @Test(arguments: [30, 40, 60, 80, 120])
    func aChangedGateAndADiversionFitEveryWidth(width: Int) throws {
        let board = Self.board()
        let text = BoardRenderer(style: Style(enabled: false), width: width).board(board)
        for line in text.split(separator: "\n") { #expect(line.count <= width, "\(width): \(line)") }
        let rows = rows(board, width: width)
        for (row, flight) in zip(rows, board.flights) {
            #expect(row.endsColumns(with: " \(flight.id)", width: width), "\(width): \(row)")
            #expect(row.contains(RecentChange.mark), "\(width): every change here is recent: \(row)")
        }
        // The columns as this board lays them out (its ids have 4 digits).
        let columns = BoardRenderer(style: Style(enabled: false), width: width).laidOut(for: board).columns
        if columns.gate >= 7 { #expect(rows[0].contains("◆B5←A3"), "\(width): \(rows[0])") }
        if columns.gate == 6 { #expect(rows[0].contains(" B5←A3 ") && rows[0].contains("◆Pacific 123")) }
        if columns.gate == 0 { #expect(rows[0].contains("◆Pacific 123")) }
        if columns.time >= 12 { #expect(rows[1].contains("◆12:20→12:35"), "\(width): \(rows[1])") }
        if columns.status > 0 { #expect(rows[2].contains("Diverted"), "\(width): \(rows[2])") }
        if columns.city >= 20 { #expect(rows[2].contains("← Miami, to Chicago"), "\(width): \(rows[2])") }
        if (11..<20).contains(columns.city) { #expect(rows[2].contains("to Chicago"), "\(width): \(rows[2])") }
        let coloured = BoardRenderer(style: Style(enabled: true), width: width).board(board)
        #expect(coloured.split(separator: "\n").map { String($0).visibleText } == text.split(separator: "\n").map(String.init))
    }

    /// 20 minutes on the mark is gone, the old gate stays, and the legend still explains it.
    @Test func theMarkGoesAfter15MinutesAndTheOldGateStays() {
        let later = Self.board(now: "2026-11-30T12:05:00-05:00")
        #expect(rows(later, width: 80)[0].contains("◆B5←A3"), "15 minutes after the change")
        let board = Self.board(now: "2026-11-30T12:05:01-05:00")
        #expect(rows(board, width: 80)[0].contains(" B5←A3 "), "15 minutes and a second after it")
        #expect(!rows(board, width: 80)[0].contains("◆"))
        // Other rows still show a ◆ (US 481's delay at 11:55, the diversion at 11:58, Pacific 578's
        // belt at 12:00): the legend explains both.
        let text = BoardRenderer(style: Style(enabled: false), width: 80).board(board)
        #expect(text.hasSuffix("\n\n" + RecentChange.legends[0]))
        // 15 minutes after the last of them no row shows a ◆: the legend explains the gate alone.
        let quiet = BoardRenderer(style: Style(enabled: false), width: 80).board(Self.board(now: "2026-11-30T12:15:01-05:00"))
        #expect(!quiet.contains("◆"), "no row and no legend shows the mark")
        #expect(quiet.hasSuffix("\n\nB5←A3 gate B5, was A3"))
        #expect(RecentChange.legends(mark: true, gate: false)[0] == "◆ changed in the last 15 min")
    }

    /// The legend takes the longest wording that fits, so the board keeps its colour; a board with
    /// no changed gate and no recent announcement has none. (The fixture's own board at noon has
    /// both: US 953's gate changed from B5, and Pacific 578's belt announced as it landed at 12:00.)
    @Test(arguments: [30, 40, 60, 80])
    func theLegendFitsTheWidth(width: Int) {
        let legend = BoardRenderer(style: Style(enabled: false), width: width).legend(Self.board())
        #expect(legend.map { $0.count <= width } ?? (width < RecentChange.legends.last!.count))
        let renderer = BoardRenderer(style: Style(enabled: false), width: 80)
        #expect(renderer.legend(LiveViewFixture.board()) != nil)
        let unmarked = LiveViewFixture.board(LiveViewFixture.board()) { flights in
            flights.filter { !["US 953", "Pacific 578"].contains($0["flightName"]?.string ?? "") }
        }
        #expect(unmarked.flights.count == 28)
        #expect(renderer.legend(unmarked) == nil)
    }

    /// The mark is drawn in colour too, and a past flight keeps the symbol when its row is dimmed.
    @Test func theMarkIsASymbolAndAColour() {
        let row = rows(Self.board(), width: 80, colour: true)[0]
        #expect(row.contains("\u{1B}[1;33m◆B5←A3"))
    }

    /// Which field the latest announcement changed, from its remark; anything unknown is the status.
    @Test(
        arguments: [
            ("Gate changed from A3", "A3", RecentChange.Field.gate), ("New time 12:35", nil, .time),
            ("Canceled", nil, .status), ("Baggage on belt 3", nil, .status), ("Gate changed from A3", nil, .status),
            ("Something new", nil, .status),
        ] as [(String, String?, RecentChange.Field)])
    func theFieldThatChanged(remark: String, previousGate: String?, field: RecentChange.Field) throws {
        let json = Self.changed(
            LiveViewFixture.board().flights[0].json, flightName: "Pacific 123", direction: "departure",
            previousGate: previousGate, remark: remark, changedAt: "11:59")
        let flight = try FlightDocument(json: json)
        #expect(RecentChange.field(of: flight) == field)
        #expect(RecentChange(flight, now: "2026-11-30T12:00:00-05:00")?.minutesAgo == 1)
        #expect(RecentChange(flight, now: "2026-11-30T11:58:00-05:00") == nil, "not before it was made")
        #expect(RecentChange(flight, now: "garbled") == nil)
    }

    /// The field read from a remark is the kind of the announcement that made it, for every
    /// announcement of the window's days as the daemon encodes the flight at that instant: the
    /// remark's wording is FlightData's, and this fails if it changes.
    @Test func theFieldIsTheAnnouncementsKindForEveryAnnouncementOfTheWindow() throws {
        let encoding = LiveViewFixture.encoding
        var seen = Set<String>()
        for date in LiveViewFixture.window.dates.prefix(5) {
            for flight in LiveViewFixture.window.flights(on: date) {
                for announcement in flight.announcements {
                    // The remark is the last announcement at that instant.
                    guard flight.announcements.last(where: { $0.at == announcement.at }) == announcement else { continue }
                    let document = encoding.flight(flight, at: announcement.at, pinned: false)
                    let expected: RecentChange.Field =
                        switch announcement.kind {
                        case .gate: .gate
                        case .time: .time
                        case .canceled, .diverted, .baggage: .status
                        }
                    #expect(RecentChange.field(of: document) == expected, "\(flight.flightName): \(announcement.text)")
                    #expect(RecentChange(document, now: encoding.localTime.iso8601(announcement.at))?.minutesAgo == 0)
                    seen.insert(announcement.kind.rawValue)
                }
            }
        }
        #expect(seen == ["time", "gate", "canceled", "diverted", "baggage"], "the days hold every kind")
    }

    /// The live view's rows are the board's rows: the same mark and the old gate, as of the pushed board's now.
    @Test func theLiveViewMarksTheSameRows() {
        var model = LiveModel(tab: .all, hidePast: false, style: Style(enabled: false), rotate: nil, size: LiveViewFixture.size)
        model.update(.connected)
        model.update(.boardPushed(Self.board(), at: LiveViewFixture.start))
        let screen = model.frame().screenText
        #expect(screen.contains("◆B5←A3"))
        #expect(screen.contains("◆12:20→12:35"))
        #expect(screen.contains("◆Diverted"))
        // The daemon's clock runs on from the board's (speed 1): the gate's mark (11:50) goes after
        // 12:05 without a new board, the old gate stays.
        let gateRow = { (frame: [String]) in frame.first { $0.contains("Pacific 123") } ?? "" }
        #expect(gateRow(model.frame(after: .seconds(299))).contains("◆B5←A3"))
        #expect(gateRow(model.frame(after: .seconds(302))).contains(" B5←A3 "))
        #expect(!gateRow(model.frame(after: .seconds(302))).contains("◆"))
    }

    /// A late flight's Time line says when it departed or landed once it has, not "now" as an estimate:
    /// `scheduled 09:05, departed 09:25 (20 min late)`; one still to come says "now".
    @Test func aLateFlightsTimeSaysWhatHappened() throws {
        let board = LiveViewFixture.board()
        let late = board.flights.filter { $0.delayMinutes > 0 && $0.currentTime != nil }
        let happened = try #require(late.first { $0.status == .departed || $0.status == .landed })
        let renderer = BoardRenderer(style: Style(enabled: false), width: 100)
        let text = renderer.details(try FlightDetailsDocument(json: LiveViewFixture.details(happened.id)))
        let word = happened.status == .departed ? "departed" : "landed"
        #expect(text.contains(", \(word) \(clockText(happened.currentTime)) ("), "\(text)")
        #expect(!text.contains(", now "), "\(text)")
        if let coming = late.first(where: { $0.status != .departed && $0.status != .landed && $0.status != .canceled }) {
            let comingText = renderer.details(try FlightDetailsDocument(json: LiveViewFixture.details(coming.id)))
            #expect(comingText.contains(", now "), "\(comingText)")
        }
    }

    /// `board show`: the gate change with its time, the diversion, baggage, the remark and the last
    /// five announcements, oldest first, after how many came earlier; the latest marked when recent.
    @Test func theDetailsTellTheFlightsDay() throws {
        let base = LiveViewFixture.details(LiveViewFixture.board().flights[0].id)
        let announcements: [JSON] = [
            ("06:10", "time", "New time 12:20"), ("07:00", "time", "New time 12:30"), ("08:00", "time", "New time 12:40"),
            ("09:00", "time", "New time 12:25"), ("10:00", "time", "New time 12:35"), ("11:00", "time", "New time 12:45"),
            ("11:50", "gate", "Gate changed from A3"),
        ].map { at, kind, text in
            .object([("at", .string("2026-11-30T\(at):00-05:00")), ("kind", .string(kind)), ("text", .string(text))])
        }
        var pairs = Self.changed(
            base, flightName: "Pacific 123", direction: "arrival", gate: "B5", previousGate: "A3", remark: "Baggage on belt 3",
            changedAt: "11:55", status: "landed"
        ).objectPairs!
        pairs = pairs.map { key, value in
            switch key {
            case "announcements": (key, .array(announcements))
            case "baggage":
                (
                    key,
                    BaggageDocument(belt: 3, firstBag: "2026-11-30T12:05:00-05:00", lastBag: "2026-11-30T12:25:00-05:00").json
                )
            case "now": (key, .string("2026-11-30T12:30:00-05:00"))
            default: (key, value)
            }
        }
        let details = try FlightDetailsDocument(json: .object(pairs))
        let text = BoardRenderer(style: Style(enabled: false), width: 80).details(details)
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.contains("Gate        B5 (terminal B), changed from A3 at 11:50"))
        #expect(lines.contains("Baggage     belt 3, first bag 12:05, last bag 12:25"))
        #expect(lines.contains("Remark      Baggage on belt 3"))
        let announced = Array(lines.drop { !$0.hasPrefix("Announced") })
        #expect(
            announced == [
                "Announced   and 2 earlier",
                "            08:00  New time 12:40",
                "            09:00  New time 12:25",
                "            10:00  New time 12:35",
                "            11:00  New time 12:45",
                "            11:50  Gate changed from A3",
            ])
        // At 12:00 the latest announcement (11:50) is recent: marked in the space before its text.
        let recent = try FlightDetailsDocument(
            json: .object(pairs.map { key, value in key == "now" ? (key, .string("2026-11-30T12:00:00-05:00")) : (key, value) }))
        let marked = BoardRenderer(style: Style(enabled: false), width: 80).details(recent)
        #expect(marked.hasSuffix("            11:50 ◆Gate changed from A3"))
        for width in [30, 40, 60] {
            for line in BoardRenderer(style: Style(enabled: false), width: width).details(details).split(separator: "\n") {
                #expect(line.count <= width)
            }
        }
        // A narrow pane wraps each value under itself rather than cut it: every word of the
        // details is still there, whole (the progress bar only shorter, the history marks closer).
        func words(_ text: String) -> String { text.filter { !$0.isWhitespace && $0 != "█" && $0 != "·" } }
        for width in 24..<80 {
            let narrow = BoardRenderer(style: Style(enabled: false), width: width).details(details)
            #expect(!narrow.contains("…"), "\(width):\n\(narrow)")
            #expect(words(narrow) == words(text), "\(width):\n\(narrow)")
            for line in narrow.split(separator: "\n") {
                #expect(line.columns <= width && line.last != " ", "\(width): \(line)")
            }
        }
        // In colour, only the lines too long lose it: at 60 columns the recent announcement keeps its
        // bold yellow mark, where every line of the details went plain for one long line.
        let colouredRecent = BoardRenderer(style: Style(enabled: true), width: 60).details(recent)
        let markedLine = try #require(colouredRecent.split(separator: "\n").first { $0.contains("◆") })
        #expect(markedLine.contains("\u{1B}["), "\(markedLine)")
        for line in colouredRecent.split(separator: "\n") { #expect(String(line).withoutEscapes.columns <= 60, "\(line)") }
        let thirty = BoardRenderer(style: Style(enabled: false), width: 30).details(details).split(separator: "\n")
        #expect(thirty.contains("Baggage     belt 3, first bag"))
        #expect(thirty.contains("            12:05, last bag"))
        #expect(thirty.contains("            12:25"))
    }

    /// A line too long is broken at its spaces, each continuation under the value; a word longer
    /// than a line is cut; no line ends in a space.
    @Test func wrappingBreaksAtSpacesUnderTheValue() {
        #expect(
            BoardRenderer.wrap("Flight      leaves here 09:05, arrives Detroit 10:40", 30, indent: 12)
                == ["Flight      leaves here 09:05,", "            arrives Detroit", "            10:40"])
        #expect(BoardRenderer.wrap("Short", 30, indent: 12) == ["Short"])
        #expect(
            BoardRenderer.wrap("Remark      Supercalifragilisticexpialidocious today", 24, indent: 12)
                == ["Remark      Supercalifr…", "            today"])
        #expect(
            BoardRenderer.wrap("Pacific 123  Arrival from Denver", 20, indent: 2) == ["Pacific 123  Arrival", "  from Denver"])
        // Too narrow for the value to sit beside its label: continuations start 2 cells in.
        #expect(BoardRenderer.wrap("Time        scheduled 09:05", 20, indent: 12) == ["Time", "  scheduled 09:05"])
    }

    /// A diverted arrival's details say where it went.
    @Test func theDetailsOfADivertedArrivalNameTheCity() throws {
        let base = LiveViewFixture.details(LiveViewFixture.board().flights[0].id)
        let json = Self.changed(
            base, flightName: "Southeast 999", direction: "arrival", otherAirport: "Denver", divertedTo: "Chicago",
            remark: "Diverted to Chicago", changedAt: "11:58", status: "diverted")
        let text = BoardRenderer(style: Style(enabled: false), width: 80).details(try FlightDetailsDocument(json: json))
        #expect(text.contains("\nStatus      Diverted to Chicago\n"))
    }
}
