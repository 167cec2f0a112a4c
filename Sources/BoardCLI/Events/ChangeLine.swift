import BoardProtocol
import FlightData

/// One change as people read it: `09:12  Pacific 123    gate       A3 → B5`.
///
/// The line never wraps: past `width` it is cut with `…`. A change not on the daemon's
/// today starts with its date (`Nov 29 23:50`).
enum ChangeLine {
    /// The flight column's width: the longest designator (`Southeast 9999`).
    static let flightWidth = 14
    /// The kind column's width: the longest kind (`canceled`, `diverted`).
    static let kindWidth = 8

    /// The whole line; `showsFlight` is false in a flight's own log, `note` the announcement's text there.
    static func line(_ change: EventChange, today: String?, width: Int, showsFlight: Bool = true, note: String? = nil)
        -> String
    {
        let detail = detail(change)
        var rest: [String] = []
        if !detail.isEmpty { rest.append(detail) }
        if let note, !note.isEmpty, note != detail { rest.append("(\(note))") }
        let when = when(change.at, today: today)
        // Columns in line while what changed has its room beside them; in a narrower pane they close
        // up, and a status, time, gate or belt goes without its kind, which what changed says.
        // The time is `09:12`, or `Dec 11 20:10` for another day's change.
        let columnsWidth = when.count + 2 + (showsFlight ? flightWidth + 2 : 0) + kindWidth + 2
        guard width - columnsWidth < detailRoom else {
            var columns = [when]
            if showsFlight { columns.append(padded(change.flightName, flightWidth)) }
            columns.append(padded(change.kindName, kindWidth))
            let text = (columns + rest).joined(separator: "  ")
            return cut(String(text.reversed().drop { $0 == " " }.reversed()), width)
        }
        var columns = [when]
        if showsFlight { columns.append(change.flightName) }
        if !Self.detailSaysKind(change.kind) || detail.isEmpty { columns.append(change.kindName) }
        return cut((columns + rest).joined(separator: " "), width)
    }

    /// The room what changed takes at most, as a status change does: `Final call → Gate closed`.
    static let detailRoom = 24

    /// Whether what changed says its kind by itself: a status's words, a time, a gate, a belt.
    static func detailSaysKind(_ kind: EventChange.Kind?) -> Bool {
        switch kind {
        case .status?, .time?, .gate?, .baggage?: true
        default: false
        }
    }

    /// `09:12`, or `Nov 29 09:12` when `time` is not on `today`.
    static func when(_ time: String, today: String?) -> String {
        let date = EventTime.date(of: time)
        guard let today, date != today, let day = LocalDate(date) else { return EventTime.clock(of: time) }
        return "\(day.shortName) \(EventTime.clock(of: time))"
    }

    /// `when`, with the year after the day when it is not today's year (`Dec 31 3998 19:00`): for
    /// the bounds a sentence names, which may lie anywhere in the clock's range, not a line's column.
    static func bound(_ time: String, today: String?) -> String {
        let date = EventTime.date(of: time)
        guard let today, date.prefix(4) != today.prefix(4), let day = LocalDate(date) else { return when(time, today: today) }
        return "\(day.shortName) \(day.year) \(EventTime.clock(of: time))"
    }

    /// What changed, in people's words: `A3 → B5`, `On time → Boarding`, `to Denver`, `belt 3, bags 14:12–14:35`.
    static func detail(_ change: EventChange) -> String {
        switch change.kind {
        case .status: return arrow(change.from.map(status), change.to.map(status))
        case .time: return arrow(change.from.map(time), change.to.map(time))
        case .gate: return arrow(change.from?.string, change.to?.string)
        case .canceled:
            // `from` is the status it had; `canceled` in the kind column says the rest.
            return change.from.map { "was \(status($0).lowercased())" } ?? ""
        case .diverted: return change.to?.string.map { "to \($0)" } ?? ""
        case .baggage: return change.to.map(baggage) ?? ""
        case nil: return arrow(change.from.map(plain), change.to.map(plain))
        }
    }

    /// A status's name as the board shows it (`finalCall` is `Final call`).
    static func status(_ value: JSON) -> String {
        guard let name = value.string else { return plain(value) }
        return FlightStatus(rawValue: name).map { StatusAppearance($0).title } ?? name
    }

    static func time(_ value: JSON) -> String { value.string.map(EventTime.clock(of:)) ?? plain(value) }

    static func baggage(_ value: JSON) -> String {
        guard let belt = value["belt"]?.int else { return plain(value) }
        var text = "belt \(belt)"
        if let first = value["firstBag"]?.string, let last = value["lastBag"]?.string {
            text += ", bags \(EventTime.clock(of: first))–\(EventTime.clock(of: last))"
        }
        return text
    }

    static func plain(_ value: JSON) -> String { value.string ?? value.text }

    static func arrow(_ from: String?, _ to: String?) -> String {
        switch (from, to) {
        case (let from?, let to?): "\(from) → \(to)"
        case (nil, let to?): "→ \(to)"
        case (let from?, nil): "\(from) → none"
        case (nil, nil): ""
        }
    }

    /// `text` padded with spaces to `width` cells; as it is when it is wider.
    static func padded(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.columns))
    }
}
