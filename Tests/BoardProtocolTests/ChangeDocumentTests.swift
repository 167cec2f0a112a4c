import BoardProtocol
import FlightData
import Foundation
import Testing

/// The events documents decode what they encode, byte for byte, and a cursor names exactly one position.
struct ChangeDocumentTests {
    static let baggage = BaggageDocument(
        belt: 3, firstBag: "2026-11-30T09:20:00-05:00", lastBag: "2026-11-30T09:45:00-05:00")
    static let flight = ChangeDocument.FlightRef(id: 1234, date: "2026-11-30", flightName: "Pacific 123")

    static let changes: [ChangeDocument] = [
        ChangeDocument(
            seq: 1, at: "2026-11-30T09:12:00-05:00", flight: flight, kind: .gate, from: .text("A3"), to: .text("B5"),
            cursor: "c1.1796040720000.20787.4.1"),
        ChangeDocument(
            seq: 2, at: "2026-11-30T09:20:00-05:00", flight: flight, kind: .baggage, from: nil, to: .baggage(baggage),
            cursor: "c1.1796041200000.20787.4.5"),
        ChangeDocument(
            seq: 3, at: "2026-11-30T09:30:00-05:00", flight: flight, kind: .diverted, from: nil, to: .text("Dallas"),
            cursor: "c1.1796041800000.20787.4.3"),
    ]

    static func roundTrips<D: WireDocument>(_ document: D) throws {
        let bytes = document.json.bytes
        let decoded = try D(json: try JSON.parse(bytes))
        #expect(decoded == document)
        #expect(decoded.json.bytes == bytes)
    }

    @Test func aChangeHasTheContractsShapeAndRoundTrips() throws {
        #expect(
            Self.changes[0].json.text
                == #"{"seq":1,"at":"2026-11-30T09:12:00-05:00","flight":{"id":1234,"date":"2026-11-30","flightName":"Pacific 123"},"kind":"gate","from":"A3","to":"B5","cursor":"c1.1796040720000.20787.4.1"}"#
        )
        for change in Self.changes { try Self.roundTrips(change) }
        try Self.roundTrips(
            EventsDocument(
                since: "2026-11-30T00:00:00-05:00", until: "2026-11-30T12:00:00-05:00", changes: Self.changes, total: 9,
                next: "c1.1796041800000.20787.4.3"))
        try Self.roundTrips(
            EventsDocument(
                since: "2026-11-30T00:00:00-05:00", until: "2026-11-30T12:00:00-05:00", changes: [], total: 0, next: nil))
        try Self.roundTrips(EventsWatchDocument(now: "2026-11-30T12:00:00-05:00", cursor: "c1.1796050800000.-1.0.0"))
        try Self.roundTrips(
            SkippedEventDocument(
                seq: 201, count: 57, since: "2026-11-30T09:12:00-05:00", until: "2026-11-30T12:00:00-05:00",
                cursor: "c1.1796040720000.20787.4.1"))
    }

    @Test func pushedLinesDecodeToTheirEvents() throws {
        let change = EventPush.change(Self.changes[1])
        let line = change.line(id: 7)
        #expect(line.text.hasPrefix(#"{"id":7,"event":"change","seq":2,"result":{"seq":2,"#))
        #expect(try EventPush(line: try JSON.parse(line.bytes)) == change)
        let skipped = EventPush.skipped(
            SkippedEventDocument(seq: 3, count: 4, since: "a", until: "b", cursor: "c1.1.2.3.4"))
        #expect(
            skipped.line(id: 7).text
                == #"{"id":7,"event":"skipped","seq":3,"count":4,"since":"a","until":"b","cursor":"c1.1.2.3.4"}"#)
        #expect(try EventPush(line: try JSON.parse(skipped.line(id: 7).bytes)) == skipped)
        #expect(try EventPush(line: ["id": 7, "result": ["now": "x"]]) == nil)
    }

    @Test func aSplicedChangeEventIsTheSameBytesAsTheDocumentsLine() {
        for change in Self.changes {
            for id: JSON in [7, "abc", .null] {
                let spliced =
                    WireLine.changeEventHeader(id: id, seq: change.seq) + WireLine.changeTail(change) + WireLine.closing
                #expect(spliced == WireLine.line(EventPush.change(change).line(id: id)), "\(change.kind)")
            }
        }
    }

    @Test func aCursorNamesOnePositionAndRefusesWhatTheDaemonDidNotMake() {
        let at = Date(timeIntervalSince1970: 1_796_040_720)
        let positions = [
            FlightChange.Position(at: at, dayNumber: 20787, slot: 4, kind: 1), .before(at), .after(at),
            FlightChange.Position(at: at.addingTimeInterval(0.25), dayNumber: -3, slot: 0, kind: 5),
            // 18:18 on Jan 1 1970 in New York, before the clock's range starts: the daemon lists it.
            FlightChange.Position(at: Date(timeIntervalSince1970: 83_880), dayNumber: 0, slot: 26, kind: 0),
        ]
        for position in positions {
            let text = ChangeCursor.encode(position)
            #expect(ChangeCursor.decode(text) == position, "\(text)")
        }
        for outside in [-86_400, 64_029_052_800 + 86_401] {
            let position = FlightChange.Position(at: Date(timeIntervalSince1970: Double(outside)), dayNumber: 0, slot: 0, kind: 0)
            #expect(ChangeCursor.decode(ChangeCursor.encode(position)) == nil, "\(outside)")
        }
        let bad = [
            "", "c1.", "c1.1.2.3", "c1.1.2.3.4.5", "c2.1796040720000.1.2.3", "c1.x.1.2.3", "c1.1796040720000.1.-2.3",
            "c1.1796040720000.1.2.6", "c1.1796040720000.1.2.-1", "c1.99999999999999999999.1.2.3", "c1.0.1.2.3",
            "c1.1796040720000..2.3", "c1.+1796040720000.1.2.3", "c1.1796040720000.1.2.3 ", String(repeating: "9", count: 10_000),
        ]
        for text in bad { #expect(ChangeCursor.decode(text) == nil, "\(text.prefix(40))") }
        // A cursor the daemon made, changed: a field edited, moved by a minute, a leading zero, its check.
        let made = ChangeCursor.encode(positions[0])
        let f: [String] = made.split(separator: ".").map(String.init)  // c1, ms, day, slot, kind, check
        #expect(f.count == 6 && f[3] == "4" && f[4] == "1", "\(made)")
        let later = String(Int(f[1])! + 60_000)
        let otherCheck = String(UInt32(f[5])! &+ 1)
        let changed: [String] = [
            "c1.\(f[1]).\(f[2]).\(f[3]).2.\(f[5])", "c1.\(f[1]).\(f[2]).\(f[3]).1.0", "c1.\(later).\(f[2]).\(f[3]).1.\(f[5])",
            "c1.\(f[1]).0\(f[2]).\(f[3]).1.\(f[5])", "c1.\(f[1]).\(f[2]).\(f[3]).1.\(otherCheck)",
            "c1.\(f[1]).\(f[2]).\(f[3]).1",
        ]
        #expect(ChangeCursor.decode("c1.\(f[1]).\(f[2]).\(f[3]).1.\(f[5])") == positions[0], "the cursor as made")
        for text in changed { #expect(ChangeCursor.decode(text) == nil, "\(text)") }
    }
}
