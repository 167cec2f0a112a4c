import BoardProtocol
import BoardSystem
import FlightData
import Foundation
import Testing

@testable import BoardCLI

/// The open flight is always the same flight: refreshed by identity, following the clock, and
/// named as it was once it is gone (issue 11, defects 1, 4 and 5).
struct LiveViewOpenFlightTests {
    typealias Fixture = LiveViewFixture

    /// The last flight of the All board (US 480 in the issue), opened.
    static func modelWithTheLastFlightOpen() throws -> (LiveModel, FlightDocument) {
        var model = Fixture.liveModel()
        model.press(.end)
        let flight = try #require(model.selectedFlight)
        try model.openSelected()
        return (model, flight)
    }

    /// Southeast 428 of Mon Nov 30, opened. It runs Mon, Wed, Fri: on Tue Dec 15, when the window has
    /// slid past Nov 30, its id is another flight's, US 389. (A daily service's flight with that id
    /// would be its own flight of Dec 15, under the same name.)
    static func modelWithSoutheast428Open() throws -> (LiveModel, FlightDocument) {
        var model = Fixture.liveModel()
        let flight = try #require(Fixture.board().flights.first { $0.flightName == "Southeast 428" })
        try model.moveCursor(to: flight.id)
        try model.openSelected()
        return (model, flight)
    }

    /// A flight's details taller than the pane say what is above and below, and PageDown and PageUp
    /// (space too) page through them, kept where they were when the flight is refreshed; Down still
    /// steps to the next flight, which opens at its top.
    @Test func detailsTallerThanThePanePageWithTheirMarks() throws {
        var (model, flight) = try Self.modelWithTheLastFlightOpen()
        let size = TerminalSize(columns: 40, rows: 10)
        model.update(.resized(size))
        func marks() -> String { model.frame(size)[size.rows - 2] }
        #expect(marks().contains("↓ ") && !marks().contains("↑"), "\(model.frame(size).joined(separator: "\n"))")
        #expect(model.frame(size)[3].contains(flight.flightName), "the top: the flight's title")
        model.press(.pageDown)
        #expect(marks().contains("↑ ") && marks().contains("(PgUp/PgDn)"), "\(marks())")
        for _ in 0..<20 { model.press(.character(" ")) }
        let bottom = model.frame(size)
        #expect(!marks().contains("↓"), "at the last line: \(marks())")
        #expect(bottom.contains { $0.hasPrefix("History") }, "\(bottom.joined(separator: "\n"))")
        // A refresh keeps the place.
        let refresh = model.update(.boardPushed(Fixture.board(), at: Fixture.start + .seconds(1)))
        if let id = LiveModel.sentID(refresh) { model.update(.replied(id, Fixture.details(of: flight))) }
        #expect(model.frame(size) == bottom)
        for _ in 0..<20 { model.press(.pageUp) }
        #expect(model.frame(size)[3].contains(flight.flightName))
        // Up steps to the flight before, opened at its top.
        let previous = try #require(LiveModel.sentID(model.press(.up)))
        let before = try #require(Fixture.board().flights.dropLast().last)
        model.update(.replied(previous, Fixture.details(of: before)))
        #expect(model.frame(size)[3].contains(before.flightName), "\(model.frame(size).joined(separator: "\n"))")
        // A pane tall enough shows them whole, without marks.
        #expect(!model.frame().contains { $0.contains("(PgUp/PgDn)") })
    }

    /// Down and up (j and k too) on details taller than the pane scroll them a line while more is
    /// below or above, and only then step to the next or previous flight: on a 12-row pane three
    /// Downs to read on opened three flights on top, each for Esc to go back through.
    @Test func downAndUpReadOnThroughTallDetailsBeforeSteppingToAnotherFlight() throws {
        var model = Fixture.liveModel()
        let flight = try #require(Fixture.board().flights.dropFirst(5).first)
        try model.moveCursor(to: flight.id)
        try model.openSelected()
        let size = TerminalSize(columns: 100, rows: 12)
        model.update(.resized(size))
        let layout = { () -> LiveFrame.DetailsLayout in
            guard case .details(let open) = model.top else { return LiveFrame.detailsLayout(lineCount: 0, scroll: 0, rows: 0) }
            return LiveFrame.detailsLayout(open, model: model, size: size)
        }
        let below = layout().lastScroll
        #expect(below >= 3, "taller than the pane: \(model.frame(size).joined(separator: "\n"))")
        for (number, key) in zip(1...below, [Key.down, .character("j")].cycled()) {
            #expect(model.press(key).isEmpty, "no flight asked for while more is below")
            #expect(layout().scroll == number)
        }
        #expect(model.screens.count == 2, "no flight opened on top")
        #expect(model.frame(size).joined().contains("↑ \(below) more"), "\(model.frame(size).joined(separator: "\n"))")
        // At the end, Down goes on to the next flight, opened at its top.
        let next = try #require(LiveModel.sentID(model.press(.down)))
        let after = try #require(Fixture.board().flights.dropFirst(6).first)
        model.update(.replied(next, Fixture.details(of: after)))
        #expect(LiveViewStackTests.topName(model) == after.flightName)
        #expect(layout().scroll == 0)
        // Up reads back to the top first, then steps to the flight before.
        model.press(.down, .down)
        #expect(model.press(.character("k")).isEmpty)
        #expect(layout().scroll == 1)
        #expect(model.press(.up).isEmpty)
        #expect(layout().scroll == 0)
        #expect(LiveModel.sentID(model.press(.up)) != nil, "at the top, the flight before")
    }

    /// However short the pane, down to 6 rows (one line for the details), paging from the top to
    /// the bottom shows every line of the flight's details in order, with the marks saying what is
    /// out of sight: at 6 rows the title alone showed, with no marks and no way to page.
    @Test(arguments: 6...9)
    func aShortPanePagesThroughEveryLineOfTheDetails(rows: Int) throws {
        var (model, _) = try Self.modelWithTheLastFlightOpen()
        let whole = model.frame(TerminalSize(columns: 80, rows: 40))
        let footer = whole.count - 1
        let lines = Array(whole[3..<footer].prefix { !$0.isEmpty })
        #expect(lines.count > 8, "\(whole.joined(separator: "\n"))")
        let size = TerminalSize(columns: 80, rows: rows)
        model.update(.resized(size))
        // Each page shows the lines from where its marks say it starts (`↑ N more`), in order; the
        // last ends with the details' last line.
        var end = 0
        for page in 0..<lines.count {
            let frame = model.frame(size)
            let marks = frame[rows - 2]
            #expect(marks.contains("(PgUp/PgDn)"), "page \(page): \(frame.joined(separator: "\n"))")
            #expect(page == 0 ? !marks.contains("↑") : marks.contains("↑"), "\(marks)")
            let above = marks.firstMatch(of: /↑ (\d+) more/).flatMap { Int($0.1) } ?? 0
            let shown = Array(frame[3..<(rows - 2)])
            #expect(above <= end, "no line skipped before page \(page)")
            #expect(shown == Array(lines[above..<min(lines.count, above + shown.count)]), "page \(page) at \(rows) rows")
            end = above + shown.count
            if !marks.contains("↓") { break }
            model.press(.pageDown)
        }
        #expect(end == lines.count, "every line, in order, at \(rows) rows")
    }

    /// After a config reloaded with another schedule, the open flight's identity can name another
    /// flight: fetched again, that one is not shown in its place; the open flight is gone.
    @Test func theOpenFlightNeverTurnsIntoAnotherOfItsIdentity() throws {
        var (model, flight) = try Self.modelWithTheLastFlightOpen()
        let refresh = model.update(.boardPushed(Fixture.board(), at: Fixture.start + .seconds(1)))
        let id = try #require(LiveModel.sentID(refresh))
        model.update(.replied(id, Fixture.details(flight.id).adding("flightName", "Nowhere 1")))
        let text = model.frame().screenText
        #expect(text.contains("\(flight.flightName) of Nov 30 is no longer on the board"), "\(text)")
        #expect(!text.contains("Nowhere 1"))
    }

    /// `/` on a flight, then Esc: back on the flight (it was the board, the flight thrown away).
    @Test func aSearchPromptLeftWithoutSearchingGivesTheFlightBack() throws {
        var (model, flight) = try Self.modelWithTheLastFlightOpen()
        model.press(.character("/"))
        model.press(.character("m"))
        model.press(.escape)
        guard case .details(let open)? = model.screens.last else {
            Issue.record("not on the flight: \(model.screens)")
            return
        }
        #expect(open.flight.id == flight.id && model.screens.count == 2)
        // A search made from it replaces it, as before: a search sits right above the board.
        model.press(.character("/"))
        model.press(.character("m"))
        model.press(.enter)
        #expect(model.promptLeft.isEmpty)
    }

    @Test func afterTheWindowSlidesTheOpenFlightNeverTurnsIntoAnotherWithItsId() throws {
        var (model, flight) = try Self.modelWithSoutheast428Open()
        let later = Fixture.instant(LocalDate(year: 2026, month: 12, day: 15)!)
        let namesake = try FlightDocument(json: Fixture.details(flight.id, on: LocalDate("2026-12-15")!, at: later))
        #expect(namesake.flightName != flight.flightName, "the fixture needs a different flight with the same id")

        // Midnight passes: the new board comes, and the open flight is asked for by id and date.
        let refresh = model.update(.boardPushed(Fixture.board(), at: Fixture.start + .seconds(1)))
        let request = try #require(LiveModel.sentRequest(refresh))
        #expect(request == .flight(LiveModel.FlightKey(id: flight.id, date: "2026-11-30"), pinned: []))
        #expect(request.params["date"] == "2026-11-30")

        // A daemon that answered for the id alone: the view does not take the other flight.
        model.update(
            .replied(try #require(LiveModel.sentID(refresh)), Fixture.details(flight.id, on: LocalDate("2026-12-15")!, at: later))
        )
        var text = model.frame().screenText
        #expect(!text.contains(namesake.flightName))
        #expect(text.contains("\(flight.flightName) of Nov 30 is no longer on the board"))

        // The daemon as it is: outsideWindow for the old identity.
        (model, _) = try Self.modelWithSoutheast428Open()
        let again = model.update(.boardPushed(Fixture.board(), at: Fixture.start + .seconds(1)))
        model.refuse(try #require(LiveModel.sentID(again)), .outsideWindow, "2026-11-30 is outside the board's window.")
        text = model.frame().screenText
        #expect(!text.contains(namesake.flightName) && !text.contains("History"))
        #expect(text.contains("\(flight.flightName) of Nov 30 is no longer on the board"))
    }

    /// The clock set back before the open flight's day: the daemon says its day is outside the window,
    /// and the screen says the flight is not there yet, not gone.
    @Test func aFlightOfADayAfterTheWindowIsNotOnTheBoardYet() throws {
        var (model, flight) = try Self.modelWithTheLastFlightOpen()
        let board = Fixture.board()
        let earlier = try BoardDocument(
            json: .object(board.json.objectPairs!.map { $0.0 == "now" ? ($0.0, "2026-11-25T12:00:00-05:00") : $0 }))
        let refresh = model.update(.boardPushed(earlier, at: Fixture.start + .seconds(1)))
        model.refuse(try #require(LiveModel.sentID(refresh)), .outsideWindow, "2026-11-30 is outside the board's window.")
        #expect(model.frame().screenText.contains("\(flight.flightName) of Nov 30 is not on the board yet."))
    }

    @Test(arguments: [WireErrorCode.notFound, .outsideWindow])
    func aGoneFlightGetsAScreenThatOffersTheSoonestAndTheWayBack(code: WireErrorCode) throws {
        var (model, flight) = try Self.modelWithTheLastFlightOpen()
        let refresh = model.update(.boardPushed(Fixture.board(), at: Fixture.start + .seconds(1)))
        model.refuse(try #require(LiveModel.sentID(refresh)), code, "No flight \(flight.id) on 2026-11-30.")
        var frame = model.frame()
        #expect(frame.screenText.contains("\(flight.flightName) of Nov 30 is no longer on the board."))
        #expect(!frame.screenText.contains("History"), "the old details are not kept under \"live\"")
        #expect(!frame[23].contains("No flight"), "no message lingers in the footer")
        #expect(frame[23].contains("soonest") && frame[23].contains("Esc back"))

        // A new board without it does not bring the old details back.
        let without = Fixture.board().replacing(tab: .all, flights: Fixture.board().flights.filter { $0.id != flight.id })
        #expect(model.update(.boardPushed(without, at: Fixture.start + .seconds(2))) == [])
        // One that lists it again (the clock set back to its day) asks for it again, once.
        var back = model
        let again = back.update(.boardPushed(Fixture.board(), at: Fixture.start + .seconds(3)))
        #expect(LiveModel.sentRequest(again)?.method == .flightGet)
        #expect(back.update(.boardPushed(Fixture.board(), at: Fixture.start + .seconds(4))) == [], "once at a time")
        back.update(.replied(try #require(LiveModel.sentID(again)), Fixture.details(flight.id)))
        #expect(back.frame().screenText.contains("History") && !back.frame().screenText.contains("no longer on the board"))
        // In place of its gone screen, not over it: one flight in the stack, and Esc goes to the board.
        #expect(back.screens.count == 2, "\(back.screens)")
        back.press(.escape)
        #expect(back.screens == [.board])

        // s (or Enter) asks for the soonest flight of the tab; it replaces the gone screen.
        for key in [Key.character("s"), .enter] {
            var copy = model
            let effects = copy.press(key)
            let request = try #require(LiveModel.sentRequest(effects))
            #expect(request.method == .flightSoonest)
            #expect(request.params["tab"] == "all")
        }
        let soonest = Fixture.board().flights.first { !$0.past }!
        let id = try #require(LiveModel.sentID(model.press(.character("s"))))
        #expect(model.update(.replied(id, Fixture.details(soonest.id))) == [.saveLastViewed(soonest.withDetails)])
        frame = model.frame()
        #expect(frame[3].contains(soonest.flightName) && frame.screenText.contains("History"))
        #expect(!frame.screenText.contains("no longer on the board"))

        // Esc from the gone screen goes back to the board, without the message.
        (model, _) = try Self.modelWithTheLastFlightOpen()
        let more = model.update(.boardPushed(Fixture.board(), at: Fixture.start + .seconds(1)))
        model.refuse(try #require(LiveModel.sentID(more)), code, "gone")
        model.press(.escape)
        #expect(model.screens == [.board])
        #expect(!model.frame().screenText.contains("no longer on the board"))
    }

    @Test func openingAFlightThatIsGoneShowsTheGoneScreen() throws {
        var model = Fixture.liveModel()
        let flight = try #require(model.selectedFlight)
        let id = try #require(LiveModel.sentID(model.press(.enter)))
        model.refuse(id, .outsideWindow, "2026-11-30 is outside the board's window.")
        #expect(model.frame().screenText.contains("\(flight.flightName) of Nov 30 is no longer on the board."))
    }

    /// The first flight of the board in the air at noon.
    static func flightInTheAir() throws -> FlightDocument {
        try #require(
            Fixture.board().flights.first { flight in
                let progress = try? FlightDetailsDocument(json: Fixture.details(flight.id)).progress
                return progress.map { $0 > 0 && $0 < 1 } ?? false
            })
    }

    @Test func theOpenFlightInTheAirFollowsTheClockOnTicks() throws {
        var model = Fixture.liveModel()
        model.update(.boardPushed(Fixture.board(speed: 60), at: Fixture.start))
        let flight = try Self.flightInTheAir()
        try model.moveCursor(to: flight.id)
        try model.openSelected()
        let before = model.frame().first { $0.hasPrefix("Progress") }

        // Ticks, without any new board: the open flight is fetched again by identity.
        var sent: [LiveEffect] = []
        for tenth in 1...30 { sent += model.update(.tick(Fixture.start + .milliseconds(100 * tenth))) }
        let requests = sent.compactMap { effect -> LiveRequest? in
            if case .send(_, let request) = effect { return request }
            return nil
        }
        #expect(!requests.isEmpty, "the details follow the clock")
        #expect(requests.allSatisfy { $0 == .flight(LiveModel.FlightKey(flight), pinned: []) })
        #expect(requests.count <= 3, "never more than about once a second")

        // The answer, eleven minutes of the daemon's clock later, moves the progress.
        let id = try #require(LiveModel.sentID(sent))
        let later = Fixture.now.addingTimeInterval(11 * 60)
        #expect(model.update(.replied(id, Fixture.details(flight.id, at: later))) == [])
        let after = model.frame().first { $0.hasPrefix("Progress") }
        #expect(after != nil && after != before)
    }

    @Test func aFrozenClockOrAFlightOnTheGroundIsNotFetchedEverySecond() throws {
        var model = Fixture.liveModel()
        model.update(.boardPushed(Fixture.board(speed: 0), at: Fixture.start))
        let flight = try Self.flightInTheAir()
        try model.moveCursor(to: flight.id)
        try model.openSelected()
        var sent: [LiveEffect] = []
        for second in 0...60 { sent += model.update(.tick(Fixture.start + .seconds(second))) }
        #expect(sent.isEmpty, "speed 0: the details cannot change without a new board")

        // At real speed, a flight on the ground is fetched now and then, not every second.
        var ground = Fixture.liveModel()
        try ground.openSelected()
        sent = []
        for second in 0...60 { sent += ground.update(.tick(Fixture.start + .seconds(second))) }
        #expect((1...3).contains(sent.count))
    }
}

extension Array {
    /// The elements over and over.
    fileprivate func cycled() -> some Sequence<Element> {
        sequence(state: 0) { index in
            defer { index += 1 }
            return self[index % count]
        }
    }
}
