import BoardLink
import BoardProtocol
import BoardSystem
import FlightData
import Foundation
import Testing

@testable import BoardCLI

/// Where a followed stream resumes after the daemon goes away, and that nothing is handed on twice.
struct EventFollowTests {
    static func push(_ id: Int, _ change: EventChange, seq: Int = 1) -> JSON {
        ["id": .int(id), "event": "change", "seq": .int(seq), "result": change.json]
    }

    static func change(_ cursor: String, to gate: String = "B5") -> EventChange {
        ChangeLineTests.change("gate", from: "A3", to: .string(gate), cursor: cursor)
    }

    @Test func withoutSinceItResumesFromTheFirstRepliesNowThenFromTheLastChangeTaken() throws {
        var follow = EventFollow()
        let filters = EventFilterParams(kinds: [.gate])
        #expect(follow.watchRequest(filters).params.text == #"{"kinds":["gate"]}"#)
        let first = try follow.read(
            ["id": 5, "result": ["schema": 1, "now": "2026-11-30T09:00:00-05:00", "cursor": "N0"]], subscription: 5)
        #expect(first == .subscribed(now: "2026-11-30T09:00:00-05:00"))
        #expect(follow.watchRequest(filters).params.text == #"{"kinds":["gate"],"cursor":"N0"}"#)
        let step = try follow.read(Self.push(5, Self.change("C1")), subscription: 5)
        guard case .change(let change) = step else {
            Issue.record("\(step)")
            return
        }
        let took1 = follow.take(change)
        #expect(took1)
        #expect(follow.resume == .cursor("C1"))
        // Resubscribed after a restart: the new subscription's `now` does not move the resume point back.
        _ = try follow.read(["id": 9, "result": ["now": "2026-11-30T09:05:00-05:00", "cursor": "N1"]], subscription: 9)
        #expect(follow.watchRequest(filters).params.text == #"{"kinds":["gate"],"cursor":"C1"}"#)
    }

    @Test func withSinceItReplaysFromThereUntilAChangeIsTaken() throws {
        var follow = EventFollow(since: "2026-11-30T07:00:00-05:00")
        #expect(follow.watchRequest(EventFilterParams()).params.text == #"{"since":"2026-11-30T07:00:00-05:00"}"#)
        _ = try follow.read(["id": 1, "result": ["now": "x", "cursor": "N0"]], subscription: 1)
        #expect(follow.resume == .since("2026-11-30T07:00:00-05:00"), "the replay is still to come")
        let took2 = follow.take(Self.change("C7"))
        #expect(took2)
        #expect(follow.watchRequest(EventFilterParams()).params.text == #"{"cursor":"C7"}"#)
    }

    /// A daemon back with its clock behind the last change taken refuses its cursor: the follow goes
    /// on from that daemon's now and takes nothing up to that change, then what comes after it.
    @Test func aDaemonBehindTheLastChangeIsFollowedFromItsNowPastThatChange() throws {
        func cursor(_ minutes: Double, slot: Int = 3) -> String {
            ChangeCursor.encode(
                FlightChange.Position(
                    at: Date(timeIntervalSince1970: 1_764_522_000 + minutes * 60), dayNumber: 20_787, slot: slot, kind: 1))
        }
        var follow = EventFollow()
        let early = follow.resumeFromNowPast()
        #expect(!early, "before any subscription a refusal is the follow's end")
        _ = try follow.read(["id": 1, "result": ["now": "x", "cursor": .string(cursor(0))]], subscription: 1)
        let took = follow.take(Self.change(cursor(30)))
        #expect(took)
        let resumed = follow.resumeFromNowPast()
        #expect(resumed)
        #expect(follow.watchRequest(EventFilterParams()).params.text == "{}", "from the daemon's now")
        _ = try follow.read(["id": 2, "result": ["now": "y", "cursor": .string(cursor(0, slot: 0))]], subscription: 2)
        let again = follow.take(Self.change(cursor(10)))
        #expect(!again, "handed on before the restart")
        let same = follow.take(Self.change(cursor(30)))
        #expect(!same)
        let later = follow.take(Self.change(cursor(31)))
        #expect(later, "past the last change: new")
        #expect(follow.resume == .cursor(cursor(31)))
    }

    /// A change of flight `id` at `time` (on Nov 30, 2026), its cursor a position the daemon makes.
    static func change(of id: Int, at time: String) -> EventChange {
        let at = "2026-11-30T\(time):00-05:00"
        let position = FlightChange.Position(
            at: EventTime.instant(of: at) ?? .distantPast, dayNumber: 20_787, slot: id % 1000, kind: 1)
        let json: JSON = [
            "at": .string(at), "flight": ["id": .int(id), "date": "2026-11-30", "flightName": .string("Test \(id)")],
            "kind": "gate",
            "from": "A1", "to": "B2", "cursor": .string(ChangeCursor.encode(position)),
        ]
        return try! EventChange(json: json)
    }

    /// The first reply of a subscription at `time` on Nov 30, as the daemon writes it.
    static func reply(_ id: Int, now time: String) -> JSON {
        let now = "2026-11-30T\(time):00-05:00"
        let cursor = ChangeCursor.encode(.after(EventTime.instant(of: now) ?? .distantPast))
        return ["id": .int(id), "result": ["schema": 1, "now": .string(now), "cursor": .string(cursor)]]
    }

    /// A flight pinned while the follow runs is followed from then on: the resubscription's replay
    /// from the last change handed on brings its earlier changes, which are not handed on (they were
    /// printed). Pinned before that change (the follow noticed late), it is replayed from its pin,
    /// the others' changes not again; with no instant known, from the resubscription's now.
    @Test func aFlightThatJoinsIsFollowedFromWhenItWasPinned() throws {
        let day = try #require(LocalDate("2026-11-30"))
        let key = { (id: Int) in FlightKey(id: id, date: day) }
        var follow = EventFollow(since: "2026-11-30T06:00:00-05:00")
        func takes(_ id: Int, _ time: String) -> Bool { follow.take(Self.change(of: id, at: time)) }
        _ = try follow.read(Self.reply(1, now: "12:35"), subscription: 1)
        #expect(takes(11, "07:00"))
        follow.join([key(22): "2026-11-30T12:35:00-05:00"], leaving: [])
        #expect(follow.resume == .cursor(Self.change(of: 11, at: "07:00").cursor ?? "-"), "replayed after the last change")
        _ = try follow.read(Self.reply(2, now: "12:35"), subscription: 2)
        #expect(!takes(22, "12:00"), "before it was pinned")
        #expect(!takes(22, "12:35"), "at the instant it was pinned: shown then")
        #expect(takes(11, "12:10"), "a flight pinned all along: nothing lost")
        #expect(takes(22, "12:40"))
        // Pinned at 15:00, noticed after the clock went on to 21:00 and a change of 20:00 was handed on.
        #expect(takes(11, "20:00"))
        follow.join([key(33): "2026-11-30T15:00:00-05:00", key(44): nil], leaving: [key(22)])
        #expect(follow.watchRequest(EventFilterParams()).params.text == #"{"since":"2026-11-30T15:00:00-05:00"}"#)
        _ = try follow.read(Self.reply(3, now: "21:00"), subscription: 3)
        #expect(!takes(33, "14:00"))
        #expect(takes(33, "15:10"), "after its pin, though before the last change")
        #expect(!takes(11, "16:00"), "handed on already: not again")
        #expect(!takes(11, "20:00"))
        #expect(!takes(44, "20:30"), "no instant known: from the resubscription's now")
        #expect(takes(11, "21:05"))
        #expect(takes(44, "21:05"))
    }

    @Test func aChangeReplayedAgainIsNotTakenTwice() {
        var follow = EventFollow()
        let took3 = follow.take(Self.change("C1"))
        #expect(took3)
        let took4 = follow.take(Self.change("C2"))
        #expect(took4)
        let took5 = follow.take(Self.change("C1"))
        #expect(!took5)
        let took6 = follow.take(Self.change("C2"))
        #expect(!took6)
        #expect(follow.resume == .cursor("C2"))
        let took7 = follow.take(ChangeLineTests.change("gate", cursor: nil))
        #expect(took7, "without a cursor nothing can tell")
    }

    @Test func itsMemoryIsBounded() {
        var follow = EventFollow()
        let taken = (0...EventFollow.memory).filter { follow.take(Self.change("C\($0)")) }
        #expect(taken.count == EventFollow.memory + 1)
        let took9 = follow.take(Self.change("C0"))
        #expect(took9, "the oldest was forgotten")
        let took10 = follow.take(Self.change("C\(EventFollow.memory)"))
        #expect(!took10)
    }

    @Test func otherLinesAreIgnoredAndShutdownAndSkippedAreSaid() throws {
        var follow = EventFollow()
        let reply = try follow.read(["id": 2, "result": ["pong": true]], subscription: 1)
        let board = try follow.read(["id": 1, "event": "board", "result": [:]], subscription: 1)
        let shutdown = try follow.read(["event": "shutdown"], subscription: 1)
        #expect(reply == .ignore && board == .ignore && shutdown == .closed)
        // The end of this subscription on a reload with another schedule; another's is not this one's.
        #expect(try follow.read(WireLine.reloadedJSON(id: 1), subscription: 1) == .reloaded)
        #expect(try follow.read(WireLine.reloadedJSON(id: 2), subscription: 1) == .ignore)
        let skipped: JSON = [
            "id": 1, "event": "skipped", "seq": 9, "count": 250, "since": "2026-11-30T09:00:00-05:00",
            "until": "2026-11-30T11:00:00-05:00", "cursor": "C8",
        ]
        let step = try follow.read(skipped, subscription: 1)
        #expect(
            step
                == .skipped(cursor: "C8", since: "2026-11-30T09:00:00-05:00", until: "2026-11-30T11:00:00-05:00"))
        #expect(throws: ConnectionError.self) {
            var copy = follow
            _ = try copy.read(["id": 1, "error": ["code": "notFound", "message": "No flight 9."]], subscription: 1)
        }
    }

    @Test func aGapIsFetchedAfterItsCursorUpToItsEnd() {
        let filters = EventFilterParams(flight: .reference(.id(7)))
        #expect(
            EventFollow.gapRequest(filters, cursor: "C8", since: "S", until: "U").params.text
                == #"{"flight":7,"cursor":"C8","until":"U"}"#)
        #expect(
            EventFollow.gapRequest(filters, cursor: nil, since: "S", until: "U").params.text
                == #"{"flight":7,"since":"S","until":"U"}"#)
    }
}
