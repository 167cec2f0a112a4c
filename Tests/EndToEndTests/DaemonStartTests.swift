import BoardLink
import BoardSystem
import Foundation
import Glibc
import Testing

/// The daemon's start, before its loop runs: descriptors it was given closed, signals sent while it
/// reads its config or reaches Redis.
@Suite struct DaemonStartTests {
    static let now = "2026-11-30T12:00:00-05:00"

    func answers(_ socket: String) -> Bool {
        (try? BoardConnection(path: socket, timeoutMilliseconds: 200)) != nil
    }

    /// `boardd 2>&-` (or a supervisor that closes 0 to 2) has `/dev/null` on each closed descriptor:
    /// the lock file took descriptor 2 and the log was written into it; with all three closed the
    /// listening socket was descriptor 1.
    @Test(arguments: ["2>&-", "<&- >&- 2>&-"])
    func closedStandardDescriptorsAreOpenedOnDevNull(closing: String) throws {
        let sandbox = Sandbox()
        let pid = try spawn(
            [
                "/bin/sh", "-c", #"exec "$0" "$@" "# + closing, Binaries.boardd, "--socket", sandbox.socket, "--now", Self.now,
                "--speed", "0",
            ],
            environment: sandbox.environment(), stderr: "/dev/null")
        defer { reap(pid) }
        try waitUntil("boardd to answer") { answers(sandbox.socket) }
        for fd in 0...2 {
            let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\(fd)")
            if closing.contains("\(fd == 0 ? "<" : fd == 1 ? ">" : "2>")&-") {
                #expect(target == "/dev/null", "descriptor \(fd): \(target ?? "closed")")
            }
        }
        kill(pid, SIGTERM)
        #expect(try waitForExit(pid) == 0)
        let lock = (try? Data(contentsOf: URL(fileURLWithPath: sandbox.socket + ".lock"))) ?? Data()
        #expect(!String(decoding: lock, as: UTF8.self).contains("shutting down"), "the log went into the lock file")
    }

    /// A SIGHUP (or SIGUSR1, SIGUSR2) while the daemon starts waits for its loop: a reload sent to a
    /// daemon reaching Redis (here one that never answers) ended it with status 129. The start then
    /// fails in its own words, with its own status.
    @Test func aReloadWhileTheDaemonStartsDoesNotEndIt() throws {
        let sandbox = Sandbox()
        let directory = "/tmp/board-start-\(UUID().uuidString.prefix(8))"
        let silent = try SilentDaemon(path: directory + "/r.sock")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let daemon = try StartedProcess(
            [Binaries.boardd, "--socket", sandbox.socket, "--follow", "unix://\(directory)/r.sock"],
            environment: sandbox.environment())
        try silent.waitForClient()
        kill(daemon.pid, SIGHUP)
        kill(daemon.pid, SIGUSR2)
        let (ending, result) = try daemon.finish(timeout: 20)
        #expect(ending == .exited(1), "\(ending): \(result.stderr)")
        #expect(result.stderr.contains("no reply within"), "\(result.stderr)")
    }

    /// A daemon `board` started (autostart, `BOARDD_STARTED_BY_BOARD=1`) beside one that already
    /// answers steps aside with an info line and status 0: a dozen tmux panes starting at once logged
    /// "error: another boardd is already serving" for each one that lost the race. By hand it is still
    /// that error, status 1.
    @Test func aDaemonBoardStartedBesideOneThatServesStepsAsideQuietly() throws {
        let sandbox = Sandbox()
        let daemon = try RunningDaemon(sandbox: sandbox)
        defer { _ = try? daemon.stop() }
        let second = try run(
            Binaries.boardd, ["--socket", sandbox.socket],
            environment: sandbox.environment(extra: [BoardPaths.startedByBoardVariable: "1"]))
        #expect(second.status == 0, "\(second.stderr)")
        #expect(
            second.stderr.contains("info: another boardd serves \(sandbox.socket): this one, started by board, steps aside"),
            "\(second.stderr)"
        )
        #expect(!second.stderr.contains("error"), "\(second.stderr)")
        let byHand = try run(Binaries.boardd, ["--socket", sandbox.socket], environment: sandbox.environment())
        #expect(byHand.status == 1 && byHand.stderr.contains("another boardd is already serving"), "\(byHand.stderr)")
        #expect(answers(sandbox.socket), "the first still serves")
    }

    /// A socket another program listens on (no boardd's lock held, no boardd's hello) is said to be
    /// another program's: it was "another boardd is already serving", sending the user looking for a
    /// daemon not there. A boardd whose lock this one does not see (its lock file removed, a socket
    /// systemd passed) says hello as one, and is said to be one.
    @Test func aSocketAnotherProgramListensOnIsSaidToBeIt() throws {
        let sandbox = Sandbox()
        try FileManager.default.createDirectory(
            atPath: (sandbox.socket as NSString).deletingLastPathComponent, withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700])
        let other = try UnixSocket.listen(path: sandbox.socket)
        let result = try run(Binaries.boardd, ["--socket", sandbox.socket], environment: sandbox.environment())
        other.close()
        #expect(result.status == 1, "\(result.stderr)")
        #expect(
            result.stderr.contains("another program listens on \(sandbox.socket) (it does not greet as a boardd)"),
            "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: sandbox.socket), "its socket is left alone")
        try FileManager.default.removeItem(atPath: sandbox.socket)

        let daemon = try RunningDaemon(sandbox: sandbox)
        defer { _ = try? daemon.stop() }
        #expect(unlink(sandbox.socket + ".lock") == 0)
        let second = try run(Binaries.boardd, ["--socket", sandbox.socket], environment: sandbox.environment())
        #expect(second.status == 1 && second.stderr.contains("another boardd is already serving"), "\(second.stderr)")
        #expect(answers(sandbox.socket), "the first still serves")
    }
}
