import BoardLink
import BoardProtocol
import BoardSystem
import Foundation
import Glibc
import Testing

/// The daemon's files, signals and log: a removed socket, a config that is not a file, signals a user
/// may send, a log that cannot flood or grow without bound, leftovers of interrupted saves.
@Suite struct DaemonFilesAndSignalsTests {
    static let now = "2026-11-30T12:00:00-05:00"

    func answers(_ socket: String) -> Bool {
        (try? BoardConnection(path: socket, timeoutMilliseconds: 200)) != nil
    }

    func count(_ needle: String, in text: String) -> Int { text.components(separatedBy: needle).count - 1 }

    // MARK: A removed socket

    /// A lock beside the socket that cannot be made (here a directory in its place; a directory the
    /// user cannot write as well) is said as the socket's, with what to do: it said only
    /// `cannot open …/s.sock.lock: open: Is a directory`, naming a file the user never asked about.
    @Test func aLockThatCannotBeMadeIsSaidAsTheSocketsWithWhatToDo() throws {
        let sandbox = Sandbox()
        try FileManager.default.createDirectory(atPath: sandbox.socket + ".lock", withIntermediateDirectories: true)
        let result = try run(Binaries.boardd, ["--socket", sandbox.socket], environment: sandbox.environment())
        #expect(result.status == 1, "\(result.stderr)")
        #expect(
            result.stderr.contains(
                "error: cannot make \(sandbox.socket).lock, the lock of the socket \(sandbox.socket) (Is a directory): "
                    + "choose a --socket in a directory you can write"
            ), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
    }

    /// A socket in a directory others may write has its lock in the user's own directory; when that
    /// cannot be made, the error says why that directory, which the user never named.
    @Test func aLockDirectoryThatCannotBeMadeIsSaidWithWhy() throws {
        let sandbox = Sandbox()
        let shared = sandbox.path + "/shared"
        try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: false)
        #expect(chmod(shared, 0o1777) == 0)
        let runtime = sandbox.path + "/runtime-file"
        #expect(FileManager.default.createFile(atPath: runtime, contents: Data()))
        let result = try run(
            Binaries.boardd, ["--socket", shared + "/s.sock"],
            environment: sandbox.environment(extra: ["XDG_RUNTIME_DIR": runtime]))
        #expect(result.status == 1, "\(result.stderr)")
        #expect(
            result.stderr.contains("the lock for a socket in \(shared), a directory not yours alone, goes in \(runtime)/board"),
            "\(result.stderr)")
    }

    @Test func aRemovedSocketIsBoundAgainWithinSeconds() throws {
        let sandbox = Sandbox()
        let daemon = try RunningDaemon(sandbox: sandbox)
        #expect(unlink(daemon.socket) == 0)
        try waitUntil("the socket to answer again", timeout: 5) { answers(daemon.socket) }
        #expect(count("was removed; bound it again", in: daemon.logText()) == 1, "\(daemon.logText())")
        #expect(try sandbox.board("--json").status == 0)
        #expect(try daemon.stop() == 0)
        #expect(!FileManager.default.fileExists(atPath: daemon.socket), "removed at a clean stop")
    }

    /// `rm -rf` of the socket's directory takes the lock file too: a new one is taken before binding,
    /// so a second daemon is still refused.
    @Test func aRemovedDirectoryIsMadeAgainWithANewLock() throws {
        let sandbox = Sandbox()
        let daemon = try RunningDaemon(sandbox: sandbox)
        try FileManager.default.removeItem(atPath: sandbox.path + "/run")
        try waitUntil("the socket to answer again", timeout: 5) { answers(daemon.socket) }
        #expect(FileManager.default.fileExists(atPath: daemon.socket + ".lock"))
        let second = try run(
            Binaries.boardd, ["--socket", daemon.socket, "--now", Self.now], environment: sandbox.environment())
        #expect(second.status == 1)
        #expect(second.stderr.contains("another boardd is already serving"), "\(second.stderr)")
        #expect(try daemon.stop() == 0)
    }

    /// A socket systemd passed is systemd's: its removal is logged once, and nothing is bound in its place.
    @Test func aRemovedPassedSocketIsOnlyLogged() throws {
        let sandbox = Sandbox()
        try FileManager.default.createDirectory(atPath: sandbox.path + "/run", withIntermediateDirectories: true)
        let listening = try UnixSocket.listen(path: sandbox.socket)
        defer { listening.close() }
        let log = sandbox.path + "/boardd.log"
        let pid = try spawn(
            [
                "/bin/sh", "-c", #"LISTEN_PID=$$ LISTEN_FDS=1 exec "$0" "$@""#, Binaries.boardd, "--now", Self.now, "--speed",
                "0",
            ],
            environment: sandbox.environment(), stderr: log, descriptor3: listening.rawValue)
        defer { reap(pid) }
        try waitUntil("boardd to answer") { answers(sandbox.socket) }
        #expect(unlink(sandbox.socket) == 0)
        let logged = { (try? String(contentsOfFile: log, encoding: .utf8)) ?? "" }
        try waitUntil("the removal to be logged", timeout: 5) { logged().contains("passed by the service manager, was removed") }
        kill(pid, SIGUSR1)  // a check at once, and a status line after it
        try waitUntil("the status line", timeout: 5) { logged().contains("SIGUSR1: serving") }
        #expect(count("was removed", in: logged()) == 1, "\(logged())")
        #expect(!FileManager.default.fileExists(atPath: sandbox.socket), "not bound again: the socket is systemd's")
        kill(pid, SIGTERM)
        #expect(try waitForExit(pid) == 0)
    }

    /// Under a file-size limit (`ulimit -f 0`), the daemon's log to a file fails as on a full disk: the
    /// daemon serves, stops cleanly on SIGTERM and is never killed by SIGXFSZ.
    @Test(.disabled(if: Sanitizers.active, "under ThreadSanitizer SIGXFSZ kills despite SIG_IGN; the plain run checks it"))
    func aFileSizeLimitOnTheLogKillsNothing() throws {
        let sandbox = Sandbox()
        let log = sandbox.path + "/boardd.log"
        let pid = try spawn(
            [
                "/bin/sh", "-c", #"ulimit -f 0 && exec "$0" "$@""#, Binaries.boardd, "--socket", sandbox.socket, "--now",
                Self.now, "--speed", "0",
            ],
            environment: sandbox.environment(), stderr: log)
        var status: Int32 = 0
        defer { if waitpid(pid, &status, WNOHANG) == 0 { kill(pid, SIGKILL) } }
        try waitUntil("boardd to answer") { answers(sandbox.socket) || waitpid(pid, &status, WNOHANG) == pid }
        guard answers(sandbox.socket) else {
            Issue.record("boardd ended with status \(status >> 8) (signal \(status & 0x7f)) before it answered")
            return
        }
        #expect(try sandbox.board("--json").status == 0)
        kill(pid, SIGTERM)
        try waitUntil("boardd to stop") { waitpid(pid, &status, WNOHANG) == pid }
        #expect(status & 0x7f == 0, "killed by signal \(status & 0x7f)")
        #expect((status >> 8) & 0xff == 0)
    }

    /// Autostart after a removal: the new daemon finds the lock held and steps aside while the old one
    /// binds again, so `board` is answered instead of failing with "already serving".
    @Test func autostartWorksAfterTheSocketWasRemoved() throws {
        let sandbox = Sandbox()
        let daemon = try RunningDaemon(sandbox: sandbox)
        #expect(unlink(daemon.socket) == 0)
        let result = try sandbox.board("--json", autostart: true)
        #expect(result.status == 0, "\(result.stderr)")
        try waitUntil("the extra daemon to step aside", timeout: 10) {
            ProcessTable.processes(withArgument: daemon.socket) == [daemon.pid]
        }
        #expect(try daemon.stop() == 0)
    }

    // MARK: The config must be a regular file

    @Test func aFIFOAtTheConfigPathIsRefusedWithoutBlocking() throws {
        let sandbox = Sandbox()
        let fifo = sandbox.path + "/boardd.json"
        #expect(mkfifo(fifo, 0o600) == 0)
        let check = try run(
            Binaries.boardd, ["--check-config", "--config", fifo], environment: sandbox.environment(), timeout: 10)
        #expect(check.status == 2)
        #expect(check.stderr == "boardd: \(fifo): is a FIFO, not a regular file; point --config at a JSON file\n")
        let serve = try run(
            Binaries.boardd, ["--socket", sandbox.socket, "--config", fifo], environment: sandbox.environment(), timeout: 10)
        #expect(serve.status == 2)
        #expect(serve.stderr.contains("is a FIFO, not a regular file"), "\(serve.stderr)")
    }

    @Test func aFIFOOnReloadIsLoggedAndTheOldConfigStays() throws {
        let sandbox = Sandbox()
        let config = sandbox.path + "/boardd.json"
        try "{\"seed\": 7}".write(toFile: config, atomically: true, encoding: .utf8)
        let daemon = try RunningDaemon(sandbox: sandbox, extra: ["--config", config])
        #expect(unlink(config) == 0 && mkfifo(config, 0o600) == 0)
        kill(daemon.pid, SIGHUP)
        try waitUntil("the reload to be refused", timeout: 5) { daemon.logText().contains("kept the old config") }
        #expect(daemon.logText().contains("is a FIFO, not a regular file"), "\(daemon.logText())")
        let info = try BoardConnection(path: daemon.socket, timeoutMilliseconds: 2000).call(.ping)
        _ = info
        // The status line says the file is not what is served, until a reload succeeds.
        kill(daemon.pid, SIGUSR2)
        try waitUntil("the status line", timeout: 5) { daemon.logText().contains("SIGUSR2: serving") }
        #expect(
            daemon.logText().contains(
                "config \(config) as it was before the last reload, which was refused: \(config): is a FIFO"),
            "\(daemon.logText())")
        #expect(unlink(config) == 0)
        try "{\"seed\": 8}".write(toFile: config, atomically: true, encoding: .utf8)
        kill(daemon.pid, SIGHUP)
        try waitUntil("the reload", timeout: 5) { daemon.logText().contains("reloaded the config") }
        kill(daemon.pid, SIGUSR1)
        try waitUntil("the next status line", timeout: 5) { daemon.logText().contains("SIGUSR1: serving") }
        let last = daemon.logText().split(separator: "\n").last { $0.contains("SIGUSR1: serving") } ?? ""
        #expect(last.hasSuffix("config \(config)"), "\(last)")
        #expect(try daemon.stop() == 0)
    }

    /// The config found by default ($XDG_CONFIG_HOME/board/boardd.json) gone at a reload: the built-in
    /// defaults serve, a new schedule, and the log warns of it (it said only "info: reloaded").
    @Test func aDefaultConfigGoneAtAReloadIsAWarning() throws {
        let sandbox = Sandbox()
        let config = sandbox.path + "/config/board/boardd.json"
        try FileManager.default.createDirectory(atPath: sandbox.path + "/config/board", withIntermediateDirectories: true)
        try "{\"seed\": 7}".write(toFile: config, atomically: true, encoding: .utf8)
        let daemon = try RunningDaemon(sandbox: sandbox)
        #expect(unlink(config) == 0)
        kill(daemon.pid, SIGHUP)
        try waitUntil("the reload", timeout: 5) { daemon.logText().contains("reloaded the config") }
        #expect(
            daemon.logText().contains(
                "warning: reloaded the config from built-in defaults (MTN \"Mountain Airport\" in America/New_York, seed 2024, "
                    + "15 days x 30 flights a day), no longer from \(config)"),
            "\(daemon.logText())")
        #expect(try daemon.stop() == 0)
    }

    /// A running clock stops at the end of its range and the daemon goes idle there: with a clock
    /// let past 4001-01-01 (`Date.distantFuture`, its "never"), every timer was due and it spun.
    @Test func aClockRunningIntoTheEndOfItsRangeStopsThereAndTheDaemonIdles() throws {
        let sandbox = Sandbox()
        let daemon = try RunningDaemon(sandbox: sandbox, now: "3998-12-31T23:59:00Z", speed: 600)
        defer { _ = try? daemon.stop() }
        // 3999-01-01T00:00Z, in the airport's time.
        try waitUntil("the clock to reach the end of its range", timeout: 10) {
            try sandbox.board("clock").stdout.hasPrefix("3998-12-31 19:00:00-05:00")
        }
        // A second at the end: a daemon spinning on due timers would use all of it.
        let (used, wall) = try cpuUse(daemon.pid)
        #expect(used < wall * 0.2, "the daemon used \(used) s of CPU in \(wall) s with its clock stopped")
        #expect(
            try sandbox.board("clock").stdout
                == "3998-12-31 19:00:00-05:00  SIMULATED, stopped at the end of its range (3999-01-01T00:00Z)\n",
            "stopped at the end, in the airport's time, and said so (it said 600x)")
    }

    /// `--now` keeps to the clock's range, as `board clock set` does: year 1 showed a board of
    /// "Sun Dec 31 0" whose clock then could not be moved either way.
    @Test(arguments: ["0001-01-01T00:00:00Z", "4001-01-02T00:00:00Z", "9999-12-31T23:00:00Z"])
    func aStartTimeOutsideTheClocksRangeIsRefused(now: String) throws {
        let sandbox = Sandbox()
        let result = try run(
            Binaries.boardd, ["--socket", sandbox.socket, "--now", now, "--speed", "0"], environment: sandbox.environment())
        #expect(result.status == 2, "\(result.stderr)")
        #expect(
            result.stderr
                == "boardd: --now needs a time from 1970-01-02T00:00Z to 3999-01-01T00:00Z, not \"\(now)\"; see boardd --help\n")
        #expect(UnixSocket.isSocket(path: sandbox.socket) == nil, "nothing served")
    }

    // MARK: Signals

    @Test(arguments: [SIGUSR1, SIGUSR2])
    func userSignalsLogAStatusLineAndTheDaemonServesOn(signal: Int32) throws {
        let sandbox = Sandbox()
        let daemon = try RunningDaemon(sandbox: sandbox)
        let name = signal == SIGUSR1 ? "SIGUSR1" : "SIGUSR2"
        kill(daemon.pid, signal)
        try waitUntil("the status line", timeout: 5) { daemon.logText().contains("\(name): serving \(daemon.socket)") }
        // The harness's readiness probe may still be connected when the signal lands: the count is 0 or 1.
        let log = daemon.logText()
        #expect(log.contains(" 0 client(s), 0 watching") || log.contains(" 1 client(s), 0 watching"), "\(log)")
        #expect(try sandbox.board("--json").status == 0)
        #expect(try daemon.stop() == 0)
    }

    @Test func sigquitStopsCleanlyAndRemovesTheSocket() throws {
        let sandbox = Sandbox()
        let daemon = try RunningDaemon(sandbox: sandbox)
        #expect(try daemon.stop(signal: SIGQUIT) == 0)
        #expect(daemon.logText().contains("SIGQUIT: shutting down"))
        #expect(!FileManager.default.fileExists(atPath: daemon.socket))
    }

    /// A crash or a signal the daemon does not handle leaves a socket that refuses connections;
    /// the next start replaces it.
    @Test(arguments: [SIGABRT, SIGSEGV, SIGALRM, SIGKILL])
    func aDeathBySignalLeavesASocketTheNextStartReplaces(signal: Int32) throws {
        let sandbox = Sandbox()
        // Without the Swift runtime's backtracer, which takes many seconds to describe a crash, nor a
        // sanitizer's report of the signal, which symbolizes every thread (past 10 s under CI's load).
        let environment = ProcessInfo.processInfo.environment
        func withoutDeadlySignalReports(_ name: String) -> String {
            [environment[name], "handle_segv=0:handle_abort=0"].compactMap { $0 }.joined(separator: ":")
        }
        let daemon = try RunningDaemon(
            sandbox: sandbox,
            env: [
                "SWIFT_BACKTRACE": "enable=no",
                "TSAN_OPTIONS": withoutDeadlySignalReports("TSAN_OPTIONS"),
                "ASAN_OPTIONS": withoutDeadlySignalReports("ASAN_OPTIONS"),
            ])
        let status = try daemon.stop(signal: signal, timeout: Sanitizers.active ? 30 : 10)
        // Under a sanitizer a SIGSEGV is the sanitizer's to report, and it exits with its own status.
        #expect(status == 128 + signal || (Sanitizers.active && status != 0), "status \(status)")
        #expect(FileManager.default.fileExists(atPath: daemon.socket), "the socket stays behind")
        let next = try RunningDaemon(sandbox: sandbox)
        #expect(try sandbox.board("--json").status == 0)
        #expect(try next.stop() == 0)
    }

    // MARK: Logs

    /// 3,000 clock moves pipelined by one client logged 3,000 lines; now a few and a count.
    @Test func aFloodOfOneMessageIsRateLimitedWithACount() throws {
        let sandbox = Sandbox()
        let daemon = try RunningDaemon(sandbox: sandbox)
        let client = try RawClient(path: daemon.socket)
        _ = try client.readLine()  // hello
        let moves = 3000
        let started = ContinuousClock.now
        try client.send(
            (1...moves).map { #"{"id":\#($0),"method":"clock.advance","params":{"minutes":1}}"# + "\n" }.joined())
        for _ in 1...moves { _ = try #require(try client.readLine(timeout: 30)) }
        // Five lines a second of the flood at most (a sanitizer or a loaded machine makes it last longer).
        let seconds = Int((ContinuousClock.now - started) / .seconds(1)) + 1
        #expect(try daemon.stop() == 0)
        let log = daemon.logText()
        let moved = count("info: clock moved to", in: log)
        #expect(moved >= 1 && moved <= 5 * (seconds + 1), "\(moved) lines of clock moves in \(seconds) s")
        #expect(moved < moves / 10, "a flood is mostly counted, not written")
        let pattern = #/suppressed (\d+) similar messages; the last: clock moved to/#
        let suppressed = log.matches(of: pattern).compactMap { Int($0.output.1) }.reduce(0, +)
        #expect(moved + suppressed == moves, "\(log)")
    }

    /// `--log-level debug` follows each client: its number and pid as it connects, each request refused
    /// with why (a client's long method cut), and why it was closed; at info none of it is written.
    @Test func theDebugLogFollowsAClientFromConnectingToClosing() throws {
        let sandbox = Sandbox()
        let daemon = try RunningDaemon(sandbox: sandbox, extra: ["--log-level", "debug"])
        let client = try RawClient(path: daemon.socket)  // the last to connect (the harness asked first)
        _ = try client.readLine()  // hello
        let long = String(repeating: "m", count: 5000)
        try client.send(#"{"id":7,"method":"board.get","params":{"tab":"zz"}}"# + "\n" + #"{"id":8,"method":"\#(long)"}"# + "\n")
        for _ in 0..<2 { _ = try #require(try client.readLine()) }
        let number = try #require(
            daemon.logText().matches(of: #/debug: client (\d+) connected \(pid \d+; \d+ connected\)/#).last?.output.1)
        #expect(
            daemon.logText().contains(#"client \#(number): board.get (id 7) refused, invalidParams: "tab" must be"#),
            "\(daemon.logText())")
        #expect(
            daemon.logText().contains("client \(number): \(long.prefix(63))… (id 8) refused, unknownMethod"),
            "\(daemon.logText())")
        _ = Glibc.shutdown(client.descriptor.rawValue, Int32(SHUT_WR))  // done sending
        #expect(try client.readUntilClosed().isEmpty)
        try waitUntil("the close to be logged", timeout: 5) {
            daemon.logText().contains("client \(number) closed: it stopped sending, and every answer was written")
        }
        // A line over the limit: refused, and closed for it.
        let large = try RawClient(path: daemon.socket)
        _ = try large.readLine()
        try large.send(String(repeating: "x", count: LineFramer.protocolLimit + 10) + "\n")
        #expect(try large.readUntilClosed().first?["error"]?["code"]?.string == "tooLarge")
        try waitUntil("the too large line's close to be logged", timeout: 5) {
            daemon.logText().contains("closed: its request line was over the limit")
        }
        #expect(try daemon.stop() == 0)

        let quiet = try RunningDaemon(sandbox: Sandbox())
        let other = try RawClient(path: quiet.socket)
        _ = try other.readLine()
        try other.send(#"{"id":1,"method":"nope"}"# + "\n")
        _ = try other.readLine()
        #expect(try quiet.stop() == 0)
        #expect(!quiet.logText().contains("client"), "\(quiet.logText())")
    }

    @Test func aKeyHoldingControlCharactersIsPrintedOnOneLine() throws {
        let sandbox = Sandbox()
        let config = sandbox.path + "/boardd.json"
        try #"{"a\u001b]0;owned\u0007b\nc": 1}"#.write(toFile: config, atomically: true, encoding: .utf8)
        let check = try run(Binaries.boardd, ["--check-config", "--config", config], environment: sandbox.environment())
        #expect(check.status == 2)
        #expect(check.stderr.hasPrefix(#"boardd: \#(config): a\x1b]0;owned\x07b\nc = 1: unknown key"#), "\(check.stderr)")
        #expect(check.stderr.filter { $0 == "\n" }.count == 1)
        #expect(!check.stderr.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        let serve = try run(
            Binaries.boardd, ["--socket", sandbox.socket, "--config", config], environment: sandbox.environment())
        #expect(serve.status == 2)
        #expect(serve.stderr.filter { $0 == "\n" }.count == 1, "\(serve.stderr)")
        #expect(!serve.stderr.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
    }

    /// The autostarted daemon logs to `boardd.log` (stderr appended); past 1 MiB it is rotated to `.1`.
    @Test func aLogFilePastOneMiBIsRotated() throws {
        let sandbox = Sandbox()
        let logPath = sandbox.path + "/boardd.log"
        let old = String(repeating: "an old line from an earlier daemon\n", count: 32_000)  // 1.1 MB
        try old.write(toFile: logPath, atomically: false, encoding: .utf8)
        let pid = try spawnChild(
            [Binaries.boardd, "--socket", sandbox.socket, "--now", Self.now, "--speed", "0"],
            environment: sandbox.environment(), stdout: .devNull, stderr: .file(logPath, append: true))
        defer { reap(pid) }
        try waitUntil("boardd to answer") { answers(sandbox.socket) }
        kill(pid, SIGTERM)
        #expect(try waitForExit(pid) == 0)
        let rotated = try String(contentsOfFile: logPath + ".1", encoding: .utf8)
        #expect(rotated == old)
        let fresh = try String(contentsOfFile: logPath, encoding: .utf8)
        #expect(fresh.contains("the earlier lines are in \(logPath).1"), "\(fresh)")
        #expect(fresh.contains("info: serving \(sandbox.socket)"))
        #expect(fresh.utf8.count < 4096)
    }

    // MARK: Files

    /// `board` killed while saving left `state.json.PID.tmp` for good; the next save removes it.
    @Test func aSaveRemovesLeftoversOfSavesThatWereKilled() throws {
        let sandbox = Sandbox()
        let daemon = try RunningDaemon(sandbox: sandbox)
        let id = try #require(try sandbox.board("--json").json?["flights"]?.array?.first?["id"]?.int)
        let pidMax = try String(contentsOfFile: "/proc/sys/kernel/pid_max", encoding: .utf8)
        let gone = pidMax.trimmingCharacters(in: .whitespacesAndNewlines)
        let leftover = sandbox.stateDirectory + "/state.json.\(gone).tmp"
        try FileManager.default.createDirectory(atPath: sandbox.stateDirectory, withIntermediateDirectories: true)
        try "{\"tab\":".write(toFile: leftover, atomically: false, encoding: .utf8)
        let result = try sandbox.board("show", String(id))
        #expect(result.status == 0 && result.stderr == "", "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: leftover))
        #expect(try FileManager.default.contentsOfDirectory(atPath: sandbox.stateDirectory) == ["state.json"])
        try daemon.stop()
    }

    /// Commands racing on a first run: one found no state.json, another renamed its own into place,
    /// and the first then saw it exist and warned "cannot read". Stderr must stay empty. (The window
    /// is microseconds wide, so this rarely caught it; `StateStoreRaceTests` catches it every time.)
    @Test func commandsRacingOnAFirstRunWarnAboutNothing() throws {
        let sandbox = Sandbox()
        let daemon = try RunningDaemon(sandbox: sandbox)
        let ids = (try sandbox.board("--json").json?["flights"]?.array ?? []).compactMap { $0["id"]?.int }
        try #require(!ids.isEmpty)
        for round in 0..<3 {
            try? FileManager.default.removeItem(atPath: sandbox.stateDirectory)
            let started = try (0..<40).map { index -> (pid_t, String) in
                let errors = sandbox.path + "/stderr-\(round)-\(index)"
                let pid = try spawnChild(
                    [Binaries.board, index % 2 == 0 ? "show" : "pin", String(ids[index % ids.count])],
                    environment: sandbox.environment(), stdout: .devNull, stderr: .file(errors, append: false))
                return (pid, errors)
            }
            for (pid, errors) in started {
                #expect(try waitForExit(pid, timeout: 30) == 0)
                let text = (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""
                #expect(text == "", "round \(round): \(text)")
            }
        }
        try daemon.stop()
    }

    /// With the socket directly in /tmp, another user could make `SOCKET.lock` first and hold it;
    /// the lock lives in the user's own private directory instead.
    @Test(
        .enabled(
            if: getuid() == 0 && access("/usr/bin/setpriv", X_OK) == 0 && access("/usr/bin/python3", X_OK) == 0,
            "needs root, setpriv and python3"))
    func anotherUsersLockBesideASocketInTmpDoesNotStopTheDaemon() throws {
        let python = "/usr/bin/python3"  // not a shim under root's home, which uid 65534 cannot enter
        let sandbox = Sandbox()
        let socket = "/tmp/board-files-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).sock"
        let marker = socket + ".held"
        defer {
            for path in [socket, socket + ".lock", marker] { unlink(path) }
        }
        let script = """
            import fcntl, os, signal
            f = open('\(socket).lock', 'w'); os.chmod('\(socket).lock', 0o644)
            fcntl.flock(f, fcntl.LOCK_EX); open('\(marker)', 'w').close(); signal.pause()
            """
        let squatter = try spawnChild(
            ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", python, "-c", script],
            environment: sandbox.environment(), stdout: .devNull, stderr: .devNull)
        defer { reap(squatter) }  // it holds the lock until killed here
        try waitUntil("the other user to hold \(socket).lock") { FileManager.default.fileExists(atPath: marker) }
        let runtime = sandbox.path + "/runtime"
        #expect(mkdir(runtime, 0o700) == 0)
        let daemon = try RunningDaemon(sandbox: sandbox, socket: socket, env: ["XDG_RUNTIME_DIR": runtime])
        let locks = try FileManager.default.contentsOfDirectory(atPath: runtime + "/board")
        #expect(locks.count == 1 && locks[0].hasPrefix("boardd-") && locks[0].hasSuffix(".lock"), "\(locks)")
        // A second daemon of this user finds that lock and is refused.
        let second = try run(
            Binaries.boardd, ["--socket", socket], environment: sandbox.environment(extra: ["XDG_RUNTIME_DIR": runtime]))
        #expect(second.status == 1 && second.stderr.contains("another boardd is already serving"), "\(second.stderr)")
        #expect(try daemon.stop() == 0)
    }
}
