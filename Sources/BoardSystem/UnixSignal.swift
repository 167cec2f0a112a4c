import CSystemShims
import Glibc

/// The signals the programs handle, by their C names.
public enum UnixSignal: Int32, Sendable, CaseIterable, CustomStringConvertible {
    case hangUp = 1  // SIGHUP
    case interrupt = 2  // SIGINT
    case quit = 3  // SIGQUIT
    case userDefined1 = 10  // SIGUSR1
    case userDefined2 = 12  // SIGUSR2
    case terminate = 15  // SIGTERM
    case continued = 18  // SIGCONT
    case terminalStop = 20  // SIGTSTP
    case windowChanged = 28  // SIGWINCH

    public var description: String {
        switch self {
        case .hangUp: "SIGHUP"
        case .interrupt: "SIGINT"
        case .quit: "SIGQUIT"
        case .userDefined1: "SIGUSR1"
        case .userDefined2: "SIGUSR2"
        case .terminate: "SIGTERM"
        case .continued: "SIGCONT"
        case .terminalStop: "SIGTSTP"
        case .windowChanged: "SIGWINCH"
        }
    }

    /// Blocks `signals` for normal delivery from here on, in this thread and every thread it starts: one
    /// that comes before a `SignalDescriptor` reports them waits for it, rather than taking its default
    /// action (SIGHUP's and SIGUSR1's end the process: a reload sent to a daemon starting up killed it).
    public static func hold(_ signals: [UnixSignal]) {
        var set = sigset_t()
        sigemptyset(&set)
        for signal in signals { sigaddset(&set, signal.rawValue) }
        pthread_sigmask(SIG_BLOCK, &set, nil)
    }

    /// Ignores SIGPIPE for the whole process: a closed peer is an EPIPE to handle, not a death.
    public static func ignoreBrokenPipe() { signal(SIGPIPE, SIG_IGN) }

    /// Ignores SIGXFSZ for the whole process: a write past the file-size limit (`ulimit -f`) is then an
    /// `EFBIG` that fails like a full disk (the error names the file, the temporary file is removed),
    /// not a death that leaves the temporary file behind.
    public static func ignoreFileSizeLimit() { signal(SIGXFSZ, SIG_IGN) }
}

/// Signals delivered as readable events on a descriptor (signalfd), so an event loop handles them like I/O.
public struct SignalDescriptor: Sendable {
    public let descriptor: FileDescriptor

    /// Blocks `signals` for normal delivery and reports them on a descriptor.
    public init(_ signals: [UnixSignal]) throws(SystemError) {
        let numbers = signals.map(\.rawValue)
        let fd = numbers.withUnsafeBufferPointer { board_signalfd($0.baseAddress, Int32($0.count)) }
        guard fd >= 0 else { throw SystemError("signalfd") }
        descriptor = FileDescriptor(fd)
    }

    /// The signals that arrived since the last call.
    public func drain() -> [UnixSignal] {
        var result: [UnixSignal] = []
        while true {
            let number = board_signalfd_read(descriptor.rawValue)
            guard number != 0 else { return result }
            if let signal = UnixSignal(rawValue: number) { result.append(signal) }
        }
    }
}
