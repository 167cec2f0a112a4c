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
        try self.init(path, target, waitingAtMost: limit, inAll: limit, holder: { nil })
    }

    /// Takes the lock on `path`, waiting `limit` from the last time it changed hands, up to `inAll`:
    /// dozens of processes queued behind each other on a loaded machine each get it, while a holder
    /// that stopped holds a waiter `limit` at most. `holder` names who holds it now (`holder(of:)`, looked
    /// at every 50 ms); nil throughout (no `/proc`) waits `limit` in all.
    public init(
        _ path: String, _ target: Target, waitingAtMost limit: Duration, inAll longest: Duration,
        holder: () -> Int32? = { nil }
    ) throws(LockError) {
        let started = ContinuousClock.now
        var deadline = started + limit
        var holding = holder()
        var nextLook = started + Self.lookInterval
        while true {
            do {
                self = try FileLock(path, target, waiting: false)
                return
            } catch .heldElsewhere(let path) {
                let now = ContinuousClock.now
                if now >= nextLook {
                    nextLook = now + Self.lookInterval
                    let seen = holder()
                    // Another process took it: the queue moves. A save made without the lock by a
                    // waiter that gave up changes nothing here, so it never keeps the others waiting.
                    if let seen, seen != holding { deadline = min(now + limit, started + longest) }
                    holding = seen ?? holding
                }
                guard now < deadline else { throw .heldElsewhere(path: path) }
                _ = poll(nil, 0, 2)  // short: with dozens waiting, the lock is often free for only a moment
            }
        }
    }

    static let lookInterval = Duration.milliseconds(50)

    /// The process holding a `flock` on `path` now, as the kernel lists it in `/proc/locks`
    /// (`1: FLOCK  ADVISORY  WRITE PID MAJOR:MINOR:INODE 0 EOF`, the device in hex); nil when none
    /// does, or when it cannot be told.
    public static func holder(of path: String) -> Int32? {
        guard let status = try? FileStatus(path: path), let locks = try? RegularFile.read("/proc/locks", limit: 1 << 22)
        else { return nil }
        // glibc's gnu_dev_major and gnu_dev_minor, which are inline functions Swift does not see.
        let device = status.device
        let major = String(((device >> 8) & 0xfff) | ((device >> 32) & ~0xfff), radix: 16)
        let minor = String((device & 0xff) | ((device >> 12) & ~0xff & 0xffff_ffff), radix: 16)
        func twoDigits(_ hex: String) -> String { hex.count < 2 ? "0" + hex : hex }
        let file = Array("\(twoDigits(major)):\(twoDigits(minor)):\(status.inode)".utf8)
        for line in locks.split(separator: UInt8(ascii: "\n")) {
            // A blocked waiter's line has `->` after the number; a holder's has FLOCK second.
            let fields = line.split(separator: UInt8(ascii: " "))
            guard fields.count >= 6, fields[1].elementsEqual("FLOCK".utf8), fields[5].elementsEqual(file) else { continue }
            return Int32(String(decoding: fields[4], as: UTF8.self))
        }
        return nil
    }

    /// Lets go of the lock by closing its descriptor.
    public func release() { descriptor.close() }
}
