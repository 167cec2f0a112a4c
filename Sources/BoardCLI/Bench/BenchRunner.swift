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

    /// What fan-out watchers subscribe to.
    enum Subscription: String, Equatable, CaseIterable {
        /// Every watcher watches the same board (`board.watch {}`), or SUBSCRIBEs for Redis.
        case board
        /// Every watcher watches the board with its own pin list: as many views as watchers.
        case views
        /// Every watcher follows `events.watch`: each round is a clock move that made one change.
        case events
    }

    /// W watchers; each round one change (clock.advance, or PUBLISH of `payload` for Redis),
    /// timed until every watcher holds it. For `events`, a round is a one-minute move that made one
    /// change, timed until every follower holds it, as a board round is one board a watcher: moves
    /// that made none are not counted, and moves that made several (the move across midnight makes a
    /// change for each of the new day's flights) are read to the end by every follower and counted
    /// in `movesNotTimed`.
    static func fanOut(
        path: String, kind: BenchProtocol, watchers: Int, rounds: Int, payload: [UInt8], subscription: Subscription = .board
    ) throws(Failure) -> FanOutResult {
        ResourceLimits.raiseOpenFiles(to: watchers + 64)
        var epoll: Epoll
        do { epoll = try Epoll() } catch { throw Failure(description: "epoll: \(error)") }
        var descriptors: [FileDescriptor] = []
        defer { for fd in descriptors { fd.close() } }
        let scanner = ReplyScanner(protocolKind: kind)
        let control = try open(path, kind)
        defer { control.close() }
        let serverPID = UnixSocket.peerPID(control)
        let pinLists = subscription == .views ? try distinctPinLists(control, count: watchers) : []
        // Connect and subscribe one at a time so a listen backlog is never overrun.
        var buffers: [ReplyBuffer] = []
        for index in 0..<watchers {
            let subscribe: [UInt8]
            switch (kind, subscription) {
            case (.resp(let key), _): subscribe = BenchProtocol.command(["SUBSCRIBE", key])
            case (.board, .board): subscribe = Array("{\"id\":1,\"method\":\"board.watch\",\"params\":{}}\n".utf8)
            case (.board, .views):
                subscribe =
                    Array(#"{"id":1,"method":"board.watch","params":{"pinned":"#.utf8) + pinLists[index].bytes
                    + Array("}}\n".utf8)
            case (.board, .events): subscribe = Array("{\"id\":1,\"method\":\"events.watch\",\"params\":{}}\n".utf8)
            }
            let fd = try open(path, kind)
            descriptors.append(fd)
            do { try fd.writeAll(subscribe) } catch { throw Failure(description: "subscribe: \(error)") }
            var buffer: [UInt8] = []
            _ = try readReply(fd, scanner, buffer: &buffer)  // the first board, the cursor, or the confirmation
            buffers.append(ReplyBuffer(buffer))
            fd.setNonBlocking(true)
            do { try epoll.add(fd, token: UInt64(index), events: .readable) } catch {
                throw Failure(description: "epoll: \(error)")
            }
        }
        let change: [UInt8]
        switch kind {
        case .board: change = Array("{\"id\":2,\"method\":\"clock.advance\",\"params\":{\"minutes\":1}}\n".utf8)
        case .resp(let key): change = BenchProtocol.command(["PUBLISH", key, String(decoding: payload, as: UTF8.self)])
        }
        var clockNow = subscription == .events ? try clockReading(control, scanner) : ""
        var all: [Double] = []
        var perRound: [Double] = []
        var mover: [Double] = []
        var boardBytes = 0
        var chunk = [UInt8](repeating: 0, count: 1 << 17)
        var counted = 0
        var attempts = 0
        var movesNotTimed = 0
        // This round's deliveries, kept once the round counts.
        var delivered: [Double] = []
        // When each watcher's messages of a round arrived (kept from round to round, emptied).
        var arrivals = [[Double]](repeating: [], count: watchers)
        while counted < rounds {
            attempts += 1
            if attempts > rounds * 200 {
                throw Failure(description: "\(attempts) clock moves made fewer than \(rounds) single changes")
            }
            let sent = now()
            do { try control.writeAll(change) } catch { throw Failure(description: "send: \(error)") }
            // The mover's own reply comes first: the daemon answers it before it offers the watchers anything.
            let moverReply = try receive(control, scanner)
            mover.append(seconds(now() - sent))
            // How many messages each watcher is owed this round: one board; for events, every change
            // of the move, which the control asks `events.get` for while the followers are read.
            var owed: Int? = 1
            if subscription == .events {
                let until = try Self.result(of: moverReply)["now"]?.string ?? clockNow
                let params: JSON = ["since": .string(clockNow), "until": .string(until), "limit": 1]
                do { try control.writeAll(Array((#"{"id":4,"method":"events.get","params":"# + params.text + "}\n").utf8)) } catch
                {
                    throw Failure(description: "send: \(error)")
                }
                clockNow = until
                owed = nil
            }
            // When each watcher's messages of this round arrived.
            for index in arrivals.indices { arrivals[index].removeAll(keepingCapacity: true) }
            var done = 0
            delivered.removeAll(keepingCapacity: true)
            func complete(_ index: Int) -> Bool { owed.map { arrivals[index].count >= $0 } ?? false }
            func consume(_ index: Int) {
                while !complete(index), let message = buffers[index].take(scanner) {
                    let skipped = subscription == .events && buffers[index].bytes[message].starts(with: Self.skippedMark)
                    boardBytes = message.count
                    let at = seconds(now() - sent)
                    arrivals[index].append(at)
                    if skipped, let owed { arrivals[index] += Array(repeating: at, count: max(0, owed - arrivals[index].count)) }
                    if complete(index) {
                        done += 1
                        delivered.append(at)
                    }
                }
            }
            let controlToken = UInt64(watchers)
            if owed == nil {
                do { try epoll.add(control, token: controlToken, events: .readable) } catch {
                    throw Failure(description: "epoll: \(error)")
                }
            }
            var controlBuffer: [UInt8] = []
            while owed == nil || done < watchers {
                if owed == 0 { break }
                let events = epoll.wait(timeoutMilliseconds: 10_000)
                if events.isEmpty { throw Failure(description: "\(watchers - done) watchers did not get the change within 10 s") }
                for event in events where event.token == controlToken {
                    guard let n = try? control.read(into: &chunk), n > 0 else {
                        throw Failure(description: "events.get: no reply")
                    }
                    controlBuffer += chunk[..<n]
                    guard let length = scanner.replyLength(controlBuffer, from: 0) else { continue }
                    guard let total = try Self.result(of: Array(controlBuffer.prefix(length)))["total"]?.int else {
                        throw Failure(description: "events.get gave no total")
                    }
                    epoll.remove(control)
                    owed = total
                    // Watchers whose messages came before the count was known.
                    for index in 0..<watchers where total > 0 && complete(index) {
                        done += 1
                        delivered.append(arrivals[index][total - 1])
                    }
                    for index in 0..<watchers where total > 0 && !complete(index) { consume(index) }
                }
                for event in events where event.token != controlToken {
                    let index = Int(event.token)
                    try buffers[index].readAvailable(descriptors[index])
                    consume(index)
                }
            }
            if owed == 0 { continue }
            if subscription == .events, owed != 1 {
                movesNotTimed += 1
                continue
            }
            perRound.append(seconds(now() - sent))
            all += delivered
            counted += 1
        }
        return FanOutResult(
            watchers: watchers, rounds: rounds, latency: LatencySummary(all), roundLatency: LatencySummary(perRound),
            boardBytes: boardBytes, serverPID: serverPID, mover: LatencySummary(mover), movesNotTimed: movesNotTimed)
    }

    /// How a follower's `skipped` event starts (the followers subscribe with id 1): a prefix compared,
    /// not a search through the line, which took longer than the daemon's own work a follower.
    static let skippedMark = Array(#"{"id":1,"event":"skipped""#.utf8)

    /// The `result` of one reply line.
    static func result(of line: [UInt8]) throws(Failure) -> JSON {
        guard let reply = try? JSON.parse(Array(line.dropLast())), let result = reply["result"] else {
            throw Failure(description: "unexpected reply: \(String(decoding: line.prefix(200), as: UTF8.self))")
        }
        return result
    }

    /// The next reply on a connection nothing else reads (and that has nothing else buffered), whole.
    static func receive(_ fd: FileDescriptor, _ scanner: ReplyScanner) throws(Failure) -> [UInt8] {
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var raw: [UInt8] = []
        while true {
            if let length = scanner.replyLength(raw, from: 0) { return Array(raw.prefix(length)) }
            guard (try? fd.waitUntilReadable(timeoutMilliseconds: 10_000)) == true else {
                throw Failure(description: "no reply within 10 s")
            }
            guard let n = try? fd.read(into: &chunk), n > 0 else {
                throw Failure(description: "the server closed the connection")
            }
            raw += chunk[..<n]
        }
    }

    /// The daemon's clock, as its ISO-8601 text.
    static func clockReading(_ control: FileDescriptor, _ scanner: ReplyScanner) throws(Failure) -> String {
        guard let now = try request(control, scanner, #"{"id":3,"method":"clock.get"}"#)["now"]?.string else {
            throw Failure(description: "clock.get gave no time")
        }
        return now
    }

    /// One request and its result, on a connection nothing else is reading.
    static func request(_ control: FileDescriptor, _ scanner: ReplyScanner, _ line: String) throws(Failure) -> JSON {
        do { try control.writeAll(Array((line + "\n").utf8)) } catch { throw Failure(description: "send: \(error)") }
        return try result(of: receive(control, scanner))
    }

    /// `count` distinct pin lists of today's flights: list i pins the flights whose bits are set in i + 1.
    static func distinctPinLists(_ control: FileDescriptor, count: Int) throws(Failure) -> [JSON] {
        let scanner = ReplyScanner(protocolKind: .board(method: "", params: ""))
        guard let flights = try request(control, scanner, #"{"id":5,"method":"board.get"}"#)["flights"]?.array,
            !flights.isEmpty
        else { throw Failure(description: "board.get: no flights to pin") }
        let identities: [JSON] = flights.map { ["id": $0["id"] ?? .null, "date": $0["date"] ?? .null] }
        return (0..<count).map { index in
            .array(identities.prefix(62).enumerated().filter { (index + 1) >> $0.offset & 1 == 1 }.map(\.element))
        }
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
