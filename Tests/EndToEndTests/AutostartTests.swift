import BoardProtocol
import BoardSystem
import Foundation
import Glibc
import Testing

/// Autostart, as tmux does it: with no daemon answering, `board` starts `boardd` beside itself on the same socket.
struct AutostartTests {
    /// The daemons serving `socket`, found through /proc (board started them, not the test).
    func daemons(serving socket: String) -> [pid_t] {
        ProcessTable.processes(withArgument: socket)
    }

    /// Stops every daemon on `socket`, so no process outlives the test.
    func stopDaemons(serving socket: String) {
        for pid in daemons(serving: socket) { try? ProcessTable.stop(pid) }
    }

    /// `board unhide` needs no daemon: it starts none (autostart on) and still unhides; a running
    /// daemon's clock only chooses its sentence.
    @Test func unhideStartsNoDaemon() throws {
        let user = BoardUser()
        defer { stopDaemons(serving: user.socket) }
        try FileManager.default.createDirectory(atPath: user.sandbox.stateDirectory, withIntermediateDirectories: true)
        let hidden = #"{"schema":1,"hidden":[{"id":3220,"designator":"Overland 256","date":"2026-11-30"}]}"#
        try hidden.write(toFile: user.stateFile, atomically: true, encoding: .utf8)
        let result = try user.board("unhide", "3220", autostart: true)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "Unhidden Overland 256 of Nov 30: it is back on your boards.\n", "\(result.stdout)")
        #expect(daemons(serving: user.socket).isEmpty, "no daemon started for it")
        #expect(user.state()?["hidden"]?.array?.isEmpty == true)
    }

    @Test func boardStartsADaemonAndAnswers() throws {
        let user = BoardUser()
        #expect(daemons(serving: user.socket).isEmpty)
        defer { stopDaemons(serving: user.socket) }
        let result = try user.board("--json", autostart: true)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr == "", "quiet when it works")
        let board = try #require(result.json)
        #expect(board["schema"]?.int == 1)
        #expect(board["flights"]?.array?.count == 30)

        let started = daemons(serving: user.socket)
        #expect(started.count == 1, "one daemon: \(started)")
        let pid = try #require(started.first)
        #expect(ProcessTable.executable(of: pid) == Binaries.boardd, "the boardd beside board")
        let arguments = ProcessTable.arguments(of: pid)
        #expect(arguments.dropFirst() == ["--socket", user.socket], "the same socket: \(arguments)")
        // Marked as board's, so that one of several started at once steps aside quietly.
        let environment = (try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/environ"))) ?? Data()
        #expect(
            environment.split(separator: 0).contains { String(decoding: $0, as: UTF8.self) == "BOARDD_STARTED_BY_BOARD=1" },
            "DaemonStartTests.aDaemonBoardStartedBesideOneThatServesStepsAsideQuietly")

        // The contract's socket permissions: a private directory, a private socket.
        var info = stat()
        #expect(stat((user.socket as NSString).deletingLastPathComponent, &info) == 0)
        #expect(info.st_mode & 0o777 == 0o700)
        #expect(stat(user.socket, &info) == 0)
        #expect(info.st_mode & 0o777 == 0o600)
        #expect(FileManager.default.fileExists(atPath: user.sandbox.stateDirectory + "/boardd.log"), "its log beside the state")

        // The next command uses it rather than starting another.
        let again = try user.board("clock", "--json", autostart: true)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(daemons(serving: user.socket) == started)

        // It shuts down cleanly on SIGTERM and removes its socket.
        try ProcessTable.stop(pid)
        try waitUntil("the socket to be removed") { !FileManager.default.fileExists(atPath: user.socket) }
    }

    @Test func theDaemonHoldsNoneOfTheCallersDescriptors() throws {
        let user = BoardUser()
        defer { stopDaemons(serving: user.socket) }
        // board runs with a pipe's write end as its descriptor 3, as a caller's pipe or socket would be.
        var ends: [Int32] = [0, 0]
        try #require(closeOnExecPipe(&ends) == 0)
        defer { close(ends[0]) }
        let board = try StartedProcess(
            [Binaries.board, "--json"],
            environment: user.sandbox.environment(autostart: true, extra: ["BOARD_SOCKET": user.socket]),
            inherited: [3: ends[1]])
        close(ends[1])
        let (ending, result) = try board.finish()
        #expect(ending == .exited(0), "\(result.stderr)")
        #expect(daemons(serving: user.socket).count == 1, "the daemon runs on")
        // Once board has gone, nothing holds the write end: the reader sees end of file, though the daemon lives.
        var reader = pollfd(fd: ends[0], events: Int16(POLLIN), revents: 0)
        let closed = poll(&reader, 1, 5000) == 1
        #expect(closed, "the pipe is still open: the daemon inherited it")
        if closed {
            var byte: UInt8 = 0
            #expect(read(ends[0], &byte, 1) == 0, "end of file")
        }
    }

    @Test func peoplesCommandsAutostartToo() throws {
        let user = BoardUser()
        defer { stopDaemons(serving: user.socket) }
        let result = try user.board("departures", autostart: true)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Mountain Airport"))
        #expect(daemons(serving: user.socket).count == 1)
    }

    @Test func aDaemonThatCannotStartIsStatusThree() throws {
        let user = BoardUser()
        // The socket's directory would sit under a regular file: boardd cannot serve there.
        let blocker = user.sandbox.path + "/file"
        #expect(FileManager.default.createFile(atPath: blocker, contents: Data()))
        let socket = blocker + "/boardd.sock"
        defer { stopDaemons(serving: socket) }
        let result = try user.board("--json", autostart: true, env: ["BOARD_SOCKET": socket])
        #expect(result.status == 3, "\(result.stderr)")
        #expect(result.stdout == "")
        #expect(result.stderr.lines.count == 1, "\(result.stderr)")
        #expect(result.stderr.contains("boardd --socket \(socket)"), "how to start one: \(result.stderr)")
        // The daemon's own reason, which names the file in the way.
        #expect(result.stderr.contains("refusing to use \(blocker): it is not a directory"), "why: \(result.stderr)")
        #expect(daemons(serving: socket).isEmpty)
    }

    /// A `board` with no `boardd` beside it or on PATH says so and what to do, exit 3: it said to run
    /// `boardd` by hand "to see why", which the shell answers with "command not found".
    @Test func noDaemonToStartSaysToInstallOne() throws {
        let user = BoardUser()
        let alone = user.sandbox.path + "/bin"
        try FileManager.default.createDirectory(atPath: alone, withIntermediateDirectories: true)
        // Copied by cp(1), so that no descriptor of the copy is open in this process for a child
        // another test forks meanwhile to inherit (exec would fail: "Text file busy").
        let copied = try run("/bin/cp", [Binaries.board, alone + "/board"], environment: user.sandbox.environment())
        try #require(copied.status == 0, "\(copied.stderr)")
        let result = try run(
            alone + "/board", ["departures"],
            environment: user.sandbox.environment(autostart: true, extra: ["PATH": "/usr/bin:/bin"]))
        #expect(result.status == 3, "\(result.stderr)")
        #expect(
            result.stderr
                == "board: no daemon is answering on \(user.socket) and starting one failed: no boardd was found beside "
                + "board or on PATH; install boardd beside board (the README's build puts both in .build/release)\n")
    }

    /// A daemon that exits at once says why in the client's one line: its own words from its log (a
    /// config it refused), then what to do (fix the config; started by hand, it is refused again);
    /// it said only "see the log".
    @Test func aDaemonThatExitsAtOnceSaysWhyInTheClientsLine() throws {
        let user = BoardUser()
        let config = user.sandbox.path + "/boardd.json"
        try #"{"seed": -1}"#.write(toFile: config, atomically: true, encoding: .utf8)
        defer { stopDaemons(serving: user.socket) }
        let result = try user.board("departures", autostart: true, env: ["BOARDD_CONFIG": config])
        #expect(result.status == 3, "\(result.stderr)")
        #expect(result.stderr.lines.count == 1, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("board: starting boardd failed: "), "\(result.stderr)")
        #expect(result.stderr.contains("seed = -1: must be a whole number"), "its reason: \(result.stderr)")
        #expect(
            result.stderr.hasSuffix("(status 2); fix it; 'boardd --check-config' says when it is good\n"),
            "what to do (started by hand, it refuses the config again): \(result.stderr)")
        #expect(!result.stderr.contains("…"), "nothing cut: \(result.stderr)")
    }

    /// A `--socket` that is a file or a directory is said as a wrong path, not as "no daemon", whose
    /// hint (start one there) would fail.
    @Test func aSocketPathThatIsNoSocketIsSaidSo() throws {
        let user = BoardUser()
        let file = user.sandbox.path + "/file.sock"
        #expect(FileManager.default.createFile(atPath: file, contents: Data()))
        // With autostart on too: no daemon is started for a path it could not serve.
        for (path, kind) in [(file, "a regular file"), (user.sandbox.path, "a directory")] {
            for autostart in [false, true] {
                let result = try user.board("--socket", path, "departures", autostart: autostart)
                #expect(result.status == 3, "\(result.stderr)")
                #expect(
                    result.stderr
                        == "board: \(path) is \(kind), not a socket: give --socket (or BOARD_SOCKET) the daemon's socket\n",
                    "\(result.stderr)")
                #expect(daemons(serving: path).isEmpty)
            }
        }
    }

    @Test func noAutostartEnvironmentTurnsItOff() throws {
        let user = BoardUser()
        defer { stopDaemons(serving: user.socket) }
        let result = try user.board("--json", autostart: true, env: ["BOARD_NO_AUTOSTART": "1"])
        #expect(result.status == 3)
        #expect(daemons(serving: user.socket).isEmpty)
        // The hint names what turned it off, not a flag the user never gave.
        #expect(result.stderr.contains("unset BOARD_NO_AUTOSTART"), "\(result.stderr)")
        #expect(!result.stderr.contains("--no-autostart"), "\(result.stderr)")
    }

    /// A `board watch` running in a pipe, its output's lines, and the pid of the daemon it started.
    func startWatch(_ sandbox: Sandbox) throws -> (pid: pid_t, lines: () -> [Substring], errors: () -> String) {
        let out = sandbox.path + "/watch.out"
        let err = sandbox.path + "/watch.err"
        let pid = try spawnChild(
            [Binaries.board, "watch", "--json"], environment: sandbox.environment(autostart: true),
            stdout: .file(out, append: false), stderr: .file(err, append: false))
        return (
            pid, { ((try? String(contentsOfFile: out, encoding: .utf8)) ?? "").split(separator: "\n") },
            { (try? String(contentsOfFile: err, encoding: .utf8)) ?? "" }
        )
    }

    /// `board watch` left running all day outlives a daemon that dies without a word (a crash, an
    /// OOM kill): it starts a new one, as any command does when none answers, and goes on.
    @Test func watchStartsTheDaemonAgainWhenItDies() throws {
        let sandbox = Sandbox()
        defer { stopDaemons(serving: sandbox.socket) }
        let watch = try startWatch(sandbox)
        defer { reap(watch.pid) }  // first, so that no watch is left to start a daemon again
        try waitUntil("the first board") { watch.lines().count == 1 }
        let first = try #require(daemons(serving: sandbox.socket).first)
        kill(first, SIGKILL)
        try waitUntil("a daemon started again", timeout: 15) { daemons(serving: sandbox.socket).contains { $0 != first } }
        try waitUntil("a board from it", timeout: 15) { watch.lines().count >= 2 }
        #expect(watch.errors().contains("the daemon went away; reconnecting"), "\(watch.errors())")
    }

    /// A daemon that says it is shutting down (SIGTERM, `systemctl stop`) was stopped on purpose: the
    /// watch waits for one to come back rather than start one, and follows the next one started.
    @Test func watchDoesNotStartADaemonStoppedOnPurpose() throws {
        let sandbox = Sandbox()
        defer { stopDaemons(serving: sandbox.socket) }
        let watch = try startWatch(sandbox)
        defer { reap(watch.pid) }
        try waitUntil("the first board") { watch.lines().count == 1 }
        let first = try #require(daemons(serving: sandbox.socket).first)
        try ProcessTable.stop(first)
        // It notices, saying how to start one.
        try waitUntil("the watch to notice") {
            watch.errors().contains("Daemon stopped; 'board clock' starts it again and this view reconnects.")
        }
        // Several reconnection attempts (0.1 s doubling to 2 s) come and go in 4 s.
        let restarted =
            (try? waitUntil("a daemon started again", timeout: 4) { !daemons(serving: sandbox.socket).isEmpty }) != nil
        #expect(!restarted, "the watch started a daemon that was stopped on purpose")
        #expect(try sandbox.board("clock", autostart: true).status == 0)
        try waitUntil("a board from the daemon the user started", timeout: 15) { watch.lines().count >= 2 }
    }
}
