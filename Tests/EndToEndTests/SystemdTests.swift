import BoardLink
import BoardProtocol
import BoardSystem
import Foundation
import Glibc
import Testing

/// What systemd sees of `boardd`: sd_notify messages on `NOTIFY_SOCKET`, and socket activation.
@Suite struct SystemdTests {
    // MARK: NOTIFY_SOCKET

    @Test func readyReloadingAndStoppingAreSentToThePathInNotifySocket() throws {
        let sandbox = Sandbox()
        let notify = try NotifyListener(path: sandbox.path + "/notify")
        let daemon = try RunningDaemon(sandbox: sandbox, env: ["NOTIFY_SOCKET": notify.name])
        let ready = try notify.next()
        #expect(ready.hasPrefix("READY=1\n"), "\(ready)")
        #expect(ready.contains("STATUS=serving \(sandbox.socket)"))

        kill(daemon.pid, SIGHUP)
        let reloading = try notify.next()
        #expect(reloading.hasPrefix("RELOADING=1\n"), "\(reloading)")
        // systemd 253+ (Type=notify-reload) wants the CLOCK_MONOTONIC time of the reload.
        let field = reloading.split(separator: "\n").first { $0.hasPrefix("MONOTONIC_USEC=") }
        let microseconds = try #require(field.flatMap { UInt64($0.dropFirst("MONOTONIC_USEC=".count)) })
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let nowMicroseconds = UInt64(now.tv_sec) * 1_000_000 + UInt64(now.tv_nsec) / 1000
        #expect(microseconds <= nowMicroseconds && nowMicroseconds - microseconds < 10_000_000)
        #expect(try notify.next().hasPrefix("READY=1\n"))

        #expect(try daemon.stop() == 0)
        #expect(try notify.next().hasPrefix("STOPPING=1\n"))
        #expect(notify.pending() == nil, "nothing after STOPPING=1")
    }

    @Test func aReloadThatFailsStillEndsWithReady() throws {
        let sandbox = Sandbox()
        let config = sandbox.path + "/boardd.json"
        try #"{"seed": 1}"#.write(toFile: config, atomically: true, encoding: .utf8)
        let notify = try NotifyListener(path: sandbox.path + "/notify")
        let daemon = try RunningDaemon(sandbox: sandbox, extra: ["--config", config], env: ["NOTIFY_SOCKET": notify.name])
        #expect(try notify.next().hasPrefix("READY=1"))
        try #"{"seed": "one"}"#.write(toFile: config, atomically: true, encoding: .utf8)
        kill(daemon.pid, SIGHUP)
        #expect(try notify.next().hasPrefix("RELOADING=1"))
        let ready = try notify.next()
        #expect(ready.hasPrefix("READY=1"), "systemd would wait for READY=1 until its timeout")
        // Said where `systemctl status` shows it: the reload looked like a success but in the journal.
        #expect(
            ready.contains("STATUS=serving \(sandbox.socket); kept the old config: \(config): seed = \"one\""), "\(ready)")
        try daemon.stop()
    }

    @Test func anAbstractNotifySocketIsReached() throws {
        let sandbox = Sandbox()
        let notify = try NotifyListener(abstractName: "board-test-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        let daemon = try RunningDaemon(sandbox: sandbox, env: ["NOTIFY_SOCKET": notify.name])
        #expect(notify.name.hasPrefix("@"))
        #expect(try notify.next().hasPrefix("READY=1"))
        try daemon.stop()
        #expect(try notify.next().hasPrefix("STOPPING=1"))
    }

    @Test func withoutNotifySocketNothingIsSentAndAllIsWell() throws {
        let sandbox = Sandbox()
        let daemon = try RunningDaemon(sandbox: sandbox, env: ["NOTIFY_SOCKET": ""])
        kill(daemon.pid, SIGHUP)
        #expect(try sandbox.board("--json").status == 0)
        #expect(try daemon.stop() == 0)
        #expect(!daemon.logText().contains("cannot notify"))
    }

    // MARK: Socket activation

    static let socketActivate = which("systemd-socket-activate")

    /// systemd's own tool binds the socket, execs boardd on the first connection with LISTEN_FDS=1.
    @Test(.enabled(if: socketActivate != nil, "systemd-socket-activate is not installed (Debian package systemd)"))
    func systemdSocketActivateStartsTheDaemonOnTheFirstClient() throws {
        let sandbox = Sandbox()
        try FileManager.default.createDirectory(atPath: sandbox.path + "/run", withIntermediateDirectories: true)
        let notify = try NotifyListener(path: sandbox.path + "/notify")
        let log = sandbox.path + "/boardd.log"
        // systemd-socket-activate passes on only PATH, HOME, USER and TERM, and what -E names.
        let pid = try spawn(
            [
                try #require(Self.socketActivate), "-l", sandbox.socket, "-E", "NOTIFY_SOCKET=\(notify.name)",
                "-E", "XDG_CONFIG_HOME=\(sandbox.path)/config", "-E", "BOARD_SOCKET=\(sandbox.socket)",
                Binaries.boardd, "--now", "2026-11-30T12:00:00-05:00", "--speed", "0",
            ],
            environment: sandbox.environment(), stderr: log)
        defer { reap(pid) }
        // Nothing runs boardd yet; the first client starts it and is served. It connects once the socket
        // listens (bound, it refuses until then), and waits for the hello as long as a cold start under a
        // sanitizer takes (board's own 2 s is for a daemon already running).
        var connected: RawClient?
        try waitUntil("systemd-socket-activate to listen on \(sandbox.socket)", timeout: 30) {
            connected = try? RawClient(path: sandbox.socket)
            return connected != nil
        }
        let first = try #require(connected)
        #expect(try first.readLine(timeout: 30)?["type"]?.string == "hello", "the first client is greeted")
        let board = try sandbox.board("--json")
        #expect(board.status == 0, "\(board.stderr)")
        #expect(board.json?["now"]?.string == "2026-11-30T12:00:00-05:00")
        #expect(try notify.next().hasPrefix("READY=1"))
        let logged = try String(contentsOfFile: log, encoding: .utf8)
        #expect(logged.contains("serving \(sandbox.socket), passed by the service manager"), "\(logged)")
        #expect(!FileManager.default.fileExists(atPath: sandbox.socket + ".lock"), "no lock: the socket is systemd's")

        kill(pid, SIGTERM)
        #expect(try waitForExit(pid) == 0)
        // The socket belongs to the service manager: it stays for the next start.
        #expect(UnixSocket.isSocket(path: sandbox.socket) == true)
        #expect(try notify.next().hasPrefix("STOPPING=1"))
    }

    /// The protocol by hand, as systemd does it: the socket on descriptor 3, LISTEN_PID set to the
    /// daemon's pid (by a shell that then execs it), LISTEN_FDS=1.
    @Test func aListeningSocketOnDescriptorThreeIsServedAndLeftInPlace() throws {
        let sandbox = Sandbox()
        try FileManager.default.createDirectory(atPath: sandbox.path + "/run", withIntermediateDirectories: true)
        let listening = try UnixSocket.listen(path: sandbox.socket)
        defer { listening.close() }
        // An older daemon stopped on purpose left its note; served again, the note goes.
        chmod(sandbox.path + "/run", 0o700)
        let marker = sandbox.socket + ".stopped"
        #expect(FileManager.default.createFile(atPath: marker, contents: Data()))
        let log = sandbox.path + "/boardd.log"
        let pid = try spawn(
            [
                "/bin/sh", "-c", #"LISTEN_PID=$$ LISTEN_FDS=1 LISTEN_FDNAMES=boardd.socket exec "$0" "$@""#, Binaries.boardd,
                "--now", "2026-11-30T12:00:00-05:00", "--speed", "0",
            ],
            environment: sandbox.environment(), stderr: log, descriptor3: listening.rawValue)
        defer { reap(pid) }
        // Once it has started (board's 2 s for a hello is for a daemon already running, not a cold start).
        try waitUntil("boardd to answer on descriptor 3's socket", timeout: 30) {
            (try? BoardConnection(path: sandbox.socket, timeoutMilliseconds: 200)) != nil
        }
        let board = try sandbox.board("--json")
        #expect(board.status == 0, "\(board.stderr)")
        #expect(!FileManager.default.fileExists(atPath: marker), "the older daemon's stopped note is cleared")
        kill(pid, SIGTERM)
        #expect(try waitForExit(pid) == 0)
        #expect(UnixSocket.isSocket(path: sandbox.socket) == true)
    }

    @Test func aPassedDescriptorThatIsNotAListeningStreamSocketIsRefused() throws {
        let sandbox = Sandbox()
        var pair: [Int32] = [0, 0]
        #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &pair) == 0)
        defer { for fd in pair { close(fd) } }
        let log = sandbox.path + "/boardd.log"
        let pid = try spawn(
            ["/bin/sh", "-c", #"LISTEN_PID=$$ LISTEN_FDS=1 exec "$0" "$@""#, Binaries.boardd],
            environment: sandbox.environment(), stderr: log, descriptor3: pair[0])
        #expect(try waitForExit(pid) == 1)
        let logged = try String(contentsOfFile: log, encoding: .utf8)
        #expect(logged.contains("error: socket activation: descriptor 3 is not listening"), "\(logged)")
    }

    @Test func listenFdsForAnotherProcessAreIgnored() throws {
        let sandbox = Sandbox()
        // LISTEN_PID names another process (a parent that forgot to unset it): boardd binds its own socket.
        let daemon = try RunningDaemon(sandbox: sandbox, env: ["LISTEN_PID": "1", "LISTEN_FDS": "1"])
        #expect(try sandbox.board("--json").status == 0)
        #expect(try daemon.stop() == 0)
        #expect(UnixSocket.isSocket(path: sandbox.socket) == nil, "its own socket is removed as usual")
    }
}

/// A datagram socket standing in for systemd's notification socket.
final class NotifyListener {
    let descriptor: Int32
    /// The value for NOTIFY_SOCKET.
    let name: String

    convenience init(path: String) throws {
        try self.init(address: Array(path.utf8), name: path)
    }

    convenience init(abstractName: String) throws {
        try self.init(address: [0] + Array(abstractName.utf8), name: "@" + abstractName)
    }

    private init(address: [UInt8], name: String) throws {
        self.name = name
        descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        var storage = sockaddr_un()
        storage.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &storage.sun_path) { $0.copyBytes(from: address) }
        let length = socklen_t(2 + address.count + (address.first == 0 ? 0 : 1))
        let bound = withUnsafePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) }
        }
        guard descriptor >= 0, bound == 0 else { throw TimedOut(what: "binding \(name): \(SystemError.message(for: errno))") }
    }

    deinit {
        close(descriptor)
        if !name.hasPrefix("@") { unlink(name) }
    }

    /// The next datagram, waiting up to `timeout` seconds.
    func next(timeout: Int32 = 10) throws -> String {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&entry, 1, timeout * 1000) == 1 else { throw TimedOut(what: "a notification on \(name)") }
        return pending() ?? ""
    }

    /// A datagram already waiting, or nil.
    func pending() -> String? {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let n = recv(descriptor, &buffer, buffer.count, Int32(MSG_DONTWAIT))
        return n < 0 ? nil : String(decoding: buffer[..<n], as: UTF8.self)
    }
}
