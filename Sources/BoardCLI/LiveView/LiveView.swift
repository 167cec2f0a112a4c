import BoardLink
import BoardProtocol
import BoardSystem
import FlightData

/// `board watch`: the live board.
///
/// On a terminal it is full screen (`FullScreenLoop`); otherwise it prints one
/// board per update (one JSON board per line with `--json`). Either way it
/// follows the daemon's pushed boards and, when the daemon goes away, keeps the
/// last board and reconnects by itself with backoff (a restarted daemon is picked up too).
enum LiveView {
    static func run(
        client: BoardClient, tab: Tab, hidePast: Bool, rotateSeconds: Int?, reducedMotion: Bool = false, wide: Bool = false,
        filter: FlightFilter = FlightFilter(), countdown: Bool = false, layout: LiveLayout? = nil, start: Start = Start()
    ) throws(ClientError) {
        // The first connection may start the daemon; later ones only reconnect.
        let first = try client.connect()
        // Full screen on a terminal that can take it (`WatchCommand.fullScreen`): not `TERM=dumb`, which
        // moves no cursor (an Emacs shell buffer), where each board is printed as it comes, as into a pipe.
        if WatchCommand.fullScreen(json: client.options.json) {
            var loop = FullScreenLoop(
                client: client, tab: tab, hidePast: hidePast, rotate: rotateSeconds.map { .seconds($0) },
                reducedMotion: reducedMotion, pane: start.pane, restoring: start.restoring, lastViewed: start.lastViewed)
            loop.model.wide = wide
            loop.model.filter = filter
            loop.model.countdown = countdown
            // `--layout` given replaces the pane's saved layout (and is saved in its place).
            if let layout { loop.model.layout = layout }
            let status = loop.run(firstConnection: first)
            if status != 0 { Program.exit(status) }
        } else {
            stream(
                client: client, connection: first, tab: tab, hidePast: hidePast, wide: wide, filter: filter,
                countdown: countdown, date: start.restoring?.date)
        }
    }

    /// Where the view starts: the pane it is saved under, the screens to open (a pane's saved view,
    /// or a deep link's), and the flight the cursor starts on.
    struct Start {
        var pane = SavedLiveViews.shared
        var restoring: SavedLiveView?
        var lastViewed: LiveModel.FlightKey?
    }

    /// Not a terminal: one board per update, for scripts and logs, filtered as the live view filters
    /// it (`LiveModel.shown`). Ends on SIGINT/SIGTERM or a closed stdout.
    static func stream(
        client: BoardClient, connection first: BoardConnection, tab: Tab, hidePast: Bool, wide: Bool = false,
        filter: FlightFilter = FlightFilter(), countdown: Bool = false, date: String? = nil
    ) {
        var renderer = client.renderer(wide: wide)
        renderer.countdown = countdown
        if !filter.isEmpty { renderer.filterNote = filter.description }
        // With a filter on, the `all` tab, so that every tab's count is the filtered count.
        let watch = BoardWatchRequest(
            tab: LiveModel.watchedTab(tab, filter: filter, hidden: Watchlist.keys(client.state.hidden)), hidePast: hidePast,
            date: date.flatMap(DateSpec.init), pinned: PinnedParam(client.sentPins.compactMap(\.key)))
        let pins = Watchlist.keys(client.sentPins)
        let hidden = Watchlist.keys(client.state.hidden)
        followBoards(client: client, connection: first, watch: watch) { board in
            if client.options.json, filter.isEmpty, hidden.isEmpty, pins.count < 2 {
                Output.print(board.text)
            } else if let decoded = try? BoardDocument(json: board) {
                // Arranged as the live view arranges it: the watchlist's order, hidden flights out.
                let arranged = LiveModel.arranged(decoded, pins: pins, hidden: hidden, on: tab, by: filter)
                renderer.hiddenNote = Watchlist.hiddenNote(arranged.hiddenCount)
                let shown = arranged.board
                Output.print(
                    client.options.json
                        ? Watchlist.json(shown, hidden: arranged.hiddenCount, filter: filter).text
                        : renderer.board(shown) + "\n")
            }
        }
    }

    /// Follows `watch` until stdout's reader leaves or a signal ends the program, handing each board
    /// the daemon pushes to `each`. A daemon that goes away (closed, shut down, silent past the
    /// heartbeat) is waited for and watched again, said once on stderr; `each` throwing `.noDaemon`
    /// does the same, and any other error it throws ends the follow with that error. A day the daemon
    /// says is outside the window (a pane's saved day that left it) is said once on stderr, and today's
    /// board followed instead.
    static func followBoards<Failure: Error>(
        client: BoardClient, connection first: BoardConnection?, watch: BoardWatchRequest,
        each: (JSON) throws(Failure) -> Void
    ) throws(Failure) {
        var watch = watch
        var connection = first
        var revival = DaemonRevival(client: client)
        var backoff = Backoff()
        var warned = false
        while true {
            guard let current = connection else {
                if !warned {
                    // A daemon stopped on purpose is not started again: say how to start one.
                    Output.warning(
                        revival.shutdownAnnounced
                            ? LiveModel.stoppedSentence(autostart: revival.logDirectory != nil)
                            : "the daemon went away; reconnecting")
                    warned = true
                }
                _ = DescriptorPoll.readable([], timeout: backoff.next())
                connection = revival.connect(timeoutMilliseconds: 1000)
                continue
            }
            let id = current.send(watch)
            var heartbeat = Heartbeat(now: .now)
            do {
                while true {
                    guard let message = try nextMessage(from: current, heartbeat: &heartbeat, endingWhenUnread: true) else {
                        continue
                    }
                    if message["event"]?.string == "shutdown" {
                        revival.shutdownAnnounced = true
                        throw ConnectionError.closed
                    }
                    guard message["id"]?.int == id else { continue }
                    if watch.date != nil, let refusal = message["error"],
                        refusal["code"]?.string == WireErrorCode.outsideWindow.rawValue
                    {
                        let reason = refusal["message"]?.string ?? "That day is outside the board's window."
                        Output.warning(reason + " Following today's board instead.")
                        watch.date = nil
                        break  // watched again on this connection
                    }
                    let board = try BoardConnection.result(of: message)
                    backoff.reset()
                    warned = false
                    do { try each(board) } catch {
                        if case .noDaemon? = error as? ClientError { throw ConnectionError.closed }
                        throw Stop(failure: error)
                    }
                }
            } catch let stop as Stop<Failure> {
                throw stop.failure
            } catch {
                connection = nil
            }
        }
    }

    /// What ends a follow from inside its loop: the error `each` threw.
    private struct Stop<Failure: Error>: Error { let failure: Failure }

    /// The next message, pinging a daemon that has been quiet; `.closed` when it does not answer
    /// the ping, nil once `deadline` (when given) passes first.
    ///
    /// It waits for the socket to be readable rather than reading with a timeout: a read that times
    /// out gives the connection up, and a quiet daemon (a frozen clock, or minutes between changes)
    /// is not a gone one. A line that has begun must still end within `BoardConnection.lineLimit`.
    ///
    /// With `endingWhenUnread`, a stdout whose reader has left (`board watch | head`) ends the
    /// program quietly, as a write to it would, even while nothing comes to write (a frozen clock).
    static func nextMessage(
        from connection: BoardConnection, heartbeat: inout Heartbeat, deadline: ContinuousClock.Instant? = nil,
        endingWhenUnread: Bool = false
    ) throws(ConnectionError) -> JSON? {
        while !connection.hasWholeLine {
            var wait = heartbeat.nextCheck(after: .now)
            if let deadline {
                guard deadline > .now else { return nil }
                wait = min(wait, deadline - .now)
            }
            let milliseconds = Int32(min(max(wait / .milliseconds(1), 1), 60_000))
            let readable: Bool
            do {
                if endingWhenUnread {
                    let wait = try connection.descriptor.waitUntilReadable(
                        timeoutMilliseconds: milliseconds, orReaderLeaves: .standardOutput)
                    if wait.readerLeft { Program.exit(0) }
                    readable = wait.readable
                } else {
                    readable = try connection.descriptor.waitUntilReadable(timeoutMilliseconds: milliseconds)
                }
            } catch {
                throw .system(error)
            }
            if readable { break }
            switch heartbeat.check(at: .now) {
            case .wait: break
            case .ping: connection.send(PingRequest())
            case .giveUp: throw .closed
            }
        }
        let message = try connection.readMessage(deadline: nil)
        heartbeat.heard(at: .now)
        return message
    }
}
