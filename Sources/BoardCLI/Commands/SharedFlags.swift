import BoardArguments
import FlightData

/// Flags several commands take, declared once so that they mean the same everywhere.
extension Flag {
    static let date = Flag(
        "--date", value: .choices(["today", "tomorrow", "+1", "+2", "+3"]),
        summary: "another day: YYYY-MM-DD, today, tomorrow, +N")
    static let hidePast = Flag("--hide-past", summary: "leave out flights whose time has passed")
    static let tab = Flag("--tab", value: .choices(Tab.allCases.map(\.rawValue)), summary: "only this tab")
}
