import Foundation
import Glibc

/// Processes found through /proc, for daemons the tests did not start themselves (autostart).
enum ProcessTable {
    /// The live processes whose command line has `argument` as one of its arguments.
    static func processes(withArgument argument: String) -> [pid_t] {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return [] }
        return entries.compactMap { pid_t($0) }.filter { pid in
            isAlive(pid) && arguments(of: pid).dropFirst().contains(argument)
        }
    }

    /// The command line of `pid`, split at its NUL bytes.
    static func arguments(of pid: pid_t) -> [String] {
        // /proc files report a size of 0: read them to the end rather than by their size.
        guard let file = FileHandle(forReadingAtPath: "/proc/\(pid)/cmdline") else { return [] }
        defer { try? file.close() }
        // A process that exits while it is read makes the read fail (ESRCH): `readToEnd` throws where
        // `readDataToEndOfFile` traps, which ended a whole test run under AddressSanitizer.
        guard let data = try? file.readToEnd() else { return [] }
        return data.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
            .filter { !$0.isEmpty }
    }

    /// The executable `pid` runs.
    static func executable(of pid: pid_t) -> String? {
        try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/exe")
    }

    /// Whether `pid` exists and has not exited (a zombie waiting for its reaper counts as gone).
    static func isAlive(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return false }
        let state = stat[stat.index(after: close)...].split(separator: " ").first
        return state != "Z" && state != "X"
    }

    /// Stops `pid` with SIGTERM and waits for it to go; SIGKILL past the deadline.
    static func stop(_ pid: pid_t, timeout: Double = 10) throws {
        kill(pid, SIGTERM)
        do {
            try waitUntil("process \(pid) to exit", timeout: timeout) { !isAlive(pid) }
        } catch {
            kill(pid, SIGKILL)
            throw error
        }
    }
}
