import BoardProtocol
import BoardSystem
import Testing

@testable import BoardCLI

/// The live view's now line never costs a flight: the board's pages leave a row for it
/// (`LiveModel.boardRows`), so `--rotate` shows every flight, and the cursor's row stays on screen.
struct NowLineLiveViewTests {
    /// The daemon pushes a board when a flight changes, which may be an hour apart: between two, the
    /// now line runs on with the header's clock, and the flights it passes go above it. It stayed at
    /// the last board's time, 40 minutes behind the header.
    @Test func theLineRunsOnWithTheHeadersClockBetweenBoards() throws {
        let model = LiveViewFixture.liveModel()
        let size = TerminalSize(columns: 80, rows: 40)
        let before = model.frame(size)
        let after = model.frame(size, after: .seconds(40 * 60))
        let at = try #require(before.firstIndex { $0.contains("12:00 now") })
        let later = try #require(after.firstIndex { $0.contains("12:40 now") }, "\(after.screenText)")
        #expect(after[0].contains("12:40"), "the header: \(after[0])")
        // The flights of 12:00 to 12:39 are above the line now: the line moved down past them.
        let passed = try #require(model.board).flights.filter { flight in
            let time = String((flight.currentTime ?? flight.scheduledTime).dropFirst(11).prefix(5))
            return !flight.pinned && time >= "12:00" && time < "12:40"
        }
        #expect(!passed.isEmpty)
        #expect(later - at == passed.count, "\(after.screenText)")
        for flight in passed {
            let row = try #require(after.firstIndex { $0.contains(flight.flightName) })
            #expect(row < later, "\(flight.flightName) is before now")
        }
    }

    /// `--rotate` shows every flight of the board on some page (a page that gave up its last row
    /// to the line left Overland 432, flights[19], on none).
    @Test func rotationShowsEveryFlight() {
        var model = LiveViewRotationTests.rotatingModel()
        let flights = LiveViewFixture.board().flights
        var shown = Set<Int>()
        for page in 0..<model.boardPage(at: LiveViewFixture.start).count {
            model.update(.tick(LiveViewFixture.start + .seconds(10 * page)))
            for line in model.frame(LiveViewRotationTests.short) {
                if let id = line.split(separator: " ").last.flatMap({ Int($0) }) { shown.insert(id) }
            }
        }
        #expect(flights.filter { !shown.contains($0.id) }.map(\.flightName) == [])
    }

    /// `--rotate` shows a flight on one page only, but for the last page, which ends with the last
    /// flight: a page that lent the now line's row to the flight under it (the line out of sight)
    /// showed that flight again at the top of the next page.
    @Test(arguments: [8, 14, 20])
    func rotationShowsEachFlightOnOnePageBeforeTheLast(rows: Int) {
        let size = TerminalSize(columns: 80, rows: rows)
        var model = LiveViewRotationTests.rotatingModel(size: size)
        let pages = model.boardPage(at: LiveViewFixture.start).count
        var seen: [Int: Int] = [:]
        for page in 1..<pages {
            if page > 1 { model.update(.tick(LiveViewFixture.start + .seconds(10 * (page - 1)))) }
            #expect(model.boardPage(at: LiveViewFixture.start + .seconds(10 * (page - 1))).number == page)
            for line in model.frame(size, after: .seconds(10 * (page - 1))) {
                guard let id = line.split(separator: " ").last.flatMap({ Int($0) }) else { continue }
                #expect(seen[id] == nil, "flight \(id) on page \(seen[id] ?? 0) and \(page) of \(pages), \(rows) rows")
                seen[id] = page
            }
        }
    }

    /// Where the row lent to the now line draws the last flight, that page is the last: it says so,
    /// and the next turn goes to the next tab. It said 3/4, and the next turn showed the same rows as 4/4.
    @Test func aPageThatDrawsTheLastFlightInTheLentRowIsTheLast() {
        let size = LiveViewRotationTests.short
        var model = LiveViewRotationTests.rotatingModel()
        // Scrolled (by keys, or by a board that shrank) to rows 21 to 28, the line out of sight above:
        // its row draws flights[29] under them.
        model.boardCursor = LiveModel.ListCursor(row: 21, scroll: 21)
        let frame = model.frame(size)
        #expect(frame[3].contains(LiveViewFixture.board().flights[21].flightName), "\(frame.screenText)")
        #expect(frame[11].contains(LiveViewFixture.board().flights[29].flightName), "\(frame.screenText)")
        #expect(frame[1].hasSuffix("page 4/4"), "\(frame[1])")
        #expect(model.update(.tick(LiveViewFixture.start + .seconds(10))) == LiveViewRotationTests.subscribed(.departures))
    }

    /// One list row (a 5-row terminal), late in the evening (every row before now, so the line closes
    /// the list), the cursor on the last flight: the frame shows the cursor's row, not the line alone.
    @Test func oneRowKeepsTheCursorsRow() {
        let size = TerminalSize(columns: 80, rows: 5)
        var model = LiveModel(tab: .all, hidePast: false, style: Style(enabled: false), size: size)
        model.update(.connected)
        model.update(.boardPushed(CountdownTests.board(atMinute: 11 * 60 + 59), at: LiveViewFixture.start))
        model.update(.key(.end))
        let frame = model.view(size: size, now: LiveViewFixture.start)
        #expect(frame.count == 5)
        #expect(frame.selectedLine?.contains("Southeast 791") == true, "\(frame.screenText)")
    }
}

extension NowLineLiveViewTests {
    /// Scrolled so that the now line is out of sight, the row the board's pages leave for it holds a
    /// flight (or the line, where it falls right under the rows): no list row is left blank, and the
    /// flights shown and the marks' counts add up to the board. A row was left blank at the top (End)
    /// and at the bottom (Home) of a scrolled board.
    @Test(arguments: [40], [[], [0], [10], [12], [12, 13]])
    func noListRowIsLeftBlankWhereTheNowLineIsOutOfSight(columns: Int, pinnedRows: [Int]) throws {
        for rows in 6...30 { try Self.checkEveryRow(columns: columns, rows: rows, pinnedRows: pinnedRows) }
    }

    static func checkEveryRow(columns: Int, rows: Int, pinnedRows: [Int]) throws {
        let size = TerminalSize(columns: columns, rows: rows)
        let pinned = pinnedRows.map { LiveViewFixture.board().flights[$0] }
        var model = LiveModel(
            tab: .all, hidePast: false, pins: pinned.map { LiveModel.FlightKey($0) }, style: Style(enabled: false), size: size)
        model.update(.connected)
        model.update(.boardPushed(LiveViewFixture.board(pinned: Set(pinned.map(\.id))), at: LiveViewFixture.start))
        model.update(.key(.home))
        let flights = try #require(model.board?.flights)
        try #require(NowLine(try #require(model.board)) != nil, "a board of today")
        var steps = 0
        while true {
            let frame = model.frame(size).map(\.visibleText)
            // Under 8 rows the line and the marks share one row: the marks, on the line when it is shown
            // (it showed none, and 28 rows out of sight went unsaid); the list then goes on to the footer.
            let line = frame.first { $0.contains(" now ") }
            let marksOnLine = rows < 8 && line != nil
            let list = frame[3..<(marksOnLine ? rows - 1 : rows - 2)]
            let what = "\(columns)x\(rows), pins \(pinnedRows), row \(model.selectedRow): \(frame.joined(separator: "\n"))"
            #expect(list.allSatisfy { !$0.trimmingCharacters(in: .whitespaces).isEmpty }, "\(what)")
            let drawn = list.count { line in flights.contains { line.trimmingTrailingSpaces().hasSuffix(" \($0.id)") } }
            let marks = marksOnLine ? line ?? "" : frame[rows - 2]
            func count(_ arrow: String) -> Int {
                guard let range = marks.range(of: arrow) else { return 0 }
                return Int(marks[range.upperBound...].drop { $0 == " " }.prefix { $0.isNumber }) ?? 0
            }
            #expect(drawn + count("↑") + count("↓") == flights.count, "\(what)")
            // Pins held at the top (while they take at most half the rows) are never cut for the line.
            if model.boardViewport.held == pinned.count {
                for pin in pinned { #expect(list.contains { $0.contains(pin.flightName) }, "\(pin.flightName): \(what)") }
            }
            // Down to the last row, checked too (End).
            guard model.selectedRow < flights.count - 1, steps < 100 else { break }
            model.press(.down)
            steps += 1
        }
    }
}

extension NowLineLiveViewTests {
    /// On 6 and 7 rows, the line that closes a list scrolled to its end says the rows above it.
    @Test(arguments: [6, 7])
    func theLineClosingAShortPanesListSaysTheRowsAbove(rows: Int) throws {
        let size = TerminalSize(columns: 80, rows: rows)
        var model = LiveModel(tab: .all, hidePast: false, style: Style(enabled: false), size: size)
        model.update(.connected)
        let board = CountdownTests.board(atMinute: 11 * 60)  // 23:00: every row is before now
        model.update(.boardPushed(board, at: LiveViewFixture.start))
        model.update(.key(.end))
        let frame = model.view(size: size, now: LiveViewFixture.start).map(\.visibleText)
        let line = try #require(frame.first { $0.contains(NowLineTests.marker) || $0.contains(" now ↑") })
        let drawn = frame.count { row in board.flights.contains { row.trimmingTrailingSpaces().hasSuffix(" \($0.id)") } }
        #expect(line.contains("↑ \(board.flights.count - drawn) more"), "\(frame.joined(separator: "\n"))")
    }

    /// Late in the evening every row is before now: the live view closes the list with the line, as
    /// the one-shot board does, on a board that fits and on one scrolled to its end. The line was
    /// drawn only before a row, so after the last flight it was not drawn at all.
    @Test(arguments: [8, 12, 24, 40])
    func theLineClosesTheListWhenEveryRowIsBeforeNow(rows: Int) throws {
        let size = TerminalSize(columns: 80, rows: rows)
        var model = LiveModel(tab: .all, hidePast: false, style: Style(enabled: false), size: size)
        model.update(.connected)
        let board = CountdownTests.board(atMinute: 11 * 60)  // 23:00
        #expect(NowLine(board)?.index == board.flights.count, "every row is before 23:00")
        model.update(.boardPushed(board, at: LiveViewFixture.start))
        model.update(.key(.end))
        let frame = model.view(size: size, now: LiveViewFixture.start).map(\.visibleText)
        #expect(frame.count { $0.contains(NowLineTests.marker) } == 1, "\(frame.joined(separator: "\n"))")
        let at = try #require(frame.firstIndex { $0.contains(NowLineTests.marker) })
        #expect(frame[at - 1].contains(board.flights.last!.flightName), "\(frame.joined(separator: "\n"))")
    }
}
