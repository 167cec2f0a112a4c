import BoardSystem

/// A daemon `board` started (`Autostart.launch` sets `BOARDD_STARTED_BY_BOARD=1`): one of several
/// started at once when a socket already answers steps aside quietly (exit 0, logged at info), where
/// a daemon started by hand says that another serves (exit 1); one that cannot start leaves why.
enum Autostarted {
    static var isSet: Bool { Environment.value(BoardPaths.startedByBoardVariable) == "1" }

    /// Leaves why this daemon `board` started could not start beside its socket (`StartFailureMarker`),
    /// in the private directory it would have served from, so that `board status` says so.
    static func noteFailure(_ reason: String, socket: String?) {
        guard isSet else { return }
        let path = socket ?? BoardPaths.defaultSocket()
        guard (try? SocketListener.preparePrivateDirectory(BoardPaths.directory(of: path))) != nil else { return }
        StartFailureMarker.set(forSocket: path, reason: reason)
    }
}
