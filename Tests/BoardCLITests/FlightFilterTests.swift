import BoardArguments
import BoardProtocol
import FlightData
import Foundation
import Testing

@testable import BoardCLI

/// `--airline`, `--city`, `--gate`, `--terminal`, `--status` and `--within` against the default
/// schedule at noon on Mon Nov 30 2026 (`LiveViewFixture`), counted by hand from its board
/// (a gate changed shows as `new←old`; past is what the hall has taken down):
///
///     dir  time         flight          city              gate  status     (past)
///     dep  06:35        Southeast 513   New York-LGA      A3    departed   past
///     arr  06:15→07:05  US 527          Charlotte         A2    landed     past
///     arr  07:10        Southeast 551   Nashville         B3    landed     past
///     dep  08:10→08:15  Overland 648    Detroit           B2    departed   past
///     arr  08:20        Southeast 676   Chicago           B3    landed     past
///     dep  09:05→09:25  US 403          Chicago           A3    departed   past
///     arr  09:50        Southeast 464   Charlotte         B1    landed     past
///     dep  10:25        US 953          Las Vegas         B3←B5 departed   past
///     arr  10:45        Southeast 722   New York-LGA      B3    landed     past
///     dep  11:35        Overland 128    Dallas/Ft. Worth  A4    departed   past
///     arr  12:00        Pacific 578     New York-LGA      A1    landed
///     dep  12:40        Overland 256    Dallas/Ft. Worth  A4    boarding
///     dep  13:40        US 455          Nashville         B5    on time
///     arr  13:15→13:40  Southeast 961   Las Vegas         B5    en route
///     arr  14:15        Southeast 428   Nashville         A2    on time
///     dep  14:35        US 605          Denver            A5    on time
///     arr  15:10→15:50  Pacific 762     New York-LGA      B4    delayed
///     dep  16:00        Pacific 320     Detroit           B2    on time
///     arr  16:20        Southeast 680   New York-LGA      A4    on time
///     dep  16:55        Overland 432    Atlanta           A2    on time
///     arr  17:30        Pacific 807     Detroit           B5    on time
///     dep  17:55        Overland 819    Denver            A2    on time
///     arr  18:40        US 587          Miami             B2    on time
///     dep  19:10        Overland 857    Las Vegas         B1    on time
///     arr  19:40        Southeast 682   Miami             B3    on time
///     dep  20:35        Overland 810    Dallas/Ft. Worth  A2    on time
///     arr  20:55        US 700          Chicago           A5    on time
///     dep  21:30        US 428          Denver            B2    on time
///     arr  22:15        Southeast 972   Miami             A5    on time
///     dep  22:50        Southeast 791   Phoenix           B5    on time
struct FlightFilterTests {
    static func command(_ words: String...) throws -> BoardViewCommand {
        try #require(try ClientArguments(words).command as? BoardViewCommand)
    }

    static func usage(_ words: [String]) -> String? {
        do throws(UsageError) {
            _ = try ClientArguments(words)
            return nil
        } catch { return error.pointingAtBoardHelp }
    }

    /// The filtered board's flights by name, and its tab counts (arrivals, all, departures).
    static func filtered(_ words: String..., tab: Tab = .departures) throws -> (names: [String], counts: [Int]) {
        let command = try command(words: words)
        let board = command.filter.apply(to: LiveViewFixture.board(tab: tab), all: LiveViewFixture.board(tab: .all))
        return (board.flights.map(\.flightName), board.tabs.map(\.count))
    }

    static func command(words: [String]) throws -> BoardViewCommand {
        try #require(try ClientArguments(words).command as? BoardViewCommand)
    }

    /// A change of a day gone from the window names its flight only: the airline filters it, `within`
    /// never keeps it (its flight is past), and city, gate, terminal and status cannot say.
    @Test func aFlightKnownByItsNameAloneIsFilteredByItsAirline() throws {
        #expect(try Self.command("--airline", "Pacific").filter.matches(flightName: "Pacific 578") == true)
        #expect(try Self.command("--airline", "US,Pacific").filter.matches(flightName: "US 527") == true)
        #expect(try Self.command("--airline", "US").filter.matches(flightName: "Southeast 513") == false)
        #expect(try Self.command("--airline", "Pacific", "--within", "2h").filter.matches(flightName: "Pacific 578") == false)
        for words in [["--city", "denver"], ["--gate", "A1"], ["--terminal", "B"], ["--status", "landed"]] {
            #expect(try Self.command(words: ["--airline", "Pacific"] + words).filter.matches(flightName: "Pacific 578") == nil)
        }
    }

    @Test func theFixtureIsTheBoardCountedByHand() {
        let board = LiveViewFixture.board()
        #expect(board.flights.count == 30)
        #expect(board.tabs.map(\.count) == [15, 30, 15])
    }

    /// US: 403, 953, 455, 605, 428 depart; 527, 587, 700 arrive.
    @Test func airline() throws {
        let (names, counts) = try Self.filtered("departures", "--airline", "us")
        #expect(names == ["US 403", "US 953", "US 455", "US 605", "US 428"])
        #expect(counts == [3, 8, 5])
        let arrivals = try Self.filtered("arrivals", "--airline", "US", tab: .arrivals)
        #expect(arrivals.names == ["US 527", "US 587", "US 700"])
    }

    /// Dallas/Ft. Worth: Overland 128, Overland 256 and Overland 810 depart; none arrives.
    @Test(arguments: ["ft worth", "FT. WORTH", "dallas-ft-worth", "Dallas/Ft", "worth"])
    func cityIgnoresCaseAndPunctuation(text: String) throws {
        let (names, counts) = try Self.filtered("all", "--city", text, tab: .all)
        #expect(names == ["Overland 128", "Overland 256", "Overland 810"])
        #expect(counts == [0, 3, 3])
    }

    /// Gate A2: US 527, Southeast 428 arrive, Overland 432, 819, 810 depart; B5: Southeast 961 and
    /// Pacific 807 arrive, US 455 and Southeast 791 depart. US 953, moved from B5 to B3, is at B3 only.
    @Test func gate() throws {
        #expect(try Self.filtered("--gate", "A2").counts == [2, 5, 3])
        #expect(try Self.filtered("departures", "--gate", "a2").names == ["Overland 432", "Overland 819", "Overland 810"])
        #expect(try Self.filtered("--gate", "B5").counts == [2, 4, 2])
        #expect(try Self.filtered("departures", "--gate", "B3").names == ["US 953"])
        // Two gates: either one.
        #expect(try Self.filtered("--gate", "A2,B5").counts == [4, 9, 5])
        #expect(try Self.filtered("--gate", "A2", "--gate", "B5").counts == [4, 9, 5])
    }

    /// Terminal B: Southeast 551, 676, 464, 722, 961, 682, Pacific 762, 807 and US 587 arrive;
    /// Overland 648, 857, US 953, 455, 428, Pacific 320 and Southeast 791 depart.
    @Test func terminal() throws {
        #expect(try Self.filtered("--terminal", "B").counts == [9, 16, 7])
        #expect(try Self.filtered("--terminal", "a").counts == [6, 14, 8])
    }

    /// Delayed: Pacific 762. Boarding: Overland 256. En route: Southeast 961. Landed: US 527, Southeast
    /// 551, 676, 464, 722 and Pacific 578. Departed: Southeast 513, Overland 648, US 403, US 953 and
    /// Overland 128. Canceled at noon: none.
    @Test func status() throws {
        #expect(try Self.filtered("all", "--status", "delayed", tab: .all).names == ["Pacific 762"])
        #expect(try Self.filtered("--status", "delayed,boarding").counts == [1, 2, 1])
        #expect(try Self.filtered("--status", "Landed", "--status", "en-route").counts == [7, 7, 0])
        #expect(try Self.filtered("--status", "departed").counts == [0, 5, 5])
        #expect(try Self.filtered("--status", "canceled").counts == [0, 0, 0])
    }

    /// Every kind must match: Southeast in terminal B is 551, 676, 464, 722, 961, 682 arriving and
    /// 791 departing; none of them is delayed (Pacific 762 is, in terminal B).
    @Test func kindsCombine() throws {
        #expect(try Self.filtered("--airline", "Southeast", "--terminal", "B").counts == [6, 7, 1])
        #expect(try Self.filtered("--airline", "Southeast", "--terminal", "B", "--status", "delayed").counts == [0, 0, 0])
    }

    /// From noon: Pacific 578 at 12:00 (it landed at noon itself: its time is now), Overland 256 at 12:40,
    /// US 455 and Southeast 961 at 13:40, Southeast 428 at 14:15, US 605 at 14:35. Both ends count.
    @Test func within() throws {
        #expect(try Self.filtered("all", "--within", "39m", tab: .all).names == ["Pacific 578"])
        #expect(try Self.filtered("all", "--within", "40m", tab: .all).names == ["Pacific 578", "Overland 256"])
        #expect(try Self.filtered("--within", "99m").counts == [1, 2, 1])
        #expect(try Self.filtered("--within", "100m").counts == [2, 4, 2])
        #expect(
            try Self.filtered("all", "--within", "135m", tab: .all).names == [
                "Pacific 578", "Overland 256", "US 455", "Southeast 961", "Southeast 428",
            ])
        #expect(try Self.filtered("--within", "3h").counts == [3, 6, 3])
        // Flights before now never, however long the span: the 11:35 departure is gone.
        #expect(try Self.filtered("--within", "24h").counts == [10, 20, 10])
    }

    @Test func theHeaderSaysWhatIsFiltered() throws {
        let command = try Self.command(
            "departures", "--airline", "Pacific", "--gate", "B5", "--within", "90m", "--status", "on-time,final-call")
        #expect(command.filter.description == "airline Pacific, gate B5, status on-time or final-call, within 1 h 30 min")
        let board = command.filter.apply(
            to: LiveViewFixture.board(tab: .departures), all: LiveViewFixture.board(tab: .all))
        let renderer = BoardRenderer(style: Style(enabled: false), width: 100)
        let lines = command.render(board, with: renderer).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[1] == "filtered: airline Pacific, gate B5, status on-time or final-call, within 1 h 30 min")
        #expect(lines[2] == " Arrivals 0   All Nov 30  [Departures 0]")
        #expect(lines[5] == "  No flights in this tab match the filter.")
        // Without a filter, no such line.
        let plain = try Self.command("departures")
        let unfiltered = plain.render(LiveViewFixture.board(tab: .departures), with: BoardRenderer(style: Style(enabled: false)))
        #expect(!unfiltered.contains("filtered"))
    }

    /// Search results keep the matching flights, each day counted again. In the air at noon, of
    /// all the window's flights, only Southeast 961 (from Las Vegas); at gate B3, departed, of US's
    /// only US 953 (its gate changed from B5).
    @Test func searchResults() throws {
        let command = try #require(
            try ClientArguments(["search", "las", "vegas", "--status", "en-route"]).command as? SearchCommand)
        let found = command.filter.apply(to: try SearchResultsDocument(json: LiveViewFixture.search("las vegas")))
        #expect(found.days.map(\.date) == ["2026-11-30"])
        #expect(found.days.map(\.count) == [1])
        #expect(found.days.flatMap(\.flights).map(\.flightName) == ["Southeast 961"])
        #expect(found.count == 1)
        var renderer = BoardRenderer(style: Style(enabled: false), width: 100)
        renderer.filterNote = command.filter.description
        #expect(renderer.search(found).hasPrefix(#"1 flight matching "las vegas", filtered: status en-route"#))
        let gate = FlightFilter(gates: ["B3"], statuses: [.departed])
        let us = gate.apply(to: try SearchResultsDocument(json: LiveViewFixture.search("us")))
        #expect(us.days.flatMap(\.flights).map(\.flightName) == ["US 953"])
    }

    /// Pages read as one (a filter, `--all-pages`): a flight the clock moved across the seam between
    /// two pages, so that both hold it, is kept once, and its day is one group.
    @Test func pagesReadAsOneKeepARepeatedFlightOnce() throws {
        let whole = try SearchResultsDocument(json: LiveViewFixture.search("us"))
        let flights = whole.days.flatMap(\.flights)
        #expect(flights.count >= 4)
        func page(_ slice: ArraySlice<FlightDocument>) -> SearchResultsDocument {
            let days = Dictionary(grouping: slice, by: \.date).sorted { $0.key < $1.key }.map { date, flights in
                SearchResultsDocument.Day(date: date, badge: date, count: flights.count, flights: flights)
            }
            return SearchResultsDocument(text: "us", tab: .all, count: slice.count, days: days, total: flights.count)
        }
        // The second page starts one flight early: its first flight is the first page's last.
        let first = page(flights[..<2])
        let second = page(flights[1...])
        let merged = first.keeping(pages: [second]) { _ in true }
        #expect(merged.days.flatMap(\.flights).map(\.id) == flights.map(\.id))
        #expect(merged.count == flights.count && merged.days.map(\.date) == whole.days.map(\.date))
    }

    /// `board events` and `board search` take the same flags, read the same way.
    @Test func eventsAndSearchTakeTheFilters() throws {
        let events = try #require(
            try ClientArguments(["events", "--airline", "pacific", "--gate", "b5,A1", "--kind", "gate"]).command as? EventsCommand
        )
        #expect(events.filter == FlightFilter(airlines: ["Pacific"], gates: ["B5", "A1"]))
        #expect(events.kinds == [.gate])
        let search = try #require(try ClientArguments(["search", "miami", "--terminal", "b"]).command as? SearchCommand)
        #expect(search.filter == FlightFilter(terminals: ["B"]))
        #expect(
            Self.usage(["events", "--status", "late"])
                == #"--status needs one of scheduled, on-time, delayed, boarding, final-call, gate-closed, departed, en-route, landed, canceled, diverted, not "late"; see 'board help events'"#
        )
        #expect(
            Self.usage(["search", "x", "--airline", "Delta"])
                == #"--airline needs one of US, Southeast, Pacific, Overland, not "Delta"; see 'board help search'"#)
        #expect(Self.usage(["events", "--within", "0m"])?.hasPrefix("--within needs a duration from 1m to 24h") == true)
        #expect(Self.usage(["show", "1", "--within", "2h"]) == "board show does not take --within; see 'board help show'")
    }

    /// `--within` on search, events and status means what it means on the board; `--wide` on search.
    @Test func withinOnSearchEventsAndStatus() throws {
        let search = try #require(
            try ClientArguments(["search", "us", "--within", "100m", "--wide"]).command as? SearchCommand)
        #expect(search.filter == FlightFilter(within: 100))
        #expect(search.wide)
        let results = try SearchResultsDocument(json: LiveViewFixture.search("us"))
        // From noon the next US flight is US 455 at 13:40, 100 minutes on; the window's other days are beyond.
        let now = LiveViewFixture.board().now
        let found = search.filter.apply(to: results, now: now)
        #expect(found.days.flatMap(\.flights).map(\.flightName) == ["US 455"])
        #expect(found.count == 1)
        #expect(FlightFilter(within: 99).apply(to: results, now: now).count == 0)
        // Without the daemon's now nothing can be within: no flight is kept rather than every one.
        #expect(search.filter.apply(to: results).count == 0)
        let events = try #require(try ClientArguments(["events", "--within", "2h", "--follow"]).command as? EventsCommand)
        #expect(events.filter == FlightFilter(within: 120))
        let status = try #require(try ClientArguments(["status", "--within", "100m"]).command as? StatusCommand)
        #expect(status.filter == FlightFilter(within: 100))
        let board = status.filter.apply(to: LiveViewFixture.board(hidePast: true))
        #expect(board.flights.map(\.flightName) == ["Pacific 578", "Overland 256", "US 455", "Southeast 961"])
        let next = try #require(StatusLine.nextDeparture(board))
        #expect(next.direction == .departure && board.flights.contains(next))
        #expect(
            StatusLine.stillToCome(board, .departure) + StatusLine.stillToCome(board, .arrival) == 4)
    }

    /// `board status --airline Southeast --terminal B`: to come are 961 (en route) and 682 arriving
    /// and 791 departing, the next of them Southeast 791 at 22:50. Pacific's next departure is 320.
    @Test func theStatusLineCountsTheFilteredBoard() throws {
        let status = try #require(
            try ClientArguments(["status", "--airline", "Southeast", "--terminal", "B"]).command as? StatusCommand)
        let board = status.filter.apply(to: LiveViewFixture.board(hidePast: true))
        #expect(StatusLine.stillToCome(board, .arrival) == 2)
        #expect(StatusLine.stillToCome(board, .departure) == 1)
        #expect(StatusLine.nextDeparture(board)?.flightName == "Southeast 791")
        let pacific = FlightFilter(airlines: ["Pacific"]).apply(to: LiveViewFixture.board(hidePast: true))
        #expect(StatusLine.nextDeparture(pacific)?.flightName == "Pacific 320")
    }

    /// `--city` completes with each city as one word, and each word finds its city.
    @Test func cityCompletionWordsFindTheirCities() throws {
        #expect(FlightFilter.cityWords.contains("dallas-ft-worth"))
        #expect(FlightFilter.cityWords.contains("new-york-lga"))
        #expect(FlightFilter.cityWords.allSatisfy { !$0.contains(" ") })
        for (word, city) in zip(FlightFilter.cityWords, FlightCatalog.cities) {
            #expect(city.name.foldedForFilter == word.foldedForFilter, "\(word)")
        }
    }

    /// A status as JSON writes it (`onTime`, from `jq -r .status`) or as the board shows it (`on time`)
    /// is the command line's `on-time`; they were refused.
    @Test func aStatusAsJSONOrTheBoardWritesItIsTaken() throws {
        for words in [["--status", "onTime,enRoute"], ["--status", "on time,en_route"], ["--status", "ON-TIME,En-Route"]] {
            let command = try #require(try ClientArguments(words).command as? BoardViewCommand)
            #expect(command.filter.statuses == [.onTime, .enRoute], "\(words)")
        }
        // Case alone is still ignored: an airline written with a capital inside is that airline.
        let airline = try #require(try ClientArguments(["--airline", "SouthEast,PACIFIC"]).command as? BoardViewCommand)
        #expect(airline.filter.airlines == ["Southeast", "Pacific"])
    }

    static let usages: [([String], String)] = [
        (
            ["--airline", "Pacfic"],
            #"--airline needs one of US, Southeast, Pacific, Overland, not "Pacfic" (did you mean Pacific?); see 'board --help'"#
        ),
        (
            ["departures", "--gate", "C9"],
            #"--gate needs one of A1, A2, A3, A4, A5, B1, B2, B3, B4, B5, not "C9"; see 'board --help'"#
        ),
        (["--terminal", "C"], #"--terminal needs one of A, B, not "C"; see 'board --help'"#),
        (
            ["--status", "delayed,ontime"],
            #"--status needs one of scheduled, on-time, delayed, boarding, final-call, gate-closed, departed, en-route, landed, canceled, diverted, not "ontime" (did you mean on-time?); see 'board --help'"#
        ),
        (
            ["--city", "//"],
            #"--city needs a letter or digit of a city's name, such as "denver" or "ft worth", not "//"; see 'board --help'"#
        ),
        (
            ["--within", "0m"],
            #"--within needs a duration from 1m to 24h, such as 90m, 2h or 1h30m, not "0m"; see 'board --help'"#
        ),
        (
            ["--within", "2 days"],
            #"--within needs a duration from 1m to 24h, such as 90m, 2h or 1h30m, not "2 days"; see 'board --help'"#
        ),
        (
            ["--within", "25h"],
            #"--within needs a duration from 1m to 24h, such as 90m, 2h or 1h30m, not "25h"; see 'board --help'"#
        ),
    ]

    @Test(arguments: usages)
    func badValuesAreUsageErrors(words: [String], message: String) {
        #expect(Self.usage(words) == message)
    }
}
