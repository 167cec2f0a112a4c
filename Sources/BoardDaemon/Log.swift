import BoardProtocol
import BoardSystem
import FoundationEssentials

/// One line per event on stderr, with a level; no timestamps when journald adds its own.
///
/// A message never spans lines and never moves a terminal: control characters in it
/// (a newline, ESC, BEL) are written as escapes (`\n`, `\x1b`). Each kind of message is
/// rate-limited (`LogRateLimiter`): a flood becomes a few lines a second and a count.
/// When stderr is a regular file (autostart's `boardd.log`), it is rotated past
/// `rotationSize`: renamed to `.1` and started afresh, so the log never takes more
/// than twice that.
struct Log: Sendable {
    enum Level: Int, Comparable, Sendable, CaseIterable {
        case debug, info, warning, error

        var name: String {
            switch self {
            case .debug: "debug"
            case .info: "info"
            case .warning: "warning"
            case .error: "error"
            }
        }

        init?(name: String) {
            guard let level = Level.allCases.first(where: { $0.name == name.lowercased() }) else { return nil }
            self = level
        }

        static func < (a: Level, b: Level) -> Bool { a.rawValue < b.rawValue }
    }

    var minimum: Level
    /// Whether stderr goes to journald, which stamps each line with the time, the program and its pid itself.
    var toJournal: Bool
    /// Shared by every copy of this log: the rate limiter's counts.
    private let limiter = Locked(LogRateLimiter())
    /// Whether stderr is a regular file, which is rotated past `rotationSize`.
    private let rotates: Bool

    /// A log file larger than this (1 MiB) is rotated.
    static let rotationSize: Int64 = 1024 * 1024

    init(minimum: Level = .info, toJournal: Bool = Log.stderrIsJournal()) {
        self.minimum = minimum
        self.toJournal = toJournal
        self.rotates = !toJournal && RotatingFile.isRegularFile(.standardError)
    }

    /// Each message is made only when its level is logged: a debug line costs nothing at info.
    func debug(_ message: @autoclosure () -> String) { if minimum <= .debug { write(.debug, message()) } }
    func info(_ message: @autoclosure () -> String) { if minimum <= .info { write(.info, message()) } }
    func warning(_ message: @autoclosure () -> String) { write(.warning, message()) }
    func error(_ message: @autoclosure () -> String) { write(.error, message()) }

    func write(_ level: Level, _ message: String) {
        guard level >= minimum else { return }
        let now = ContinuousClock.now
        for (level, text) in limiter.withLock({ $0.admit(message, level: level, at: now) }) { emit(level, text) }
    }

    /// Writes the counts of messages suppressed in windows that have passed (all of them with `all`).
    func flushSuppressed(all: Bool = false) {
        let now = ContinuousClock.now
        for (level, text) in limiter.withLock({ $0.flush(at: now, all: all) }) { emit(level, text) }
    }

    private func emit(_ level: Level, _ text: String) {
        if rotates, let path = RotatingFile.rotate(.standardError, ifLargerThan: Self.rotationSize) {
            let note = "the log passed \(Self.rotationSize / 1024 / 1024) MiB; the earlier lines are in \(path).1"
            try? FileDescriptor.standardError.writeAll(line(.info, note, at: Self.utcNow()))
        }
        try? FileDescriptor.standardError.writeAll(line(level, text, at: toJournal ? nil : Self.utcNow()))
    }

    /// One line: `TIME boardd[PID] LEVEL: MESSAGE` on a terminal or in a file; for journald,
    /// `<PRIORITY>LEVEL: MESSAGE`, the prefix giving the entry its priority (sd-daemon(3)).
    func line(_ level: Level, _ message: String, at time: String?) -> String {
        let text = message.escapingControlCharacters
        if toJournal { return "<\(level.syslogPriority)>\(level.name): \(text)\n" }
        return "\(time.map { $0 + " " } ?? "")boardd[\(Program.processID)] \(level.name): \(text)\n"
    }

    /// `JOURNAL_STREAM` names the device and inode of the stream journald reads; it counts only
    /// while stderr is still that stream (not when a shell under the service redirected it).
    static func stderrIsJournal() -> Bool {
        guard let value = BoardPaths.environment("JOURNAL_STREAM") else { return false }
        let parts = value.split(separator: ":")
        guard parts.count == 2, let device = UInt64(parts[0]), let inode = UInt64(parts[1]) else { return false }
        guard let info = try? FileStatus(.standardError) else { return false }
        return info.device == device && info.inode == inode
    }

    /// The time now in UTC, to the second: `2026-11-30T17:00:00Z`.
    static func utcNow() -> String { utc(Date()) }

    /// `time` in UTC, to the second (truncated): `2026-11-30T17:00:00Z`.
    static func utc(_ time: Date) -> String { time.formatted(.iso8601) }
}

extension Log.Level {
    /// The syslog priority journald files the line under: debug 7, info 6, warning 4, error 3.
    var syslogPriority: Int {
        switch self {
        case .debug: 7
        case .info: 6
        case .warning: 4
        case .error: 3
        }
    }
}

extension String {
    /// One line that cannot move a terminal: newline, carriage return and tab as `\n`, `\r`, `\t`,
    /// every other control character (C0, DEL, C1) as `\xHH`, a bidirectional control as `\uHHHH`
    /// (`Unicode.Scalar.isTerminalControl`). A newline would start a new log line (or a new sd_notify
    /// assignment); ESC and BEL would reach whoever reads the log on a terminal, U+202E would turn
    /// the rest of the line around.
    var escapingControlCharacters: String {
        guard unicodeScalars.contains(where: \.isTerminalControl) else { return self }
        var result = ""
        for scalar in unicodeScalars {
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.isTerminalControl:
                let hex = String(scalar.value, radix: 16)
                result +=
                    scalar.value > 0xFF
                    ? "\\u" + String(repeating: "0", count: 4 - hex.count) + hex : "\\x" + (hex.count < 2 ? "0" : "") + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
