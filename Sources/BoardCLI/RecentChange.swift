import BoardProtocol
import FlightData
import FoundationEssentials

/// A flight's latest announcement, when it is recent enough to be marked: on a board for
/// `boardWindow` (15 minutes) before the board's now, on the status line for `statusLineWindow`
/// (10 minutes) for a pinned flight.
///
/// The mark is a symbol (`◆`) as well as a colour, so that nothing is lost without colour
/// (`NO_COLOR`, a pipe). It sits next to what the announcement changed: the gate, the time, or
/// else the status (a cancellation, a diversion, baggage on a belt).
struct RecentChange: Hashable, Sendable {
    /// What the latest announcement changed, as far as the row shows it.
    enum Field: Hashable, Sendable {
        case gate, time, status
    }

    static let mark = "◆"
    /// The SGR parameters of the mark and the changed value (bold yellow).
    static let colour = "1;33"
    static let boardWindow = 15
    static let statusLineWindow = 10
    /// The board's legend for the mark and for a changed gate, longest first.
    static let legends = legends(mark: true, gate: true)

    /// The legend's wordings, longest first, for the marks a board shows: the recent-change mark,
    /// a changed gate, or both (a part is said only when a row shows it).
    static func legends(mark: Bool, gate: Bool) -> [String] {
        let marks = [
            "\(Self.mark) changed in the last \(boardWindow) min", "\(Self.mark) changed ≤\(boardWindow) min ago",
            "\(Self.mark) new ≤\(boardWindow) min",
        ]
        let gates = ["B5←A3 gate B5, was A3", "B5←A3 now B5, was A3", "B5←A3 was A3"]
        let separators = ["   ", "  ", "  "]
        return (0..<3).map { index in
            [mark ? marks[index] : nil, gate ? gates[index] : nil].compactMap { $0 }.joined(separator: separators[index])
        }
    }

    let field: Field
    /// Minutes from the announcement to now, 0 when both fall in the same minute.
    let minutesAgo: Int

    /// The flight's latest announcement if it was made in the `window` minutes up to `now` (the
    /// live view's clock, run on from its board: `LiveFrame.runningNow`); nil when there is none, it
    /// is older, or either time is unreadable.
    init?(_ flight: FlightDocument, now: String, window: Int = RecentChange.boardWindow) {
        guard let changedAt = flight.changedAt, let seconds = Self.seconds(from: changedAt, to: now),
            seconds >= 0, seconds <= window * 60
        else { return nil }
        minutesAgo = seconds / 60
        field = Self.field(of: flight)
    }

    /// The field the latest announcement changed, read from its remark: the daemon's texts start
    /// `Gate changed from`, `New time`; anything else (`Canceled`, `Diverted to`, `Baggage on belt`)
    /// shows in the status.
    static func field(of flight: FlightDocument) -> Field {
        guard let remark = flight.remark else { return .status }
        if remark.hasPrefix("Gate"), flight.previousGate != nil { return .gate }
        if remark.hasPrefix("New time") { return .time }
        return .status
    }

    /// Whole seconds from one ISO-8601 time to another (both with their offsets), nil if unreadable.
    static func seconds(from start: String, to end: String) -> Int? {
        let utc = LocalTime(timeZone: TimeZone(secondsFromGMT: 0) ?? .current)
        guard let a = InstantInput.parse(start, localTime: utc, today: nil),
            let b = InstantInput.parse(end, localTime: utc, today: nil)
        else { return nil }
        return Int(b.timeIntervalSince(a).rounded(.down))
    }
}
