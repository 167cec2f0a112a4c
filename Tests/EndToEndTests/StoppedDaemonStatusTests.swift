import BoardLink
import BoardProtocol
import BoardSystem
import Foundation
import Glibc
import Testing

/// A daemon stopped on purpose stays stopped: `board status`, run by tmux every few seconds, says so
/// and starts none (so the owner's next `boardd` is not refused); one that died without a word is
/// started again, and a daemon that takes the socket clears the note.
@Suite struct StoppedDaemonStatusTests {
    @Test func aDaemonStoppedOnPurposeIsNotStartedByStatus() throws {
        let sandbox = Sandbox()
        defer { for pid in ProcessTable.processes(withArgument: sandbox.socket) { try? ProcessTable.stop(pid) } }
        let daemon = try RunningDaemon(sandbox: sandbox)
        #expect(try daemon.stop(signal: SIGTERM) == 0)
        #expect(ShutdownMarker.isSet(forSocket: sandbox.socket))
        for _ in 0..<2 {
            let line = try sandbox.board("status", autostart: true, timeout: 5)
            #expect(line.status == 0)
            #expect(line.stdout == "board: stopped\n", "\(line.stdout)")
        }
        // waybar's tooltip says why too: stopped, not slow.
        let waybar = try JSON.parse(Array(try sandbox.board("status", "--waybar", autostart: true, timeout: 5).stdout.utf8))
        #expect(waybar["text"]?.string == "board: stopped")
        #expect(waybar["class"]?.string == "offline")
        #expect(waybar["tooltip"]?.string?.contains("stopped on purpose") == true, "\(waybar)")
        #expect(waybar["tooltip"]?.string?.contains("starts it again") == true, "\(waybar)")
        // With autostart off, no command starts it: the tooltip says how to.
        let off = try JSON.parse(Array(try sandbox.board("status", "--waybar", autostart: false, timeout: 5).stdout.utf8))
        #expect(off["tooltip"]?.string?.hasSuffix("start it with boardd.") == true, "\(off)")
        // The launcher returns once the child exists: none does, so none was started.
        #expect(ProcessTable.processes(withArgument: sandbox.socket).isEmpty, "status started a daemon")
        #expect(UnixSocket.isSocket(path: sandbox.socket) == nil)
        // The owner starts one again: it takes the socket and the note goes.
        let again = try RunningDaemon(sandbox: sandbox)
        #expect(!ShutdownMarker.isSet(forSocket: sandbox.socket))
        let live = try statusOnline { try sandbox.board("status", autostart: true, timeout: 5) }
        #expect(live.stdout.hasPrefix("MTN "), "\(live.stdout)")
        #expect(try again.stop() == 0)
    }

    @Test func aDaemonThatDiedWithoutAWordIsStartedAgain() throws {
        let sandbox = Sandbox()
        defer { for pid in ProcessTable.processes(withArgument: sandbox.socket) { try? ProcessTable.stop(pid) } }
        let daemon = try RunningDaemon(sandbox: sandbox)
        #expect(try daemon.stop(signal: SIGKILL) == 128 + SIGKILL)
        #expect(!ShutdownMarker.isSet(forSocket: sandbox.socket))
        let line = try sandbox.board("status", autostart: true, timeout: 5)
        #expect(line.stdout == "board: offline\n")
        try waitUntil("the autostarted daemon to answer", timeout: 10) {
            (try? BoardConnection(path: sandbox.socket, timeoutMilliseconds: 200)) != nil
        }
    }

    /// A daemon status started that could not start (a config it refused) is said as such, and status
    /// starts another at most once a minute: each refresh said "offline" and started one that failed,
    /// adding an error to the log. A command by hand still starts one and says why; a daemon that
    /// takes the socket clears the note.
    @Test func aStartThatFailedIsSaidAndNotTriedAtEachRefresh() throws {
        let sandbox = Sandbox()
        defer { for pid in ProcessTable.processes(withArgument: sandbox.socket) { try? ProcessTable.stop(pid) } }
        let config = sandbox.path + "/boardd.json"
        try #"{"seed": "x"}"#.write(toFile: config, atomically: true, encoding: .utf8)
        let broken = ["BOARDD_CONFIG": config]
        let first = try sandbox.board("status", autostart: true, env: broken, timeout: 5)
        #expect(first.stdout == "board: offline\n", "\(first.stdout)")
        try waitUntil("the failed start's note", timeout: 10) { StartFailureMarker.read(forSocket: sandbox.socket) != nil }
        #expect(StartFailureMarker.read(forSocket: sandbox.socket)?.reason.contains("seed") == true)
        let log = sandbox.stateDirectory + "/boardd.log"
        let errors = { ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").components(separatedBy: "error:").count - 1 }
        #expect(errors() == 1)
        for _ in 0..<3 {
            let line = try sandbox.board("status", autostart: true, env: broken, timeout: 5)
            #expect(line.stdout == "board: start failed\n", "\(line.stdout)")
        }
        let waybar = try JSON.parse(
            Array(try sandbox.board("status", "--waybar", autostart: true, env: broken, timeout: 5).stdout.utf8))
        #expect(waybar["class"]?.string == "offline")
        #expect(waybar["tooltip"]?.string?.hasPrefix("boardd could not start: ") == true, "\(waybar)")
        // The launcher returns once the child exists: none does, so none was started again.
        #expect(ProcessTable.processes(withArgument: sandbox.socket).isEmpty, "status started a daemon")
        #expect(errors() == 1, "one failed start logged, not one a refresh")
        // By hand, with the config mended: a daemon starts, takes the socket, and the note goes.
        try #"{"seed": 7}"#.write(toFile: config, atomically: true, encoding: .utf8)
        #expect(try sandbox.board("clock", autostart: true, env: broken).status == 0)
        #expect(StartFailureMarker.read(forSocket: sandbox.socket) == nil)
        let live = try statusOnline { try sandbox.board("status", autostart: true, env: broken, timeout: 5) }
        #expect(live.stdout.hasPrefix("MTN "), "\(live.stdout)")
    }
}
