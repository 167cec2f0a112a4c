import BoardProtocol
import BoardSystem
import Foundation
import Glibc
import Testing

/// A process started without waiting for it (see `spawnChild`), its output collected as it runs.
final class StartedProcess {
    let pid: pid_t
    private let collected = Collected()
    private let group = DispatchGroup()

    /// What the process wrote, filled in by the readers.
    private final class Collected: Sendable {
        let output = Locked(Data())
        let errors = Locked(Data())
    }

    /// How a finished process ended.
    enum Ending: Equatable {
        case exited(Int32)
        case signaled(Int32)

        /// The status a shell reports for it (`$?`): 128 + the signal when killed by one.
        var shellStatus: Int32 {
            switch self {
            case .exited(let status): status
            case .signaled(let signal): 128 + signal
            }
        }
    }

    /// Starts `arguments`; its stdout goes to `standardOutput` when given (a terminal, a pipe), else is collected.
    /// `inherited` maps descriptors the child gets (3, 4...) to descriptors of this process.
    init(_ arguments: [String], environment: [String: String], standardOutput: Int32? = nil, inherited: [Int32: Int32] = [:])
        throws
    {
        var output: [Int32] = [0, 0]
        var errors: [Int32] = [0, 0]
        guard closeOnExecPipe(&output) == 0, closeOnExecPipe(&errors) == 0 else {
            throw ShapeError(description: "pipe2: \(String(cString: strerror(errno)))")
        }
        let pid: pid_t
        do {
            pid = try spawnChild(
                arguments, environment: environment, stdout: .descriptor(standardOutput ?? output[1]),
                stderr: .descriptor(errors[1]), inherited: inherited)
        } catch {
            for fd in output + errors { close(fd) }
            throw error
        }
        close(output[1])
        close(errors[1])
        self.pid = pid
        let collected = collected
        let (outputRead, errorsRead) = (output[0], errors[0])
        // Each reader on a thread of its own: a blocking read on Dispatch's shared pool waited for a free
        // thread when many tests ran at once (under TSan), and the output came back empty.
        let group = group
        for (descriptor, keep) in [(outputRead, \Collected.output), (errorsRead, \Collected.errors)] {
            group.enter()
            Thread {
                let data = readToEnd(descriptor)
                collected[keyPath: keep].withLock { $0 = data }
                group.leave()
            }.start()
        }
    }

    private var ending: Ending?

    /// Waits for it to end (killing it past the deadline); how it ended and what it printed.
    func finish(timeout: Double = 20) throws -> (ending: Ending, result: ProcessResult) {
        var status: Int32 = 0
        do {
            try waitUntil("\(pid) to exit", timeout: timeout) { waitpid(pid, &status, WNOHANG) == pid }
        } catch {
            kill(pid, SIGKILL)
            _ = waitpid(pid, &status, 0)
            throw error
        }
        let signal = status & 0x7F
        let ending: Ending = signal == 0 ? .exited((status >> 8) & 0xFF) : .signaled(signal)
        self.ending = ending
        // The child has exited, so its pipes reach their end; a reader still busy after this long is a fault.
        guard group.wait(timeout: .now() + 30) == .success else {
            throw ShapeError(description: "\(pid)'s output was not read to its end within 30 s of its exit")
        }
        let result = ProcessResult(
            status: ending.shellStatus,
            stdout: String(decoding: collected.output.withLock { $0 }, as: UTF8.self),
            stderr: String(decoding: collected.errors.withLock { $0 }, as: UTF8.self))
        return (ending, result)
    }

    deinit {
        if ending == nil {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            _ = waitpid(pid, &status, 0)
        }
    }
}

/// pipe2(fds, O_CLOEXEC), which the Glibc module does not export: a pipe no other child inherits by accident.
func closeOnExecPipe(_ fds: inout [Int32]) -> Int32 {
    typealias Pipe2 = @convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32
    guard let handle = dlopen(nil, RTLD_NOW), let address = dlsym(handle, "pipe2") else { return -1 }
    let call = unsafeBitCast(address, to: Pipe2.self)
    return fds.withUnsafeMutableBufferPointer { call($0.baseAddress!, O_CLOEXEC) }
}

/// Reads `descriptor` until end of file (retrying when a signal interrupts), then closes it.
///
/// FileHandle's reads stop the test run with a fatal error on EINTR; this does not.
func readToEnd(_ descriptor: Int32) -> Data {
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
        let count = read(descriptor, &buffer, buffer.count)
        if count > 0 {
            data.append(contentsOf: buffer[..<count])
        } else if count < 0, errno == EINTR {
            continue
        } else {
            break
        }
    }
    close(descriptor)
    return data
}

/// Runs a program to completion as a shell would start it (see `StartedProcess`); what it printed and its `$?`.
func runAsFromAShell(_ arguments: [String], environment: [String: String], timeout: Double = 20) throws -> ProcessResult {
    let started = try StartedProcess(arguments, environment: environment)
    let result = try started.finish(timeout: timeout).result
    if let report = CrashReport.problem(in: result.stderr) {
        Issue.record(Comment(rawValue: "\(arguments.first ?? "") \(report)"))
    }
    return result
}
