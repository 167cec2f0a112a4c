import BoardProtocol
import BoardSystem
import FoundationEssentials

/// Latencies in seconds, summarised.
struct LatencySummary: Equatable {
    let count: Int
    let p50: Double
    let p99: Double
    let max: Double

    /// `{"p50":…, "p99":…, "max":…}` in milliseconds, for `--json` reports.
    var millisecondsJSON: JSON { ["p50": .double(p50 * 1000), "p99": .double(p99 * 1000), "max": .double(max * 1000)] }

    init(_ samples: [Double]) {
        let sorted = samples.sorted()
        count = sorted.count
        func at(_ q: Double) -> Double {
            sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * q + 0.5))]
        }
        p50 = at(0.50)
        p99 = at(0.99)
        max = sorted.last ?? 0
    }
}

/// The load itself: request/response from N clients, and fan-out to N watchers, each from one epoll loop.
enum BenchRunner {
    struct RequestResult {
        let requests: Int
        let seconds: Double
        let latency: LatencySummary
        let replyBytes: Int
        let serverPID: Int32?
        var perSecond: Double { Double(requests) / seconds }
    }

    struct FanOutResult {
        let watchers: Int
        let rounds: Int
        /// Per watcher per round: from the change being sent to the watcher holding the whole new board.
        let latency: LatencySummary
        /// Per round: until the last watcher held it.
        let roundLatency: LatencySummary
        let boardBytes: Int
        let serverPID: Int32?
        /// Per round: the client that moved the clock, until it held its own reply.
        var mover = LatencySummary([])
        /// For `events`: moves that made several changes, read to the end by every follower but not timed.
        var movesNotTimed = 0
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static func now() -> ContinuousClock.Instant { .now }

    /// An interval in seconds, as the summaries report it.
    static func seconds(_ interval: Duration) -> Double { interval / .seconds(1) }

    /// Connects and, for board, reads past the hello line.
    static func open(_ path: String, _ kind: BenchProtocol) throws(Failure) -> FileDescriptor {
        let fd: FileDescriptor
        do { fd = try UnixSocket.connect(path: path, timeoutMilliseconds: 5000) } catch {
            throw Failure(description: "cannot connect to \(path): \(error)")
        }
        if case .board = kind {
            var buffer: [UInt8] = []
            _ = try readReply(fd, ReplyScanner(protocolKind: kind), buffer: &buffer)
        }
        return fd
    }

    /// Reads until one whole reply is in `buffer`; returns its length and removes it.
    static func readReply(_ fd: FileDescriptor, _ scanner: ReplyScanner, buffer: inout [UInt8]) throws(Failure) -> Int {
        let length = try awaitReply(fd, scanner, buffer: &buffer)
        buffer.removeFirst(length)
        return length
    }

    /// One request on `fd` before a run, outside its figures: a request the server refuses (an error
    /// reply, a key Redis does not have) fails the run, where its errors were measured as answers.
    static func probe(_ fd: FileDescriptor, _ kind: BenchProtocol) throws(Failure) {
        do { try fd.writeAll(kind.request) } catch { throw Failure(description: "send: \(error)") }
        var buffer: [UInt8] = []
        let length = try awaitReply(fd, ReplyScanner(protocolKind: kind), buffer: &buffer)
        if let refusal = kind.refusal(of: Array(buffer[..<length])) {
            throw Failure(description: "\(refusal); nothing to measure: give a request the server answers")
        }
    }

    /// Reads until one whole reply is at the start of `buffer`; returns its length.
    private static func awaitReply(_ fd: FileDescriptor, _ scanner: ReplyScanner, buffer: inout [UInt8]) throws(Failure)
        -> Int
    {
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            if let length = scanner.replyLength(buffer, from: 0) { return length }
            guard (try? fd.waitUntilReadable(timeoutMilliseconds: 10_000)) == true else {
                throw Failure(description: "no reply within 10 s")
            }
            let n: Int
            do { n = try fd.read(into: &chunk) } catch { throw Failure(description: "read: \(error)") }
            guard n > 0 else { throw Failure(description: "the server closed the connection") }
            buffer.append(contentsOf: chunk[..<n])
        }
    }

    /// N clients, each sending a request and waiting for its reply, for `duration` seconds.
    ///
    /// One thread drives every client through one epoll loop, as `redis-benchmark` does: a thread per
    /// client spent more CPU than either server (each reply woke a thread of its own), so on a 2-core
    /// machine the figure measured the load tool as much as the server.
    static func requests(path: String, kind: BenchProtocol, clients: Int, duration: Double) throws(Failure) -> RequestResult {
        let scanner = ReplyScanner(protocolKind: kind)
        var epoll: Epoll
        do { epoll = try Epoll() } catch { throw Failure(description: "epoll: \(error)") }
        var descriptors: [FileDescriptor] = []
        defer { for fd in descriptors { fd.close() } }
        for index in 0..<clients {
            let fd = try open(path, kind)
            descriptors.append(fd)
            fd.setNonBlocking(true)
            do { try epoll.add(fd, token: UInt64(index), events: .readable) } catch {
                throw Failure(description: "epoll: \(error)")
            }
        }
        let serverPID = UnixSocket.peerPID(descriptors[0])
        try probe(descriptors[0], kind)
        let request = kind.request
        // Each client's reply so far, read straight into a buffer of its own.
        var buffers = (0..<clients).map { _ in ReplyBuffer() }
        var sentAt = [ContinuousClock.Instant](repeating: now(), count: clients)
        var samples: [Double] = []
        samples.reserveCapacity(1 << 20)
        var replyBytes = 0
        let start = now()
        let deadline = start + .seconds(duration)
        func send(_ index: Int) throws(Failure) {
            sentAt[index] = now()
            do { try descriptors[index].writeAll(request) } catch { throw Failure(description: "send: \(error)") }
        }
        for index in 0..<clients { try send(index) }
        var running = clients
        while running > 0 {
            let events = epoll.wait(timeoutMilliseconds: 10_000)
            if events.isEmpty { throw Failure(description: "no reply within 10 s") }
            for event in events {
                let index = Int(event.token)
                try buffers[index].readAvailable(descriptors[index])
                guard let reply = buffers[index].take(scanner) else { continue }
                guard buffers[index].isEmpty else { throw Failure(description: "a reply nobody asked for") }
                let at = now()
                samples.append(seconds(at - sentAt[index]))
                replyBytes = reply.count
                if at < deadline {
                    try send(index)
                } else {
                    epoll.remove(descriptors[index])
                    running -= 1
                }
            }
        }
        let elapsed = seconds(now() - start)
        return RequestResult(
            requests: samples.count, seconds: elapsed, latency: LatencySummary(samples), replyBytes: replyBytes,
            serverPID: serverPID)
    }

    /// A process's peak and current resident memory in KiB (VmHWM, VmRSS).
    static func memory(of pid: Int32?) -> (peakKiB: Int, currentKiB: Int)? {
        guard let pid, let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
        func field(_ name: String) -> Int {
            let line = status.split(separator: "\n").first { $0.hasPrefix(name) } ?? ""
            return Int(line.split(separator: " ").dropFirst().first ?? "0") ?? 0
        }
        return (field("VmHWM:"), field("VmRSS:"))
    }
}

/// One connection's incoming bytes, read straight into a buffer of its own that grows to the largest
/// reply once; replies are taken from the front without moving what follows.
struct ReplyBuffer {
    private(set) var bytes: [UInt8]
    /// The first byte not yet taken, and the end of what was read.
    private var start = 0
    private var end: Int

    /// A read is given at least this much room; a buffer starts at 16 KiB and doubles. Thousands of
    /// watchers each hold one: 64 KiB each would be 320 MiB for 5,000.
    static let minimumRoom = 4 << 10
    static let growth = 16 << 10

    /// Its room is made here, before any timing starts: filling thousands of buffers in a timed
    /// round made that round the slowest, and so the p99.
    init(_ leftover: [UInt8] = []) {
        bytes = leftover
        end = leftover.count
        makeRoom()
    }

    var isEmpty: Bool { start == end }

    /// Reads what the descriptor has now (it is non-blocking).
    mutating func readAvailable(_ fd: FileDescriptor) throws(BenchRunner.Failure) {
        while true {
            if bytes.count - end < Self.minimumRoom { makeRoom() }
            let from = end
            let result = bytes.withUnsafeMutableBytes { raw in
                let free = UnsafeMutableRawBufferPointer(rebasing: raw[from...])
                return Result { () throws(SystemError) in try fd.read(into: free) }
            }
            switch result {
            case .success(0): throw BenchRunner.Failure(description: "the server closed the connection")
            case .success(let n):
                end += n
                if end < bytes.count { return }  // a short read: nothing more waits
            case .failure(let error) where error.isWouldBlock: return
            case .failure(let error): throw BenchRunner.Failure(description: "read: \(error)")
            }
        }
    }

    /// The next whole reply's place in `bytes`, taken; nil while it has not all arrived.
    mutating func take(_ scanner: ReplyScanner) -> Range<Int>? {
        guard let length = scanner.replyLength(bytes, from: start, upTo: end) else { return nil }
        let reply = start..<(start + length)
        start += length
        if start == end { (start, end) = (0, 0) }
        return reply
    }

    private mutating func makeRoom() {
        if start > 0 {
            bytes.withUnsafeMutableBytes { raw in
                raw.baseAddress!.copyMemory(from: raw.baseAddress! + start, byteCount: end - start)
            }
            (start, end) = (0, end - start)
        }
        if bytes.count - end < Self.minimumRoom {
            bytes.append(contentsOf: repeatElement(0, count: max(Self.growth, bytes.count)))
        }
    }
}
