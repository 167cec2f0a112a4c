import BoardProtocol
import BoardSystem
import FlightData
import Foundation
import Testing

@testable import BoardCLI

/// The default schedule (fixed seed) at 2026-11-30 12:00 at Mountain Airport, as the daemon would
/// encode it, and a model fed from it: the live view's tests start no process and no daemon.
enum LiveViewFixture {
    static let airport = Airport.mountain
    static let today = LocalDate(year: 2026, month: 11, day: 30)!
    static let now = LocalTime(timeZone: airport.timeZone).instant(on: today, minute: 12 * 60)
    static let window = ScheduleWindow(source: ScheduleGenerator(config: .default), at: now)
    static let encoding = WireEncoding(airport: airport)
    /// The instant the tests' story starts; every later instant is this plus a duration.
    static let start = ContinuousClock.now
    static let size = TerminalSize(columns: 80, rows: 24)

    /// The board the daemon would push for `tab`.
    static func boardJSON(tab: Tab = .all, hidePast: Bool = false, pinned: Set<Int> = [], speed: Double = 1) -> JSON {
        let board = Board(
            flights: window.flights(on: today),
            query: BoardQuery(
                date: today, tab: tab, hidePast: hidePast, pinned: PinnedFlights(pinned.map { FlightKey(id: $0, date: today) })),
            now: now)
        return encoding.board(board, simulated: true, speed: speed).json
    }

    static func board(tab: Tab = .all, hidePast: Bool = false, pinned: Set<Int> = [], speed: Double = 1) -> BoardDocument {
        try! BoardDocument(json: boardJSON(tab: tab, hidePast: hidePast, pinned: pinned, speed: speed))
    }

    /// The same board with its flights in another order (or some left out).
    static func board(_ board: BoardDocument, flights: ([JSON]) -> [JSON]) -> BoardDocument {
        let pairs = board.json.objectPairs!.map { key, value in
            key == "flights" ? (key, JSON.array(flights(value.array!))) : (key, value)
        }
        return try! BoardDocument(json: .object(pairs))
    }

    /// `flight.get`'s reply for a flight of today.
    static func details(_ id: Int, pinned: Bool = false) -> JSON {
        let flight = window.flights(on: today).first { $0.id == id }!
        return encoding.details(flight, from: window.source, at: now, pinned: pinned).json
    }

    /// `flight.get`'s reply for a flight of any day in the window, such as a search result.
    static func details(of listed: FlightDocument) -> JSON {
        let flight = window.flights(on: LocalDate(listed.date)!).first { $0.id == listed.id }!
        return encoding.details(flight, from: window.source, at: now, pinned: listed.pinned).json
    }

    /// `search`'s reply for `text` across the window.
    static func search(_ text: String, tab: Tab = .all) -> JSON {
        let search = FlightSearch(text: text, tab: tab)
        return encoding.search(search, results: search.run(in: window, at: now), at: now, pinned: []).json
    }

    /// A model without colour, connected, showing the first board, with the cursor moved to its
    /// first row as Home does (it starts on the first flight still to come: noon, in the story).
    static func liveModel(
        tab: Tab = .all, style: Style = Style(enabled: false), rotate: Duration? = nil, cursorAtTop: Bool = true
    ) -> LiveModel {
        var model = LiveModel(tab: tab, hidePast: false, style: style, rotate: rotate, size: size)
        model.update(.connected)
        model.update(.boardPushed(board(tab: tab), at: start))
        if cursorAtTop { model.update(.key(.home)) }
        return model
    }
}

extension LiveModel {
    /// The frame at `size`, `after` the story's start.
    func frame(_ size: TerminalSize = LiveViewFixture.size, after elapsed: Duration = .zero) -> [String] {
        view(size: size, now: LiveViewFixture.start + elapsed)
    }

    /// Puts the cursor on the listed flight with `id`, as a person would: Home, then down. Bounded by
    /// the list, so a flight that is not listed fails the test instead of looping forever.
    mutating func moveCursor(to id: Int) throws {
        update(.key(.home))
        for _ in 0..<listedFlights.count where selectedFlight?.id != id { update(.key(.down)) }
        try #require(selectedFlight?.id == id, "flight \(id) is not on the list")
    }

    /// Presses keys in order; the effects of all of them.
    @discardableResult
    mutating func press(_ keys: Key...) -> [LiveEffect] { keys.flatMap { update(.key($0)) } }

    /// The id of the one request among `effects`.
    static func sentID(_ effects: [LiveEffect]) -> LiveRequestID? {
        for effect in effects { if case .send(let id, _) = effect { return id } }
        return nil
    }
}

extension [String] {
    /// The row the cursor is on (without colour it starts with `>`).
    var selectedLine: String? { first { $0.hasPrefix(">") } }
    var screenText: String { joined(separator: "\n") }
}

extension String {
    /// The text without ANSI escape sequences, as a terminal shows it.
    var visibleText: String { withoutEscapes }
}

extension LiveViewFixture {
    /// The window as the daemon holds it at `instant` (a later one has slid past some days).
    static func window(at instant: Date) -> ScheduleWindow {
        ScheduleWindow(source: ScheduleGenerator(config: .default), at: instant)
    }

    /// An instant `minutes` after noon on `date`, the airport's time.
    static func instant(_ date: LocalDate, minute: Int = 12 * 60) -> Date {
        LocalTime(timeZone: airport.timeZone).instant(on: date, minute: minute)
    }

    /// `flight.get`'s reply for flight `id` of `date`, as the daemon answers at `instant`.
    static func details(_ id: Int, on date: LocalDate = today, at instant: Date) -> JSON {
        let flight = window(at: instant).flights(on: date).first { $0.id == id }!
        return encoding.details(flight, from: window(at: instant).source, at: instant, pinned: false).json
    }
}

extension LiveModel {
    /// The daemon refuses request `id` with `code`.
    @discardableResult
    mutating func refuse(_ id: LiveRequestID, _ code: WireErrorCode, _ message: String) -> [LiveEffect] {
        update(.replyFailed(id, WireError(code, message)))
    }

    /// The one request among `effects`.
    static func sentRequest(_ effects: [LiveEffect]) -> LiveRequest? {
        for effect in effects { if case .send(_, let request) = effect { return request } }
        return nil
    }

    /// Opens the flight under the cursor with the daemon's reply for it.
    mutating func openSelected() throws {
        let flight = try #require(selectedFlight)
        let id = try #require(LiveModel.sentID(press(.enter)))
        update(.replied(id, LiveViewFixture.details(of: flight)))
    }
}
