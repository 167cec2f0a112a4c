import BoardProtocol

/// A source's records on their way to Redis, in order, at most `limit` of them, and the newest state.
///
/// A value: the main loop appends (`append`), the publisher takes the oldest (`oldest`) and, once
/// Redis has them, drops them (`published(through:)`). While Redis is away the queue fills; past
/// `limit` the oldest clock move gives way (a config, rarer and what a replica cannot do without,
/// only when nothing else is left), and `dropped` counts them. The newest clock record and
/// config are kept apart from the queue (`state`): `board:CODE:state` always gets the newest,
/// whatever was dropped.
struct ReplicationQueue: Sendable {
    /// The default bound: a day of a clock moved every ten seconds.
    static let defaultLimit = 10_000

    let limit: Int
    let source: String
    private(set) var records: [ReplicationRecord] = []
    /// The newest clock record and config, published or not.
    private(set) var latestClock: ReplicationRecord?
    private(set) var latestConfig: ReplicationRecord?
    /// Records dropped unpublished because the queue was full.
    private(set) var dropped = 0
    /// The next record's sequence number.
    private(set) var nextSeq = 1

    init(source: String, limit: Int = Self.defaultLimit) {
        precondition(limit > 0, "a queue holds a record")
        self.source = source
        self.limit = limit
    }

    /// The newest state, once there is a clock record and a config.
    var state: ReplicationState? {
        guard let latestClock, let latestConfig else { return nil }
        return ReplicationState(clock: latestClock, config: latestConfig)
    }

    /// Numbers the record and queues it; past the limit the oldest clock move is dropped.
    @discardableResult
    mutating func append(_ body: ReplicationRecord.Body) -> ReplicationRecord {
        let record = ReplicationRecord(seq: nextSeq, source: source, body)
        nextSeq += 1
        if records.count >= limit {
            let index = records.firstIndex { $0.kind == "clock" } ?? records.startIndex
            records.remove(at: index)
            dropped += 1
        }
        records.append(record)
        switch body {
        case .clock: latestClock = record
        case .config: latestConfig = record
        }
        return record
    }

    /// The oldest `count` records waiting, in order.
    func oldest(_ count: Int) -> ArraySlice<ReplicationRecord> { records.prefix(count) }

    /// Forgets the records up to `seq`, now in Redis (records dropped meanwhile are already gone).
    mutating func published(through seq: Int) {
        let end = records.firstIndex { $0.seq > seq } ?? records.endIndex
        records.removeFirst(end)
    }
}
