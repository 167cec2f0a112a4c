import BoardProtocol
import BoardSystem
import Foundation

/// Starting `boardd` when no daemon answers, as tmux starts its server.
///
/// The daemon is found beside `board`'s own executable, else on `PATH`; it is
/// started detached (its own session, stdin and stdout on /dev/null, stderr
/// appended to `boardd.log` in the state directory) with the same socket, and
/// `board` waits up to 3 seconds for it to answer.
enum Autostart {
    static let wait = Duration.seconds(3)

    /// Whether autostart is on: not with `--no-autostart` or `BOARD_NO_AUTOSTART=1`.
    static func enabled(_ options: GlobalOptions) -> Bool {
        if options.noAutostart { return false }
        if let value = BoardPaths.environment("BOARD_NO_AUTOSTART"), value != "0" { return false }
        return true
    }

    /// The `boardd` to run, or nil when there is none.
    static func daemonExecutable() -> String? {
        if let own = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            let beside = BoardPaths.directory(of: own) + "/boardd"
            if FileSystem.isExecutable(beside) { return beside }
        }
        for directory in (BoardPaths.environment("PATH") ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":") {
            let candidate = "\(directory)/boardd"
            if FileSystem.isExecutable(candidate) { return candidate }
        }
        return nil
    }

    /// Starts a daemon on `socket` and waits for it; a description of what went wrong when it does not answer.
    static func start(socket: String, logDirectory: String) -> String? {
        guard let executable = daemonExecutable() else { return "no boardd was found beside board or on PATH" }
        try? FileManager.default.createDirectory(
            atPath: logDirectory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let logPath = logDirectory + "/boardd.log"
        // The daemon gets 0, 1 and 2 only. It outlives board, and any other inherited pipe or
        // socket would keep whoever waits on its far end waiting as long as the daemon runs.
        markDescriptorsCloseOnExec()
        let pid: ChildProcess.ID
        do {
            // Its own session, so a closing terminal or Ctrl-C in this one does not reach it.
            pid = try ChildProcess.spawn(
                [executable, "--socket", socket], stdout: .devNull, stderr: .file(logPath, append: true), newSession: true)
        } catch {
            return "could not start \(executable): \(SystemError.message(for: error.code))"
        }
        let deadline = ContinuousClock.now + wait
        while ContinuousClock.now < deadline {
            if (try? BoardConnection(path: socket, timeoutMilliseconds: 500)) != nil { return nil }
            if let status = ChildProcess.exitStatusIfEnded(pid) {
                return "boardd exited at once (status \(status)); see \(logPath)"
            }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return "boardd did not answer within \(wait.components.seconds) s; see \(logPath)"
    }

    /// Sets close-on-exec on every open descriptor above stderr, as listed in /proc/self/fd.
    static func markDescriptorsCloseOnExec() {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd") else { return }
        for descriptor in names.compactMap({ Int32($0) }) where descriptor > 2 {
            FileDescriptor(descriptor).setCloseOnExec()
        }
    }
}
