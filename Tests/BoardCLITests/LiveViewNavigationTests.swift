import BoardProtocol
import BoardSystem
import FlightData
import Testing

@testable import BoardCLI

/// Where the live view puts you when you go back, and how search results keep their days
/// (issue 11, defects 6 and 7, and "back to root").
struct LiveViewNavigationTests {
    typealias Fixture = LiveViewFixture

    @Test func escLandsOnTheFlightYouCameFromAfterTheBoardLostAndReorderedRows() throws {
        var model = Fixture.liveModel()
        model.press(.down, .down, .down, .down)
        let flight = try #require(model.selectedFlight)
        try model.openSelected()

        // While the details are open, the board loses the flight's row and the rows around it...
        let board = Fixture.board()
        model.update(.boardPushed(Fixture.board(board) { Array($0.dropFirst(6)) }, at: Fixture.start + .seconds(1)))
        // ...then has it again, in another order.
        model.update(.boardPushed(Fixture.board(board) { $0.reversed() }, at: Fixture.start + .seconds(2)))

        model.press(.escape)
        #expect(model.screens == [.board])
        #expect(model.selectedFlight == flight, "by identity, not by row number")
        #expect(model.frame().selectedLine?.contains(flight.flightName) == true)
    }

    /// `/` searches from a flight too (its text typed there ran as keys: `P` pinned, `x` hid): the flight
    /// closes onto its list, and the search sits right above the board, as routes have it.
    @Test func slashOnAFlightClosesItAndSearches() throws {
        var model = Fixture.liveModel()
        let open = try #require(LiveModel.sentID(model.press(.enter)))
        model.update(.replied(open, Fixture.details(try #require(model.selectedFlight).id)))
        model.press(.character("/"), .character("P"), .character("x"))
        #expect(model.screens == [.board, .searchPrompt("Px")])
        #expect(model.pins.isEmpty && model.hidden.isEmpty, "the text is text")
        let search = try #require(LiveModel.sentID(model.press(.enter)))
        model.update(.replied(search, Fixture.search("De")))
        let opened = try #require(LiveModel.sentID(model.press(.enter)))
        model.update(.replied(opened, Fixture.details(try #require(model.selectedFlight).id)))
        model.press(.character("/"))
        #expect(model.screens == [.board, .searchPrompt("")], "a new search replaces the results under the flight")
    }

    @Test func searchResultsShowTheirDaysInOrder() throws {
        var model = Fixture.liveModel()
        let id = try #require(LiveModel.sentID(model.press(.character("/"), .character("D"), .character("e"), .enter)))
        let reply = Fixture.search("De")
        let days = try SearchResultsDocument(json: reply).days
        #expect(days.count > 2, "the fixture's search spans several days")
        model.update(.replied(id, reply))
        model.update(.resized(TerminalSize(columns: 80, rows: 200)))
        let frame = model.view(size: TerminalSize(columns: 80, rows: 200), now: Fixture.start)

        // Each day has a heading with its date, and each flight is listed under its own day.
        var day: String?
        var shown: [(String, String)] = []
        for line in frame.dropFirst(3) {
            if let heading = days.first(where: { line.hasPrefix(BoardRenderer.longDate($0.date)) }) {
                day = heading.date
                continue
            }
            guard
                let flight = days.flatMap(\.flights).first(where: {
                    line.contains($0.flightName) && line.trimmingTrailingSpaces().hasSuffix(" \($0.id)")
                })
            else { continue }
            #expect(flight.date == day, "\(flight.flightName) under its day")
            shown.append((flight.date, flight.currentTime ?? flight.scheduledTime))
        }
        #expect(shown.count == days.reduce(0) { $0 + $1.flights.count })
        #expect(zip(shown, shown.dropFirst()).allSatisfy { $0.0 <= $1.0 }, "day after day, then by time")
    }

    /// Scrolled down and back up a pane far shorter than the results, the first line under the
    /// search's title is always a day's heading, and every flight on screen is under its own day's:
    /// results scrolled into a day showed no day at all.
    @Test(arguments: [40, 80], 7...16)
    func scrolledResultsKeepTheirDaysHeadingOnTop(columns: Int, rows: Int) throws {
        let size = TerminalSize(columns: columns, rows: rows)
        var (model, days) = try Self.searchedForDe(size)
        let flights = model.listedFlights
        #expect(flights.count > rows * 2, "the results are many pages")
        let down = Array(0..<flights.count)
        for (step, row) in (down + down.reversed().dropFirst()).enumerated() {
            if step > 0 { model.press(step < flights.count ? .down : .up) }
            try #require(model.selectedFlight == flights[row])
            let frame = model.frame(size)
            let what = "row \(row): \(frame.screenText)"
            #expect(frame.selectedLine?.contains(flights[row].flightName) == true, "\(what)")
            let heading = { (line: String) in days.first { line.hasPrefix(BoardRenderer.longDate($0.date)) } }
            #expect(heading(frame[3]) != nil, "a day's heading first: \(what)")
            if row < flights.count - 1 {
                // No line blank above the marks but where the cursor is on the very last line.
                #expect(frame[3..<(rows - 2)].allSatisfy { !$0.trimmingCharacters(in: .whitespaces).isEmpty }, "\(what)")
            }
            var day: String?
            for line in frame[3..<(rows - 1)] {
                if let found = heading(line) {
                    day = found.date
                } else if let flight = flights.first(where: { line.contains($0.flightName) && line.hasSuffix(" \($0.id)") }) {
                    #expect(flight.date == day, "\(flight.flightName) under its day: \(what)")
                }
            }
        }
    }

    /// A live view of `size` showing the results of searching "De" (many pages, several days), and their days.
    static func searchedForDe(_ size: TerminalSize) throws -> (LiveModel, [SearchResultsDocument.Day]) {
        var model = Fixture.liveModel()
        model.update(.resized(size))
        let id = try #require(LiveModel.sentID(model.press(.character("/"), .character("D"), .character("e"), .enter)))
        let reply = Fixture.search("De")
        model.update(.replied(id, reply))
        return (model, try SearchResultsDocument(json: reply).days)
    }

    /// A 6-row pane has no row for the marks: the day's heading says them, in words or, where they
    /// do not fit, in few cells (`↑5 ↓98`), at 29 columns with the day's count left out, and they
    /// count the results out of sight. It said nothing.
    @Test(arguments: [80, 40, 30, 29])
    func aSixRowPaneSaysTheResultsOutOfSightOnItsHeading(columns: Int) throws {
        let size = TerminalSize(columns: columns, rows: 6)
        var (model, days) = try Self.searchedForDe(size)
        let flights = model.listedFlights
        func count(_ arrow: Character, in line: String) -> Int {
            guard let at = line.firstIndex(of: arrow) else { return 0 }
            return Int(line[line.index(after: at)...].drop { $0 == " " }.prefix { $0.isNumber }) ?? -1
        }
        for row in flights.indices {
            if row > 0 { model.press(.down) }
            let frame = model.frame(size)
            let heading = frame[3]
            #expect(days.contains { heading.hasPrefix(BoardRenderer.longDate($0.date)) }, "\(frame.screenText)")
            #expect(heading.columns <= columns)
            #expect(frame[4].contains(flights[row].flightName), "\(frame.screenText)")
            #expect(count("↑", in: heading) == row, "row \(row): \(heading)")
            #expect(count("↓", in: heading) == flights.count - row - 1, "row \(row): \(heading)")
            if columns >= 80 { #expect(heading.contains(" more"), "in words where they fit: \(heading)") }
        }
    }

    @Test func theCursorMovesOverFlightsOnlyAndStaysInViewWithTheHeadings() throws {
        var model = Fixture.liveModel()
        let id = try #require(LiveModel.sentID(model.press(.character("/"), .character("D"), .character("e"), .enter)))
        model.update(.replied(id, Fixture.search("De")))
        let flights = model.listedFlights
        for row in 0..<flights.count {
            #expect(model.selectedFlight == flights[row])
            let frame = model.frame()
            #expect(frame.selectedLine?.contains(flights[row].flightName) == true, "row \(row) on screen")
            model.press(.down)
        }
    }

    @Test(arguments: [Key.character("b"), .home])
    func aKeyGoesBackToTheBoardInOneStep(key: Key) throws {
        var model = Fixture.liveModel()
        model.press(.down, .down)
        let onTheBoard = try #require(model.selectedFlight)
        let search = try #require(LiveModel.sentID(model.press(.character("/"), .character("D"), .enter)))
        model.update(.replied(search, Fixture.search("D")))
        model.press(.down)
        try model.openSelected()
        let next = try #require(LiveModel.sentID(model.press(.character("n"))))
        model.update(.replied(next, Fixture.details(of: model.listedFlights[2])))
        #expect(model.screens.count == 4, "the board, the results and two flights, one on the other")

        model.press(key)
        #expect(model.screens == [.board])
        #expect(model.selectedFlight == onTheBoard)
        #expect(model.frame()[2].contains("FLIGHT"))
    }

    @Test func bOnSearchResultsGoesBackToTheBoard() throws {
        var model = Fixture.liveModel()
        let search = try #require(LiveModel.sentID(model.press(.character("/"), .character("D"), .enter)))
        model.update(.replied(search, Fixture.search("D")))
        model.press(.character("b"))
        #expect(model.screens == [.board])
    }
}
