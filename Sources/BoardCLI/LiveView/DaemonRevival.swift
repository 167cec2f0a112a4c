import BoardLink
import BoardSystem

/// A live view's way back to a daemon: each reconnection attempt, and a new daemon started when
/// none answers, as `board` starts one (`Autostart`), so that a `board watch` left in a pane all day
/// outlives a daemon that crashed or was killed.
///
/// A daemon that said it was shutting down (a `shutdown` event: SIGTERM, `systemctl stop`) was
/// stopped on purpose: the view waits for one to come back rather than start one behind its
/// owner's back. With autostart off (`--no-autostart`, `BOARD_NO_AUTOSTART=1`) it only waits. A
/// daemon is started at most once every `interval`, so one that dies at start is not started in a
/// loop; the view reaps it if it exits while the view runs.
struct DaemonRevival {
    static let interval = Duration.seconds(10)

    let socket: String
    /// Where a started daemon logs (`Autostart.launch`); nil when autostart is off.
    let logDirectory: String?
    /// The daemon announced its shutdown: none is started until one answers again.
    var shutdownAnnounced = false
    private var lastStart: ContinuousClock.Instant?
    private var started: ChildProcess.ID?

    init(client: BoardClient) {
        socket = client.socket
        logDirectory = Autostart.enabled(client.options) ? client.store.directory : nil
    }

    /// A connection to the daemon, or nil while none answers (a daemon is started then, when one
    /// may be, and answers a later attempt).
    mutating func connect(timeoutMilliseconds: Int32) -> BoardConnection? {
        if let pid = started, ChildProcess.exitStatusIfEnded(pid) != nil { started = nil }
        do {
            let connection = try BoardConnection(path: socket, timeoutMilliseconds: timeoutMilliseconds)
            shutdownAnnounced = false
            return connection
        } catch .noDaemon {
            startDaemonIfItMay()
            return nil
        } catch {
            return nil
        }
    }

    private mutating func startDaemonIfItMay() {
        guard let logDirectory, !shutdownAnnounced, started == nil else { return }
        let now = ContinuousClock.now
        if let lastStart, now - lastStart < Self.interval { return }
        lastStart = now
        if case .success(let launched) = Autostart.launch(socket: socket, logDirectory: logDirectory) {
            started = launched.pid
        }
    }
}
