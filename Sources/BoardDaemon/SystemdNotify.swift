import BoardProtocol
import BoardSystem
import Glibc

/// What the daemon tells its service manager, in sd_notify's words.
///
/// systemd's `Type=notify` waits for `READY=1` before it calls the service
/// started; `RELOADING=1` (with `MONOTONIC_USEC`, as systemd 253 and later
/// want for `Type=notify-reload`) and a second `READY=1` bracket a reload;
/// `STOPPING=1` says shutdown has begun.
enum ServiceNotification: Equatable, Sendable {
    case ready(status: String)
    case reloading(monotonicMicroseconds: UInt64)
    case stopping

    /// The datagram: newline-separated `KEY=VALUE` assignments.
    var message: String {
        switch self {
        case .ready(let status): "READY=1\nSTATUS=\(status.replacingNewlines)"
        case .reloading(let microseconds): "RELOADING=1\nMONOTONIC_USEC=\(microseconds)\nSTATUS=reloading the config"
        case .stopping: "STOPPING=1\nSTATUS=shutting down"
        }
    }
}

/// Sends notifications to `$NOTIFY_SOCKET`, as `sd_notify(3)` does, without libsystemd.
///
/// The variable names a Unix datagram socket: a path, or an abstract name when
/// it starts with `@`. Without it (not started by systemd, or not as
/// `Type=notify`), every send does nothing.
struct SystemdNotifier {
    /// Where datagrams go: the raw `sun_path` bytes (a leading 0 for an abstract name).
    let address: [UInt8]

    /// Reads `NOTIFY_SOCKET` once and unsets it, so that nothing the daemon might start inherits it.
    static func fromEnvironment() -> SystemdNotifier? {
        guard let raw = getenv("NOTIFY_SOCKET") else { return nil }
        let value = String(cString: raw)
        unsetenv("NOTIFY_SOCKET")
        return SystemdNotifier(socket: value)
    }

    /// A notifier for `socket` (a path, or `@name` for the abstract namespace); nil when unusable.
    init?(socket: String) {
        var bytes = Array(socket.utf8)
        guard let first = bytes.first, first == UInt8(ascii: "/") || first == UInt8(ascii: "@") else { return nil }
        if first == UInt8(ascii: "@") { bytes[0] = 0 }
        guard bytes.count <= MemoryLayout.size(ofValue: sockaddr_un().sun_path) - (first == UInt8(ascii: "@") ? 0 : 1) else {
            return nil
        }
        address = bytes
    }

    /// Sends one notification; failure is returned, never fatal (the service manager may be gone).
    @discardableResult
    func send(_ notification: ServiceNotification) -> SystemError? {
        let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return SystemError("socket") }
        defer { Glibc.close(fd) }
        var storage = sockaddr_un()
        storage.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &storage.sun_path) { $0.copyBytes(from: address) }
        // An abstract name is exactly its bytes long; a path is NUL-terminated by the zeroed storage.
        let pathOffset = MemoryLayout<sockaddr_un>.offset(of: \.sun_path) ?? 2
        let length = socklen_t(pathOffset + address.count + (address.first == 0 ? 0 : 1))
        let message = Array(notification.message.utf8)
        let sent = withUnsafePointer(to: &storage) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                message.withUnsafeBytes { bytes in
                    while true {
                        let n = sendto(fd, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL), address, length)
                        if n < 0 && errno == EINTR { continue }
                        return n
                    }
                }
            }
        }
        return sent < 0 ? SystemError("sendto NOTIFY_SOCKET") : nil
    }

    /// CLOCK_MONOTONIC in microseconds, the clock systemd compares `MONOTONIC_USEC` with.
    static func monotonicMicroseconds() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt64(now.tv_sec) * 1_000_000 + UInt64(now.tv_nsec) / 1000
    }
}
