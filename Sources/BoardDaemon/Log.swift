import BoardProtocol
import BoardSystem
import Foundation

/// One line per event on stderr, with a level; no timestamps when journald adds its own.
///
/// A message never spans lines: newlines in it become spaces.
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

    var minimum: Level = .info
    /// Whether stderr goes to journald, which stamps each line with the time, the program and its pid itself.
    var toJournal = Log.stderrIsJournal()

    func debug(_ message: @autoclosure () -> String) { write(.debug, message()) }
    func info(_ message: @autoclosure () -> String) { write(.info, message()) }
    func warning(_ message: @autoclosure () -> String) { write(.warning, message()) }
    func error(_ message: @autoclosure () -> String) { write(.error, message()) }

    func write(_ level: Level, _ message: String) {
        guard level >= minimum else { return }
        try? FileDescriptor.standardError.writeAll(line(level, message, at: toJournal ? nil : Self.utcNow()))
    }

    /// One line: `TIME boardd[PID] LEVEL: MESSAGE` on a terminal or in a file; for journald,
    /// `<PRIORITY>LEVEL: MESSAGE`, the prefix giving the entry its priority (sd-daemon(3)).
    func line(_ level: Level, _ message: String, at time: String?) -> String {
        let text = message.replacingNewlines
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
    /// One line, whatever the text: a newline would start a new log line (or a new sd_notify assignment).
    var replacingNewlines: String {
        guard contains(where: \.isNewline) else { return self }
        return String(map { $0.isNewline ? " " : $0 })
    }
}
