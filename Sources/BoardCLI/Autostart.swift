import BoardLink
import BoardProtocol
import BoardSystem
import FoundationEssentials

/// Starting `boardd` when no daemon answers, as tmux starts its server.
///
/// The daemon is found beside `board`'s own executable, else on `PATH`; it is
/// started detached (its own session, stdin and stdout on /dev/null, stderr
/// appended to `boardd.log` in the state directory, else beside the socket, else
/// /dev/null; the daemon rotates that file to `boardd.log.1` past 1 MiB) with the same socket, and
/// `board` waits up to 3 seconds for it to answer.
enum Autostart {
    static let wait = Duration.seconds(3)

    /// Whether autostart is on: not with `--no-autostart` or `BOARD_NO_AUTOSTART=1`.
    static func enabled(_ options: GlobalOptions) -> Bool { turnedOffBy(options) == nil }

    /// What turned autostart off, as the user wrote it (`--no-autostart` or `BOARD_NO_AUTOSTART=1`); nil when on.
    static func turnedOffBy(_ options: GlobalOptions) -> String? {
        if options.noAutostart { return "--no-autostart" }
        if let value = BoardPaths.environment("BOARD_NO_AUTOSTART"), turnsOff(value) { return "BOARD_NO_AUTOSTART=\(value)" }
        return nil
    }

    /// Whether `BOARD_NO_AUTOSTART`'s value turns autostart off: any but a word for no (`0`, `false`,
    /// `no`, `off`, in any case), which a script sets to keep it on.
    static func turnsOff(_ value: String) -> Bool {
        !["0", "false", "no", "off"].contains(value.lowercased())
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

    /// Starts a daemon on `socket` and waits for it; when it does not answer, the client's error
    /// sentence: the daemon's own reason where its log has one (a config it refused), else what went
    /// wrong and how to see why.
    static func start(socket: String, logDirectory: String) -> String? {
        func failed(_ problem: String, hint: String? = nil) -> String {
            let hint = hint ?? "run 'boardd --socket \(socket.shellWord)' to see why"
            return "no daemon is answering on \(socket) and starting one failed: \(problem); \(hint)"
        }
        // Where each log it may write ends now: its reason is what comes after (an old run's last
        // line is not this one's).
        let logEnds = Dictionary(
            [logDirectory, BoardPaths.directory(of: socket)].map {
                ($0 + "/boardd.log", (try? FileStatus(path: $0 + "/boardd.log").size) ?? 0)
            },
            uniquingKeysWith: { first, _ in first })
        let launched: Launched
        switch launch(socket: socket, logDirectory: logDirectory) {
        case .success(let started): launched = started
        case .failure(let problem): return failed(problem.description, hint: problem.hint)
        }
        let seeLog = launched.logPath.map { "; see \($0)" } ?? ""
        let deadline = ContinuousClock.now + wait
        while ContinuousClock.now < deadline {
            if (try? BoardConnection(path: socket, timeoutMilliseconds: 500)) != nil { return nil }
            if let status = ChildProcess.exitStatusIfEnded(launched.pid) {
                // It may have stepped aside for a daemon that has just bound the socket again.
                if (try? BoardConnection(path: socket, timeoutMilliseconds: 500)) != nil { return nil }
                // Its own words, the log's last new line, say why, and how to run it by hand follows.
                if let logPath = launched.logPath, let reason = lastLogReason(logPath, after: logEnds[logPath] ?? 0) {
                    // Status 2 is a config (or a flag) it refused: started by hand, it would refuse it again.
                    let hint =
                        status == 2
                        ? "fix it; 'boardd --check-config' says when it is good"
                        : "run 'boardd --socket \(socket.shellWord)' to start it by hand"
                    return "starting boardd failed: \(reason) (status \(status)); \(hint)"
                }
                return failed("boardd exited at once (status \(status))\(seeLog)")
            }
            Program.sleep(for: .milliseconds(20))
        }
        return failed("boardd did not answer within \(wait.components.seconds) s\(seeLog)")
    }

    /// What a daemon that exited at once said last in its log, since the log was `offset` bytes long:
    /// the last line's message, after its time and `boardd[PID] error: `; nil when it said nothing.
    static func lastLogReason(_ path: String, after offset: Int64) -> String? {
        guard let tail = try? RegularFile.tail(path, count: 4096, after: offset) else { return nil }
        let lines = String(decoding: tail, as: UTF8.self).split(separator: "\n")
        guard let last = lines.last(where: { !$0.allSatisfy(\.isWhitespace) }) else { return nil }
        let message = last.firstRange(of: "] error: ").map { last[$0.upperBound...] } ?? last
        return String(message.prefix(300))
    }

    /// A daemon just started: its process and where it logs.
    struct Launched {
        let pid: ChildProcess.ID
        let logPath: String?
    }

    /// Why no daemon could be started, in a phrase that follows "starting one failed: ".
    struct LaunchProblem: Error, CustomStringConvertible {
        let description: String
        /// What to do instead of running boardd by hand to see why, where that would not help.
        var hint: String? = nil
    }

    /// Starts a daemon on `socket`, detached, without waiting for it (`board status` cannot wait).
    ///
    /// An unwritable state never stops a command: when `boardd.log` cannot be written in the state
    /// directory, the daemon logs beside its socket instead, else nowhere, and board warns once.
    static func launch(socket: String, logDirectory: String) -> Result<Launched, LaunchProblem> {
        guard let executable = daemonExecutable() else {
            return .failure(
                LaunchProblem(
                    description: "no boardd was found beside board or on PATH",
                    hint: "install boardd beside board (the README's build puts both in .build/release)"))
        }
        let wanted = logDirectory + "/boardd.log"
        let logPath = [logDirectory, BoardPaths.directory(of: socket)].lazy.map { $0 + "/boardd.log" }.first(where: canLog)
        if logPath != wanted {
            Output.warning("cannot write \(wanted); boardd logs to \(logPath ?? "/dev/null")")
        }
        // The daemon gets 0, 1 and 2 only. It outlives board, and any other inherited pipe or
        // socket would keep whoever waits on its far end waiting as long as the daemon runs.
        markDescriptorsCloseOnExec()
        do {
            // Its own session, so a closing terminal or Ctrl-C in this one does not reach it.
            var environment = ProcessInfo.processInfo.environment
            environment[BoardPaths.startedByBoardVariable] = "1"
            let pid = try ChildProcess.spawn(
                [executable, "--socket", socket], environment: environment, stdout: .devNull,
                stderr: logPath.map { .file($0, append: true) } ?? .devNull, newSession: true)
            return .success(Launched(pid: pid, logPath: logPath))
        } catch {
            return .failure(LaunchProblem(description: "could not start \(executable): \(SystemError.message(for: error.code))"))
        }
    }

    /// Whether the daemon's log can be appended at `path`: its directory made (0700) and writable,
    /// and the file, when there is one, writable.
    static func canLog(_ path: String) -> Bool {
        let directory = BoardPaths.directory(of: path)
        try? FileManager.default.createDirectory(
            atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        // A symbolic link is never logged through (the daemon's log opens with O_NOFOLLOW).
        if let status = try? FileStatus(path: path, followingLinks: false) {
            return status.kind == .regular && FileManager.default.isWritableFile(atPath: path)
        }
        var isDirectory = false
        return FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) && isDirectory
            && FileManager.default.isWritableFile(atPath: directory)
    }

    /// Sets close-on-exec on every open descriptor above stderr, as listed in /proc/self/fd.
    static func markDescriptorsCloseOnExec() {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd") else { return }
        for descriptor in names.compactMap({ Int32($0) }) where descriptor > 2 {
            FileDescriptor(descriptor).setCloseOnExec()
        }
    }
}
