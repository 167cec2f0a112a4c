import BoardProtocol
import Testing

/// What a replica reads from Redis: the stream's entries in the shapes `XRANGE` and `XREAD` give,
/// an unreadable entry kept with its ID and its error, and each record applied once.
struct ReplicationEntryTests {
    static func record(_ seq: Int, source: String = "a", instant: Double = 1_796_050_800) -> ReplicationRecord {
        ReplicationRecord(
            seq: seq, source: source,
            .clock(ReplicationClock(move: .set, simulated: true, instant: instant, speed: 0, madeAt: 1_764_600_000))
        )
    }

    static func entry(_ id: String, _ fields: [String]) -> RESPValue {
        .array([.bulkString(Array(id.utf8)), .array(fields.map { .bulkString(Array($0.utf8)) })])
    }

    static func flat(_ record: ReplicationRecord) -> [String] { record.fields.flatMap { [$0.0, $0.1] } }

    @Test func xrangeAndXreadRepliesGiveTheirEntriesInOrder() throws {
        let entries = RESPValue.array([
            Self.entry("1-0", Self.flat(Self.record(1))), Self.entry("1-1", Self.flat(Self.record(2))),
        ])
        let read = try #require(ReplicationEntry.entries(entries))
        #expect(read.map(\.id) == ["1-0", "1-1"])
        #expect(read.map { try? $0.record.get() } == [Self.record(1), Self.record(2)])
        let xread = RESPValue.array([.array([.bulkString(Array("board:MTN:log".utf8)), entries])])
        #expect(ReplicationEntry.entries(xread: xread) == read)
        #expect(ReplicationEntry.entries(xread: .array(nil)) == [], "a block that ended with nothing")
    }

    @Test func anUnreadableEntryIsKeptWithItsIDAndItsError() throws {
        let reply = RESPValue.array([
            Self.entry("7-0", ["v", "2", "kind", "clock"]),
            .array([.bulkString(Array("7-1".utf8)), .array([.integer(3), .bulkString(Array("x".utf8))])]),
            Self.entry("7-2", Self.flat(Self.record(3))),
        ])
        let read = try #require(ReplicationEntry.entries(reply))
        #expect(read.map(\.id) == ["7-0", "7-1", "7-2"])
        #expect(throws: ReplicationRecordError(field: "v", .unsupportedVersion("2"))) { try read[0].record.get() }
        #expect(throws: ReplicationRecordError.self) { try read[1].record.get() }
        #expect(try read[2].record.get() == Self.record(3))
    }

    @Test(arguments: [
        RESPValue.integer(1), .array([.integer(1)]), .array([.array([.bulkString(Array("1-0".utf8))])]),
        .array([.array([.integer(1), .array([])])]),
    ])
    func aReplyOfAnotherShapeIsNotEntries(_ reply: RESPValue) {
        #expect(ReplicationEntry.entries(reply) == nil)
        #expect(ReplicationEntry.entries(xread: .array([.array([.bulkString([]), reply])])) == nil)
    }

    @Test func eachRecordIsAdmittedOnceClocksAndConfigsApart() {
        var progress = ReplicaProgress()
        let config = ReplicationRecord(seq: 1, source: "a", .config(.object([])))
        let other = Self.record(1, source: "b")
        // A batch sent twice, an older record, configs counted apart from clocks, a new source from 1.
        let records = [
            Self.record(2), Self.record(2), Self.record(1), config, config, Self.record(3), other, Self.record(3), other,
        ]
        #expect(records.map { progress.admit($0) } == [true, false, false, true, false, true, true, false, false])
    }

    @Test func onlyTheNewestSourcesAreRemembered() {
        var progress = ReplicaProgress()
        let first = (0...ReplicaProgress.sourcesKept).map { progress.admit(Self.record(5, source: "s\($0)")) }
        #expect(first.allSatisfy { $0 })
        let again = [Self.record(5, source: "s0"), Self.record(5, source: "s\(ReplicaProgress.sourcesKept)")].map {
            progress.admit($0)
        }
        #expect(again == [true, false], "the oldest was forgotten, the newest kept")
    }

    @Test func theStateReadsFromTheFlatListHGETALLGives() throws {
        let config = ReplicationRecord(seq: 1, source: "a", .config(.object([("seed", .int(1))])))
        let state = ReplicationState(clock: Self.record(2), config: config)
        #expect(try ReplicationState(flat: state.fields.flatMap { [$0.0, $0.1] }) == state)
        #expect(throws: ReplicationRecordError.self) { try ReplicationState(flat: ["v"]) }
    }
}
