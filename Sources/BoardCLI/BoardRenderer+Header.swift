import BoardProtocol
import FlightData

/// The header and the tab bar over a board, and dates as they say them.
extension BoardRenderer {
    /// `Mountain Airport (MTN)  Mon Nov 30 2026  12:00  SIMULATED`.
    ///
    /// Another day's board shows now with its own date, `Tue Dec 1 2026  (now Mon Nov 30 12:00)`,
    /// so that the time is not read as that day's.
    ///
    /// Narrower than it, the header shortens a part at a time, never cutting through a word: the
    /// airport's name gives way to its code, then the date its year, then `SIMULATED` becomes `SIM`
    /// and another day's clock `(now 14:05)`; narrower still the date loses its weekday, `SIM` goes,
    /// then the date and the code (the code first on another day's board, whose date says which
    /// board it is) and the extra. The time stays to the last; only what is still too wide is cut,
    /// with `…`.
    func header(_ board: BoardDocument, clock: String? = nil, extra: String? = nil) -> String {
        let time = clock ?? clockText(board.now)
        let otherDay = Self.now(time, of: board) != time
        func parts(_ step: Int) -> [String] {
            var date = Self.longDate(board.date).split(separator: " ")
            if step >= 2 { date = Array(date.dropLast()) }
            if step >= 4 { date = Array(date.dropFirst()) }
            var parts: [String] = []
            let (dateGoes, codeGoes) = otherDay ? (7, 6) : (6, 7)
            if step < codeGoes { parts.append(step >= 1 ? board.airport.code : "\(board.airport.name) (\(board.airport.code))") }
            if step < dateGoes { parts.append(date.joined(separator: " ")) }
            parts.append(step >= 3 && otherDay ? "(now \(time))" : Self.now(time, of: board))
            if board.simulated && step < 5 { parts.append(step >= 3 ? "SIM" : "SIMULATED") }
            if let extra, step < 8 { parts.append(extra) }
            return parts
        }
        let fitting = (0...8).lazy.map(parts).first { $0.joined(separator: "  ").columns <= width }
        guard let fitting else { return cut(parts(8).joined(separator: "  "), width) }
        return ([style.bold(fitting[0])] + fitting.dropFirst()).joined(separator: "  ")
    }

    /// The daemon's `clock` as a board's header shows it: `12:00` on today's board, `(now Mon Nov 30
    /// 12:00)` on another day's, so that the time is not read as that day's.
    static func now(_ clock: String, of board: BoardDocument) -> String {
        let today = String(board.now.prefix(10))
        guard today != board.date, LocalDate(today) != nil else { return clock }
        return "(now \(longDate(today).split(separator: " ").dropLast().joined(separator: " ")) \(clock))"
    }

    /// `Arrivals 15  [All Nov 30]  Departures 15`, the selected tab marked. Narrower than it, the
    /// other tabs lose their badges, then their names: the selected tab is never cut off.
    func tabBar(_ board: BoardDocument) -> String {
        func bar(_ step: Int, _ style: Style) -> String {
            board.tabs.compactMap { tab in
                let title = width < 50 ? String(tab.title.prefix(3)) : tab.title
                if tab.id == board.tab { return style.reverse("[\(title) \(tab.badge)]") }
                switch step {
                case 0: return " \(title) \(tab.badge) "
                case 1: return " \(title) "
                default: return nil
                }
            }.joined(separator: " ").trimmingTrailingSpaces()
        }
        let step = (0...2).first { bar($0, Style(enabled: false)).columns <= width } ?? 2
        return bar(step, style)
    }

    /// `Mon Nov 30 2026` from `2026-11-30`.
    static func longDate(_ iso: String) -> String {
        guard let date = LocalDate(iso) else { return iso }
        return "\(LocalDate.weekdayAbbreviations[date.weekday]) \(date.shortName) \(date.year)"
    }
}
