import BoardProtocol
import BoardSystem
import Foundation
import Glibc

// Programs started in the background by the tests, where Foundation's Process cannot do
// what is needed: pass a descriptor as 3 (socket activation), know the stderr file's inode.

/// The full path of `program` on PATH, or nil.
func which(_ program: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").map { "\($0)/\(program)" }.first { access($0, X_OK) == 0 }
}

/// Starts a program without waiting: stdin and stdout on /dev/null, stderr to a file, and
/// optionally `descriptor3` as its descriptor 3 (for socket activation).
func spawn(_ arguments: [String], environment: [String: String], stderr: String, descriptor3: Int32? = nil) throws -> pid_t {
    try spawnChild(
        arguments, environment: environment, stdout: .devNull, stderr: .file(stderr, append: false),
        inherited: descriptor3.map { [3: $0] } ?? [:])
}

/// Waits for `pid` to exit; its exit status.
func waitForExit(_ pid: pid_t, timeout: Double = 10) throws -> Int32 {
    var status: Int32 = 0
    try waitUntil("process \(pid) to exit", timeout: timeout) { waitpid(pid, &status, WNOHANG) == pid }
    return (status >> 8) & 0xFF
}

/// Kills `pid` if it still runs and collects it.
func reap(_ pid: pid_t) {
    var status: Int32 = 0
    if waitpid(pid, &status, WNOHANG) == 0 {
        kill(pid, SIGKILL)
        waitpid(pid, &status, 0)
    }
}
