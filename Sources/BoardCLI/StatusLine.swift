import BoardProtocol
import BoardSystem
import FlightData
import Foundation

/// `board status`: exactly one line for a status bar, within 200 ms whatever the daemon does.
///
/// It gives every wait a share of a 150 ms budget, and sends both its requests at once; a daemon
/// that is down or hung gets the offline marker. When no daemon answers at all (and autostart is
/// on) it starts one in the background without waiting for it, so the next line is live.
struct StatusLine {
    let socket: String
    let state: ClientState
    let format: String?
    let tmux: Bool
    /// Where an autostarted daemon logs; nil when autostart is off.
    var autostartLogDirectory: String?
    /// The client's pins as the `pinned` param, so that the board marks them and an alert can name them.
    var pinned: JSON = .array([])
    /// The filter flags: the counts count, and the next flight is, the matching flights of today's board.
    var filter = FlightFilter()

    static let defaultFormat = "{code} ↓{arrivals} ↑{departures} next {next} {time} {gate} {status}"
    static let offlineText = "board: offline"

    static let placeholders: [(String, String)] = [
        ("{code}", "the airport's code (MTN)"),
        ("{airport}", "the airport's name"),
        ("{clock}", "the daemon's time, HH:MM"),
        ("{arrivals}", "arrivals still to come today (not canceled or diverted)"),
        ("{departures}", "departures still to come today (not canceled)"),
        ("{next}", "the next departure (Pacific 123)"),
        ("{time}", "its time, HH:MM (the new one when delayed; Dec 1 HH:MM if not today)"),
        ("{gate}", "its gate"),
        ("{status}", "its status (On time, Boarding...)"),
        ("{id}", "its id"),
    ]

    /// The first `{name}` in `format` that is not a placeholder, such as `{nxt}`; braces around
    /// anything but a word are left as they are.
    static func unknownPlaceholder(in format: String) -> String? {
        let known = Set(placeholders.map(\.0))
        var rest = Substring(format)
        while let open = rest.firstIndex(of: "{") {
            rest = rest[rest.index(after: open)...]
            guard let close = rest.firstIndex(where: { !($0.isLetter || $0 == "_") }), rest[close] == "}" else { continue }
            let name = "{\(rest[..<close])}"
            if close > rest.startIndex, !known.contains(name) { return name }
        }
        return nil
    }

    /// What the line shows: the placeholders' values, the next departure's status for its tmux colour,
    /// and a pinned flight's recent change to show first.
    struct Reading {
        var values: StatusLineDocument.Values
        var nextStatus: FlightStatus?
        var alert: Alert?
    }

    /// A pinned flight's latest announcement, shown before the usual line for
    /// `RecentChange.statusLineWindow` (10) minutes of the daemon's clock: `◆ Pacific 123 Gate changed from A3`.
    struct Alert: Hashable, Sendable {
        var flightName: String
        var remark: String
        var minutesAgo: Int

        var text: String { "\(RecentChange.mark) \(flightName) \(remark)" }

        /// The newest among the board's pinned flights (the first listed when two are as new), nil when
        /// no pinned flight changed in the last 10 minutes.
        static func newest(in board: BoardDocument) -> Alert? {
            var newest: Alert?
            for flight in board.flights where flight.pinned {
                guard let recent = RecentChange(flight, now: board.now, window: RecentChange.statusLineWindow) else {
                    continue
                }
                let alert = Alert(
                    flightName: flight.flightName, remark: flight.remark ?? "changed", minutesAgo: recent.minutesAgo)
                if newest.map({ alert.minutesAgo < $0.minutesAgo }) ?? true { newest = alert }
            }
            return newest
        }
    }

    func run(json: Bool) {
        let reading = fetch()
        let text = line(reading)
        guard json else { return Output.print(text) }
        // For scripts: the line, whether the daemon answered, and each placeholder's value by name.
        Output.print(StatusLineDocument(line: text, values: reading?.values).json.text)
    }

    func line(_ reading: Reading?) -> String {
        guard let reading else {
            return tmux ? "#[fg=colour244]\(Self.offlineText)#[default]" : Self.offlineText
        }
        var text = format ?? Self.defaultFormat
        for (name, value) in reading.values.named {
            let shown = tmux && name == "status" ? Self.tmuxColour(reading.nextStatus, value) : value
            text = text.replacingAll("{\(name)}", with: shown)
        }
        if let alert = reading.alert {
            // Before the usual line, so that a short status bar cuts the usual part, not the alert.
            text = (tmux ? "#[fg=yellow,bold]\(alert.text.replacingAll("#", with: "##"))#[default]" : alert.text) + "  " + text
        }
        // A status line is one line.
        return String(text.map { $0 == "\n" || $0 == "\r" ? " " : $0 })
    }

    /// The placeholder values, or nil when the daemon is down, hung or broken.
    func fetch() -> Reading? {
        let deadline = ContinuousClock.now + .milliseconds(150)
        let connection: BoardConnection
        do { connection = try BoardConnection(path: socket, timeoutMilliseconds: 80) } catch {
            if case .noDaemon = error, let logDirectory = autostartLogDirectory {
                // Started, not waited for: this line says offline, the next one is live.
                _ = Autostart.launch(socket: socket, logDirectory: logDirectory)
            }
            return nil
        }
        // Both requests at once, so that one round trip fits in the budget.
        let boardID = connection.send(.boardGet, ["tab": "all", "hidePast": true, "pinned": pinned])
        let soonestID = connection.send(.flightSoonest, ["tab": "departures"])
        var replies: [Int: JSON] = [:]
        while replies.count < 2 {
            let left = Int32((deadline - ContinuousClock.now) / .milliseconds(1))
            guard left > 0, let message = try? connection.readMessage(timeoutMilliseconds: left) else { break }
            if let id = message["id"]?.int, id == boardID || id == soonestID { replies[id] = message }
        }
        guard let boardReply = replies[boardID], let boardJSON = try? BoardConnection.result(of: boardReply),
            let unfiltered = try? BoardDocument(json: boardJSON)
        else { return nil }
        let board = filter.isEmpty ? unfiltered : filter.apply(to: unfiltered)
        var reading = Reading(
            values: StatusLineDocument.Values(
                code: board.airport.code, airport: board.airport.name, clock: clockText(board.now),
                arrivals: String(Self.stillToCome(board, .arrival)),
                departures: String(Self.stillToCome(board, .departure))),
            alert: Alert.newest(in: board))
        let soonest = replies[soonestID].flatMap { try? BoardConnection.result(of: $0) }
        if let flight = filter.isEmpty
            ? soonest.flatMap({ try? FlightDetailsDocument(json: $0).flight }) : Self.nextDeparture(board)
        {
            reading.values.next = flight.flightName
            reading.values.time = Self.time(of: flight, today: board.date)
            reading.values.gate = flight.gate
            reading.values.status = StatusAppearance(flight.status).title
            reading.values.id = String(flight.id)
            reading.nextStatus = flight.status
        }
        return reading
    }

    /// The flights of `direction` not yet past, canceled or diverted: those are not to come.
    /// (The board hides past flights but lists pinned ones all the same.)
    static func stillToCome(_ board: BoardDocument, _ direction: Direction) -> Int {
        board.flights.filter { $0.direction == direction && !$0.past && $0.status != .canceled && $0.status != .diverted }.count
    }

    /// The filtered board's next departure still to come, by its current time; nil when none is left today.
    static func nextDeparture(_ board: BoardDocument) -> FlightDocument? {
        board.flights.filter { $0.direction == .departure && !$0.past && ![.canceled, .departed].contains($0.status) }
            .min { ($0.currentTime ?? $0.scheduledTime, $0.id) < ($1.currentTime ?? $1.scheduledTime, $1.id) }
    }

    /// `14:05`, or `Dec 1 06:15` for a flight of another day than `today`.
    static func time(of flight: FlightDocument, today: String) -> String {
        let time = clockText(flight.currentTime ?? flight.scheduledTime)
        guard flight.date != today, let date = LocalDate(flight.date) else { return time }
        return "\(date.shortName) \(time)"
    }

    /// `text` in tmux's colour for `status` (see `StatusAppearance`); plain when it has none.
    static func tmuxColour(_ status: FlightStatus?, _ text: String) -> String {
        guard let colour = status.flatMap({ StatusAppearance($0).tmuxColour }) else { return text }
        return "#[fg=\(colour)]\(text)#[default]"
    }
}

extension String {
    func replacingAll(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        var result = ""
        var rest = Substring(self)
        while let range = rest.range(of: target) {
            result += rest[..<range.lowerBound]
            result += replacement
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}
