/// One entry of a source's stream as Redis gives it (`XRANGE`, `XREVRANGE`, `XREAD`): its ID and
/// its record, or why the record cannot be read.
///
/// A reply of the wrong shape (not an array of `[id, [field, value, ...]]`) is nil: the reader
/// cannot tell one entry from the next. An entry of the right shape whose fields are not a record
/// this version reads is kept, with its error, so the reader can name it by its ID and go on.
public struct ReplicationEntry: Hashable, Sendable {
    public let id: String
    public let record: Result<ReplicationRecord, ReplicationRecordError>

    public init(id: String, record: Result<ReplicationRecord, ReplicationRecordError>) {
        self.id = id
        self.record = record
    }

    /// The entries of an `XRANGE` or `XREVRANGE` reply, in the reply's order.
    public static func entries(_ reply: RESPValue) -> [ReplicationEntry]? {
        guard let values = reply.elements else { return nil }
        var entries: [ReplicationEntry] = []
        entries.reserveCapacity(values.count)
        for value in values {
            guard let pair = value.elements, pair.count == 2, let id = pair[0].string, let fields = pair[1].elements else {
                return nil
            }
            let strings = fields.compactMap(\.string)
            guard strings.count == fields.count else {
                entries.append(
                    ReplicationEntry(id: id, record: .failure(ReplicationRecordError(field: "fields", .malformed("not strings"))))
                )
                continue
            }
            entries.append(
                ReplicationEntry(
                    id: id, record: Result { () throws(ReplicationRecordError) in try ReplicationRecord(flat: strings) }))
        }
        return entries
    }

    /// The entries of an `XREAD` reply on one stream: none when the block ended with nothing
    /// (a null reply), else the stream's entries.
    public static func entries(xread reply: RESPValue) -> [ReplicationEntry]? {
        if reply.isNull { return [] }
        guard let streams = reply.elements, streams.count == 1, let stream = streams[0].elements, stream.count == 2 else {
            return nil
        }
        return entries(stream[1])
    }
}

/// What a replica has applied from each source: the last clock record's and the last config's `seq`.
///
/// A batch whose reply the source lost is in the stream twice, and the state repeats the newest
/// records: `admit` says whether a record is new, and records it. A new source instance counts
/// from 1 again, so each source is kept apart; only the newest few sources are remembered (an
/// older one has stopped publishing).
public struct ReplicaProgress: Hashable, Sendable {
    /// Sources remembered at most.
    public static let sourcesKept = 8

    private struct Applied: Hashable, Sendable {
        var clock = 0
        var config = 0
    }

    private var applied: [String: Applied] = [:]
    /// The sources in the order they were first seen, the oldest first.
    private var order: [String] = []

    public init() {}

    /// Whether `record` is newer than what was applied from its source (it is then recorded as applied).
    public mutating func admit(_ record: ReplicationRecord) -> Bool {
        var entry = applied[record.source] ?? Applied()
        switch record.body {
        case .clock:
            guard record.seq > entry.clock else { return false }
            entry.clock = record.seq
        case .config:
            guard record.seq > entry.config else { return false }
            entry.config = record.seq
        }
        if applied[record.source] == nil {
            order.append(record.source)
            if order.count > Self.sourcesKept { applied[order.removeFirst()] = nil }
        }
        applied[record.source] = entry
        return true
    }
}
