/// Whether a socket can only have been made by the user (or root), checked before connecting, as tmux does.
///
/// Without `XDG_RUNTIME_DIR` the socket lives in `/tmp/board-UID/`, a name anyone can take
/// first. A daemon there that someone else started would be shown as the user's board and
/// be sent the user's pins. So the client connects only when the socket's directory and
/// the socket itself belong to the user or to root, and no one else can write the directory
/// (a sticky directory such as /tmp is safe when the user or root owns it: no one else can
/// remove or replace a file in it). The same rule as the daemon's when it takes a directory,
/// widened to root, so any socket the daemon made passes.
///
/// Once connected, the process on the other end must run as the user or root too (`checkPeer`):
/// the path checked is followed again by `connect`, and a directory above it that another user
/// owns can be renamed in between.
///
/// The socket's own mode is not checked: write permission on a socket lets a process
/// connect, not replace it, and the daemon refuses other users' connections itself.
public enum SocketTrust {
    /// Why a socket is not trusted: the path, its owner and what to do, in one sentence.
    public struct Problem: Error, Hashable, Sendable, CustomStringConvertible {
        public let socket: String
        /// The file found wanting: the socket, its directory or a link to either.
        public let path: String
        public let owner: UInt32
        public let reason: Reason

        public enum Reason: Hashable, Sendable {
            case ownedByAnotherUser, writableByOthers
            /// The process that took the connection runs as another user: the path was changed
            /// between the check and the connect (a directory above it renamed, say).
            case servedByAnotherUser
            /// Who took the connection could not be read (`SO_PEERCRED` failed).
            case peerUnknown
        }

        public var description: String {
            let what = path == socket ? path : "its directory \(path)"
            let why =
                switch reason {
                case .ownedByAnotherUser: "\(what) belongs to uid \(owner), not to you (uid \(user)) or root"
                case .writableByOthers: "other users can write to \(what) (owned by uid \(owner)) and could replace the socket"
                case .servedByAnotherUser: "the process listening there runs as uid \(owner), not as you (uid \(user)) or root"
                case .peerUnknown: "the system did not say who listens there"
                }
            return
                "refusing to connect to \(socket): \(why); remove it if you know it, or use --socket in a directory of your own"
        }

        let user: UInt32
    }

    /// What `lstat` and `stat` say of the socket and its directory; nil where the path does not exist.
    public struct Observed: Sendable {
        public var directoryLink: FileStatus?
        public var directory: FileStatus?
        public var socketLink: FileStatus?
        public var socket: FileStatus?

        public init(
            directoryLink: FileStatus? = nil, directory: FileStatus? = nil, socketLink: FileStatus? = nil,
            socket: FileStatus? = nil
        ) {
            self.directoryLink = directoryLink
            self.directory = directory
            self.socketLink = socketLink
            self.socket = socket
        }

        /// Reads them from the file system.
        public init(socket path: String) {
            let directory = BoardPaths.directory(of: path)
            self.init(
                directoryLink: try? FileStatus(path: directory, followingLinks: false),
                directory: try? FileStatus(path: directory),
                socketLink: try? FileStatus(path: path, followingLinks: false),
                socket: try? FileStatus(path: path))
        }
    }

    /// Checks the socket at `path` on the file system for `user` (this process's by default).
    public static func check(_ path: String, user: UInt32 = Program.userID) throws(Problem) {
        try check(path, Observed(socket: path), user: user)
    }

    /// The same rule for the process that took the connection (`SO_PEERCRED`), checked once
    /// connected: the path checked before can be another by the time `connect` follows it. A
    /// peer whose uid cannot be read is refused too (no Unix socket on Linux is one).
    public static func checkPeer(_ path: String, peer: UInt32?, user: UInt32 = Program.userID) throws(Problem) {
        guard let peer else { throw Problem(socket: path, path: path, owner: 0, reason: .peerUnknown, user: user) }
        guard peer != user, peer != 0 else { return }
        throw Problem(socket: path, path: path, owner: peer, reason: .servedByAnotherUser, user: user)
    }

    /// The rule itself, on what was observed: a missing directory or socket passes (there is
    /// nothing to trust yet: the daemon, when started, makes the directory 0700 itself). What is
    /// not a directory or a socket is left to `connect`, which fails on it with no one to trust.
    public static func check(_ path: String, _ observed: Observed, user: UInt32) throws(Problem) {
        let directory = BoardPaths.directory(of: path)
        func problem(_ file: String, _ status: FileStatus, _ reason: Problem.Reason) -> Problem {
            Problem(socket: path, path: file, owner: status.owner, reason: reason, user: user)
        }
        func trusted(_ status: FileStatus) -> Bool { status.owner == user || status.owner == 0 }

        if let link = observed.directoryLink, !trusted(link) { throw problem(directory, link, .ownedByAnotherUser) }
        if let status = observed.directory, status.kind == .directory {
            guard trusted(status) else { throw problem(directory, status, .ownedByAnotherUser) }
            guard !status.isWritableByOthers || status.isSticky else { throw problem(directory, status, .writableByOthers) }
        }
        if let link = observed.socketLink, !trusted(link) { throw problem(path, link, .ownedByAnotherUser) }
        if let status = observed.socket {
            guard trusted(status) else { throw problem(path, status, .ownedByAnotherUser) }
        }
    }
}
