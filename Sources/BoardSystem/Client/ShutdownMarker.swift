/// A note beside the socket that its daemon was stopped on purpose (SIGTERM, `systemctl --user
/// stop`), so that `board status`, run by tmux every few seconds, does not start another one behind
/// its owner's back (the live view hears the daemon's `shutdown` event; a one-shot line cannot).
///
/// `SOCKET.stopped`, kept only in a private directory (owned by the user, writable by no one
/// else), as the lock is: elsewhere anyone could plant it, and the marker is not used. A daemon
/// that takes the socket removes it; any other command still starts a daemon when none answers.
public enum ShutdownMarker {
    /// Where the marker of `socket` lives; nil when its directory is not private.
    public static func path(forSocket socket: String) -> String? { path(forSocket: socket, suffix: ".stopped") }

    /// `socket` with `suffix`, for a note beside it; nil when its directory is not private (anyone
    /// could plant the note there).
    static func path(forSocket socket: String, suffix: String) -> String? {
        let directory = BoardPaths.directory(of: socket)
        guard let info = try? FileStatus(path: directory), info.owner == Program.userID, !info.isWritableByOthers else {
            return nil
        }
        return socket + suffix
    }

    /// Whether the daemon of `socket` was stopped on purpose and none has taken it since.
    public static func isSet(forSocket socket: String) -> Bool {
        path(forSocket: socket).map(FileSystem.exists) ?? false
    }

    /// Leaves the marker (best effort: a daemon that cannot write it is autostarted as before).
    public static func set(forSocket socket: String) {
        guard let path = path(forSocket: socket) else { return }
        try? AtomicFile.write([], to: path)
    }

    public static func clear(forSocket socket: String) {
        guard let path = path(forSocket: socket), FileSystem.exists(path) else { return }
        try? FileSystem.remove(path)
    }
}
