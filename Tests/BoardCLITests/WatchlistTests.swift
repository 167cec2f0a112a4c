import BoardProtocol
import BoardSystem
import FlightData
import Foundation
import Testing

@testable import BoardCLI

/// The watchlist's order, hidden flights, and how both are kept in the state file.
struct WatchlistTests {
    typealias Fixture = LiveViewFixture
    typealias Key = LiveModel.FlightKey

    static let date = Fixture.today.description
    static func key(_ id: Int) -> Key { Key(id: id, date: date) }

    @Test func pinnedFlightsComeFirstInTheWatchlistsOrder() {
        let ids = Fixture.board().flights.map(\.id)
        let pins = [ids[20], ids[3], ids[11]]
        let board = Fixture.board(pinned: Set(pins))
        #expect(board.flights.prefix(3).map(\.id) == [ids[3], ids[11], ids[20]], "the daemon: time order")
        let arranged = Watchlist.arrange(board, pins: pins.map(Self.key), hidden: []).board
        #expect(arranged.flights.prefix(3).map(\.id) == pins)
        #expect(arranged.flights.dropFirst(3).map(\.id) == board.flights.dropFirst(3).map(\.id), "the rest as they were")
        #expect(arranged.tabs == board.tabs)
    }

    @Test func hiddenFlightsLeaveTheBoardAndItsCounts() throws {
        let all = Fixture.board()
        let departures = all.flights.filter { $0.direction == .departure }
        let hidden = [Self.key(departures[0].id), Self.key(departures[1].id), Key(id: departures[2].id, date: "2026-12-01")]
        let (board, count) = Watchlist.arrange(all, pins: [], hidden: hidden)
        #expect(count == 2, "another day's flight with the same id is not hidden here")
        #expect(!board.flights.contains { $0.id == departures[0].id || $0.id == departures[1].id })
        #expect(board.flights.count == all.flights.count - 2)
        let before = Dictionary(uniqueKeysWithValues: all.tabs.map { ($0.id, $0.count) })
        let after = Dictionary(uniqueKeysWithValues: board.tabs.map { ($0.id, $0.count) })
        #expect(after[.departures] == before[.departures]! - 2)
        #expect(try #require(board.tabs.first { $0.id == .departures }).badge == String(before[.departures]! - 2))
        #expect(after[.arrivals] == before[.arrivals])
        #expect(after[.all] == before[.all]! - 2)
        #expect(Watchlist.hiddenNote(count) == "2 hidden")
        #expect(Watchlist.hiddenNote(0) == nil)
    }

    @Test func onADirectionTabAHiddenFlightItCannotSeeMakesTheOtherBadgeUnknown() throws {
        let all = Fixture.board()
        let arrival = try #require(all.flights.first { $0.direction == .arrival })
        let departures = Fixture.board(tab: .departures)
        let (alone, _) = Watchlist.arrange(departures, pins: [], hidden: [Self.key(arrival.id)])
        #expect(try #require(alone.tabs.first { $0.id == .arrivals }).badge == "–")
        #expect(alone.flights.count == departures.flights.count)
        // With the day's all tab, the count is known.
        let (known, count) = Watchlist.arrange(departures, pins: [], hidden: [Self.key(arrival.id)], all: all)
        #expect(count == 0, "none of this board's flights is hidden")
        let arrivals = try #require(known.tabs.first { $0.id == .arrivals })
        #expect(arrivals.count == all.tabs.first { $0.id == .arrivals }!.count - 1)
        #expect(arrivals.badge == String(arrivals.count))
    }

    @Test func aHiddenPinStaysHidden() {
        let id = Fixture.board().flights[5].id
        let (board, count) = Watchlist.arrange(Fixture.board(pinned: [id]), pins: [Self.key(id)], hidden: [Self.key(id)])
        #expect(count == 1)
        #expect(!board.flights.contains { $0.id == id })
    }

    @Test func movesGoUpDownFirstAndLastWithinTheList() {
        #expect(Watchlist.place(from: 2, .up, count: 4) == 1)
        #expect(Watchlist.place(from: 0, .up, count: 4) == 0)
        #expect(Watchlist.place(from: 2, .down, count: 4) == 3)
        #expect(Watchlist.place(from: 3, .down, count: 4) == 3)
        #expect(Watchlist.place(from: 2, .first, count: 4) == 0)
        #expect(Watchlist.place(from: 0, .last, count: 4) == 3)
    }

    // MARK: The state file

    static func flight(_ id: Int, _ date: String = "2026-11-30") -> RememberedFlight {
        RememberedFlight(id: id, designator: "Pacific \(id)", date: date)
    }

    @Test func aHostileHiddenListLosesOnlyItsBadEntries() throws {
        let text = """
            {"pins":[],"hidden":[{"id":1,"designator":"Pacific 1","date":"2026-11-30"},{"id":"x"},7,null,
            {"id":1,"designator":"again","date":"2026-11-30"},{"id":2,"designator":"\\u001b[31mRed","date":"2026-11-30"},
            {"id":3,"designator":"\\u202egnp.exe","date":"2026-11-30"},
            {"id":99999999999999,"designator":"Huge","date":"not a date"}]}
            """
        let state = try #require(ClientState(json: try JSON.parse(Array(text.utf8))))
        #expect(state.hidden.map(\.id) == [1, 2, 3], "an id no flight has, with a date that is none, is dropped")
        #expect(state.hidden[0].designator == "Pacific 1", "the first of two entries for a flight is kept")
        #expect(Watchlist.keys(state.hidden).map(\.id) == [1, 2, 3])
        #expect(try ClientState(json: JSON.parse(Array(#"{"hidden":{"id":1}}"#.utf8)))?.hidden == [])
        // Its completion line is one printable line.
        #expect(state.hidden[1].designator == "\u{FFFD}[31mRed", "no escape sequence reaches the terminal")
        #expect(state.hidden[2].designator == "\u{FFFD}gnp.exe", "no bidirectional override turns a line around")
        #expect(CompletionIDs.lines([state.hidden[1]]) == ["2\t??31mRed of Nov 30"])
    }

    @Test func anOrderChangedHereWinsAndOthersAdditionsFollow() {
        let a = Self.flight(1)
        let b = Self.flight(2)
        let c = Self.flight(3)
        let d = Self.flight(4)
        // This process moved c first; another added d meanwhile.
        #expect(StateStore.merge([c, a, b], since: [a, b, c], into: [a, b, c, d]).map(\.id) == [3, 1, 2, 4])
        // Put first with --first.
        #expect(StateStore.merge([d, a, b], since: [a, b], into: [a, b, c]).map(\.id) == [4, 1, 2, 3])
        // Only appended: the file's order stays, another process's move included.
        #expect(StateStore.merge([a, b, d], since: [a, b], into: [b, a]).map(\.id) == [2, 1, 4])
        // Removed here, and removed by the other: neither comes back.
        #expect(StateStore.merge([b, a], since: [a, b, c], into: [a, b]).map(\.id) == [2, 1])
    }

    /// The parts a state file holds but cannot be read whole are named; absent and null ones are not.
    @Test func unreadablePartsAreNamed() throws {
        let pin = "{\"id\": 3, \"designator\": \"MA 12\", \"date\": \"2026-12-01\"}"
        func parts(_ text: String) throws -> [String] { ClientState.unreadableParts(of: try JSON.parse(Array(text.utf8))) }
        #expect(try parts("{}") == [])
        #expect(try parts("{\"pins\": null, \"lastViewed\": null, \"hidden\": []}") == [])
        #expect(try parts("{\"pins\": [\(pin)], \"lastViewed\": \(pin)}") == [])
        #expect(try parts("{\"pins\": \"garbage\"}") == ["pins"])
        #expect(try parts("{\"pins\": [\(pin), 5], \"hidden\": {}}") == ["pins", "hidden"])
        #expect(try parts("{\"lastViewed\": 1, \"endedPins\": [{\"id\": 0}]}") == ["lastViewed", "endedPins"])
    }

    /// Corrupt states within one second (as a script makes them) are each kept, none over another.
    @Test func corruptStatesOfOneSecondAreKeptSideBySide() throws {
        let directory = FileManager.default.temporaryDirectory.path + "/board-corrupt-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let second = Date(timeIntervalSince1970: 1_796_058_000)
        let contents = ["{\"pins\":[{\"id\":1433", "CORRUPT-B", "CORRUPT-C"]
        for text in contents {
            try Data(text.utf8).write(to: URL(fileURLWithPath: directory + "/state.json"))
            var store = StateStore(directory: directory)
            store.now = { second }
            #expect(store.load() == ClientState())
        }
        let stamp = "state.json.corrupt-" + StateStore.fileStamp(second)
        let kept = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasPrefix("state.json.corrupt-") }
        #expect(kept.sorted() == [stamp, stamp + "-2", stamp + "-3"])
        for (name, text) in zip([stamp, stamp + "-2", stamp + "-3"], contents) {
            #expect(FileManager.default.contents(atPath: directory + "/" + name) == Data(text.utf8), "\(name)")
        }
    }

    /// A file made corrupt after this process read it (an open live view saves long after) is kept
    /// aside before the save replaces it, as a corrupt file at load is.
    @Test func aFileMadeCorruptSinceTheLoadIsKeptAsideBeforeASave() throws {
        let directory = FileManager.default.temporaryDirectory.path + "/board-corrupt-later-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var store = StateStore(directory: directory)
        var state = store.load()
        state.pins = [Self.flight(1)]
        state = store.save(state)
        let garbage = Data(#"{"schema":1,"pins":[{"id":1"#.utf8)
        try garbage.write(to: URL(fileURLWithPath: directory + "/state.json"))
        state.tab = .arrivals
        store.save(state)
        let kept = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasPrefix("state.json.corrupt-") }
        try #require(kept.count == 1, "\(kept)")
        #expect(FileManager.default.contents(atPath: directory + "/" + kept[0]) == garbage)
        var again = StateStore(directory: directory)
        #expect(again.load().tab == .arrivals, "the save went on")
        // Partly unreadable since the load: kept aside too, and the readable rest merged under.
        let partial = Data(#"{"schema":1,"tab":"departures","pins":"garbage"}"#.utf8)
        try partial.write(to: URL(fileURLWithPath: directory + "/state.json"))
        state.lastViewed = Self.flight(2)
        store.save(state)
        let keptNow = try FileManager.default.contentsOfDirectory(atPath: directory).filter {
            $0.hasPrefix("state.json.corrupt-")
        }
        #expect(keptNow.count == 2, "\(keptNow)")
        #expect(keptNow.contains { FileManager.default.contents(atPath: directory + "/" + $0) == partial })
        var last = StateStore(directory: directory)
        let merged = last.load()
        #expect(merged.tab == .departures && merged.lastViewed?.id == 2, "the rest read, this change on it")
    }

    @Test func theOrderAndTheHiddenSurviveASaveAndASlidingWindow() throws {
        let directory = FileManager.default.temporaryDirectory.path + "/board-watchlist-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var store = StateStore(directory: directory)
        var state = store.load()
        state.pins = [Self.flight(3, "2026-12-01"), Self.flight(1), Self.flight(2)]
        state.hidden = [Self.flight(5), Self.flight(6, "2026-12-02")]
        store.save(state)
        var other = StateStore(directory: directory)
        var loaded = other.load()
        #expect(loaded.pins.map(\.id) == [3, 1, 2])
        #expect(loaded.hidden.map(\.id) == [5, 6])
        loaded.pins.swapAt(0, 2)
        let saved = other.save(loaded, pruningBefore: LocalDate("2026-12-01"))
        #expect(saved.pins.map(\.id) == [3], "Nov 30 left the window")
        #expect(saved.hidden.map(\.id) == [6])
    }

    /// A pin of a day before the window's first ends, said in one sentence; the window's own days and
    /// a day after it (the clock set back) do not.
    @Test func pinsOfADayBeforeTheWindowEndWithASentence() {
        let pins = [
            Key(id: 4709, date: "2026-11-29", name: "Pacific 365"), Key(id: 12, date: "2026-11-30", name: "US 403"),
            Key(id: 7, date: "2026-11-01"), Key(id: 8, date: "2027-01-30", name: "Overland 256"),
        ]
        let ended = Watchlist.endedPins(pins, today: Fixture.today)
        #expect(ended.map(\.key.id) == [4709, 7], "in the pins' order")
        #expect(
            ended.map(\.sentence) == [
                "Pacific 365 of Nov 29 left the window; unpinned.", "Flight 7 of Nov 1 left the window; unpinned.",
            ])
        #expect(Watchlist.endedPins(pins, on: Fixture.board()).map(\.key.id) == [4709, 7], "the board's now says today")
        #expect(Watchlist.endedPins(pins, today: LocalDate("2026-11-29")!).map(\.key.id) == [7])
    }

    /// A save that drops a pin whose day left the window keeps it in `endedPins`, so that `board pins`
    /// says it once, even when another command's save dropped it; clearing the record is saved too.
    @Test func aPinDroppedBySavingIsKeptToBeSaidOnce() throws {
        let directory = FileManager.default.temporaryDirectory.path + "/board-ended-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var store = StateStore(directory: directory)
        var state = store.load()
        state.pins = [Self.flight(1), Self.flight(2, "2026-12-01")]
        store.save(state)
        var other = StateStore(directory: directory)
        let saved = other.save(other.load(), pruningBefore: LocalDate("2026-12-01"))
        #expect(saved.pins.map(\.id) == [2])
        #expect(saved.endedPins.map(\.id) == [1], "dropped, not forgotten")
        var reader = StateStore(directory: directory)
        var read = reader.load()
        #expect(read.endedPins == [Self.flight(1)], "in the file")
        read.endedPins = []
        reader.save(read, pruningBefore: LocalDate("2026-12-01"))
        var fresh = StateStore(directory: directory)
        #expect(fresh.load().endedPins.isEmpty, "said once: cleared")
    }

    /// A hidden entry hides the flight of its name only: after a config with another seed, another
    /// flight under the same id and day is on the boards and its details do not say it is hidden.
    @Test func hidingIsOfTheFlightOfItsName() throws {
        let flight = try #require(Fixture.board().flights.first)
        var state = ClientState()
        state.hidden = [RememberedFlight(id: flight.id, designator: "Nowhere 1", date: flight.date)]
        #expect(!state.hides(flight))
        state.hidden = [RememberedFlight(flight)]
        #expect(state.hides(flight))
    }
}
