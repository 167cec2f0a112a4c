import BoardProtocol
import BoardSystem
import Foundation
import Glibc

/// Runs a program with its stdout on a pseudo-terminal, so it sees a TTY; what it wrote there.
/// The terminal is `columns` wide and `rows` high (0 rows: a serial console's or `script`'s pty).
func runOnTerminal(
    _ executable: String, _ arguments: [String], environment: [String: String], columns: UInt16 = 80, rows: UInt16 = 40,
    timeout: Double = 20
) throws -> ProcessResult {
    let master = PseudoTerminalCalls.openMaster(O_RDWR | O_NOCTTY | O_CLOEXEC)
    guard master >= 0, PseudoTerminalCalls.grant(master) == 0, PseudoTerminalCalls.unlock(master) == 0,
        let name = PseudoTerminalCalls.slaveName(master)
    else {
        throw ShapeError(description: "no pseudo-terminal: \(String(cString: strerror(errno)))")
    }
    let slave = open(name, O_RDWR | O_NOCTTY | O_CLOEXEC)
    guard slave >= 0 else {
        close(master)
        throw ShapeError(description: "cannot open \(String(cString: name))")
    }
    var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(slave, UInt(TIOCSWINSZ), &size)

    // Started as a shell starts it, with the terminal as its stdout (and its stderr collected apart).
    let started: StartedProcess
    do {
        started = try StartedProcess([executable] + arguments, environment: environment, standardOutput: slave)
    } catch {
        close(slave)
        close(master)
        throw error
    }
    close(slave)

    // Read the terminal until every writer has gone (EIO), so the program never blocks on a full buffer.
    let screen = Locked(Data())
    let group = DispatchGroup()
    DispatchQueue.global().async(group: group) {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = read(master, &buffer, buffer.count)
            if n > 0 {
                screen.withLock { $0.append(contentsOf: buffer[..<n]) }
            } else if n < 0, errno == EINTR {
                continue
            } else {
                break
            }
        }
    }
    defer { close(master) }
    let (_, result) = try started.finish(timeout: timeout)
    _ = group.wait(timeout: .now() + 5)
    return ProcessResult(
        status: result.status, stdout: String(decoding: screen.withLock { $0 }, as: UTF8.self), stderr: result.stderr)
}

/// posix_openpt, grantpt, unlockpt and ptsname, which the Glibc module does not export, looked up in libc.
enum PseudoTerminalCalls {
    typealias DescriptorCall = @convention(c) (Int32) -> Int32
    typealias NameCall = @convention(c) (Int32) -> UnsafeMutablePointer<CChar>?

    static func symbol<T>(_ name: String, as type: T.Type) -> T {
        guard let handle = dlopen(nil, RTLD_NOW), let address = dlsym(handle, name) else {
            fatalError("libc has no \(name)")
        }
        return unsafeBitCast(address, to: type)
    }

    static func openMaster(_ flags: Int32) -> Int32 { symbol("posix_openpt", as: DescriptorCall.self)(flags) }
    static func grant(_ fd: Int32) -> Int32 { symbol("grantpt", as: DescriptorCall.self)(fd) }
    static func unlock(_ fd: Int32) -> Int32 { symbol("unlockpt", as: DescriptorCall.self)(fd) }
    static func slaveName(_ fd: Int32) -> UnsafeMutablePointer<CChar>? { symbol("ptsname", as: NameCall.self)(fd) }
}
