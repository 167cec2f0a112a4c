import BoardProtocol
import BoardSystem
import Foundation
import Testing

/// `board next` and `board prev`: the adjacent flight of the selected tab, from the last viewed, across days.
@Suite(.sharedDaemon) struct NavigationTests {
    /// A tab's flights in its time order: today, then tomorrow.
    func order(_ user: BoardUser, _ tab: String) throws -> (today: [FlightRow], tomorrow: [FlightRow]) {
        (try user.lookup(tab), try user.lookup(tab, "--date", "tomorrow"))
    }

    @Test(arguments: tabNames)
    func nextAndPrevAreTheAdjacentRowsOfTheSelectedTab(tab: String) throws {
        let user = try BoardUser.ofSharedDaemon()
        let (today, _) = try order(user, tab)
        _ = try user.text(tab)
        let start = today.count / 2
        _ = try user.text("show", String(today[start].id))
        // Walk forward three rows and back again, each step from the last viewed. With --json a step
        // only reads; the people's form moves the last viewed.
        for step in 1...3 {
            let next = try user.json("next")
            #expect(next["id"]?.int == today[start + step].id, "next #\(step) in \(tab)")
            #expect(ContractKeys.missing(ContractKeys.details, in: next) == [])
            #expect(try user.json("last")["id"]?.int == today[start + step - 1].id, "next --json only reads")
            _ = try user.text("next")
            #expect(try user.json("last")["id"]?.int == today[start + step].id, "next becomes the last viewed")
        }
        for step in stride(from: 2, through: -2, by: -1) {
            let previous = try user.json("prev")
            #expect(previous["id"]?.int == today[start + step].id, "prev to row \(start + step) in \(tab)")
            _ = try user.text("prev")
        }
    }

    @Test(arguments: tabNames)
    func nextCrossesIntoTheNextDayAndPrevComesBack(tab: String) throws {
        let user = try BoardUser.ofSharedDaemon()
        let (today, tomorrow) = try order(user, tab)
        _ = try user.text(tab)
        _ = try user.text("show", String(try #require(today.last).id))
        let next = try user.json("next")
        #expect(next["id"]?.int == tomorrow.first?.id, "after the day's last \(tab) flight comes the next day's first")
        #expect(next["date"]?.string ?? String(next["scheduledTime"]?.string?.prefix(10) ?? "") == tomorrowDate)
        _ = try user.text("next")
        #expect(try user.json("prev")["id"]?.int == today.last?.id)
    }

    @Test func peoplesFormPrintsTheFlight() throws {
        let user = try BoardUser.ofSharedDaemon()
        let today = try user.lookup()
        _ = try user.text("show", String(today[10].id))
        let text = try user.text("next")
        #expect(text.lines.first?.contains(today[11].flightName) == true, "\(text)")
        #expect(try user.text("prev").lines.first?.contains(today[10].flightName) == true)
    }

    @Test func fromAFlightOutsideTheTabItsPlaceInTheTimeOrderCounts() throws {
        let user = try BoardUser.ofSharedDaemon()
        let all = try user.lookup()
        let departures = try user.lookup("departures")
        let arrival = try #require(all.dropFirst(5).first { $0.isArrival })
        _ = try user.text("show", String(arrival.id))
        _ = try user.text("departures")
        let expectedNext = try #require(departures.first { FlightRow.timeOrder(arrival, $0) })
        #expect(try user.json("next")["id"]?.int == expectedNext.id)
        _ = try user.text("show", String(arrival.id))
        let expectedPrevious = try #require(departures.last { FlightRow.timeOrder($0, arrival) })
        #expect(try user.json("prev")["id"]?.int == expectedPrevious.id)
    }

    @Test func pinsAndHidePastDoNotChangeTheOrder() throws {
        let user = try BoardUser.ofSharedDaemon()
        let all = try user.lookup()
        _ = try user.json("pin", String(all[20].id))
        _ = try user.json("--hide-past")
        _ = try user.text("show", String(all[2].id))
        #expect(try user.json("next")["id"]?.int == all[3].id)
    }

    /// A flight you hid is off your boards, so next and prev step past it to the next one the board
    /// shows, as the live view's n and p and `board soonest` do; with only hidden flights left, they
    /// say so (exit 4) and keep the last viewed. They stepped onto it.
    @Test func nextAndPrevStepPastTheFlightsYouHid() throws {
        let user = try BoardUser.ofSharedDaemon()
        let all = try user.lookup()
        for hidden in all[11...12] { _ = try user.json("hide", String(hidden.id)) }
        _ = try user.text("show", String(all[10].id))
        #expect(try user.json("next")["id"]?.int == all[13].id, "past the two hidden")
        _ = try user.text("next")
        #expect(try user.json("prev")["id"]?.int == all[10].id, "and back past them")
        #expect(try user.json("show", String(all[11].id))["id"]?.int == all[11].id, "named, a hidden flight is found")

        let last = try #require(try user.lookup("--date", lastWindowDate).suffix(2).first)
        let lastOfAll = try #require(try user.lookup("--date", lastWindowDate).last)
        _ = try user.json("hide", String(lastOfAll.id), "--date", lastWindowDate)
        _ = try user.text("show", String(last.id), "--date", lastWindowDate)
        let after = try user.board("next")
        #expect(after.status == 4 && after.stdout == "", "\(after.stdout) \(after.stderr)")
        #expect(
            after.stderr == "board: no flight after \(last.flightName) of \(shortDate(lastWindowDate)) in the window but "
                + "those you hid; 'board hidden' lists them\n", "\(after.stderr)")
        #expect(try user.json("last")["id"]?.int == last.id, "a failed next keeps the last viewed")
    }

    @Test func theWindowsEndsAreNotFound() throws {
        let user = try BoardUser.ofSharedDaemon()
        let first = try #require(try user.lookup().first)
        _ = try user.text("show", String(first.id))
        let before = try user.board("prev")
        #expect(before.status == 4, "\(before.stderr)")
        #expect(before.stdout == "")
        #expect(before.stderr.lines.count == 1)
        #expect(try user.json("last")["id"]?.int == first.id, "a failed prev keeps the last viewed")

        let last = try #require(try user.lookup("--date", lastWindowDate).last)
        _ = try user.text("show", String(last.id))
        let after = try user.board("next", "--json")
        #expect(after.status == 4, "\(after.stderr)")
        #expect(after.stdout == "")
        #expect(after.stderr.lines.count == 1)
    }

    @Test func nothingViewedYet() throws {
        let user = try BoardUser.ofSharedDaemon()
        for command in ["next", "prev", "last"] {
            let result = try user.board(command)
            #expect(result.status == 4, "board \(command): \(result.stderr)")
            #expect(result.stdout == "")
            #expect(result.stderr.lines.count == 1)
            #expect(result.stderr.contains("show"), "says how to view one: \(result.stderr)")
        }
    }
}
