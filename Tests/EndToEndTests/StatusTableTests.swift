import BoardProtocol
import BoardSystem
import Foundation
import Testing

/// The contract's status table at its boundaries: the clock is set to each one on a daemon of the test's own.
struct StatusTableTests {
    /// The status of flight `id` once the clock reads `time`.
    func status(of id: Int, at time: Date, _ user: BoardUser) throws -> String {
        _ = try user.json("clock", "set", isoText(time))
        return try #require(try user.json("show", String(id))["status"]?.string)
    }

    /// The day's rows once everything about it has been announced (late in the evening).
    func rowsAtTheDaysEnd(_ user: BoardUser, _ tab: String = "all") throws -> [FlightRow] {
        _ = try user.json("clock", "set", "2026-11-30T23:59:00-05:00")
        return try user.rows(tab)
    }

    /// A departure after noon that runs on time all day (delays and their announcements have tests of their own).
    @Test func aDeparturesDay() throws {
        let user = BoardUser()
        let daemon = try user.startDaemon()
        let noon = try instant(knownInstant)
        let departure = try #require(
            try rowsAtTheDaysEnd(user, "departures").first { $0.currentTime == $0.scheduledTime && $0.scheduledTime > noon })
        let current = try #require(departure.currentTime)
        let waiting = "onTime"
        let minute = 60.0
        let expectations: [(Date, String)] = [
            (try instant("2026-11-29T23:59:59-05:00"), "scheduled"),
            (try instant("2026-11-30T00:00:00-05:00"), waiting),
            (current - 40 * minute - 1, waiting),
            (current - 40 * minute, "boarding"),
            (current - 15 * minute - 1, "boarding"),
            (current - 15 * minute, "finalCall"),
            (current - 10 * minute - 1, "finalCall"),
            (current - 10 * minute, "gateClosed"),
            (current - 1, "gateClosed"),
            (current, "departed"),
            (current + 3 * 3600, "departed"),
        ]
        for (time, expected) in expectations {
            #expect(try status(of: departure.id, at: time, user) == expected, "\(departure) at \(isoText(time))")
        }
        try daemon.stop()
    }

    @Test func anArrivalsDay() throws {
        let user = BoardUser()
        let daemon = try user.startDaemon()
        let noon = try instant(knownInstant)
        let arrival = try #require(
            try rowsAtTheDaysEnd(user, "arrivals").first {
                $0.status == "landed" && $0.currentTime == $0.scheduledTime
                    && $0.scheduledTime - Double($0.flightTime) * 60 > noon
            })
        let current = try #require(arrival.currentTime)
        let leaves = current - Double(arrival.flightTime) * 60
        let waiting = "onTime"
        let expectations: [(Date, String)] = [
            (try instant("2026-11-29T23:59:59-05:00"), "scheduled"),
            (try instant("2026-11-30T00:00:00-05:00"), waiting),
            (leaves - 1, waiting),
            (leaves, "enRoute"),
            (current - 1, "enRoute"),
            (current, "landed"),
            (current + 3600, "landed"),
        ]
        for (time, expected) in expectations {
            #expect(try status(of: arrival.id, at: time, user) == expected, "\(arrival) at \(isoText(time))")
        }
        try daemon.stop()
    }

    /// Canceled from the moment it is announced (its details list the announcement), on time before.
    @Test func aCanceledFlight() throws {
        let user = BoardUser()
        let daemon = try user.startDaemon()
        let canceled = try #require(try rowsAtTheDaysEnd(user).first(where: \.isCanceled))
        let announcements = try #require(try user.json("show", String(canceled.id))["announcements"]?.array)
        let announced = try instant(try #require(announcements.first { $0["kind"]?.string == "canceled" }?["at"]?.string))
        #expect(
            announced > (try instant("2026-11-30T00:00:00-05:00")),
            "seed 2024's first canceled flight is announced after midnight")
        #expect(try status(of: canceled.id, at: try instant("2026-11-29T23:59:59-05:00"), user) == "scheduled")
        #expect(try status(of: canceled.id, at: try instant("2026-11-30T00:00:00-05:00"), user) == "onTime")
        #expect(try status(of: canceled.id, at: announced - 1, user) != "canceled")
        #expect(try status(of: canceled.id, at: announced, user) == "canceled")
        #expect(try status(of: canceled.id, at: try instant("2026-11-30T23:59:00-05:00"), user) == "canceled")
        try daemon.stop()
    }

    /// Past is what the hall has taken down: a departure 10 minutes after it left, an arrival 10
    /// minutes after its last bag, a canceled flight 30 minutes after its scheduled time. At that
    /// instant it is still on the `--hide-past` board, a second later it is not.
    @Test func aFlightIsPastOnlyOnceTheHallTakesItDown() throws {
        let user = BoardUser()
        let daemon = try user.startDaemon()
        let noon = try instant(knownInstant)
        let evening = try rowsAtTheDaysEnd(user)
        let departure = try #require(evening.first { $0.status == "departed" && $0.effectiveTime > noon })
        let arrival = try #require(evening.first { $0.status == "landed" && $0.effectiveTime > noon })
        let canceled = try #require(evening.first { $0.isCanceled })
        let lastBag = try instant(try #require(arrival.json["baggage"]?["lastBag"]?.string, "every landed arrival has a belt"))
        let minute = 60.0
        for (flight, takenDown) in [
            (departure, departure.effectiveTime + 10 * minute), (arrival, lastBag + 10 * minute),
            (canceled, canceled.scheduledTime + 30 * minute),
        ] {
            #expect(flight.takenDownAt == takenDown, "\(flight)")
            _ = try user.json("clock", "set", isoText(flight.effectiveTime + 1))
            #expect(try user.rows("--hide-past").contains { $0.id == flight.id }, "\(flight) ended a second ago: on the board")
            _ = try user.json("clock", "set", isoText(takenDown))
            #expect(try user.rows("--hide-past").contains { $0.id == flight.id }, "\(flight) taken down at this instant")
            _ = try user.json("clock", "set", isoText(takenDown + 1))
            #expect(try user.rows().first { $0.id == flight.id }?.json["past"]?.bool == true, "\(flight) a second later is past")
            #expect(!(try user.rows("--hide-past").contains { $0.id == flight.id }), "\(flight) a second later is hidden")
        }
        try daemon.stop()
    }
}
