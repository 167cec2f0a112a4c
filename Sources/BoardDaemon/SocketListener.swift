import BoardProtocol
import BoardSystem

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
    let lock: FileLock?
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
            lock.release()
            throw .notASocket(path)
        case true?:
            do {
                _ = try UnixSocket.connect(path: path, timeoutMilliseconds: 500)
                lock.release()
                throw ListenError.alreadyServing(path)
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
    }

    /// Creates the directory 0700 when missing; refuses one owned by someone else or open to others.
    static func preparePrivateDirectory(_ directory: String) throws(ListenError) {
        guard let info = try? FileStatus(path: directory) else {
            let parent = BoardPaths.directory(of: directory)
            if parent != directory, (try? FileStatus(path: parent)) == nil { try preparePrivateDirectory(parent) }
            do { try FileSystem.makeDirectory(directory, permissions: 0o700) } catch {
                if !error.isAlreadyExisting { throw .system("cannot create \(directory)", error) }
            }
            do { _ = try FileStatus(path: directory) } catch { throw .system("cannot inspect \(directory)", error) }
            return
        }
        guard info.kind == .directory else { throw .unsafeDirectory(directory, "it is not a directory") }
        // A sticky directory such as /tmp is safe: no one else can remove or replace our socket in it.
        let me = Program.userID
        if info.isSticky && (info.owner == 0 || info.owner == me) { return }
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

    static func takeLock(_ lockPath: String, socket: String) throws(ListenError) -> FileLock {
        do { return try FileLock(lockPath, .file, waiting: false) } catch {
            switch error {
            case .cannotOpen(_, let reason): throw .system("cannot open \(lockPath)", reason)
            case .heldElsewhere, .failed: throw .alreadyServing(socket)
            }
        }
    }

    /// Removes the socket and releases the lock (clean shutdown); a passed socket is only closed.
    func remove() {
        if !isActivated { try? FileSystem.remove(path) }
        descriptor.close()
        lock?.release()  // the lock file stays: unlinking it would race a daemon starting now
    }
}
