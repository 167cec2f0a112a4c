import BoardProtocol
import BoardSystem
import FlightData
import Foundation
import Testing

@testable import BoardCLI

/// The now line (the contract's "Now is drawn"): one line where now falls among the rows of a board
/// of today, the rows above it dimmed with colour, in one-shot boards and the live view alike.
struct NowLineTests {
    static let marker = " now ─"

    static func lines(_ board: BoardDocument, width: Int = 80, colour: Bool = false) -> [String] {
        BoardRenderer(style: Style(enabled: colour), width: width).board(board)
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// Exactly one line, between the last row before now and the first at or after it: every row
    /// above is before 12:00, every row below at or after it.
    @Test(arguments: [Tab.arrivals, .all, .departures])
    func oneLineWhereNowFalls(tab: Tab) throws {
        let board = LiveViewFixture.board(tab: tab)
        let lines = Self.lines(board)
        let at = try #require(lines.firstIndex { $0.contains(Self.marker) })
        #expect(lines.count { $0.contains(Self.marker) } == 1)
        #expect(lines[at] == "  ──── 12:00 now " + String(repeating: "─", count: lines[at].count - 17))
        let rows = Array(lines[4...].prefix(board.flights.count + 1))
        for (row, flight) in zip(rows.filter { !$0.contains(Self.marker) }, board.flights) {
            #expect(row.hasSuffix(" \(flight.id)"), "\(row)")
            let before = RecentChange.seconds(from: board.now, to: flight.currentTime ?? flight.scheduledTime)! < 0
            let above = rows.firstIndex(of: row)! < at - 4
            #expect(before == above, "\(flight.flightName) at \(flight.currentTime ?? flight.scheduledTime): \(row)")
        }
    }

    /// Pinned rows lead the board whatever their time: the line goes among the unpinned rows, and a
    /// pinned row is never dimmed as before now. At 11:40, Overland 128 left at 11:35 and is not
    /// past (the hall keeps it until 11:45): pinned, it is on top and not dimmed; unpinned, it is.
    @Test func pinnedRowsStayOnTopAndTheLineGoesAmongTheOthers() throws {
        let today = LiveViewFixture.today
        let now = LiveViewFixture.now.addingTimeInterval(-20 * 60)
        let flights = LiveViewFixture.window.flights(on: today)
        let departed = try #require(flights.first { $0.flightName == "Overland 128" })
        func board(pinned: Set<Int>) throws -> BoardDocument {
            let query = BoardQuery(
                date: today, tab: .departures, pinned: PinnedFlights(pinned.map { FlightKey(id: $0, date: today) }))
            let board = Board(flights: flights, query: query, now: now)
            return try BoardDocument(json: LiveViewFixture.encoding.board(board, simulated: true, speed: 0).json)
        }
        let pinned = Self.lines(try board(pinned: [departed.id]), colour: true)
        #expect(pinned[4].contains("Overland 128") && pinned[4].contains("*"))
        #expect(!pinned[4].hasPrefix("\u{1B}[2m"), "a pinned row is not dimmed as before now: \(pinned[4])")
        let at = try #require(pinned.firstIndex { $0.contains(Self.marker) })
        #expect(at > 5, "the line is below the pinned row and the unpinned rows before now")
        #expect(pinned[5].hasPrefix("\u{1B}[2m"), "an unpinned row before now is dimmed: \(pinned[5])")
        #expect(!pinned[at + 1].hasPrefix("\u{1B}[2m"), "the first row at or after now is not: \(pinned[at + 1])")
        let unpinned = Self.lines(try board(pinned: []), colour: true)
        let row = try #require(unpinned.first { $0.contains("Overland 128") })
        #expect(row.hasPrefix("\u{1B}[2m"), "unpinned, the same row is above the line and dimmed: \(row)")
    }

    /// Another day's board is all before or all after now: no line. Late in the evening every row
    /// is before now and the line closes the list; before the first flight it opens it.
    @Test func onlyTodayHasALineAndItCanOpenOrCloseTheList() throws {
        let tomorrow = LiveViewFixture.board(LiveViewFixture.board()) { $0 }
        let other = try BoardDocument(
            json: .object(
                tomorrow.json.objectPairs!.map { key, value in key == "date" ? (key, .string("2026-12-01")) : (key, value) }))
        #expect(!Self.lines(other).contains { $0.contains(Self.marker) })
        let night = CountdownTests.board(atMinute: 11 * 60 + 59)  // 23:59
        let nightLines = Self.lines(night)
        let last = try #require(nightLines.lastIndex { $0.hasSuffix(" \(night.flights.last!.id)") })
        #expect(nightLines[last + 1].contains(Self.marker))
        let dawn = CountdownTests.board(atMinute: -6 * 60)  // 06:00
        #expect(Self.lines(dawn)[4].contains("──── 06:00 now"))
    }

    /// At every width from the narrowest row up, the line fits the width and is the only one, as
    /// wide as the widest of the rows and their titles (a terminal's letter, not the room kept for
    /// it: at 100 columns it ran past them); with NO_COLOR (no colour) it is there all the same, the
    /// one thing that says where now is.
    @Test(arguments: BoardRenderer.Columns.narrowest...200)
    func theLineFitsEveryWidth(width: Int) throws {
        for board in [LiveViewFixture.board(), LiveViewFixture.board(tab: .arrivals)] {
            let lines = Self.lines(board, width: width)
            #expect(lines.count { $0.contains(Self.marker) } == 1, "\(width)")
            for line in lines { #expect(line.columns <= width, "\(width): \(line)") }
            let table = lines[3...].prefix { !$0.isEmpty }
            let line = try #require(table.first { $0.contains(Self.marker) })
            let widest = try #require(table.filter { !$0.contains(Self.marker) }.map(\.columns).max())
            #expect(line.columns == widest, "\(width): the line \(line.columns) wide, the rows \(widest)")
            var countdown = BoardRenderer(style: Style(enabled: false), width: width)
            countdown.countdown = true
            #expect(countdown.board(board).split(separator: "\n").count { $0.contains(Self.marker) } == 1)
        }
    }

    /// A filtered board draws it among the rows that match.
    @Test func aFilteredBoardHasItsLine() {
        let filter = FlightFilter(airlines: ["US"])
        let board = filter.apply(to: LiveViewFixture.board())
        #expect(Self.lines(board).count { $0.contains(Self.marker) } == 1)
    }

    /// The live view draws it among the rows on screen and keeps its height and the cursor's row.
    @Test(arguments: [10, 14, 24, 40])
    func theLiveViewDrawsItAndKeepsItsHeight(rows: Int) {
        let model = LiveViewFixture.liveModel(cursorAtTop: false)
        let size = TerminalSize(columns: 80, rows: rows)
        let frame = model.view(size: size, now: LiveViewFixture.start)
        #expect(frame.count == rows)
        #expect(frame.selectedLine?.contains("Pacific 578") == true, "the cursor's row stays on screen")
        #expect(frame.count { $0.contains(Self.marker) } == 1)
        let at = frame.firstIndex { $0.contains(Self.marker) }!
        #expect(frame[at + 1].hasPrefix(">"), "the first flight at or after now (the cursor's) is just below")
    }
}
