import BoardLink
import BoardProtocol
import BoardSystem
import Foundation
import Glibc
import Testing

/// The daemon holds under bad input, hostile clients and faults; every guarantee of docs/RELIABILITY.md.
@Suite struct ReliabilityTests {
    // MARK: Who may connect

    @Test func theSocketDirectoryIsPrivateAndTheSocketIsOwnerOnly() throws {
        let sandbox = Sandbox()
        let daemon = try RunningDaemon(sandbox: sandbox, socket: sandbox.path + "/deep/er/boardd.sock")
        var info = stat()
        #expect(stat(sandbox.path + "/deep/er", &info) == 0)
        #expect(info.st_mode & 0o777 == 0o700)
        #expect(lstat(daemon.socket, &info) == 0)
        #expect(info.st_mode & 0o777 == 0o600)
        try daemon.stop()
    }

    /// Even started with umask 0 (everything it creates open to all), the socket is 0600 from the start.
    @Test func theSocketIsOwnerOnlyUnderAnyUmask() throws {
        let sandbox = Sandbox()
        let socket = sandbox.path + "/run/boardd.sock"
        let daemon = try StartedProcess(
            [
                "/bin/sh", "-c", #"umask 0 && exec "$0" --socket "$1" --now 2026-11-30T12:00:00-05:00 --speed 0"#,
                Binaries.boardd, socket,
            ],
            environment: sandbox.environment())
        try waitUntil("the socket") { FileManager.default.fileExists(atPath: socket) }
        var info = stat()
        #expect(lstat(socket, &info) == 0)
        #expect(info.st_mode & 0o777 == 0o600, "mode \(String(info.st_mode & 0o777, radix: 8))")
        kill(daemon.pid, SIGTERM)
        _ = try daemon.finish()
    }

    @Test func aDirectoryOthersCanWriteIsRefused() throws {
        let sandbox = Sandbox()
        let directory = sandbox.path + "/shared"
        mkdir(directory, 0o777)
        chmod(directory, 0o777)
        let result = try run(Binaries.boardd, ["--socket", directory + "/boardd.sock"], environment: sandbox.environment())
        #expect(result.status != 0)
        #expect(result.stderr.contains("other users can write"))
        #expect(!result.stderr.contains("chmod"), "never advises loosening permissions")
        var info = stat()
        #expect(stat(directory, &info) == 0 && info.st_mode & 0o777 == 0o777, "the directory is left as it was")
    }

    @Test(.enabled(if: getuid() == 0, "needs root to give a directory away")) func aDirectoryOwnedBySomeoneElseIsRefused() throws
    {
        let sandbox = Sandbox()
        let directory = sandbox.path + "/theirs"
        mkdir(directory, 0o700)
        chown(directory, 65534, 65534)
        let result = try run(Binaries.boardd, ["--socket", directory + "/boardd.sock"], environment: sandbox.environment())
        #expect(result.status != 0)
        #expect(result.stderr.contains("belongs to uid 65534"))
    }

    @Test(.enabled(if: getuid() == 0 && access("/usr/bin/setpriv", X_OK) == 0, "needs root and setpriv"))
    func aPeerWithAnotherUIDIsRefused() throws {
        let sandbox = Sandbox()
        let daemon = try RunningDaemon(sandbox: sandbox)
        // Open the way on purpose, so that only SO_PEERCRED stands between uid 65534 and the daemon.
        chmod(sandbox.path, 0o755)
        chmod(sandbox.path + "/run", 0o755)
        chmod(daemon.socket, 0o777)
        let script = """
            import socket
            data = b''
            try:
                s = socket.socket(socket.AF_UNIX); s.settimeout(3); s.connect('\(daemon.socket)')
                print('connected')
                s.sendall(b'{"id":1,"method":"ping"}\\n')
                while True:
                    chunk = s.recv(4096)
                    if not chunk: break
                    data += chunk
            except Exception as e:
                pass
            print(repr(data))
            """
        let result = try run(
            "/usr/bin/setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups", "/usr/bin/env", "python3", "-c", script],
            environment: sandbox.environment())
        #expect(
            result.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "connected\nb''",
            "connected (the way is open), then refused without a word: \(result.stdout) \(result.stderr)")
        // The owner is still served.
        #expect(try sandbox.board("--json").status == 0)
        try daemon.stop()
    }

    // MARK: One daemon per socket

    @Test func aSecondDaemonOnALiveSocketRefusesAndLeavesTheFirstAlone() throws {
        let sandbox = Sandbox()
        let daemon = try RunningDaemon(sandbox: sandbox)
        let second = try run(Binaries.boardd, ["--socket", daemon.socket], environment: sandbox.environment(), timeout: 10)
        #expect(second.status == 1)
        #expect(second.stderr.contains("already serving"))
        #expect(try sandbox.board("--json").status == 0, "the first still answers")
        try daemon.stop()
    }

    @Test func aStaleSocketLeftByKillNineIsReplaced() throws {
        let sandbox = Sandbox()
        let first = try RunningDaemon(sandbox: sandbox)
        try first.stop(signal: SIGKILL)
        #expect(UnixSocket.isSocket(path: sandbox.socket) == true, "kill -9 leaves the socket behind")
        let second = try RunningDaemon(sandbox: sandbox)
        #expect(try sandbox.board("--json").status == 0)
        try second.stop()
    }

    @Test func aPathThatIsNotASocketIsNeverRemoved() throws {
        let sandbox = Sandbox()
        try FileManager.default.createDirectory(atPath: sandbox.path + "/run", withIntermediateDirectories: true)
        chmod(sandbox.path + "/run", 0o700)
        try "precious".write(toFile: sandbox.socket, atomically: false, encoding: .utf8)
        let result = try run(Binaries.boardd, ["--socket", sandbox.socket], environment: sandbox.environment())
        #expect(result.status == 1)
        #expect(result.stderr.contains("is not a socket"))
        #expect(try String(contentsOfFile: sandbox.socket, encoding: .utf8) == "precious")
        // Nor is a lock left beside it, by the daemon or by a client that autostarts one on it (a
        // mistyped --socket ~/.bashrc; as root, /etc/passwd.lock would stop useradd).
        #expect(!FileManager.default.fileExists(atPath: sandbox.socket + ".lock"), "a lock beside a file that is not a socket")
        let client = try sandbox.board("clock", autostart: true, timeout: 10)
        #expect(client.status == 3, "\(client.stderr)")
        try FileManager.default.createDirectory(atPath: sandbox.path + "/run/dir", withIntermediateDirectories: true)
        let directory = try run(Binaries.boardd, ["--socket", sandbox.path + "/run/dir"], environment: sandbox.environment())
        #expect(directory.status == 1 && directory.stderr.contains("is not a socket"), "\(directory.stderr)")
        let left = try FileManager.default.contentsOfDirectory(atPath: sandbox.path + "/run").sorted()
        #expect(left == [String(sandbox.socket.split(separator: "/").last!), "dir"], "\(left)")
    }

    // MARK: Limits

    @Test func aLineOverSixtyFourKiBGetsTooLargeThenClose() throws {
        let sandbox = Sandbox()
        let daemon = try RunningDaemon(sandbox: sandbox)
        let client = try RawClient(path: daemon.socket)
        _ = try client.readLine()  // hello
        try client.send([UInt8](repeating: UInt8(ascii: "x"), count: 64 * 1024 + 1))
        let lines = try client.readUntilClosed()
        #expect(lines.count == 1)
        #expect(lines.first?["error"]?["code"]?.string == "tooLarge")
        #expect(try sandbox.board("--json").status == 0, "the daemon is unaffected")
        try daemon.stop()
    }

    @Test func aLineOfExactlySixtyFourKiBIsRead() throws {
        let sandbox = Sandbox()
        let daemon = try RunningDaemon(sandbox: sandbox)
        let client = try RawClient(path: daemon.socket)
        _ = try client.readLine()
        let prefix = "{\"id\":1,\"method\":\"ping\",\"params\":{\"pad\":\""
        let suffix = "\"}}"
        let padding = String(repeating: "a", count: 64 * 1024 - prefix.utf8.count - suffix.utf8.count)
        try client.send(prefix + padding + suffix + "\n")
        #expect(try client.readLine()?["result"]?["pong"]?.bool == true)
        try daemon.stop()
    }

    /// Every kind of bad request and its code is checked without a socket in `BadRequestTests`; here, that the
    /// server answers each kind of failure (unreadable, unknown, not found) and keeps the connection open.
    @Test(arguments: [
        ("not json\n", "badRequest"),
        ("{\"id\":1,\"method\":\"board.get\",\"params\":{\"text\":\"\u{FF}\"}}\n", "badRequest"),
        ("{\"id\":2,\"method\":\"launch.rockets\"}\n", "unknownMethod"),
        ("{\"id\":6,\"method\":\"flight.get\",\"params\":{\"id\":1}}\n", "notFound"),
    ])
    func badRequestsGetAnErrorAndKeepTheConnection(line: String, code: String) throws {
        let sandbox = Sandbox()
        let daemon = try RunningDaemon(sandbox: sandbox)
        let client = try RawClient(path: daemon.socket)
        _ = try client.readLine()
        var bytes = Array(line.utf8)
        if line.contains("\u{FF}") {
            // A raw 0xFF byte: not UTF-8.
            bytes = Array("{\"id\":1,\"method\":\"board.get\",\"params\":{\"tab\":\"".utf8) + [0xFF, 0xFE] + Array("\"}}\n".utf8)
        }
        try client.send(bytes)
        let reply = try #require(try client.readLine())
        #expect(reply["error"]?["code"]?.string == code, "\(reply.text)")
        #expect((reply["error"]?["message"]?.string ?? "").count > 10)
        try client.send("{\"id\":99,\"method\":\"ping\"}\n")
        #expect(try client.readLine()?["id"]?.int == 99, "the connection stays open")
        try daemon.stop()
    }

    @Test func aPartialLineThatNeverFinishesIsClosedAfterTheTimeout() throws {
        let sandbox = Sandbox()
        let daemon = try RunningDaemon(sandbox: sandbox, extra: ["--request-timeout", "0.5"])
        let client = try RawClient(path: daemon.socket)
        _ = try client.readLine()
        try client.send("{\"id\":1,\"meth")
        #expect(try client.readUntilClosed(timeout: 5).isEmpty, "closed, not answered")
        #expect(try sandbox.board("--json").status == 0)
        try daemon.stop()
    }

    @Test func moreClientsThanTheLimitGetTooManyClients() throws {
        let sandbox = Sandbox()
        let daemon = try RunningDaemon(sandbox: sandbox, extra: ["--max-clients", "3"])
        // Fill the three places. A connection that closed a moment ago (the harness's readiness probe, held
        // open a little longer by a process another test is spawning) may still count: wait it out.
        var held: [RawClient] = []
        try waitUntil("three clients served", timeout: 10) {
            let client = try RawClient(path: daemon.socket)
            if try client.readLine()?["type"]?.string == "hello" { held.append(client) }
            return held.count == 3
        }
        try withExtendedLifetime(held) {
            let extra = try RawClient(path: daemon.socket)
            let refused = try extra.readUntilClosed()
            #expect(refused.first?["error"]?["code"]?.string == "tooManyClients")
            let board = try sandbox.board("--json")
            #expect(board.status == 1, "\(board.stdout.prefix(200)) \(board.stderr)")
            #expect(board.stderr.contains("limit of 3 clients"))
            // The status line says the daemon is busy, not offline, and its waybar tooltip why.
            #expect(try sandbox.board("status").stdout == "board: busy\n")
            let waybar = try JSON.parse(Array(try sandbox.board("status", "--waybar").stdout.utf8))
            #expect(waybar["tooltip"]?.string?.contains("limit of 3 clients") == true, "\(waybar)")
        }
        try daemon.stop()
    }

    /// A client that will not read: connected with a receive buffer as small as it gets.
    static func clientThatWillNotRead(_ daemon: RunningDaemon) throws -> FileDescriptor {
        let stuck = try UnixSocket.connect(path: daemon.socket)
        var small: Int32 = 2048
        setsockopt(stuck.rawValue, SOL_SOCKET, SO_RCVBUF, &small, socklen_t(MemoryLayout<Int32>.size))
        return stuck
    }

    /// Whether the daemon hung up on `client`, waiting up to `milliseconds`, without reading from it.
    static func isHungUp(_ client: FileDescriptor, waiting milliseconds: Int32 = 0) -> Bool {
        var entry = pollfd(fd: client.rawValue, events: 0, revents: 0)
        return poll(&entry, 1, milliseconds) == 1 && entry.revents & Int16(POLLHUP) != 0
    }

    @Test func aWatcherThatStopsReadingIsDroppedAndOthersCarryOn() throws {
        let sandbox = Sandbox()
        let daemon = try RunningDaemon(sandbox: sandbox, extra: ["--stall-timeout", "1"])
        let stuck = try Self.clientThatWillNotRead(daemon)
        defer { stuck.close() }
        try stuck.writeAll(WireLine.line(WireRequest(id: 1, method: .boardWatch).json))
        let healthy = try BoardConnection(path: daemon.socket)
        let id = healthy.send(.boardWatch)
        while try healthy.readMessage(timeoutMilliseconds: 5000)["id"]?.int != id {}
        let control = try BoardConnection(path: daemon.socket)
        // Keep the clock moving until the daemon drops the stuck watcher: its socket reports a hang-up
        // (checked without reading, so it stays stuck).
        var seq = 0
        try waitUntil("the stuck watcher to be dropped", timeout: 90) {
            _ = try control.call(.clockAdvance, ["minutes": 1])
            let event = try healthy.readMessage(timeoutMilliseconds: 5000)
            #expect(event["seq"]?.int == seq + 1, "the healthy watcher gets every board")
            seq = event["seq"]?.int ?? seq
            return Self.isHungUp(stuck)
        }
        try daemon.stop()
    }

    /// A client that pipelines past its queue's limit (its reading paused) and then stops reading
    /// is closed at the stall timeout too: it was skipped as "paused", and held its megabytes forever.
    @Test func aClientThatPipelinesPastItsQueueAndStopsReadingIsDropped() throws {
        let sandbox = Sandbox()
        let daemon = try RunningDaemon(sandbox: sandbox, extra: ["--stall-timeout", "1"])
        let stuck = try Self.clientThatWillNotRead(daemon)
        defer { stuck.close() }
        // 40 searches of about 90 KB each: far past the 1 MiB a client may have queued.
        let search = WireLine.line(WireRequest(id: 1, method: .search, params: ["text": "a"]).json)
        try stuck.writeAll(Array((0..<40).map { _ in search }.joined()))
        try waitUntil("the stuck client to be dropped", timeout: 30) { Self.isHungUp(stuck, waiting: 100) }
        #expect(daemon.logText().contains("closing a client that stopped reading"), "\(daemon.logText())")
        #expect(try sandbox.board("--json").status == 0)
        try daemon.stop()
    }

    /// A last line the client ends its sending after, without a newline, is answered (it was
    /// dropped without a word): `printf '{"id":1,"method":"ping"}' | socat - UNIX-CONNECT:PATH`.
    @Test func aLastLineWithoutANewlineBeforeTheClientsEndIsAnswered() throws {
        let sandbox = Sandbox()
        let daemon = try RunningDaemon(sandbox: sandbox)
        let client = try RawClient(path: daemon.socket)
        #expect(try client.readLine()?["type"]?.string == "hello")
        try client.send(#"{"id":1,"method":"ping"}"# + "\n" + #"{"id":2,"method":"ping"}"#)
        _ = shutdown(client.descriptor.rawValue, Int32(SHUT_WR))
        let replies = try client.readUntilClosed()
        #expect(replies.map { $0["id"]?.int } == [1, 2], "\(replies)")
        #expect(replies.allSatisfy { $0["result"] != nil })
        try daemon.stop()
    }

    @Test func aClientVanishingMidReplyDoesNotHurtTheDaemon() throws {
        let sandbox = Sandbox()
        let daemon = try RunningDaemon(sandbox: sandbox)
        for _ in 0..<20 {
            let client = try RawClient(path: daemon.socket)
            try client.send(String(repeating: "{\"id\":1,\"method\":\"search\",\"params\":{\"text\":\"a\"}}\n", count: 50))
            // Closed without reading: the daemon's writes hit EPIPE (SIGPIPE is ignored).
        }
        #expect(try sandbox.board("--json").status == 0)
        try daemon.stop()
    }

    /// A write sent by a client that closes at once (`printf ... | nc -U -q0`) is carried out, on
    /// whichever loop took the client, though the hello it never read makes every write to it fail:
    /// half of twenty such clock moves were lost, the connection closed at the hello's EPIPE with the
    /// move unread. The read loop leaves a closed client's reads unanswered, never its writes.
    @Test func aWriteFromAClientThatClosesAtOnceIsCarriedOut() throws {
        let sandbox = Sandbox()
        let daemon = try RunningDaemon(sandbox: sandbox)
        defer { _ = try? daemon.stop() }
        for _ in 0..<20 {
            let client = try UnixSocket.connect(path: daemon.socket)
            try client.writeAll(#"{"id":1,"method":"clock.advance","params":{"minutes":1}}"# + "\n")
            client.close()
        }
        // 12:00 and twenty moves of a minute: 12:20.
        try waitUntil("twenty clock moves carried out", timeout: 10) {
            try sandbox.board("clock").stdout.hasPrefix("2026-11-30 12:20:00")
        }
    }

    // MARK: Signals

    @Test func sighupReloadsTheConfigAndABadOneKeepsTheOld() throws {
        let sandbox = Sandbox()
        let config = sandbox.path + "/boardd.json"
        try #"{"seed": 1}"#.write(toFile: config, atomically: true, encoding: .utf8)
        let daemon = try RunningDaemon(sandbox: sandbox, extra: ["--config", config])
        let before = try #require(try sandbox.board("--json").json)
        try #"{"seed": 2, "airport": {"name": "Valley Field", "code": "VLY", "timeZone": "America/Denver"}}"#
            .write(toFile: config, atomically: true, encoding: .utf8)
        kill(daemon.pid, SIGHUP)
        var after: JSON?
        try waitUntil("the reloaded config to show") {
            after = try sandbox.board("--json").json
            return after?["airport"]?["code"]?.string == "VLY"
        }
        #expect(after?["flights"] != before["flights"])
        try #"{"seed": "three"}"#.write(toFile: config, atomically: true, encoding: .utf8)
        kill(daemon.pid, SIGHUP)
        try waitUntil("the bad config to be refused") { daemon.logText().contains("kept the old config") }
        // Still serving the last good config, and a second HUP with it fixed works again.
        let ping = try BoardConnection(path: daemon.socket).call(.ping)
        #expect(ping["pong"]?.bool == true)
        #expect(try sandbox.board("--json").json?["airport"]?["code"]?.string == "VLY")
        try #"{"seed": 3}"#.write(toFile: config, atomically: true, encoding: .utf8)
        kill(daemon.pid, SIGHUP)
        try waitUntil("the fixed config to show") { try sandbox.board("--json").json?["airport"]?["code"]?.string == "MTN" }
        try daemon.stop()
    }

    @Test(arguments: [SIGTERM, SIGINT])
    func terminationIsCleanAndRemovesTheSocket(signal: Int32) throws {
        let sandbox = Sandbox()
        let daemon = try RunningDaemon(sandbox: sandbox)
        #expect(try daemon.stop(signal: signal) == 0)
        #expect(UnixSocket.isSocket(path: daemon.socket) == nil)
    }

    // MARK: The client

    @Test func theClientNeverHangsOnADaemonThatSaysNothing() throws {
        let sandbox = Sandbox()
        try FileManager.default.createDirectory(atPath: sandbox.path + "/run", withIntermediateDirectories: true)
        let silent = try UnixSocket.listen(path: sandbox.socket)
        defer { silent.close() }
        let result = try sandbox.board("--json", timeout: 10)
        #expect(result.status == 3)
        #expect(result.stderr.contains("did not answer"))
        #expect(result.stdout.isEmpty)
    }

    @Test func aDaemonSpeakingAnotherProtocolIsNamed() throws {
        let sandbox = Sandbox()
        try FileManager.default.createDirectory(atPath: sandbox.path + "/run", withIntermediateDirectories: true)
        let fake = try UnixSocket.listen(path: sandbox.socket)
        // Answer one connection with a hello for protocol 2, from a thread, while board runs; the thread
        // closes the socket (closed under it, its number could be another test's socket by then).
        let thread = Thread {
            defer { fake.close() }
            // As long as board may take to start on a machine slowed by a sanitizer.
            _ = try? fake.waitUntilReadable(timeoutMilliseconds: 30_000)
            if let client = try? UnixSocket.accept(fake) {
                try? client.writeAll(#"{"type":"hello","protocol":2,"server":"boardd/9.0.0","instance":"x"}"# + "\n")
                _ = try? client.waitUntilReadable(timeoutMilliseconds: 3000)
                client.close()
            }
        }
        thread.start()
        let result = try sandbox.board("--json", timeout: 30)
        #expect(result.status == 1)
        #expect(result.stderr.contains("protocol 2") && result.stderr.contains("protocol 1"))
    }

    @Test func noDaemonAndPermissionDeniedHaveDistinctMessages() throws {
        let sandbox = Sandbox()
        let absent = try sandbox.board("--json")
        #expect(absent.status == 3)
        #expect(absent.stderr.contains("no daemon is answering"))
        guard getuid() == 0, access("/usr/bin/setpriv", X_OK) == 0 else { return }
        let daemon = try RunningDaemon(sandbox: sandbox)
        chmod(sandbox.path, 0o755)
        chmod(sandbox.path + "/run", 0o755)
        chmod(sandbox.stateDirectory, 0o777)
        let denied = try run(
            "/usr/bin/setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups", Binaries.board, "--json"],
            environment: sandbox.environment(extra: ["BOARD_STATE_DIR": sandbox.path + "/nobody-state"]))
        #expect(denied.status == 1)
        #expect(denied.stderr.contains("permission denied"))
        #expect(!denied.stderr.contains("chmod"))
        try daemon.stop()
    }

    @Test func fiftyShowsAtOnceLeaveAValidStateFile() throws {
        let sandbox = Sandbox()
        let daemon = try RunningDaemon(sandbox: sandbox)
        let board = try #require(try sandbox.board("--json").json)
        let ids = (board["flights"]?.array ?? []).compactMap { $0["id"]?.int }
        // Fifty processes started together, then waited for.
        let environment = sandbox.environment()
        let processes = try (0..<50).map { index -> Process in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: Binaries.board)
            process.arguments = ["show", String(ids[index % ids.count])]
            process.environment = environment
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            return process
        }
        try waitUntil("fifty shows to finish", timeout: 60) { processes.allSatisfy { !$0.isRunning } }
        #expect(processes.allSatisfy { $0.terminationStatus == 0 })
        let data = try #require(FileManager.default.contents(atPath: sandbox.stateDirectory + "/state.json"))
        let state = try JSON.parse(Array(data))
        let last = try #require(state["lastViewed"]?["id"]?.int)
        #expect(ids.contains(last))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: sandbox.stateDirectory).filter {
            $0.hasSuffix(".tmp")
        }
        #expect(leftovers.isEmpty)
        try daemon.stop()
    }

    @Test func pinsFromCommandsRunningAtOnceAreAllKept() throws {
        let sandbox = Sandbox()
        let daemon = try RunningDaemon(sandbox: sandbox)
        let board = try #require(try sandbox.board("--json").json)
        let ids = (board["flights"]?.array ?? []).compactMap { $0["id"]?.int }.prefix(20)
        let environment = sandbox.environment()
        let started = try ids.map { try StartedProcess([Binaries.board, "pin", String($0)], environment: environment) }
        for process in started { #expect(try process.finish(timeout: 60).result.status == 0) }
        let pins = try #require(try sandbox.board("pins", "--json").json)
        let pinned = Set((pins["flights"]?.array ?? []).compactMap { $0["id"]?.int })
        #expect(pinned == Set(ids), "every pin survives the others: \(pinned.count) of \(ids.count)")
        try daemon.stop()
    }

    /// Output that cannot be written (a full disk, a closed descriptor) is an error, status 1, as for
    /// `cat`: `board all --json > snapshot.json` on a full disk said nothing and exited 0.
    @Test func outputThatCannotBeWrittenIsAnError() throws {
        let sandbox = Sandbox()
        let daemon = try RunningDaemon(sandbox: sandbox)
        for (redirect, reason) in [("> /dev/full", "No space left on device"), (">&-", "Bad file descriptor")] {
            let result = try run(
                "/bin/sh", ["-c", "'\(Binaries.board)' all --json \(redirect); echo \"status=$?\" >&2"],
                environment: sandbox.environment(), timeout: 20)
            #expect(result.stderr == "board: cannot write the output: \(reason)\nstatus=1\n", "\(redirect): \(result.stderr)")
        }
        try daemon.stop()
    }

    @Test func aClosedPipeEndsQuietly() throws {
        let sandbox = Sandbox()
        let daemon = try RunningDaemon(sandbox: sandbox)
        // More than a pipe holds (64 KiB), into a reader that reads nothing and leaves: a write
        // meets the closed pipe (EPIPE, or SIGPIPE were it not ignored) whatever the timing.
        let whole = try sandbox.board("search", "a", "--json")
        #expect(whole.stdout.utf8.count > 65_536, "the output must be more than a pipe holds")
        let piped = try run(
            "/bin/bash", ["-c", "set -o pipefail; '\(Binaries.board)' search a --json | true; echo \"status=$?\""],
            environment: sandbox.environment(), timeout: 20)
        #expect(piped.stdout == "status=0\n", "\(piped.stdout)")
        #expect(piped.stderr.isEmpty, "quiet: \(piped.stderr)")
        // As people type it: the first line, then the rest goes nowhere.
        let head = try run(
            "/bin/bash", ["-c", "set -o pipefail; '\(Binaries.board)' search a | head -1 >/dev/null; echo \"status=$?\""],
            environment: sandbox.environment(), timeout: 20)
        #expect(head.stdout == "status=0\n")
        #expect(head.stderr.isEmpty, "quiet: \(head.stderr)")
        try daemon.stop()
    }
}
