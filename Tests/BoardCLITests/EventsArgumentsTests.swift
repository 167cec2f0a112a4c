import BoardArguments
import BoardProtocol
import FlightData
import Testing

@testable import BoardCLI

/// `board events`, `board log` and `board wait` read from their command lines: no process, no daemon.
struct EventsArgumentsTests {
    static func command(_ words: String...) throws -> any RunnableCommand { try ClientArguments(words).command }

    static func usage(_ words: [String]) -> String? {
        do throws(UsageError) {
            _ = try ClientArguments(words)
            return nil
        } catch { return error.pointingAtBoardHelp }
    }

    @Test func eventsTakesEveryFilterAndRepeatedKinds() throws {
        let parsed = try Self.command(
            "events", "--since", "2h", "--until", "10:30", "--pinned", "--flight", "Pacific 123", "--kind", "gate", "--kind",
            "time,canceled", "--kind", "gate")
        let expected = EventsCommand(
            since: .ago(minutes: 120), until: .instant("10:30"), pinned: true,
            flight: .designator(try #require(Designator("Pacific 123"))), kinds: [.gate, .time, .canceled])
        #expect(same(parsed, expected))
        #expect(same(try Self.command("events"), EventsCommand()))
        #expect(same(try Self.command("events", "--follow", "--flight", "1234"), EventsCommand(follow: true, flight: .id(1234))))
    }

    @Test func eventsFiltersBecomeTheParams() throws {
        let command = EventsCommand(pinned: true, flight: .id(7), kinds: [.gate, .baggage])
        let pin = FlightKey(id: 1, date: try #require(LocalDate("2026-11-30")))
        let params = EventsWatchRequest(filter: command.filters(pins: PinnedParam([pin]))).params
        #expect(params.text == #"{"flight":7,"pinned":[{"id":1,"date":"2026-11-30"}],"kinds":["gate","baggage"]}"#)
        let byName = EventsWatchRequest(
            filter: EventsCommand(flight: .designator(try #require(Designator("pacific123")))).filters(
                pins: PinnedParam(pins: []))
        ).params
        #expect(byName.text == #"{"flight":"Pacific 123"}"#)
        #expect(EventsWatchRequest(filter: EventsCommand().filters(pins: PinnedParam(pins: []))).params.text == "{}")
    }

    static let eventsUsage: [([String], String)] = [
        (
            ["events", "--kind", "gat"],
            #"--kind needs one of time, gate, canceled, diverted, status, baggage, not "gat" (did you mean gate?); see 'board help events'"#
        ),
        (
            ["events", "--since", "yesterday"],
            #"--since needs HH:MM, a date-time such as 2026-11-30T09:00, or a duration back from now such as 90m, 2h or 1d, not "yesterday"; see 'board help events'"#
        ),
        (
            ["events", "--follow", "--until", "10:00"],
            "--follow prints changes from now on until Ctrl-C: it takes no --until; drop one; see 'board help events'"
        ),
        (
            ["events", "--flight", "nowhere"],
            #"--flight needs an id (1234) or a designator ("Pacific 123"), not "nowhere"; see 'board help events'"#
        ),
        (["events", "1234"], #"board events takes no argument "1234"; see 'board help events'"#),
        (["events", "--timeout", "5m"], "board events does not take --timeout; see 'board help events'"),
        (["log"], #"board log needs a flight: an id (1234) or a designator ("Pacific 123"); see 'board help log'"#),
        (["log", "1", "--kind", "gate"], "board log does not take --kind; see 'board help log'"),
    ]

    @Test(arguments: eventsUsage)
    func eventsAndLogRefuseWhatTheyCannotRead(words: [String], message: String) {
        #expect(Self.usage(words) == message)
    }

    @Test(arguments: [
        ("09:30", EventTime.instant("09:30")),
        ("2026-11-30T09:30", .instant("2026-11-30T09:30")),
        ("2026-11-30 09:30", .instant("2026-11-30T09:30")),
        ("2026-11-30T09:30:00-05:00", .instant("2026-11-30T09:30:00-05:00")),
        ("90m", .ago(minutes: 90)),
        ("2h", .ago(minutes: 120)),
        ("1h30m", .ago(minutes: 90)),
        ("1d", .ago(minutes: 1440)),
    ])
    func aTimeIsATimeOfDayADateTimeOrADurationBack(text: String, time: EventTime) {
        #expect(EventTime(text) == time)
    }

    @Test(arguments: ["", "930", "25:00", "-2h", "2x", "2026-11-31T09:00", "tomorrow", "9:30"])
    func whatIsNoTimeIsRefused(text: String) {
        #expect(EventTime(text) == nil)
    }

    @Test func aDurationBackIsTheDaemonsNowMovedBackInItsOwnOffset() {
        #expect(EventTime.ago(minutes: 90).param(now: "2026-11-30T09:12:00-05:00") == "2026-11-30T07:42:00-05:00")
        #expect(EventTime.ago(minutes: 600).param(now: "2026-11-30T09:12:00-05:00") == "2026-11-29T23:12:00-05:00")
        #expect(EventTime.ago(minutes: 30).param(now: "2026-11-30T00:10:00+05:30") == "2026-11-29T23:40:00+05:30")
        #expect(EventTime.ago(minutes: 30).param(now: "2026-11-30T00:10:00Z") == "2026-11-29T23:40:00+00:00")
        // Further back than any change can be: from the range's first instant, in the same offset (it was
        // a year before 1 the daemon refused in the wire's words, `"since" must be a time`).
        #expect(EventTime.ago(minutes: 1_000_000 * 1440).param(now: "2026-11-30T09:12:00-05:00") == "1969-12-31T19:00:00-05:00")
        #expect(EventTime.ago(minutes: 30).param(now: nil) == nil)
        #expect(EventTime.instant("09:00").param(now: nil) == "09:00")
        #expect(EventTime.ago(minutes: 5).needsNow && !EventTime.instant("09:00").needsNow)
    }

    @Test func waitReadsTheFlightTheStateAndTheTimeout() throws {
        let parsed = try Self.command("wait", "Pacific", "123", "--until", "final-call", "--timeout", "90s")
        let expected = WaitCommand(
            flight: .designator(try #require(Designator("Pacific 123"))), target: .status(.finalCall), timeout: .seconds(90))
        #expect(same(parsed, expected))
        #expect(
            same(
                try Self.command("wait", "1234", "--until", "belt", "--date", "tomorrow"),
                WaitCommand(flight: .id(1234), target: .baggage, date: .relative(days: 1))))
        #expect(same(try Self.command("log", "1234"), LogCommand(flight: .id(1234))))
    }

    @Test(arguments: [
        ("boarding", WaitTarget.status(.boarding)), ("finalCall", .status(.finalCall)), ("final-call", .status(.finalCall)),
        ("FINAL_CALL", .status(.finalCall)), ("on-time", .status(.onTime)), ("onTime", .status(.onTime)),
        ("gate-closed", .status(.gateClosed)), ("en-route", .status(.enRoute)), ("landed", .status(.landed)),
        ("canceled", .status(.canceled)), ("diverted", .status(.diverted)), ("scheduled", .status(.scheduled)),
        ("delayed", .status(.delayed)), ("departed", .status(.departed)), ("gate-change", .gateChange),
        ("gateChange", .gateChange), ("delay", .delay), ("baggage", .baggage), ("belt", .baggage),
    ])
    func everyStateHasItsNames(text: String, target: WaitTarget) {
        #expect(WaitTarget(text) == target)
    }

    @Test func everyListedStateIsRead() {
        for name in WaitTarget.names { #expect(WaitTarget(name) != nil, "\(name)") }
        #expect(WaitTarget("flying") == nil)
    }

    @Test(arguments: [
        ("30s", Duration.seconds(30)), ("10m", .seconds(600)), ("2h", .seconds(7200)), ("1h30m", .seconds(5400)),
        ("90s", .seconds(90)), ("1m30s", .seconds(90)), ("2h0m5s", .seconds(7205)), ("1d1s", .seconds(86_401)),
        ("+30s", .seconds(30)), ("+2m", .seconds(120)),
    ])
    func aTimeoutIsALengthOfRealTime(text: String, duration: Duration) {
        #expect(WaitCommand.timeout(text) == duration)
    }

    @Test(arguments: [
        "0s", "-5m", "5", "soon", "0m", "s", "1m60s", "-1m30s", "1m-30s", "m30s", "1x30s", "367d", "366d1s", "+-5s", "++5s",
    ])
    func whatIsNoTimeoutIsRefused(text: String) {
        #expect(WaitCommand.timeout(text) == nil)
    }

    static let waitUsage: [([String], String)] = [
        (
            ["wait", "1234"],
            "board wait needs --until STATE, one of scheduled, on-time, delayed, boarding, final-call, gate-closed, departed, en-route, landed, canceled, diverted, gate-change, delay, baggage, belt; see 'board help wait'"
        ),
        (
            ["wait", "1234", "--until", "bording"],
            #"--until needs a state, one of scheduled, on-time, delayed, boarding, final-call, gate-closed, departed, en-route, landed, canceled, diverted, gate-change, delay, baggage, belt; not "bording" (did you mean boarding?); see 'board help wait'"#
        ),
        (
            ["wait", "1234", "--until", "landed", "--timeout", "soon"],
            #"--timeout needs a length of time such as 30s, 10m or 2h, not "soon"; see 'board help wait'"#
        ),
        (
            ["wait", "1234", "--until", "landed", "--timeout", "100000h"],
            #"--timeout is at most 366d, not "100000h"; see 'board help wait'"#
        ),
        (
            ["wait", "1234", "--until", "landed", "--timeout", "5"],
            #"--timeout needs a unit: 5s, 5m or 5h, not "5"; see 'board help wait'"#
        ),
        (
            ["wait", "--until", "landed"],
            #"board wait needs a flight: an id (1234) or a designator ("Pacific 123"); see 'board help wait'"#
        ),
    ]

    @Test(arguments: waitUsage)
    func waitRefusesWhatItCannotRead(words: [String], message: String) {
        #expect(Self.usage(words) == message)
    }
}
