import BoardWire
import Glibc

/// One line per event on stderr, with a level; no timestamps when journald adds its own.
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
    /// journald timestamps lines itself; `JOURNAL_STREAM` says it is listening.
    var timestamps = getenv("JOURNAL_STREAM") == nil

    func debug(_ message: @autoclosure () -> String) { write(.debug, message()) }
    func info(_ message: @autoclosure () -> String) { write(.info, message()) }
    func warning(_ message: @autoclosure () -> String) { write(.warning, message()) }
    func error(_ message: @autoclosure () -> String) { write(.error, message()) }

    func write(_ level: Level, _ message: String) {
        guard level >= minimum else { return }
        var line = ""
        if timestamps {
            var now = timespec()
            clock_gettime(CLOCK_REALTIME, &now)
            var parts = tm()
            var seconds = now.tv_sec
            gmtime_r(&seconds, &parts)
            func pad(_ v: Int32) -> String { v < 10 ? "0\(v)" : "\(v)" }
            line += "\(parts.tm_year + 1900)-\(pad(parts.tm_mon + 1))-\(pad(parts.tm_mday))T"
            line += "\(pad(parts.tm_hour)):\(pad(parts.tm_min)):\(pad(parts.tm_sec))Z "
        }
        line += "boardd[\(getpid())] \(level.name): \(message)\n"
        try? FileDescriptor.standardError.writeAll(line)
    }
}
