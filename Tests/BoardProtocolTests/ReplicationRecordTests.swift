import BoardProtocol
import Testing

/// The records a source publishes and a replica reads: flat fields, exact instants, and an
/// unreadable entry an error that names its field, never a crash.
struct ReplicationRecordTests {
    static let clock = ReplicationClock(
        move: .advance, simulated: true, instant: 1_796_050_800.123_456_7, speed: 60, madeAt: 1_764_600_000.000_001)
    static let settings = JSON.object([
        ("airport", .object([("name", .string("Mountain Airport")), ("code", .string("MTN"))])), ("seed", .int(2024)),
    ])

    @Test func aClockRecordIsWrittenAsFlatFieldsAndReadBackToTheSameBits() throws {
        let record = ReplicationRecord(seq: 7, source: "00ff00ff00ff00ff", .clock(Self.clock))
        let fields = record.fields
        #expect(fields.map(\.0) == ["v", "kind", "seq", "source", "move", "simulated", "instant", "speed", "madeAt"])
        #expect(fields[0].1 == "1" && fields[1].1 == "clock" && fields[2].1 == "7" && fields[4].1 == "advance")
        let read = try ReplicationRecord(fields: fields)
        #expect(read == record)
        guard case .clock(let clock) = read.body else { throw ReplicationRecordError(field: "kind", .missing) }
        #expect(clock.instant.bitPattern == Self.clock.instant.bitPattern)
        #expect(clock.madeAt.bitPattern == Self.clock.madeAt.bitPattern)
        // As Redis hands it back: names and values in turn.
        #expect(try ReplicationRecord(flat: fields.flatMap { [$0.0, $0.1] }) == record)
    }

    @Test(arguments: ReplicationClock.Move.allCases)
    func everyMoveAndARealClockReadBack(_ move: ReplicationClock.Move) throws {
        let real = ReplicationClock(move: move, simulated: false, instant: 1_764_600_000.5, speed: 1, madeAt: 1_764_600_000.5)
        let record = ReplicationRecord(seq: 1, source: "a", .clock(real))
        #expect(try ReplicationRecord(fields: record.fields) == record)
    }

    @Test func aClockRunsOnFromItsMove() {
        #expect(Self.clock.reading(atReal: Self.clock.madeAt + 2) == Self.clock.instant + 120)
        let frozen = ReplicationClock(move: .set, simulated: true, instant: 100, speed: 0, madeAt: 50)
        #expect(frozen.reading(atReal: 1_000) == 100)
        let real = ReplicationClock(move: .start, simulated: false, instant: 50, speed: 1, madeAt: 50)
        #expect(real.reading(atReal: 1_000) == 1_000)
    }

    @Test func aConfigRecordCarriesTheSettingsAsJSON() throws {
        let record = ReplicationRecord(seq: 2, source: "b", .config(Self.settings))
        #expect(record.fields.last?.0 == "config")
        #expect(record.fields.last?.1 == #"{"airport":{"name":"Mountain Airport","code":"MTN"},"seed":2024}"#)
        #expect(try ReplicationRecord(fields: record.fields) == record)
    }

    @Test func theStateIsTheClockRecordWithTheConfigBesideIt() throws {
        let state = ReplicationState(
            clock: ReplicationRecord(seq: 9, source: "c", .clock(Self.clock)),
            config: ReplicationRecord(seq: 1, source: "c", .config(Self.settings)))
        #expect(state.fields.map(\.0).suffix(2) == ["config", "configSeq"])
        #expect(try ReplicationState(fields: state.fields) == state)
        // Its clock reads as a record of its own.
        #expect(try ReplicationRecord(fields: state.fields) == state.clock)
        let keys = ReplicationKeys(airportCode: "MTN")
        #expect([keys.log, keys.state, keys.source] == ["board:MTN:log", "board:MTN:state", "board:MTN:source"])
    }

    @Test func fieldsItDoesNotKnowArePassedOver() throws {
        let record = ReplicationRecord(seq: 3, source: "d", .clock(Self.clock))
        #expect(try ReplicationRecord(fields: record.fields + [("note", "later")]) == record)
    }

    static func replacing(_ name: String, with value: String?) -> [(String, String)] {
        let fields = ReplicationRecord(seq: 4, source: "e", .clock(clock)).fields
        guard let value else { return fields.filter { $0.0 != name } }
        return fields.map { $0.0 == name ? (name, value) : $0 }
    }

    @Test(
        arguments: [
            ("v", nil, #"replication record: no "v""#),
            ("v", "2", #"replication record: version "2" is not 1"#),
            ("seq", "0", #"replication record: "seq" is malformed: "0""#),
            ("seq", "x", #"replication record: "seq" is malformed: "x""#),
            ("kind", "speed", #"replication record: "kind" is malformed: "speed""#),
            ("move", "jump", #"replication record: "move" is malformed: "jump""#),
            ("simulated", "yes", #"replication record: "simulated" is malformed: "yes""#),
            ("instant", "nan", #"replication record: "instant" is malformed: "nan""#),
            ("instant", "", #"replication record: "instant" is malformed: """#),
            ("speed", "-1", #"replication record: "speed" is malformed: "-1""#),
            ("instant", "1e300", #"replication record: "instant" is malformed: "1e300""#),
            ("instant", "-5", #"replication record: "instant" is malformed: "-5""#),
            ("madeAt", "-1e300", #"replication record: "madeAt" is malformed: "-1e300""#),
            ("madeAt", "64029052801", #"replication record: "madeAt" is malformed: "64029052801""#),
            ("madeAt", nil, #"replication record: no "madeAt""#),
            ("source", "", #"replication record: "source" is malformed: """#),
            // An instance is 16 hex digits: a megabyte or an escape sequence never reaches a `ping`.
            (
                "source", String(repeating: "a", count: 65),
                "replication record: \"source\" is malformed: \"" + String(repeating: "a", count: 40) + "\""
            ),
            ("source", "a b", #"replication record: "source" is malformed: "a b""#),
        ] as [(String, String?, String)])
    func anUnreadableEntryIsAnErrorNamingItsField(_ name: String, _ value: String?, _ message: String) {
        #expect {
            try ReplicationRecord(fields: Self.replacing(name, with: value))
        } throws: { error in
            "\(error)" == message
        }
    }

    @Test func aConfigThatIsNotAJSONObjectAndAnOddListAreErrors() {
        let base: [(String, String)] = [("v", "1"), ("kind", "config"), ("seq", "1"), ("source", "f")]
        for text in ["", "[1]", "{\"a\":1,\"a\":2}", "{"] {
            #expect(throws: ReplicationRecordError.self) { try ReplicationRecord(fields: base + [("config", text)]) }
        }
        #expect(throws: ReplicationRecordError(field: "fields", .malformed("3 strings"))) {
            try ReplicationRecord(flat: ["v", "1", "kind"])
        }
        #expect(throws: ReplicationRecordError(field: "kind", .malformed("config"))) {
            try ReplicationState(fields: base + [("config", "{}")])
        }
    }
}
