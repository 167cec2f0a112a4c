import FoundationEssentials

/// The contract's status table, as code: where a flight is in its day (`FlightStatus`), derived
/// from the flight and the clock.
///
/// | status | departures | arrivals |
/// |---|---|---|
/// | scheduled | before its local day | before its local day |
/// | onTime / delayed | on its day, until boarding (delayed once a delay is announced) | on its day, until it leaves the other airport |
/// | boarding | from 40 min before its current time (as announced) | - |
/// | finalCall | from 15 min before | - |
/// | gateClosed | from 10 min before | - |
/// | departed | from its current time | - |
/// | enRoute | - | from its current time minus the flight time |
/// | landed | - | from its current time |
/// | canceled | once announced | once announced |
/// | diverted | - | once announced, while in the air; never followed by landed |
///
/// Every boundary is inclusive: at 09:20:00 a 10:00 departure is boarding.
extension Flight {
    public static let boardingLead: TimeInterval = 40 * 60
    public static let finalCallLead: TimeInterval = 15 * 60
    public static let gateClosedLead: TimeInterval = 10 * 60

    /// The statuses the flight moves through on its day while the time shown is `current`, each
    /// with the instant it begins, in order.
    ///
    /// The one statement of the lifecycle: `status(at:)` reads the step in force under the time
    /// announced by then, and `boardChanges` lists where the steps begin, so a new status is a new
    /// step here and nothing else in this file.
    public func steps(current: Date, waiting: FlightStatus) -> [(status: FlightStatus, from: Date)] {
        switch direction {
        case .departure:
            return [
                (waiting, dayStart), (.boarding, current - Self.boardingLead),
                (.finalCall, current - Self.finalCallLead), (.gateClosed, current - Self.gateClosedLead),
                (.departed, current),
            ]
        case .arrival:
            return [
                (waiting, dayStart), (.enRoute, current - Double(otherAirport.flightMinutes * 60)), (.landed, current),
            ]
        }
    }

    /// The steps under the final time, as the flight will run once every delay is announced.
    public var steps: [(status: FlightStatus, from: Date)] {
        steps(current: currentTime, waiting: disruption == .onTime ? .onTime : .delayed)
    }

    /// The flight's status at `now`: nothing but `scheduled` before its day; then canceled or
    /// diverted once announced; else the step in force under the time announced by `now`.
    public func status(at now: Date) -> FlightStatus {
        if now < dayStart { return .scheduled }
        if isCanceled(at: now) { return .canceled }
        if isDiverted(at: now) { return .diverted }
        let delay = announcedDelay(at: now)
        let steps = steps(
            current: scheduledTime.addingTimeInterval(Double(delay * 60)), waiting: delay == 0 ? .onTime : .delayed)
        return steps.last { now >= $0.from }?.status ?? steps[0].status
    }

    /// The instant the hall takes it down (`HallRules`): a departure some minutes after it left, an
    /// arrival some minutes after its last bag, a canceled or diverted flight some minutes after its
    /// current time. Every delay, cancellation and diversion is announced before it leaves or lands,
    /// so by then the final times are the announced ones.
    public var takenDownAt: Date { currentTime.addingTimeInterval(Double(takenDownAfter) * 60) }

    /// Past once the instant the hall takes it down is before `now` (`takenDownAt`).
    public func isPast(at now: Date) -> Bool { takenDownAt < now }

    /// Whether it is still to come at `now`: its current time, as announced by then, at or after
    /// `now`, and neither canceled nor diverted. `soonest`, the status line's next flight and the
    /// countdown read this one rule.
    public func isStillToCome(at now: Date) -> Bool {
        !isCanceled(at: now) && !isDiverted(at: now) && currentTime(at: now) >= now
    }

    /// Whether it is in the air at `now`.
    public func isInAir(at now: Date) -> Bool {
        !isCanceled(at: now) && !isDiverted(at: now) && now >= departureTime && now < arrivalTime
    }

    /// How far through the flight it is at `now`: 0 before take-off, 1 after
    /// landing, the fraction in between; nil when canceled.
    public func progress(at now: Date) -> Double? {
        if isCanceled(at: now) || isDiverted(at: now) { return nil }
        if now <= departureTime { return 0 }
        if now >= arrivalTime { return 1 }
        return now.timeIntervalSince(departureTime) / arrivalTime.timeIntervalSince(departureTime)
    }

    /// Every instant at which what the board shows of this flight changes: its day's start, each
    /// announcement, the status boundaries under the time in force when they come, and the moment
    /// it becomes past. Sorted, without repeats.
    public var boardChanges: [Date] {
        var changes = [dayStart]
        changes += announcementMoments().map(\.at)
        let ends = [unfolding.cancelAt, unfolding.divertAt].filter { $0 != Unfolding.none }
        let end = ends.min().map { scheduledTime.addingTimeInterval(Double($0) * 60) } ?? .distantFuture
        let announced: [(minutes: Int, from: Date)] = unfolding.delays.map {
            ($0.minutes, max(dayStart, scheduledTime.addingTimeInterval(Double($0.at) * 60)))
        }
        let estimates = [(minutes: 0, from: dayStart)] + announced
        for (index, estimate) in estimates.enumerated() {
            let until = min(index + 1 < estimates.count ? estimates[index + 1].from : .distantFuture, end)
            let current = scheduledTime.addingTimeInterval(Double(estimate.minutes * 60))
            for step in steps(current: current, waiting: .onTime).dropFirst()
            where step.from >= estimate.from && step.from < until {
                changes.append(step.from)
            }
        }
        // Past is strict (`takenDownAt < now`): it shows a moment after the hall takes it down.
        changes.append(takenDownAt + Self.pastResolution)
        return Array(Set(changes)).sorted()
    }

    /// The first instant after `now` when the board's view of this flight changes, if any.
    public func nextBoardChange(after now: Date) -> Date? {
        boardChanges.first { $0 > now }
    }

    /// How long after the hall takes it down a flight is first reported past.
    public static let pastResolution: TimeInterval = 0.001
}
