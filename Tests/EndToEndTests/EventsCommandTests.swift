import BoardProtocol
import BoardSystem
import Foundation
import Glibc
import Testing

/// `board events` against the real boardd on a simulated clock: what it prints is what `events.get` gives,
/// and `--follow` sees every change of another client's clock move, across a daemon restart too.
///
/// The scripted-daemon tests (EventsFollowTests) cover the same client logic without the daemon's side.
struct EventsCommandTests {
    static let morning = "2026-11-30T06:00:00-05:00"

    /// Every change `events.get` gives for `params`, page after page, straight from the socket.
    static func eventsGet(_ socket: String, _ params: JSON) throws -> [JSON] {
        let client = try RawClient(path: socket)
        _ = try client.readLine()  // the hello
        var changes: [JSON] = []
        var cursor: JSON = .null
        var id = 1
        repeat {
            var request = params
            if cursor != .null { request = request.with("cursor", cursor) }
            try client.send(WireLine.line(["id": .int(id), "method": "events.get", "params": request]))
            let reply = try #require(try client.readLine(timeout: 10))
            let result = try #require(reply["result"], "events.get answered \(reply)")
            changes += result["changes"]?.array ?? []
            cursor = result["next"] ?? .null
            id += 1
        } while cursor != .null
        return changes
    }

    /// A change without its `seq`, which numbers it within one answer only.
    static func unnumbered(_ change: JSON) -> JSON {
        .object((change.objectPairs ?? []).filter { $0.0 != "seq" })
    }

    static func lines(_ text: String) -> [String] { text.split(separator: "\n").map(String.init) }

    @Test
    func eventsAfterAClockAdvancePrintsWhatEventsGetGives() throws {
        let user = BoardUser()
        let daemon = try user.startDaemon(now: Self.morning)
        _ = try user.board("clock", "advance", "4h")
        let expected = try Self.eventsGet(user.socket, ["since": .string(Self.morning)])
        #expect(!expected.isEmpty, "a morning has changes")
        let json = try user.board("events", "--since", Self.morning, "--json")
        #expect(json.status == 0 && json.stderr.isEmpty, "\(json.stderr)")
        let printed = Self.lines(json.stdout).map { try? JSON.parse($0) }
        #expect(printed.allSatisfy { $0 != nil }, "NDJSON: one object a line, nothing else")
        #expect(printed.compactMap { $0.map(Self.unnumbered) } == expected.map(Self.unnumbered))
        let people = try user.board("events", "--since", Self.morning)
        #expect(people.status == 0, "\(people.stderr)")
        let rows = Self.lines(people.stdout)
        #expect(rows.count == expected.count)
        for (row, change) in zip(rows, expected) {
            let at = try #require(change["at"]?.string)
            #expect(row.hasPrefix(String(at.dropFirst(11).prefix(5))), "\(row) at \(at)")
            #expect(row.contains(change["flight"]?["flightName"]?.string ?? "?"), "\(row)")
            #expect(row.count <= 80)
        }
        // The same with a filter: only gates.
        let gates = try user.board("events", "--since", "4h", "--kind", "gate", "--json")
        let gateKinds = Self.lines(gates.stdout).compactMap { try? JSON.parse($0)["kind"]?.string }
        #expect(gateKinds.allSatisfy { $0 == "gate" })
        #expect(gateKinds.count == expected.filter { $0["kind"] == "gate" }.count)
        try daemon.stop()
    }

    /// Yesterday's changes after midnight, whose day has left the board's window: `--airline` still
    /// filters them by the flight's name; a filter the name cannot answer leaves them out and says so
    /// once. They were dropped unsaid.
    @Test func filtersKeepOrSayWhatTheyDoWithChangesOfADayGone() throws {
        let user = BoardUser()
        let daemon = try user.startDaemon(now: "2026-12-02T01:00:00-05:00")
        defer { _ = try? daemon.stop() }
        let all = try Self.eventsGet(user.socket, ["since": "2026-12-01T00:00:00-05:00"])
        let pacific = all.filter { $0["flight"]?["flightName"]?.string?.hasPrefix("Pacific ") == true }
        #expect(pacific.contains { $0["flight"]?["date"] == "2026-12-01" }, "yesterday had Pacific changes")
        let filtered = try user.board("events", "--since", "2026-12-01T00:00", "--airline", "Pacific", "--json")
        #expect(filtered.status == 0 && filtered.stderr.isEmpty, "\(filtered.stderr)")
        #expect(
            Self.lines(filtered.stdout).compactMap { try? JSON.parse($0) }.map(Self.unnumbered) == pacific.map(Self.unnumbered))
        let city = try user.board("events", "--since", "2026-12-01T00:00", "--city", "denver")
        #expect(city.status == 0, "\(city.stderr)")
        #expect(city.stderr.lines.count == 1, "said once: \(city.stderr)")
        #expect(city.stderr.contains("changes of flights of Dec 1 are left out"), "\(city.stderr)")
        #expect(!city.stdout.contains("Dec 1 "), "\(city.stdout)")
    }

    /// Flight numbers repeat daily: `--flight` with `--date` lists the changes of that day's flight,
    /// as `board show --date` finds it (a day in the window); without `--date`, today's. `--date`
    /// was refused.
    @Test func aFlightOfAnotherDayIsPickedWithDate() throws {
        let user = BoardUser()
        let daemon = try user.startDaemon(now: "2026-12-02T20:00:00-05:00")
        defer { _ = try? daemon.stop() }
        let today = try Self.eventsGet(user.socket, ["since": "2026-12-02T00:00:00-05:00"]).filter {
            $0["flight"]?["date"] == "2026-12-02"
        }
        let flight = try #require(today.first?["flight"])
        let name = try #require(flight["flightName"]?.string)
        let expected = try Self.eventsGet(
            user.socket, ["flight": .object([("id", try #require(flight["id"])), ("date", "2026-12-02")])])
        #expect(!expected.isEmpty)
        for date in [nil, "2026-12-02", "today"] {
            let result = try user.board(arguments: ["events", "--flight", name, "--json"] + (date.map { ["--date", $0] } ?? []))
            #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
            let printed = Self.lines(result.stdout).compactMap { try? JSON.parse($0) }.map(Self.unnumbered)
            #expect(printed == expected.map(Self.unnumbered), "\(date ?? "no date"): \(result.stdout)")
        }
        // Tomorrow's flight of the same number: nothing has happened to it yet, from its day's start.
        let tomorrow = try user.board("events", "--flight", name, "--date", "tomorrow")
        #expect(tomorrow.status == 0, "\(tomorrow.stderr)")
        #expect(
            tomorrow.stdout.isEmpty
                && tomorrow.stderr == "No changes yet: the flight's day starts at Dec 3 00:00, after the daemon's now (20:00).\n",
            "\(tomorrow.stderr)")
        let outside = try user.board("events", "--flight", name, "--date", "2026-11-01")
        #expect(outside.status == 4 && outside.stderr.lines.count == 1, "\(outside.status): \(outside.stderr)")
    }

    @Test func eventsRefusesWhatItCannotReadWithStatusTwo() throws {
        let user = BoardUser()
        for arguments in [
            ["events", "--kind", "weather"], ["events", "--since", "noon"], ["events", "--follow", "--until", "2h"],
            ["events", "--date", "yesterday"],
        ] {
            let result = try user.board(arguments: arguments)
            #expect(result.status == 2, "\(arguments): \(result.stderr)")
            #expect(result.stderr.hasPrefix("board: ") && result.stderr.contains("board help events"), "\(result.stderr)")
            #expect(Self.lines(result.stderr).count == 1 && result.stdout.isEmpty)
        }
    }

    /// Bounds that hold nothing by themselves say why in one line: an --until before today's start,
    /// where a listing without --since starts, is a usage error as swapped bounds are (it printed "No
    /// changes from 00:00 to Nov 29 12:00.", status 0); a --since after the daemon's now is a time
    /// with no changes yet, said with status 0 (on stderr with --json; it printed "No changes from
    /// 20:00 to 12:00."). A day to come of --flight holds nothing yet, and says so as before.
    @Test func boundsThatHoldNothingAreSaidWithWhatToDo() throws {
        let user = BoardUser()
        let daemon = try user.startDaemon(now: "2026-11-30T12:00:00-05:00")
        defer { _ = try? daemon.stop() }
        let untilSaid =
            "board: --until (Nov 29 12:00) is before today's start (00:00), where a listing without --since starts: give --since too; see 'board help events'\n"
        // A time of day alone after now is most likely yesterday's (`--since 23:00` just after midnight): said how.
        let sinceSaid =
            "--since (20:00) is after the daemon's now (12:00, its clock's time), where a listing ends; "
            + "for yesterday's, give --since 2026-11-29T20:00"
        for arguments in [["--until", "1d"], ["--until", "2026-11-29T12:00"], ["--until", "2026-11-29T12:00", "--json"]] {
            let result = try user.board(arguments: ["events"] + arguments)
            #expect(result.status == 2 && result.stdout.isEmpty && result.stderr == untilSaid, "\(arguments): \(result.stderr)")
        }
        for arguments in [["--since", "20:00"], ["--since", "20:00", "--until", "21:00"]] {
            let result = try user.board(arguments: ["events"] + arguments)
            // Said to people on stderr: a script reading stdout line by line takes no notice for a change.
            #expect(result.status == 0 && result.stdout.isEmpty, "\(arguments): \(result.stdout)")
            #expect(result.stderr == "No changes: \(sinceSaid).\n", "\(arguments): \(result.stderr)")
        }
        // A date-time after now is no one's yesterday: no hint.
        let dated = try user.board("events", "--since", "2026-11-30T20:00")
        #expect(dated.stderr.hasSuffix("where a listing ends.\n"), "\(dated.stderr)")
        let json = try user.board("events", "--since", "20:00", "--json")
        #expect(json.status == 0 && json.stdout.isEmpty && json.stderr == "board: warning: \(sinceSaid)\n", "\(json.stderr)")
        let day = try user.board("events", "--since", "2026-11-29T00:00", "--until", "2026-11-29T18:00")
        #expect(day.status == 0 && Self.lines(day.stdout).count > 50, "\(day.stderr)")
        let flight = try user.board("events", "--flight", "Pacific 762", "--date", "tomorrow", "--until", "11:00")
        #expect(flight.status == 2 && flight.stderr.contains("is before the start of the flight's day (Dec 1 00:00)"))
        let tomorrow = try user.board("events", "--flight", "Pacific 762", "--date", "tomorrow")
        #expect(
            tomorrow.status == 0 && tomorrow.stdout.isEmpty
                && tomorrow.stderr == "No changes yet: the flight's day starts at Dec 1 00:00, after the daemon's now (12:00).\n",
            "\(tomorrow.stderr)")
    }

    /// A follow from a time of day later than the daemon's now (`--since 23:00` just after midnight,
    /// to catch up) says before it waits that nothing comes before then, and how to give last night's:
    /// it waited silently for tonight's. Not said for a time already past.
    @Test func aFollowFromLaterTodaySaysSoAndHowToGiveYesterdays() throws {
        let user = BoardUser()
        let daemon = try user.startDaemon(now: "2026-12-01T00:05:00-05:00")
        defer { _ = try? daemon.stop() }
        // A date-time ahead is no time of day, and nothing was followed yet: no word of either kind.
        for (since, said) in [("23:00", true), ("00:01", false), ("2026-12-01T23:00:00-05:00", false)] {
            let follow = try Follow(user, ["--since", since])
            try daemon.waitForEventFollowers(1, timeout: 20)
            kill(follow.process.pid, SIGTERM)
            let (_, result) = try follow.process.finish(timeout: 10)
            let warning =
                "board: warning: --since 23:00 is later today (the daemon's now is 00:05): nothing is printed before "
                + "then; for yesterday's, give --since 2026-11-30T23:00\n"
            #expect(result.stderr == (said ? warning : ""), "\(since): \(result.stderr)")
            try daemon.waitForEventFollowers(0, timeout: 20)
        }
    }

    /// A --since further back than the daemon lists changes (its window's length back from the
    /// listing's end: Nov 15 00:00 here) lists what it did, and says on stderr, once, that changes
    /// before then are not kept. It started at Nov 15 silently.
    @Test func aSinceOlderThanTheDaemonKeepsIsSaid() throws {
        let user = BoardUser()
        let daemon = try user.startDaemon(now: "2026-11-30T12:00:00-05:00")
        defer { _ = try? daemon.stop() }
        let said =
            "board: warning: changes before Nov 15 00:00 are not kept (the daemon keeps its window's 15 days back from the listing's end); listed from there\n"
        let expected = try Self.eventsGet(user.socket, ["since": "2026-10-31T12:00:00-05:00"])
        #expect(expected.first?["at"]?.string == "2026-11-15T00:00:00-05:00")
        let json = try user.board("events", "--since", "30d", "--json")
        #expect(json.status == 0 && json.stderr == said, "\(json.stderr)")
        let printed = Self.lines(json.stdout).compactMap { try? JSON.parse($0) }.map(Self.unnumbered)
        #expect(printed == expected.map(Self.unnumbered), "the listing as it was")
        let people = try user.board("events", "--since", "2026-11-14T23:00")
        #expect(people.status == 0 && people.stderr == said, "\(people.stderr)")
        for since in ["15d", "2026-11-15T00:00", "2h"] {
            let result = try user.board("events", "--since", since)
            #expect(result.status == 0 && result.stderr.isEmpty, "\(since): \(result.stderr)")
        }
    }

    /// `board events --follow --json` in the background, its lines in a file.
    final class Follow {
        let process: StartedProcess
        let output: String

        init(_ user: BoardUser, _ arguments: [String]) throws {
            output = user.sandbox.path + "/follow.out"
            let fd = open(output, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
            defer { close(fd) }
            process = try StartedProcess(
                [Binaries.board, "events", "--follow", "--json"] + arguments, environment: user.environment, standardOutput: fd)
        }

        var changes: [JSON] {
            EventsCommandTests.lines((try? String(contentsOfFile: output, encoding: .utf8)) ?? "").compactMap {
                try? JSON.parse($0)
            }
        }

        /// Stops the follow, and checks that it said `note` on stderr, and said what is not kept once.
        func stop(sayingOnce note: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
            kill(process.pid, SIGTERM)
            let (_, result) = try process.finish(timeout: 10)
            #expect(
                result.stderr.contains(note) && result.stderr.components(separatedBy: "not kept").count == 2,
                "\(result.stderr)", sourceLocation: sourceLocation)
        }

        func waitFor(_ count: Int, timeout: Double = 20) throws {
            try waitUntil("\(count) changes from board events --follow (\(changes.count) so far)", timeout: timeout) {
                changes.count >= count
            }
        }
    }

    /// A clock moved further than the daemon keeps changes while `--follow` runs: what it no longer
    /// has is said on stderr, as a listing's too old `--since` is, and the follow goes on (the 15
    /// days between went by without a word).
    @Test
    func followSaysAGapLongerThanTheDaemonKeeps() throws {
        let user = BoardUser()
        let daemon = try user.startDaemon(now: "2026-11-30T10:00:00-05:00")
        // From the daemon's start, so that the hour's changes come whether the follow subscribes
        // before the move or after it.
        let follow = try Follow(user, ["--since", "2026-11-30T10:00:00-05:00"])
        try #require(try user.board("clock", "advance", "1h").status == 0)
        try follow.waitFor(1)
        let jump = try user.board("clock", "advance", "30d")
        try #require(jump.status == 0, "\(jump.stderr)")
        let after = try Self.eventsGet(user.socket, ["since": "2026-12-30T00:00:00-05:00"])
        try follow.waitFor(after.count + 1)
        try follow.stop(sayingOnce: "changes before Dec 15 00:00 are not kept")
        try daemon.stop()
    }

    /// The same with a filter (`--kind gate`): the days it no longer keeps are said too, where the
    /// follow went on from the first change it still had without a word.
    @Test
    func aFilteredFollowSaysAGapLongerThanTheDaemonKeeps() throws {
        let user = BoardUser()
        let daemon = try user.startDaemon(now: "2026-11-30T12:00:00-05:00")
        let follow = try Follow(user, ["--since", "2026-11-30T12:00:00-05:00", "--kind", "gate"])
        // A day's gate changes first, so that the follow is under way before the jump.
        try #require(try user.board("clock", "advance", "1d").status == 0)
        let day = try Self.eventsGet(user.socket, ["since": "2026-11-30T12:00:00-05:00", "kinds": ["gate"]])
        try #require(!day.isEmpty)
        try follow.waitFor(day.count)
        let jump = try user.board("clock", "advance", "20d")
        try #require(jump.status == 0, "\(jump.stderr)")
        let kept = try Self.eventsGet(user.socket, ["since": "2026-12-06T00:00:00-05:00", "kinds": ["gate"]])
        try #require(!kept.isEmpty)
        try follow.waitFor(day.count + kept.count)
        try follow.stop(sayingOnce: "changes before Dec 6 00:00 are not kept")
        #expect(follow.changes.allSatisfy { $0["kind"]?.string == "gate" })
        try daemon.stop()
    }

    /// A flight whose next run is days on (US 309 runs next on Dec 5) has no changes yet, and says
    /// why: it said "No changes since Dec 5 00:00", a time the clock had not reached.
    @Test
    func aFlightOfADayToComeSaysItHasNoChangesYet() throws {
        let user = BoardUser()
        let daemon = try user.startDaemon(now: "2026-11-30T12:00:00-05:00")
        let result = try user.board("events", "--flight", "US 309")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout.isEmpty
                && result.stderr == "No changes yet: the flight's day starts at Dec 5 00:00, after the daemon's now (12:00).\n",
            "\(result.stderr)")
        try daemon.stop()
    }

    /// Followed, the same flight says so once on stderr, where the pane stayed blank for days without a
    /// word, then prints its changes as the clock passes them.
    @Test
    func followingAFlightOfADayToComeSaysSoThenPrintsItsChanges() throws {
        let user = BoardUser()
        let daemon = try user.startDaemon(now: "2026-11-30T12:00:00-05:00")
        let follow = try Follow(user, ["--flight", "US 309"])
        // Subscribed (after its note) before the clock reaches the flight's day.
        try daemon.waitForEventFollowers(1, timeout: 20)
        try #require(try user.board("clock", "set", "2026-12-05T23:59").status == 0)
        try follow.waitFor(2)
        kill(follow.process.pid, SIGTERM)
        let (_, result) = try follow.process.finish(timeout: 10)
        let note =
            "board: warning: the flight's day starts at Dec 5 00:00, after the daemon's now (12:00): its changes print as the clock passes them\n"
        #expect(result.stderr == note, "\(result.stderr)")
        #expect(
            follow.changes.allSatisfy { $0["flight"]?["flightName"] == "US 309" && $0["flight"]?["date"] == "2026-12-05" },
            "\(follow.changes)")
        try daemon.stop()
    }

    /// An old `--since` with `--follow` says what is not kept once: the first change it lists, days
    /// after that `--since`, is no gap to say again.
    @Test
    func followFromAnOldSinceSaysWhatIsNotKeptOnce() throws {
        let user = BoardUser()
        let daemon = try user.startDaemon(now: "2026-11-30T10:00:00-05:00")
        let follow = try Follow(user, ["--since", "30d"])
        try follow.waitFor(10)
        kill(follow.process.pid, SIGTERM)
        let (_, result) = try follow.process.finish(timeout: 10)
        #expect(result.stderr.components(separatedBy: "are not kept").count == 2, "\(result.stderr)")
        #expect(result.stderr.contains("changes before Nov 15 00:00 are not kept"), "\(result.stderr)")
        try daemon.stop()
    }

    /// Without `--since`, `--follow` prints the day's changes so far, then each new one, as `tail -f`
    /// shows what is there before it follows (it printed nothing until the clock moved).
    @Test
    func followWithoutSincePrintsTheDaySoFarThenFollows() throws {
        let user = BoardUser()
        let daemon = try user.startDaemon(now: "2026-11-30T10:00:00-05:00")
        // What `board events` lists without --since: from the start of the daemon's today.
        let soFar = try Self.eventsGet(user.socket, [:])
        try #require(!soFar.isEmpty, "a morning has changes")
        let follow = try Follow(user, [])
        try follow.waitFor(soFar.count)
        #expect(follow.changes.map(Self.unnumbered) == soFar.map(Self.unnumbered), "the day so far, in order")
        let advance = try user.board("clock", "advance", "1h")
        try #require(advance.status == 0, "\(advance.stderr)")
        let all = try Self.eventsGet(user.socket, ["since": "2026-11-30T00:00:00-05:00"])
        try #require(all.count > soFar.count, "the hour has changes")
        try follow.waitFor(all.count)
        kill(follow.process.pid, SIGTERM)
        _ = try follow.process.finish(timeout: 10)
        #expect(follow.changes.map(Self.unnumbered) == all.map(Self.unnumbered), "then the hour's, once each")
        try daemon.stop()
    }

    /// The daemon killed and started again on the same socket while `--follow` runs: at the instant
    /// its clock had reached, or at an earlier one (a demo restarted with the same `--now`), whose
    /// daemon refuses the last change's cursor; the follow goes on from its now and prints what
    /// comes past that change, nothing lost or twice. At the earlier instant it ended with status 2.
    @Test(arguments: ["2026-11-30T08:00:00-05:00", morning])
    func followSurvivesARestartLosingAndRepeatingNothing(restartedAt: String) throws {
        let user = BoardUser()
        var daemon = try user.startDaemon(now: Self.morning)
        // From the morning: what happens before the subscription is up is replayed, not raced.
        let follow = try Follow(user, ["--since", Self.morning])
        _ = try user.board("clock", "advance", "2h")
        let first = try Self.eventsGet(user.socket, ["since": .string(Self.morning)])
        try #require(!first.isEmpty)
        try follow.waitFor(first.count)
        try daemon.stop(signal: SIGKILL)
        daemon = try user.startDaemon(now: restartedAt)
        try daemon.waitForEventFollowers(1, timeout: 20)
        _ = try user.board("clock", "advance", "3h")
        let all = try Self.eventsGet(user.socket, ["since": .string(Self.morning)])
        try #require(all.count > first.count, "the hours after the restart have changes")
        try follow.waitFor(all.count)
        kill(follow.process.pid, SIGTERM)
        let (_, result) = try follow.process.finish(timeout: 10)
        let cursors = follow.changes.compactMap { $0["cursor"]?.string }
        #expect(Set(cursors).count == cursors.count, "nothing printed twice")
        #expect(follow.changes.map(Self.unnumbered) == all.map(Self.unnumbered), "nothing lost, in order")
        #expect(result.stderr.contains("reconnecting"), "\(result.stderr)")
        #expect(!result.stderr.contains("ahead of the daemon's clock"), "\(result.stderr)")
        try daemon.stop()
    }

    /// `--follow --pinned` follows the pins as they are saved: started with none (the tmux snippet, at
    /// tmux's start) it waits for the first, and a pin added meanwhile is followed from then on. It
    /// ended at once with no pins, and kept the pins it started with.
    @Test
    func followPinnedFollowsThePinsAsTheyAreSaved() throws {
        let user = BoardUser()
        let daemon = try user.startDaemon(now: "2026-11-30T12:00:00-05:00")
        defer { _ = try? daemon.stop() }
        let follow = try Follow(user, ["--since", "0m", "--pinned"])
        // Overland 256 boards from noon; Pacific 762 lands in the afternoon.
        let rows = try user.lookup()
        let first = try #require(rows.first { $0.flightName == "Overland 256" })
        _ = try user.board("pin", String(first.id))
        // It subscribes once the pin is saved (it looks once a second), as the daemon counts.
        try daemon.waitForEventFollowers(1, timeout: 20)
        _ = try user.board("clock", "advance", "3h")
        let firstsChanges = try Self.eventsGet(user.socket, ["since": "2026-11-30T12:00:00-05:00", "pinned": [.int(first.id)]])
        try #require(!firstsChanges.isEmpty, "the pinned flight changes in those hours")
        try follow.waitFor(firstsChanges.count)
        #expect(follow.changes.map(Self.unnumbered) == firstsChanges.map(Self.unnumbered))
        // Another pinned: its changes from then on come too.
        let second = try #require(rows.first { $0.flightName == "Pacific 762" })
        _ = try user.board("pin", String(second.id))
        _ = try user.board("clock", "advance", "6h")
        let secondsChanges = try Self.eventsGet(
            user.socket, ["since": "2026-11-30T15:00:00-05:00", "pinned": [.int(second.id)]])
        try #require(!secondsChanges.isEmpty, "the second pinned flight changes in those hours")
        try waitUntil("the second pin's changes", timeout: 20) {
            let printed = Set(follow.changes.compactMap { $0["cursor"]?.string })
            return secondsChanges.allSatisfy { printed.contains($0["cursor"]?.string ?? "-") }
        }
        kill(follow.process.pid, SIGTERM)
        let (_, result) = try follow.process.finish(timeout: 10)
        let cursors = follow.changes.compactMap { $0["cursor"]?.string }
        #expect(Set(cursors).count == cursors.count, "nothing printed twice")
        #expect(result.stderr.contains("no pinned flights yet") || result.stderr.isEmpty, "\(result.stderr)")
    }

    /// A flight pinned while `--follow --pinned` runs is followed from its pin on: the resubscription
    /// with the new pins, from the last change printed, replayed its changes from before (12:00 to
    /// 12:30, with the clock at 12:35), which were printed. None of a flight pinned all along is lost
    /// or printed twice, across a daemon restart too.
    @Test
    func aFlightPinnedMeanwhileIsFollowedFromItsPinOn() throws {
        let user = BoardUser()
        var daemon = try user.startDaemon(now: "2026-11-30T12:00:00-05:00")
        defer { _ = try? daemon.stop() }
        // Pacific 762 changes from 10:51 into the afternoon; Overland 256 boards from noon and departs at 12:40.
        let rows = try user.lookup()
        let early = try #require(rows.first { $0.flightName == "Pacific 762" })
        let late = try #require(rows.first { $0.flightName == "Overland 256" })
        _ = try user.board("pin", String(early.id))
        _ = try user.board("clock", "set", "06:00")
        let follow = try Follow(user, ["--since", "0m", "--pinned"])
        try daemon.waitForEventFollowers(1, timeout: 20)
        _ = try user.board("clock", "set", "12:35")
        let morning = "2026-11-30T06:00:00-05:00"
        try follow.waitFor(try Self.eventsGet(user.socket, ["since": .string(morning), "pinned": [.int(early.id)]]).count)
        _ = try user.board("pin", String(late.id))
        // Pacific 762 has no change from 12:30 to 12:40: the follow resubscribes from its 12:29 change.
        _ = try user.board("clock", "advance", "5m")
        func expected() throws -> [String] {
            let earlys = try Self.eventsGet(user.socket, ["since": .string(morning), "pinned": [.int(early.id)]])
            let lates = try Self.eventsGet(user.socket, ["since": "2026-11-30T12:35:00-05:00", "pinned": [.int(late.id)]])
            return (earlys + lates).compactMap { $0["cursor"]?.string }
        }
        func printed() -> [String] { follow.changes.compactMap { $0["cursor"]?.string } }
        let first = try expected()
        try waitUntil("the changes of both pins from their pins on", timeout: 20) { Set(first).isSubset(of: printed()) }
        try daemon.stop(signal: SIGKILL)
        daemon = try user.startDaemon(now: "2026-11-30T12:40:00-05:00")
        try daemon.waitForEventFollowers(1, timeout: 20)
        _ = try user.board("clock", "advance", "3h")
        let all = try expected()
        try #require(all.count > first.count, "the hours after the restart have changes")
        try waitUntil("the changes after the restart", timeout: 20) { Set(all).isSubset(of: printed()) }
        kill(follow.process.pid, SIGTERM)
        _ = try follow.process.finish(timeout: 10)
        #expect(printed().count == Set(printed()).count, "nothing printed twice")
        #expect(Set(printed()) == Set(all), "nothing of Overland 256 from before its pin: \(follow.changes)")
    }
}
