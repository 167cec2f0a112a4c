import BoardProtocol
import FlightData

/// A flight's details for people (`board show`, the live view's details screen): times, boarding,
/// the days it runs, gate, baggage, progress, history and the announcements so far.
extension BoardRenderer {
    /// One flight's details: times, gate, status, progress, on-time history. `hidden`: the flight is
    /// off your boards (`board hide`), said beside its status, where nothing said why it was missing.
    public func details(_ details: FlightDetailsDocument, hidden: Bool = false) -> String {
        fitted(wrapping: true) { $0.detailLines(details, hidden: hidden) }
    }

    fileprivate func detailLines(_ details: FlightDetailsDocument, hidden: Bool) -> String {
        let flight = details.flight
        let direction =
            flight.direction == .arrival ? "Arrival from \(flight.otherAirport)" : "Departure to \(flight.otherAirport)"
        var lines = [style.bold("\(flight.flightName)") + "  \(direction)  (id \(flight.id))"]
        func field(_ name: String, _ value: String) { lines.append(style.dim(fit(name, Self.labelWidth)) + value) }
        field("Date", Self.longDate(flight.date))
        var status = style.status(flight.status, Self.statusText(flight, width: .max))
        if let city = flight.divertedTo { status += " to \(city)" }
        let notes = [flight.pinned ? "pinned" : nil, hidden ? "hidden from your boards" : nil].compactMap { $0 }
        field("Status", status + (notes.isEmpty ? "" : "  (\(notes.joined(separator: ", ")))"))
        var times = "scheduled \(clockText(flight.scheduledTime))"
        if let current = flight.currentTime, flight.delayMinutes > 0 {
            // Once it has happened, the time is said as what happened, not as an estimate ("now 09:25").
            let word = flight.status == .departed ? "departed" : flight.status == .landed ? "landed" : "now"
            times += ", \(word) \(clockText(current)) (\(flight.delayMinutes) min late)"
        }
        field("Time", times)
        if let boarding = details.boardingTime, let closes = details.gateClosesTime {
            field("Boarding", "Boards \(clockText(boarding)) · Gate closes \(clockText(closes))")
        }
        if let runs = Weekdays(names: details.runs) { field("Runs", runs.description) }
        var gate = "\(flight.gate) (terminal \(flight.terminal))"
        if let previous = flight.previousGate {
            gate += ", changed from \(previous)"
            if let at = details.announcements.last(where: { $0.kind == "gate" })?.at { gate += " at \(clockText(at))" }
        }
        field("Gate", gate)
        if let baggage = flight.baggage {
            field(
                "Baggage",
                "belt \(baggage.belt), first bag \(clockText(baggage.firstBag)), last bag \(clockText(baggage.lastBag))")
        }
        if let remark = flight.remark { field("Remark", remark) }
        if !flight.codeshares.isEmpty { field("Codeshares", flight.codeshares.joined(separator: ", ")) }
        if let departure = details.departureTime {
            let here = flight.direction == .arrival ? flight.otherAirport : "here"
            let there = flight.direction == .arrival ? "here" : flight.otherAirport
            if let arrival = details.arrivalTime {
                // In the tense of the flight's day: a flight that has left says "left", one landed "arrived".
                let share = details.progress ?? 0
                let left = share > 0 || [.departed, .enRoute, .landed].contains(flight.status)
                let arrived = share >= 1 || flight.status == .landed
                // A flight over midnight lands the next day: 22:50 to 02:35 is no flight back in time.
                let nextDay = EventTime.date(of: arrival) > EventTime.date(of: departure) ? " the next day" : ""
                field(
                    "Flight",
                    "\(left ? "left" : "leaves") \(here) \(clockText(departure)), \(arrived ? "arrived" : "arrives") \(there) "
                        + "\(clockText(arrival))\(nextDay) (\(flight.flightTime) min)")
            } else if let city = flight.divertedTo {
                field("Flight", "left \(here) \(clockText(departure)), diverted to \(city); it will not arrive \(there)")
            }
        }
        // Shares are clamped: a reply claiming 500% must not draw a bar longer than its box (or trap).
        if let progress = details.progress.map(Self.share) {
            // 20 cells, fewer when the pane leaves less beside the label and the percentage.
            let cells = max(5, min(20, width - Self.labelWidth - 5))
            let filled = Int((progress * Double(cells)).rounded())
            let bar = String(repeating: "█", count: filled) + String(repeating: "·", count: cells - filled)
            field("Progress", "\(bar) \(Int((progress * 100).rounded()))%")
        }
        let flights = details.history.count == 1 ? "flight" : "\(details.history.count) flights"
        field("On time", "\(Int((Self.share(details.onTimeRate) * 100).rounded()))% of its last \(flights)")
        let marks = details.history.map { day in
            let mark = HistoryMark(day.status, delayMinutes: day.delayMinutes)
            return style.apply(mark.colour, mark.symbol)
        }
        // Spaced out when the marks fit so beside the label; else close, so as not to break them.
        let spaced = width >= Self.labelWidth + 2 * marks.count - 1
        let legend = HistoryMark.legend(of: details.history.map { HistoryMark($0.status, delayMinutes: $0.delayMinutes) })
        field("History", marks.joined(separator: spaced ? " " : "") + style.dim("  (newest first; \(legend))"))
        lines += announcementLines(details)
        return lines.joined(separator: "\n")
    }

    /// The most announcements a flight's details list; earlier ones are counted (`board log` lists them all).
    static let shownAnnouncements = 5

    /// `Announced   09:12  Gate changed from A3`, oldest first: the last five, after "and N earlier".
    fileprivate func announcementLines(_ details: FlightDetailsDocument) -> [String] {
        let all = details.announcements
        guard !all.isEmpty else { return [] }
        let shown = all.suffix(Self.shownAnnouncements)
        var lines: [String] = []
        if all.count > shown.count {
            lines.append(style.dim(fit("Announced", Self.labelWidth)) + style.dim("and \(all.count - shown.count) earlier"))
        }
        for (index, announcement) in zip(shown.indices, shown) {
            let name = lines.isEmpty ? "Announced" : ""
            // The latest, when recent, carries the board's mark in the space before its text.
            let marked =
                index == all.indices.last
                && RecentChange.seconds(from: announcement.at, to: details.now).map {
                    (0...RecentChange.boardWindow * 60).contains($0)
                } == true
            let text = clockText(announcement.at) + (marked ? " " + highlight(RecentChange.mark) : "  ") + announcement.text
            lines.append(style.dim(fit(name, Self.labelWidth)) + text)
        }
        return lines
    }

    /// A share within 0...1.
    fileprivate static func share(_ value: Double) -> Double { min(max(value, 0), 1) }
}
