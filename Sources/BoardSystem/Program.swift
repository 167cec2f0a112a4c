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

    /// Names the calling thread, as `top -H` and `/proc/PID/task/TID/comm` show it (at most 15 bytes).
    public static func nameThisThread(_ name: String) {
        _ = board_name_thread(String(name.utf8.prefix(15))!)
    }
}
