/// Where the socket and the client's state live, from flags, the environment and the XDG defaults.
public enum BoardPaths {
    /// The variable's value; nil when it is unset or empty.
    public static func environment(_ name: String) -> String? { Environment.value(name) }

    /// An XDG base directory variable's value; nil when it is unset, empty, or not an absolute path,
    /// which the XDG Base Directory specification says to ignore (a relative one would give a daemon
    /// and a state file per working directory).
    public static func xdg(_ name: String) -> String? { environment(name).flatMap { $0.hasPrefix("/") ? $0 : nil } }

    /// Set to 1 in the environment of a daemon `board` starts (autostart): such a daemon steps aside
    /// quietly when another already answers on its socket, started by another `board` at once.
    public static let startedByBoardVariable = "BOARDD_STARTED_BY_BOARD"

    /// `$BOARD_SOCKET`, else `$XDG_RUNTIME_DIR/board/boardd.sock`, else `/tmp/board-$UID/boardd.sock`.
    public static func defaultSocket() -> String {
        if let explicit = environment("BOARD_SOCKET") { return explicit }
        if let runtime = xdg("XDG_RUNTIME_DIR") { return runtime + "/board/boardd.sock" }
        return "/tmp/board-\(Program.userID)/boardd.sock"
    }

    /// `$BOARD_STATE_DIR`, else `$XDG_STATE_HOME/board`, else `~/.local/state/board` (`~` from
    /// `HOME`, else the user's entry in the password database), else `/tmp/board-$UID/state`: never a
    /// directory every user shares (`/tmp/.local/state/board` was, without `HOME`).
    public static func defaultStateDirectory() -> String {
        if let explicit = environment("BOARD_STATE_DIR") { return explicit }
        if let state = xdg("XDG_STATE_HOME") { return state + "/board" }
        if let home = homeDirectory() { return home + "/.local/state/board" }
        return "/tmp/board-\(Program.userID)/state"
    }

    /// `$HOME` when absolute, else the home of this user's entry in the password database; nil when neither says.
    public static func homeDirectory() -> String? {
        if let home = environment("HOME"), home.hasPrefix("/") { return home }
        return Program.passwordDatabaseHome()
    }

    /// `$BOARDD_CONFIG`, else `$XDG_CONFIG_HOME/board/boardd.json` (or `~/.config/...`) when it exists,
    /// or is under a link whose target is gone (the file's, or a directory's: GNU stow links whole
    /// folders): a config put there and lost is an error to say, never the built-in defaults unsaid
    /// (another seed's flights, every pin of the old one lost).
    public static func defaultConfig() -> (path: String, explicit: Bool)? {
        if let explicit = environment("BOARDD_CONFIG") { return (explicit, true) }
        let base = xdg("XDG_CONFIG_HOME") ?? ((homeDirectory() ?? "/nonexistent") + "/.config")
        let path = base + "/board/boardd.json"
        return FileSystem.exists(path) || FileSystem.danglingLink(on: path) != nil ? (path, false) : nil
    }

    /// The directory part of a path (`.` when it has none).
    public static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
