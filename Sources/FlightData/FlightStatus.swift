/// Where a flight is in its day (`FlightLifecycle.swift` says when), and every name it goes by:
/// the one vocabulary of statuses. How it looks to people (words, colour) is the client's
/// `StatusAppearance`.
///
/// The wire's name is the raw value (`finalCall`); people type and scripts see the command-line
/// name (`final-call`: `--status`, `board wait --until`, waybar's class); whether the flight is
/// finished here is `hasEnded`. Every list of statuses elsewhere is derived from `allCases`, so a
/// new status is a new case here, and the compiler points at the switches that must say what it
/// means (`hasEnded`, the lifecycle's steps, `StatusAppearance`).
public enum FlightStatus: String, Hashable, Sendable, CaseIterable {
    case scheduled, onTime, delayed, boarding, finalCall, gateClosed, departed, enRoute, landed, canceled, diverted

    /// Whether a flight with it has ended its day here: departed, landed, canceled or diverted. Such
    /// a flight is no longer to come, though the hall keeps it up a while (`HallRules`).
    public var hasEnded: Bool {
        switch self {
        case .departed, .landed, .canceled, .diverted: true
        case .scheduled, .onTime, .delayed, .boarding, .finalCall, .gateClosed, .enRoute: false
        }
    }

    /// The directions a flight can have it in: every flight is scheduled, on time, delayed or
    /// canceled; only a departure boards and departs, only an arrival is en route, lands or is diverted.
    public var directions: Set<Direction> {
        switch self {
        case .scheduled, .onTime, .delayed, .canceled: [.arrival, .departure]
        case .boarding, .finalCall, .gateClosed, .departed: [.departure]
        case .enRoute, .landed, .diverted: [.arrival]
        }
    }

    /// Where it comes in its direction's lifecycle: on time and delayed share a step; canceled and
    /// diverted stand apart (-1).
    public var lifecycleRank: Int {
        switch self {
        case .scheduled: 0
        case .onTime, .delayed: 1
        case .boarding, .enRoute: 2
        case .finalCall, .landed: 3
        case .gateClosed: 4
        case .departed: 5
        case .canceled, .diverted: -1
        }
    }

    /// The name people type and scripts read: the wire's name in kebab case (`final-call`, `en-route`).
    public var commandLineName: String {
        rawValue.reduce(into: "") { name, c in
            if c.isUppercase { name += "-" + c.lowercased() } else { name.append(c) }
        }
    }

    /// The status a person named: its command-line name or its wire name, case and `_` aside
    /// (`final-call`, `finalCall`, `FINAL_CALL`).
    public init?(commandLineName text: String) {
        let word = text.lowercased().replacingUnderscores()
        guard let status = Self.allCases.first(where: { $0.rawValue.lowercased() == word || $0.commandLineName == word })
        else { return nil }
        self = status
    }

    /// Every command-line name, in the lifecycle's order: what help, completions and errors list.
    public static var commandLineNames: [String] { allCases.map(\.commandLineName) }
}

extension String {
    fileprivate func replacingUnderscores() -> String { String(map { $0 == "_" ? "-" : $0 }) }
}
