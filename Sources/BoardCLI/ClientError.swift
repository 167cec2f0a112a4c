import BoardArguments
import BoardLink
import BoardProtocol
import BoardSystem

/// Why a command failed, and the exit status it means.
enum ClientError: Error, CustomStringConvertible {
    case usage(UsageError)
    /// No daemon answered: status 3, with how to start one.
    case noDaemon(String)
    /// No such flight, a date outside the window, nothing viewed yet, a flight gone: status 4.
    case notFound(String)
    case failure(String)
    /// `board wait`: what it waits for can no longer happen: status 5.
    case cannotHappen(String)
    /// `board wait --timeout`: the time ran out: status 124, as `timeout(1)`.
    case timedOut(String)

    var exitStatus: Int32 {
        switch self {
        case .usage: 2
        case .noDaemon: 3
        case .notFound: 4
        case .failure: 1
        case .cannotHappen: 5
        case .timedOut: 124
        }
    }

    var description: String {
        switch self {
        case .usage(let error): error.pointingAtBoardHelp
        case .noDaemon(let message), .notFound(let message), .failure(let message), .cannotHappen(let message),
            .timedOut(let message):
            message
        }
    }

    /// How to restart the daemon on `socket`: `(kill it, then run 'boardd')`, with `--socket` where
    /// it is not the default one (a plain `boardd` would serve another socket).
    static func restart(_ socket: String) -> String {
        let start = socket == BoardPaths.defaultSocket() ? "boardd" : "boardd --socket \(socket.shellWord)"
        return "(kill it, then run '\(start)')"
    }

    /// What a connection failure means to a person running `board`.
    /// `autostartOffBy` names what turned autostart off (`--no-autostart`, `BOARD_NO_AUTOSTART=1`), if anything did.
    init(_ error: ConnectionError, socket: String, autostartOffBy: String?) {
        switch error {
        case .noDaemon:
            // A path that is something else than a socket is a wrong path, which no daemon started would serve.
            if let status = try? FileStatus(path: socket), status.kind != .socket {
                self = .noDaemon(
                    "\(socket) is \(status.kind.name), not a socket: give --socket (or BOARD_SOCKET) the daemon's socket")
                return
            }
            var hint = ""
            if let offBy = autostartOffBy {
                let undo = offBy == "--no-autostart" ? "drop --no-autostart" : "unset BOARD_NO_AUTOSTART"
                hint = "; start one with 'boardd --socket \(socket.shellWord) &', or \(undo) to let board start it"
            }
            self = .noDaemon("no daemon is answering on \(socket)\(hint)")
        case .timedOut:
            // Busy (a cold search of a year of 3,000 flights a day) or hung: it cannot be told from here.
            self = .noDaemon(
                "the daemon on \(socket) did not answer in time: busy or hung; try again, "
                    + "and if it stays silent, restart it \(Self.restart(socket))")
        case .remote(let wire):
            switch wire.code {
            case .notFound, .outsideWindow: self = .notFound(wire.message)
            case .invalidParams: self = .usage(UsageError(message: wire.message))
            default: self = .failure(wire.message)
            }
        default:
            self = .failure(error.description)
        }
    }
}
