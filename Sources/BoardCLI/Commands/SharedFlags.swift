import BoardArguments
import FlightData

/// Flags several commands take, declared once so that they mean the same everywhere.
extension Flag {
    static let date = Flag(
        "--date", value: .choices(["today", "tomorrow", "+1", "+2", "+3"]),
        summary: "another day: YYYY-MM-DD, today, tomorrow, +N")
    static let hidePast = Flag("--hide-past", summary: "leave out past flights (taken down by the hall)")
    static let tab = Flag("--tab", value: .choices(Tab.allCases.map(\.rawValue)), summary: "only this tab")
}

/// The flags of `board events`, `board log` and `board wait`.
extension Flag {
    static let since = Flag("--since", value: .free, summary: "from this time: HH:MM, a date-time, or 2h back")
    /// One flag for both: a time for `board events`, a state for `board wait` (each command reads its own).
    static let until = Flag("--until", value: .free, summary: "until a time (events) or a state (wait)")
    static let follow = Flag("--follow", summary: "keep printing changes as they happen")
    static let pinned = Flag("--pinned", summary: "only your pinned flights")
    static let flight = Flag("--flight", value: .free, summary: "only this flight: an id or a designator")
    static let kind = Flag(
        "--kind", value: .choices(EventChange.Kind.allCases.map(\.rawValue)), summary: "only changes of this kind (repeatable)")
    static let timeout = Flag("--timeout", value: .free, summary: "give up after this long: 30s, 10m, 2h")
}
