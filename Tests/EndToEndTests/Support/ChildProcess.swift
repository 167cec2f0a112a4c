import BoardProtocol
import BoardSystem
import Foundation
import Glibc

/// Starts a program as a shell would (see `ChildProcess.spawn`): the one place the tests start processes.
///
/// Foundation's `Process` hands its child the test thread's blocked signals (so SIGINT
/// never arrives, and tmux's server never comes up) and can stop the run on EINTR.
func spawnChild(
    _ arguments: [String], environment: [String: String], stdout: ChildOutput, stderr: ChildOutput,
    inherited: [Int32: Int32] = [:]
) throws -> pid_t {
    try ChildProcess.spawn(arguments, environment: environment, stdout: stdout, stderr: stderr, inherited: inherited)
}
