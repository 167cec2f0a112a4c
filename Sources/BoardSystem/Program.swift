import CSystemShims
import Glibc

/// The running program as a whole.
public enum Program {
    /// Ends the program with `status`, flushing what stdio holds, as C's `exit` does.
    public static func exit(_ status: Int32) -> Never { Glibc.exit(status) }

    /// This process's id (`getpid`).
    public static var processID: Int32 { getpid() }

    /// The user this process runs as (`getuid`, the real user id).
    public static var userID: UInt32 { getuid() }

    /// The CPU time a process, or one of its threads, has used, user and system, in seconds
    /// (`/proc/PID/stat`'s or `/proc/PID/task/TID/stat`'s `utime` and `stime`, in clock ticks of
    /// `sysconf(_SC_CLK_TCK)`); nil when it cannot be read.
    public static func cpuSeconds(of pid: Int32, thread: Int32? = nil) -> Double? {
        let path = thread.map { "/proc/\(pid)/task/\($0)/stat" } ?? "/proc/\(pid)/stat"
        guard let file = try? RegularFile.read(path, limit: 4096),
            let text = String(validating: file, as: UTF8.self), let close = text.lastIndex(of: ")")
        else { return nil }
        // After the name, which may hold spaces: the state is field 3, so utime (14) and stime (15) are at 11 and 12.
        let fields = text[text.index(after: close)...].split(separator: " ")
        guard fields.count > 12, let user = Int(fields[11]), let system = Int(fields[12]) else { return nil }
        return Double(user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// The home directory of this user's line in `/etc/passwd` (its sixth field), when absolute; nil
    /// when there is none. Read as a file, not with `getpwuid`, which a static executable (`board`)
    /// cannot call without the NSS libraries of the glibc it was linked with.
    ///
    /// Read as bytes, a line at a time: a comment field in another encoding (Latin-1) on some other
    /// line, or this one, costs nothing.
    public static func passwordDatabaseHome(_ path: String = "/etc/passwd", user: UInt32 = userID) -> String? {
        guard let file = try? RegularFile.read(path, limit: 4 << 20) else { return nil }
        for line in file.split(separator: UInt8(ascii: "\n")) {
            let fields = line.split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false)
            guard fields.count >= 6, let uid = String(validating: fields[2], as: UTF8.self), UInt32(uid) == user,
                let home = String(validating: fields[5], as: UTF8.self), home.hasPrefix("/")
            else { continue }
            return home
        }
        return nil
    }

    /// Names the calling thread, as `top -H` and `/proc/PID/task/TID/comm` show it (at most 15 bytes).
    public static func nameThisThread(_ name: String) {
        _ = board_name_thread(String(name.utf8.prefix(15))!)
    }
}
