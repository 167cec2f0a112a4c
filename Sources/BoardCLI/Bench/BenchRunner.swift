import BoardProtocol
import BoardSystem
import Foundation
import Synchronization

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

/// The load itself: request/response from N threads, and fan-out to N watchers.
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
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            if let length = scanner.replyLength(buffer, from: 0) {
                buffer.removeFirst(length)
                return length
            }
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
    static func requests(path: String, kind: BenchProtocol, clients: Int, duration: Double) throws(Failure) -> RequestResult {
        let scanner = ReplyScanner(protocolKind: kind)
        var descriptors: [FileDescriptor] = []
        for _ in 0..<clients { descriptors.append(try open(path, kind)) }
        defer { for fd in descriptors { fd.close() } }
        let serverPID = UnixSocket.peerPID(descriptors[0])
        let samples = Locked<[Double]>([])
        let replyBytes = Atomic<Int>(0)
        let failure = Locked<String?>(nil)
        let start = now()
        let deadline = start + .seconds(duration)
        let request = kind.request
        var threads: [Thread] = []
        let finished = Atomic<Int>(0)
        for fd in descriptors {
            let thread = Thread {
                var local: [Double] = []
                local.reserveCapacity(100_000)
                var buffer: [UInt8] = []
                var lastLength = 0
                while now() < deadline {
                    let sent = now()
                    do {
                        try fd.writeAll(request)
                        lastLength = try readReply(fd, scanner, buffer: &buffer)
                    } catch {
                        failure.withLock { $0 = $0 ?? "\(error)" }
                        break
                    }
                    local.append(seconds(now() - sent))
                }
                replyBytes.store(lastLength, ordering: .relaxed)
                samples.withLock { $0 += local }
                finished.add(1, ordering: .sequentiallyConsistent)
            }
            threads.append(thread)
        }
        for thread in threads { thread.start() }
        while finished.load(ordering: .sequentiallyConsistent) < clients { Thread.sleep(forTimeInterval: 0.002) }
        let elapsed = seconds(now() - start)
        if let message = failure.withLock({ $0 }) { throw Failure(description: message) }
        let all = samples.withLock { $0 }
        return RequestResult(
            requests: all.count, seconds: elapsed, latency: LatencySummary(all), replyBytes: replyBytes.load(ordering: .relaxed),
            serverPID: serverPID)
    }

    /// W watchers; each round one change (clock.advance, or PUBLISH of `payload` for Redis),
    /// timed until every watcher holds it.
    static func fanOut(path: String, kind: BenchProtocol, watchers: Int, rounds: Int, payload: [UInt8]) throws(Failure)
        -> FanOutResult
    {
        ResourceLimits.raiseOpenFiles(to: watchers + 64)
        var epoll: Epoll
        do { epoll = try Epoll() } catch { throw Failure(description: "epoll: \(error)") }
        var descriptors: [FileDescriptor] = []
        defer { for fd in descriptors { fd.close() } }
        let scanner = ReplyScanner(protocolKind: kind)
        let subscribe: [UInt8]
        switch kind {
        case .board: subscribe = Array("{\"id\":1,\"method\":\"board.watch\",\"params\":{}}\n".utf8)
        case .resp(let key): subscribe = BenchProtocol.command(["SUBSCRIBE", key])
        }
        // Connect and subscribe in batches so a listen backlog is never overrun.
        var buffers: [[UInt8]] = []
        for index in 0..<watchers {
            let fd = try open(path, kind)
            do { try fd.writeAll(subscribe) } catch { throw Failure(description: "subscribe: \(error)") }
            var buffer: [UInt8] = []
            _ = try readReply(fd, scanner, buffer: &buffer)  // the first board, or the subscription's confirmation
            buffers.append(buffer)
            descriptors.append(fd)
            fd.setNonBlocking(true)
            do { try epoll.add(fd, token: UInt64(index), events: .readable) } catch {
                throw Failure(description: "epoll: \(error)")
            }
        }
        let control = try open(path, kind)
        defer { control.close() }
        let serverPID = UnixSocket.peerPID(control)
        let change: [UInt8]
        switch kind {
        case .board: change = Array("{\"id\":2,\"method\":\"clock.advance\",\"params\":{\"minutes\":1}}\n".utf8)
        case .resp(let key): change = BenchProtocol.command(["PUBLISH", key, String(decoding: payload, as: UTF8.self)])
        }
        var all: [Double] = []
        var perRound: [Double] = []
        var boardBytes = 0
        var chunk = [UInt8](repeating: 0, count: 1 << 17)
        for _ in 0..<rounds {
            var pending = Set(0..<watchers)
            let sent = now()
            do { try control.writeAll(change) } catch { throw Failure(description: "send: \(error)") }
            var controlBuffer: [UInt8] = []
            var controlDone = false
            while !pending.isEmpty {
                let events = epoll.wait(timeoutMilliseconds: 10_000)
                if events.isEmpty { throw Failure(description: "\(pending.count) watchers did not get the change within 10 s") }
                for event in events {
                    let index = Int(event.token)
                    let fd = descriptors[index]
                    while true {
                        guard let n = try? fd.read(into: &chunk), n > 0 else { break }
                        buffers[index].append(contentsOf: chunk[..<n])
                        if n < chunk.count { break }
                    }
                    if let length = scanner.replyLength(buffers[index], from: 0) {
                        buffers[index].removeFirst(length)
                        boardBytes = length
                        if pending.remove(index) != nil { all.append(seconds(now() - sent)) }
                    }
                }
            }
            perRound.append(seconds(now() - sent))
            // The control's own reply (the new clock, or the subscriber count), so rounds do not overlap.
            while !controlDone {
                _ = try readReply(control, scanner, buffer: &controlBuffer)
                controlDone = true
            }
        }
        return FanOutResult(
            watchers: watchers, rounds: rounds, latency: LatencySummary(all), roundLatency: LatencySummary(perRound),
            boardBytes: boardBytes, serverPID: serverPID)
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
