import BoardProtocol
import BoardSystem
import FlightData
import FoundationEssentials

/// `board bench --fan-out`: watchers or subscribers by the thousand, a clock moved under them, and
/// how long each takes to get the move; with the few raw requests it makes on its control connection.
extension BenchRunner {
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
        path: String, kind: BenchProtocol, watchers: Int, rounds: Int, payload: [UInt8], subscription: Subscription = .board,
        watchPaths: [String] = []
    ) throws(Failure) -> FanOutResult {
        // The watchers' sockets, in turn: the mover's own, or its replicas'.
        let watchPaths = watchPaths.isEmpty ? [path] : watchPaths
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
            case (.board, .board): subscribe = BenchProtocol.line(id: 1, BoardWatchRequest())
            case (.board, .views): subscribe = BenchProtocol.line(id: 1, BoardWatchRequest(pinned: pinLists[index]))
            case (.board, .events): subscribe = BenchProtocol.line(id: 1, EventsWatchRequest())
            }
            let fd = try open(watchPaths[index % watchPaths.count], kind)
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
        case .board: change = BenchProtocol.line(id: 2, ClockAdvanceRequest(minutes: 1))
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
                let page = EventsGetRequest(since: clockNow, until: until, limit: 1)
                do { try control.writeAll(BenchProtocol.line(id: 4, page)) } catch {
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
        guard let now = try request(control, scanner, BenchProtocol.line(id: 3, ClockGetRequest()))["now"]?.string else {
            throw Failure(description: "clock.get gave no time")
        }
        return now
    }

    /// One request and its result, on a connection nothing else is reading.
    static func request(_ control: FileDescriptor, _ scanner: ReplyScanner, _ line: [UInt8]) throws(Failure) -> JSON {
        do { try control.writeAll(line) } catch { throw Failure(description: "send: \(error)") }
        return try result(of: receive(control, scanner))
    }

    /// `count` distinct pin lists of today's flights: list i pins the flights whose bits are set in i + 1.
    static func distinctPinLists(_ control: FileDescriptor, count: Int) throws(Failure) -> [PinnedParam] {
        let scanner = ReplyScanner(protocolKind: .board(method: "", params: ""))
        let flights = try request(control, scanner, BenchProtocol.line(id: 5, BoardGetRequest()))["flights"]?.array ?? []
        let identities = flights.compactMap { flight -> FlightKey? in
            guard let id = flight["id"]?.int, let text = flight["date"]?.string, let date = LocalDate(text) else { return nil }
            return FlightKey(id: id, date: date)
        }
        guard !identities.isEmpty else { throw Failure(description: "board.get: no flights to pin") }
        return (0..<count).map { index in
            PinnedParam(identities.prefix(62).enumerated().filter { (index + 1) >> $0.offset & 1 == 1 }.map(\.element))
        }
    }
}
