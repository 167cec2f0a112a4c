import BoardProtocol
import BoardSystem
import Foundation
import Testing

/// `board [TAB] [--hide-past] [--date D]` in JSON: the contract's shape, tabs, counts, badges, order, statuses.
@Suite(.sharedDaemon) struct BoardCommandTests {
    @Test func jsonHasTheContractShape() throws {
        let user = try BoardUser.ofSharedDaemon()
        let board = try user.json()
        #expect(ContractKeys.missing(ContractKeys.board, in: board) == [])
        #expect(board["schema"]?.int == 1)
        #expect(ContractKeys.missing(ContractKeys.airport, in: board["airport"]) == [])
        #expect(board["airport"]?["name"]?.string == "Mountain Airport")
        #expect(board["airport"]?["code"]?.string == "MTN")
        #expect(board["airport"]?["timeZone"]?.string == "America/New_York")
        #expect(board["now"]?.string == knownInstant)
        #expect(board["date"]?.string == knownDate)
        #expect(board["tab"]?.string == "all", "the first time, the selected tab is all")
        #expect(board["hidePast"]?.bool == false)
        let tabs = try #require(board["tabs"]?.array)
        #expect(tabs.map { $0["id"]?.string } == tabNames)
        #expect(tabs.map { $0["title"]?.string } == ["Arrivals", "All", "Departures"])
        for tab in tabs { #expect(ContractKeys.missing(ContractKeys.tab, in: tab) == []) }
        let flights = try #require(board["flights"]?.array)
        #expect(flights.count == 30, "flightsPerDay defaults to 30")
        for flight in flights {
            #expect(ContractKeys.missing(ContractKeys.flight, in: flight) == [], "\(flight.text)")
        }
    }

    @Test func everyFlightIsOneTheContractDescribes() throws {
        let user = try BoardUser.ofSharedDaemon()
        let cities: [String: Int] = [
            "Charlotte": 70, "Atlanta": 60, "Chicago": 105, "Dallas/Ft. Worth": 135, "Detroit": 95, "Miami": 125,
            "Nashville": 65, "New York-LGA": 105, "Denver": 190, "Phoenix": 225, "Las Vegas": 255,
        ]
        let gates = Set(["A", "B"].flatMap { letter in (1...5).map { "\(letter)\($0)" } })
        let rows = try user.rows() + user.rows("--date", "+7")
        for row in rows {
            #expect((1...9_999_999).contains(row.id), "\(row)")
            #expect(["US", "Southeast", "Pacific", "Overland"].contains(row.airline), "\(row)")
            #expect((100...999).contains(row.number), "\(row)")
            #expect(row.flightName == "\(row.airline) \(row.number)")
            #expect(["arrival", "departure"].contains(row.direction))
            #expect(cities[row.otherAirport] == row.flightTime, "\(row.otherAirport) takes \(row.flightTime) min")
            #expect(gates.contains(row.gate), "\(row)")
            #expect(row.json["terminal"]?.string == String(row.gate.prefix(1)), "the terminal is the gate's letter")
            #expect(row.scheduledText.hasSuffix("-05:00"), "local time with its UTC offset")
            let clock = row.scheduledText.dropFirst(11).prefix(5)
            #expect(clock >= "06:00", "\(row)")
            #expect(Int(clock.suffix(2)).map { $0 % 5 == 0 } == true, "scheduled on a 5-minute mark: \(row)")
            if let current = row.currentTime { #expect(current >= row.scheduledTime, "\(row)") }
        }
        #expect(Set(rows.map(\.id)).count == rows.count, "ids are unique in the window")
        let today = try user.rows().sorted { $0.scheduledTime < $1.scheduledTime }
        #expect(
            zip(today, today.dropFirst()).allSatisfy { $0.direction != $1.direction }, "slots alternate arrival and departure")
    }

    /// The board's variants whose counts and badges are checked against the rows.
    static let variants: [[String]] = [
        [], ["--hide-past"], ["--date", "tomorrow"], ["--date", "+3", "--hide-past"], ["--date", lastWindowDate],
    ]

    @Test(arguments: variants)
    func countsAndBadgesEqualTheListedRows(flags: [String]) throws {
        let user = try BoardUser.ofSharedDaemon()
        var listed: [String: [FlightRow]] = [:]
        var documents: [JSON] = []
        for tab in tabNames {
            let board = try user.json(arguments: [tab] + flags)
            #expect(board["tab"]?.string == tab)
            #expect(board["hidePast"]?.bool == flags.contains("--hide-past"))
            listed[tab] = try (board["flights"]?.array ?? []).map(FlightRow.init)
            documents.append(board)
        }
        #expect(listed["arrivals"]?.allSatisfy { $0.isArrival } == true)
        #expect(listed["departures"]?.allSatisfy { !$0.isArrival } == true)
        #expect(
            Set(listed["all"]?.map(\.id) ?? [])
                == Set((listed["arrivals"] ?? []).map(\.id) + (listed["departures"] ?? []).map(\.id)))
        for board in documents {
            let date = try #require(board["date"]?.string)
            let tabs = try #require(board["tabs"]?.array)
            for (tab, summary) in zip(tabNames, tabs) {
                let count = listed[tab]?.count ?? -1
                #expect(summary["count"]?.int == count, "\(tab) count with \(flags)")
                #expect(
                    summary["badge"]?.string == (tab == "all" ? shortDate(date) : String(count)), "\(tab) badge with \(flags)")
            }
        }
    }

    @Test func theAllBadgeIsTheBoardsDate() throws {
        let user = try BoardUser.ofSharedDaemon()
        let today = try user.json()
        #expect(today["tabs"]?.array?[1]["badge"]?.string == "Nov 30")
        let later = try user.json("--date", "2026-12-09")
        #expect(later["tabs"]?.array?[1]["badge"]?.string == "Dec 9")
    }

    @Test(arguments: tabNames)
    func rowsAreInTimeOrder(tab: String) throws {
        let user = try BoardUser.ofSharedDaemon()
        for flags in [[], ["--date", "tomorrow"]] {
            let rows = try user.rows(arguments: [tab] + flags)
            #expect(
                rows == rows.sorted(by: FlightRow.timeOrder),
                "\(tab) \(flags): by current time (scheduled when canceled), then id")
        }
    }

    /// Past is what the hall has taken down (`FlightRow.takenDownAt`): at noon the morning's flights
    /// are past, but Pacific 578, landed at 12:00 with its bags still to come, is on the board.
    @Test func hidePastAtTheKnownInstantHidesExactlyThePastFlights() throws {
        let user = try BoardUser.ofSharedDaemon()
        let now = try instant(knownInstant)
        let all = try user.rows()
        let shown = try user.rows("--hide-past")
        #expect(all.allSatisfy { ($0.json["past"]?.bool == true) == $0.isPast(at: now) }, "past as the hall's rules say")
        #expect(shown.allSatisfy { !$0.isPast(at: now) }, "\(shown.filter { $0.isPast(at: now) })")
        #expect(shown.map(\.id) == all.filter { !$0.isPast(at: now) }.map(\.id))
        #expect(shown.count < all.count, "at noon some flights are past")
        #expect(shown.contains { $0.hasEnded }, "at noon the hall still shows a flight that has ended")
        #expect(shown.contains { !$0.hasEnded }, "at noon some flights are still to come")
        // Tomorrow nothing is past yet.
        #expect(try user.rows("--date", "tomorrow", "--hide-past").count == 30)
    }

    @Test func statusesAtTheKnownInstantFollowTheContractsTable() throws {
        let user = try BoardUser.ofSharedDaemon()
        let now = try instant(knownInstant)
        var seen = Set<String>()
        for flags in [[], ["--date", "tomorrow"], ["--date", lastWindowDate]] {
            for row in try user.rows(arguments: flags) {
                #expect(row.status == contractStatus(of: row, at: now, today: knownDate), "\(row)")
                seen.insert(row.status)
            }
        }
        // At noon the board holds flights on both sides of now.
        #expect(seen.isSuperset(of: ["scheduled", "landed", "departed", "enRoute", "boarding"]), "\(seen)")
        // Nov 30's one cancellation (Southeast 791, 22:50) is announced at 20:24: the evening's board has it.
        let evening = BoardUser()
        let daemon = try evening.startDaemon(now: "2026-11-30T21:00:00-05:00")
        defer { _ = try? daemon.stop() }
        let later = try instant("2026-11-30T21:00:00-05:00")
        let rows = try evening.rows()
        for row in rows { #expect(row.status == contractStatus(of: row, at: later, today: knownDate), "\(row)") }
        #expect(rows.contains { $0.status == "canceled" }, "\(rows)")
    }

    @Test func aTabArgumentSelectsThatTab() throws {
        let user = try BoardUser.ofSharedDaemon()
        for tab in tabNames {
            let board = try user.json(tab)
            #expect(board["tab"]?.string == tab)
            _ = try user.text(tab)
            #expect(try user.json()["tab"]?.string == tab, "the tab stays selected")
        }
        // With --json the tab is shown but not selected: a script changes nothing the user sees next.
        #expect(try user.json("arrivals")["tab"]?.string == "arrivals")
        #expect(try user.json()["tab"]?.string == "departures")
    }

    @Test func theSocketFlagOverridesTheEnvironment() throws {
        let user = try BoardUser.ofSharedDaemon()
        let result = try user.board("--socket", user.socket, "--json", env: ["BOARD_SOCKET": user.sandbox.path + "/nowhere.sock"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.json?["schema"]?.int == 1)
    }
}
