import FoundationEssentials

/// Where a flight is in its day, derived from the flight and the clock.
///
/// Its name on the wire is its raw value; how it looks to people (words, colour) is the client's
/// `StatusAppearance`.
public enum FlightStatus: String, Hashable, Sendable, CaseIterable {
    case scheduled, onTime, delayed, boarding, finalCall, gateClosed, departed, enRoute, landed, canceled
}

/// The contract's status table, as code.
///
/// | status | departures | arrivals |
/// |---|---|---|
/// | scheduled | before its local day | before its local day |
/// | onTime / delayed | on its day, until boarding | on its day, until it leaves the other airport |
/// | boarding | from 40 min before its current time | - |
/// | finalCall | from 15 min before | - |
/// | gateClosed | from 10 min before | - |
/// | departed | from its current time | - |
/// | enRoute | - | from its current time minus the flight time |
/// | landed | - | from its current time |
/// | canceled | on its day | on its day |
///
/// Every boundary is inclusive: at 09:20:00 a 10:00 departure is boarding.
extension Flight {
    public static let boardingLead: TimeInterval = 40 * 60
    public static let finalCallLead: TimeInterval = 15 * 60
    public static let gateClosedLead: TimeInterval = 10 * 60

    /// The statuses the flight moves through on its day, each with the instant it begins, in order.
    ///
    /// The one statement of the lifecycle: `status(at:)` reads the step in force and `boardChanges`
    /// lists where the steps begin, so a new status is a new step here and nothing else in this file.
    public var steps: [(status: FlightStatus, from: Date)] {
        let waiting: FlightStatus = disruption == .onTime ? .onTime : .delayed
        switch direction {
        case .departure:
            return [
                (waiting, dayStart), (.boarding, currentTime - Self.boardingLead),
                (.finalCall, currentTime - Self.finalCallLead), (.gateClosed, currentTime - Self.gateClosedLead),
                (.departed, currentTime),
            ]
        case .arrival:
            return [(waiting, dayStart), (.enRoute, departureTime), (.landed, currentTime)]
        }
    }

    /// The flight's status at `now`.
    public func status(at now: Date) -> FlightStatus {
        if now < dayStart { return .scheduled }
        if isCanceled { return .canceled }
        let steps = steps
        return steps.last { now >= $0.from }?.status ?? steps[0].status
    }

    /// Past once its current time (the scheduled time when canceled) is before `now`.
    public func isPast(at now: Date) -> Bool { currentTime < now }

    /// Whether it is in the air at `now`.
    public func isInAir(at now: Date) -> Bool {
        !isCanceled && now >= departureTime && now < arrivalTime
    }

    /// How far through the flight it is at `now`: 0 before take-off, 1 after
    /// landing, the fraction in between; nil when canceled.
    public func progress(at now: Date) -> Double? {
        if isCanceled { return nil }
        if now <= departureTime { return 0 }
        if now >= arrivalTime { return 1 }
        return now.timeIntervalSince(departureTime) / arrivalTime.timeIntervalSince(departureTime)
    }

    /// Every instant at which what the board shows of this flight changes:
    /// its status boundaries and the moment it becomes past. Sorted.
    public var boardChanges: [Date] {
        var changes = [dayStart]
        if !isCanceled { changes += steps.dropFirst().map(\.from) }
        // Past is strict (`currentTime < now`): it shows a moment after the current time.
        changes.append(currentTime + Self.pastResolution)
        return changes.sorted()
    }

    /// The first instant after `now` when the board's view of this flight changes, if any.
    public func nextBoardChange(after now: Date) -> Date? {
        boardChanges.first { $0 > now }
    }

    /// How long after its current time a flight is first reported past.
    public static let pastResolution: TimeInterval = 0.001
}
