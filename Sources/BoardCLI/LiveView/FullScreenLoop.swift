import BoardLink
import BoardProtocol
import BoardSystem
import FlightData

/// The full-screen view's loop: reads the terminal, the daemon and signals on one poll, turns
/// what it reads into events for `LiveModel.update`, carries out the effects, and paints `view`.
///
/// It holds only what is I/O: the terminal, the connection and its request ids, the state
/// file, and when to try reconnecting.
struct FullScreenLoop {
    let client: BoardClient
    var state: ClientState
    var store: StateStore
    var model: LiveModel
    let terminal = TerminalMode()
    let clock = ContinuousClock()
    var painter = ScreenPainter()
    /// Keys from the terminal, a sequence split between two reads held for the second.
    var keyDecoder = KeyDecoder()
    /// The state file as this view last read or wrote it, and when it next looks (once a second).
    var stateFile: StateStore.Version?
    var nextStateCheck: ContinuousClock.Instant
    var connection: BoardConnection?
    /// The wire id of the board subscription, and of each request in flight with the model's name for it.
    var watchID: Int?
    var requests: [Int: LiveRequestID] = [:]
    /// The wire ids of `ping`s in flight: their answers say the daemon's part in replication.
    var pings: Set<Int> = []
    /// When to ask a replica again how it is (`ReplicationNote`): every `replicaCheck` while it is one.
    var nextReplicaCheck: ContinuousClock.Instant?
    static let replicaCheck = Duration.seconds(2)
    var backoff = Backoff()
    var nextReconnect: ContinuousClock.Instant
    /// Reconnects, starting a daemon again after one that went away unannounced.
    var revival: DaemonRevival
    /// Notices a daemon that keeps its socket open but no longer answers (stopped, wedged).
    var heartbeat: Heartbeat
    var exitStatus: Int32?
    /// The signals the view takes as events (`run` sets them up).
    var signals: SignalDescriptor?
    /// The key this pane's view is saved under (`SavedLiveViews.pane`).
    let pane: String
    /// `tmux set-buffer` children not yet reaped.
    var children: [ChildProcess.ID] = []
    /// The view as last saved: it is saved again as soon as it changes, so that `--print-route`
    /// in another pane names what this one shows now.
    var savedView: SavedLiveView?

    init(
        client: BoardClient, tab: Tab, hidePast: Bool, rotate: Duration?, reducedMotion: Bool = false,
        pane: String = SavedLiveViews.shared, restoring: SavedLiveView? = nil, lastViewed: LiveModel.FlightKey? = nil
    ) {
        self.client = client
        self.pane = pane
        self.state = client.state
        self.store = client.store
        let style = Style(enabled: Style.allowed(client.options.color))
        self.model = LiveModel(
            tab: tab, hidePast: hidePast, pins: Watchlist.keys(client.sentPins),
            lastViewed: lastViewed
                ?? client.state.lastViewed.map { LiveModel.FlightKey(id: $0.id, date: $0.date, name: $0.designator) },
            restoring: restoring, style: style, rotate: rotate, reducedMotion: reducedMotion)
        self.model.hidden = Watchlist.keys(client.state.hidden)
        self.model.insideTmux = !(BoardPaths.environment("TMUX") ?? "").isEmpty
        self.nextReconnect = clock.now
        self.revival = DaemonRevival(client: client)
        self.heartbeat = Heartbeat(now: clock.now)
        self.stateFile = client.store.version
        self.nextStateCheck = clock.now + .seconds(1)
    }

    mutating func run(firstConnection: BoardConnection) -> Int32 {
        // Every signal that would end the view, so that it ends by restoring the terminal (SIGQUIT left it raw).
        // SIGTSTP from elsewhere (`kill -TSTP`) stops the view as Ctrl-Z does, the terminal given back
        // first; SIGCONT (after any stop, `kill -STOP` too) draws it whole again.
        let handled: [UnixSignal] = [.interrupt, .terminate, .hangUp, .quit, .windowChanged, .terminalStop, .continued]
        guard let signals = try? SignalDescriptor(handled) else { return 1 }
        self.signals = signals
        do { try terminal.enter() } catch {
            Output.error("cannot use the terminal: \(error)")
            return 1
        }
        defer {
            terminal.restore()
            signals.descriptor.close()
        }
        connection = firstConnection
        heartbeat = Heartbeat(now: clock.now)
        dispatch(.resized(terminal.size))
        dispatch(.connected)
        ping()
        dispatch(.tick(clock.now))
        draw()
        while exitStatus == nil {
            let ready = DescriptorPoll.readable(
                [terminal.input, signals.descriptor, connection?.descriptor], timeout: waitTime())
            if ready[1] { handle(signals.drain()) }
            if ready[0] { readKeys() }
            if ready[2] { readDaemon() }
            reconnectWhenDue()
            checkHeartbeat()
            checkReplica()
            reapChildren()
            followStateFile()
            dispatch(.tick(clock.now))
            if exitStatus == nil { draw() }
        }
        // Whatever ended it (q, Ctrl-C, SIGTERM, SIGHUP): the next `board watch` reopens here.
        state.liveView.save(model.saved, for: pane)
        save()
        for child in children { _ = ChildProcess.exitStatusIfEnded(child) }
        return exitStatus ?? 0
    }

    /// Until the model wants a new frame, or the next reconnection attempt.
    func waitTime() -> Duration {
        let now = clock.now
        var wait = min(model.wakeInterval(now: now), max(.zero, nextStateCheck - now))
        if connection == nil {
            wait = min(wait, max(.milliseconds(10), nextReconnect - now))
        } else {
            wait = min(wait, heartbeat.nextCheck(after: now))
            if let due = nextReplicaCheck { wait = min(wait, max(.milliseconds(10), due - now)) }
        }
        return wait
    }

    mutating func dispatch(_ event: LiveEvent) {
        for effect in model.update(event) { perform(effect) }
        // Only once the first board is in: before it, the saved view is still being opened again.
        guard model.board != nil, exitStatus == nil else { return }
        let view = model.saved
        if view != savedView {
            savedView = view
            state.liveView.save(view, for: pane)
            save()
        }
    }

    mutating func draw() {
        let size = terminal.size
        let bytes = painter.update(to: model.view(size: size, now: clock.now), size: size)
        if !bytes.isEmpty { try? terminal.output.writeAll(bytes) }
    }

    // MARK: Effects

    /// Saves the state; pins of days before the daemon's today (flights that left the window) are dropped.
    mutating func save() {
        state = store.save(state, pruningBefore: model.board.flatMap { LocalDate($0.now.prefix(10)) })
        stateFile = store.version
        // The save took in what other panes saved meanwhile, and dropped the days that left the
        // window: the view shows the watchlist as saved (it kept its own, "5 hidden" of 10).
        showWatchlist(of: state)
    }

    /// The view's pins and hidden flights as `state` has them, when they differ.
    mutating func showWatchlist(of state: ClientState) {
        let pins = Watchlist.keys(BoardClient.capped(state.pins))
        let hidden = Watchlist.keys(state.hidden)
        if pins != model.pins || hidden != model.hidden { dispatch(.watchlistChanged(pins: pins, hidden: hidden)) }
    }

    /// Once a second, whether another `board` saved the state (`board pin`, `hide` in another pane): its
    /// pins and hidden flights come into this view, so that every pane shows the same watchlist.
    mutating func followStateFile() {
        guard clock.now >= nextStateCheck else { return }
        nextStateCheck = clock.now + .seconds(1)
        let now = store.version
        guard now != stateFile, let fresh = store.reread() else { return }
        stateFile = now
        // The whole state as saved: this view saves each change of its own at once, so nothing of its
        // is unsaved, and keeping its older tab or last viewed flight would undo another board's on the
        // next save (a save writes what differs from what was read).
        state = fresh
        showWatchlist(of: fresh)
    }

    mutating func perform(_ effect: LiveEffect) {
        switch effect {
        case .quit(let status): exitStatus = status
        case .repaint: painter.invalidate()
        case .saveTab(let tab):
            state.tab = tab
            save()
        case .saveLastViewed(let flight):
            state.lastViewed = RememberedFlight(flight)
            save()
        case .pin(let flight):
            // When, as the board on screen says: `board events --follow --pinned` follows it from then on.
            _ = RememberedFlight.add(RememberedFlight(flight, pinnedAt: model.board?.now), to: &state.pins)
            save()
        case .unpin(let key):
            state.pins.removeAll { $0.id == key.id && $0.date == key.date }
            // A pin the view named as ended (`endPins`) is not named again by `board pins`.
            state.endedPins.removeAll { $0.id == key.id && $0.date == key.date }
            save()
        case .savePinOrder, .hide, .unhide, .copyToTmux: performWatchlist(effect)
        case .subscribe(let request):
            watchID = request.request.flatMap { connection?.send($0) }
        case .send(let id, let request):
            guard let connection else { return dispatch(.requestUnsent(id)) }
            guard let request = request.request else { return dispatch(.replyFailed(id, LiveRequest.undated)) }
            requests[connection.send(request)] = id
        }
    }

    // MARK: Input

    mutating func readKeys() {
        var buffer = [UInt8](repeating: 0, count: 4096)
        guard let n = try? terminal.input.read(into: &buffer), n > 0 else { return }
        var keys = keyDecoder.feed(buffer[..<n])
        // A read that ended inside a sequence, or in ESC: the rest of a burst follows at once; Esc alone
        // is Esc after 25 ms (tmux waits `escape-time`, 500 ms by default, before it sends Esc on).
        while keyDecoder.isWaiting {
            // A paste begun is waited for a second: its rest may come in packets far apart.
            let wait: Duration = keyDecoder.isPasting ? .seconds(1) : .milliseconds(25)
            guard DescriptorPoll.readable([terminal.input], timeout: wait)[0],
                let more = try? terminal.input.read(into: &buffer), more > 0
            else {
                keys += keyDecoder.flush()
                break
            }
            keys += keyDecoder.feed(buffer[..<more])
        }
        for key in keys {
            if key == .suspend {
                suspend()
                if exitStatus != nil { return }
                continue
            }
            dispatch(.key(key))
            if exitStatus != nil { return }
        }
    }

    mutating func readDaemon() {
        guard let connection else { return }
        let messages: [JSON]
        do { messages = try connection.readAvailable() } catch { return lostDaemon() }
        if !messages.isEmpty { heartbeat.heard(at: clock.now) }
        for message in messages {
            if message["event"]?.string == "shutdown" {
                revival.shutdownAnnounced = true
                return lostDaemon(stopped: true)
            }
            guard let wireID = message["id"]?.int else { continue }
            if wireID == watchID {
                // The refusal is the reply's, read apart from the board's decoding: under one `try?` it
                // was dropped with a board that could not be read, and the view waited on for a board.
                let result: JSON
                do { result = try BoardConnection.result(of: message) } catch {
                    dispatch(.watchRefused(Self.refusal(error)))
                    continue
                }
                if let board = try? BoardDocument(json: result) { dispatch(.boardPushed(board, at: clock.now)) }
                continue
            }
            if pings.remove(wireID) != nil {
                let ping = (try? BoardConnection.result(of: message)).flatMap { try? PingDocument(json: $0) }
                if let ping { dispatch(.replication(ping.replication)) }
                nextReplicaCheck = ping?.replication?.isReplica == true ? clock.now + Self.replicaCheck : nil
                continue
            }
            guard let id = requests.removeValue(forKey: wireID) else { continue }
            do {
                dispatch(.replied(id, try BoardConnection.result(of: message)))
            } catch {
                dispatch(.replyFailed(id, Self.refusal(error)))
            }
        }
    }

    /// The daemon's refusal with its code; a reply that could not be read is an internal error.
    static func refusal(_ error: any Error) -> WireError {
        if case .remote(let refusal)? = error as? ConnectionError { return refusal }
        return WireError(.internal, "\(error)")
    }

    /// The daemon is gone; `stopped`, it said it was stopped on purpose.
    /// The daemon is gone: at `since`, the last word heard from one that stopped answering, else now
    /// (a closed connection is its last word). The board's age counts from there.
    mutating func lostDaemon(stopped: Bool = false, since: ContinuousClock.Instant? = nil) {
        connection = nil
        watchID = nil
        requests.removeAll()
        pings.removeAll()
        nextReconnect = clock.now + backoff.next()
        let since = since ?? clock.now
        dispatch(
            stopped ? .daemonStopped(at: since, autostart: revival.logDirectory != nil) : .connectionLost(at: since))
    }

    /// A daemon that stopped answering is gone, as one that closed the connection is.
    mutating func checkHeartbeat() {
        guard connection != nil else { return }
        switch heartbeat.check(at: clock.now) {
        case .wait: break
        case .ping: ping()
        case .giveUp: lostDaemon(since: heartbeat.lastHeard)
        }
    }

    /// Asks the daemon how it is: its answer keeps the connection's heartbeat and a replica's header.
    mutating func ping() {
        guard let connection else { return }
        pings.insert(connection.send(PingRequest()))
    }

    /// A replica's state changes while its boards do not (cut off from Redis, back): asked every `replicaCheck`.
    mutating func checkReplica() {
        guard let due = nextReplicaCheck, clock.now >= due, pings.isEmpty else { return }
        nextReplicaCheck = nil
        ping()
    }

    mutating func reconnectWhenDue() {
        guard connection == nil, clock.now >= nextReconnect else { return }
        if let fresh = revival.connect(timeoutMilliseconds: 300) {
            connection = fresh
            heartbeat = Heartbeat(now: clock.now)
            backoff.reset()
            dispatch(.connected)
            ping()
        } else {
            nextReconnect = clock.now + backoff.next()
        }
    }
}

extension FullScreenLoop {
    /// The watchlist's effects: the pins' order, hidden flights, and copying to tmux.
    mutating func performWatchlist(_ effect: LiveEffect) {
        switch effect {
        case .savePinOrder(let order):
            func place(_ pin: RememberedFlight) -> Int {
                order.firstIndex { $0.id == pin.id && $0.date == pin.date } ?? Int.max
            }
            // Pins the model does not hold (past the cap) keep their places after those it orders.
            state.pins = state.pins.enumerated().sorted { (place($0.element), $0.offset) < (place($1.element), $1.offset) }
                .map(\.element)
            save()
        case .hide(let flight):
            _ = RememberedFlight.add(RememberedFlight(flight), to: &state.hidden)
            save()
        case .unhide(let key):
            state.hidden.removeAll { $0.id == key.id && $0.date == key.date }
            save()
        case .copyToTmux(let text):
            // Never waited for: a tmux that hangs must not freeze the screen; reaped by `reapChildren`.
            if let pid = try? ChildProcess.spawn(
                ["tmux", "set-buffer", "--", text], environment: nil, stdout: .devNull, stderr: .devNull)
            {
                children.append(pid)
            }
        default: break
        }
    }

    /// The copies that have ended; one tmux refused is said in the footer.
    mutating func reapChildren() {
        var refused: Int32?
        children.removeAll { child in
            guard let status = ChildProcess.exitStatusIfEnded(child) else { return false }
            if status != 0 { refused = status }
            return true
        }
        if let refused { dispatch(.copyFailed("tmux set-buffer exited with status \(refused)")) }
    }
}
