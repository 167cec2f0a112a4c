import Glibc

/// TCP stream sockets, for the one kind of peer that is reached over a network: a Redis server
/// a URL names. The daemon itself serves only its Unix socket.
public enum TCPSocket {
    /// Connects to `host:port` (a name is looked up with `getaddrinfo`; each address it gives is
    /// tried in turn) by `deadline`, and returns a non-blocking, close-on-exec descriptor with
    /// `TCP_NODELAY` (requests go out as written) and keepalives (a peer that vanished is noticed).
    ///
    /// The lookup itself is `getaddrinfo`'s, bounded by the resolver's own timeouts
    /// (`/etc/resolv.conf`), not by `deadline`; a numeric address needs none.
    public static func connect(host: String, port: Int, deadline: ContinuousClock.Instant) throws(SystemError) -> FileDescriptor {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_ADDRCONFIG
        var list: UnsafeMutablePointer<addrinfo>?
        let looked = getaddrinfo(host, String(port), &hints, &list)
        guard looked == 0, let first = list else {
            let detail = looked == EAI_SYSTEM ? SystemError.message(for: errno) : String(cString: gai_strerror(looked))
            throw SystemError("resolve \(host)", code: EHOSTUNREACH, detail: detail)
        }
        defer { freeaddrinfo(list) }
        var lastError = SystemError("connect \(host):\(port)", code: ECONNREFUSED)
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let address = entry {
            entry = address.pointee.ai_next
            do {
                return try connect(address.pointee, deadline: deadline)
            } catch {
                lastError = SystemError("connect \(host):\(port)", code: error.code)
                if error.isTimedOut { break }
            }
        }
        throw lastError
    }

    private static func connect(_ address: addrinfo, deadline: ContinuousClock.Instant) throws(SystemError) -> FileDescriptor {
        let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue)
        let raw = Glibc.socket(address.ai_family, type, address.ai_protocol)
        guard raw >= 0 else { throw SystemError("socket") }
        let fd = FileDescriptor(raw)
        if retryingOnInterrupt({ Glibc.connect(raw, address.ai_addr, address.ai_addrlen) }) != 0 {
            let code = errno
            guard code == EINPROGRESS else {
                fd.close()
                throw SystemError("connect", code: code)
            }
            let wait = Deadline.milliseconds(until: deadline)
            guard wait > 0, (try? fd.waitUntilWritable(timeoutMilliseconds: wait)) == true else {
                fd.close()
                throw SystemError("connect", code: ETIMEDOUT)
            }
            var soError: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            getsockopt(raw, SOL_SOCKET, SO_ERROR, &soError, &length)
            if soError != 0 {
                fd.close()
                throw SystemError("connect", code: soError)
            }
        }
        var on: Int32 = 1
        _ = setsockopt(raw, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
        _ = setsockopt(raw, SOL_SOCKET, SO_KEEPALIVE, &on, socklen_t(MemoryLayout<Int32>.size))
        return fd
    }

    /// Listens on the loopback address (`127.0.0.1`), on `port` or, with 0, on one the kernel
    /// chooses (`boundPort` says which): for tests that play a server.
    public static func listenOnLoopback(port: Int = 0, backlog: Int32 = 16) throws(SystemError) -> FileDescriptor {
        let raw = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard raw >= 0 else { throw SystemError("socket") }
        let fd = FileDescriptor(raw)
        var on: Int32 = 1
        _ = setsockopt(raw, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = UInt32(0x7f00_0001).bigEndian
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.bind(raw, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0 else {
            let error = SystemError("bind 127.0.0.1:\(port)")
            fd.close()
            throw error
        }
        guard Glibc.listen(raw, backlog) == 0 else {
            let error = SystemError("listen")
            fd.close()
            throw error
        }
        return fd
    }

    /// The port a TCP socket is bound to (`getsockname`); nil when it is not a bound IPv4 or IPv6 socket.
    public static func boundPort(_ fd: FileDescriptor) -> Int? {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let got = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd.rawValue, $0, &length) }
        }
        guard got == 0 else { return nil }
        switch Int32(storage.ss_family) {
        case AF_INET:
            return withUnsafeBytes(of: storage) { Int(UInt16(bigEndian: $0.load(as: sockaddr_in.self).sin_port)) }
        case AF_INET6:
            return withUnsafeBytes(of: storage) { Int(UInt16(bigEndian: $0.load(as: sockaddr_in6.self).sin6_port)) }
        default: return nil
        }
    }
}

/// Deadlines as instants of `ContinuousClock`, turned into the milliseconds `poll` waits.
public enum Deadline {
    /// Milliseconds left until `deadline`, rounded up, at most `Int32.max`; 0 once it has passed.
    public static func milliseconds(until deadline: ContinuousClock.Instant) -> Int32 {
        let left = ContinuousClock.now.duration(to: deadline)
        guard left > .zero else { return 0 }
        let (seconds, attoseconds) = left.components
        let milliseconds = seconds.multipliedReportingOverflow(by: 1000)
        guard !milliseconds.overflow else { return Int32.max }
        return Int32(clamping: milliseconds.partialValue + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000)
    }
}
