/// One entry of a source's stream (`board:CODE:log`): a clock move or a config, as flat key/value strings.
///
/// A source (`boardd --publish`) appends one for each move of its clock and each config it
/// serves; a replica reads them in order and runs its own clock from them. Every record carries
/// the format's version (`v`), its kind, its sequence number (counted from 1 by each run of a
/// source, one more a record) and the source's instance: a replica keeps the last (source, seq)
/// it applied and skips one it has seen, since a batch whose reply was lost is sent again.
///
/// A clock record holds the clock's whole state after the move, never a difference: `instant` is
/// what the clock read at the real instant `madeAt`, and from then on it reads
/// `instant + (real now - madeAt) * speed` (a real clock reads real time: `simulated` 0). Both
/// instants are seconds since 1970 written as Swift writes a `Double`, which reads back to the
/// same bits, so a replica's boards are the source's to the last digit. A config record holds
/// the schedule's settings as JSON in the config file's own keys (`docs/CONFIG.md`).
public struct ReplicationRecord: Hashable, Sendable {
    /// What a record says.
    public enum Body: Hashable, Sendable {
        case clock(ReplicationClock)
        /// The schedule's settings: a JSON object in the config file's keys.
        case config(JSON)
    }

    /// The version this code writes and reads.
    public static let version = 1

    public var seq: Int
    /// The source's instance (`hello`'s and `ping`'s `instance`).
    public var source: String
    public var body: Body

    public init(seq: Int, source: String, _ body: Body) {
        self.seq = seq
        self.source = source
        self.body = body
    }

    /// `clock` or `config`.
    public var kind: String {
        switch body {
        case .clock: "clock"
        case .config: "config"
        }
    }

    /// The entry's fields, in this order: `v`, `kind`, `seq`, `source`, then the kind's own.
    public var fields: [(String, String)] {
        var out = [("v", String(Self.version)), ("kind", kind), ("seq", String(seq)), ("source", source)]
        switch body {
        case .clock(let clock):
            out += [
                ("move", clock.move.rawValue), ("simulated", clock.simulated ? "1" : "0"), ("instant", String(clock.instant)),
                ("speed", String(clock.speed)), ("madeAt", String(clock.madeAt)),
            ]
        case .config(let settings):
            out.append(("config", settings.text))
        }
        return out
    }

    /// Reads an entry's fields (as `XRANGE` or `HGETALL` gives them, names and values in turn).
    /// Fields it does not know are passed over, so a later writer may add some; a missing or
    /// malformed one, or another version, is a `ReplicationRecordError` naming it.
    public init(fields pairs: [(String, String)]) throws(ReplicationRecordError) {
        var values: [String: String] = [:]
        for (name, value) in pairs where values[name] == nil { values[name] = value }
        func field(_ name: String) throws(ReplicationRecordError) -> String {
            guard let value = values[name] else { throw ReplicationRecordError(field: name, .missing) }
            return value
        }
        func number(_ name: String) throws(ReplicationRecordError) -> Double {
            let text = try field(name)
            guard let value = Double(text), value.isFinite else { throw ReplicationRecordError(field: name, .malformed(text)) }
            return value
        }
        let version = try field("v")
        guard version == String(Self.version) else { throw ReplicationRecordError(field: "v", .unsupportedVersion(version)) }
        let seqText = try field("seq")
        guard let seq = Int(seqText), seq > 0 else { throw ReplicationRecordError(field: "seq", .malformed(seqText)) }
        let source = try field("source")
        // Read only as an instance's name can be, so that no writer of Redis puts a megabyte or an
        // escape sequence into every `ping` a replica answers.
        guard ReplicationDocument.isInstanceName(source) else {
            throw ReplicationRecordError(field: "source", .malformed(String(source.unicodeScalars.prefix(40))))
        }
        let kind = try field("kind")
        switch kind {
        case "clock":
            let moveText = try field("move")
            guard let move = ReplicationClock.Move(rawValue: moveText) else {
                throw ReplicationRecordError(field: "move", .malformed(moveText))
            }
            let simulatedText = try field("simulated")
            guard simulatedText == "0" || simulatedText == "1" else {
                throw ReplicationRecordError(field: "simulated", .malformed(simulatedText))
            }
            let speed = try number("speed")
            guard (0...JSON.maxClockSpeed).contains(speed) else {
                throw ReplicationRecordError(field: "speed", .malformed(try field("speed")))
            }
            // Both are instants a clock can read (`ClockLimits.instants`): one far outside would run a
            // replica's clock past its range, or past what an integer holds.
            let instants =
                ClockLimits.instants.lowerBound.timeIntervalSince1970...ClockLimits.instants.upperBound.timeIntervalSince1970
            func instant(_ name: String) throws(ReplicationRecordError) -> Double {
                let value = try number(name)
                guard instants.contains(value) else { throw ReplicationRecordError(field: name, .malformed(try field(name))) }
                return value
            }
            let clock = ReplicationClock(
                move: move, simulated: simulatedText == "1", instant: try instant("instant"), speed: speed,
                madeAt: try instant("madeAt"))
            self.init(seq: seq, source: source, .clock(clock))
        case "config":
            let text = try field("config")
            guard let settings = try? JSON.parse(Array(text.utf8), rejectingDuplicateKeys: true), settings.objectPairs != nil
            else {
                throw ReplicationRecordError(field: "config", .malformed(String(text.prefix(64))))
            }
            self.init(seq: seq, source: source, .config(settings))
        default:
            throw ReplicationRecordError(field: "kind", .malformed(kind))
        }
    }

    /// Reads an entry's flat list of names and values, as Redis replies (an odd count is malformed).
    public init(flat: [String]) throws(ReplicationRecordError) {
        guard flat.count.isMultiple(of: 2) else {
            throw ReplicationRecordError(field: "fields", .malformed("\(flat.count) strings"))
        }
        try self.init(fields: stride(from: 0, to: flat.count, by: 2).map { (flat[$0], flat[$0 + 1]) })
    }
}

/// A clock's state after a move: what a replica needs to run the same clock on.
public struct ReplicationClock: Hashable, Sendable {
    /// What moved the clock.
    public enum Move: String, Hashable, Sendable, CaseIterable {
        /// The source started: its clock as it runs.
        case start
        /// `clock.set`.
        case set
        /// `clock.advance`.
        case advance
        /// The speed changed. No method changes it yet (`--speed` is read at start), so a source
        /// writes none; a reader takes one as it takes the others.
        case speed
    }

    public var move: Move
    public var simulated: Bool
    /// What the clock read at `madeAt`: seconds since 1970.
    public var instant: Double
    /// How fast it runs from then on (0 frozen, 1 real time; a real clock's is 1).
    public var speed: Double
    /// The real instant of the move: seconds since 1970.
    public var madeAt: Double

    public init(move: Move, simulated: Bool, instant: Double, speed: Double, madeAt: Double) {
        self.move = move
        self.simulated = simulated
        self.instant = instant
        self.speed = speed
        self.madeAt = madeAt
    }

    /// What the clock reads at the real instant `realNow` (seconds since 1970).
    public func reading(atReal realNow: Double) -> Double {
        simulated ? instant + (realNow - madeAt) * speed : realNow
    }
}

/// A stream entry that is not a record this version reads: the field and what is wrong with it.
public struct ReplicationRecordError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Reason: Hashable, Sendable {
        case missing
        case malformed(String)
        case unsupportedVersion(String)
    }

    public let field: String
    public let reason: Reason

    public init(field: String, _ reason: Reason) {
        self.field = field
        self.reason = reason
    }

    public var description: String {
        switch reason {
        case .missing: "replication record: no \"\(field)\""
        case .malformed(let value): "replication record: \"\(field)\" is malformed: \"\(value.prefix(64))\""
        case .unsupportedVersion(let version): "replication record: version \"\(version.prefix(16))\" is not 1"
        }
    }
}
