import BoardProtocol
import BoardSystem

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
        case .ready(let status): "READY=1\nSTATUS=\(status.escapingControlCharacters)"
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
        guard let value = Environment.value("NOTIFY_SOCKET") else { return nil }
        Environment.remove("NOTIFY_SOCKET")
        return SystemdNotifier(socket: value)
    }

    /// A notifier for `socket` (a path, or `@name` for the abstract namespace); nil when unusable.
    init?(socket: String) {
        var bytes = Array(socket.utf8)
        guard let first = bytes.first, first == UInt8(ascii: "/") || first == UInt8(ascii: "@") else { return nil }
        if first == UInt8(ascii: "@") { bytes[0] = 0 }
        // An abstract name has no terminating NUL, so it may use one byte more than a path.
        guard bytes.count <= UnixSocket.maxPathLength + (first == UInt8(ascii: "@") ? 1 : 0) else { return nil }
        address = bytes
    }

    /// Sends one notification; failure is returned, never fatal (the service manager may be gone).
    @discardableResult
    func send(_ notification: ServiceNotification) -> SystemError? {
        do { try UnixSocket.sendDatagram(Array(notification.message.utf8), to: address) } catch {
            return error.call == "sendto" ? SystemError("sendto NOTIFY_SOCKET", code: error.code) : error
        }
        return nil
    }

    /// CLOCK_MONOTONIC in microseconds, the clock systemd compares `MONOTONIC_USEC` with.
    static func monotonicMicroseconds() -> UInt64 { MonotonicClock.microseconds() }
}
