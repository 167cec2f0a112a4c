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
        let rows = renderer.board(board).split(separator: "\n", omittingEmptySubsequences: false).dropFirst(4)
        for (row, flight) in zip(rows, board.flights) {
            #expect(row.hasSuffix(" \(flight.id)"), "\(width): \(row)")
        }
        // With colour the lines are the same once the escapes are gone.
        let coloured = BoardRenderer(style: Style(enabled: true), width: width).board(board)
        #expect(
            coloured.split(separator: "\n").map { String($0).visibleText }
                == renderer.board(board).split(separator: "\n").map(String.init))
    }

    /// Columns go in the documented order as the width shrinks: the gate, then the city, then the
    /// status; the time, the flight and the id stay.
    @Test func columnsGoInTheirOrder() {
        func titles(_ width: Int) -> [Substring] {
            BoardRenderer(style: Style(enabled: false), width: width).columnTitles().split(separator: " ")
        }
        #expect(titles(80) == ["TIME", "FLIGHT", "FROM/TO", "GATE", "STATUS", "ID"])
        #expect(titles(60) == ["TIME", "FLIGHT", "FROM/TO", "GATE", "STATUS", "ID"])
        #expect(titles(55) == ["TIME", "FLIGHT", "FROM/TO", "STATUS", "ID"])
        #expect(titles(45) == ["TIME", "FLIGHT", "STATUS", "ID"])
        #expect(titles(35) == ["TIME", "FLIGHT", "ID"])
        #expect(BoardRenderer.Columns(width: 80) == BoardRenderer.Columns(width: 200), "80 columns show everything")
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
        if (77...82).contains(width) {
            #expect(header == "Mountain Airport (MTN)  Tue Dec 1 2026  (now Mon Nov 30 12:00)  SIM  2 hidden")
        }
        if width >= 42 { #expect(header.hasSuffix("2 hidden") && header.contains("12:00"), "\(header)") }
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
