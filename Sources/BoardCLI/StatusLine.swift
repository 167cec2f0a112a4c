import BoardLink
import BoardProtocol
import BoardSystem
import FlightData
import FoundationEssentials

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
    /// With `tmux`, whether the line is coloured (`#[fg=...]`): not with `--color never` or `NO_COLOR`;
    /// `#` is doubled either way.
    var tmuxColours = true
    /// Where an autostarted daemon logs; nil when autostart is off.
    var autostartLogDirectory: String?
    /// The client's pins as the `pinned` param, so that the board marks them and an alert can name them.
    var pinned = PinnedParam(pins: [])
    /// The filter flags: the counts count, and the next flight is, the matching flights of today's board.
    var filter = FlightFilter()
    /// Why a daemon that was reached gave no reading, when it said (full, another protocol) or its socket
    /// is not to be trusted: the line says so (`refusedText`) instead of offline. Set by `run`.
    var refusal: ConnectionError?

    /// What the line shows: the placeholders' values, the next departure's and the pinned flight's
    /// statuses for their tmux colours, and a pinned flight's recent change to show first.
    struct Reading {
        var values: StatusLineDocument.Values
        var nextStatus: FlightStatus?
        var alert: Alert? {
            didSet { values.alert = alert?.text ?? "" }
        }
        var pinnedStatus: FlightStatus?
        /// The daemon's part in replication, if it has one: said after the default line while live, before it when not.
        var replica: ReplicationNote? {
            didSet { values.replica = replica?.text ?? "" }
        }

        init(values: StatusLineDocument.Values, nextStatus: FlightStatus? = nil, alert: Alert? = nil) {
            self.values = values
            self.nextStatus = nextStatus
            self.alert = alert
            self.values.alert = alert?.text ?? values.alert
        }
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

    /// `--waybar`: waybar's custom-module JSON instead of the line.
    var waybar = false

    func run(json: Bool) {
        var status = self
        let reading: Reading?
        switch fetch() {
        case .success(let read): reading = read
        case .failure(let refusal):
            reading = nil
            status.refusal = refusal
        }
        status.print(reading, json: json)
    }

    private func print(_ reading: Reading?, json: Bool) {
        if waybar { return Output.print(waybarJSON(reading)) }
        guard json else { return Output.print(line(reading, width: Self.knownWidth())) }
        let text = line(reading)
        // For scripts: the line, whether the daemon answered, and each placeholder's value by name.
        Output.print(StatusLineDocument(line: text, values: reading?.values).json.text)
    }

    /// The line cut to `width` with `…` when it is longer, so that a terminal never wraps it; not with
    /// `--tmux`, whose colour codes tmux reads and whose length `status-right-length` limits. The
    /// default line first takes its shorter forms (`StatusFormat.shorterStandards`), so that the
    /// next departure's time is the last thing to go.
    func line(_ reading: Reading?, width: Int?) -> String {
        let text = line(reading)
        guard let width, !tmux, text.columns > width else { return text }
        guard format == nil, reading != nil else { return fit(text, width) }
        // The standard line without a live replica's note first, then the shorter forms.
        for shorter in [StatusFormat.standard] + StatusFormat.shorterStandards {
            let text = line(reading, as: shorter)
            if text.columns <= width { return text }
        }
        // Narrower still: the shortest form, cut.
        return fit(line(reading, as: StatusFormat.shorterStandards.last), width)
    }

    /// waybar's custom-module JSON on one line: `{"text":…,"tooltip":…,"class":…}`. The text is the line
    /// (the format's), the tooltip the airport, the counts, the next departure and the pinned flight on a
    /// line each, the class what a stylesheet colours by (`WaybarClass`). waybar reads both texts as Pango
    /// markup, so `&`, `<` and `>` are escaped.
    func waybarJSON(_ reading: Reading?) -> String {
        let text = line(reading)
        var tooltip = offlineTooltip
        if let values = reading?.values {
            var lines = [
                "\(values.airport) (\(values.code))  \(values.clock)",
                "to come today: ↓\(values.arrivals) arrivals, ↑\(values.departures) departures",
            ]
            if values.next == "-" {
                // With a filter none matches (today's or tomorrow's): others may well be left.
                lines.append(
                    filter.isEmpty ? "no departure left today" : "no departure matches the filter (\(filter.description))")
            } else {
                let minutes = values.minutes.isEmpty ? "" : ", in \(values.minutes) min"
                lines.append(
                    "next: \(values.next) to \(values.city) \(values.time), gate \(values.gate), \(values.status)\(minutes)")
            }
            if !values.pinned.isEmpty { lines.append("pinned: \(values.pinned)") }
            if !values.alert.isEmpty { lines.append(values.alert) }
            if !values.replica.isEmpty { lines.append(values.replica) }
            tooltip = lines.joined(separator: "\n")
        }
        let json: JSON = [
            "text": .string(Self.pango(text)), "tooltip": .string(Self.pango(tooltip)),
            "class": .string(WaybarClass(reading).rawValue),
        ]
        return json.text
    }

    /// `text` with Pango markup's special characters escaped.
    static func pango(_ text: String) -> String {
        text.replacingAll("&", with: "&amp;").replacingAll("<", with: "&lt;").replacingAll(">", with: "&gt;")
    }

    /// The class of a waybar module: `offline`, `alert` while a pinned flight's change is shown, `none`
    /// when no departure is left today, else the next departure's status as `--status` names it
    /// (`scheduled`, `on-time`, `delayed`, `boarding`, `final-call`, `gate-closed`: one that left or
    /// was canceled is not next).
    enum WaybarClass: Hashable, CaseIterable, Sendable {
        case offline, alert, none
        /// The next departure's status, named as on the command line (`FlightStatus.commandLineName`).
        case status(FlightStatus)

        static var allCases: [WaybarClass] { [.offline, .alert, .none] + FlightStatus.allCases.map(Self.status) }

        /// The class as a stylesheet names it.
        var rawValue: String {
            switch self {
            case .offline: "offline"
            case .alert: "alert"
            case .none: "none"
            case .status(let status): status.commandLineName
            }
        }

        init(_ reading: Reading?) {
            guard let reading else {
                self = .offline
                return
            }
            if reading.alert != nil {
                self = .alert
            } else if let status = reading.nextStatus {
                self = .status(status)
            } else {
                self = .none
            }
        }
    }

    /// The terminal's width, else `COLUMNS`; nil for a status bar, which has neither and cuts the line itself.
    static func knownWidth() -> Int? { Output.knownWidth() }

    func line(_ reading: Reading?, as chosen: StatusFormat? = nil) -> String {
        guard let reading else { return tmux ? tmuxStyled("fg=colour244", offlineLine) : offlineLine }
        // The command checked the format; an unreadable one here is the default line.
        let format = chosen ?? format.flatMap { try? StatusFormat($0) } ?? .standard
        let values = Dictionary(uniqueKeysWithValues: reading.values.named.map { ($0.name, $0.value) })
        var text = format.render(
            { values[$0.rawValue] ?? "" },
            shown: { field, value in
                guard tmux, !value.isEmpty else { return value }
                let text = Self.tmuxText(value)
                switch field {
                case .status: return tmuxColours ? Self.tmuxColour(reading.nextStatus, text) : text
                case .pinned: return tmuxColours ? Self.tmuxColour(reading.pinnedStatus, text) : text
                case .alert: return tmuxStyled("fg=yellow,bold", text)
                case .replica where reading.replica?.isLive == false: return tmuxStyled("fg=red,bold", text)
                default: return text
                }
            },
            literal: { tmux ? Self.tmuxText($0) : $0 })
        if let alert = reading.alert, !format.showsAlert {
            // Before the usual line, so that a short status bar cuts the usual part, not the alert.
            text = (tmux ? tmuxStyled("fg=yellow,bold", Self.tmuxText(alert.text)) : alert.text) + "  " + text
        }
        // The usual line without a next departure leaves its empty fields' spaces at the end.
        if self.format == nil { text = String(text.reversed().drop { $0 == " " }.reversed()) }
        if self.format == nil, let replica = reading.replica {
            // A replica says so: after the full line while live (the shorter forms leave it out), before
            // every form when cut off or out of step, so that a stale board is never read as live.
            let note = tmux ? Self.tmuxText(replica.text) : replica.text
            if !replica.isLive {
                text = (tmux ? tmuxStyled("fg=red,bold", note) : note) + "  " + text
            } else if chosen == nil {
                text += "  " + note
            }
        }
        // A status line is one line, and the format's own text moves no cursor.
        return text.replacingControlCharacters(with: " ")
    }

    /// The placeholder values; nil when the daemon is down, hung or broken; the refusal when the daemon
    /// said why it would not serve this client, or the socket was not to be trusted (`Self.refusedText`).
    func fetch() -> Result<Reading?, ConnectionError> {
        let deadline = ContinuousClock.now + .milliseconds(150)
        let connection: BoardConnection
        do { connection = try BoardConnection(path: socket, timeoutMilliseconds: 80) } catch {
            if case .noDaemon = error, let logDirectory = autostartLogDirectory, mayStartDaemon {
                // Started, not waited for: this line says offline, the next one is live.
                _ = Autostart.launch(socket: socket, logDirectory: logDirectory)
            }
            return Self.refusedText(error) == nil ? .success(nil) : .failure(error)
        }
        return .success(read(over: connection, until: deadline))
    }

    /// The placeholder values read over `connection` by `deadline`, or nil.
    private func read(over connection: BoardConnection, until deadline: ContinuousClock.Instant) -> Reading? {
        // Every request at once, so that one round trip fits in the budget. With a filter or hidden
        // flights, the next departure is the filtered board's, and tomorrow's when today has none left.
        let hidden = Watchlist.keys(state.hidden)
        let boardID = connection.send(BoardGetRequest(tab: .all, hidePast: true, pinned: pinned))
        let pingID = connection.send(PingRequest())
        let soonestID = connection.send(FlightSoonestRequest(tab: .departures))
        let tomorrowID =
            filter.isEmpty && hidden.isEmpty
            ? nil
            : connection.send(BoardGetRequest(tab: .departures, hidePast: true, date: .relative(days: 1), pinned: pinned))
        var replies: [Int: JSON] = [:]
        while replies.count < (tomorrowID == nil ? 3 : 4) {
            let left = Int32((deadline - ContinuousClock.now) / .milliseconds(1))
            guard left > 0, let message = try? connection.readMessage(timeoutMilliseconds: left) else { break }
            if let id = message["id"]?.int, id == boardID || id == soonestID || id == tomorrowID || id == pingID {
                replies[id] = message
            }
        }
        guard let boardReply = replies[boardID], let boardJSON = try? BoardConnection.result(of: boardReply),
            let unfiltered = try? BoardDocument(json: boardJSON)
        else { return nil }
        // Hidden flights (`board hide`) leave the counts and the next flight, as they leave the boards.
        func arranged(_ board: BoardDocument) -> BoardDocument {
            let arranged = Watchlist.arrange(board, pins: Watchlist.keys(state.pins), hidden: hidden).board
            return filter.isEmpty ? arranged : filter.apply(to: arranged)
        }
        let board = arranged(unfiltered)
        // The next departure's answer not back in time says nothing about what is left: the line is
        // offline, as for a board that did not come, never "none left" (`-`).
        if filter.isEmpty, replies[soonestID] == nil { return nil }
        // With a filter, the next matching departure comes from the filtered board (today's, else
        // tomorrow's); so it does when the daemon's soonest is a hidden flight.
        var soonest =
            filter.isEmpty
            ? replies[soonestID].flatMap { try? BoardConnection.result(of: $0) }.flatMap {
                try? FlightDetailsDocument(json: $0).flight
            } : nil
        if soonest == nil || soonest.map({ next in hidden.contains { $0.names(next) } }) == true {
            let tomorrow = tomorrowID.flatMap { replies[$0] }.flatMap { try? BoardConnection.result(of: $0) }.flatMap {
                try? BoardDocument(json: $0)
            }
            let todays = Self.nextDeparture(board)
            if todays == nil, let tomorrowID, replies[tomorrowID] == nil { return nil }
            soonest = todays ?? tomorrow.flatMap { Self.nextDeparture(arranged($0)) }
        }
        var reading = Self.reading(board, next: soonest)
        if reading.values.pinned.isEmpty, let later = laterPin(after: board.date, over: connection, until: deadline) {
            // No pin of today: the first of a later day, named with its day (`board pin --date tomorrow`).
            reading.values.pinned = Self.pinnedText(later, today: board.date)
            reading.pinnedStatus = later.status
        }
        // A daemon too old to say, or a ping not back in time: said as a daemon on its own.
        let ping = replies[pingID].flatMap { try? BoardConnection.result(of: $0) }.flatMap { try? PingDocument(json: $0) }
        reading.replica = ReplicationNote(ping?.replication, code: board.airport.code)
        return reading
    }

    /// What the line shows for `board` (hiding past flights, listing the pinned ones) and the next
    /// departure (`flight.soonest`, or the filtered board's), nil when none is left.
    static func reading(_ board: BoardDocument, next flight: FlightDocument?) -> Reading {
        var reading = Reading(
            values: StatusLineDocument.Values(
                code: board.airport.code, airport: board.airport.name, clock: clockText(board.now),
                arrivals: String(Self.stillToCome(board, .arrival)),
                departures: String(Self.stillToCome(board, .departure))),
            alert: Alert.newest(in: board))
        if let flight {
            reading.values.next = flight.flightName
            reading.values.time = Self.time(of: flight, today: board.date)
            reading.values.gate = flight.gate
            reading.values.status = StatusAppearance(flight.status).title
            reading.values.id = String(flight.id)
            reading.values.city = flight.otherAirport
            reading.values.direction = flight.direction == .arrival ? "↓" : "↑"
            let due = RecentChange.seconds(from: board.now, to: flight.currentTime ?? flight.scheduledTime)
            // Rounded up, as the board's `--countdown` counts (`Countdown.minutesUp`): 0 only once it is due.
            reading.values.minutes = due.map { String(Countdown.minutesUp(max(0, $0))) } ?? ""
            reading.nextStatus = flight.status
        }
        // The first pinned flight still to come, else the first pinned one.
        let pinned = board.flights.filter(\.pinned)
        if let shown = pinned.first(where: { isToCome($0, now: board.now) }) ?? pinned.first(where: { !$0.past }) ?? pinned.first
        {
            reading.values.pinned = pinnedText(shown, today: board.date)
            reading.pinnedStatus = shown.status
        }
        return reading
    }

    /// The flights of `direction` still to come (`isToCome`).
    /// (The board hides past flights but lists pinned ones all the same.)
    static func stillToCome(_ board: BoardDocument, _ direction: Direction) -> Int {
        board.flights.filter { $0.direction == direction && isToCome($0, now: board.now) }.count
    }

    /// The contract's "still to come", as the daemon's `flight.soonest` reads it
    /// (`Flight.isStillToCome(at:)`): its current time at or after `now`, neither canceled nor
    /// diverted. A departed or landed flight the hall still shows is no longer to come. A time that
    /// does not read falls back on the status: not ended (`FlightStatus.hasEnded`).
    static func isToCome(_ flight: FlightDocument, now: String) -> Bool {
        guard !flight.past, flight.status != .canceled, flight.status != .diverted else { return false }
        guard let seconds = RecentChange.seconds(from: now, to: flight.currentTime ?? flight.scheduledTime) else {
            return !flight.status.hasEnded
        }
        return seconds >= 0
    }

    /// The board's next departure still to come, by its current time; nil when none is left on it.
    static func nextDeparture(_ board: BoardDocument) -> FlightDocument? {
        board.flights.filter { $0.direction == .departure && isToCome($0, now: board.now) }
            .min { ($0.currentTime ?? $0.scheduledTime, $0.id) < ($1.currentTime ?? $1.scheduledTime, $1.id) }
    }

    /// `14:05`, or `Dec 1 06:15` for a flight of another day than `today`.
    static func time(of flight: FlightDocument, today: String) -> String {
        let time = clockText(flight.currentTime ?? flight.scheduledTime)
        guard flight.date != today, let date = LocalDate(flight.date) else { return time }
        return "\(date.shortName) \(time)"
    }

    /// `text` (already as tmux shows it) in tmux's `style`, when the line is coloured.
    func tmuxStyled(_ style: String, _ text: String) -> String { tmuxColours ? "#[\(style)]\(text)#[default]" : text }

    /// `text` as tmux shows it, never as a format: every `#` doubled, so that a value from the daemon,
    /// the config or `--format` (`#(touch /tmp/x)`, `#[fg=red]`) is read as text, not run or styled.
    static func tmuxText(_ text: String) -> String { text.replacingAll("#", with: "##") }

    /// `text` in tmux's colour for `status` (see `StatusAppearance`); plain when it has none.
    static func tmuxColour(_ status: FlightStatus?, _ text: String) -> String {
        guard let colour = status.flatMap({ StatusAppearance($0).tmuxColour }) else { return text }
        return "#[fg=\(colour)]\(text)#[default]"
    }
}

extension String {
    func replacingAll(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        // Character by character: `target` found where the rest starts with it.
        var result = ""
        var rest = Substring(self)
        while !rest.isEmpty {
            if rest.hasPrefix(target) {
                result += replacement
                rest = rest.dropFirst(target.count)
            } else {
                result.append(rest.removeFirst())
            }
        }
        return result
    }
}
