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

    /// The fixture's board labelled with another date (its flights unchanged): enough for a header.
    func board(dated date: String) -> BoardDocument {
        let pairs = LiveViewFixture.board().json.objectPairs!.map { key, value in
            key == "date" ? (key, JSON.string(date)) : (key, value)
        }
        return try! BoardDocument(json: .object(pairs))
    }
}
