import BoardProtocol
import BoardSystem
import FlightData
import Foundation
import Testing

/// The documents the daemon sends, built from a real schedule, checked against the contract's shapes.
@Suite struct WireEncodingTests {
    typealias F = ScheduleFixture

    /// The contract's keys, in the contract's order.
    static let contractBoardKeys = ["schema", "airport", "now", "date", "tab", "hidePast", "tabs", "flights"]
    static let contractFlightKeys = [
        "id", "airline", "number", "flightName", "direction", "otherAirport", "flightTime", "scheduledTime", "currentTime",
        "gate", "terminal", "status", "previousGate", "divertedTo", "baggage", "remark", "pinned",
    ]
    static let contractDetailKeys = ["history", "onTimeRate", "departureTime", "arrivalTime", "progress", "announcements"]
    /// The details' keys after the flight's, in order: the contract's with the extensions in their places.
    static let detailKeys = [
        "history", "onTimeRate", "runs", "departureTime", "arrivalTime", "boardingTime", "gateClosesTime", "progress",
        "announcements",
    ]
    static let contractHistoryKeys = ["date", "status", "scheduledTime", "actualTime", "delayMinutes"]

    /// Keys beyond the contract, documented in docs/PROTOCOL.md as extensions.
    static let boardExtensions: Set = ["simulated", "speed"]
    static let flightExtensions: Set = ["date", "codeshares", "delayMinutes", "changedAt", "past"]
    static let detailExtensions: Set = ["schema", "now", "runs", "boardingTime", "gateClosesTime"]

    static let statuses: Set = [
        "scheduled", "onTime", "delayed", "boarding", "finalCall", "gateClosed", "departed", "enRoute", "landed", "canceled",
        "diverted",
    ]

    static func boardJSON(tab: Tab = .all, hidePast: Bool = false, pinned: Set<Int> = []) -> JSON {
        F.encoding.board(F.board(tab: tab, hidePast: hidePast, pinned: pinned), simulated: true, speed: 0).json
    }

    @Test func theBoardHasTheContractsKeysInOrderPlusItsExtensions() throws {
        let board = Self.boardJSON()
        #expect(board.keys == ["schema", "airport", "now", "simulated", "speed", "date", "tab", "hidePast", "tabs", "flights"])
        #expect(board.keys.filter { !Self.boardExtensions.contains($0) } == Self.contractBoardKeys)
        #expect(board["schema"] == 1)
        #expect(board["airport"] == ["name": "Mountain Airport", "code": "MTN", "timeZone": "America/New_York"])
        #expect(board["now"]?.string == "2026-11-30T12:00:00-05:00")
        #expect(board["simulated"] == true)
        #expect(board["speed"]?.double == 0)
        #expect(board["date"]?.string == "2026-11-30")
        #expect(board["tab"]?.string == "all")
        #expect(board["hidePast"] == false)
    }

    @Test func theTabsAreTheThreeTabsWithCountsAndBadges() throws {
        let tabs = try #require(Self.boardJSON()["tabs"]?.array)
        #expect(tabs.map { $0["id"]?.string } == ["arrivals", "all", "departures"])
        #expect(tabs.map { $0["title"]?.string } == ["Arrivals", "All", "Departures"])
        for tab in tabs { #expect(tab.keys == ["id", "title", "count", "badge"]) }
        let counts = tabs.compactMap { $0["count"]?.int }
        #expect(counts == [15, 30, 15])
        #expect(tabs.map { $0["badge"]?.string } == ["15", "Nov 30", "15"])
    }

    @Test(arguments: Tab.allCases)
    func everyFlightOnTheBoardHasTheContractsShape(_ tab: Tab) throws {
        let board = F.board(tab: tab)
        let flights = try #require(Self.boardJSON(tab: tab)["flights"]?.array)
        #expect(flights.count == board.rows.count)
        #expect(flights.map { $0["id"]?.int } == board.rows.map(\.flight.id))
        for flight in flights {
            #expect(flight.keys.filter { !Self.flightExtensions.contains($0) } == Self.contractFlightKeys)
            try Self.checkFlightValues(flight)
            if tab != .all { #expect(flight["direction"]?.string == (tab == .arrivals ? "arrival" : "departure")) }
        }
    }

    static func checkFlightValues(_ flight: JSON) throws {
        let id = try #require(flight["id"]?.int)
        #expect((1...9_999_999).contains(id))
        let airline = try #require(flight["airline"]?.string)
        let number = try #require(flight["number"]?.int)
        #expect(flight["flightName"]?.string == "\(airline) \(number)")
        #expect(["arrival", "departure"].contains(flight["direction"]?.string ?? ""))
        #expect(flight["otherAirport"]?.string?.isEmpty == false)
        #expect((flight["flightTime"]?.int ?? 0) > 0)
        let gate = try #require(flight["gate"]?.string)
        #expect(flight["terminal"]?.string == String(gate.prefix(1)))
        let status = try #require(flight["status"]?.string)
        #expect(statuses.contains(status))
        let date = try #require(flight["date"]?.string)
        let scheduled = try #require(flight["scheduledTime"]?.string)
        #expect(scheduled.hasPrefix(date + "T"))
        #expect(scheduled.hasSuffix("-05:00"))
        if status == "canceled" {
            #expect(flight["currentTime"] == .null)
        } else {
            let current = try #require(flight["currentTime"]?.string)
            #expect(current.hasSuffix("-05:00"))
            #expect(current >= scheduled)
        }
        #expect(flight["delayMinutes"]?.int != nil)
        // The announcements' keys: null or their shapes; an old gate only beside a different new one.
        if let previous = flight["previousGate"]?.string {
            #expect(previous != gate)
        } else {
            #expect(flight["previousGate"] == .null)
        }
        #expect((flight["divertedTo"] != .null) == (status == "diverted"))
        if let baggage = flight["baggage"], baggage != .null {
            #expect(baggage.keys == ["belt", "firstBag", "lastBag"])
            #expect(status == "landed")
        }
        #expect((flight["remark"] == .null) == (flight["changedAt"] == .null))
        #expect(flight["past"]?.bool != nil)
        #expect(flight["pinned"]?.bool != nil)
    }

    /// Southeast 791 (22:50) is canceled, announced at 20:24: at its scheduled time it has no current time.
    @Test func canceledFlightsHaveNoCurrentTime() throws {
        let canceled = try #require(F.todaysFlights.first { $0.disruption == .canceled })
        let at = canceled.scheduledTime
        #expect(canceled.isCanceled(at: at))
        let json = F.encoding.flight(canceled, at: at, pinned: false).json
        #expect(json["status"]?.string == "canceled")
        #expect(json["currentTime"] == .null)
        #expect(json["delayMinutes"] == 0)
    }

    @Test func aDelayedFlightCarriesItsNewTime() throws {
        let delayed = try #require(
            F.todaysFlights.first { $0.announcedDelay(at: F.now) > 0 && $0.announcements(through: F.now).last?.kind == .time })
        let json = F.encoding.flight(delayed, at: F.now, pinned: false).json
        #expect(json["delayMinutes"]?.int == delayed.announcedDelay(at: F.now))
        #expect(json["currentTime"]?.string == F.localTime.iso8601(delayed.currentTime(at: F.now)))
        #expect(json["remark"]?.string?.hasPrefix("New time ") == true)
        #expect(json["changedAt"]?.string != nil)
        #expect(json["scheduledTime"]?.string == F.localTime.iso8601(delayed.scheduledTime))
    }

    @Test func hidePastHidesPastFlightsButNotPinnedOnes() throws {
        let past = try #require(F.todaysFlights.first { $0.isPast(at: F.now) })
        let hidden = try #require(Self.boardJSON(hidePast: true)["flights"]?.array)
        #expect(hidden.allSatisfy { $0["past"] == false })
        #expect(!hidden.contains { $0["id"]?.int == past.id })
        let pinned = try #require(Self.boardJSON(hidePast: true, pinned: [past.id])["flights"]?.array)
        let first = try #require(pinned.first)
        #expect(first["id"]?.int == past.id)
        #expect(first["pinned"] == true)
        #expect(first["past"] == true)
        #expect(Self.boardJSON(hidePast: true)["hidePast"] == true)
    }

    /// A flight's details: the flight, then its service's last 10 operations, each as that day's flight
    /// ended (departed or canceled for a departure; landed, canceled or diverted for an arrival, with an
    /// actual time only when it left or landed), the on-time rate, the weekdays it runs (Monday first),
    /// its times, a departure's boarding and gate-close times, and its progress.
    @Test func detailsAreAFlightPlusHistoryRateTimesAndProgress() throws {
        for flight in F.todaysFlights {
            let json = F.encoding.details(flight, from: F.generator, at: F.now, pinned: false).json
            let flightPart = json.keys.filter { !Self.detailExtensions.contains($0) && !Self.contractDetailKeys.contains($0) }
            #expect(flightPart.filter { !Self.flightExtensions.contains($0) } == Self.contractFlightKeys)
            #expect(json.keys.suffix(Self.detailKeys.count) == ArraySlice(Self.detailKeys))
            #expect(json.keys.filter(Self.contractDetailKeys.contains) == Self.contractDetailKeys)
            #expect(json["schema"] == 1)
            #expect(json["now"]?.string == "2026-11-30T12:00:00-05:00")
            try Self.checkFlightValues(json)
            let history = try #require(json["history"]?.array)
            #expect(history.count == 10)
            let ends: Set = flight.direction == .departure ? ["departed", "canceled"] : ["landed", "canceled", "diverted"]
            var previous: String?
            for entry in history {
                #expect(entry.keys == Self.contractHistoryKeys)
                let status = try #require(entry["status"]?.string)
                #expect(ends.contains(status))
                #expect((status == "canceled" || status == "diverted") == (entry["actualTime"] == .null))
                let date = try #require(entry["date"]?.string)
                #expect(date < "2026-11-30", "before its own day")
                if let previous { #expect(date < previous, "most recent first") }
                previous = date
            }
            let rate = try #require(json["onTimeRate"]?.double)
            #expect((0...1).contains(rate))
            let onTime = history.filter { $0["actualTime"] != .null && $0["delayMinutes"] == 0 }.count
            #expect(rate == Double(onTime) / Double(history.count))
            let runs = (json["runs"]?.array ?? []).compactMap(\.string)
            #expect(!runs.isEmpty)
            #expect(runs == ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"].filter(runs.contains), "Monday first")
            #expect(runs.contains("Mon"), "it runs on its own day, a Monday")
            #expect(json["announcements"]?.array?.count == flight.announcements(through: F.now).count)
            if flight.direction == .departure && !flight.isCanceled(at: F.now) {
                let current = flight.currentTime(at: F.now)
                #expect(json["boardingTime"]?.string == F.localTime.iso8601(current.addingTimeInterval(-40 * 60)))
                #expect(json["gateClosesTime"]?.string == F.localTime.iso8601(current.addingTimeInterval(-10 * 60)))
            } else {
                #expect(json["boardingTime"] == .null && json["gateClosesTime"] == .null)
            }
            if flight.isCanceled(at: F.now) {
                #expect(json["departureTime"] == .null)
                #expect(json["arrivalTime"] == .null)
                #expect(json["progress"] == .null)
            } else if flight.isDiverted(at: F.now) {
                // It left, and will never reach its gate here.
                #expect(json["departureTime"]?.string != nil)
                #expect(json["arrivalTime"] == .null && json["progress"] == .null)
            } else {
                #expect(json["departureTime"]?.string != nil)
                #expect(json["arrivalTime"]?.string != nil)
                let progress = try #require(json["progress"]?.double)
                #expect((0...1).contains(progress))
            }
        }
    }

    @Test func aFlightInTheAirHasProgressBetweenZeroAndOne() throws {
        let flying = try #require(
            F.todaysFlights.first { ($0.progress(at: F.now) ?? 0) > 0 && ($0.progress(at: F.now) ?? 1) < 1 })
        let details = F.encoding.details(flying, from: F.generator, at: F.now, pinned: true).json
        let progress = try #require(details["progress"]?.double)
        #expect(progress > 0 && progress < 1)
        #expect(details["pinned"] == true)
    }

    @Test func searchResultsAreGroupedByDay() throws {
        let search = FlightSearch(text: "denver")
        let results = search.run(in: F.window, at: F.now)
        let json = F.encoding.search(search, results: results, at: F.now, pinned: []).json
        #expect(json.keys == ["schema", "text", "tab", "count", "days"])
        #expect(json["text"]?.string == "denver")
        #expect(json["tab"]?.string == "all")
        let days = try #require(json["days"]?.array)
        #expect(!days.isEmpty)
        var total = 0
        for day in days {
            #expect(day.keys == ["date", "badge", "count", "flights"])
            let flights = try #require(day["flights"]?.array)
            #expect(day["count"]?.int == flights.count)
            total += flights.count
            for flight in flights {
                #expect(flight["otherAirport"]?.string == "Denver")
                #expect(flight["date"] == day["date"])
            }
        }
        #expect(json["count"]?.int == total)
    }

    @Test func theClockDocumentNamesTheWindow() {
        let json = F.encoding.clock(now: F.now, simulated: true, speed: 0, window: F.window).json
        #expect(json.keys == ["schema", "now", "date", "simulated", "speed", "timeZone", "windowStart", "windowEnd"])
        #expect(json["now"]?.string == "2026-11-30T12:00:00-05:00")
        #expect(json["date"]?.string == "2026-11-30")
        #expect(json["windowStart"]?.string == "2026-11-30")
        #expect(json["windowEnd"]?.string == "2026-12-14")
        #expect(json["timeZone"]?.string == "America/New_York")
        #expect(json.text.contains(#""speed":0,"#))
    }

    @Test func encodingIsDeterministicAndParsesBack() throws {
        let first = Self.boardJSON().bytes
        let second = F.encoding.board(F.board(), simulated: true, speed: 0).json.bytes
        #expect(first == second)
        #expect(!first.contains(UInt8(ascii: "\n")))
        let parsed = try JSON.parse(first)
        #expect(parsed.bytes == first)
        #expect(first.count < LineFramer.protocolLimit * 16)
    }
}
