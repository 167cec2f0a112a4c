import BoardProtocol
import BoardSystem
import FlightData
import Testing

@testable import BoardCLI

/// `board watch` with the filter flags and `--countdown`: each board is filtered as it arrives
/// (`LiveModel.shown`, from the all tab it watches), so the rows, the cursor and the counts see the same flights; the tab bar
/// says what is filtered. The default schedule at noon on Nov 30 (`LiveViewFixture`; its flights are
/// listed by hand in FlightFilterTests): US's departures are US 403 and US 953, which left in the
/// morning, then US 455 at 13:40, on time, US 605 and US 428.
struct LiveViewFilterTests {
    static let us = FlightFilter(airlines: ["US"])

    /// A model as `board watch TAB` with `filter` (and `--countdown`) opens, showing the first board.
    static func model(tab: Tab = .all, filter: FlightFilter = us, countdown: Bool = false) -> LiveModel {
        var model = LiveModel(tab: tab, hidePast: false, style: Style(enabled: false), size: LiveViewFixture.size)
        model.filter = filter
        model.countdown = countdown
        let effects = model.update(.connected)
        // With a filter on, the view watches the all tab (the daemon pushes what it is asked for).
        let watched = LiveModel.watchedTab(tab, filter: filter)
        #expect(effects == [.subscribe(.watch(tab: watched, hidePast: false, pinned: []))])
        model.update(.boardPushed(LiveViewFixture.board(tab: watched), at: LiveViewFixture.start))
        return model
    }

    @Test func aFilteredWatchListsOnlyTheMatchingFlights() throws {
        let model = Self.model(tab: .departures)
        let unfiltered = LiveViewFixture.board(tab: .departures)
        let expected = unfiltered.flights.filter { $0.airline == "US" }.map(\.flightName)
        #expect(expected.count >= 5)
        #expect(model.listedFlights.map(\.flightName) == expected)
        #expect(model.listedFlights.count < unfiltered.flights.count)
        // The rows on screen are those flights and no other airline's.
        let rows = model.frame().filter { $0.contains(" → ") || $0.contains(" ← ") }
        #expect(rows.count == expected.count)
        #expect(rows.allSatisfy { $0.contains("US ") })
        #expect(model.frame().screenText.contains("US 455"))
    }

    @Test func theCountsAreTheFilteredOnes() throws {
        let flights = LiveViewFixture.board(tab: .all).flights.filter { $0.airline == "US" }
        let departures = flights.count { $0.direction == .departure }
        let arrivals = flights.count { $0.direction == .arrival }
        #expect(departures > 0 && arrivals > 0)
        // On every tab, every tab's count and badge is the filtered count, the all tab's badge its date.
        for tab in Tab.allCases {
            let model = Self.model(tab: tab)
            let board = try #require(model.board)
            #expect(board.tab == tab)
            #expect(board.tabs.first { $0.id == .departures }?.badge == String(departures))
            #expect(board.tabs.first { $0.id == .arrivals }?.badge == String(arrivals))
            #expect(board.tabs.first { $0.id == .all }?.count == flights.count)
            #expect(board.tabs.first { $0.id == .all }?.badge == "Nov 30")
            #expect(model.frame()[1].contains("Arrivals \(arrivals)"))
            #expect(model.frame()[1].contains("Departures \(departures)"))
            #expect(!model.frame()[1].contains("–"))
        }
    }

    @Test func aDirectionTabShowsTheAllBoardsFlightsInThatDirectionInItsOrder() throws {
        // The rows derived from the all board are the ones the daemon's own departures board lists, filtered.
        let pinned: Set<Int> = Set(LiveViewFixture.board(tab: .arrivals).flights.suffix(2).map(\.id))
        let all = LiveViewFixture.board(tab: .all, pinned: pinned)
        for tab in [Tab.arrivals, .departures] {
            let own = LiveViewFixture.board(tab: tab, pinned: pinned)
            let shown = LiveModel.shown(all, on: tab, by: Self.us)
            #expect(shown.flights == own.flights.filter { $0.airline == "US" })
            #expect(shown.tab == tab)
            // Pinned flights first, as the daemon lists them.
            #expect(
                LiveModel.shown(all, on: tab, by: FlightFilter(within: 1440)).flights
                    == own.flights.filter { FlightFilter(within: 1440).matches($0, now: own.now) })
        }
        // Without a filter the pushed board is shown as it is, and the view watches its own tab.
        #expect(LiveModel.shown(all, on: .all, by: FlightFilter()) == all)
        #expect(LiveModel.watchedTab(.departures, filter: FlightFilter()) == .departures)
        #expect(LiveModel.watchedTab(.departures, filter: Self.us) == .all)
    }

    @Test func switchingTabOrRotatingKeepsWatchingAllAndCountsStayRight() throws {
        var model = Self.model(tab: .departures)
        let effects = model.update(.key(.tab))
        #expect(effects.contains(.subscribe(.watch(tab: .all, hidePast: false, pinned: []))))
        model.update(.boardPushed(LiveViewFixture.board(tab: .all), at: LiveViewFixture.start + .seconds(1)))
        #expect(model.board?.tab == model.tab)
        #expect(model.listedFlights.allSatisfy { $0.airline == "US" && model.tab.includesDirection($0.direction) })
        #expect(!model.frame()[1].contains("–"))
    }

    @Test func aDirectionBoardPushedWithAFilterOnSaysTheOtherCountIsUnknown() throws {
        // Not what the view asks for, but a daemon may push it: the other direction cannot be counted.
        let shown = LiveModel.shown(LiveViewFixture.board(tab: .departures), on: .departures, by: Self.us)
        #expect(shown.tabs.first { $0.id == .arrivals }?.badge == "–")
        #expect(shown.flights.allSatisfy { $0.airline == "US" })
        // A stale push of the other direction (the view had just turned tab): its own count stays, the other is `–`.
        let stale = LiveModel.shown(LiveViewFixture.board(tab: .departures), on: .arrivals, by: Self.us)
        #expect(stale.tabs.first { $0.id == .arrivals }?.badge == "–")
        #expect(stale.tabs.first { $0.id == .departures }?.badge == shown.tabs.first { $0.id == .departures }?.badge)
    }

    @Test func theCursorStartsAndStaysOnAMatchingFlight() throws {
        var model = Self.model(tab: .departures)
        // The first US flight still to come: US 455 at 13:40.
        #expect(model.selectedFlight?.flightName == "US 455")
        model.update(.key(.down))
        let next = try #require(model.selectedFlight)
        #expect(next.airline == "US")
        // A new board (unfiltered, as the daemon pushes it) keeps the cursor on the same flight.
        model.update(.boardPushed(LiveViewFixture.board(tab: .all), at: LiveViewFixture.start + .seconds(5)))
        #expect(model.selectedFlight.map(LiveModel.FlightKey.init) == LiveModel.FlightKey(next))
        #expect(model.listedFlights.allSatisfy { $0.airline == "US" })
        // Down to the end and up to the top: every flight the cursor lands on is US's.
        for _ in 0..<20 {
            model.update(.key(.down))
            #expect(model.selectedFlight?.airline == "US")
        }
        model.update(.key(.home))
        #expect(model.selectedFlight?.airline == "US")
    }

    /// With hide-past on too, the tab bar says the board is filtered at every width from 40 columns:
    /// the past note took the room and `filtered` was dropped, so the filter's counts read as the
    /// airport's.
    @Test func theFilterIsSaidBesideHidePastAtEveryWidth() {
        for tab in [Tab.departures, .all] {
            var model = Self.model(tab: tab, filter: FlightFilter(airlines: ["Pacific"]))
            model.hidePast = true
            for columns in LiveFrame.narrowest...120 {
                let bar = model.frame(TerminalSize(columns: columns, rows: 12))[1]
                #expect(bar.contains("  filtered"), "\(tab) at \(columns): \(bar)")
                #expect(bar.columns <= columns, "\(tab) at \(columns): \(bar)")
                if columns >= 80 { #expect(bar.contains("past hidden") || bar.contains("no past"), "\(bar)") }
            }
        }
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
        let row = try #require(model.frame().first { $0.contains("US 455") })
        // 13:40 on time, at noon: boarding starts at 13:00, in 60 minutes.
        #expect(row.contains("boards in 60 min"))
        #expect(model.frame().allSatisfy { $0.count <= LiveViewFixture.size.columns })
        let clock = try #require(Self.model(tab: .departures).frame().first { $0.contains("US 455") })
        #expect(clock.contains("13:40"))
        #expect(!clock.contains("boards in"))
    }

    /// Within 90 minutes of noon: Overland 256 at 12:40; not US 455 at 13:40.
    @Test func withinKeepsOnlyFlightsDueSoon() {
        let model = Self.model(filter: FlightFilter(within: 90))
        #expect(!model.listedFlights.isEmpty)
        #expect(model.listedFlights.allSatisfy { !$0.past })
        #expect(model.listedFlights.map(\.flightName).contains("Overland 256"))
        #expect(!model.listedFlights.map(\.flightName).contains("US 455"))
        #expect(model.frame()[1].contains("filtered: within 1 h 30 min"))
    }
}
