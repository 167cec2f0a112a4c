import BoardProtocol
import BoardSystem
import FlightData
import Glibc

/// `board watch`: the live board.
///
/// On a terminal it is full screen; otherwise it prints one board per update
/// (one JSON board per line with `--json`). Either way it follows the daemon's
/// pushed boards and, when the daemon goes away, keeps the last board and
/// reconnects by itself with backoff (a restarted daemon is picked up too).
enum LiveView {
    static func run(client: BoardClient, tab: Tab, hidePast: Bool, rotateSeconds: Int?) throws(ClientError) {
        // The first connection may start the daemon; later ones only reconnect.
        let first = try client.connect()
        if FileDescriptor.standardOutput.isTerminal && FileDescriptor.standardInput.isTerminal && !client.options.json {
            var view = FullScreenView(client: client, tab: tab, hidePast: hidePast, rotateSeconds: rotateSeconds)
            let status = view.run(firstConnection: first)
            if status != 0 { exit(status) }
        } else {
            stream(client: client, connection: first, tab: tab, hidePast: hidePast)
        }
    }

    static func watchParams(tab: Tab, hidePast: Bool, pins: [RememberedFlight]) -> JSON {
        ["tab": .string(tab.rawValue), "hidePast": .bool(hidePast), "pinned": .array(pins.map { .int($0.id) })]
    }

    /// Not a terminal: one board per update, for scripts and logs. Ends on SIGINT/SIGTERM or a closed stdout.
    static func stream(client: BoardClient, connection first: BoardConnection, tab: Tab, hidePast: Bool) {
        var connection: BoardConnection? = first
        var backoff = Backoff()
        var warned = false
        while true {
            guard let current = connection else {
                if !warned {
                    Output.warning("the daemon went away; reconnecting")
                    warned = true
                }
                usleep(UInt32(backoff.next() * 1_000_000))
                connection = try? BoardConnection(path: client.socket, timeoutMilliseconds: 1000)
                continue
            }
            let id = current.send(.boardWatch, watchParams(tab: tab, hidePast: hidePast, pins: client.state.pins))
            do {
                while true {
                    let message = try current.readMessage(timeoutMilliseconds: -1)
                    if message["event"]?.string == "shutdown" { throw ConnectionError.closed }
                    guard message["id"]?.int == id else { continue }
                    let board = try BoardConnection.result(of: message)
                    backoff.reset()
                    warned = false
                    if client.options.json {
                        Output.print(board.text)
                    } else if let decoded = try? WireBoard(board) {
                        Output.print(client.renderer.board(decoded) + "\n")
                    }
                }
            } catch {
                connection = nil
            }
        }
    }
}

/// Reconnection delays: 0.1 s doubling to 2 s, reset on success.
struct Backoff {
    private var delay = 0.1
    mutating func next() -> Double {
        defer { delay = min(delay * 2, 2) }
        return delay
    }
    mutating func reset() { delay = 0.1 }
}

/// The full-screen view's loop: keys, pushed boards, signals and timers on one poll.
struct FullScreenView {
    let client: BoardClient
    var state: ClientState
    var store: StateStore
    var screen: LiveScreen
    let rotateSeconds: Int?
    let terminal = TerminalMode()
    var painter = ScreenPainter()
    var connection: BoardConnection?
    var watchID = 0
    /// Requests in flight, by id, and what their replies are for.
    var pending: [Int: LiveScreen.Action] = [:]
    var backoff = Backoff()
    var nextReconnect = 0.0
    var nextRotate = 0.0
    var exitStatus: Int32?

    init(client: BoardClient, tab: Tab, hidePast: Bool, rotateSeconds: Int?) {
        self.client = client
        self.state = client.state
        self.store = client.store
        self.screen = LiveScreen(tab: tab, hidePast: hidePast)
        self.rotateSeconds = rotateSeconds
    }

    mutating func run(firstConnection: BoardConnection) -> Int32 {
        guard let signals = try? SignalDescriptor([.interrupt, .terminate, .hangUp, .windowChanged]) else { return 1 }
        do { try terminal.enter() } catch {
            Output.error("cannot use the terminal: \(error)")
            return 1
        }
        defer {
            terminal.restore()
            signals.descriptor.close()
        }
        connection = firstConnection
        subscribe()
        nextRotate = now() + Double(rotateSeconds ?? 0)
        draw()
        while exitStatus == nil {
            var fds = [
                pollfd(fd: terminal.input.rawValue, events: Int16(POLLIN), revents: 0),
                pollfd(fd: signals.descriptor.rawValue, events: Int16(POLLIN), revents: 0),
                pollfd(fd: connection?.descriptor.rawValue ?? -1, events: Int16(POLLIN), revents: 0),
            ]
            _ = poll(&fds, nfds_t(fds.count), timeoutMilliseconds())
            if fds[1].revents != 0 { handleSignals(signals.drain()) }
            if fds[0].revents != 0 { readKeys() }
            if fds[2].revents != 0 { readDaemon() }
            tick()
            if exitStatus == nil { draw() }
        }
        return exitStatus ?? 0
    }

    func now() -> Double { Autostart.monotonicSeconds() }

    /// Wakes for the header clock, a reconnection attempt or the next page of --rotate.
    func timeoutMilliseconds() -> Int32 {
        var wait = 1.0
        if let board = screen.board, board.simulated, board.speed >= 60 { wait = 0.25 }
        if connection == nil { wait = min(wait, max(0.01, nextReconnect - now())) }
        if rotateSeconds != nil { wait = min(wait, max(0.01, nextRotate - now())) }
        return Int32(wait * 1000)
    }

    mutating func tick() {
        let time = now()
        if connection == nil, time >= nextReconnect {
            if let fresh = try? BoardConnection(path: client.socket, timeoutMilliseconds: 300) {
                connection = fresh
                backoff.reset()
                subscribe()
            } else {
                nextReconnect = time + backoff.next()
            }
        }
        if let seconds = rotateSeconds, time >= nextRotate {
            nextRotate = time + Double(seconds)
            if case .board = screen.mode {
                let page = FrameBuilder.listRows(terminal.size.rows)
                let count = screen.listedFlights.count
                screen.scroll = screen.scroll + page >= count ? 0 : screen.scroll + page
                screen.selectedIndex = screen.scroll
                screen.selectedID = screen.selectedFlight?.id
            }
        }
    }

    /// The daemon's clock, extrapolated from the last board at its speed (never the local clock's date).
    func clock() -> String? {
        guard let board = screen.board, let received = screen.boardReceivedAt, screen.link == .live,
            board.now.count >= 19
        else { return nil }
        let hh = Int(board.now.dropFirst(11).prefix(2)) ?? 0
        let mm = Int(board.now.dropFirst(14).prefix(2)) ?? 0
        let ss = Int(board.now.dropFirst(17).prefix(2)) ?? 0
        let elapsed = board.simulated ? (now() - received) * board.speed : now() - received
        let seconds = hh * 3600 + mm * 60 + ss + Int(elapsed)
        let minute = (seconds / 60) % 1440
        return "\(LocalDate.pad(minute / 60, 2)):\(LocalDate.pad(minute % 60, 2))"
    }

    mutating func draw() {
        let size = terminal.size
        screen.scrollToSelection(visibleRows: FrameBuilder.listRows(size.rows))
        let frame = FrameBuilder(
            style: Style(enabled: BoardPaths.environment("NO_COLOR") == nil && client.options.color != .never), size: size
        )
        .build(screen, clock: clock(), now: now())
        let bytes = painter.update(to: frame, size: size)
        if !bytes.isEmpty { try? terminal.output.writeAll(bytes) }
    }

    // MARK: Input

    mutating func readKeys() {
        var buffer = [UInt8](repeating: 0, count: 256)
        guard let n = try? terminal.input.read(into: &buffer), n > 0 else { return }
        for key in KeyDecoder.decode(Array(buffer[..<n])) {
            let actions = screen.handle(key, pageSize: FrameBuilder.listRows(terminal.size.rows))
            for action in actions { perform(action) }
            if exitStatus != nil { return }
        }
    }

    mutating func perform(_ action: LiveScreen.Action) {
        switch action {
        case .quit(let status): exitStatus = status
        case .saveTab:
            state.tab = screen.tab
            state = store.save(state)
        case .subscribe: subscribe()
        case .refreshFlight(let id):
            request(.flightGet, ["id": .int(id), "pinned": pinnedIDs], for: action)
        case .openFlight(let id, let date):
            request(.flightGet, ["id": .int(id), "date": .string(date), "pinned": pinnedIDs], for: action)
        case .stepFlight(let id, let date, let forward):
            request(
                forward ? .flightNext : .flightPrev,
                ["id": .int(id), "date": .string(date), "tab": .string(screen.tab.rawValue), "pinned": pinnedIDs], for: action)
        case .search(let text):
            request(.search, ["text": .string(text), "tab": .string(screen.tab.rawValue), "pinned": pinnedIDs], for: action)
        case .togglePin(let flight):
            if let index = state.pins.firstIndex(where: { $0.id == flight.id }) {
                state.pins.remove(at: index)
                screen.message = "Unpinned \(flight.flightName)."
            } else {
                state.pins.append(RememberedFlight(flight))
                screen.message = "Pinned \(flight.flightName)."
            }
            state = store.save(state)
            subscribe()
        }
    }

    var pinnedIDs: JSON { .array(state.pins.map { .int($0.id) }) }

    mutating func request(_ method: WireMethod, _ params: JSON, for action: LiveScreen.Action) {
        guard let connection else {
            screen.message = "The daemon is away; try again when it is back."
            return
        }
        pending[connection.send(method, params)] = action
    }

    mutating func subscribe() {
        guard let connection else { return }
        watchID = connection.send(.boardWatch, LiveView.watchParams(tab: screen.tab, hidePast: screen.hidePast, pins: state.pins))
    }

    // MARK: The daemon

    mutating func readDaemon() {
        guard let connection else { return }
        let messages: [JSON]
        do { messages = try connection.readAvailable() } catch {
            lostDaemon()
            return
        }
        for message in messages {
            if message["event"]?.string == "shutdown" {
                lostDaemon()
                return
            }
            guard let id = message["id"]?.int else { continue }
            if id == watchID {
                if let result = try? BoardConnection.result(of: message), let board = try? WireBoard(result) {
                    screen.receive(board, at: now())
                    if case .details(let open) = screen.mode, let id = open["id"]?.int { perform(.refreshFlight(id: id)) }
                }
                continue
            }
            guard let action = pending.removeValue(forKey: id) else { continue }
            let result: JSON
            do { result = try BoardConnection.result(of: message) } catch {
                screen.message = error.description
                continue
            }
            switch action {
            case .refreshFlight(let id):
                if case .details(let open) = screen.mode, open["id"]?.int == id { screen.mode = .details(result) }
            case .openFlight, .stepFlight:
                screen.mode = .details(result)
                if let flight = try? WireFlight(result) {
                    state.lastViewed = RememberedFlight(flight)
                    state = store.save(state)
                }
            case .search(let text):
                let flights = (result["days"]?.array ?? []).flatMap { $0["flights"]?.array ?? [] }.compactMap {
                    try? WireFlight($0)
                }
                screen.mode = .searchResults(text: text, flights: flights)
                screen.selectedIndex = 0
                screen.scroll = 0
                screen.selectedID = flights.first?.id
            default: break
            }
        }
    }

    mutating func lostDaemon() {
        connection = nil
        pending.removeAll()
        if case .reconnecting = screen.link {} else { screen.link = .reconnecting(since: now()) }
        nextReconnect = now() + backoff.next()
    }

    mutating func handleSignals(_ signals: [UnixSignal]) {
        for signal in signals {
            switch signal {
            case .windowChanged: painter.invalidate()
            case .interrupt: exitStatus = 130
            case .terminate: exitStatus = 128 + 15
            case .hangUp: exitStatus = 128 + 1
            }
        }
    }
}
