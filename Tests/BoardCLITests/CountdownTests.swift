import BoardProtocol
import BoardSystem
import FlightData
import Foundation
import Testing

@testable import BoardCLI

/// `--countdown`'s time column, on the default schedule (see `FlightFilterTests` for its board at noon).
struct CountdownTests {
    /// The board the daemon would send `minutes` after noon (negative: before).
    static func board(atMinute minutes: Int, tab: Tab = .all) -> BoardDocument {
        let now = LiveViewFixture.now.addingTimeInterval(TimeInterval(minutes * 60))
        let board = Board(
            flights: LiveViewFixture.window.flights(on: LiveViewFixture.today),
            query: BoardQuery(date: LiveViewFixture.today, tab: tab, hidePast: false, pinned: []), now: now)
        return try! BoardDocument(json: LiveViewFixture.encoding.board(board, simulated: true, speed: 0).json)
    }

    static func flight(_ name: String, on board: BoardDocument) -> FlightDocument {
        board.flights.first { $0.flightName == name }!
    }

    /// `seconds` before the flight's current time, as an instant the board's `now` could be.
    static func now(_ seconds: Int, before flight: FlightDocument) -> String {
        let utc = LocalTime(timeZone: TimeZone(secondsFromGMT: 0)!)
        let time = InstantInput.parse(flight.currentTime!, localTime: utc, today: nil)!
        let formatter = ISO8601DateFormatter()
        return formatter.string(from: time.addingTimeInterval(TimeInterval(-seconds)))
    }

    /// Southeast 680 lands at 16:20 and is on time at noon: not yet in the air, so plain `in N min`.
    /// The window is 0 to 180 minutes, both included, counted in minutes rounded up.
    static let boundaries: [(Int, String?)] = [
        (0, "now"), (30, "in 1 min"), (60, "in 1 min"), (61, "in 2 min"), (3540, "in 59 min"), (3600, "in 60 min"),
        (10800, "in 180 min"), (10801, nil), (10860, nil), (-1, nil),
    ]

    @Test(arguments: boundaries)
    func theBoundaries(seconds: Int, expected: String?) {
        let flight = Self.flight("Southeast 680", on: LiveViewFixture.board())
        #expect(Countdown.text(flight, now: Self.now(seconds, before: flight)) == expected)
    }

    /// At noon: Overland 256 (12:40) is boarding, its gate closing at 12:30; Southeast 961 (en route,
    /// delayed to 13:40) lands in 100 minutes; US 455 (13:40) boards at 13:00; Southeast 428 (14:15) is
    /// not yet in the air; Overland 128 left at 11:35; Pacific 762 (delayed to 15:50) is 230 minutes
    /// away. At 12:05, Pacific 578 landed five minutes ago (the hall still shows it). At 20:30,
    /// Southeast 791 (22:50, 140 minutes away) is canceled.
    @Test func atNoon() {
        let board = LiveViewFixture.board()
        func text(_ name: String) -> String? { Countdown.text(Self.flight(name, on: board), now: board.now) }
        #expect(text("Overland 256") == "closes in 30 min")
        #expect(text("Southeast 961") == "lands in 100 min")
        #expect(text("US 455") == "boards in 60 min")
        #expect(text("Southeast 428") == "in 135 min")
        #expect(text("Overland 128") == nil)
        #expect(text("Pacific 762") == nil)
        // Short, the minutes to the flight's own time, whatever the step: Overland 256 leaves in 40.
        #expect(Countdown.text(Self.flight("Overland 256", on: board), now: board.now, short: true) == "40m")
        #expect(Countdown.text(Self.flight("US 455", on: board), now: board.now, short: true) == "100m")
        #expect(Countdown.text(Self.flight("Southeast 961", on: board), now: board.now, short: true) == "100m")
        let landed = Self.board(atMinute: 5)
        let pacific = Self.flight("Pacific 578", on: landed)
        #expect(pacific.status == .landed && !pacific.past)
        #expect(Countdown.text(pacific, now: landed.now) == nil)
        let evening = Self.board(atMinute: 8 * 60 + 30)
        let canceled = Self.flight("Southeast 791", on: evening)
        #expect(canceled.status == .canceled)
        #expect(Countdown.text(canceled, now: evening.now) == nil)
    }

    /// US 455 (13:40): boarding from 13:00 and final call from 13:25 count down to the gate
    /// closing at 13:30; once closed, to the departure. At 13:40 its time is now (still to come, as
    /// the daemon's soonest has it); a minute on it has left.
    @Test func boardingCountsToTheGateClosing() {
        func text(atMinute minute: Int) -> String? {
            let board = Self.board(atMinute: minute)
            return Countdown.text(Self.flight("US 455", on: board), now: board.now)
        }
        #expect(text(atMinute: 59) == "boards in 1 min")
        #expect(text(atMinute: 60) == "closes in 30 min")
        #expect(text(atMinute: 87) == "closes in 3 min")
        #expect(text(atMinute: 90) == "in 10 min")
        #expect(text(atMinute: 100) == "now")
        #expect(text(atMinute: 101) == nil, "departed")
    }

    /// With the countdown and a filter's line, nothing wraps at any width, and the id stays.
    @Test(arguments: 20...140)
    func nothingWraps(width: Int) {
        var renderer = BoardRenderer(style: Style(enabled: false), width: width)
        renderer.countdown = true
        renderer.filterNote = "airline Pacific, city \"ft worth\", gate A1 or B5, status on-time or delayed, within 2 h"
        let board = LiveViewFixture.board(tab: .all)
        let lines = renderer.board(board).split(separator: "\n", omittingEmptySubsequences: false)
        for line in lines { #expect(line.count <= width, "\(width): \(line)") }
        // A long filter line is cut on its own: the board keeps its colour.
        var coloured = BoardRenderer(style: Style(enabled: true), width: width)
        coloured.countdown = true
        coloured.filterNote = renderer.filterNote
        if width >= 80 { #expect(coloured.board(board).contains("\u{1B}[")) }
        #expect(BoardRenderer.Columns(width: width, countdown: true).total <= max(width, BoardRenderer.Columns.narrowest))
        guard width >= BoardRenderer.Columns.narrowest else { return }
        for (row, flight) in zip(lines.dropFirst(5).withoutNowLine(), board.flights) {
            #expect(row.endsColumns(with: " \(flight.id)", width: width), "\(width): \(row)")
        }
    }

    /// The board's time column says it, wide enough at 80 columns; beyond the window, the clock time.
    @Test func theBoardShowsIt() {
        var renderer = BoardRenderer(style: Style(enabled: false), width: 80)
        renderer.countdown = true
        let board = LiveViewFixture.board(tab: .departures)
        let lines = renderer.board(board).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[3].hasPrefix("  TIME              FLIGHT"))
        #expect(lines.contains { $0.hasPrefix("  boards in 60 min  US 455") })
        #expect(lines.contains { $0.hasPrefix("  16:00             Pacific 320") })
        #expect(lines.allSatisfy { $0.count <= 80 })
        // Narrow: minutes only, to the flight's own time (13:40), not to boarding: without the word,
        // 60m read as the time to leave.
        renderer.width = 40
        #expect(renderer.board(board).split(separator: "\n").contains { $0.hasPrefix("  100m  US 455") })
    }
}
