import BoardLink
import BoardProtocol
import BoardSystem
import Foundation
import Glibc
import Synchronization
import Testing

/// A fake daemon: it serves connections one after another, answering each request line with
/// `reply(request)` (nil: no answer). With `pace`, its answers (and with `paceHello` its hello too)
/// go out a byte at a time, `pace` apart: a daemon that trickles.
final class ScriptedDaemon {
    final class Shared: Sendable {
        let stopped = Atomic<Bool>(false)
        let connections = Atomic<Int>(0)
    }

    let listener: FileDescriptor
    let shared = Shared()
    private let thread: Thread

    /// How many connections it has accepted so far.
    var connections: Int { shared.connections.load(ordering: .relaxed) }

    init(
        path: String, pace: Duration? = nil, paceHello: Bool = false,
        hello: [UInt8] = WireLine.hello(server: "boardd/fake", instance: "fake"),
        reply: @escaping @Sendable (JSON) -> [UInt8]?
    ) throws {
        try FileManager.default.createDirectory(atPath: BoardPaths.directory(of: path), withIntermediateDirectories: true)
        let listener = try UnixSocket.listen(path: path)
        self.listener = listener
        let shared = shared
        thread = Thread {
            @Sendable func write(_ bytes: [UInt8], to client: FileDescriptor, paced: Bool) -> Bool {
                guard paced, let pace else { return (try? client.writeAll(bytes)) != nil }
                for byte in bytes {
                    guard !shared.stopped.load(ordering: .relaxed), (try? client.writeAll([byte])) != nil else { return false }
                    _ = poll(nil, 0, Int32(pace / .milliseconds(1)))  // the fake daemon's own pace, not a test's wait
                }
                return true
            }
            /// Waits for `fd` to be readable until the daemon is stopped.
            @Sendable func readable(_ fd: FileDescriptor) -> Bool {
                while !shared.stopped.load(ordering: .relaxed) {
                    if (try? fd.waitUntilReadable(timeoutMilliseconds: 100)) == true { return true }
                }
                return false
            }
            // Closed by this thread once stopped, never under it: a number closed while it polls could
            // be another test's socket by the time it accepts.
            defer { listener.close() }
            while readable(listener) {
                guard let client = try? UnixSocket.accept(listener) else { continue }
                shared.connections.add(1, ordering: .relaxed)
                // Each connection on its own thread, so one that trickles holds up no other.
                Thread {
                    client.setNonBlocking(false)
                    var framer = LineFramer()
                    var buffer = [UInt8](repeating: 0, count: 65536)
                    var open = write(hello, to: client, paced: paceHello)
                    serving: while open, readable(client) {
                        guard let n = try? client.read(into: &buffer), n > 0 else { break }
                        for case .line(let line) in framer.feed(Array(buffer[..<n])) {
                            guard let request = try? JSON.parse(line) else { break serving }
                            if let answer = reply(request) { open = write(answer, to: client, paced: true) }
                            if !open { break serving }
                        }
                    }
                    client.close()
                }.start()
            }
        }
        thread.start()
    }

    deinit {
        shared.stopped.store(true, ordering: .relaxed)  // the accepting thread closes the listener
    }
}

@Suite struct ClientTrustTests {
    // MARK: Control characters from the daemon never reach the terminal

    static let title = "\u{1b}]0;pwned\u{07}"
    static let clear = "\u{1b}[2J"

    /// A recorded reply (from Fuzz/corpus/replies) with hostile text in every name a person reads.
    static func poisoned(_ file: String) throws -> JSON {
        let recorded = try String(contentsOfFile: HostileDaemonTests.corpus + "/" + file, encoding: .utf8)
        let result = try #require(try JSON.parse(recorded.split(separator: "\n")[0].utf8)["result"])
        return poison(result)
    }

    static func poison(_ value: JSON) -> JSON {
        switch value {
        case .array(let items): return .array(items.map(poison))
        case .object(let pairs):
            return .object(
                pairs.map { key, item in
                    if ["name", "otherAirport", "flightName", "code"].contains(key), let text = item.string {
                        return (key, .string(title + text + clear))
                    }
                    return (key, poison(item))
                })
        default: return value
        }
    }

    /// A fake daemon that answers every method with a poisoned board or flight, and `show 1` with a poisoned error.
    static func hostileDaemon(_ sandbox: Sandbox) throws -> ScriptedDaemon {
        let board = try poisoned("board")
        let details = try poisoned("details")
        return try ScriptedDaemon(path: sandbox.socket) { request in
            let id = request["id"] ?? .null
            switch request["method"]?.string {
            case "board.get", "board.watch": return WireLine.result(id: id, board)
            case "flight.get" where request["params"]?["id"]?.int == 1:
                return WireLine.error(id: id, WireError(.notFound, "No flight 1 \(title)\(clear) here."))
            default: return WireLine.result(id: id, details)
            }
        }
    }

    static func expectNoControlSequences(_ result: ProcessResult, _ what: String) {
        for (name, text) in [("stdout", result.stdout), ("stderr", result.stderr)] {
            #expect(!text.utf8.contains(0x1B) && !text.utf8.contains(0x07), "\(what) \(name): \(text.debugDescription)")
        }
    }

    @Test(arguments: [["--color", "never"], ["--color", "never", "show", "8087"], ["--color", "never", "status"]])
    func oneShotOutputCarriesNoEscapeFromTheDaemon(arguments: [String]) throws {
        let sandbox = Sandbox()
        let fake = try Self.hostileDaemon(sandbox)
        // The status line gives up past its budget (offline), which a loaded machine can overrun.
        let result =
            arguments.last == "status"
            ? try statusOnline { try sandbox.board(arguments: arguments) } : try sandbox.board(arguments: arguments)
        #expect(result.status == 0, "\(result.stderr)")
        Self.expectNoControlSequences(result, arguments.joined(separator: " "))
        #expect(result.stdout.contains("\u{FFFD}"), "the names are shown, marked where the daemon put controls")
        _ = fake
    }

    @Test func jsonOutputStaysValidJSONWithoutTheControls() throws {
        let sandbox = Sandbox()
        let fake = try Self.hostileDaemon(sandbox)
        let result = try sandbox.board("--json")
        #expect(result.status == 0, "\(result.stderr)")
        let json = try #require(result.json, "valid JSON: \(result.stdout)")
        #expect(json["airport"]?["name"]?.string?.contains("\u{FFFD}]0;pwned\u{FFFD}") == true)
        #expect(!result.stdout.contains("\\u001b") && !result.stdout.contains("\\u0007"))
        _ = fake
    }

    @Test func theDaemonsErrorMessageCarriesNoEscape() throws {
        let sandbox = Sandbox()
        let fake = try Self.hostileDaemon(sandbox)
        let result = try sandbox.board("--color", "never", "show", "1")
        #expect(result.status == 4, "\(result.stderr)")
        #expect(result.stderr.contains("no flight 1"), "\(result.stderr)")
        Self.expectNoControlSequences(result, "show 1")
        _ = fake
    }

    @Test func watchNotOnATerminalCarriesNoEscape() throws {
        let sandbox = Sandbox()
        let fake = try Self.hostileDaemon(sandbox)
        let outputPath = sandbox.path + "/watch.out"
        let output = open(outputPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        #expect(output >= 0)
        let watch = try StartedProcess(
            [Binaries.board, "--color", "never", "watch"], environment: sandbox.environment(), standardOutput: output)
        close(output)
        try waitUntil("a board from board watch", timeout: 10) {
            ((try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "").contains("pwned")
        }
        kill(watch.pid, SIGTERM)
        let (_, result) = try watch.finish(timeout: 10)
        let printed = try String(contentsOfFile: outputPath, encoding: .utf8)
        Self.expectNoControlSequences(ProcessResult(status: result.status, stdout: printed, stderr: result.stderr), "watch")
        _ = fake
    }

    // MARK: A socket someone else made is refused

    @Test func aSocketInADirectoryOthersCanWriteIsRefusedAndNoDaemonStarted() throws {
        let sandbox = Sandbox()
        let directory = sandbox.path + "/open"
        let fake = try ScriptedDaemon(path: directory + "/boardd.sock") { WireLine.result(id: $0["id"] ?? .null, [:]) }
        chmod(directory, 0o777)
        let result = try sandbox.board("--json", autostart: true, env: ["BOARD_SOCKET": directory + "/boardd.sock"])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(
            result.stderr.contains(
                "refusing to connect to \(directory)/boardd.sock: other users can write to its directory \(directory)"),
            "\(result.stderr)")
        #expect(fake.connections == 0, "never connected")
        #expect(!FileManager.default.fileExists(atPath: directory + "/boardd.sock.lock"), "no daemon was started there")
    }

    /// A status line whose daemon is there but will not serve it says why, not "offline" (which sends
    /// its reader to start a daemon that runs), and starts none; waybar's tooltip says what to do.
    @Test func theStatusLineSaysWhyADaemonThatIsThereWillNotServeIt() throws {
        let sandbox = Sandbox()
        let newer = WireLine.line(["type": "hello", "protocol": 99, "server": "boardd/next", "instance": "x"])
        let fake = try ScriptedDaemon(path: sandbox.socket, hello: newer) { WireLine.result(id: $0["id"] ?? .null, [:]) }
        let line = try sandbox.board("status", autostart: true)
        #expect(line.stdout == "board: version mismatch\n", "\(line.stdout)")
        let waybar = try JSON.parse(Array(try sandbox.board("status", "--waybar", autostart: true).stdout.utf8))
        #expect(waybar["class"]?.string == "offline")
        #expect(waybar["tooltip"]?.string?.contains("run matching versions of board and boardd") == true, "\(waybar)")
        #expect(!FileManager.default.fileExists(atPath: sandbox.socket + ".lock"), "no daemon was started")
        _ = fake

        let directory = sandbox.path + "/open"
        let open = try ScriptedDaemon(path: directory + "/boardd.sock") { WireLine.result(id: $0["id"] ?? .null, [:]) }
        chmod(directory, 0o777)
        let untrusted = try sandbox.board("status", autostart: true, env: ["BOARD_SOCKET": directory + "/boardd.sock"])
        #expect(untrusted.stdout == "board: socket not trusted\n", "\(untrusted.stdout)")
        #expect(open.connections == 0, "never connected")
        #expect(!FileManager.default.fileExists(atPath: directory + "/boardd.sock.lock"), "no daemon was started there")
    }

    @Test(.enabled(if: getuid() == 0, "needs root to give a directory away"))
    func aDirectoryAnotherUserMadeFirstIsRefusedNamingTheOwner() throws {
        let sandbox = Sandbox()
        let directory = sandbox.path + "/board-\(getuid())"
        // Another user (65534) got there first, as with /tmp/board-UID when XDG_RUNTIME_DIR is unset.
        let fake = try ScriptedDaemon(path: directory + "/boardd.sock") { WireLine.result(id: $0["id"] ?? .null, [:]) }
        chmod(directory, 0o700)
        chown(directory, 65534, 65534)
        chown(directory + "/boardd.sock", 65534, 65534)
        for arguments in [["--json"], ["pin", "8087"], ["watch"]] {
            let result = try sandbox.board(
                arguments: arguments, autostart: true, env: ["BOARD_SOCKET": directory + "/boardd.sock"])
            #expect(result.status == 1, "\(arguments): \(result.stderr)")
            #expect(
                result.stderr.contains("its directory \(directory) belongs to uid 65534, not to you (uid 0) or root"),
                "\(result.stderr)")
            #expect(result.stdout.isEmpty)
        }
        #expect(fake.connections == 0, "nothing was sent to them, not even a hello read")
    }

    @Test(.enabled(if: getuid() == 0, "needs root to give a directory away"))
    func aSocketOfAnotherUserInASharedStickyDirectoryIsRefused() throws {
        let sandbox = Sandbox()
        let directory = sandbox.path + "/sticky"
        let fake = try ScriptedDaemon(path: directory + "/boardd.sock") { WireLine.result(id: $0["id"] ?? .null, [:]) }
        chmod(directory, 0o1777)
        chown(directory + "/boardd.sock", 65534, 65534)
        let result = try sandbox.board("--json", env: ["BOARD_SOCKET": directory + "/boardd.sock"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("\(directory)/boardd.sock belongs to uid 65534"), "\(result.stderr)")
        #expect(fake.connections == 0)
    }

    /// The path passes the check (root's directory and socket) but the process listening is uid
    /// 65534's, as when a directory above it is swapped between the check and the connect: the
    /// client refuses once connected (`SO_PEERCRED`), before it reads a hello or sends a request.
    @Test(.enabled(if: getuid() == 0 && access("/usr/bin/setpriv", X_OK) == 0, "needs root and setpriv"))
    func aListenerOfAnotherUserBehindATrustedPathIsRefused() throws {
        let sandbox = Sandbox()
        let theirs = sandbox.path + "/theirs"
        try FileManager.default.createDirectory(atPath: theirs, withIntermediateDirectories: true)
        chmod(sandbox.path, 0o755)
        chown(theirs, 65534, 65534)
        let script = """
            import socket, sys
            s = socket.socket(socket.AF_UNIX); s.bind('\(theirs)/s.sock'); s.listen(8)
            print('listening', flush=True)
            c, _ = s.accept()
            try: c.sendall(b'{"hello":{"protocol":1,"server":"boardd","instance":"x"}}\\n')
            except OSError: pass
            c.settimeout(2)
            # A close with our hello unread reaches us as a reset: closed, and no request read.
            try: print('got', repr(c.recv(4096)), flush=True)
            except ConnectionResetError: print("got b'' (reset)", flush=True)
            except Exception as e: print('got nothing:', repr(e), flush=True)
            """
        let listener = try StartedProcess(
            ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "/usr/bin/env", "python3", "-c", script],
            environment: sandbox.environment())
        try waitUntil("uid 65534's socket", timeout: 10) { access(theirs + "/s.sock", F_OK) == 0 }
        let socket = sandbox.path + "/run/boardd.sock"
        try FileManager.default.createDirectory(atPath: sandbox.path + "/run", withIntermediateDirectories: true)
        chmod(sandbox.path + "/run", 0o700)
        #expect(rename(theirs + "/s.sock", socket) == 0)
        chown(socket, 0, 0)
        let result = try sandbox.board("--json", env: ["BOARD_SOCKET": socket])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(
            result.stderr.contains("refusing to connect to \(socket): the process listening there runs as uid 65534"),
            "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        let heard = try listener.finish(timeout: 10).result
        #expect(heard.stdout.contains("got b''"), "closed without a request: \(heard.stdout) \(heard.stderr)")
    }

    // MARK: Deadlines cover whole exchanges

    /// A daemon whose connection queue is full (one stopped while status bars kept connecting; here
    /// a listener of a one-connection queue that never accepts, so that the test holds few
    /// descriptors): `board` waits its connect deadline and says the daemon did not answer (exit 3).
    /// It said another user's process was listening and to remove the socket (exit 1).
    @Test func aDaemonWhoseConnectionQueueIsFullDidNotAnswerAndIsNoStranger() throws {
        let sandbox = Sandbox()
        try FileManager.default.createDirectory(atPath: sandbox.path + "/run", withIntermediateDirectories: true)
        let hung = try UnixSocket.listen(path: sandbox.socket, backlog: 1)
        defer { hung.close() }
        var queued: [FileDescriptor] = []
        defer { for socket in queued { socket.close() } }
        // Each connect is queued at once until the queue is full; then one waits its 50 ms and fails.
        while queued.count < 20, let socket = try? UnixSocket.connect(path: sandbox.socket, timeoutMilliseconds: 50) {
            queued.append(socket)
        }
        #expect(!queued.isEmpty && queued.count < 20, "the queue filled: \(queued.count)")
        let result = try sandbox.board("clock", timeout: 30)
        #expect(result.status == 3, "\(result.stderr)")
        #expect(result.stderr.contains("did not answer in time"), "\(result.stderr)")
        #expect(!result.stderr.contains("refusing to connect"), "\(result.stderr)")
    }

    /// A board reply a byte every half second takes minutes; `board` gives up at its 5 s reply deadline.
    @Test func aDaemonThatTricklesItsReplyEndsBoardWithinTheDeadline() throws {
        let sandbox = Sandbox()
        let board = try Self.poisoned("board")
        let fake = try ScriptedDaemon(path: sandbox.socket, pace: .milliseconds(500)) {
            WireLine.result(id: $0["id"] ?? .null, board)
        }
        let start = ContinuousClock.now
        let result = try sandbox.board("--json", timeout: 30)
        let took = ContinuousClock.now - start
        #expect(result.status == 3, "\(result.stderr)")
        #expect(result.stderr.contains("did not answer in time"), "\(result.stderr)")
        // It may be busy (a cold search of a large window), so a restart is the advice if it stays silent.
        // Started again on the socket it serves: BOARD_SOCKET names it, as it does for boardd.
        #expect(
            result.stderr.contains("try again, and if it stays silent, restart it (kill it, then run 'boardd')"),
            "\(result.stderr)")
        // Read by read, the trickle would take minutes; the margin is for a machine slowed by a sanitizer.
        #expect(took < .seconds(20), "the 5 s reply deadline and a margin: \(took)")
        _ = fake
    }

    /// A silent daemon on a socket `--socket` named is to be restarted on that socket: a plain
    /// `boardd` would serve BOARD_SOCKET's (or the default).
    @Test func aSilentDaemonsRestartAdviceNamesTheSocketGiven() throws {
        let sandbox = Sandbox()
        let board = try Self.poisoned("board")
        let elsewhere = sandbox.path + "/other.sock"
        let fake = try ScriptedDaemon(path: elsewhere, pace: .milliseconds(500)) {
            WireLine.result(id: $0["id"] ?? .null, board)
        }
        let given = try sandbox.board("--json", "--socket", elsewhere, timeout: 30)
        #expect(given.status == 3, "\(given.stderr)")
        #expect(
            given.stderr.contains("restart it (kill it, then run 'boardd --socket \(elsewhere)')"),
            "a plain boardd would serve BOARD_SOCKET, not --socket's: \(given.stderr)")
        _ = fake
    }

    @Test func aDaemonThatTricklesItsHelloEndsBoardWithinTheConnectDeadline() throws {
        let sandbox = Sandbox()
        let fake = try ScriptedDaemon(path: sandbox.socket, pace: .milliseconds(500), paceHello: true) { _ in nil }
        let start = ContinuousClock.now
        let result = try sandbox.board("--json", timeout: 30)
        let took = ContinuousClock.now - start
        #expect(result.status == 3, "\(result.stderr)")
        // Read by read, the hello would take half a minute; the margin is for a machine slowed by a sanitizer.
        #expect(took < .seconds(15), "the 2 s connect deadline and a margin: \(took)")
        _ = fake
    }

    /// Not on a terminal, `board watch` waits for pushed boards without a limit, but a begun line must end
    /// within `BoardConnection.lineLimit`: a trickling daemon is treated as gone, and board reconnects.
    @Test func watchTreatsATricklingDaemonAsGoneAndReconnects() throws {
        let sandbox = Sandbox()
        let board = try Self.poisoned("board")
        let fake = try ScriptedDaemon(path: sandbox.socket, pace: .milliseconds(500)) {
            WireLine.result(id: $0["id"] ?? .null, board)
        }
        let watch = try StartedProcess([Binaries.board, "watch"], environment: sandbox.environment())
        try waitUntil("board watch to give up on the trickle and connect again", timeout: 15) { fake.connections >= 2 }
        kill(watch.pid, SIGTERM)
        let (_, result) = try watch.finish(timeout: 10)
        #expect(result.stderr.contains("the daemon went away; reconnecting"), "\(result.stderr)")
    }
}

/// Pins are capped where they are made: `board pin` refuses the 1,001st, and a state file holding more
/// (edited by hand) still gives working commands.
@Suite(.sharedDaemon) struct PinCapEndToEndTests {
    static func writeState(_ user: BoardUser, pins count: Int) throws {
        let pins = (1...count).map { id -> JSON in
            ["id": .int(100_000 + id), "designator": .string("Test \(id)"), "date": "2026-11-30"]
        }
        let state: JSON = ["schema": 1, "tab": "all", "lastViewed": .null, "pins": .array(pins), "liveView": .null]
        try FileManager.default.createDirectory(atPath: user.sandbox.stateDirectory, withIntermediateDirectories: true)
        try Data(state.bytes).write(to: URL(fileURLWithPath: user.stateFile))
    }

    @Test func pinningPastTheLimitIsRefusedAndTheStateKept() throws {
        let user = try BoardUser.ofSharedDaemon()
        try Self.writeState(user, pins: PinnedParam.limit)
        let before = try Data(contentsOf: URL(fileURLWithPath: user.stateFile))
        let flight = try #require(try user.lookup().first)
        let result = try user.board("pin", String(flight.id))
        #expect(result.status == 1, "\(result.stderr)")
        #expect(
            result.stderr.contains("1000 flights are pinned, and 1000 is the most; 'board unpin FLIGHT' removes one"),
            "\(result.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: user.stateFile)) == before, "the state is untouched")
        // Every command still works with the limit reached.
        #expect(try user.board("--json").status == 0)
        #expect(try user.board("unpin", "100001").status == 0)
        #expect(try user.board("pin", String(flight.id)).status == 0, "one unpinned, one more fits")
    }

    @Test func aStateFileWithTooManyPinsSendsTheLimitAndWarnsOnce() throws {
        let user = try BoardUser.ofSharedDaemon()
        try Self.writeState(user, pins: 1500)
        let board = try user.board("--json")
        #expect(board.status == 0, "\(board.stderr)")
        #expect(board.stderr.components(separatedBy: "warning").count == 2, "one warning: \(board.stderr)")
        #expect(board.stderr.contains("holds 1500 pins, more than the 1000 the daemon takes"), "\(board.stderr)")
        let flight = try #require(board.json?["flights"]?.array?.first?["id"]?.int)
        #expect(try user.board("show", String(flight)).status == 0)
        #expect(try user.board("soonest").status != 2)
        #expect(try user.board("search", "a").status == 0)
    }
}
