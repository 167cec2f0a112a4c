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
