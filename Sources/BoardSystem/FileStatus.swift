import Glibc

/// What `stat` says of a file: its kind, permissions, owner and identity.
public struct FileStatus: Hashable, Sendable {
    /// The file's type, from the `S_IFMT` bits.
    public enum Kind: Hashable, Sendable {
        case regular, directory, socket, symbolicLink, fifo, characterDevice, blockDevice, other

        /// What it is, in words for a message: "a FIFO", "a directory".
        public var name: String {
            switch self {
            case .regular: "a regular file"
            case .directory: "a directory"
            case .socket: "a socket"
            case .symbolicLink: "a symbolic link"
            case .fifo: "a FIFO"
            case .characterDevice: "a character device"
            case .blockDevice: "a block device"
            case .other: "a special file"
            }
        }
    }

    public let kind: Kind
    /// The permission bits, with set-uid, set-gid and sticky (`mode & 07777`).
    public let permissions: UInt32
    /// The owner's user id.
    public let owner: UInt32
    /// The device and inode, which together name the file (journald's `JOURNAL_STREAM` gives them).
    public let device: UInt64
    public let inode: UInt64
    /// The size in bytes (`st_size`); for a regular file, how much there is to read.
    public let size: Int64
    /// When its data was last written (`st_mtim`), in nanoseconds since 1970.
    public let modified: Int64

    /// The sticky bit (`S_ISVTX`): in a directory such as /tmp, only a file's owner may remove or rename it.
    public var isSticky: Bool { permissions & UInt32(S_ISVTX) != 0 }

    /// Whether anyone but the owner may write (`mode & 0o022`).
    public var isWritableByOthers: Bool { permissions & 0o022 != 0 }

    /// A status as given, for code that judges one (tests pass what no file on their machine has).
    public init(
        kind: Kind, permissions: UInt32, owner: UInt32, device: UInt64 = 0, inode: UInt64 = 0, size: Int64 = 0,
        modified: Int64 = 0
    ) {
        self.kind = kind
        self.permissions = permissions
        self.owner = owner
        self.device = device
        self.inode = inode
        self.size = size
        self.modified = modified
    }

    /// The status of `path` (`stat`); with `followingLinks: false`, of a symbolic link itself (`lstat`).
    public init(path: String, followingLinks: Bool = true) throws(SystemError) {
        var info = stat()
        guard (followingLinks ? stat(path, &info) : lstat(path, &info)) == 0 else {
            throw SystemError(followingLinks ? "stat" : "lstat")
        }
        self.init(info)
    }

    /// The status of an open file (`fstat`).
    public init(_ descriptor: FileDescriptor) throws(SystemError) {
        var info = stat()
        guard fstat(descriptor.rawValue, &info) == 0 else { throw SystemError("fstat") }
        self.init(info)
    }

    private init(_ info: stat) {
        kind =
            switch info.st_mode & S_IFMT {
            case S_IFREG: .regular
            case S_IFDIR: .directory
            case S_IFSOCK: .socket
            case S_IFLNK: .symbolicLink
            case S_IFIFO: .fifo
            case S_IFCHR: .characterDevice
            case S_IFBLK: .blockDevice
            default: .other
            }
        permissions = UInt32(info.st_mode & 0o7777)
        owner = UInt32(info.st_uid)
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        modified = Int64(info.st_mtim.tv_sec) &* 1_000_000_000 &+ Int64(info.st_mtim.tv_nsec)
    }
}
