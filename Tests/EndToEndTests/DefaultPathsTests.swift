import BoardLink
import BoardProtocol
import BoardSystem
import Foundation
import Glibc
import Testing

/// Where the socket and the state live when no flag or BOARD_* variable says: the XDG defaults.
struct DefaultPathsTests {
    /// This sandbox's environment without the variables that name the socket and the state directory.
    func environment(_ sandbox: Sandbox, _ extra: [String: String]) -> [String: String] {
        var environment = sandbox.environment()
        for name in ["BOARD_SOCKET", "BOARD_STATE_DIR", "XDG_RUNTIME_DIR", "XDG_STATE_HOME"] {
            environment.removeValue(forKey: name)
        }
        // A home that exists, as a user's does: a HOME that does not is not made for the state
        // (`StateFileTests.aHomeThatDoesNotExistIsNotMadeForTheState`).
        try? FileManager.default.createDirectory(atPath: sandbox.path + "/home", withIntermediateDirectories: true)
        environment["HOME"] = sandbox.path + "/home"
        environment.merge(extra) { $1 }
        return environment
    }

    @Test func theSocketIsInTheRuntimeDirectory() throws {
        let sandbox = Sandbox()
        let runtime = sandbox.path + "/runtime"
        let socket = runtime + "/board/boardd.sock"
        let daemon = try RunningDaemon(sandbox: sandbox, socket: socket)
        let result = try runAsFromAShell(
            [Binaries.board, "--json"], environment: environment(sandbox, ["XDG_RUNTIME_DIR": runtime]))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.json?["now"]?.string == knownInstant, "the daemon on $XDG_RUNTIME_DIR/board/boardd.sock answered")
        try daemon.stop()
    }

    /// Without one, or with a relative one (which the XDG specification says to ignore).
    @Test(arguments: [nil, "run/relative"])
    func withoutARuntimeDirectoryTheSocketIsInTmp(runtime: String?) throws {
        let sandbox = Sandbox()
        let path = "/tmp/board-\(getuid())/boardd.sock"
        // Autostart is off: this only reads which socket board tried, and starts nothing on the shared /tmp path.
        let extra = runtime.map { ["XDG_RUNTIME_DIR": $0] } ?? [:]
        let result = try runAsFromAShell([Binaries.board, "--json"], environment: environment(sandbox, extra))
        if (try? BoardConnection(path: path, timeoutMilliseconds: 500)) != nil {
            #expect(result.status == 0, "a daemon of this machine answers on \(path): \(result.stderr)")
        } else {
            #expect(result.status == 3)
            #expect(result.stderr.contains(path), "\(result.stderr)")
        }
    }

    /// A relative XDG_STATE_HOME is ignored, as the XDG Base Directory specification says.
    @Test(arguments: ["absolute", "none", "relative"])
    func theStateIsInTheXDGStateHomeElseInLocalState(stateHome kind: String) throws {
        let sandbox = Sandbox()
        let daemon = try RunningDaemon(sandbox: sandbox)
        let stateHome = sandbox.path + "/xdg-state"
        var extra = ["BOARD_SOCKET": sandbox.socket]
        if kind == "absolute" { extra["XDG_STATE_HOME"] = stateHome }
        if kind == "relative" { extra["XDG_STATE_HOME"] = "xdg-state" }
        let result = try runAsFromAShell([Binaries.board, "arrivals"], environment: environment(sandbox, extra))
        #expect(result.status == 0, "\(result.stderr)")
        let expected =
            kind == "absolute" ? stateHome + "/board/state.json" : sandbox.path + "/home/.local/state/board/state.json"
        #expect(FileManager.default.fileExists(atPath: expected), "state.json at \(expected)")
        try daemon.stop()
    }
}
