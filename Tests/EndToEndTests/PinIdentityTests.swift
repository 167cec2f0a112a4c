import BoardProtocol
import BoardSystem
import Foundation
import Glibc
import Testing

/// A remembered flight is always the same flight: its id and its date. Ids repeat once the window
/// slides (an id is a day of the window and a slot: Southeast 428, Mon, Wed, Fri, id 6249 on Mon
/// Nov 30, leaves its slot to US 389, Tue, Thu, which has id 6249 on Tue Dec 15), so pins and the
/// last viewed flight must not move to whatever has the id now. A private daemon, frozen, its clock
/// moved by hand.
struct PinIdentityTests {
    static let later = "2026-12-15T12:00:00-05:00"

    @Test func aPinStaysWithItsFlightAcrossAWindowSlide() throws {
        let user = BoardUser()
        let daemon = try user.startDaemon()
        defer { _ = try? daemon.stop() }
        let pinned = try user.text("pin", "6249")
        #expect(pinned.contains("Southeast 428 of Nov 30"), "\(pinned)")
        #expect(try user.rows().first { $0.pinned }?.flightName == "Southeast 428")

        _ = try user.text("clock", "set", Self.later)
        let rows = try user.rows("--date", "2026-12-15")
        let other = try #require(rows.first { $0.id == 6249 })
        #expect(other.flightName == "US 389")
        #expect(!other.pinned, "another day's flight with the pinned id is not pinned")
        #expect(rows.allSatisfy { !$0.pinned })
        #expect(rows.map(\.id) == rows.sorted(by: FlightRow.timeOrder).map(\.id), "no pin leads the board")

        let pinsJSON = try user.json("pins")
        #expect(pinsJSON["flights"]?.array?.isEmpty == true)
        #expect(pinsJSON["ended"]?.array?.first?["date"]?.string == knownDate)
        #expect(pinsJSON["ended"]?.array?.first?["designator"]?.string == "Southeast 428")
        #expect(user.state()?["pins"]?.array?.count == 1, "listing the pins with --json saves nothing")
        // Its day has left the window: the pin has ended, said once, and dropped.
        let pins = try user.note("pins")
        #expect(pins.contains("Southeast 428 of Nov 30 left the window; unpinned."), "\(pins)")
        #expect(!pins.contains("US 389"), "\(pins)")
        #expect(user.state()?["pins"]?.array?.isEmpty == true, "\(user.state()?.text ?? "no state")")

        let shown = try user.text("show", "6249")
        #expect(shown.contains("US 389") && !shown.contains("(pinned)"), "\(shown)")
        #expect(try user.note("pins").contains("No pinned flights"))

        // US 389 pinned is pinned by its own identity.
        _ = try user.text("pin", "6249")
        let pins2 = try #require(user.state()?["pins"]?.array)
        #expect(pins2.map { $0["date"]?.string } == ["2026-12-15"])
        #expect(try user.rows("--date", "2026-12-15").first.map { "\($0.id) \($0.pinned)" } == "6249 true")
    }

    /// A pin ends when its day leaves the window: `board pins` names it once ("… left the window;
    /// unpinned.") and drops it, whether it was still saved or another command's save had dropped it
    /// (it said "No pinned flights" the next day, naming none).
    @Test func aPinWhoseDayLeavesTheWindowIsNamedOnceByPins() throws {
        let user = BoardUser()
        let daemon = try user.startDaemon()
        defer { _ = try? daemon.stop() }
        let tomorrow = try #require(try user.rows("--date", "2026-12-01").first { $0.flightName == "Pacific 578" })
        _ = try user.text("pin", "9541")
        _ = try user.text("pin", String(tomorrow.id))
        _ = try user.text("clock", "advance", "1d")

        let json = try user.json("pins")
        let ended = try #require(json["ended"]?.array)
        #expect(ended.map { $0["id"] } == [9541] && ended.first?["date"] == "2026-11-30", "\(json.text)")
        #expect(ended.first?["sentence"] == "Pacific 578 of Nov 30 left the window; unpinned.")
        #expect(json["flights"]?.array?.map { $0["id"] } == [.int(tomorrow.id)])
        #expect(user.state()?["pins"]?.array?.count == 2, "--json only reads")
        // The sentence to people on stderr, the rows on stdout.
        let said = try user.board("pins")
        #expect(said.status == 0 && said.stderr == "Pacific 578 of Nov 30 left the window; unpinned.\n", "\(said.stderr)")
        #expect(
            said.stdout.contains("Pacific 578") && said.stdout.hasSuffix(" \(tomorrow.id)\n"),
            "tomorrow's pin listed: \(said.stdout)")
        #expect(user.state()?["pins"]?.array?.map { $0["id"] } == [.int(tomorrow.id)])
        #expect(!(try user.text("pins")).contains("left the window"), "said once")

        // Another day on, a save by another command (the last viewed flight) drops Dec 1's pin first.
        _ = try user.text("clock", "advance", "1d")
        _ = try user.text("show", "Pacific 578")
        #expect(user.state()?["pins"]?.array?.isEmpty == true, "\(user.state()?.text ?? "no state")")
        let later = try user.note("pins")
        #expect(later == "Pacific 578 of Dec 1 left the window; unpinned.\nNo pinned flights; 'board pin FLIGHT' pins one.\n")
        #expect(try user.note("pins") == "No pinned flights; 'board pin FLIGHT' pins one.\n")
    }

    /// A daily service fills the same slot every day, so it has the same id every 15 days: Pacific 578
    /// is id 9541 on Nov 30 and again on Dec 15. The pin of Nov 30's is not Dec 15's, same name or not.
    /// The clock set back before a pinned, last viewed flight's day: it is not on the board yet, and
    /// is said so (it was "no longer on the board"); the pin is kept, and shows once its day returns.
    @Test func aFlightOfADayAfterTheWindowIsNotOnTheBoardYet() throws {
        let user = BoardUser()
        let daemon = try user.startDaemon()
        defer { _ = try? daemon.stop() }
        let later = try #require(try user.rows("all", "--date", "+14").first)
        _ = try user.text("show", String(later.id), "--date", "+14")
        _ = try user.text("pin", String(later.id), "--date", "+14")
        _ = try user.text("clock", "set", "2026-11-25T10:00")
        let pins = try user.text("pins")
        #expect(pins.contains("\(later.flightName) of Dec 14 is not on the board yet"), "\(pins)")
        let last = try user.board("last")
        #expect(last.status == 4, "\(last.stdout)")
        #expect(
            last.stderr.contains("the last viewed flight, \(later.flightName) of Dec 14, is not on the board yet"),
            "\(last.stderr)")
        let next = try user.board("next")
        #expect(next.status == 4 && next.stderr.contains("is not on the board yet"), "\(next.stderr)")
        _ = try user.text("clock", "set", "2026-11-30T12:00")
        #expect(try user.text("pins").contains(later.flightName + " "), "the pin was kept")
    }

    @Test func aPinOfADailyServiceStaysWithItsDay() throws {
        let user = BoardUser()
        let daemon = try user.startDaemon()
        defer { _ = try? daemon.stop() }
        let pinned = try user.text("pin", "9541")
        #expect(pinned.contains("Pacific 578 of Nov 30"), "\(pinned)")
        _ = try user.text("clock", "set", Self.later)
        let rows = try user.rows("--date", "2026-12-15")
        let again = try #require(rows.first { $0.id == 9541 })
        #expect(again.flightName == "Pacific 578")
        #expect(rows.allSatisfy { !$0.pinned }, "Dec 15's Pacific 578 is another flight")
        let pins = try user.note("pins")
        #expect(pins.contains("Pacific 578 of Nov 30 left the window; unpinned."), "\(pins)")
    }

    /// A config reloaded with another seed or another number of flights a day makes another schedule,
    /// where the same id on the same day can be another flight: the pin and the last viewed flight do
    /// not move to it (they showed Southeast 584 where Pacific 146 was pinned), they are named as gone;
    /// nor does a hidden flight hide the flight now of its identity.
    @Test func aPinDoesNotMoveToAnotherFlightWhenTheScheduleChanges() throws {
        // An id both schedules use, for two different flights (ids depend on the day and the slot).
        let reference = BoardUser()
        let secondConfig = reference.sandbox.path + "/boardd.json"
        try #"{"flightsPerDay": 31}"#.write(toFile: secondConfig, atomically: true, encoding: .utf8)
        let secondDaemon = try reference.startDaemon(extra: ["--config", secondConfig])
        let second = try reference.rows()
        try secondDaemon.stop()
        let user = BoardUser()
        let config = user.sandbox.path + "/boardd.json"
        try "{}".write(toFile: config, atomically: true, encoding: .utf8)
        let daemon = try user.startDaemon(extra: ["--config", config])
        defer { _ = try? daemon.stop() }
        let common = try user.lookup().filter { first in
            second.contains { $0.id == first.id && $0.flightName != first.flightName }
        }
        try #require(common.count >= 2, "ids both schedules give to different flights")
        let (row, hiddenRow) = (common[0], common[1])
        _ = try user.text("pin", String(row.id))
        _ = try user.text("hide", String(hiddenRow.id))
        _ = try user.text("show", String(row.id))
        #expect(try user.rows().first { $0.pinned }?.id == row.id)

        try #"{"flightsPerDay": 31}"#.write(toFile: config, atomically: true, encoding: .utf8)
        kill(daemon.pid, SIGHUP)
        // Read by someone with no state (`lookup` remembers the first schedule's rows).
        let looker = BoardUser(socket: user.socket)
        try waitUntil("the new schedule") { try looker.rows().first { $0.id == row.id }?.flightName != row.flightName }
        let now = try #require(try looker.rows().first { $0.id == row.id }, "the id is used in the new schedule too")
        #expect(now.flightName != row.flightName, "the identity names another flight now")
        #expect(try user.rows().allSatisfy { !$0.pinned }, "no other flight is pinned in its place")
        #expect(try user.rows().contains { $0.id == hiddenRow.id }, "nor hidden in place of the one hidden")
        let pins = try user.text("pins")
        #expect(pins.contains("\(row.flightName) of Nov 30 is no longer on the board"), "\(pins)")
        #expect(!pins.contains(now.flightName), "\(pins)")
        let last = try user.board("last")
        #expect(last.status == 4, "\(last.stdout)")
        #expect(last.stderr.contains("the last viewed flight, \(row.flightName) of Nov 30, is no longer on the board"))
        #expect(last.stderr.contains("'board soonest' shows the next flight"), "what to do, as next and prev say")
        // The flight now of that identity can be pinned and hidden: the old entries give way to it
        // (it was "already pinned").
        let pinned = try user.text("pin", String(row.id))
        #expect(pinned.contains("Pinned \(now.flightName) of Nov 30"), "\(pinned)")
        #expect(try user.rows().first { $0.pinned }?.flightName == now.flightName)
        #expect(user.state()?["pins"]?.array?.map { $0["designator"]?.string } == [now.flightName], "one pin, renamed")
        let newHidden = try #require(try looker.rows().first { $0.id == hiddenRow.id })
        _ = try user.text("hide", String(hiddenRow.id))
        #expect(try !user.rows().contains { $0.id == hiddenRow.id }, "\(newHidden.flightName) hidden now")
        #expect(user.state()?["hidden"]?.array?.map { $0["designator"]?.string } == [newHidden.flightName])
    }

    @Test func theLastViewedFlightIsNamedAsItWasOnceGone() throws {
        let user = BoardUser()
        let daemon = try user.startDaemon()
        defer { _ = try? daemon.stop() }
        _ = try user.text("show", "6249")
        _ = try user.text("clock", "set", Self.later)
        for command in ["last", "next", "prev"] {
            let result = try user.board(command)
            #expect(result.status == 4, "board \(command): \(result.stderr)")
            #expect(result.stderr.contains("Southeast 428 of Nov 30"), "board \(command): \(result.stderr)")
            #expect(!result.stdout.contains("US 389"), "board \(command) shows the flight that has its id now")
        }
    }

    /// `board show ID` for an id the client remembers for an earlier day's flight says so on stderr,
    /// once it names another flight (6249 is Southeast 428 on Nov 30, US 389 on Dec 15), and shows it.
    @Test func showingAnIdThatNamedAnEarlierDaysFlightSaysSo() throws {
        let user = BoardUser()
        let daemon = try user.startDaemon()
        defer { _ = try? daemon.stop() }
        _ = try user.text("show", "6249")
        _ = try user.text("clock", "set", Self.later)
        let result = try user.board("show", "6249")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stderr == "board: warning: 6249 was Southeast 428 of Nov 30; now it is US 389 of Dec 15\n",
            "\(result.stderr)")
        #expect(result.stdout.contains("US 389"), "\(result.stdout)")
        let again = try user.board("show", "6249")
        #expect(again.status == 0 && again.stderr.isEmpty, "said once: US 389 is the last viewed now: \(again.stderr)")
        #expect(try user.board("show", "6249", "--json").stderr.isEmpty)
    }

    /// Unpin by id or designator removes the identity it names, and only that one.
    @Test func unpinRemovesTheMatchingIdentity() throws {
        let user = BoardUser()
        let daemon = try user.startDaemon()
        defer { _ = try? daemon.stop() }
        _ = try user.text("pin", "6249")
        _ = try user.text("clock", "set", Self.later)
        // The only pin with the id is the one that has left the board: that one.
        #expect(try user.text("unpin", "6249").contains("Unpinned Southeast 428 of Nov 30"))
        #expect(user.state()?["pins"]?.array?.isEmpty == true)

        // Both flights that had id 6249 pinned (a state from before the slide was saved):
        // the id names the flight on the board now.
        try FileManager.default.createDirectory(atPath: user.sandbox.stateDirectory, withIntermediateDirectories: true)
        let state: JSON = [
            "schema": 1, "tab": "all", "lastViewed": nil,
            "pins": [
                ["id": 6249, "designator": "Southeast 428", "date": "2026-11-30"],
                ["id": 6249, "designator": "US 389", "date": "2026-12-15"],
            ],
        ]
        try Data(state.text.utf8).write(to: URL(fileURLWithPath: user.stateFile))
        #expect(try user.rows("--date", "2026-12-15").first.map { "\($0.id) \($0.pinned)" } == "6249 true")
        let unpinned = try user.text("unpin", "6249")
        #expect(unpinned.contains("Unpinned US 389 of Dec 15"), "\(unpinned)")
        #expect(try user.rows("--date", "2026-12-15").allSatisfy { !$0.pinned })
        let left = try #require(user.state()?["pins"]?.array)
        #expect(!left.contains { $0["date"]?.string == "2026-12-15" }, "\(left)")
    }
}
