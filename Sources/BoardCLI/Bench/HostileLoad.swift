import BoardProtocol
import BoardSystem
import FoundationEssentials

/// One hostile load of `board bench --hostile`, set up before the pings start: its connections
/// (closed at the end), the threads that drive them, and what they count. The kinds are
/// `FairnessBench.Hostile`; the events loads are `HostileLoad+Events`.
struct HostileLoad {
    typealias Failure = BenchRunner.Failure

    let path: String
    var held: [FileDescriptor] = []
    var threads: [@Sendable () -> Void] = []
    let stop = Locked(false)
    /// Replies the hostile side read (boards, changes, answers, clock moves).
    let replies = Locked(0)
    /// Each clock move's reply time, in seconds.
    let moveTimes = Locked<[Double]>([])
    /// Whether the hostile clients that send go on (the mover and the pipeliners; readers read on
    /// until the end), and whether the mover has stopped.
    let active = Locked(true)
    let moverStopped = Locked(false)
    /// The mover's request and connection, for the moves made after the pings (`quietMoves`).
    private(set) var move: (request: [UInt8], control: FileDescriptor)?
    let failure = Locked<String?>(nil)

    static let board = BenchProtocol.board(method: "ping", params: "{}")

    init(path: String) { self.path = path }

    /// Sets up `kind` with `count` hostile connections (watchers, subscribers or pipeliners).
    mutating func start(_ kind: FairnessBench.Hostile, count: Int) throws(Failure) {
        switch kind {
        case .none: break
        case .pipeline:
            let line = #"{"id":1,"method":"search","params":{"text":"a"}}"# + "\n"
            try pipelining(Array(String(repeating: line, count: 1000).utf8), count: 1000)
        case .flood:
            let line = #"{"id":1,"method":"board.get"}"# + "\n"
            for _ in 0..<8 { try pipelining(Array(String(repeating: line, count: 100).utf8), count: 100) }
        case .views:
            let control = try open()
            readAll(try subscribe("board.watch", BenchRunner.distinctPinLists(control, count: count).map { ["pinned": $0.json] }))
            try moveClock(minutes: 1)
        case .trickle:
            drain(try subscribe("board.watch", Array(repeating: [:], count: count)), bytesPerRead: 1)
            try moveClock(minutes: 1)
        case .rewatch:
            let line = #"{"id":1,"method":"board.watch"}"# + "\n"
            for _ in 0..<count { try pipelining(Array(String(repeating: line, count: 10).utf8), count: 10) }
            try moveClock(minutes: 1)
        case .unread: try startUnread(count: count)
        case .filters: try startFilters(count: count)
        case .kinds: try startKinds(count: count)
        }
    }

    /// A connection past its hello, held until the end.
    mutating func open() throws(Failure) -> FileDescriptor {
        let fd = try BenchRunner.open(path, Self.board)
        held.append(fd)
        return fd
    }

    /// A connection for each of `params` that sent `method` with them and read its first reply,
    /// non-blocking from then on.
    mutating func subscribe(_ method: String, _ params: [JSON]) throws(Failure) -> [FileDescriptor] {
        var fds: [FileDescriptor] = []
        for each in params {
            let fd = try open()
            let line = Array(#"{"id":1,"method":""#.utf8) + Array(method.utf8) + Array(#"","params":"#.utf8) + each.bytes
            do { try fd.writeAll(line + Array("}\n".utf8)) } catch { throw Failure(description: "\(method): \(error)") }
            var first: [UInt8] = []
            _ = try BenchRunner.readReply(fd, ReplyScanner(protocolKind: Self.board), buffer: &first)
            fd.setNonBlocking(true)
            fds.append(fd)
        }
        return fds
    }

    /// One thread reading all `fds` have as they become readable.
    mutating func readAll(_ fds: [FileDescriptor]) { drain(fds, bytesPerRead: 1 << 17) }

    /// A client that writes `batch` in one write, reads `count` lines (replies or pushes), and again until stopped.
    mutating func pipelining(_ batch: [UInt8], count: Int) throws(Failure) {
        let fd = try open()
        let (stop, replies, failure, active) = (stop, replies, failure, active)
        threads.append {
            var buffer: [UInt8] = []
            let scanner = ReplyScanner(protocolKind: Self.board)
            while !stop.withLock({ $0 }), active.withLock({ $0 }) {
                do {
                    try fd.writeAll(batch)
                    for _ in 0..<count {
                        _ = try BenchRunner.readReply(fd, scanner, buffer: &buffer)
                        replies.withLock { $0 += 1 }
                    }
                } catch {
                    if !stop.withLock({ $0 }) { failure.withLock { $0 = $0 ?? "hostile client: \(error)" } }
                    return
                }
            }
        }
    }

    /// One thread reading `fds` (non-blocking) as they become readable, at most `bytesPerRead` at a
    /// time each: all there is, or one byte at a time for `trickle`.
    mutating func drain(_ fds: [FileDescriptor], bytesPerRead: Int) {
        let (stop, replies) = (stop, replies)
        threads.append {
            guard var epoll = try? Epoll() else { return }
            for (index, fd) in fds.enumerated() { try? epoll.add(fd, token: UInt64(index), events: .readable) }
            var chunk = [UInt8](repeating: 0, count: bytesPerRead)
            var lines = 0
            while !stop.withLock({ $0 }) {
                for event in epoll.wait(timeoutMilliseconds: 100) {
                    let fd = fds[Int(event.token)]
                    repeat {
                        guard let n = try? fd.read(into: &chunk), n > 0 else { break }
                        lines += chunk[..<n].lazy.filter { $0 == UInt8(ascii: "\n") }.count
                    } while bytesPerRead > 1
                }
                replies.withLock { $0 += lines }
                lines = 0
            }
        }
    }

    /// A client moving the clock `minutes` at a time, each move's reply timed, then `pause` seconds and again.
    mutating func moveClock(minutes: Int, pause: Double = 0) throws(Failure) {
        let control = try open()
        let (stop, replies, moveTimes, active, moverStopped) = (stop, replies, moveTimes, active, moverStopped)
        let advance = Array(#"{"id":2,"method":"clock.advance","params":{"minutes":\#(minutes)}}"#.utf8) + [10]
        move = (advance, control)
        threads.append {
            defer { moverStopped.withLock { $0 = true } }
            var buffer: [UInt8] = []
            let scanner = ReplyScanner(protocolKind: Self.board)
            while !stop.withLock({ $0 }), active.withLock({ $0 }) {
                let sent = BenchRunner.now()
                do {
                    try control.writeAll(advance)
                    _ = try BenchRunner.readReply(control, scanner, buffer: &buffer)
                } catch { return }
                let took = BenchRunner.seconds(BenchRunner.now() - sent)
                moveTimes.withLock { $0.append(took) }
                replies.withLock { $0 += 1 }
                if pause > 0 { Program.sleep(for: .milliseconds(Int(pause * 1000))) }
            }
        }
    }

    /// The CPU time the daemon's main loop (where moves and fan-outs run) takes a move, over `count`
    /// moves made once the pings, the mover and the pipeliners have stopped (readers read on), each
    /// followed by half a second for its fan-out: nil when the load moves no clock.
    func quietMoves(_ count: Int, daemon pid: Int32?) throws(Failure) -> Double? {
        guard let pid, let move else { return nil }
        active.withLock { $0 = false }
        while !moverStopped.withLock({ $0 }) { Program.sleep(for: .milliseconds(5)) }
        Program.sleep(for: .milliseconds(500))
        guard let before = Program.cpuSeconds(of: pid, thread: pid) else { return nil }
        var buffer: [UInt8] = []
        for _ in 0..<count {
            do { try move.control.writeAll(move.request) } catch { throw Failure(description: "clock.advance: \(error)") }
            _ = try BenchRunner.readReply(move.control, ReplyScanner(protocolKind: Self.board), buffer: &buffer)
            Program.sleep(for: .milliseconds(500))
        }
        return Program.cpuSeconds(of: pid, thread: pid).map { ($0 - before) / Double(count) }
    }
}
