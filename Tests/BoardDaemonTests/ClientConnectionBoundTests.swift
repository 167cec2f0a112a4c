import BoardProtocol
import BoardSystem
import FlightData
import Foundation
import Testing

@testable import BoardDaemon

/// One bound for all output: events count in a client's bound and in the total for all clients, as
/// replies do; past either, a subscriber's changes are counted for one `skipped` event, never queued.
struct ClientConnectionBoundTests {
    /// Three hours of the fixture's changes, each encoded once.
    static func someChanges() -> (changes: [ClientConnection.SharedChange], service: BoardService, from: Date) {
        var service = PinnedParamTests.service()
        let from = service.clock.now
        _ = service.handle(WireRequest(id: 1, method: .clockAdvance, params: ["minutes": 180]))
        let changes = service.allChanges(after: from, through: service.clock.now, at: service.clock.now)
        return (changes.map { ClientConnection.SharedChange($0, encoding: service.encoding) }, service, from)
    }

    /// A subscriber since `from` that reads nothing (its socket is full, so nothing offered is written),
    /// or, `reading`, one whose socket takes what it is offered; its socket's ends are put in `ends`
    /// to close, the other end last.
    static func subscriber(
        meter: ClientConnection.Meter, from: Date, reading: Bool = false, _ ends: inout [FileDescriptor]
    ) throws -> ClientConnection {
        let (served, played) = try UnixSocket.pair()
        ends += [served, played]
        let block = [UInt8](repeating: 32, count: 1 << 16)
        while !reading, try block.withUnsafeBytes({ try served.writeSome($0) }) > 0 {}
        var connection = ClientConnection(descriptor: served, meter: meter)
        connection.events = ClientConnection.EventWatch(requestID: .int(1), filter: EventFilter(), position: .after(from))
        return connection
    }

    @Test func pastItsOwnBoundASubscribersChangesAreCountedNotQueued() throws {
        let (changes, service, from) = Self.someChanges()
        #expect(changes.count > 10)
        var limits = ServerLimits()
        limits.maxQueuedBytes = 1_000
        let meter = ClientConnection.Meter()
        var ends: [FileDescriptor] = []
        defer { for end in ends { end.close() } }
        var connection = try Self.subscriber(meter: meter, from: from, &ends)
        connection.offerChanges(
            changes, through: service.clock.now, bound: 200, limits: limits, encoding: service.encoding, now: .now)
        #expect(connection.queuedBytes > 0)
        #expect(connection.queuedBytes < limits.maxQueuedBytes + 1_000, "one change past the bound at most")
        #expect(connection.events?.pendingSkip?.count ?? 0 > 0)
        #expect(meter.queuedBytes == connection.queuedBytes)
    }

    @Test func pastTheTotalASubscriberWithOutputWaitingGetsNoMoreAndOneWithNoneGetsOne() throws {
        let (changes, service, from) = Self.someChanges()
        var limits = ServerLimits()
        limits.maxQueuedBytesTotal = 10_000
        let meter = ClientConnection.Meter()
        var ends: [FileDescriptor] = []
        defer { for end in ends { end.close() } }
        var heavy = try Self.subscriber(meter: meter, from: from, &ends)
        var waiting = try Self.subscriber(meter: meter, from: from, &ends)
        var fresh = try Self.subscriber(meter: meter, from: from, &ends)
        heavy.enqueue([UInt8](repeating: 32, count: 20_000), now: .now)
        waiting.enqueue([UInt8(ascii: "\n")], now: .now)
        #expect(meter.queuedBytes > limits.maxQueuedBytesTotal)
        waiting.offerChanges(
            changes, through: service.clock.now, bound: 200, limits: limits, encoding: service.encoding, now: .now)
        fresh.offerChanges(
            changes, through: service.clock.now, bound: 200, limits: limits, encoding: service.encoding, now: .now)
        // Output waiting and the total passed: nothing more is queued, every change is counted.
        #expect(waiting.queuedBytes == 1)
        #expect(waiting.events?.pendingSkip?.count == changes.count)
        // Nothing waiting: it reads as it goes, and gets the first change, the rest counted.
        #expect(fresh.queuedBytes > 0)
        #expect(fresh.events?.pendingSkip?.count == changes.count - 1)
    }

    /// With nothing of its own waiting, a subscriber's `skipped` event goes out with the move that made
    /// it, as a drained flush sends it, even while other clients hold more than the ceiling: held for
    /// room, it waited for the next move, whose changes were then all counted as skipped too.
    @Test func aSkipWithNothingWaitingIsQueuedWhateverOthersHold() throws {
        let (changes, service, from) = Self.someChanges()
        let limits = ServerLimits()
        let meter = ClientConnection.Meter()
        var ends: [FileDescriptor] = []
        defer { for end in ends { end.close() } }
        var connection = try Self.subscriber(meter: meter, from: from, reading: true, &ends)
        meter.add(limits.maxQueuedBytesCeiling + 1)
        connection.offerChanges(
            changes, through: service.clock.now, bound: 200, limits: limits, encoding: service.encoding, now: .now)
        #expect(connection.events?.pendingSkip == nil)
        #expect(connection.events?.seq == 1, "one skipped event, every change counted")
        #expect(connection.queuedBytes > 0)
    }

    /// A filter's kinds, however given, are the kinds it matches: `matches` reads their bits.
    @Test func aFiltersKindsGivenAtItsMakingOrLaterAreTheOnesItMatches() throws {
        let (changes, _, _) = Self.someChanges()
        let gates = Set(changes.filter { $0.change.kind == .gate }.map(\.change.position))
        try #require(!gates.isEmpty)
        var later = EventFilter()
        later.kinds = [.gate]
        for filter in [EventFilter(kinds: [.gate]), later] {
            #expect(Set(changes.filter { filter.matches($0.change) }.map(\.change.position)) == gates)
        }
    }

    /// Lines the socket takes in part: the rest is queued, written in order as the peer reads, and the
    /// whole is the lines the subscriber is owed; behind a reply already queued, they wait their turn.
    /// The socket's room is left small by what came before, by steps, so that some step takes part.
    @Test(arguments: [false, true])
    func changesTheSocketTakesInPartOrBehindAReplyArriveWholeAndInOrder(replyFirst: Bool) throws {
        let (changes, service, from) = Self.someChanges()
        var tookPart = false
        for filler in stride(from: 0, through: 8_000, by: 500) {
            var fds: [Int32] = [-1, -1]
            let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue)
            try #require(socketpair(AF_UNIX, type, 0, &fds) == 0)
            var size: Int32 = 4096
            setsockopt(fds[0], SOL_SOCKET, SO_SNDBUF, &size, socklen_t(MemoryLayout<Int32>.size))
            let (served, peer) = (FileDescriptor(fds[0]), FileDescriptor(fds[1]))
            defer {
                served.close()
                peer.close()
            }
            let before = [UInt8](repeating: UInt8(ascii: " "), count: filler)
            let written = try before.withUnsafeBytes { try served.writeSome($0) }
            var connection = ClientConnection(descriptor: served, meter: ClientConnection.Meter())
            connection.events = ClientConnection.EventWatch(requestID: .int(1), filter: EventFilter(), position: .after(from))
            let reply = Array(#"{"id":0,"result":{}}"#.utf8) + [UInt8(ascii: "\n")]
            if replyFirst { connection.enqueue(reply, now: .now) }
            connection.offerChanges(
                changes, through: service.clock.now, bound: 200, limits: ServerLimits(), encoding: service.encoding, now: .now)
            var lines: [UInt8] = []
            for (index, change) in changes.enumerated() {
                lines += WireLine.changeEventHeader(id: .int(1), seq: index + 1) + change.tail + WireLine.closing
            }
            let queued = connection.queuedBytes - (replyFirst ? reply.count : 0)
            if queued > 0 && queued < lines.count { tookPart = true }
            let expected = before[..<written] + (replyFirst ? reply : []) + lines
            var read: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            for _ in 0..<10_000 where read.count < expected.count {
                _ = connection.flush(now: .now)
                while let n = try? peer.read(into: &chunk), n > 0 { read += chunk[..<n] }
            }
            #expect(read == Array(expected), "after \(written) bytes")
            #expect(connection.queuedBytes == 0)
        }
        #expect(tookPart || replyFirst, "some step's socket took part of the lines")
    }

    /// A subscriber that reads as it goes has a move's changes written to its socket at once, nothing
    /// queued, each line the bytes the contract's change event is; its bound still counts them as a
    /// move's output, so past it the rest is one `skipped` event, which follows at once.
    @Test(arguments: [ServerLimits().maxQueuedBytes, 1_000])
    func aReadingSubscribersChangesAreWrittenAtOnceWithinItsBound(maxQueuedBytes: Int) throws {
        let (changes, service, from) = Self.someChanges()
        var limits = ServerLimits()
        limits.maxQueuedBytes = maxQueuedBytes
        let meter = ClientConnection.Meter()
        var ends: [FileDescriptor] = []
        defer { for end in ends { end.close() } }
        var connection = try Self.subscriber(meter: meter, from: from, reading: true, &ends)
        connection.offerChanges(
            changes, through: service.clock.now, bound: 200, limits: limits, encoding: service.encoding, now: .now)
        var expected: [UInt8] = []
        var sent = 0
        for (index, change) in changes.enumerated() where expected.count <= maxQueuedBytes {
            expected += WireLine.changeEventHeader(id: .int(1), seq: index + 1) + change.tail + WireLine.closing
            sent += 1
        }
        #expect(connection.queuedTotal >= expected.count)
        let skipped = changes.count - sent
        #expect(connection.events?.seq == sent + (skipped > 0 ? 1 : 0))
        #expect(connection.events?.pendingSkip == nil)
        if skipped == 0 {
            #expect(connection.queuedBytes == 0, "every change written, nothing queued")
            #expect(meter.queuedBytes == 0)
        }
        #expect(connection.flush(now: .now) == .drained)
        var read: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while let n = try? ends[1].read(into: &chunk), n > 0 { read += chunk[..<n] }
        #expect(Array(read.prefix(expected.count)) == expected)
        let rest = String(decoding: read.dropFirst(expected.count), as: UTF8.self)
        if skipped > 0 {
            #expect(rest.hasPrefix(#"{"id":1,"event":"skipped","seq":\#(sent + 1),"count":\#(skipped),"#), "\(rest)")
        } else {
            #expect(rest.isEmpty)
        }
    }
}
