import BoardSystem

/// A daemon `board` started (`Autostart.launch` sets `BOARDD_STARTED_BY_BOARD=1`): one of several
/// started at once when a socket already answers steps aside quietly (exit 0, logged at info), where
/// a daemon started by hand says that another serves (exit 1).
enum Autostarted {
    static var isSet: Bool { Environment.value(BoardPaths.startedByBoardVariable) == "1" }
}
