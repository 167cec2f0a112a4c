import BoardProtocol
import BoardSystem
import FlightData

/// People's output: the header, the tab bar, the rows, a flight's details, search results.
///
/// Everything fits the width it is given (80 columns for one-shot output)
/// and degrades column by column on narrower screens.
public struct BoardRenderer {
    let style: Style
    var width = 80

    public init(style: Style, width: Int = 80) {
        self.style = style
        self.width = width
    }

    static let statusTitles: [String: String] = Dictionary(
        uniqueKeysWithValues: FlightStatus.allCases.map { ($0.rawValue, $0.title) })

    static func statusTitle(_ raw: String) -> String { statusTitles[raw] ?? raw }

    /// `Mountain Airport (MTN)  Mon Nov 30 2026  12:00  SIMULATED`.
    func header(_ board: WireBoard, clock: String? = nil, extra: String? = nil) -> String {
        var parts = ["\(board.airportName) (\(board.airportCode))", Self.longDate(board.date), clock ?? clockText(board.now)]
        if board.simulated { parts.append("SIMULATED") }
        if let extra { parts.append(extra) }
        let plain = parts.joined(separator: "  ")
        guard plain.count <= width else { return String(plain.prefix(width)) }
        return style.bold(parts[0]) + "  " + parts.dropFirst().joined(separator: "  ")
    }

    /// `Arrivals 15  [All Nov 30]  Departures 15`, the selected tab marked.
    func tabBar(_ board: WireBoard) -> String {
        board.tabs.map { tab in
            let label = width < 50 ? "\(tab.title.prefix(3)) \(tab.badge)" : "\(tab.title) \(tab.badge)"
            return tab.id == board.tab ? style.reverse("[\(label)]") : " \(label) "
        }.joined(separator: " ").trimmingTrailingSpaces()
    }

    /// The column widths for this screen width.
    struct Columns {
        let pin = 2, time: Int, flight: Int, city: Int, gate: Int, status: Int, id: Int
        var total: Int { pin + time + flight + city + gate + status + id }

        init(width: Int) {
            if width >= 76 {
                (time, flight, city, gate, status, id) = (13, 15, 20, 6, 13, 7)
            } else if width >= 60 {
                (time, flight, city, gate, status, id) = (12, 15, 16, 4, 12, 0)
            } else {
                (time, flight, city, gate, status, id) = (6, 14, max(6, width - 2 - 6 - 14 - 11), 0, 11, 0)
            }
            // Every column but the last keeps a space after its text.
        }
    }

    /// A column's text cut to leave at least one space before the next column.
    private func cell(_ text: String, _ width: Int) -> String { fit(fit(text, width - 1), width) }

    func columnTitles() -> String {
        let c = Columns(width: width)
        var line = fit("", c.pin) + cell("TIME", c.time) + cell("FLIGHT", c.flight) + cell("FROM/TO", c.city)
        if c.gate > 0 { line += cell("GATE", c.gate) }
        line += fit("STATUS", c.status)
        if c.id > 0 { line += fit("ID", c.id, right: true) }
        return style.dim(line)
    }

    /// One flight as a row.
    public func row(_ flight: WireFlight) -> String {
        let c = Columns(width: width)
        let scheduled = clockText(flight.scheduledTime)
        var time = scheduled
        if let current = flight.currentTime, clockText(current) != scheduled, c.time >= 12 {
            time += "→" + clockText(current)
        } else if let current = flight.currentTime, clockText(current) != scheduled {
            time = clockText(current)
        }
        let arrow = flight.isArrival ? "← " : "→ "
        var line = fit(flight.pinned ? "* " : "", c.pin) + cell(time, c.time) + cell(flight.flightName, c.flight)
        line += cell(arrow + flight.otherAirport, c.city)
        if c.gate > 0 { line += cell(flight.gate, c.gate) }
        let status = fit(Self.statusTitle(flight.status), c.status)
        var styled = line + style.status(flight.status, status)
        if c.id > 0 { styled += fit(String(flight.id), c.id, right: true) }
        return flight.past && flight.status != "canceled"
            ? style.dim(line + status + (c.id > 0 ? fit(String(flight.id), c.id, right: true) : "")) : styled
    }

    /// The whole board for one-shot output.
    public func board(_ board: WireBoard) -> String {
        var lines = [header(board), tabBar(board), "", columnTitles()]
        lines += board.flights.map(row)
        if board.flights.isEmpty {
            lines.append(
                style.dim(
                    board.hidePast ? "  No flights left today in this tab (past flights hidden)." : "  No flights in this tab."))
        }
        return lines.joined(separator: "\n")
    }

    /// One flight's details: times, gate, status, progress, on-time history.
    public func details(_ json: JSON) -> String {
        guard let flight = try? WireFlight(json) else { return json.text }
        let direction = flight.isArrival ? "Arrival from \(flight.otherAirport)" : "Departure to \(flight.otherAirport)"
        var lines = [style.bold("\(flight.flightName)") + "  \(direction)  (id \(flight.id))"]
        func field(_ name: String, _ value: String) { lines.append(style.dim(fit(name, 12)) + value) }
        field("Date", Self.longDate(flight.date))
        field("Status", style.status(flight.status, Self.statusTitle(flight.status)) + (flight.pinned ? "  (pinned)" : ""))
        var times = "scheduled \(clockText(flight.scheduledTime))"
        if let current = flight.currentTime, flight.delayMinutes > 0 {
            times += ", now \(clockText(current)) (\(flight.delayMinutes) min late)"
        }
        field("Time", times)
        field("Gate", "\(flight.gate) (terminal \(flight.gate.prefix(1)))")
        if let departure = json["departureTime"]?.string, let arrival = json["arrivalTime"]?.string {
            let here = flight.isArrival ? flight.otherAirport : "here"
            let there = flight.isArrival ? "here" : flight.otherAirport
            field(
                "Flight",
                "leaves \(here) \(clockText(departure)), arrives \(there) \(clockText(arrival)) (\(flight.flightTime) min)")
        }
        // Shares are clamped: a reply claiming 500% must not draw a bar longer than its box (or trap).
        if let progress = json["progress"]?.fraction {
            let filled = Int((progress * 20).rounded())
            let bar = String(repeating: "█", count: filled) + String(repeating: "·", count: 20 - filled)
            field("Progress", "\(bar) \(Int((progress * 100).rounded()))%")
        }
        if let history = json["history"]?.array, let rate = json["onTimeRate"]?.fraction {
            field("On time", "\(Int((rate * 100).rounded()))% of the last \(history.count) days")
            let marks = history.map { entry -> String in
                switch entry["status"]?.string {
                case "onTime": return style.apply("32", "●")
                case "delayed": return style.apply("33", "◐")
                default: return style.apply("31", "×")
                }
            }
            field("History", marks.joined(separator: " ") + style.dim("  (newest first; ● on time ◐ delayed × canceled)"))
        }
        return lines.joined(separator: "\n")
    }

    /// Search results, grouped by day.
    public func search(_ json: JSON) -> String {
        let text = json["text"]?.string ?? ""
        let count = json["count"]?.int ?? 0
        var lines = ["\(count) flight\(count == 1 ? "" : "s") matching \"\(text)\""]
        for day in json["days"]?.array ?? [] {
            lines.append("")
            lines.append(style.bold("\(Self.longDate(day["date"]?.string ?? ""))  (\(day["count"]?.int ?? 0))"))
            for flight in day["flights"]?.array ?? [] {
                if let flight = try? WireFlight(flight) { lines.append(row(flight)) }
            }
        }
        return lines.joined(separator: "\n")
    }

    /// `Mon Nov 30 2026` from `2026-11-30`.
    static func longDate(_ iso: String) -> String {
        guard let date = LocalDate(iso) else { return iso }
        return "\(LocalDate.weekdayAbbreviations[date.weekday]) \(date.shortName) \(date.year)"
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
