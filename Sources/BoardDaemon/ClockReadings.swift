import BoardProtocol
import BoardSystem
import FlightData
import FoundationEssentials

/// The clock read once a second: the airport's date and "now" as encoded JSON.
///
/// Both need the time zone's offset, which Foundation asks ICU for; at tens of
/// thousands of requests a second that was the daemon's largest own cost.
/// Within one second both are the same, so they are kept until the second changes.
final class ClockReadings: Sendable {
    struct Reading {
        let second: Int
        let date: LocalDate
        /// `"2026-11-30T12:00:00-05:00"`, quoted, as it goes into a document.
        let nowText: [UInt8]
    }

    private let last = Locked<Reading?>(nil)

    func reading(at now: Date, localTime: LocalTime) -> Reading {
        let second = Int(now.timeIntervalSince1970.rounded(.down))
        if let cached = last.withLock({ $0 }), cached.second == second { return cached }
        var nowText: [UInt8] = []
        JSON.writeString(localTime.iso8601(now), into: &nowText)
        let reading = Reading(second: second, date: localTime.date(at: now), nowText: nowText)
        last.withLock { $0 = reading }
        return reading
    }
}
