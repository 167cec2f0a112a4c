import BoardLink
import BoardProtocol
import BoardSystem
import Foundation
import Glibc
import Testing

/// The built `boardd` and `board`, found beside the test bundle.
enum Binaries {
    static let directory: String = {
        let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        var dir = URL(fileURLWithPath: exe).deletingLastPathComponent()
        // The bundle may sit in a .xctest directory.
        while !FileManager.default.fileExists(atPath: dir.appendingPathComponent("boardd").path), dir.path != "/" {
            dir = dir.deletingLastPathComponent()
        }
        return dir.path
    }()
    static var boardd: String { directory + "/boardd" }
    static var board: String { directory + "/board" }
}

/// What a finished process printed and how it ended.
struct ProcessResult {
    let status: Int32
    let stdout: String
    let stderr: String
    var json: JSON? { try? JSON.parse(stdout) }
}

/// A private temporary directory: the socket and state live here, removed at the end.
final class Sandbox {
    let path: String
    var socket: String { path + "/run/boardd.sock" }
    var stateDirectory: String { path + "/state" }

    init() {
        var template = Array("/tmp/board-e2e-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        path = made.map { String(cString: $0) } ?? "/tmp/board-e2e-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    }

    deinit {
        // A daemon `board` started (autostart) logs to one of these: its report fails the test too.
        for log in [stateDirectory + "/boardd.log", path + "/run/boardd.log"] {
            guard let text = try? String(contentsOfFile: log, encoding: .utf8) else { continue }
            if let report = CrashReport.problem(in: text) { Issue.record(Comment(rawValue: "\(log): \(report)")) }
        }
        try? FileManager.default.removeItem(atPath: path)
    }

    /// The environment for `board`: this sandbox's socket and state, no colour, no autostart unless asked.
    func environment(autostart: Bool = false, extra: [String: String] = [:]) -> [String: String] {
        var env = ProcessInfo.processInfo.environment
        env["BOARD_SOCKET"] = socket
        env["BOARD_STATE_DIR"] = stateDirectory
        env["XDG_CONFIG_HOME"] = path + "/config"
        env.removeValue(forKey: "NO_COLOR")
        // A terminal that can show colour, whatever the runner's (CI sets TERM=dumb, or none).
        env["TERM"] = "xterm-256color"
        env.removeValue(forKey: "COLUMNS")  // people's output is 80 wide unless a test says otherwise
        if autostart { env.removeValue(forKey: "BOARD_NO_AUTOSTART") } else { env["BOARD_NO_AUTOSTART"] = "1" }
        for (key, value) in extra { env[key] = value }
        return env
    }

    /// Runs `board` with `arguments` and waits for it (with a deadline).
    func board(_ arguments: String..., autostart: Bool = false, env: [String: String] = [:], timeout: Double = 20) throws
        -> ProcessResult
    {
        try run(Binaries.board, arguments, environment: environment(autostart: autostart, extra: env), timeout: timeout)
    }

    func board(arguments: [String], autostart: Bool = false, env: [String: String] = [:], timeout: Double = 20) throws
        -> ProcessResult
    {
        try run(Binaries.board, arguments, environment: environment(autostart: autostart, extra: env), timeout: timeout)
    }

    /// `board status ARGUMENTS` once it reached the daemon, with the field `has` looks for (`statusOnline`).
    func status(
        _ arguments: String..., env: [String: String] = [:], has field: (ProcessResult) -> Bool = { _ in true }
    ) throws -> ProcessResult {
        try statusOnline(has: field) { try board(arguments: ["status"] + arguments, env: env) }
    }
}

/// How long starting `board` takes now (`board --version`, the longer of two runs): a bound on a
/// command that must not wait is this plus the margin it guards, so that a machine slowed by a
/// sanitizer or the rest of the suite moves the bound with it, and a wait of the deadline guarded
/// (seconds) still fails.
func processStartSeconds(_ sandbox: Sandbox) throws -> Double {
    var longest = 0.0
    for _ in 0..<2 {
        let started = ContinuousClock.now
        _ = try sandbox.board("--version")
        let took = ContinuousClock.now - started
        longest = max(longest, Double(took.components.seconds) + Double(took.components.attoseconds) / 1e18)
    }
    return longest
}

/// A `board status` run once it reached the daemon. The line's budget is 150 ms (a tmux status line
/// must never hang), which a loaded machine (a sanitizer run beside the whole suite) can overrun, and
/// then the line says offline: it is run again until it does not, within a deadline. Tests of the
/// offline line itself run `board status` once.
///
/// A reply that misses the budget leaves its field out of a line that is still online (the next
/// departure, a later day's pin, the replica's note): a test of such a field passes `has`, and the
/// line is asked again until the field is there. The test's own expectations then check its value.
func statusOnline(has field: (ProcessResult) -> Bool = { _ in true }, _ run: () throws -> ProcessResult) throws
    -> ProcessResult
{
    var last: ProcessResult?
    try waitUntil("board status to reach the daemon within its budget, with every field asked for", timeout: 60) {
        let result = try run()
        last = result
        return result.json?["online"]?.bool != false && !result.stdout.contains("board: offline")
            && !result.stdout.contains(#""class":"offline""#) && field(result)
    }
    return try #require(last)
}

struct TimedOut: Error, CustomStringConvertible {
    let what: String
    var description: String { "timed out waiting for \(what)" }
}

/// Runs a program to completion, capturing its output; kills it past the deadline.
func run(_ executable: String, _ arguments: [String], environment: [String: String], timeout: Double = 20) throws -> ProcessResult
{
    try runAsFromAShell([executable] + arguments, environment: environment, timeout: timeout)
}

/// A `boardd` running in a sandbox, stopped (SIGTERM) when released.
///
/// Its log goes to a file in the sandbox rather than a pipe, so a chatty daemon can never
/// block on a full pipe nobody reads.
final class RunningDaemon {
    let sandbox: Sandbox
    let socket: String
    let pid: pid_t
    let logPath: String
    private var exitStatus: Int32?

    /// Starts `boardd` on the sandbox's socket with a frozen simulated clock by default, and waits until it answers.
    init(
        sandbox: Sandbox, now: String? = "2026-11-30T12:00:00-05:00", speed: Double? = 0, extra: [String] = [],
        socket: String? = nil,
        env: [String: String] = [:]
    ) throws {
        self.sandbox = sandbox
        self.socket = socket ?? sandbox.socket
        var arguments = [Binaries.boardd, "--socket", self.socket]
        if let now { arguments += ["--now", now] }
        if let speed { arguments += ["--speed", String(speed)] }
        arguments += extra
        logPath = sandbox.path + "/boardd-\(UInt32.random(in: 0...UInt32.max)).log"
        pid = try spawnChild(
            arguments, environment: sandbox.environment(extra: env), stdout: .devNull, stderr: .file(logPath, append: false))
        let socketPath = self.socket
        try waitUntil("boardd to answer on \(socketPath)", timeout: 10) {
            (try? BoardConnection(path: socketPath, timeoutMilliseconds: 200)) != nil
        }
    }

    /// Sends `signal` and waits for the daemon to exit; its exit status (128 + the signal when killed by one).
    @discardableResult
    func stop(signal: Int32 = SIGTERM, timeout: Double = 10) throws -> Int32 {
        if let exitStatus { return exitStatus }
        kill(pid, signal)
        var status: Int32 = 0
        try waitUntil("boardd to exit", timeout: timeout) { waitpid(pid, &status, WNOHANG) == pid }
        let signalled = status & 0x7F
        let result = signalled == 0 ? (status >> 8) & 0xFF : 128 + signalled
        exitStatus = result
        return result
    }

    /// What it has logged so far.
    func logText() -> String { (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "" }

    /// Waits until `count` clients follow events (`events.watch`), as the status line SIGUSR2 logs
    /// counts them: a fact of the daemon's, where a client's open socket says only that it connected.
    func waitForEventFollowers(_ count: Int, timeout: Double = 10) throws {
        try waitForStatus("\(count) client(s) following events", containing: " \(count) following events", timeout: timeout)
    }

    /// Waits until `count` clients watch boards (`board.watch`), as the status line counts them: so a
    /// test can move the clock after a watch took effect without reading the watcher's socket.
    func waitForWatchers(_ count: Int, timeout: Double = 10) throws {
        try waitForStatus("\(count) client(s) watching", containing: ", \(count) watching,", timeout: timeout)
    }

    /// Asks for status lines (SIGUSR2) until the newest contains `text`.
    private func waitForStatus(_ what: String, containing text: String, timeout: Double) throws {
        func statusLines() -> [Substring] { logText().split(separator: "\n").filter { $0.contains("SIGUSR2: serving") } }
        try waitUntil(what, timeout: timeout) {
            let before = statusLines().count
            kill(pid, SIGUSR2)
            try waitUntil("the status line", timeout: 5) { statusLines().count > before }
            return statusLines().last?.contains(text) == true
        }
    }

    deinit {
        var crashSignal: Int32?
        if exitStatus == nil {
            var status: Int32 = 0
            if waitpid(pid, &status, WNOHANG) == pid {
                // It ended by itself, which no test asks of it but by a signal of its own.
                let signal = status & 0x7F
                if Self.crashSignals.contains(signal) { crashSignal = signal }
            } else {
                kill(pid, SIGKILL)
                waitpid(pid, &status, 0)
            }
        }
        if let report = CrashReport.problem(in: logText(), crashSignal: crashSignal) {
            Issue.record(Comment(rawValue: "boardd (pid \(pid)) \(report)"))
        }
    }

    /// Signals only a crash sends (a trap, a fault, an abort): no test sends one.
    private static let crashSignals: Set<Int32> = [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE]
}

/// What a process's output says went wrong in it whatever its test saw: a sanitizer's report or a
/// Swift runtime trap. A test that kills its daemon never reads its exit status, and a test of a
/// command checks the output it expects, not what else is there: without this a race ThreadSanitizer
/// found in the daemon went away with the sandbox, and an AddressSanitizer abort read as a
/// connection reset by peer. `RunningDaemon` checks its log when it is let go, `runAsFromAShell`
/// each command's standard error.
enum CrashReport {
    /// The lines that begin a report, as the sanitizers and the Swift runtime print them.
    static let markers = [
        "WARNING: ThreadSanitizer:", "ERROR: ThreadSanitizer:", "ERROR: AddressSanitizer:",
        "ERROR: LeakSanitizer:", "runtime error:", "Fatal error:",
    ]

    /// The report's first lines when `output` has one, or the crash signal's number; nil when neither.
    static func problem(in output: String, crashSignal: Int32? = nil) -> String? {
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false)
        if let first = lines.firstIndex(where: { line in markers.contains { line.contains($0) } }) {
            return "reported:\n" + lines[first..<min(lines.count, first + 40)].joined(separator: "\n")
        }
        guard let crashSignal else { return nil }
        return "was killed by signal \(crashSignal) while its test ran; its log ends:\n"
            + lines.suffix(20).joined(separator: "\n")
    }
}

/// Waits for `condition` to hold, checking often, failing after `timeout` seconds.
func waitUntil(_ what: String, timeout: Double = 10, _ condition: () throws -> Bool) throws {
    // The monotonic clock: a wall clock stepped meanwhile (NTP) neither stretches nor cuts a wait.
    let deadline = ContinuousClock.now + .milliseconds(Int(timeout * 1000))
    while ContinuousClock.now < deadline {
        if try condition() { return }
        // Waiting for an external process: a short poll interval bounded by the deadline.
        _ = poll(nil, 0, 10)
    }
    throw TimedOut(what: what)
}
