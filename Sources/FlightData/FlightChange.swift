import FoundationEssentials

/// One difference in what the board shows of a flight, at the instant the clock passes it.
///
/// Changes are derived, never stored: the changes in (A, B] are the differences between the
/// flight's state at each instant it may change (`boardChanges`), so any interval replays exactly.
public struct FlightChange: Hashable, Sendable {
    /// The kinds, in the order changes at one instant of one flight are listed.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// The estimate announced or revised: `currentTime` from and to.
        case time
        /// `gate` from and to.
        case gate
        /// The status before, and `canceled`.
        case canceled
        /// Null, and the city it diverts to.
        case diverted
        /// A lifecycle step: `status` from and to.
        case status
        /// Null, and the belt with the first and last bag.
        case baggage

        /// Its place among the kinds (their declaration order), without building `allCases`.
        public var order: Int {
            switch self {
            case .time: 0
            case .gate: 1
            case .canceled: 2
            case .diverted: 3
            case .status: 4
            case .baggage: 5
            }
        }
    }

    /// A value before or after a change.
    public enum Value: Hashable, Sendable {
        case status(FlightStatus)
        case time(Date)
        case gate(Gate)
        case city(String)
        case baggage(Baggage)
    }

    public let at: Date
    public let flight: Flight
    public let kind: Kind
    public let from: Value?
    public let to: Value?

    /// Where the change stands in the order of all changes: its instant, then the flight's day and
    /// slot, then its kind. Unique, so a cursor can name the last change seen.
    public var position: Position {
        Position(at: at, dayNumber: flight.date.dayNumber, slot: flight.slot, kind: kind.order)
    }

    public struct Position: Hashable, Comparable, Sendable {
        public let at: Date
        public let dayNumber: Int
        public let slot: Int
        public let kind: Int

        public init(at: Date, dayNumber: Int, slot: Int, kind: Int) {
            self.at = at
            self.dayNumber = dayNumber
            self.slot = slot
            self.kind = kind
        }

        /// The position just before every change at `instant` and after every change before it.
        public static func before(_ instant: Date) -> Position { Position(at: instant, dayNumber: .min, slot: 0, kind: 0) }
        /// The position after every change at `instant`.
        public static func after(_ instant: Date) -> Position { Position(at: instant, dayNumber: .max, slot: 0, kind: 0) }

        public static func < (a: Position, b: Position) -> Bool {
            (a.at, a.dayNumber, a.slot, a.kind) < (b.at, b.dayNumber, b.slot, b.kind)
        }
    }
}

extension Flight {
    /// The changes in (`start`, `end`], in order.
    public func changes(after start: Date, through end: Date) -> [FlightChange] {
        guard end > start else { return [] }
        var changes: [FlightChange] = []
        let instants = boardChanges
        guard let last = instants.last, last > start, instants[0] <= end else { return [] }
        let moments = announcementMoments()
        var previous = state(at: start, remark: false, moments: moments)
        for instant in instants where instant > start && instant <= end {
            let next = state(at: instant, remark: false, moments: moments)
            if next != previous { changes += differences(from: previous, to: next, at: instant) }
            previous = next
        }
        return changes
    }

    /// The changes from `a` to `b` at `instant`, in `Kind` order. A cancellation or diversion is
    /// its own change, not also a status change; `past` is the clock's, not a change.
    func differences(from a: FlightState, to b: FlightState, at instant: Date) -> [FlightChange] {
        var changes: [FlightChange] = []
        func add(_ kind: FlightChange.Kind, _ from: FlightChange.Value?, _ to: FlightChange.Value?) {
            changes.append(FlightChange(at: instant, flight: self, kind: kind, from: from, to: to))
        }
        let canceled = a.status != .canceled && b.status == .canceled
        let diverted = a.divertedTo == nil && b.divertedTo != nil
        if !canceled, let from = a.currentTime, let to = b.currentTime, from != to { add(.time, .time(from), .time(to)) }
        if a.gate != b.gate { add(.gate, .gate(a.gate), .gate(b.gate)) }
        if canceled { add(.canceled, .status(a.status), .status(.canceled)) }
        if diverted, let city = b.divertedTo { add(.diverted, nil, .city(city)) }
        if !canceled, !diverted, a.status != b.status { add(.status, .status(a.status), .status(b.status)) }
        if a.baggage == nil, let baggage = b.baggage { add(.baggage, nil, .baggage(baggage)) }
        return changes
    }
}

extension FlightState {
    /// The state after `change`: what a client that holds the state at A does with each change
    /// in (A, B] to hold the state at B.
    public func applying(_ change: FlightChange) -> FlightState {
        var state = self
        let localTime = LocalTime(timeZone: change.flight.timeZone)
        switch (change.kind, change.to) {
        case (.time, .time(let time)?):
            state.currentTime = time
            state.delayMinutes = Int(time.timeIntervalSince(change.flight.scheduledTime) / 60)
            state.remark = "New time \(localTime.clockTime(time))"
        case (.gate, .gate(let gate)?):
            if case .gate(let old)? = change.from {
                state.previousGate = old
                state.remark = "Gate changed from \(old)"
            }
            state.gate = gate
        case (.canceled, _):
            state.status = .canceled
            state.currentTime = nil
            state.delayMinutes = 0
            state.remark = "Canceled"
        case (.diverted, .city(let city)?):
            state.status = .diverted
            state.divertedTo = city
            state.remark = "Diverted to \(city)"
        case (.status, .status(let status)?):
            state.status = status
        case (.baggage, .baggage(let baggage)?):
            state.baggage = baggage
            state.remark = "Baggage on belt \(baggage.belt)"
        default:
            break
        }
        if change.kind != .status { state.changedAt = change.at }
        return state
    }
}

/// The changes of many flights in one interval, in order, filtered.
public struct ChangeQuery: Sendable {
    public var kinds: Set<FlightChange.Kind>
    /// Only changes after this position (a cursor), when given.
    public var after: FlightChange.Position?

    public init(kinds: Set<FlightChange.Kind> = Set(FlightChange.Kind.allCases), after: FlightChange.Position? = nil) {
        self.kinds = kinds
        self.after = after
    }

    /// The changes of `flights` in (`start`, `end`] that the query keeps, in position order.
    public func changes(of flights: some Sequence<Flight>, after start: Date, through end: Date) -> [FlightChange] {
        var found: [FlightChange] = []
        for flight in flights where flight.dayStart <= end {
            for change in flight.changes(after: start, through: end) where kinds.contains(change.kind) {
                if let after, change.position <= after { continue }
                found.append(change)
            }
        }
        // Each flight's changes are in order already; sort by position computed once each.
        return found.map { ($0.position, $0) }.sorted { $0.0 < $1.0 }.map(\.1)
    }
}
