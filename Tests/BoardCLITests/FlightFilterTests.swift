import BoardArguments
import BoardProtocol
import FlightData
import Foundation
import Testing

@testable import BoardCLI

/// `--airline`, `--city`, `--gate`, `--terminal`, `--status` and `--within` against the default
/// schedule at noon on Mon Nov 30 2026 (`LiveViewFixture`), counted by hand from its board:
///
///     dir  time         flight          city              gate status     (past)
///     dep  07:00        Pacific 506     Dallas/Ft. Worth  A1   departed   past
///     arr  07:15        Overland 433    Miami             A5   landed     past
///     dep  07:50        Southeast 282   Miami             A5   canceled   past
///     arr  08:10        US 686          Las Vegas         A3   landed     past
///     arr  08:15        Overland 691    Phoenix           A1   landed     past
///     dep  08:50        Pacific 759     Chicago           A3   departed   past
///     arr  09:50        Southeast 666   Chicago           A5   landed     past
///     dep  10:35        Pacific 657     Detroit           B5   departed   past
///     arr  10:45        US 487          Dallas/Ft. Worth  B1   landed     past
///     dep  11:10        Pacific 807     Miami             A3   departed   past
///     arr  12:00→12:10  US 481          Dallas/Ft. Worth  A3   en route
///     dep  12:10→13:05  Overland 176    Phoenix           A1   delayed
///     arr  12:45→13:05  US 658          Atlanta           B3   delayed
///     dep  13:25        Pacific 901     Atlanta           B1   on time
///     dep  14:45        US 751          Phoenix           A5   canceled
///     arr  14:25→15:05  Overland 914    Detroit           A5   delayed
///     arr  15:05        Overland 438    Detroit           B3   on time
///     dep  15:50        Overland 992    Miami             B1   on time
///     arr  16:30        Southeast 834   Phoenix           A2   on time
///     dep  16:55        Overland 384    Las Vegas         A4   on time
///     arr  17:45        US 634          Dallas/Ft. Worth  A4   on time
///     dep  17:50        Overland 319    Las Vegas         B4   on time
///     arr  18:40        Overland 878    Detroit           B3   on time
///     dep  19:05        US 233          Charlotte         A1   on time
///     arr  19:35        Overland 833    Las Vegas         B3   on time
///     dep  20:30        Overland 892    New York-LGA      A5   on time
///     arr  21:05        Pacific 289     Nashville         A4   on time
///     dep  21:45        Overland 586    Nashville         B2   on time
///     arr  22:10        Southeast 892   Las Vegas         A3   on time
///     dep  22:35        US 480          Detroit           B1   on time
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

    @Test func theFixtureIsTheBoardCountedByHand() {
        let board = LiveViewFixture.board()
        #expect(board.flights.count == 30)
        #expect(board.tabs.map(\.count) == [15, 30, 15])
    }

    /// Pacific: 506, 759, 657, 807, 901 depart; 289 arrives.
    @Test func airline() throws {
        let (names, counts) = try Self.filtered("departures", "--airline", "pacific")
        #expect(names == ["Pacific 506", "Pacific 759", "Pacific 657", "Pacific 807", "Pacific 901"])
        #expect(counts == [1, 6, 5])
        let arrivals = try Self.filtered("arrivals", "--airline", "Pacific", tab: .arrivals)
        #expect(arrivals.names == ["Pacific 289"])
    }

    /// Dallas/Ft. Worth: Pacific 506 departs; US 487, US 481 and US 634 arrive.
    @Test(arguments: ["ft worth", "FT. WORTH", "dallas-ft-worth", "Dallas/Ft", "worth"])
    func cityIgnoresCaseAndPunctuation(text: String) throws {
        let (names, counts) = try Self.filtered("all", "--city", text, tab: .all)
        #expect(names == ["Pacific 506", "US 487", "US 481", "US 634"])
        #expect(counts == [3, 4, 1])
    }

    /// Gate A3: US 686, Pacific 759, Pacific 807, US 481, Southeast 892 (3 arrivals, 2 departures); B5: Pacific 657.
    @Test func gate() throws {
        #expect(try Self.filtered("--gate", "A3").counts == [3, 5, 2])
        #expect(try Self.filtered("departures", "--gate", "a3").names == ["Pacific 759", "Pacific 807"])
        #expect(try Self.filtered("--gate", "B5").counts == [0, 1, 1])
        // Two gates: either one.
        #expect(try Self.filtered("--gate", "A3,B5").counts == [3, 6, 3])
        #expect(try Self.filtered("--gate", "A3", "--gate", "B5").counts == [3, 6, 3])
    }

    /// Terminal B: 487, 658, 438, 878, 833 arrive; 657, 901, 992, 319, 586, 480 depart.
    @Test func terminal() throws {
        #expect(try Self.filtered("--terminal", "B").counts == [5, 11, 6])
        #expect(try Self.filtered("--terminal", "a").counts == [10, 19, 9])
    }

    /// Delayed: Overland 176, US 658, Overland 914. Canceled: Southeast 282, US 751. En route: US 481.
    @Test func status() throws {
        #expect(try Self.filtered("all", "--status", "delayed", tab: .all).names == ["Overland 176", "US 658", "Overland 914"])
        #expect(try Self.filtered("--status", "delayed,canceled").counts == [2, 5, 3])
        #expect(try Self.filtered("--status", "Canceled", "--status", "en-route").counts == [1, 3, 2])
        #expect(try Self.filtered("--status", "boarding").counts == [0, 0, 0])
    }

    /// Every kind must match: Overland in terminal B is 438, 878, 833 arriving and 992, 319, 586 departing.
    @Test func kindsCombine() throws {
        #expect(try Self.filtered("--airline", "Overland", "--terminal", "B").counts == [3, 6, 3])
        #expect(try Self.filtered("--airline", "Overland", "--terminal", "B", "--status", "delayed").counts == [0, 0, 0])
    }

    /// From noon: US 481 at 12:10, Overland 176 and US 658 at 13:05, Pacific 901 at 13:25. Both ends count.
    @Test func within() throws {
        #expect(try Self.filtered("all", "--within", "9m", tab: .all).names == [])
        #expect(try Self.filtered("all", "--within", "10m", tab: .all).names == ["US 481"])
        #expect(try Self.filtered("--within", "64m").counts == [1, 1, 0])
        #expect(try Self.filtered("--within", "65m").counts == [2, 3, 1])
        #expect(
            try Self.filtered("all", "--within", "85m", tab: .all).names == ["US 481", "Overland 176", "US 658", "Pacific 901"])
        #expect(try Self.filtered("--within", "2h").counts == [2, 4, 2])
        // Past flights never, however long the span: the 11:10 departure is gone.
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
    /// all the window's flights, only US 481 (from Dallas/Ft. Worth); at gate B5, departed, only Pacific 657.
    @Test func searchResults() throws {
        let command = try #require(
            try ClientArguments(["search", "ft", "worth", "--status", "en-route"]).command as? SearchCommand)
        let found = command.filter.apply(to: try SearchResultsDocument(json: LiveViewFixture.search("ft worth")))
        #expect(found.days.map(\.date) == ["2026-11-30"])
        #expect(found.days.map(\.count) == [1])
        #expect(found.days.flatMap(\.flights).map(\.flightName) == ["US 481"])
        #expect(found.count == 1)
        var renderer = BoardRenderer(style: Style(enabled: false), width: 100)
        renderer.filterNote = command.filter.description
        #expect(renderer.search(found).hasPrefix(#"1 flight matching "ft worth", filtered: status en-route"#))
        let gate = FlightFilter(gates: ["B5"], statuses: [.departed])
        let pacific = gate.apply(to: try SearchResultsDocument(json: LiveViewFixture.search("pacific")))
        #expect(pacific.days.flatMap(\.flights).map(\.flightName) == ["Pacific 657"])
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
            try ClientArguments(["search", "pacific", "--within", "85m", "--wide"]).command as? SearchCommand)
        #expect(search.filter == FlightFilter(within: 85))
        #expect(search.wide)
        let results = try SearchResultsDocument(json: LiveViewFixture.search("pacific"))
        // From noon the next Pacific flight is Pacific 901 at 13:25, 85 minutes on; the window's other days are beyond.
        let now = LiveViewFixture.board().now
        let found = search.filter.apply(to: results, now: now)
        #expect(found.days.flatMap(\.flights).map(\.flightName) == ["Pacific 901"])
        #expect(found.count == 1)
        #expect(FlightFilter(within: 84).apply(to: results, now: now).count == 0)
        // Without the daemon's now nothing can be within: no flight is kept rather than every one.
        #expect(search.filter.apply(to: results).count == 0)
        let events = try #require(try ClientArguments(["events", "--within", "2h", "--follow"]).command as? EventsCommand)
        #expect(events.filter == FlightFilter(within: 120))
        let status = try #require(try ClientArguments(["status", "--within", "85m"]).command as? StatusCommand)
        #expect(status.filter == FlightFilter(within: 85))
        let board = status.filter.apply(to: LiveViewFixture.board(hidePast: true))
        #expect(board.flights.map(\.flightName) == ["US 481", "Overland 176", "US 658", "Pacific 901"])
        let next = try #require(StatusLine.nextDeparture(board))
        #expect(next.direction == .departure && board.flights.contains(next))
        #expect(
            StatusLine.stillToCome(board, .departure) + StatusLine.stillToCome(board, .arrival) == 4)
    }

    /// `board status --airline Overland --terminal B`: to come are 438, 878, 833 arriving and 992,
    /// 319, 586 departing, the next of them Overland 992 at 15:50. Pacific's next departure is 901.
    @Test func theStatusLineCountsTheFilteredBoard() throws {
        let status = try #require(
            try ClientArguments(["status", "--airline", "Overland", "--terminal", "B"]).command as? StatusCommand)
        let board = status.filter.apply(to: LiveViewFixture.board(hidePast: true))
        #expect(StatusLine.stillToCome(board, .arrival) == 3)
        #expect(StatusLine.stillToCome(board, .departure) == 3)
        #expect(StatusLine.nextDeparture(board)?.flightName == "Overland 992")
        let pacific = FlightFilter(airlines: ["Pacific"]).apply(to: LiveViewFixture.board(hidePast: true))
        #expect(StatusLine.nextDeparture(pacific)?.flightName == "Pacific 901")
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
