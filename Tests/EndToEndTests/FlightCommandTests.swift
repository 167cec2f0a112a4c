import BoardProtocol
import BoardSystem
import Foundation
import Testing

/// `board show`, `board last` and `board soonest`: one flight with its details.
@Suite(.sharedDaemon) struct FlightCommandTests {
    /// Every flight's details agree with its row, and its history is its service's last 10
    /// operations before its date, newest first, on exactly the days the service runs (`runs`), each
    /// as that day's flight ended: departed or landed at its actual time, canceled or diverted.
    @Test func showHasTheContractsDetails() throws {
        let user = try BoardUser.ofSharedDaemon()
        for row in try user.rows() {
            let flight = try user.lookupDocument("show", String(row.id))
            #expect(flight["schema"]?.int == 1)
            #expect(ContractKeys.missing(ContractKeys.details, in: flight) == [], "\(flight.text)")
            // The board's row and the details agree on every Flight key.
            for key in ContractKeys.flight {
                #expect(flight[key] == row.json[key], "\(key) of \(row)")
            }
            let runs = try #require(flight["runs"]?.array).compactMap(\.string)
            #expect(!runs.isEmpty && runs == mondayFirst.filter(runs.contains), "weekday names, Monday first: \(runs)")
            #expect(runs.contains(weekdayName(row.localDate)), "it runs on its own day: \(runs)")
            let boarding = flight["boardingTime"]?.string.flatMap { try? instant($0) }
            let closes = flight["gateClosesTime"]?.string.flatMap { try? instant($0) }
            if let current = row.currentTime, !row.isArrival {
                #expect(boarding == current - 40 * 60 && closes == current - 10 * 60, "\(row)")
            } else {
                #expect(flight["boardingTime"]?.isNull == true && flight["gateClosesTime"]?.isNull == true, "\(row)")
            }
            let history = try #require(flight["history"]?.array)
            #expect(history.count == 10, "the service's last 10 operations")
            #expect(
                history.map { $0["date"]?.string ?? "" } == operatingDays(before: row.localDate, runs: runs, count: 10),
                "newest first, every day it ran and no other: \(runs)")
            for entry in history {
                #expect(ContractKeys.missing(ContractKeys.history, in: entry) == [], "\(entry.text)")
                let scheduledText = try #require(entry["scheduledTime"]?.string)
                let date = try instant(scheduledText)
                #expect(entry["date"]?.string == String(scheduledText.prefix(10)))
                let timeOfDay = scheduledText.dropFirst(11).prefix(5)
                #expect(timeOfDay == row.scheduledText.dropFirst(11).prefix(5), "its service's time of day")
                let status = try #require(entry["status"]?.string)
                let ended = row.isArrival ? ["landed", "canceled", "diverted"] : ["departed", "canceled"]
                #expect(ended.contains(status), "\(row): \(entry.text)")
                let delay = try #require(entry["delayMinutes"]?.int)
                #expect(delay >= 0)
                if status == "canceled" || status == "diverted" {
                    #expect(entry["actualTime"]?.isNull == true)
                } else {
                    let actual = try instant(try #require(entry["actualTime"]?.string))
                    #expect(actual == date.addingTimeInterval(Double(delay) * 60))
                }
            }
            let onTime = history.filter { $0["actualTime"]?.isNull == false && $0["delayMinutes"]?.int == 0 }.count
            #expect(flight["onTimeRate"]?.double == Double(onTime) / 10, "departed or landed at its scheduled time")
        }
    }

    /// History is the past of the same timetable: tomorrow's flight of a service whose flight today
    /// the hall has taken down by noon lists today's first, as today's board shows it.
    @Test func historyIsTheServicesOwnPast() throws {
        let user = try BoardUser.ofSharedDaemon()
        let today = try user.lookup().filter { $0.json["past"]?.bool == true }
        var compared = 0
        for row in try user.lookup("--date", "tomorrow") {
            guard let ended = today.first(where: { $0.flightName == row.flightName }) else { continue }
            let flight = try user.lookupDocument("show", String(row.id), "--date", tomorrowDate)
            let latest = try #require(flight["history"]?.array?.first)
            #expect(latest["date"]?.string == knownDate, "\(row)")
            #expect(latest["status"]?.string == ended.status, "\(ended)")
            #expect(latest["scheduledTime"] == ended.json["scheduledTime"], "\(ended)")
            #expect(latest["actualTime"] == ended.json["currentTime"], "\(ended)")
            #expect(latest["delayMinutes"] == ended.json["delayMinutes"], "\(ended)")
            compared += 1
        }
        #expect(compared >= 5, "at noon the morning's flights are past, and most services fly daily")
    }

    @Test func departureArrivalAndProgressAgreeWithTheTimes() throws {
        let user = try BoardUser.ofSharedDaemon()
        let now = try instant(knownInstant)
        var statuses = Set<String>()
        for row in try user.lookup() {
            let flight = try user.lookupDocument("show", String(row.id))
            statuses.insert(row.status)
            guard let current = row.currentTime else {
                #expect(flight["progress"]?.isNull == true, "no progress for a canceled flight")
                continue
            }
            let departure = try instant(try #require(flight["departureTime"]?.string))
            let arrival = try instant(try #require(flight["arrivalTime"]?.string))
            let duration = Double(row.flightTime) * 60
            if row.isArrival {
                #expect(arrival == current && departure == current - duration, "\(row)")
            } else {
                #expect(departure == current && arrival == current + duration, "\(row)")
            }
            let progress = try #require(flight["progress"]?.double, "\(row)")
            #expect((0...1).contains(progress))
            if now > departure && now < arrival {
                #expect(abs(progress - now.timeIntervalSince(departure) / duration) <= 0.001, "\(row) in the air: \(progress)")
                #expect(progress > 0 && progress < 1)
            } else {
                #expect(progress == (now >= arrival ? 1 : 0), "\(row): \(progress)")
            }
        }
        #expect(statuses.contains("enRoute") || statuses.contains("departed"), "some flight is in the air at noon")
    }

    @Test func showByDesignatorFindsTodaysFlight() throws {
        let user = try BoardUser.ofSharedDaemon()
        let rows = try user.lookup()
        let unique = rows.filter { row in rows.filter { $0.flightName == row.flightName }.count == 1 }
        let row = try #require(unique.first)
        for spelling in [
            row.flightName, row.flightName.lowercased().replacingOccurrences(of: " ", with: ""), row.flightName.uppercased(),
        ] {
            #expect(try user.json("show", spelling)["id"]?.int == row.id, "\(spelling)")
        }
        // Unquoted, the designator is two arguments.
        let parts = row.flightName.split(separator: " ").map(String.init)
        #expect(try user.json(arguments: ["show"] + parts)["id"]?.int == row.id)
    }

    /// A designator with its airline mistyped is refused (2) with the nearest airline's designator,
    /// which then shows the flight.
    @Test func aMistypedAirlineSuggestsTheNearestDesignator() throws {
        let user = try BoardUser.ofSharedDaemon()
        let result = try user.board("show", "Pacfic 578")
        #expect(result.status == 2 && result.stdout.isEmpty, "\(result.stderr)")
        #expect(
            result.stderr == "board: \"Pacfic 578\" is not a flight (did you mean \"Pacific 578\"?); see 'board help show'\n",
            "\(result.stderr)")
        #expect(try user.json("show", "Pacific 578")["flightName"]?.string == "Pacific 578")
    }

    @Test func aDesignatorNotFlyingTodayIsTheNextOneInTheWindow() throws {
        let user = try BoardUser.ofSharedDaemon()
        let today = Set(try user.lookup().map(\.flightName))
        let search = try user.lookupDocument("search", "a")
        let days = try #require(search["days"]?.array)
        var firstDay: [String: (date: String, id: Int)] = [:]
        for day in days {
            for flight in day["flights"]?.array ?? [] {
                let row = try FlightRow(flight)
                if firstDay[row.flightName] == nil { firstDay[row.flightName] = (row.localDate, row.id) }
            }
        }
        let later = try #require(firstDay.filter { !today.contains($0.key) }.min { $0.key < $1.key })
        #expect(later.value.date > knownDate)
        let flight = try user.json("show", later.key)
        #expect(flight["id"]?.int == later.value.id, "\(later)")
    }

    @Test func dateChoosesAnotherDaysFlight() throws {
        let user = try BoardUser.ofSharedDaemon()
        let tomorrow = try user.lookup("--date", "tomorrow")
        let unique = tomorrow.filter { row in tomorrow.filter { $0.flightName == row.flightName }.count == 1 }
        let row = try #require(unique.first)
        #expect(try user.json("show", row.flightName, "--date", "tomorrow")["id"]?.int == row.id)
        #expect(try user.json("show", String(row.id), "--date", tomorrowDate)["id"]?.int == row.id)
        // An id names one day: asked for on another, it is not found.
        let elsewhere = try user.board("show", String(row.id), "--date", "today")
        #expect(elsewhere.status == 4, "\(elsewhere.stderr)")
        #expect(elsewhere.stdout == "")
    }

    @Test func showForPeople() throws {
        let user = try BoardUser.ofSharedDaemon()
        let titles = [
            "departed": "Departed", "landed": "Landed", "enRoute": "En route", "canceled": "Canceled", "onTime": "On time",
            "delayed": "Delayed",
        ]
        // One flight of each status the board shows at noon.
        var seen = Set<String>()
        for row in try user.lookup() where seen.insert(row.status).inserted {
            let text = try user.text("show", String(row.id))
            let first = try #require(text.lines.first)
            #expect(
                first.contains(row.flightName) && first.contains(String(row.id)) && first.contains(row.otherAirport), "\(first)")
            #expect(text.contains(row.gate))
            #expect(text.contains("Mon Nov 30 2026"))
            if let title = titles[row.status] { #expect(text.contains(title), "\(row.status): \(text)") }
            #expect(text.lines.contains { $0.hasPrefix("Runs ") }, "the days its service runs: \(text)")
            // A departure says when it boards and when its gate closes (the details' times).
            let details = try user.lookupDocument("show", String(row.id))
            if let boards = details["boardingTime"]?.string, let closes = details["gateClosesTime"]?.string {
                #expect(text.contains("Boards \(clockText(boards)) · Gate closes \(clockText(closes))"), "\(text)")
            } else {
                #expect(!text.contains("Gate closes"), "\(text)")
            }
            if row.status == "departed" || row.status == "landed" {
                let actual = clockText(row.json["currentTime"]?.string)
                #expect(text.contains("\(try #require(titles[row.status])) \(actual)"), "the time it left or landed: \(text)")
            }
        }
    }

    /// A service that does not fly every day: asked for on a day it does not run, the flight is not
    /// found (4), and the message says on which days it runs.
    @Test func aDesignatorOnADayItDoesNotRunSaysWhenItRuns() throws {
        let user = try BoardUser.ofSharedDaemon()
        // Southeast 428 lands on Mondays, Wednesdays and Fridays; Dec 1 is a Tuesday.
        #expect(try user.json("show", "Southeast 428")["runs"]?.array?.compactMap(\.string) == ["Mon", "Wed", "Fri"])
        let result = try user.board("show", "Southeast 428", "--date", tomorrowDate)
        #expect(result.status == 4, "\(result.stderr)")
        #expect(result.stdout == "")
        #expect(
            result.stderr.contains("no flight Southeast 428 on 2026-12-01: Southeast 428 runs Mon, Wed, Fri."),
            "\(result.stderr)")
    }

    @Test func showRemembersTheFlightAndLastShowsItAgain() throws {
        let user = try BoardUser.ofSharedDaemon()
        let rows = try user.lookup()
        let first = rows[3]
        let second = rows[17]
        _ = try user.text("show", String(first.id))
        #expect(try user.json("last")["id"]?.int == first.id)
        _ = try user.text("show", second.flightName)
        let last = try user.json("last")
        #expect(last["id"]?.int == second.id, "across invocations, the latest shown")
        #expect(ContractKeys.missing(ContractKeys.details, in: last) == [])
        #expect(try user.json("last")["id"]?.int == second.id, "last does not move it")
        let people = try user.text("last")
        #expect(people.lines.first?.contains(second.flightName) == true)
        let state = try #require(user.state())
        #expect(state["lastViewed"]?["id"]?.int == second.id)
        #expect(state["lastViewed"]?["designator"]?.string == second.flightName)
        #expect(state["lastViewed"]?["date"]?.string == knownDate)
    }

    /// The soonest is the first flight still to come: its current time at or after now, neither
    /// canceled nor diverted (a departed or landed flight the hall still shows is not).
    @Test(arguments: [nil, "arrivals", "all", "departures"])
    func soonestIsTheNextFlightStillToCome(tab: String?) throws {
        let user = try BoardUser.ofSharedDaemon()
        let now = try instant(knownInstant)
        let rows = try user.lookup(tab ?? "all")
        let expected = try #require(rows.first { $0.isStillToCome(at: now) })
        let soonest = try user.json(arguments: ["soonest"] + (tab.map { [$0] } ?? []))
        #expect(soonest["id"]?.int == expected.id, "\(expected)")
        #expect(ContractKeys.missing(ContractKeys.details, in: soonest) == [])
        let people = try user.text(arguments: ["soonest"] + (tab.map { [$0] } ?? []))
        #expect(people.lines.first?.contains(expected.flightName) == true)
    }

    @Test func soonestFollowsTheSelectedTab() throws {
        let user = try BoardUser.ofSharedDaemon()
        _ = try user.text("departures")
        #expect(try user.json("soonest")["direction"]?.string == "departure")
        _ = try user.text("arrivals")
        #expect(try user.json("soonest")["direction"]?.string == "arrival")
    }
}
