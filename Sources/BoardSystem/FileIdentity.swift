import Glibc

/// Which file a path or a descriptor names: its device and inode.
///
/// Two paths, or a path and an open file, are the same file exactly when these
/// match; a file removed and created again under the same name is another file.
public struct FileIdentity: Hashable, Sendable {
    public let device: UInt64
    public let inode: UInt64

    public init(device: UInt64, inode: UInt64) {
        self.device = device
        self.inode = inode
    }

    /// The file at `path` itself, not where a symbolic link points (`lstat`); nil when nothing is there.
    public init?(path: String) {
        guard let status = try? FileStatus(path: path, followingLinks: false) else { return nil }
        self.init(device: status.device, inode: status.inode)
    }

    /// The open file (`fstat`); nil when the descriptor is not open.
    public init?(_ descriptor: FileDescriptor) {
        guard let status = try? FileStatus(descriptor) else { return nil }
        self.init(device: status.device, inode: status.inode)
    }
}
