import CSystemShims
import Glibc

/// Unix stream sockets: listening, connecting, accepting, and asking who is on the other end.
public enum UnixSocket {
    /// The longest path `sockaddr_un` holds.
    public static let maxPathLength = MemoryLayout.size(ofValue: sockaddr_un().sun_path) - 1

    /// Why `path` cannot name a Unix socket, `134 bytes, longer than the 107 a Unix socket takes`;
    /// nil when it can. A flag's value is checked with it as it is read, so a path too long is a
    /// usage error (2).
    public static func tooLong(_ path: String) -> String? {
        let count = path.utf8.count
        guard count > maxPathLength else { return nil }
        return "\(count) bytes, longer than the \(maxPathLength) a Unix socket takes"
    }

    /// The usage error of a `--socket` whose path is too long, as both programs say it; nil for one that fits.
    /// `name` is where the path came from: the flag, or `BOARD_SOCKET`.
    public static func flagProblem(_ path: String, name: String = "--socket") -> String? {
        tooLong(path).map { "\(name): the path is \($0); choose a shorter one" }
    }

    /// The usage error of the socket path `--socket` (`flag`) gives, else `BOARD_SOCKET`, else the
    /// default under `XDG_RUNTIME_DIR`, when too long: named where it came from.
    public static func pathProblem(flag: String?) -> String? {
        if let flag { return flagProblem(flag) }
        if let path = BoardPaths.environment("BOARD_SOCKET") { return flagProblem(path, name: "BOARD_SOCKET") }
        return tooLong(BoardPaths.defaultSocket()).map {
            "the default socket under XDG_RUNTIME_DIR is \($0); set BOARD_SOCKET to a shorter path"
        }
    }

    static func withAddress<T>(_ path: String, _ body: (UnsafePointer<sockaddr>, socklen_t) -> T) throws(SystemError) -> T {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        if let tooLong = tooLong(path) {
            throw SystemError("the socket path \(path) is \(tooLong) (choose a shorter --socket)", code: ENAMETOOLONG)
        }
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

    /// Binds and listens on `path`, the socket file created 0600: the unbound socket is given mode
    /// 0600 first, and Linux creates the file with the socket's mode less the umask. The process's
    /// umask is never changed (changing it around `bind` raced any other thread creating a file).
    public static func listen(path: String, backlog: Int32 = 512) throws(SystemError) -> FileDescriptor {
        let fd = try makeSocket()
        guard fchmod(fd.rawValue, 0o600) == 0 else {
            let error = SystemError("fchmod")
            fd.close()
            throw error
        }
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
        if result != 0, errno == EAGAIN {
            // A full backlog (a listener that stopped accepting): Linux refuses a non-blocking
            // connect with EAGAIN and leaves the socket unconnected. A blocking one waits in the
            // kernel for room, as long as SO_SNDTIMEO allows, and then is EAGAIN again: timed out.
            // A signal ends the wait (EINTR): it goes on for what is left of the deadline, not anew.
            fd.setNonBlocking(false)
            let deadline = ContinuousClock.now + .milliseconds(Int(max(1, timeoutMilliseconds)))
            var code = EAGAIN
            while true {
                let left = Int32(((deadline - .now) / .milliseconds(1)).rounded(.up))
                guard left > 0, setSendTimeout(fd, milliseconds: left) else {
                    code = EAGAIN
                    break
                }
                let waited = try withAddress(path) { address, length in Glibc.connect(fd.rawValue, address, length) }
                code = waited == 0 ? 0 : errno
                if code != EINTR { break }
            }
            guard code == 0, setSendTimeout(fd, milliseconds: 0) else {
                fd.close()
                throw SystemError("connect \(path)", code: code == EAGAIN || code == 0 ? ETIMEDOUT : code)
            }
            return fd
        }
        if result != 0 {
            let code = errno
            guard code == EINPROGRESS else {
                fd.close()
                throw SystemError("connect \(path)", code: code)
            }
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

    /// `SO_SNDTIMEO`: how long a blocking send (and a Unix socket's connect) waits; 0, for ever.
    /// False when it could not be set (then a wait would have no end: the caller does not wait).
    static func setSendTimeout(_ fd: FileDescriptor, milliseconds: Int32) -> Bool {
        var value = timeval(tv_sec: Int(milliseconds / 1000), tv_usec: Int(milliseconds % 1000) * 1000)
        return setsockopt(fd.rawValue, SOL_SOCKET, SO_SNDTIMEO, &value, socklen_t(MemoryLayout<timeval>.size)) == 0
    }

    /// A connected pair of stream sockets, both non-blocking and close-on-exec: one end for a loop to
    /// serve as it serves an accepted client, the other for whoever plays the client (a unit test).
    public static func pair() throws(SystemError) -> (FileDescriptor, FileDescriptor) {
        var fds: [Int32] = [-1, -1]
        let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue)
        guard Glibc.socketpair(AF_UNIX, type, 0, &fds) == 0 else { throw SystemError("socketpair") }
        return (FileDescriptor(fds[0]), FileDescriptor(fds[1]))
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

    /// Asks for a receive buffer of `bytes` (`SO_RCVBUF`: the kernel doubles it and keeps to its
    /// least), as a client that reads slowly, or never, has.
    public static func setReceiveBuffer(_ fd: FileDescriptor, bytes: Int32) {
        var size = bytes
        _ = setsockopt(fd.rawValue, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
    }

    /// Whether `path` exists and is a socket; nil when nothing is there.
    public static func isSocket(path: String) -> Bool? {
        guard let status = try? FileStatus(path: path, followingLinks: false) else { return nil }
        return status.kind == .socket
    }

    /// What a descriptor passed in by another program is: which family, which type, listening, bound where.
    public struct Description: Hashable, Sendable {
        /// `AF_UNIX`.
        public let isUnix: Bool
        /// `SOCK_STREAM`.
        public let isStream: Bool
        /// `SO_ACCEPTCONN`: `listen` was called on it.
        public let isListening: Bool
        /// The path it is bound to; nil for an abstract or unnamed socket (or not a socket at all).
        public let path: String?
    }

    /// Asks the kernel what `fd` is (`getsockopt`, `getsockname`); every answer is false or nil for a non-socket.
    public static func describe(_ fd: FileDescriptor) -> Description {
        func option(_ name: Int32) -> Int32? {
            var value: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            guard getsockopt(fd.rawValue, SOL_SOCKET, name, &value, &length) == 0 else { return nil }
            return value
        }
        return Description(
            isUnix: option(SO_DOMAIN) == AF_UNIX, isStream: option(SO_TYPE) == Int32(SOCK_STREAM.rawValue),
            isListening: option(SO_ACCEPTCONN) == 1, path: boundPath(fd))
    }

    private static func boundPath(_ fd: FileDescriptor) -> String? {
        var address = sockaddr_un()
        var length = socklen_t(MemoryLayout<sockaddr_un>.size)
        let got = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd.rawValue, $0, &length) }
        }
        guard got == 0 else { return nil }
        return withUnsafeBytes(of: address.sun_path) { raw in
            let bytes = Array(raw.prefix { $0 != 0 })
            return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self)
        }
    }

    /// Sends one datagram to a Unix datagram socket from a fresh, unbound socket.
    ///
    /// `address` is the raw `sun_path`: a path, or a 0 byte then a name for the
    /// abstract namespace (Linux), which is exactly its bytes long. At most
    /// `maxPathLength` bytes for a path, one more for an abstract name.
    public static func sendDatagram(_ message: [UInt8], to address: [UInt8]) throws(SystemError) {
        let isAbstract = address.first == 0
        guard address.count <= maxPathLength + (isAbstract ? 1 : 0) else { throw SystemError("socket path", code: ENAMETOOLONG) }
        let fd = Glibc.socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw SystemError("socket") }
        defer { Glibc.close(fd) }
        var storage = sockaddr_un()
        storage.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &storage.sun_path) { $0.copyBytes(from: address) }
        // A path is NUL-terminated by the zeroed storage; an abstract name is not.
        let pathOffset = MemoryLayout<sockaddr_un>.offset(of: \.sun_path) ?? 2
        let length = socklen_t(pathOffset + address.count + (isAbstract ? 0 : 1))
        let sent = withUnsafePointer(to: &storage) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { target in
                message.withUnsafeBytes { bytes in
                    retryingOnInterrupt { sendto(fd, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL), target, length) }
                }
            }
        }
        guard sent >= 0 else { throw SystemError("sendto") }
    }
}

extension SystemError {
    /// EADDRINUSE: something already exists at the path `bind` was given.
    public var isAddressInUse: Bool { code == EADDRINUSE }
}
