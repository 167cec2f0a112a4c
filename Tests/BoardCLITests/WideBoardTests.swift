import BoardProtocol
import BoardSystem
import Testing

@testable import BoardCLI

/// `--wide`: every column at its full width whatever the width, then the terminal, the codeshares
/// and the remark; a line longer than the width is cut with `…`, never wrapped.
struct WideBoardTests {
    /// The fixture's board with three announcements (a gate change, a delay, a diversion).
    static let board = AnnouncementRenderingTests.board(now: "2026-11-30T12:00:00-05:00")

    static func wide(_ width: Int, colour: Bool = false) -> BoardRenderer {
        var renderer = BoardRenderer(style: Style(enabled: colour), width: width)
        renderer.wide = true
        return renderer
    }

    static func rows(_ text: String) -> [Substring] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropFirst(4)
        return Array(lines.withoutNowLine().prefix(board.flights.count))
    }

    @Test func at200ColumnsEveryColumnShowsInFull() throws {
        let text = Self.wide(200).board(Self.board)
        let lines = text.split(separator: "\n")
        #expect(lines.allSatisfy { $0.count <= 200 })
        #expect(!text.contains("…"), "nothing is cut at 200 columns")
        #expect(
            lines[2].split(separator: " ")
                == ["TIME", "FLIGHT", "FROM/TO", "GATE", "STATUS", "BELT", "ID", "TERM", "CODESHARES", "REMARK"])
        let shared = try #require(Self.board.flights.firstIndex { !$0.codeshares.isEmpty }, "the fixture has codeshares")
        let rows = Self.rows(text)
        for (row, flight) in zip(rows, Self.board.flights) {
            #expect(row.contains(" \(flight.id)  \(flight.terminal)"), "\(row)")
            if !flight.codeshares.isEmpty { #expect(row.contains(flight.codeshares.joined(separator: ", "))) }
            if let remark = flight.remark { #expect(row.hasSuffix(remark)) }
        }
        #expect(rows[0].hasSuffix("Gate changed from A3") && rows[1].hasSuffix("New time 12:35"))
        #expect(rows[shared].contains(Self.board.flights[shared].codeshares[0]))
        // Without --wide, 200 columns show them too (the columns appear as the width allows); 99 do not.
        let roomy = BoardRenderer(style: Style(enabled: false), width: 200).board(Self.board)
        #expect(roomy == text)
        let usual = BoardRenderer(style: Style(enabled: false), width: 99).board(Self.board)
        #expect(!usual.contains("TERM") && !usual.contains("BELT") && !usual.contains("Gate changed from A3"))
    }

    /// At 80 columns (and 40) the columns keep their full widths, so the rows start as they do at 200,
    /// and each line longer than the width is cut with `…`.
    @Test(arguments: [80, 40])
    func narrowerTheLinesAreCutNotWrappedNorNarrowed(width: Int) {
        let full = Self.rows(Self.wide(200).board(Self.board))
        let text = Self.wide(width).board(Self.board)
        #expect(text.split(separator: "\n").allSatisfy { $0.count <= width })
        for (row, whole) in zip(Self.rows(text), full) {
            #expect(row.count == min(width, whole.count))
            #expect(row == whole || (row.hasSuffix("…") && whole.hasPrefix(row.dropLast())), "\(row)")
        }
        // A cut line loses its colour (a cut through an escape would leave it open); the others keep theirs.
        let coloured = Self.wide(width, colour: true).board(Self.board).split(separator: "\n", omittingEmptySubsequences: false)
        let plain = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(coloured.count == plain.count)
        for (line, plainLine) in zip(coloured, plain) where plainLine.hasSuffix("…") {
            #expect(!line.contains("\u{1B}["), "a cut line loses its colour: \(line)")
        }
    }

    @Test(arguments: [80, 200])
    func theLiveViewsFramesFitToo(width: Int) {
        let size = TerminalSize(columns: width, rows: 24)
        for colour in [false, true] {
            var model = LiveModel(tab: .all, hidePast: false, style: Style(enabled: colour), size: size)
            model.wide = true
            // One screen at a time at 200 columns too (`--layout stack`); the split's sides are swept in `WidthSweepTests`.
            model.layout = .stack
            model.update(.connected)
            model.update(.boardPushed(Self.board, at: LiveViewFixture.start))
            let frame = model.view(size: size, now: LiveViewFixture.start)
            #expect(frame.allSatisfy { $0.visibleText.count <= width }, "\(width)")
            #expect(frame[2].contains("TERM") == (width >= 80 + 1 + 6))
            #expect(frame.joined().contains("Gate changed from A3") == (width == 200))
        }
    }
}
