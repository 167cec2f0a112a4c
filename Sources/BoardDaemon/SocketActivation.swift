import BoardProtocol
import BoardSystem

/// Why a socket passed by the service manager cannot be served.
struct ActivationError: Error, Hashable, Sendable, CustomStringConvertible {
    let reason: String
    var description: String { "socket activation: \(reason)" }
}

/// Socket activation, as `sd_listen_fds(3)` describes it, without libsystemd.
///
/// systemd (or `systemd-socket-activate`) binds the socket, and on the first
/// connection starts the daemon with the listening socket as descriptor 3,
/// `LISTEN_FDS=1` and `LISTEN_PID` set to the daemon's pid. The daemon serves
/// that socket as it is: no lock, no probe, no bind, and it never unlinks it,
/// because the socket belongs to the service manager and outlives the daemon.
enum SocketActivation {
    /// The first passed descriptor, by the protocol's convention (`SD_LISTEN_FDS_START`).
    static let firstDescriptor: Int32 = 3

    /// How many descriptors were passed to `pid`: nil unless `LISTEN_PID` names it and `LISTEN_FDS` is at least 1.
    static func passedCount(listenPID: String?, listenFDs: String?, pid: Int32) -> Int? {
        guard let listenPID, let owner = Int32(listenPID), owner == pid else { return nil }
        guard let listenFDs, let count = Int(listenFDs), count >= 1 else { return nil }
        return count
    }

    /// The socket passed to this process and its path; nil when none was passed.
    ///
    /// `LISTEN_PID`, `LISTEN_FDS` and `LISTEN_FDNAMES` are unset in every case,
    /// so that nothing the daemon starts takes the socket for its own. Extra
    /// descriptors beyond the first are closed: the daemon serves one socket.
    static func takePassedSocket() throws(ActivationError) -> (descriptor: FileDescriptor, path: String)? {
        let count = passedCount(
            listenPID: BoardPaths.environment("LISTEN_PID"), listenFDs: BoardPaths.environment("LISTEN_FDS"),
            pid: Program.processID)
        for name in ["LISTEN_PID", "LISTEN_FDS", "LISTEN_FDNAMES"] { Environment.remove(name) }
        guard let count else { return nil }
        let descriptor = FileDescriptor(firstDescriptor)
        for extra in 1..<count { FileDescriptor(firstDescriptor + Int32(extra)).close() }
        descriptor.setCloseOnExec()
        let socket = UnixSocket.describe(descriptor)
        guard socket.isUnix else {
            throw ActivationError(reason: "descriptor 3 is not a Unix socket; boardd serves a ListenStream= path")
        }
        guard socket.isStream else {
            throw ActivationError(reason: "descriptor 3 is not a stream socket; use ListenStream=, not ListenDatagram=")
        }
        guard socket.isListening else {
            throw ActivationError(reason: "descriptor 3 is not listening; do not use Accept=yes")
        }
        descriptor.setNonBlocking()
        return (descriptor, socket.path ?? "the socket passed by the service manager")
    }
}
