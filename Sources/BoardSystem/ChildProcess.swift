import Glibc

/// Where a child's stdout or stderr goes.
public enum ChildOutput: Sendable {
    case devNull
    /// A file, created when missing; appended to, or truncated.
    case file(String, append: Bool)
    /// A descriptor of this process (a terminal, a pipe's write end).
    case descriptor(Int32)
}

/// Starting programs the way a shell does, in one place.
///
/// The child gets stdin on /dev/null, an empty signal mask and every handler at its
/// default: a caller that blocks or ignores SIGINT or SIGTERM (a test thread, a script's
/// background job) must not pass that on. `inherited` maps the child's descriptors (3,
/// 4...) to this process's; `newSession` detaches it from the terminal, as a daemon
/// wants. Foundation's `Process` does neither reset, which is why this exists.
public enum ChildProcess {
    /// A child's process id.
    public typealias ID = pid_t

    /// glibc's POSIX_SPAWN_SETSID (2.26 and later), which the Glibc module does not export.
    static let spawnSetSID: Int32 = 0x80

    public static func spawn(
        _ arguments: [String], environment: [String: String]? = nil, stdout: ChildOutput, stderr: ChildOutput,
        inherited: [Int32: Int32] = [:], newSession: Bool = false
    ) throws(SystemError) -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        for (target, output) in [(Int32(1), stdout), (Int32(2), stderr)] {
            switch output {
            case .devNull: posix_spawn_file_actions_addopen(&actions, target, "/dev/null", O_WRONLY, 0)
            case .file(let path, let append):
                // Never through a symbolic link: a log in a directory others may write is not theirs to aim.
                posix_spawn_file_actions_addopen(
                    &actions, target, path, O_WRONLY | O_CREAT | O_NOFOLLOW | (append ? O_APPEND : O_TRUNC), 0o600)
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
        let flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | (newSession ? spawnSetSID : 0)
        posix_spawnattr_setflags(&attributes, Int16(flags))
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        var envp: [UnsafeMutablePointer<CChar>?] = (environment ?? [:]).map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var pid: pid_t = 0
        let result =
            environment == nil
            ? posix_spawnp(&pid, arguments[0], &actions, &attributes, &argv, environ)
            : posix_spawnp(&pid, arguments[0], &actions, &attributes, &argv, &envp)
        guard result == 0 else { throw SystemError("starting \(arguments[0])", code: result) }
        return pid
    }

    /// The exit status of `pid` if it has ended (reaping it), without waiting; nil while it runs.
    ///
    /// The status is `WEXITSTATUS`: the code the child passed to `exit`, 0 when a signal ended it.
    public static func exitStatusIfEnded(_ pid: pid_t) -> Int32? {
        var status: Int32 = 0
        guard retryingOnInterrupt({ waitpid(pid, &status, WNOHANG) }) == pid else { return nil }
        return (status >> 8) & 0xff
    }
}
