import BoardLink
import BoardProtocol
import BoardSystem
import Foundation
import Glibc
import Testing

/// A `redis-server` of one test's own: a private Unix socket and a free TCP port on the loopback
/// address, in a temporary directory, nothing saved; stopped and removed when the test is done.
///
/// Where Debian's `redis-server` is missing (`.ci/run` installs it) the suites that need it are
/// skipped, each with a note saying so (`RedisServer.isInstalled` in `.enabled(if:)`).
final class RedisServer {
    static let program = which("redis-server")
    static var isInstalled: Bool { program != nil }
    static let missingNote: Comment = "redis-server is not installed (apt-get install redis-server; .ci/run installs it)"

    let directory: String
    let socketPath: String
    let port: Int
    let password: String?
    private(set) var pid: pid_t = 0

    var unixURL: RedisURL { RedisURL(endpoint: .unix(path: socketPath)) }
    var tcpURL: RedisURL { RedisURL(endpoint: .tcp(host: "127.0.0.1", port: port)) }

    /// Starts the server (with `--requirepass` when given a password) and waits until it answers.
    init(password: String? = nil) throws {
        // Short: a socket path must fit sun_path.
        directory = "/tmp/board-redis-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
        socketPath = directory + "/redis.sock"
        port = try Self.freePort()
        self.password = password
        try start()
    }

    /// A port nothing listens on now: the kernel's choice for a socket bound and closed at once.
    static func freePort() throws -> Int {
        let probe = try TCPSocket.listenOnLoopback()
        defer { probe.close() }
        guard let port = TCPSocket.boundPort(probe) else { throw TimedOut(what: "a free port") }
        return port
    }

    /// Starts (or starts again, on the same socket and port, empty) and waits until a PING is answered.
    func start() throws {
        guard let program = Self.program else { throw TimedOut(what: "redis-server on PATH") }
        var arguments = [
            program, "--port", String(port), "--bind", "127.0.0.1", "--unixsocket", socketPath, "--unixsocketperm", "700",
            "--save", "", "--appendonly", "no", "--dir", directory, "--logfile", directory + "/redis.log",
        ]
        if let password { arguments += ["--requirepass", password] }
        pid = try spawnChild(
            arguments, environment: ProcessInfo.processInfo.environment, stdout: .devNull,
            stderr: .file(directory + "/stderr", append: true))
        try waitUntil("redis-server to answer on \(socketPath)") {
            if ChildProcess.exitStatusIfEnded(pid) != nil {
                let log = (try? String(contentsOfFile: directory + "/redis.log", encoding: .utf8)) ?? ""
                throw TimedOut(what: "redis-server, which exited: \(log.suffix(500))")
            }
            return Self.answers(socketPath)
        }
    }

    /// Whether a PING on the socket is answered (`+PONG`, or `-NOAUTH` from a server with a password).
    static func answers(_ path: String) -> Bool {
        guard let fd = try? UnixSocket.connect(path: path, timeoutMilliseconds: 100) else { return false }
        defer { fd.close() }
        guard (try? fd.writeAll(RESPCommand("PING").bytes)) != nil,
            (try? fd.waitUntilReadable(timeoutMilliseconds: 1000)) == true
        else { return false }
        var reply = [UInt8](repeating: 0, count: 64)
        guard let count = try? fd.read(into: &reply), count > 0 else { return false }
        return reply[0] == UInt8(ascii: "+") || reply[0] == UInt8(ascii: "-")
    }

    /// Stops the server (SIGTERM, then SIGKILL past 10 s) and collects it; its socket is gone after.
    func stop() throws {
        guard pid > 0 else { return }
        kill(pid, SIGTERM)
        defer {
            reap(pid)
            pid = 0
        }
        _ = try waitForExit(pid)
    }

    deinit {
        if pid > 0 { reap(pid) }
        try? FileManager.default.removeItem(atPath: directory)
    }
}
