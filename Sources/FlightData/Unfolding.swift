import FoundationEssentials

/// How the day unfolds: the rates and lead times of announcements, part of the schedule's config.
///
/// Lead times are minutes before the moment they are measured from: for delays and
/// cancellations, the moment the flight leaves (a departure its gate here, an arrival the other
/// airport); for gate changes, its scheduled time here. `latest...earliest` reads "from
/// `earliest` minutes before down to `latest` minutes before".
public struct AnnouncementRules: Hashable, Sendable {
    /// When a delay is first announced, and then revised.
    public var delayNotice: ClosedRange<Int>
    /// How many times a delay's estimate may be revised after it is first announced.
    public var delayRevisions: Int
    public var cancelNotice: ClosedRange<Int>
    /// The share of flights, in percent, that change gate once.
    public var gateChangePercent: Int
    public var gateNotice: ClosedRange<Int>
    /// The share of arrivals, in percent, that divert while in the air (never a canceled one).
    public var diversionPercent: Int

    public init(
        delayNotice: ClosedRange<Int> = 30...180, delayRevisions: Int = 2, cancelNotice: ClosedRange<Int> = 20...240,
        gateChangePercent: Int = 15, gateNotice: ClosedRange<Int> = 20...120, diversionPercent: Int = 1
    ) {
        self.delayNotice = delayNotice
        self.delayRevisions = delayRevisions
        self.cancelNotice = cancelNotice
        self.gateChangePercent = gateChangePercent
        self.gateNotice = gateNotice
        self.diversionPercent = diversionPercent
    }

    public static let `default` = AnnouncementRules()

    /// Lead times a config may give, in minutes.
    public static let allowedNotice = 0...720
    public static let allowedRevisions = 0...2
    public static let allowedPercent = 0...100
}

/// What will be announced about a flight on its day, and when: drawn with the flight, from a
/// stream of its own, so the flight's base facts are those the generator always made.
///
/// Instants are minutes from the flight's scheduled time, already clamped to its day (nothing is
/// revealed before the flight's day begins). Stored small: a year-long window holds a million.
public struct Unfolding: Hashable, Sendable {
    static let none = Int16.min

    /// Up to three delay estimates (the first announcement and two revisions), each in minutes
    /// with the minute it is announced; the last one is the flight's final delay.
    var delayCount: UInt8 = 0
    var delayMinutes: (UInt8, UInt8, UInt8) = (0, 0, 0)
    var delayAt: (Int16, Int16, Int16) = (0, 0, 0)
    var cancelAt: Int16 = Self.none
    var gateChangeAt: Int16 = Self.none
    /// An index into `FlightCatalog.gates`.
    var newGate: UInt8 = 0
    var divertAt: Int16 = Self.none
    /// An index into `FlightCatalog.cities`.
    var divertCity: UInt8 = 0
    /// For an arrival that lands: its belt, and its first and last bag in minutes after landing.
    var belt: UInt8 = 0
    var firstBag: UInt8 = 0
    var lastBag: UInt8 = 0

    static let nothing = Unfolding()

    /// The delay estimates in the order they are announced: (minutes, minute from the scheduled time).
    var delays: [(minutes: Int, at: Int)] {
        (0..<Int(delayCount)).map(delay)
    }

    /// Estimate `index` (below `delayCount`), without building an array.
    func delay(_ index: Int) -> (minutes: Int, at: Int) {
        switch index {
        case 0: (Int(delayMinutes.0), Int(delayAt.0))
        case 1: (Int(delayMinutes.1), Int(delayAt.1))
        default: (Int(delayMinutes.2), Int(delayAt.2))
        }
    }

    public static func == (a: Unfolding, b: Unfolding) -> Bool {
        a.delayCount == b.delayCount && a.delayMinutes == b.delayMinutes && a.delayAt == b.delayAt
            && a.cancelAt == b.cancelAt && a.gateChangeAt == b.gateChangeAt && a.newGate == b.newGate
            && a.divertAt == b.divertAt && a.divertCity == b.divertCity && a.belt == b.belt && a.firstBag == b.firstBag
            && a.lastBag == b.lastBag
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(delayCount)
        hasher.combine(delayAt.0)
        hasher.combine(cancelAt)
        hasher.combine(gateChangeAt)
        hasher.combine(divertAt)
    }
}

extension Unfolding {
    /// Draws what will be announced about a flight with these base facts.
    ///
    /// - Delays: one to three rising estimates ending at the final delay, announced between the
    ///   rules' notice bounds before the flight leaves. A departure's estimate is never revised
    ///   once boarding would have begun under the time shown (so it never goes back from
    ///   boarding to delayed): each announcement comes at least 45 minutes before the time then shown.
    /// - Cancellations: announced within the cancel notice before the flight leaves; until then it
    ///   shows as planned.
    /// - Gate changes: to another gate, within the gate notice before the scheduled time; none
    ///   after a cancellation or diversion is announced.
    /// - Diversions: arrivals that are not canceled, announced a quarter to three quarters of the
    ///   way through the flight, to another city.
    /// - Baggage: every arrival that lands, belt 1 to 6, first bag 5 to 15 minutes after landing,
    ///   last bag 10 to 30 minutes after the first.
    static func draw(
        _ rng: inout SplitMix64, rules: AnnouncementRules, direction: Direction, disruption: Disruption,
        minutesIntoDay: Int, flightMinutes: Int, gate: Int, city: Int
    ) -> Unfolding {
        var unfolding = Unfolding()
        // Minutes from the scheduled time: the day starts at -minutesIntoDay, the minutes that
        // really pass from the day's start to the scheduled time. That is the wall-clock minute
        // except on a day the clocks change: the evening before a spring forward is not the flight's
        // day, and after a fall back, midnight is an hour further back than the wall clock says.
        let dayStart = -minutesIntoDay
        let leaves = direction == .departure ? 0 : -flightMinutes
        func notice(_ range: ClosedRange<Int>, before moment: Int) -> Int {
            max(dayStart, moment - rng.next(in: range))
        }

        switch disruption {
        case .onTime: break
        case .delayed(let final):
            let steps = final / FlightCatalog.stepMinutes
            let count = min(1 + rng.next(below: rules.delayRevisions + 1), steps)
            // Earlier estimates: distinct 5-minute steps below the final one, rising.
            var earlier = Set<Int>()
            while earlier.count < count - 1 { earlier.insert(1 + rng.next(below: steps - 1)) }
            let estimates = earlier.sorted().map { $0 * FlightCatalog.stepMinutes } + [final]
            let instants = (0..<count).map { _ in notice(rules.delayNotice, before: leaves) }.sorted()
            var at: [Int] = []
            var shown = 0
            for instant in instants {
                var announced = instant
                if direction == .departure {
                    announced = min(announced, shown - Int(Flight.boardingLead / 60) - FlightCatalog.stepMinutes)
                }
                announced = max(announced, at.last ?? dayStart, dayStart)
                at.append(announced)
                shown = estimates[at.count - 1]
            }
            unfolding.delayCount = UInt8(count)
            let padded = estimates + [0, 0]
            let paddedAt = at + [0, 0]
            unfolding.delayMinutes = (UInt8(padded[0]), UInt8(padded[1]), UInt8(padded[2]))
            unfolding.delayAt = (Int16(paddedAt[0]), Int16(paddedAt[1]), Int16(paddedAt[2]))
        case .canceled:
            unfolding.cancelAt = Int16(notice(rules.cancelNotice, before: leaves))
        }

        if rng.chance(percent: rules.gateChangePercent) {
            let other = rng.next(below: FlightCatalog.gates.count - 1)
            unfolding.newGate = UInt8(other >= gate ? other + 1 : other)
            unfolding.gateChangeAt = Int16(notice(rules.gateNotice, before: 0))
        }

        if direction == .arrival, disruption != .canceled {
            let delay = disruption.delayMinutes
            if rng.chance(percent: rules.diversionPercent) {
                let other = rng.next(below: FlightCatalog.cities.count - 1)
                unfolding.divertCity = UInt8(other >= city ? other + 1 : other)
                let quarter = flightMinutes / 4
                unfolding.divertAt = Int16(delay - flightMinutes + quarter + rng.next(in: 0...(2 * quarter)))
            } else {
                unfolding.belt = UInt8(1 + rng.next(below: 6))
                unfolding.firstBag = UInt8(rng.next(in: 5...15))
                unfolding.lastBag = UInt8(Int(unfolding.firstBag) + rng.next(in: 10...30))
            }
        }

        // Nothing is announced about a flight after it was canceled or diverted.
        let end = min(
            unfolding.cancelAt == Self.none ? Int16.max : unfolding.cancelAt,
            unfolding.divertAt == Self.none ? Int16.max : unfolding.divertAt)
        if unfolding.gateChangeAt != Self.none, unfolding.gateChangeAt >= end { unfolding.gateChangeAt = Self.none }
        return unfolding
    }
}
