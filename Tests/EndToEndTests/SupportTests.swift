import BoardProtocol
import BoardSystem
import Foundation
import Testing

/// The suite's own helpers, checked against Foundation where they stand in for it.
struct SupportTests {
    @Test(arguments: [
        "2026-11-30T12:00:00-05:00", "2026-11-30T17:00:00Z", "2027-03-14T03:30:00-04:00", "2024-02-29T23:59:59+05:30",
        "1999-12-31T00:00:00Z",
    ])
    func instantReadsWhatTheDaemonPrints(text: String) throws {
        #expect(try instant(text) == ISO8601DateFormatter().date(from: text))
    }

    @Test func instantRefusesTextWithoutAnOffset() {
        #expect(throws: ShapeError.self) { try instant("2026-11-30T12:00:00") }
        #expect(throws: ShapeError.self) { try instant("12:00") }
    }

    @Test func theContractsStatusTableAsWritten() throws {
        let departure = try FlightRow(
            JSON.parse(
                #"{"id":1,"airline":"US","number":100,"flightName":"US 100","direction":"departure","otherAirport":"Miami","flightTime":125,"scheduledTime":"2026-11-30T10:00:00-05:00","currentTime":"2026-11-30T10:00:00-05:00","gate":"A1","terminal":"A","status":"onTime","pinned":false}"#
            ))
        let at = { (clock: String) in try instant("2026-11-30T\(clock)-05:00") }
        #expect(contractStatus(of: departure, at: try at("09:19:59"), today: knownDate) == "onTime")
        #expect(contractStatus(of: departure, at: try at("09:20:00"), today: knownDate) == "boarding")
        #expect(contractStatus(of: departure, at: try at("09:45:00"), today: knownDate) == "finalCall")
        #expect(contractStatus(of: departure, at: try at("09:50:00"), today: knownDate) == "gateClosed")
        #expect(contractStatus(of: departure, at: try at("10:00:00"), today: knownDate) == "departed")
        #expect(contractStatus(of: departure, at: try at("10:00:00"), today: "2026-11-29") == "scheduled")
    }
}
