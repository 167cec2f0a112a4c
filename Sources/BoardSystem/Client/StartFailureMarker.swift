import Glibc

/// A note beside the socket that a daemon `board` started could not start (its config refused, a
/// flag it cannot take), holding why: `board status`, run by tmux every few seconds, says so and
/// starts another at most once every `retryInterval`, where it said "offline" and started one that
/// failed at every refresh, each adding an error to the log.
///
/// `SOCKET.failed`, kept only in a private directory, as `ShutdownMarker` is; a daemon that takes
/// the socket removes it. A command by hand starts a daemon as before and says why it fails.
public enum StartFailureMarker {
    /// How long `board status` waits after a failed start before it starts a daemon again: the
    /// config mended meanwhile is taken within that.
    public static let retryInterval: Int64 = 60

    public static func set(forSocket socket: String, reason: String) {
        guard let path = ShutdownMarker.path(forSocket: socket, suffix: ".failed") else { return }
        try? AtomicFile.write(Array(reason.utf8.prefix(1024)), to: path)
    }

    /// Why the last start failed and how many seconds ago; nil when none has failed since a daemon
    /// last took the socket.
    public static func read(forSocket socket: String) -> (reason: String, secondsAgo: Int64)? {
        guard let path = ShutdownMarker.path(forSocket: socket, suffix: ".failed"),
            let status = try? FileStatus(path: path, followingLinks: false), status.kind == .regular,
            let bytes = try? RegularFile.read(path, limit: 1024)
        else { return nil }
        return (String(decoding: bytes, as: UTF8.self), max(0, Int64(time(nil)) - status.modified))
    }

    public static func clear(forSocket socket: String) {
        guard let path = ShutdownMarker.path(forSocket: socket, suffix: ".failed"), FileSystem.exists(path) else { return }
        try? FileSystem.remove(path)
    }
}
