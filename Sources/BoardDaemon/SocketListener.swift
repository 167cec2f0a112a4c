import BoardProtocol
import BoardSystem

/// Why the daemon cannot take its socket.
enum ListenError: Error, CustomStringConvertible {
    case alreadyServing(String)
    /// The socket answers while this daemon holds its lock, and not with a boardd's hello.
    case otherListener(String)
    case notASocket(String)
    /// The lock (a file the user never named) cannot be made: said as the socket's, with what to do.
    case lockUnmakeable(String, socket: String, SystemError)
    case unsafeDirectory(String, String)
    case system(String, SystemError)

    var description: String {
        switch self {
        case .alreadyServing(let path):
            "another boardd is already serving \(path); stop it first, or use --socket for a second one"
        case .otherListener(let path):
            "another program listens on \(path) (it does not greet as a boardd); stop it, or use --socket for another path"
        case .notASocket(let path):
            "\(path) exists and is not a socket; it was left alone. Move it away or choose another --socket"
        case .lockUnmakeable(let lock, let socket, let reason):
            "cannot make \(lock), the lock of the socket \(socket) (\(SystemError.message(for: reason.code))): "
                + (BoardPaths.directory(of: lock) == BoardPaths.directory(of: socket)
                    ? "choose a --socket in a directory you can write"
                    : "boardd needs to write in \(BoardPaths.directory(of: lock))")
        case .unsafeDirectory(let path, let why): "refusing to use \(path): \(why)"
        case .system(let what, let error): "\(what): \(error)"
        }
    }
}

/// Takes the socket: a private directory, a lock so one daemon serves a path, stale sockets replaced.
///
/// As tmux and Redis do: take the lock first, then probe. A socket that
/// refuses connections was left by a daemon that died (kill -9) and is
/// replaced; one that answers belongs to a live daemon and is left alone; a
/// path that is not a socket is never removed.
///
/// The lock is `SOCKET.lock` beside a socket in a private directory. Beside a
/// socket in a directory others may write (a sticky one such as /tmp), anyone
/// could make that file first and hold it; the lock then lives in the user's own
/// private directory (`$XDG_RUNTIME_DIR/board`, else `/tmp/board-UID`, checked as
/// tmux checks `/tmp/tmux-UID`), named for the socket's path.
///
/// A socket passed by the service manager (socket activation) is served as it
/// is: it was bound by systemd, which keeps it after the daemon exits.
struct SocketListener {
    let path: String
    private(set) var descriptor: FileDescriptor
    /// The lock held while serving a socket this daemon bound; nil for a passed one.
    private(set) var lock: FileLock?
    /// Where the lock lives (see the type's summary); nil for a passed socket.
    let lockPath: String?
    /// Whether the socket came from the service manager, which owns its file.
    let isActivated: Bool
    /// The socket file as bound (device and inode), to notice when it is removed or replaced.
    private var bound: FileIdentity?
    /// Whether a problem with the path was already logged, so that a check every second logs it once.
    private var reported = false

    /// How often the path is checked: a removed socket is bound again within this.
    static let checkInterval = Duration.seconds(1)

    /// Serves a socket the service manager bound and passed (see `SocketActivation`).
    init(activated descriptor: FileDescriptor, path: String) {
        self.path = path
        self.descriptor = descriptor
        self.lock = nil
        self.lockPath = nil
        self.isActivated = true
        self.bound = FileIdentity(path: path)
        // Served now: an older daemon's "stopped on purpose" note no longer holds (`board status`
        // would say stopped, and start none, once the socket is gone again).
        ShutdownMarker.clear(forSocket: path)
        StartFailureMarker.clear(forSocket: path)
    }

    init(path: String) throws(ListenError) {
        self.path = path
        isActivated = false
        let directory = BoardPaths.directory(of: path)
        try Self.preparePrivateDirectory(directory)
        // A path that is not a socket is refused before the lock is made beside it: a mistyped
        // `--socket ~/.bashrc` (or `/etc/passwd`, as root) leaves no `.lock` behind. Checked again
        // under the lock, where it counts.
        if UnixSocket.isSocket(path: path) == false { throw .notASocket(path) }
        let lockPath = try Self.lockPath(for: path)
        self.lockPath = lockPath
        let lock = try Self.takeLock(lockPath, socket: path)
        self.lock = lock
        switch UnixSocket.isSocket(path: path) {
        case nil: break
        case false?:
            lock.release()
            throw .notASocket(path)
        case true?:
            do {
                let probe = try UnixSocket.connect(path: path, timeoutMilliseconds: 500)
                let greets = Self.greetsAsBoardd(probe)
                probe.close()
                lock.release()
                // A boardd holding no lock of ours (socket activation, its lock file removed) still
                // says hello as one.
                throw greets ? ListenError.alreadyServing(path) : ListenError.otherListener(path)
            } catch let error as ListenError {
                throw error
            } catch {
                try? FileSystem.remove(path)  // refused: stale
            }
        }
        do {
            descriptor = try UnixSocket.listen(path: path)
        } catch {
            lock.release()
            throw .system("cannot listen on \(path)", error)
        }
        bound = FileIdentity(path: path)
        ShutdownMarker.clear(forSocket: path)
        StartFailureMarker.clear(forSocket: path)
    }

    /// Where the lock for `socket` lives: beside it in a private directory, else in the user's own directory.
    static func lockPath(for socket: String) throws(ListenError) -> String {
        let directory = BoardPaths.directory(of: socket)
        if let info = try? FileStatus(path: directory), info.owner == Program.userID, !info.isWritableByOthers {
            return socket + ".lock"
        }
        let own = userDirectory()
        do { try preparePrivateDirectory(own, allowSticky: false) } catch {
            // Said with why that directory: the user gave only the socket's.
            let why = "the lock for a socket in \(directory), a directory not yours alone, goes in \(own)"
            switch error {
            case .system(let what, let cause): throw .system("\(why); \(what)", cause)
            case .unsafeDirectory(let path, let reason): throw .unsafeDirectory(path, "\(reason) (\(why))")
            default: throw error
            }
        }
        return own + "/boardd-\(Self.pathHash(socket)).lock"
    }

    /// The user's own directory, where the default socket lives: `$XDG_RUNTIME_DIR/board`, else `/tmp/board-UID`.
    static func userDirectory() -> String {
        if let runtime = BoardPaths.xdg("XDG_RUNTIME_DIR") { return runtime + "/board" }
        return "/tmp/board-\(Program.userID)"
    }

    /// FNV-1a of the path, as 16 hex digits: a short, stable file name for any socket path.
    static func pathHash(_ path: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in path.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// Creates the directory 0700 when missing; refuses one owned by someone else or open to others.
    ///
    /// A sticky directory such as /tmp is accepted for the socket itself (no one else can remove or
    /// replace it there) unless `allowSticky` is false, as for the directory that holds locks.
    ///
    /// A symbolic link at `directory` is followed only when the user or root made it, as the client
    /// trusts one: another user's link (`/tmp/board-UID` taken first, pointing into the user's home)
    /// would choose where the daemon writes its socket and locks.
    static func preparePrivateDirectory(_ directory: String, allowSticky: Bool = true, lookedAgain: Bool = false)
        throws(ListenError)
    {
        let me = Program.userID
        if let link = try? FileStatus(path: directory, followingLinks: false), link.kind == .symbolicLink,
            link.owner != me, link.owner != 0
        {
            throw .unsafeDirectory(
                directory,
                "it is a link that uid \(link.owner) made, not you (uid \(me)) or root; remove it if you know it, or choose a --socket in a directory of your own"
            )
        }
        guard let info = try? FileStatus(path: directory) else {
            let parent = BoardPaths.directory(of: directory)
            if parent != directory, (try? FileStatus(path: parent)) == nil { try preparePrivateDirectory(parent) }
            do { try FileSystem.makeDirectory(directory, permissions: 0o700) } catch {
                guard error.isAlreadyExisting else { throw .system("cannot create \(directory)", error) }
                // Made by someone else since the look above: judged as any directory found is, once.
                // Found again and not there, it is a link to nothing.
                guard lookedAgain else {
                    return try preparePrivateDirectory(directory, allowSticky: allowSticky, lookedAgain: true)
                }
                throw .unsafeDirectory(directory, "it is a link to nothing; remove it, or make the directory it names")
            }
            do { _ = try FileStatus(path: directory) } catch { throw .system("cannot inspect \(directory)", error) }
            return
        }
        guard info.kind == .directory else { throw .unsafeDirectory(directory, "it is not a directory") }
        if allowSticky && info.isSticky && (info.owner == 0 || info.owner == me) { return }
        guard info.owner == me else {
            throw .unsafeDirectory(
                directory,
                "it belongs to uid \(info.owner), not to you (uid \(me)); choose a --socket in a directory of your own")
        }
        guard !info.isWritableByOthers else {
            throw .unsafeDirectory(
                directory, "other users can write to it and could replace the socket; choose a --socket in a private directory")
        }
    }

    /// Whether what answers on `probe` says the hello line of a boardd (`{"type":"hello",…,"server":"boardd/…"}`)
    /// within half a second.
    static func greetsAsBoardd(_ probe: FileDescriptor) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 512)
        guard (try? probe.waitUntilReadable(timeoutMilliseconds: 500)) == true, let count = try? probe.read(into: &buffer),
            count > 0
        else { return false }
        let line = String(decoding: buffer.prefix(count), as: UTF8.self)
        return line.hasPrefix(#"{"type":"hello""#) && line.contains(#""server":"boardd/"#)
    }

    /// Whether something answers on `path` within `wait`, asked every 20 ms: a daemon holding the lock
    /// may be binding its socket again, or replacing a stale one, which refuses until it listens.
    static func answers(_ path: String, within wait: Duration) -> Bool {
        let deadline = ContinuousClock.now + wait
        while !answers(path, timeoutMilliseconds: 100) {
            guard ContinuousClock.now < deadline else { return false }
            Program.sleep(for: .milliseconds(20))
        }
        return true
    }

    /// Whether something answers on `path` within the time given.
    static func answers(_ path: String, timeoutMilliseconds: Int32) -> Bool {
        guard let probe = try? UnixSocket.connect(path: path, timeoutMilliseconds: timeoutMilliseconds) else { return false }
        probe.close()
        return true
    }

    static func takeLock(_ lockPath: String, socket: String) throws(ListenError) -> FileLock {
        do { return try FileLock(lockPath, .file, waiting: false) } catch {
            switch error {
            case .cannotOpen(_, let reason): throw .lockUnmakeable(lockPath, socket: socket, reason)
            case .heldElsewhere, .failed: throw .alreadyServing(socket)
            }
        }
    }

    /// What a check of the path found.
    enum Check: Equatable {
        /// The socket is where it was (or the problem was already logged).
        case unchanged
        /// The socket was removed and is bound again; the server swaps `old` for `descriptor`.
        case rebound(old: FileDescriptor)
        /// Someone else has the path now; the daemon stops, leaving the path alone.
        case lost(String)
    }

    /// Notices a socket file removed or replaced under the daemon, and binds it again when it was removed.
    ///
    /// The lock is checked first: when its file went too (the whole directory was removed), a new one
    /// is taken, and a daemon that took it first wins; this one stops. A passed socket belongs to the
    /// service manager: its loss is only logged.
    mutating func keepBound(log: Log) -> Check {
        // A passed socket without a path (abstract, or unnamed) has no file to lose.
        if isActivated && bound == nil { return .unchanged }
        let now = FileIdentity(path: path)
        if let now, now == bound {
            reported = false
            return .unchanged
        }
        if isActivated {
            if !reported {
                log.warning(
                    "\(path), passed by the service manager, was removed or replaced; restart the socket unit to serve it")
                reported = true
            }
            return .unchanged
        }
        if now != nil { return .lost("\(path) was replaced by another file; it was left alone and boardd stops") }
        do {
            try Self.preparePrivateDirectory(BoardPaths.directory(of: path))
            var newLock: FileLock?
            if let lockPath, let lock, FileIdentity(path: lockPath) != FileIdentity(lock.descriptor) {
                do { newLock = try Self.takeLock(lockPath, socket: path) } catch {
                    if case .alreadyServing = error {
                        return .lost("\(path) was removed and another boardd has taken it; this one stops")
                    }
                    throw error
                }
            }
            let fresh: FileDescriptor
            do { fresh = try UnixSocket.listen(path: path) } catch {
                newLock?.release()
                if error.isAddressInUse { return .lost("\(path) was taken by another process; boardd stops") }
                throw ListenError.system("cannot listen on \(path)", error)
            }
            if let newLock {
                lock?.release()
                lock = newLock
            }
            let old = descriptor
            descriptor = fresh
            bound = FileIdentity(path: path)
            reported = false
            log.warning("\(path) was removed; bound it again")
            return .rebound(old: old)
        } catch {
            if !reported {
                log.error("\(path) was removed and cannot be bound again (will retry): \(error)")
                reported = true
            }
            return .unchanged
        }
    }

    /// Removes the socket and releases the lock (clean shutdown); a passed socket is only closed.
    ///
    /// The path is unlinked only while it is still the socket this daemon bound, never another's.
    func remove() {
        if !isActivated, let bound, FileIdentity(path: path) == bound {
            try? FileSystem.remove(path)
            // Stopped on purpose: `board status` does not start another (`ShutdownMarker`).
            ShutdownMarker.set(forSocket: path)
        }
        descriptor.close()
        lock?.release()  // the lock file stays: unlinking it would race a daemon starting now
    }
}
