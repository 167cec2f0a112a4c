/// The Redis keys of one airport's replication: `board:CODE:log`, `board:CODE:state`, `board:CODE:source`.
public struct ReplicationKeys: Hashable, Sendable {
    /// The stream of records, trimmed (`XADD ... MAXLEN ~`).
    public let log: String
    /// A hash: the newest clock record and config (`ReplicationState`).
    public let state: String
    /// The lease: the source's instance, with an expiry it renews.
    public let source: String

    public init(airportCode: String) {
        log = "board:\(airportCode):log"
        state = "board:\(airportCode):state"
        source = "board:\(airportCode):source"
    }
}

/// What `board:CODE:state` holds: the newest clock record's fields, and the newest config beside them.
///
/// A hash whose fields are the clock record's (`v`, `kind` = `clock`, `seq`, `source`, `move`,
/// `simulated`, `instant`, `speed`, `madeAt`), read back as the record itself, plus `config` (the
/// newest config record's JSON) and `configSeq` (its sequence number). A replica starts from it,
/// then reads the stream on from the entry the state already covers.
public struct ReplicationState: Hashable, Sendable {
    public var clock: ReplicationRecord
    public var config: ReplicationRecord

    public init(clock: ReplicationRecord, config: ReplicationRecord) {
        self.clock = clock
        self.config = config
    }

    /// The hash's fields, the clock record's first.
    public var fields: [(String, String)] {
        guard case .config(let settings) = config.body else { return clock.fields }
        return clock.fields + [("config", settings.text), ("configSeq", String(config.seq))]
    }

    /// Reads the hash (as `HGETALL` gives it): its clock record, then its config.
    public init(fields pairs: [(String, String)]) throws(ReplicationRecordError) {
        let clock = try ReplicationRecord(fields: pairs)
        guard case .clock = clock.body else { throw ReplicationRecordError(field: "kind", .malformed(clock.kind)) }
        var configFields = pairs.filter { !["kind", "seq", "config"].contains($0.0) }
        let configSeq = pairs.first { $0.0 == "configSeq" }?.1 ?? ""
        configFields += [("kind", "config"), ("seq", configSeq), ("config", pairs.first { $0.0 == "config" }?.1 ?? "")]
        do { self.init(clock: clock, config: try ReplicationRecord(fields: configFields)) } catch {
            throw ReplicationRecordError(field: error.field == "seq" ? "configSeq" : error.field, error.reason)
        }
    }
}

extension ReplicationState {
    /// Reads the hash as `HGETALL` replies: names and values in turn (an odd count is malformed).
    public init(flat: [String]) throws(ReplicationRecordError) {
        guard flat.count.isMultiple(of: 2) else {
            throw ReplicationRecordError(field: "fields", .malformed("\(flat.count) strings"))
        }
        try self.init(fields: stride(from: 0, to: flat.count, by: 2).map { (flat[$0], flat[$0 + 1]) })
    }
}
