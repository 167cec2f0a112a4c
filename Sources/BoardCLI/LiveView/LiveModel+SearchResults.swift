import BoardProtocol
import FlightData

extension LiveModel {
    /// Search results across the window, day after day: the cursor moves over `flights`, and
    /// the screen shows each day's heading before its flights so that times never seem to jump back.
    struct SearchResults: Hashable, Sendable {
        let text: String
        /// Every day the daemon found, in date order.
        let found: [SearchResultsDocument.Day]
        /// The days shown, each with its flights in the daemon's order: with hide-past (`h`), the
        /// flights past when the search was answered are left out, as from the board.
        let days: [SearchResultsDocument.Day]
        /// Every day's flights shown, one after the other: the list the cursor is on.
        let flights: [FlightDocument]
        /// Matches the daemon left out of its reply: one page holds at most `SearchRequest.pageLimit`
        /// flights, and the header says how many more there are (as `board search` does).
        let more: Int
        var cursor = ListCursor()

        init(text: String, days: [SearchResultsDocument.Day], more: Int = 0, hidePast: Bool = false) {
            self.text = text
            self.more = more
            found = days.sorted { $0.date < $1.date }
            self.days =
                hidePast
                ? found.compactMap { day in
                    let kept = day.flights.filter { !$0.past }
                    guard !kept.isEmpty else { return nil }
                    return SearchResultsDocument.Day(
                        date: day.date, badge: day.badge, count: day.count - (day.flights.count - kept.count), flights: kept)
                } : found
            flights = self.days.flatMap(\.flights)
        }

        /// The same results with past flights left out or shown again; the cursor stays on its flight.
        func hiding(past: Bool) -> SearchResults {
            var results = SearchResults(text: text, days: found, more: more, hidePast: past)
            results.cursor = cursor
            return results
        }

        /// The line over the results: how many are shown, of what, and how to go back; where that
        /// is wider than `width`, its parenthesis shortened, then left out (it was cut mid-word:
        /// `(Esc: back to th…`).
        func title(in tab: Tab, width: Int = .max) -> String {
            // A search of one direction's tab says so: its results are that tab's alone.
            let scope = tab == .all ? "" : " in \(tab.title)"
            let found = "\(flights.count) found for \"\(text)\"\(scope)"
            let notes =
                more > 0
                ? [" (\(more) more not shown: narrow the search; Esc: back to the board)", " (\(more) more; Esc: back)"]
                : [" (Esc: back to the board)", " (Esc: back)"]
            return notes.map { found + $0 }.first { $0.columns <= width } ?? found
        }

        /// One line of the list as shown.
        enum Line: Hashable, Sendable {
            case day(SearchResultsDocument.Day)
            /// A flight, by its index in `flights`.
            case flight(Int)
            /// Under a flight found only through a partner's designator: `as Pacific 333`.
            case foundAs(String)
        }

        var lines: [Line] {
            var lines: [Line] = []
            var row = 0
            let search = FlightSearch(text: text)
            for day in days {
                lines.append(.day(day))
                for flight in day.flights {
                    lines.append(.flight(row))
                    if let partner = BoardRenderer.foundAs(flight, by: search) { lines.append(.foundAs(partner)) }
                    row += 1
                }
            }
            return lines
        }

        /// The line on which flight `row` is shown, below the headings of the days down to its own
        /// and the `as …` lines above it.
        func line(ofRow row: Int) -> Int {
            lines.firstIndex(of: .flight(row)) ?? lines.count
        }

        /// Whether flight `row` is the first of its day (its heading is the line above it).
        func startsADay(_ row: Int) -> Bool {
            var first = 0
            for day in days {
                if row == first { return true }
                first += day.flights.count
            }
            return false
        }
    }
}
