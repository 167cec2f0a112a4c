import BoardLink
import BoardProtocol
import BoardSystem
import FlightData
import FoundationEssentials
import Synchronization

/// Runs one `board` command: connects (starting the daemon when needed), asks, prints, remembers.
public struct BoardClient {
    let options: GlobalOptions
    let socket: String
    var store: StateStore
    var state: ClientState
    let style: Style
    var renderer: BoardRenderer
    /// The daemon's today, once a reply has said it: pins of earlier days are pruned when the state is saved.
    var today: LocalDate?
    /// The last day of the daemon's window, once its clock was asked (`daemonWindowEnd()`).
    var windowEnd: LocalDate?

    /// The renderer for a board or a search, with `--wide`: every column, each line whole when piped
    /// without `COLUMNS` (`Output.width(uncut:)`).
    func renderer(wide: Bool) -> BoardRenderer {
        guard wide else { return renderer }
        var wideRenderer = renderer
        wideRenderer.wide = true
        wideRenderer.width = Output.width(uncut: true)
        return wideRenderer
    }

    /// `leavingStateAsItIs`: a corrupt state file is read as defaults, neither kept aside nor rewritten
    /// (`RunnableCommand.leavesStateAsItIs`).
    init(options: GlobalOptions, leavingStateAsItIs: Bool = false) {
        self.options = options
        socket = options.socket ?? BoardPaths.defaultSocket()
        store = StateStore(directory: options.stateDirectory ?? BoardPaths.defaultStateDirectory())
        state = leavingStateAsItIs ? store.loadLeavingItAsItIs() : store.load()
        style = Style.decide(options.color)
        renderer = BoardRenderer(style: style, width: Output.width())
    }

    /// Reads the arguments, runs the command they name and returns the exit status.
    public static func main(_ arguments: [String]) -> Int32 {
        UnixSignal.ignoreBrokenPipe()
        UnixSignal.ignoreFileSizeLimit()
        let parsed: ClientArguments
        do { parsed = try ClientArguments(arguments) } catch {
            Output.error(error.pointingAtBoardHelp)
            return 2
        }
        var client = BoardClient(options: parsed.options, leavingStateAsItIs: parsed.command.leavesStateAsItIs)
        do {
            try parsed.command.run(on: &client)
            return 0
        } catch {
            var failure = error
            // A daemon's refusal of a param (`invalidParams`) points at the command's help, as the
            // command's own refusals do; it pointed at 'board --help'.
            if case .usage(var usage) = failure, usage.command == nil, let command = parsed.command as? any BoardCommand {
                usage.command = CommandSpec.helpTopic(of: type(of: command).spec.name)
                failure = .usage(usage)
            }
            Output.error(failure.description)
            return failure.exitStatus
        }
    }

    // MARK: Talking to the daemon

    /// The pins as the `pinned` param: identities, so another day's flight with the same id is not pinned.
    /// Never more than the daemon takes (`PinnedParam.limit`): see `sentPins`.
    var pinnedParam: PinnedParam {
        if state.pins.count > PinnedParam.limit, !Self.warnedOfTooManyPins.exchange(true, ordering: .relaxed) {
            Output.warning(
                "\(store.path) holds \(state.pins.count) pins, more than the \(PinnedParam.limit) the daemon takes; "
                    + "the \(PinnedParam.limit) earliest are used. 'board unpin FLIGHT' removes one")
        }
        let pins = sentPins
        // With the names they were made with: after a config reload with another schedule, the same
        // identity is another flight, which the daemon then does not mark as pinned.
        let names = Dictionary(pins.compactMap { pin in pin.key.map { ($0, pin.designator) } }) { first, _ in first }
        return PinnedParam(pins.compactMap(\.key), names: names)
    }

    /// The pins sent with requests (the live view sends these too): all of them up to `PinnedParam.limit`;
    /// past it (a state file edited by hand, or pins made at once by two processes) the earliest in board
    /// order, day by day, in the order they were pinned within a day (the client knows no times).
    var sentPins: [RememberedFlight] { Self.capped(state.pins) }

    static func capped(_ pins: [RememberedFlight]) -> [RememberedFlight] {
        let usable = pins.filter { $0.key != nil }
        guard usable.count > PinnedParam.limit else { return usable }
        let ordered = usable.enumerated().sorted { ($0.element.date, $0.offset) < ($1.element.date, $1.offset) }
        return ordered.prefix(PinnedParam.limit).map(\.element)
    }

    /// Whether `board pin` may add another pin: the cap is where pins are made.
    var canAddPin: Bool { state.pins.count < PinnedParam.limit }

    private static let warnedOfTooManyPins = Atomic<Bool>(false)

    /// A flight's details asked on `connection` (kept open for what follows, as `log` and `wait` do).
    func details(of reference: FlightReference, on date: DateSpec?, over connection: BoardConnection) throws(ClientError)
        -> FlightDetailsDocument
    {
        let json: JSON
        do { json = try connection.call(FlightGetRequest(flight: reference, date: date)) } catch {
            throw ClientError(error, socket: socket, autostartOffBy: nil)
        }
        return try decode(FlightDetailsDocument.self, json)
    }

    /// A connection, starting the daemon when none answers and autostart is on.
    func connect() throws(ClientError) -> BoardConnection {
        let offBy = Autostart.turnedOffBy(options)
        do {
            return try BoardConnection(path: socket)
        } catch .noDaemon where offBy == nil {
            // A path that is no socket is a wrong path: no daemon started would serve it.
            if let status = try? FileStatus(path: socket), status.kind != .socket {
                throw ClientError(.noDaemon(path: socket), socket: socket, autostartOffBy: nil)
            }
            if let problem = Autostart.start(socket: socket, logDirectory: store.directory) {
                throw .noDaemon(problem)
            }
            do { return try BoardConnection(path: socket) } catch {
                throw ClientError(error, socket: socket, autostartOffBy: nil)
            }
        } catch {
            throw ClientError(error, socket: socket, autostartOffBy: offBy)
        }
    }

    func call(_ request: some BoardRequest) throws(ClientError) -> JSON {
        let connection = try connect()
        do { return try connection.call(request) } catch {
            throw ClientError(error, socket: socket, autostartOffBy: Autostart.turnedOffBy(options))
        }
    }

    /// A reply read as the document it should be; one that is not is a failure naming what is wrong.
    func decode<Document: WireDocument>(_: Document.Type, _ json: JSON) throws(ClientError) -> Document {
        do { return try Document(json: json) } catch { throw .failure(error.message) }
    }

    /// A flight of a reply by its identity, to ask for it again; a date that is not one makes the reply unreadable.
    func identity(of flight: FlightDocument) throws(ClientError) -> FlightKey {
        guard let date = LocalDate(flight.date) else {
            throw .failure("the daemon's reply is unreadable: flight \(flight.id) has no YYYY-MM-DD date")
        }
        return FlightKey(id: flight.id, date: date)
    }

    func lastViewed() throws(ClientError) -> RememberedFlight {
        guard let last = state.lastViewed else {
            throw .notFound("no flight viewed yet; 'board show FLIGHT' shows one and remembers it")
        }
        return last
    }

    /// Notes the daemon's today from a reply's `now` (the airport's local time, so its date leads).
    mutating func noteToday(fromNow now: String) {
        if let date = LocalDate(now.prefix(10)) { today = date }
    }

    /// Why a remembered flight of `date` is not on the board: "not on the board yet" for a day after the
    /// window's end (`daemonWindowEnd()`: the clock set back before that day), else "no longer on the
    /// board" (a day gone, or a flight of a day in the window a reloaded config removed).
    func absence(on date: String) -> String {
        guard let day = LocalDate(date), let windowEnd, day > windowEnd else { return "no longer on the board" }
        return "not on the board yet"
    }

    /// The last day of the daemon's window, asked of its clock once a command (noting its today too);
    /// nil when the daemon does not say or does not answer.
    mutating func daemonWindowEnd() -> LocalDate? {
        if windowEnd == nil, let clock = try? decode(ClockDocument.self, try call(ClockGetRequest())) {
            noteToday(fromNow: clock.now)
            windowEnd = clock.windowEnd.flatMap { LocalDate($0) }
        }
        return windowEnd
    }

    /// The daemon's today when a daemon answers at once: never started for it, nor waited for
    /// long (for a sentence of a command that needs no daemon, `board unhide`'s).
    mutating func daemonTodayIfRunning() -> LocalDate? {
        if let today { return today }
        guard let connection = try? BoardConnection(path: socket, timeoutMilliseconds: 500),
            let json = try? connection.call(ClockGetRequest(), timeoutMilliseconds: 500),
            let clock = try? ClockDocument(json: json)
        else { return nil }
        noteToday(fromNow: clock.now)
        return today
    }

    /// The daemon's today: the one a reply already gave, else asked of its clock (once a command).
    mutating func daemonToday() throws(ClientError) -> LocalDate {
        if today == nil { noteToday(fromNow: try decode(ClockDocument.self, try call(ClockGetRequest())).now) }
        guard let today else { throw .failure("the daemon's clock did not say what day it is") }
        return today
    }

    /// Saves the state; pins of flights that have left the window (days before the daemon's today) are dropped.
    mutating func saveState() {
        state = store.save(state, pruningBefore: today)
    }

    /// Saves a change that is the command's whole work (a pin, a hide): one that cannot be saved is
    /// the command's error, status 1, rather than a warning under "Pinned …".
    mutating func saveChange(_ what: String) throws(ClientError) {
        do { state = try store.saveChange(state, pruningBefore: today) } catch {
            throw .failure("\(what) is not saved: \(error.reason); or --state-dir DIR (BOARD_STATE_DIR) for another")
        }
    }

    // MARK: Printing

    /// Prints a flight's details; it becomes the last viewed when `remember` is set, and never with `--json`, which only reads.
    mutating func showFlight(_ json: JSON, remember: Bool = true) throws(ClientError) {
        let details = try decode(FlightDetailsDocument.self, json)
        noteToday(fromNow: details.now)
        if remember && !options.json {
            state.lastViewed = RememberedFlight(details.flight)
            saveState()
        }
        Output.print(options.json ? json.text : renderer.details(details, hidden: state.hides(details.flight)))
    }

    func printPins(message: String) {
        if options.json {
            Output.print((["schema": 1, "pins": .array(state.pins.map(\.json))] as JSON).text)
        } else {
            Output.print(message)
        }
    }

    func printHidden(message: String) {
        if options.json {
            Output.print((["schema": 1, "hidden": .array(state.hidden.map(\.json))] as JSON).text)
        } else {
            Output.print(message)
        }
    }

    /// Whether `board hide` may hide another flight: hidden flights are capped as pins are.
    var canHide: Bool { state.hidden.count < PinnedParam.limit }

    /// The pins in the watchlist's order, each with its date and state; those that left the board are
    /// named as they were. `ended` (`endedPins()`) are said first, one sentence each, and not listed.
    func listPins(ended: [EndedPin] = []) throws(ClientError) {
        let listed = state.pins.filter { pin in !ended.contains { $0.key.id == pin.id && $0.key.date == pin.date } }
        try listFlights(listed, key: "flights", empty: "No pinned flights; 'board pin FLIGHT' pins one.", ended: ended)
    }

    /// `flights` in their order, each fetched by identity on its own day and shown with its date and
    /// state; those the daemon no longer has are named as they were. `--json`: `key` and `gone`, and
    /// with `ended` (the pins' list), `ended`: `[{id, designator, date, sentence}]`.
    func listFlights(_ remembered: [RememberedFlight], key: String, empty: String, ended: [EndedPin]? = nil)
        throws(ClientError)
    {
        enum Entry {
            case found(JSON, FlightDocument?)
            case missing(RememberedFlight)
        }
        var entries: [Entry] = []
        if !remembered.isEmpty {
            let connection = try connect()
            let pinned = Set(state.pins.compactMap(\.key))
            for pin in remembered {
                // A date the state file garbled names no flight now.
                guard let key = pin.key else {
                    entries.append(.missing(pin))
                    continue
                }
                do {
                    // By identity: the id on the pin's own day, never another day's flight with that id. Only
                    // its own pin goes with it (for its `pinned`): the whole list with each of a thousand
                    // pins made listing them quadratic, seconds for a few hundred.
                    let own = PinnedParam(pinned.contains(key) ? [key] : [])
                    let json = try connection.call(FlightGetRequest(key, pinned: own))
                    let flight = try? FlightDetailsDocument(json: json).flight
                    // Another flight under its identity (the daemon's schedule changed with its config) is not it.
                    if let flight, !pin.names(flight) {
                        entries.append(.missing(pin))
                    } else {
                        entries.append(.found(json, flight))
                    }
                } catch .remote(let error) where error.code == .notFound || error.code == .outsideWindow {
                    entries.append(.missing(pin))
                } catch {
                    throw ClientError(error, socket: socket, autostartOffBy: nil)
                }
            }
        }
        if options.json {
            var flights: [JSON] = []
            var missing: [JSON] = []
            for entry in entries {
                switch entry {
                case .found(let json, _): flights.append(json.removing("schema"))
                case .missing(let pin): missing.append(pin.json)
                }
            }
            var json: JSON = ["schema": 1, key: .array(flights), "gone": .array(missing)]
            if let ended {
                json = json.adding(
                    "ended",
                    .array(
                        ended.map {
                            [
                                "id": .int($0.key.id), "designator": $0.key.name.map(JSON.string) ?? .null,
                                "date": .string($0.key.date), "sentence": .string($0.sentence),
                            ]
                        }))
            }
            Output.print(json.text)
            return
        }
        // Said to people on stderr, as `board events` says its notices: not rows a script counts.
        for pin in ended ?? [] { Output.note(pin.sentence) }
        guard !remembered.isEmpty else { return Output.note(cut(empty, renderer.width)) }
        // Each row after its date: the list is in your order, not the day's. Where a date column
        // would leave a row less than its narrowest (the name and the id), the date heads the rows
        // of its day instead, again wherever the day changes down the list.
        let dateColumn = 8
        let datesAhead = renderer.width - dateColumn >= BoardRenderer.Columns.narrowest
        let listed = entries.compactMap { entry -> FlightDocument? in
            if case .found(_, let flight?) = entry { flight } else { nil }
        }
        func lines(_ style: Style) -> [String] {
            var rows = renderer.laidOut(for: listed, belt: false)
            rows.style = style
            if datesAhead { rows.width = renderer.width - dateColumn }
            // No titles over no rows (every flight listed has left the window: said below, one a line).
            var lines = listed.isEmpty ? [] : [(datesAhead ? style.dim(fit("DATE", dateColumn)) : "") + rows.columnTitles()]
            var lastDate: String?
            for entry in entries {
                switch entry {
                case .found(_, let flight?):
                    let date = LocalDate(flight.date)?.shortName ?? flight.date
                    if datesAhead {
                        lines.append(fit(date, dateColumn) + rows.row(flight, now: nil))
                    } else {
                        if date != lastDate { lines.append(style.dim(date)) }
                        lines.append(rows.row(flight, now: nil))
                    }
                    lastDate = date
                case .found(_, nil): continue
                case .missing(let pin):
                    lines.append(style.dim("\(pin.name) is \(absence(on: pin.date))"))
                    lastDate = nil
                }
            }
            return lines
        }
        // Where a line is wider than the screen, every line is cut to it without colour, as a board is.
        let plain = lines(Style(enabled: false))
        let fits = plain.allSatisfy { $0.columns <= renderer.width }
        Output.print((fits ? lines(style) : plain.map { cut($0, renderer.width) }).joined(separator: "\n"))
    }

    func printClock(_ json: JSON) throws(ClientError) {
        if options.json { return Output.print(json.text) }
        let clock = try decode(ClockDocument.self, json)
        var line = clock.now.replacingAll("T", with: " ")
        if clock.simulated {
            let speed = clock.speed
            // A running clock stops at the end of its range (the daemon keeps its speed to run on if set back).
            let atTheEnd =
                InstantInput.parse(clock.now, localTime: LocalTime(timeZone: .gmt), today: nil)
                .map { $0 >= ClockLimits.instants.upperBound } ?? false
            line +=
                speed == 0
                ? "  SIMULATED, frozen"
                : atTheEnd
                    ? "  SIMULATED, stopped at the end of its range (\(ClockLimits.endText))"
                    : "  SIMULATED, \(speed == speed.rounded() ? String(Int(speed)) : String(speed))x"
        } else {
            line += "  (real clock)"
        }
        // A replica's clock is its source's: said, and whether it still follows it; a source says whether it publishes.
        if let note = ReplicationNote(clock.replication, code: "") { line += "  (\(note.shortText))" }
        Output.print(line)
    }
}

extension JSON {
    /// The object with `key` set (added at the end, or replaced in place).
    func adding(_ key: String, _ value: JSON) -> JSON {
        guard var pairs = objectPairs else { return self }
        if let index = pairs.firstIndex(where: { $0.0 == key }) { pairs[index].1 = value } else { pairs.append((key, value)) }
        return .object(pairs)
    }

    func removing(_ key: String) -> JSON {
        guard let pairs = objectPairs else { return self }
        return .object(pairs.filter { $0.0 != key })
    }
}
