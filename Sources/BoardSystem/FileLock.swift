import Glibc

/// An exclusive advisory lock (`flock`) on a file or a directory, held while its descriptor stays open.
///
/// The kernel drops the lock when the holder exits, however it exits, so a
/// crashed process never leaves a stale lock behind (a lock file may stay; it
/// holds nothing).
public struct FileLock: Sendable {
    /// Why a lock was not taken.
    public enum LockError: Error, Hashable, Sendable, CustomStringConvertible {
        /// The file or directory to lock could not be opened.
        case cannotOpen(path: String, SystemError)
        /// Another process holds it (only when not waiting).
        case heldElsewhere(path: String)
        /// `flock` itself failed.
        case failed(path: String, SystemError)

        public var description: String {
            switch self {
            case .cannotOpen(let path, let error): "cannot open \(path) to lock it: \(error)"
            case .heldElsewhere(let path): "\(path) is locked by another process"
            case .failed(let path, let error): "cannot lock \(path): \(error)"
            }
        }
    }

    /// What to lock: a file, created (0600) when missing, or an existing directory, which adds no file beside it.
    public enum Target: Sendable {
        case file, directory
    }

    /// The open descriptor that holds the lock.
    public let descriptor: FileDescriptor

    /// Takes the lock on `path`; `waiting` blocks until the holder lets go, else a held lock throws `.heldElsewhere`.
    public init(_ path: String, _ target: Target, waiting: Bool) throws(LockError) {
        do {
            descriptor =
                switch target {
                case .file: try .open(path, .readWrite, options: .create, permissions: 0o600)
                case .directory: try .open(path, .readOnly, options: .directory)
                }
        } catch {
            throw .cannotOpen(path: path, error)
        }
        let fd = descriptor.rawValue
        guard retryingOnInterrupt({ flock(fd, LOCK_EX | (waiting ? 0 : LOCK_NB)) }) == 0 else {
            let error = SystemError("flock")
            descriptor.close()
            throw error.isWouldBlock ? .heldElsewhere(path: path) : .failed(path: path, error)
        }
    }

    /// Takes the lock on `path`, waiting at most `limit` for its holder to let go (a holder that is
    /// stopped, or a stray process that inherited it, would otherwise hold the waiter forever);
    /// past that, `.heldElsewhere`.
    public init(_ path: String, _ target: Target, waitingAtMost limit: Duration) throws(LockError) {
        try self.init(path, target, waitingAtMost: limit, inAll: limit, progress: { 0 })
    }

    /// Takes the lock on `path`, waiting `limit` from the last sign of progress: each time `progress`
    /// returns a mark it did not return before (the lock changed hands and its holder's work landed),
    /// the wait starts again, up to `inAll`. Dozens of processes queued behind each other on a loaded
    /// machine all get the lock, while a holder that stopped still holds a waiter `limit` at most.
    public init<Mark: Equatable>(
        _ path: String, _ target: Target, waitingAtMost limit: Duration, inAll longest: Duration, progress: () -> Mark
    ) throws(LockError) {
        let started = ContinuousClock.now
        var deadline = started + limit
        var mark = progress()
        while true {
            do {
                self = try FileLock(path, target, waiting: false)
                return
            } catch .heldElsewhere(let path) {
                let now = ContinuousClock.now
                if now >= deadline {
                    let seen = progress()
                    guard seen != mark, now < started + longest else { throw .heldElsewhere(path: path) }
                    mark = seen
                    deadline = min(now + limit, started + longest)
                }
                _ = poll(nil, 0, 2)  // short: with dozens waiting, the lock is often free for only a moment
            }
        }
    }

    /// Lets go of the lock by closing its descriptor.
    public func release() { descriptor.close() }
}
