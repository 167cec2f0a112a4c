import BoardWire
import Foundation
import Glibc

/// Where a child's stdout or stderr goes.
enum ChildOutput {
    case devNull
    /// A file, created or truncated.
    case file(String)
    /// A descriptor of this process (a terminal, a pipe's write end).
    case descriptor(Int32)
}

/// Starts a program as a shell would: stdin on /dev/null, an empty signal mask and default handlers.
///
/// The one place the tests start processes. Foundation's `Process` hands its child the
/// test thread's blocked signals (so SIGINT never arrives, and tmux's server never comes
/// up) and can stop the run on EINTR; posix_spawn does neither. `inherited` maps the
/// child's descriptors (3, 4...) to this process's (socket activation passes 3).
func spawnChild(
    _ arguments: [String], environment: [String: String], stdout: ChildOutput, stderr: ChildOutput,
    inherited: [Int32: Int32] = [:]
) throws -> pid_t {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    for (target, output) in [(Int32(1), stdout), (Int32(2), stderr)] {
        switch output {
        case .devNull: posix_spawn_file_actions_addopen(&actions, target, "/dev/null", O_WRONLY, 0)
        case .file(let path): posix_spawn_file_actions_addopen(&actions, target, path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        case .descriptor(let fd): posix_spawn_file_actions_adddup2(&actions, fd, target)
        }
    }
    for (child, parent) in inherited { posix_spawn_file_actions_adddup2(&actions, parent, child) }
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var empty = sigset_t()
    sigemptyset(&empty)
    posix_spawnattr_setsigmask(&attributes, &empty)
    var all = sigset_t()
    sigfillset(&all)
    sigdelset(&all, SIGKILL)
    sigdelset(&all, SIGSTOP)
    posix_spawnattr_setsigdefault(&attributes, &all)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    var envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
        for pointer in argv { free(pointer) }
        for pointer in envp { free(pointer) }
    }
    var pid: pid_t = 0
    let spawned = posix_spawnp(&pid, arguments[0], &actions, &attributes, &argv, &envp)
    guard spawned == 0 else { throw TimedOut(what: "starting \(arguments[0]): \(SystemError.message(for: spawned))") }
    return pid
}
