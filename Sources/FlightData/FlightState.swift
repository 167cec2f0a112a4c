import FoundationEssentials

/// An arrival's baggage: its belt and when the first and last bags come out.
public struct Baggage: Hashable, Sendable {
    public let belt: Int
    public let firstBag: Date
    public let lastBag: Date

    public init(belt: Int, firstBag: Date, lastBag: Date) {
        self.belt = belt
        self.firstBag = firstBag
        self.lastBag = lastBag
    }
}

/// What is announced about a flight, and when.
public struct Announcement: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        case time, gate, canceled, diverted, baggage
    }

    public let at: Date
    public let kind: Kind
    /// For people: "New time 14:05", "Gate changed from A3", "Baggage on belt 3".
    public let text: String
}

/// What the board shows of a flight at one instant: everything announced by then, and its status.
public struct FlightState: Hashable, Sendable {
    public var status: FlightStatus
    /// The scheduled time plus the delay announced; nil once canceled.
    public var currentTime: Date?
    public var delayMinutes: Int
    public var gate: Gate
    /// The gate before an announced change.
    public var previousGate: Gate?
    public var divertedTo: String?
    public var baggage: Baggage?
    /// The latest announcement's text, nil before any.
    public var remark: String?
    /// When the latest announcement was made, nil before any.
    public var changedAt: Date?
}

extension Flight {
    /// When each announcement is made and of what kind, in order (those at one instant in
    /// `Announcement.Kind` order), without their texts: what the board's instants and states need.
    /// `detail` is the delay estimate's index for `.time`.
    func announcementMoments() -> [(at: Date, kind: Announcement.Kind, detail: Int)] {
        func at(_ minute: some BinaryInteger) -> Date { scheduledTime.addingTimeInterval(Double(minute) * 60) }
        var moments: [(at: Date, kind: Announcement.Kind, detail: Int)] = []
        for (index, delay) in unfolding.delays.enumerated() { moments.append((at(delay.at), .time, index)) }
        if unfolding.gateChangeAt != Unfolding.none { moments.append((at(unfolding.gateChangeAt), .gate, 0)) }
        if unfolding.cancelAt != Unfolding.none { moments.append((at(unfolding.cancelAt), .canceled, 0)) }
        if unfolding.divertAt != Unfolding.none { moments.append((at(unfolding.divertAt), .diverted, 0)) }
        if unfolding.belt > 0 { moments.append((currentTime, .baggage, 0)) }
        // Already in order but for a gate change or a cancellation among the delays.
        return moments.sorted { a, b in
            a.at != b.at ? a.at < b.at : Self.kindOrder(a.kind) < Self.kindOrder(b.kind)
        }
    }

    private static func kindOrder(_ kind: Announcement.Kind) -> Int {
        switch kind {
        case .time: 0
        case .gate: 1
        case .canceled: 2
        case .diverted: 3
        case .baggage: 4
        }
    }

    /// The words of an announcement, for people.
    func text(of kind: Announcement.Kind, detail: Int) -> String {
        switch kind {
        case .time:
            let minutes = unfolding.delays[detail].minutes
            let time = LocalTime(timeZone: timeZone).clockTime(scheduledTime.addingTimeInterval(Double(minutes) * 60))
            return "New time \(time)"
        case .gate: return "Gate changed from \(gate)"
        case .canceled: return "Canceled"
        case .diverted: return "Diverted to \(divertedCity?.name ?? "another airport")"
        case .baggage: return "Baggage on belt \(unfolding.belt)"
        }
    }

    /// The announcements made about this flight, in order (those at one instant in `Announcement.Kind` order).
    public var announcements: [Announcement] {
        announcementMoments().map { Announcement(at: $0.at, kind: $0.kind, text: text(of: $0.kind, detail: $0.detail)) }
    }

    /// The announcements made by `now`.
    public func announcements(through now: Date) -> [Announcement] {
        announcementMoments().filter { $0.at <= now }.map {
            Announcement(at: $0.at, kind: $0.kind, text: text(of: $0.kind, detail: $0.detail))
        }
    }

    /// The gate after the announced change, if the flight changes gate.
    public var changedGate: Gate? {
        unfolding.gateChangeAt == Unfolding.none ? nil : FlightCatalog.gates[Int(unfolding.newGate)]
    }

    /// Where it diverts to, if it does.
    public var divertedCity: City? {
        unfolding.divertAt == Unfolding.none ? nil : FlightCatalog.cities[Int(unfolding.divertCity)]
    }

    /// Its baggage once landed, for an arrival that lands.
    public var baggage: Baggage? {
        guard unfolding.belt > 0 else { return nil }
        return Baggage(
            belt: Int(unfolding.belt), firstBag: currentTime.addingTimeInterval(Double(unfolding.firstBag) * 60),
            lastBag: currentTime.addingTimeInterval(Double(unfolding.lastBag) * 60))
    }

    private func instant(_ minute: Int16) -> Date? {
        minute == Unfolding.none ? nil : scheduledTime.addingTimeInterval(Double(minute) * 60)
    }

    /// The delay announced by `now`, in minutes.
    public func announcedDelay(at now: Date) -> Int {
        guard now >= dayStart else { return 0 }
        var index = Int(unfolding.delayCount) - 1
        while index >= 0 {
            let delay = unfolding.delay(index)
            if scheduledTime.addingTimeInterval(Double(delay.at) * 60) <= now { return delay.minutes }
            index -= 1
        }
        return 0
    }

    /// The time the board shows at `now`: the scheduled time plus the delay announced by then
    /// (the scheduled time when canceled, so a canceled flight keeps its place).
    public func currentTime(at now: Date) -> Date {
        scheduledTime.addingTimeInterval(Double(announcedDelay(at: now) * 60))
    }

    /// When it leaves the gate (here, or at the other airport for an arrival), as announced by `now`.
    public func departureTime(at now: Date) -> Date {
        let current = currentTime(at: now)
        return direction == .departure ? current : current.addingTimeInterval(-Double(otherAirport.flightMinutes * 60))
    }

    /// When it reaches the gate (at the other airport for a departure, or here), as announced by `now`.
    public func arrivalTime(at now: Date) -> Date {
        let current = currentTime(at: now)
        return direction == .arrival ? current : current.addingTimeInterval(Double(otherAirport.flightMinutes * 60))
    }

    public func isCanceled(at now: Date) -> Bool { instant(unfolding.cancelAt).map { $0 <= now } ?? false }
    public func isDiverted(at now: Date) -> Bool { instant(unfolding.divertAt).map { $0 <= now } ?? false }

    /// Everything the board shows of this flight at `now`.
    public func state(at now: Date) -> FlightState { state(at: now, remark: true) }

    /// The state, with the remark's text only when asked (changes compare `changedAt` instead), from
    /// the flight's `announcementMoments()` when the caller has them already.
    func state(
        at now: Date, remark: Bool, moments: [(at: Date, kind: Announcement.Kind, detail: Int)]? = nil
    ) -> FlightState {
        let canceled = isCanceled(at: now)
        let delay = canceled ? 0 : announcedDelay(at: now)
        var state = FlightState(
            status: status(at: now), currentTime: canceled ? nil : scheduledTime.addingTimeInterval(Double(delay * 60)),
            delayMinutes: delay, gate: gate, previousGate: nil, divertedTo: nil, baggage: nil, remark: nil, changedAt: nil)
        if let changed = changedGate, let at = instant(unfolding.gateChangeAt), at <= now {
            state.gate = changed
            state.previousGate = gate
        }
        if isDiverted(at: now) { state.divertedTo = divertedCity?.name }
        if let baggage, currentTime <= now { state.baggage = baggage }
        if now >= dayStart, let latest = (moments ?? announcementMoments()).last(where: { $0.at <= now }) {
            if remark { state.remark = text(of: latest.kind, detail: latest.detail) }
            state.changedAt = latest.at
        }
        return state
    }
}
