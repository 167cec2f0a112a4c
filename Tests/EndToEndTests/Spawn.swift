import Foundation
import Glibc

/// Runs a program with posix_spawn, a clean signal mask and default handlers, output captured in files.
///
/// Foundation's `Process` leaves the child in a state where tmux's server
/// never comes up; tmux is started through this instead.
func spawnAndWait(_ arguments: [String], environment: [String: String], directory: String, timeout: Double = 10) throws -> ProcessResult {
    let outPath = directory + "/spawn-\(UInt32.random(in: 0...UInt32.max)).out"
    let errPath = outPath + ".err"
    defer {
        unlink(outPath)
        unlink(errPath)
    }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
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
        argv.forEach { free($0) }
        envp.forEach { free($0) }
    }
    var pid: pid_t = 0
    let spawned = posix_spawnp(&pid, arguments[0], &actions, &attributes, &argv, &envp)
    guard spawned == 0 else { throw TimedOut(what: "spawning \(arguments[0]) (error \(spawned))") }
    var status: Int32 = 0
    do {
        try waitUntil("\(arguments.joined(separator: " ")) to finish", timeout: timeout) { waitpid(pid, &status, WNOHANG) == pid }
    } catch {
        kill(pid, SIGKILL)
        _ = waitpid(pid, &status, 0)
        throw error
    }
    let out = (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? ""
    let err = (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? ""
    return ProcessResult(status: (status >> 8) & 0xFF, stdout: out, stderr: err)
}
