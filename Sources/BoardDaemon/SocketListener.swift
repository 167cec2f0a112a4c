import BoardProtocol
import BoardSystem
import Glibc

/// Why the daemon cannot take its socket.
enum ListenError: Error, CustomStringConvertible {
    case alreadyServing(String)
    case notASocket(String)
    case unsafeDirectory(String, String)
    case system(String, SystemError)

    var description: String {
        switch self {
        case .alreadyServing(let path):
            "another boardd is already serving \(path); stop it first, or use --socket for a second one"
        case .notASocket(let path):
            "\(path) exists and is not a socket; it was left alone. Move it away or choose another --socket"
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
/// A socket passed by the service manager (socket activation) is served as it
/// is: it was bound by systemd, which keeps it after the daemon exits.
struct SocketListener {
    let path: String
    let descriptor: FileDescriptor
    /// The lock held while serving a socket this daemon bound; nil for a passed one.
    let lock: FileDescriptor?
    /// Whether the socket came from the service manager, which owns its file.
    let isActivated: Bool

    /// Serves a socket the service manager bound and passed (see `SocketActivation`).
    init(activated descriptor: FileDescriptor, path: String) {
        self.path = path
        self.descriptor = descriptor
        self.lock = nil
        self.isActivated = true
    }

    init(path: String) throws(ListenError) {
        self.path = path
        isActivated = false
        let directory = BoardPaths.directory(of: path)
        try Self.preparePrivateDirectory(directory)
        let lock = try Self.takeLock(path + ".lock", socket: path)
        self.lock = lock
        switch UnixSocket.isSocket(path: path) {
        case nil: break
        case false?:
            lock.close()
            throw .notASocket(path)
        case true?:
            do {
                _ = try UnixSocket.connect(path: path, timeoutMilliseconds: 500)
                lock.close()
                throw ListenError.alreadyServing(path)
            } catch let error as ListenError {
                throw error
            } catch {
                unlink(path)  // refused: stale
            }
        }
        do {
            descriptor = try UnixSocket.listen(path: path)
        } catch {
            lock.close()
            throw .system("cannot listen on \(path)", error)
        }
    }

    /// Creates the directory 0700 when missing; refuses one owned by someone else or open to others.
    static func preparePrivateDirectory(_ directory: String) throws(ListenError) {
        var info = stat()
        if stat(directory, &info) != 0 {
            let parent = BoardPaths.directory(of: directory)
            if parent != directory, stat(parent, &info) != 0 { try preparePrivateDirectory(parent) }
            guard mkdir(directory, 0o700) == 0 || errno == EEXIST else {
                throw .system("cannot create \(directory)", SystemError("mkdir"))
            }
            guard stat(directory, &info) == 0 else { throw .system("cannot inspect \(directory)", SystemError("stat")) }
            return
        }
        guard (info.st_mode & S_IFMT) == S_IFDIR else { throw .unsafeDirectory(directory, "it is not a directory") }
        // A sticky directory such as /tmp is safe: no one else can remove or replace our socket in it.
        if info.st_mode & S_ISVTX != 0 && (info.st_uid == 0 || info.st_uid == getuid()) { return }
        guard info.st_uid == getuid() else {
            throw .unsafeDirectory(
                directory,
                "it belongs to uid \(info.st_uid), not to you (uid \(getuid())); choose a --socket in a directory of your own")
        }
        guard info.st_mode & 0o022 == 0 else {
            throw .unsafeDirectory(
                directory, "other users can write to it and could replace the socket; choose a --socket in a private directory")
        }
    }

    static func takeLock(_ lockPath: String, socket: String) throws(ListenError) -> FileDescriptor {
        let fd = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw .system("cannot open \(lockPath)", SystemError("open")) }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            Glibc.close(fd)
            throw .alreadyServing(socket)
        }
        return FileDescriptor(fd)
    }

    /// Removes the socket and releases the lock (clean shutdown); a passed socket is only closed.
    func remove() {
        if !isActivated { unlink(path) }
        descriptor.close()
        lock?.close()  // the lock file stays: unlinking it would race a daemon starting now
    }
}
