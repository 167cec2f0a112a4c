import BoardWire
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
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, stderr, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    if let descriptor3 { posix_spawn_file_actions_adddup2(&actions, descriptor3, 3) }
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var empty = sigset_t()
    sigemptyset(&empty)
    posix_spawnattr_setsigmask(&attributes, &empty)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
    var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    var envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
        argv.forEach { free($0) }
        envp.forEach { free($0) }
    }
    var pid: pid_t = 0
    let result = posix_spawn(&pid, arguments[0], &actions, &attributes, &argv, &envp)
    guard result == 0 else { throw TimedOut(what: "spawning \(arguments[0]): \(SystemError.message(for: result))") }
    return pid
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
