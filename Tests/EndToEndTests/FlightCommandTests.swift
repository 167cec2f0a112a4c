import BoardProtocol
import BoardSystem
import Foundation
import Testing

/// `board show`, `board last` and `board soonest`: one flight with its details.
@Suite(.sharedDaemon) struct FlightCommandTests {
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
            let history = try #require(flight["history"]?.array)
            #expect(history.count == 10, "the last 10 days of on-time history")
            for (daysBack, entry) in history.enumerated() {
                #expect(ContractKeys.missing(ContractKeys.history, in: entry) == [], "\(entry.text)")
                let date = try instant(try #require(entry["scheduledTime"]?.string))
                #expect(date == row.scheduledTime.addingTimeInterval(-86_400 * Double(daysBack + 1)), "newest first, a day apart")
                #expect(entry["date"]?.string == String(try #require(entry["scheduledTime"]?.string).prefix(10)))
                let status = try #require(entry["status"]?.string)
                #expect(["onTime", "delayed", "canceled"].contains(status))
                let delay = try #require(entry["delayMinutes"]?.int)
                if status == "canceled" {
                    #expect(entry["actualTime"]?.isNull == true)
                } else {
                    let actual = try instant(try #require(entry["actualTime"]?.string))
                    #expect(actual == date.addingTimeInterval(Double(delay) * 60))
                    #expect((status == "onTime") == (delay == 0))
                }
            }
            let onTime = history.filter { $0["status"]?.string == "onTime" }.count
            #expect(flight["onTimeRate"]?.double == Double(onTime) / 10)
        }
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
        }
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

    @Test(arguments: [nil, "arrivals", "all", "departures"])
    func soonestIsTheNextFlightNotPastNorCanceled(tab: String?) throws {
        let user = try BoardUser.ofSharedDaemon()
        let now = try instant(knownInstant)
        let rows = try user.lookup(tab ?? "all")
        let expected = try #require(rows.first { !$0.isPast(at: now) && !$0.isCanceled })
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
