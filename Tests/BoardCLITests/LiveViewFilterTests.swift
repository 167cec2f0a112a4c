import BoardProtocol
import BoardSystem
import FlightData
import Testing

@testable import BoardCLI

/// `board watch` with the filter flags and `--countdown`: each board is filtered as it arrives
/// (`LiveModel.filtered`), so the rows, the cursor and the counts see the same flights; the tab bar
/// says what is filtered. The default schedule at noon on Nov 30 (`LiveViewFixture`; its flights are
/// listed by hand in FlightFilterTests): Pacific's next departure is Pacific 901 at 13:25, on time.
struct LiveViewFilterTests {
    static let pacific = FlightFilter(airlines: ["Pacific"])

    /// A model as `board watch TAB` with `filter` (and `--countdown`) opens, showing the first board.
    static func model(tab: Tab = .all, filter: FlightFilter = pacific, countdown: Bool = false) -> LiveModel {
        var model = LiveModel(tab: tab, hidePast: false, style: Style(enabled: false), size: LiveViewFixture.size)
        model.filter = filter
        model.countdown = countdown
        model.update(.connected)
        model.update(.boardPushed(LiveViewFixture.board(tab: tab), at: LiveViewFixture.start))
        return model
    }

    @Test func aFilteredWatchListsOnlyTheMatchingFlights() throws {
        let model = Self.model(tab: .departures)
        let unfiltered = LiveViewFixture.board(tab: .departures)
        let expected = unfiltered.flights.filter { $0.airline == "Pacific" }.map(\.flightName)
        #expect(expected.count >= 5)
        #expect(model.listedFlights.map(\.flightName) == expected)
        #expect(model.listedFlights.count < unfiltered.flights.count)
        // The rows on screen are those flights and no other airline's.
        let rows = model.frame().filter { $0.contains(" → ") || $0.contains(" ← ") }
        #expect(rows.count == expected.count)
        #expect(rows.allSatisfy { $0.contains("Pacific ") })
        #expect(model.frame().screenText.contains("Pacific 901"))
    }

    @Test func theCountsAreTheFilteredOnes() throws {
        // On the all tab every flight is at hand: both directions are counted again.
        let all = Self.model(tab: .all).board!
        let flights = LiveViewFixture.board(tab: .all).flights.filter { $0.airline == "Pacific" }
        let departures = flights.count { $0.direction == .departure }
        let arrivals = flights.count { $0.direction == .arrival }
        #expect(all.tabs.first { $0.id == .departures }?.badge == String(departures))
        #expect(all.tabs.first { $0.id == .arrivals }?.badge == String(arrivals))
        // On departures, the arrivals cannot be counted from its flights: their badge says so.
        let board = Self.model(tab: .departures).board!
        #expect(board.tabs.first { $0.id == .departures }?.badge == String(departures))
        #expect(board.tabs.first { $0.id == .arrivals }?.badge == "–")
        #expect(Self.model(tab: .departures).frame()[1].contains("Arrivals –"))
    }

    @Test func theCursorStartsAndStaysOnAMatchingFlight() throws {
        var model = Self.model(tab: .departures)
        // The first Pacific flight not yet past: Pacific 901 at 13:25.
        #expect(model.selectedFlight?.flightName == "Pacific 901")
        model.update(.key(.down))
        let next = try #require(model.selectedFlight)
        #expect(next.airline == "Pacific")
        // A new board (unfiltered, as the daemon pushes it) keeps the cursor on the same flight.
        model.update(.boardPushed(LiveViewFixture.board(tab: .departures), at: LiveViewFixture.start + .seconds(5)))
        #expect(model.selectedFlight.map(LiveModel.FlightKey.init) == LiveModel.FlightKey(next))
        #expect(model.listedFlights.allSatisfy { $0.airline == "Pacific" })
        // Down to the end and up to the top: every flight the cursor lands on is Pacific's.
        for _ in 0..<20 {
            model.update(.key(.down))
            #expect(model.selectedFlight?.airline == "Pacific")
        }
        model.update(.key(.home))
        #expect(model.selectedFlight?.airline == "Pacific")
    }

    @Test func theTabBarSaysWhatIsFiltered() {
        let frame = Self.model(filter: FlightFilter(airlines: ["Pacific"], gates: ["B1"])).frame()
        #expect(frame[1].contains("filtered: airline Pacific, gate B1"))
        #expect(frame.allSatisfy { $0.count <= LiveViewFixture.size.columns })
        // Narrow, the note is cut with … and nothing wraps.
        let narrow = Self.model(filter: FlightFilter(airlines: ["Pacific"], gates: ["B1"]))
            .frame(TerminalSize(columns: 60, rows: 20))
        #expect(narrow[1].hasSuffix("…"))
        #expect(narrow.allSatisfy { $0.count <= 60 })
        // Without a filter, no note.
        #expect(!LiveViewFixture.liveModel().frame()[1].contains("filtered"))
    }

    @Test func countdownShowsTheTimeLeftInTheRows() throws {
        let model = Self.model(tab: .departures, countdown: true)
        let row = try #require(model.frame().first { $0.contains("Pacific 901") })
        // 13:25 on time, at noon: boarding starts at 12:45, in 45 minutes.
        #expect(row.contains("boards in 45 min"))
        #expect(model.frame().allSatisfy { $0.count <= LiveViewFixture.size.columns })
        let clock = try #require(Self.model(tab: .departures).frame().first { $0.contains("Pacific 901") })
        #expect(clock.contains("13:25"))
        #expect(!clock.contains("boards in"))
    }

    @Test func withinKeepsOnlyFlightsDueSoon() {
        let model = Self.model(filter: FlightFilter(within: 90))
        #expect(!model.listedFlights.isEmpty)
        #expect(model.listedFlights.allSatisfy { !$0.past })
        #expect(model.listedFlights.map(\.flightName).contains("Pacific 901"))
        #expect(!model.listedFlights.map(\.flightName).contains("Overland 992"))
        #expect(model.frame()[1].contains("filtered: within 1 h 30 min"))
    }
}
