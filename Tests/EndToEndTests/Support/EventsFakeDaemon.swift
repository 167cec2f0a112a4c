import BoardProtocol
import BoardSystem
import Foundation
import Glibc
import Synchronization

/// A daemon that speaks what `board events`, `board log` and `board wait` need, from a script of changes
/// the test releases as a daemon's clock would pass them, and that can be restarted on the same socket.
///
/// Change n (from 1) has the cursor `Cn`. `events.get` pages `pageSize` at a time; `events.watch`
/// replays from `since` or `cursor`, then pushes each change released, or one `skipped` event when
/// more than `skipAbove` are released at once. Every request is recorded for the test to read.
final class EventsFakeDaemon: Sendable {
    let path: String
    /// The daemon's clock, as `clock.get` and `events.watch` say it (`setNow`: a restart on another day).
    var now: String { clock.withLock { $0 } }
    private let clock: Locked<String>
    let changes: [JSON]
    let details: JSON
    let pageSize: Int
    let skipAbove: Int?
    let knowsEvents: Bool
    private let released = Atomic<Int>(0)
    private let generation = Atomic<Int>(0)
    private let stopped = Atomic<Bool>(false)
    private let log = Locked<[JSON]>([])
    /// Held while a connection writes and while a restart begins: no connection of an old generation writes after it.
    /// (An `Int`, not `Void`: ThreadSanitizer reads a zero-sized value beside the mutex as a race.)
    private let writing = Locked<Int>(0)

    /// - Parameters:
    ///   - changes: CHANGE objects without `seq` and `cursor`, in order (the fake adds them).
    ///   - details: `flight.get`'s answer for the flight's id; any other id is not found.
    init(
        path: String, now: String = "2026-11-30T12:00:00-05:00", changes: [JSON], details: JSON, pageSize: Int = 500,
        skipAbove: Int? = nil, knowsEvents: Bool = true
    ) throws {
        self.path = path
        self.clock = Locked(now)
        self.changes = changes.enumerated().map { index, change in change.with("cursor", .string("C\(index + 1)")) }
        self.details = details
        self.pageSize = pageSize
        self.skipAbove = skipAbove
        self.knowsEvents = knowsEvents
        try FileManager.default.createDirectory(atPath: BoardPaths.directory(of: path), withIntermediateDirectories: true)
        try start()
    }

    /// Moves the clock `clock.get` and `events.watch` say.
    func setNow(_ now: String) { clock.withLock { $0 = now } }

    /// Makes the first `count` changes have happened; watchers get them pushed.
    func release(upTo count: Int) { released.store(min(count, changes.count), ordering: .relaxed) }

    /// Every request received so far, in order.
    var requests: [JSON] { log.withLock { $0 } }

    /// Closes every connection and the socket, then listens again on the same path, as a restarted daemon would.
    func restart(beforeListening: () -> Void = {}) throws {
        writing.withLock { _ in _ = generation.add(1, ordering: .relaxed) }
        // The accepting thread closes its own socket once it sees the new generation: closed here, its
        // number could be reused by another test's socket while that thread is between its check and
        // `accept`, which would then take (and greet) a connection that was never its own.
        unlink(path)
        beforeListening()
        try start()
    }

    private func start() throws {
        let socket = try UnixSocket.listen(path: path)
        let mine = generation.load(ordering: .relaxed)
        Thread { [self] in
            defer { socket.close() }
            while self.alive(mine) {
                guard (try? socket.waitUntilReadable(timeoutMilliseconds: 50)) == true else { continue }
                guard self.alive(mine), let client = try? UnixSocket.accept(socket) else { continue }
                Thread { [self] in self.serve(client, generation: mine) }.start()
            }
        }.start()
    }

    private func alive(_ mine: Int) -> Bool {
        !stopped.load(ordering: .relaxed) && generation.load(ordering: .relaxed) == mine
    }

    deinit {
        stopped.store(true, ordering: .relaxed)  // the accepting thread closes the socket
    }

    // MARK: Serving one connection

    private struct Watch {
        let id: JSON
        let flight: Int?
        var sent: Int
        var seq = 0
    }

    private func serve(_ client: FileDescriptor, generation mine: Int) {
        defer { client.close() }
        client.setNonBlocking(false)
        guard (try? client.writeAll(WireLine.hello(server: "boardd/fake", instance: "fake-\(mine)"))) != nil else { return }
        var framer = LineFramer()
        var buffer = [UInt8](repeating: 0, count: 65536)
        var watch: Watch?
        while alive(mine) {
            if (try? client.waitUntilReadable(timeoutMilliseconds: 10)) == true {
                guard let n = try? client.read(into: &buffer), n > 0 else { return }
                for case .line(let line) in framer.feed(Array(buffer[..<n])) {
                    guard let request = try? JSON.parse(line) else { return }
                    log.withLock { $0.append(request) }
                    guard let answer = answer(request, watch: &watch), send(answer, to: client, generation: mine) else { return }
                }
            }
            if var current = watch {
                let sent = writing.withLock { _ in alive(mine) && (try? client.writeAll(push(&current))) != nil }
                guard sent else { return }
                watch = current
            }
        }
    }

    /// Writes `bytes` unless a restart has begun; whether it did.
    private func send(_ bytes: [UInt8], to client: FileDescriptor, generation mine: Int) -> Bool {
        writing.withLock { _ in alive(mine) && (try? client.writeAll(bytes)) != nil }
    }

    private func answer(_ request: JSON, watch: inout Watch?) -> [UInt8]? {
        let id = request["id"] ?? .null
        let params = request["params"] ?? [:]
        switch request["method"]?.string {
        case "ping": return WireLine.result(id: id, ["schema": 1])
        case "clock.get": return WireLine.result(id: id, ["schema": 1, "now": .string(now), "simulated": true, "speed": 0])
        case "flight.get":
            guard params["id"]?.int == details["id"]?.int || params["designator"]?.string == details["flightName"]?.string else {
                return WireLine.error(id: id, WireError(.notFound, "No flight \(params["id"]?.int ?? 0) in the window."))
            }
            return WireLine.result(id: id, details)
        case "events.get" where knowsEvents:
            let flight = Self.flightID(params["flight"])
            let start = startIndex(params)
            var end = released.load(ordering: .relaxed)
            if let until = params["until"]?.string {
                end = min(end, changes.prefix(end).lastIndex { ($0["at"]?.string ?? "") <= until }.map { $0 + 1 } ?? 0)
            }
            let matching = (min(start, end)..<end).filter { flight == nil || Self.flightID(changes[$0]["flight"]) == flight }
            let page = matching.prefix(pageSize)
            let next: JSON = matching.count > page.count ? .string("C\(page.last.map { $0 + 1 } ?? 0)") : .null
            let listed = page.enumerated().map { seq, index in changes[index].with("seq", .int(seq + 1)) }
            return WireLine.result(
                id: id,
                [
                    "schema": 1, "since": .string(params["since"]?.string ?? "2026-11-30T00:00:00-05:00"), "until": .string(now),
                    "changes": .array(listed), "total": .int(matching.count), "next": next,
                ])
        case "events.watch" where knowsEvents:
            let startAt =
                params["cursor"] != nil || params["since"] != nil ? startIndex(params) : released.load(ordering: .relaxed)
            watch = Watch(id: id, flight: Self.flightID(params["flight"]), sent: startAt)
            return WireLine.result(id: id, ["schema": 1, "now": .string(now), "cursor": .string("C\(startAt)")])
        default:
            return WireLine.error(id: id, WireError(.unknownMethod, "Unknown method \(request["method"]?.string ?? "")."))
        }
    }

    /// The index after `cursor` (`Cn` is after n), or of the first change after `since`, else 0.
    private func startIndex(_ params: JSON) -> Int {
        if let cursor = params["cursor"]?.string, let n = Int(cursor.dropFirst()) { return n }
        if let since = params["since"]?.string { return changes.firstIndex { ($0["at"]?.string ?? "") > since } ?? changes.count }
        return 0
    }

    /// The lines to push to a watcher for what was released since it was last served.
    private func push(_ watch: inout Watch) -> [UInt8] {
        let upTo = released.load(ordering: .relaxed)
        guard upTo > watch.sent else { return [] }
        let pending = (watch.sent..<upTo).filter { watch.flight == nil || Self.flightID(changes[$0]["flight"]) == watch.flight }
        var bytes: [UInt8] = []
        if let skipAbove, pending.count > skipAbove {
            watch.seq += 1
            let cursor: JSON = watch.sent > 0 ? .string("C\(watch.sent)") : .null
            bytes += WireLine.line([
                "id": watch.id, "event": "skipped", "seq": .int(watch.seq), "count": .int(pending.count),
                "since": changes[watch.sent]["at"] ?? .null, "until": changes[upTo - 1]["at"] ?? .null, "cursor": cursor,
            ])
        } else {
            for index in pending {
                watch.seq += 1
                bytes += WireLine.line([
                    "id": watch.id, "event": "change", "seq": .int(watch.seq),
                    "result": changes[index].with("seq", .int(watch.seq)),
                ])
            }
        }
        watch.sent = upTo
        return bytes
    }

    /// A `flight` param's or a change's flight id: `{"id":N,...}` or N.
    private static func flightID(_ value: JSON?) -> Int? { value?.int ?? value?["id"]?.int }
}

extension JSON {
    /// The object with `key` set: replaced in place, else added at the front for `seq`, else at the end.
    func with(_ key: String, _ value: JSON) -> JSON {
        guard var pairs = objectPairs else { return self }
        if let index = pairs.firstIndex(where: { $0.0 == key }) {
            pairs[index].1 = value
        } else if key == "seq" {
            pairs.insert((key, value), at: 0)
        } else {
            pairs.append((key, value))
        }
        return .object(pairs)
    }
}
