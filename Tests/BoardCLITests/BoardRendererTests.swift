import BoardProtocol
import Testing

@testable import BoardCLI

/// The board's columns fit every width they are laid out for, so rows never wrap. Below
/// `LiveFrame.narrowest` (40) the layout stays at its narrowest and the live view cuts each line.
struct BoardRendererTests {
    @Test(arguments: LiveFrame.narrowest...140)
    func theColumnsFitTheWidth(width: Int) {
        let columns = BoardRenderer.Columns(width: width)
        #expect(columns.total <= width, "\(columns.total) columns at width \(width)")
    }

    /// One-shot output never wraps: at every width each line of a board, a flight's details and
    /// search results fits, and every row keeps its flight's id (the last column to go) down to the
    /// narrowest layout.
    @Test(arguments: 20...140)
    func nothingWrapsAndTheIDStays(width: Int) throws {
        let renderer = BoardRenderer(style: Style(enabled: false), width: width)
        let board = LiveViewFixture.board()
        let details = try FlightDetailsDocument(json: LiveViewFixture.details(of: board.flights[3]))
        let search = try SearchResultsDocument(json: LiveViewFixture.search("denver"))
        for text in [renderer.board(board), renderer.details(details), renderer.search(search)] {
            for line in text.split(separator: "\n") { #expect(line.count <= width, "\(width): \(line)") }
        }
        guard width >= BoardRenderer.Columns.narrowest else { return }
        // The rows, below the header, the tabs, a blank line and the titles, without the now line.
        let rows = renderer.board(board).split(separator: "\n", omittingEmptySubsequences: false).dropFirst(4)
            .withoutNowLine()
        for (row, flight) in zip(rows, board.flights) {
            #expect(row.endsColumns(with: " \(flight.id)", width: width), "\(width): \(row)")
        }
        // With colour the lines are the same once the escapes are gone.
        let coloured = BoardRenderer(style: Style(enabled: true), width: width).board(board)
        #expect(
            coloured.split(separator: "\n").map { String($0).visibleText }
                == renderer.board(board).split(separator: "\n").map(String.init))
    }

    /// A search row found through a partner's designator says so under the flight's name
    /// (`as Pacific 333`); a row found by its own name, city or number says nothing more.
    @Test func aSearchRowFoundThroughACodeshareSaysAsWhat() throws {
        let renderer = BoardRenderer(style: Style(enabled: false), width: 80)
        let search = try SearchResultsDocument(json: LiveViewFixture.search("pacific 333"))
        let lines = renderer.search(search).split(separator: "\n").map(String.init)
        let row = try #require(lines.firstIndex { $0.contains("US 953") })
        #expect(lines[row + 1] == String(repeating: " ", count: 15) + "as Pacific 333", "\(lines)")
        #expect(lines.filter { $0.contains("as Pacific 333") }.count == search.count, "one under each row")
        for own in ["US 953", "las vegas", "953"] {
            let found = try SearchResultsDocument(json: LiveViewFixture.search(own))
            let lines = renderer.search(found).split(separator: "\n")
            #expect(!lines.contains { $0.trimmingCharacters(in: .whitespaces).hasPrefix("as ") }, "\(own): by its own")
        }
        // Colour on: the same lines once the escapes are gone; a narrow screen keeps it under the name.
        let coloured = BoardRenderer(style: Style(enabled: true), width: 80).search(search)
        #expect(coloured.split(separator: "\n").map { String($0).visibleText } == lines)
        let narrow = BoardRenderer(style: Style(enabled: false), width: 30).search(search).split(separator: "\n")
        #expect(narrow.contains { $0 == "        as Pacific 333" }, "\(narrow)")
    }

    /// Columns go in the documented order as the width shrinks: the status loses its actual time
    /// (no padding kept for `Departed 14:52`), then the gate goes, then the city, then the status;
    /// the time, the flight and the id stay. On the arrivals tab the belt goes first. Wider than 80,
    /// the terminal joins at 100, the codeshares at 120 and the remark at 160. (Without a board, ids of 7 digits.)
    @Test func columnsGoInTheirOrder() {
        func titles(_ width: Int, belt: Bool = false, idDigits: Int = 7) -> [Substring] {
            var renderer = BoardRenderer(style: Style(enabled: false), width: width)
            (renderer.belt, renderer.idDigits, renderer.departures) = (belt, idDigits, !belt)
            return renderer.columnTitles().split(separator: " ")
        }
        func columns(_ width: Int, belt: Bool = false, idDigits: Int = 7) -> BoardRenderer.Columns {
            var renderer = BoardRenderer(style: Style(enabled: false), width: width)
            (renderer.belt, renderer.idDigits, renderer.departures) = (belt, idDigits, !belt)
            return renderer.columns
        }
        #expect(titles(80) == ["TIME", "FLIGHT", "FROM/TO", "GATE", "STATUS", "ID"])
        #expect(titles(99) == ["TIME", "FLIGHT", "FROM/TO", "GATE", "STATUS", "ID"])
        #expect(titles(100) == ["TIME", "FLIGHT", "FROM/TO", "GATE", "STATUS", "ID", "TERM"])
        #expect(titles(120) == ["TIME", "FLIGHT", "FROM/TO", "GATE", "STATUS", "ID", "TERM", "CODESHARES"])
        #expect(titles(160) == ["TIME", "FLIGHT", "FROM/TO", "GATE", "STATUS", "ID", "TERM", "CODESHARES", "REMARK"])
        // Going narrower, what goes and when, in order: each step only once the one before it is done.
        var dropped: [String] = []
        var shortened = false
        for width in (BoardRenderer.Columns.narrowest...80).reversed() {
            let c = columns(width)
            if c.status > 0, c.status < 15, !shortened {
                shortened = true
                dropped.append("status's time")
            }
            for (name, gone) in [("gate", c.gate == 0), ("city", c.city == 0), ("status", c.status == 0)]
            where gone && !dropped.contains(name) {
                dropped.append(name)
            }
        }
        #expect(dropped == ["status's time", "gate", "city", "status"])
        // At 50 columns the destination stays and the status keeps no padding for a time it cannot show.
        #expect(titles(50) == ["TIME", "FLIGHT", "FROM/TO", "STATUS", "ID"])
        #expect(columns(50).status == 9 && columns(50).city >= 10)
        #expect(titles(29) == ["TIME", "FLIGHT", "ID"])
        #expect(BoardRenderer.Columns.narrowest == 29, "marks, the time, the name and a 7-digit id")
        #expect(BoardRenderer.Columns(width: 80) == BoardRenderer.Columns(width: 200), "80 columns show everything")
        // The arrivals tab of the default window (4-digit ids): the belt goes first.
        #expect(titles(80, belt: true, idDigits: 4) == ["TIME", "FLIGHT", "FROM/TO", "GATE", "STATUS", "BELT", "ID"])
        #expect(titles(63, belt: true, idDigits: 4) == ["TIME", "FLIGHT", "FROM/TO", "GATE", "STATUS", "BELT", "ID"])
        #expect(titles(62, belt: true, idDigits: 4) == ["TIME", "FLIGHT", "FROM/TO", "GATE", "STATUS", "ID"])
    }

    /// At 80 columns: marks 2, time 13, flight 15, city 20, gate 7, status 15 (`Departed 14:52`), and
    /// the id as wide as the longest id and a space (5 for the default window's 4-digit ids). On the
    /// arrivals tab the status is 14 (`◆Landed 14:05`) and the belt 5 follows it; the city gives up
    /// what that takes beyond 80.
    /// An empty board's column titles stand where a board of the day's ids puts them: laid out for
    /// no rows they were three columns wider (the ids' widest, seven digits).
    @Test func anEmptyBoardsTitlesAreWhereTheRowsPutThem() {
        let renderer = BoardRenderer(style: Style(enabled: false), width: 80)
        let flights = LiveViewFixture.board().flights
        let withRows = renderer.laidOut(for: flights, belt: false).columnTitles()
        #expect(renderer.laidOut(for: [], belt: false).columnTitles() == withRows)
    }

    @Test func theColumnsAtEighty() {
        typealias Columns = BoardRenderer.Columns
        func widths(_ c: Columns) -> [Int] { [c.pin, c.time, c.flight, c.city, c.gate, c.status, c.belt, c.id] }
        #expect(widths(Columns(width: 80, idDigits: 4)) == [2, 13, 15, 20, 7, 15, 0, 5])
        #expect(widths(Columns(width: 80, idDigits: 7)) == [2, 13, 15, 20, 7, 15, 0, 8])
        #expect(widths(Columns(width: 80, belt: true, idDigits: 4)) == [2, 13, 15, 19, 7, 14, 5, 5])
        #expect(Columns(width: 80, belt: true, idDigits: 4).total == 80)
        let renderer = BoardRenderer(style: Style(enabled: false), width: 80)
        let arrivals = LiveViewFixture.board(tab: .arrivals)
        #expect(renderer.laidOut(for: arrivals).columns == Columns(width: 80, belt: true, idDigits: 4))
        #expect(renderer.laidOut(for: LiveViewFixture.board(tab: .all)).columns == Columns(width: 80, idDigits: 4))
        let lines = renderer.board(arrivals).split(separator: "\n")
        // The belt right-aligned under its title, a space before the id.
        #expect(lines.contains("  TIME         FLIGHT         FROM/TO            GATE   STATUS        BELT    ID"))
        #expect(lines.contains("  12:00        Pacific 578    ← New York-LGA     A1     ◆Landed 12:00    1  9541"))
        #expect(lines.contains("  13:15→13:40  Southeast 961  ← Las Vegas        B5     En route            8483"))
        #expect(lines.allSatisfy { $0.columns <= 80 })
    }

    /// A flight's details say the days its service runs (`daily`, else the days Monday first), its
    /// on-time share of its service's last 10 flights, and a history legend of the marks shown only.
    @Test func detailsSayTheDaysItRunsAndItsLastFlights() throws {
        let renderer = BoardRenderer(style: Style(enabled: false), width: 100)
        func lines(_ name: String) throws -> [String] {
            let flight = try #require(LiveViewFixture.board().flights.first { $0.flightName == name })
            let details = try FlightDetailsDocument(json: LiveViewFixture.details(flight.id))
            return renderer.details(details).split(separator: "\n").map(String.init)
        }
        // Southeast 428 runs Mon, Wed, Fri; its last 10 flights, newest first: landed on time four
        // times, canceled, on time three times, 30 minutes late, on time.
        let southeast428 = try lines("Southeast 428")
        #expect(southeast428.contains("Runs        Mon, Wed, Fri"))
        #expect(southeast428.contains("On time     80% of its last 10 flights"))
        #expect(southeast428.contains("History     ● ● ● ● × ● ● ● ◐ ●  (newest first; ● on time ◐ delayed × canceled)"))
        // Southeast 682 runs daily; of its last 10 one was diverted and none canceled.
        let southeast682 = try lines("Southeast 682")
        #expect(southeast682.contains("Runs        daily"))
        #expect(southeast682.contains("On time     50% of its last 10 flights"))
        #expect(southeast682.contains("History     ◐ ◐ ◐ ● ● ● ↷ ● ● ◐  (newest first; ● on time ◐ delayed ↷ diverted)"))
    }

    /// A flight's "Flight" line is in the tense of its day at noon: one still to leave "leaves …
    /// arrives", one in the air "left … arrives", one landed "left … arrived" (every flight said
    /// "leaves … arrives").
    @Test func theFlightLineIsInTheTenseOfTheFlightsDay() throws {
        let renderer = BoardRenderer(style: Style(enabled: false), width: 200)
        func line(_ name: String) throws -> String? {
            let flight = try #require(LiveViewFixture.board().flights.first { $0.flightName == name })
            let details = try FlightDetailsDocument(json: LiveViewFixture.details(flight.id))
            return renderer.details(details).split(separator: "\n").map(String.init).first { $0.hasPrefix("Flight ") }
        }
        #expect(try line("Southeast 722") == "Flight      left New York-LGA 09:00, arrived here 10:45 (105 min)")
        #expect(try line("Southeast 961") == "Flight      left Las Vegas 09:25, arrives here 13:40 (255 min)")
        #expect(try line("Overland 128") == "Flight      left here 11:35, arrives Dallas/Ft. Worth 13:50 (135 min)")
        #expect(try line("US 605") == "Flight      leaves here 14:35, arrives Denver 17:45 (190 min)")
        // Over midnight: the arrival's day is said.
        #expect(try line("Southeast 791") == "Flight      leaves here 22:50, arrives Phoenix 02:35 the next day (225 min)")
    }

    /// Today's board: the date and the time. Another day's: its date, then now with its own date, so
    /// nobody reads noon today as noon on that day.
    @Test func theHeaderOfAnotherDayDoesNotReadAsItsClock() {
        let renderer = BoardRenderer(style: Style(enabled: false))
        let today = LiveViewFixture.board()
        #expect(renderer.header(today) == "Mountain Airport (MTN)  Mon Nov 30 2026  12:00  SIMULATED")
        let tomorrow = board(dated: "2026-12-01")
        #expect(renderer.header(tomorrow) == "Mountain Airport (MTN)  Tue Dec 1 2026  (now Mon Nov 30 12:00)  SIMULATED")
        let yesterday = board(dated: "2026-11-29")
        #expect(renderer.header(yesterday).contains("Sun Nov 29 2026  (now Mon Nov 30 12:00)"))
    }

    /// Narrower, the header shortens a part at a time and never cuts through a word without `…`:
    /// at 80 columns another day's board with hidden flights ended in "SIMULATED  2 hid", at 60 in
    /// a wrong time "(now Mon Nov 30 12:0".
    @Test(arguments: 10...100)
    func theHeaderShortensByPartsNeverThroughAWord(width: Int) {
        let renderer = BoardRenderer(style: Style(enabled: false), width: width)
        let tomorrow = board(dated: "2026-12-01")
        let header = renderer.header(tomorrow, extra: "2 hidden")
        #expect(header.columns <= width, "\(header)")
        let words = Set(
            "Mountain Airport (MTN) Tue Dec 1 2026 (now Mon Nov 30 12:00) SIMULATED SIM MTN 2 hidden 12:00)".split(separator: " ")
        )
        for word in header.split(separator: " ") where !word.hasSuffix("…") {
            #expect(words.contains(word), "\(width): \"\(word)\" in \(header)")
        }
        // The airport's name gives way first; SIMULATED stays while it fits.
        if (64...82).contains(width) {
            #expect(header == "MTN  Tue Dec 1 2026  (now Mon Nov 30 12:00)  SIMULATED  2 hidden")
        }
        if (59...63).contains(width) { #expect(header == "MTN  Tue Dec 1  (now Mon Nov 30 12:00)  SIMULATED  2 hidden") }
        if width >= 42 { #expect(header.hasSuffix("2 hidden") && header.contains("12:00"), "\(header)") }
        // Another day's board keeps its date longer than the airport's code: it says which board it is.
        if (18...22).contains(width) { #expect(renderer.header(tomorrow) == "Dec 1  (now 12:00)", "\(width)") }
        // The selected tab is never cut off the tab bar.
        let bar = renderer.tabBar(tomorrow)
        let selected = tomorrow.tabs.first { $0.id == tomorrow.tab }.map { "[\($0.title.prefix(3))" } ?? "?"
        if width >= 16 { #expect(bar.contains(selected) && bar.contains("]") && bar.columns <= width, "\(width): \(bar)") }
    }

    /// The fixture's board labelled with another date (its flights unchanged): enough for a header.
    func board(dated date: String) -> BoardDocument {
        let pairs = LiveViewFixture.board().json.objectPairs!.map { key, value in
            key == "date" ? (key, JSON.string(date)) : (key, value)
        }
        return try! BoardDocument(json: .object(pairs))
    }
}
