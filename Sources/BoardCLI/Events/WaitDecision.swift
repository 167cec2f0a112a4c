import BoardProtocol
import FlightData
import FoundationEssentials

/// What `board wait FLIGHT --until STATE` waits for.
enum WaitTarget: Hashable, Sendable {
    case status(FlightStatus)
    /// The gate was changed (the flight has a previous gate).
    case gateChange
    /// A delay was announced.
    case delay
    /// The belt was assigned (arrivals).
    case baggage

    /// `board help wait`'s paragraph on STATE: every status by its command-line name, grouped by
    /// the directions that have it (`FlightStatus.directions`), then the other targets.
    static var statesParagraph: String {
        func names(_ directions: Set<Direction>) -> String {
            FlightStatus.allCases.filter { $0.directions == directions }.map(\.commandLineName).joined(separator: ", ")
        }
        let sentence =
            "STATE is a status: \(names([.arrival, .departure])); \(names([.departure])) (departures); "
            + "\(names([.arrival])) (arrivals); camelCase too; or gate-change, delay, or baggage (belt)."
        return LiveKeyMap.wrap(sentence, width: 72)
    }

    /// The names people type, in the order help lists them.
    static let names: [String] =
        FlightStatus.commandLineNames + ["gate-change", "delay", "baggage", "belt"]

    /// `boarding`, `final-call`, `finalCall`, `gate-change`, `belt`, case and `_` ignored.
    init?(_ text: String) {
        let word = text.lowercased().replacingAll("_", with: "-")
        switch word {
        case "gate-change", "gatechange": self = .gateChange
        case "delay": self = .delay
        case "baggage", "belt": self = .baggage
        default:
            guard let status = FlightStatus(commandLineName: word) else { return nil }
            self = .status(status)
        }
    }

    /// How a sentence says the flight has it already: `is already boarding`, `already has a gate change`.
    var already: String {
        switch self {
        case .status: "is already \(phrase)"
        default: "already has \(phrase)"
        }
    }

    /// How a sentence names it: `boarding`, `final call`, `a gate change`.
    var phrase: String {
        switch self {
        case .status(let status): StatusAppearance(status).title.lowercased()
        case .gateChange: "a gate change"
        case .delay: "a delay"
        case .baggage: "a baggage belt"
        }
    }
}

/// What `board wait` knows of the flight it waits on: the fields its decision reads, kept up to date change by change.
///
/// Changes are applied one by one rather than re-reading the flight: a clock jump past
/// boarding reports boarding on its way, and a wait for boarding is then reached, not missed.
struct WaitSubject: Equatable, Sendable {
    var flightName: String
    var direction: Direction
    var status: FlightStatus
    var scheduledTime: String
    var delayMinutes: Int
    var gate: String
    var previousGate: String?
    var divertedTo: String?
    var hasBaggage: Bool

    init(
        flightName: String = "Pacific 123", direction: Direction, status: FlightStatus,
        scheduledTime: String = "2026-11-30T10:00:00-05:00", delayMinutes: Int = 0, gate: String = "A1",
        previousGate: String? = nil, divertedTo: String? = nil, hasBaggage: Bool = false
    ) {
        self.flightName = flightName
        self.direction = direction
        self.status = status
        self.scheduledTime = scheduledTime
        self.delayMinutes = delayMinutes
        self.gate = gate
        self.previousGate = previousGate
        self.divertedTo = divertedTo
        self.hasBaggage = hasBaggage
    }

    init(_ flight: FlightDocument) {
        self.init(
            flightName: flight.flightName, direction: flight.direction, status: flight.status,
            scheduledTime: flight.scheduledTime, delayMinutes: flight.delayMinutes, gate: flight.gate,
            previousGate: flight.previousGate, divertedTo: flight.divertedTo, hasBaggage: flight.baggage != nil)
    }

    /// The flight after `change` (a change of another flight is the caller's to leave out).
    mutating func apply(_ change: EventChange) {
        switch change.kind {
        case .status:
            if let name = change.to?.string, let status = FlightStatus(rawValue: name) { self.status = status }
        case .canceled: status = .canceled
        case .diverted:
            status = .diverted
            divertedTo = change.to?.string
        case .gate:
            if let to = change.to?.string {
                previousGate = change.from?.string ?? gate
                gate = to
            }
        case .time:
            if let to = change.to?.string, let minutes = Self.minutes(from: scheduledTime, to: to) {
                delayMinutes = max(0, minutes)
            }
        case .baggage: hasBaggage = change.to != nil
        case nil: break
        }
    }

    /// Minutes from one ISO-8601 time to another; nil when either is unreadable.
    static func minutes(from start: String, to end: String) -> Int? {
        let reader = LocalTime(timeZone: TimeZone(secondsFromGMT: 0) ?? .gmt)
        guard let a = InstantInput.parse(start, localTime: reader, today: nil),
            let b = InstantInput.parse(end, localTime: reader, today: nil)
        else { return nil }
        return Int((b.timeIntervalSince(a) / 60).rounded())
    }
}

/// Whether the flight has reached what `board wait` waits for, may still, or never will.
enum WaitDecision: Equatable, Sendable {
    case reached
    case waiting
    /// It can no longer happen, and why, in a sentence's words: `Pacific 123 was canceled`.
    case impossible(String)

    /// The decision for `target` with the flight as `subject` says. Pure: every rule of `board wait` is here.
    static func decide(_ target: WaitTarget, for subject: WaitSubject) -> WaitDecision {
        let name = subject.flightName
        let isDeparture = subject.direction == .departure
        let status = subject.status
        let rank = status.lifecycleRank
        switch target {
        case .status(let wanted):
            // A flight with a delay was delayed, whatever it is since (boarding, departed, landed): as `delay`.
            if status == wanted || (wanted == .delayed && subject.delayMinutes > 0) { return .reached }
            guard wanted.directions.contains(subject.direction) else {
                return .impossible("\(name) is \(isDeparture ? "a departure" : "an arrival")")
            }
            if status == .canceled { return .impossible("\(name) was canceled") }
            // A diversion is announced in the air: a diverted arrival was en route.
            if status == .diverted, wanted == .enRoute { return .reached }
            if status == .diverted { return .impossible("\(name) was diverted\(subject.divertedTo.map { " to \($0)" } ?? "")") }
            switch wanted {
            case .scheduled:
                return .impossible("\(name) is past scheduled: it is \(StatusAppearance(status).title.lowercased())")
            case .onTime where status == .scheduled, .delayed where status == .scheduled || status == .onTime:
                return .waiting
            case .onTime, .delayed:
                return .impossible(past(name, status))
            case .canceled:
                // Cancellations are announced before a flight leaves (an arrival: leaves the other airport).
                let leftAt = isDeparture ? FlightStatus.departed.lifecycleRank : FlightStatus.enRoute.lifecycleRank
                return rank >= leftAt ? .impossible(past(name, status)) : .waiting
            case .diverted:
                return status == .landed ? .impossible("\(name) has landed") : .waiting
            default:
                // A step of the lifecycle the flight went through on its way is reached: a departure at
                // its gate-close time boarded, an arrival that landed was en route.
                return rank > wanted.lifecycleRank ? .reached : .waiting
            }
        case .gateChange:
            if subject.previousGate != nil { return .reached }
            if status == .canceled || status == .diverted {
                return .impossible("\(name) is \(StatusAppearance(status).title.lowercased())")
            }
            let closed = isDeparture ? rank >= FlightStatus.gateClosed.lifecycleRank : status == .landed
            return closed ? .impossible(past(name, status) + "; its gate no longer changes") : .waiting
        case .delay:
            if subject.delayMinutes > 0 || status == .delayed { return .reached }
            if status == .canceled { return .impossible("\(name) was canceled") }
            let left = isDeparture ? rank >= FlightStatus.departed.lifecycleRank : rank >= FlightStatus.enRoute.lifecycleRank
            return left || status == .diverted ? .impossible(past(name, status) + " without a delay") : .waiting
        case .baggage:
            if subject.hasBaggage { return .reached }
            if isDeparture { return .impossible("\(name) is a departure: its baggage gets no belt here") }
            if status == .canceled || status == .diverted {
                return .impossible("\(name) is \(StatusAppearance(status).title.lowercased())")
            }
            return .waiting
        }
    }

    private static func past(_ name: String, _ status: FlightStatus) -> String {
        "\(name) is already \(StatusAppearance(status).title.lowercased())"
    }
}
