import Glibc

extension FileDescriptor {
    /// How a file is opened: for reading, writing or both (`O_RDONLY`, `O_WRONLY`, `O_RDWR`).
    public enum AccessMode: Sendable {
        case readOnly, writeOnly, readWrite

        var flags: Int32 {
            switch self {
            case .readOnly: O_RDONLY
            case .writeOnly: O_WRONLY
            case .readWrite: O_RDWR
            }
        }
    }

    /// What else `open` does; close-on-exec is always set, so no program the daemon or client starts inherits a file.
    public struct OpenOptions: OptionSet, Sendable {
        public let rawValue: Int32
        public init(rawValue: Int32) { self.rawValue = rawValue }

        /// `O_CREAT`: creates the file when missing, with the permissions given to `open`.
        public static let create = OpenOptions(rawValue: O_CREAT)
        /// `O_TRUNC`: empties an existing file.
        public static let truncate = OpenOptions(rawValue: O_TRUNC)
        /// `O_DIRECTORY`: fails unless the path is a directory.
        public static let directory = OpenOptions(rawValue: O_DIRECTORY)
        /// `O_APPEND`: every write goes to the end, even when another process wrote meanwhile.
        public static let append = OpenOptions(rawValue: O_APPEND)
        /// `O_NONBLOCK`: `open` itself never waits (a FIFO without a writer would block it forever).
        public static let nonBlocking = OpenOptions(rawValue: O_NONBLOCK)
        /// `O_EXCL` (with `.create`): fails when anything, a symbolic link too, is at the path.
        public static let exclusive = OpenOptions(rawValue: O_EXCL)
        /// `O_NOFOLLOW`: fails when the path is a symbolic link, rather than open where it points.
        public static let noFollow = OpenOptions(rawValue: O_NOFOLLOW)
    }

    /// Opens `path`, retrying on EINTR; `permissions` (such as `0o600`) apply when `.create` makes the file.
    public static func open(
        _ path: String, _ mode: AccessMode, options: OpenOptions = [], permissions: UInt32 = 0o600
    ) throws(SystemError) -> FileDescriptor {
        let flags = mode.flags | options.rawValue | O_CLOEXEC
        let fd = retryingOnInterrupt { Glibc.open(path, flags, mode_t(permissions)) }
        guard fd >= 0 else { throw SystemError("open") }
        return FileDescriptor(fd)
    }

    /// Flushes what was written to the disk (`fsync`), so that a rename after it never exposes an empty file.
    public func sync() throws(SystemError) {
        guard retryingOnInterrupt({ fsync(rawValue) }) == 0 else { throw SystemError("fsync") }
    }
}
