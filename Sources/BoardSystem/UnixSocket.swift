import CSystemShims
import Glibc

/// Unix stream sockets: listening, connecting, accepting, and asking who is on the other end.
public enum UnixSocket {
    /// The longest path `sockaddr_un` holds.
    public static let maxPathLength = MemoryLayout.size(ofValue: sockaddr_un().sun_path) - 1

    static func withAddress<T>(_ path: String, _ body: (UnsafePointer<sockaddr>, socklen_t) -> T) throws(SystemError) -> T {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count <= maxPathLength else { throw SystemError("socket path", code: ENAMETOOLONG) }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
    }

    static func makeSocket() throws(SystemError) -> FileDescriptor {
        let fd = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw SystemError("socket") }
        return FileDescriptor(fd)
    }

    /// Binds and listens on `path`, the socket file created 0600 (umask set around bind).
    public static func listen(path: String, backlog: Int32 = 512) throws(SystemError) -> FileDescriptor {
        let fd = try makeSocket()
        let oldMask = umask(0o177)
        defer { umask(oldMask) }
        let bound = try withAddress(path) { Glibc.bind(fd.rawValue, $0, $1) }
        guard bound == 0 else {
            let error = SystemError("bind \(path)")
            fd.close()
            throw error
        }
        guard Glibc.listen(fd.rawValue, backlog) == 0 else {
            let error = SystemError("listen")
            fd.close()
            throw error
        }
        fd.setNonBlocking()
        return fd
    }

    /// Connects to `path`, giving up after `timeoutMilliseconds`. The returned descriptor is blocking.
    public static func connect(path: String, timeoutMilliseconds: Int32 = 1000) throws(SystemError) -> FileDescriptor {
        let fd = try makeSocket()
        fd.setNonBlocking()
        let result = try withAddress(path) { address, length in
            retryingOnInterrupt { Glibc.connect(fd.rawValue, address, length) }
        }
        if result != 0 {
            let code = errno
            guard code == EINPROGRESS || code == EAGAIN else {
                fd.close()
                throw SystemError("connect \(path)", code: code)
            }
            // A full backlog: wait for the server to take us, up to the deadline.
            guard (try? fd.waitUntilWritable(timeoutMilliseconds: timeoutMilliseconds)) == true else {
                fd.close()
                throw SystemError("connect \(path)", code: ETIMEDOUT)
            }
            var soError: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            getsockopt(fd.rawValue, SOL_SOCKET, SO_ERROR, &soError, &length)
            if soError != 0 {
                fd.close()
                throw SystemError("connect \(path)", code: soError)
            }
        }
        fd.setNonBlocking(false)
        return fd
    }

    /// Accepts one pending connection as a non-blocking, close-on-exec descriptor; nil when none is waiting.
    public static func accept(_ listener: FileDescriptor) throws(SystemError) -> FileDescriptor? {
        let fd = retryingOnInterrupt { board_accept(listener.rawValue) }
        if fd < 0 {
            if errno == EAGAIN || errno == EWOULDBLOCK || errno == ECONNABORTED { return nil }
            throw SystemError("accept")
        }
        return FileDescriptor(fd)
    }

    /// The uid of the process on the other end (SO_PEERCRED).
    public static func peerUID(_ fd: FileDescriptor) -> uid_t? {
        let uid = board_peer_uid(fd.rawValue)
        return uid < 0 ? nil : uid_t(uid)
    }

    /// The pid of the process on the other end (SO_PEERCRED).
    public static func peerPID(_ fd: FileDescriptor) -> Int32? {
        let pid = board_peer_pid(fd.rawValue)
        return pid <= 0 ? nil : Int32(pid)
    }

    /// Whether `path` exists and is a socket; nil when nothing is there.
    public static func isSocket(path: String) -> Bool? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return (info.st_mode & S_IFMT) == S_IFSOCK
    }
}
