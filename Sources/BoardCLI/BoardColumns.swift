import BoardProtocol

extension BoardRenderer {
    /// The column widths for this screen width.
    ///
    /// 80 columns and wider show every column (wider still, the columns after the ID join them:
    /// `ExtraColumns`). Narrower, columns shrink and go in a fixed order, one step at a time until
    /// the row fits (`narrowingSteps`): the city shortens, the time shows only the current one, the
    /// city shortens again, the gate loses the room for a recent-change mark, the belt goes, the
    /// status loses its actual time (`Departed`, `Final`: no padding kept for `Departed 14:52`), the
    /// gate goes, then the city, then the status goes. The flight's name (up to `Southeast 999`) and
    /// the ID stay down to `narrowest` (29 columns): people need the id for `board show`. What is
    /// left over goes to the city, so the destination outlives the status's padding.
    ///
    /// The status column holds `Departed 14:52` (15); where the rows hold no departure (the arrivals
    /// tab), `◆Landed 14:05` (14) and then the belt. The id column is as wide as the longest id
    /// shown and a space (5 in the default window; without the status column, the id alone).
    struct Columns: Equatable {
        var pin = 2, time = 13, flight = 15, city = 20, gate = 7, status = 15, belt = 0, id = 8
        var total: Int { pin + time + flight + city + gate + status + belt + id }

        /// The narrowest row: marks, the current time, the flight's name and a 7-digit id.
        static let narrowest = Columns(width: 0).total

        /// Each step, in order, as a key path and its new width.
        static var narrowingSteps: [(WritableKeyPath<Columns, Int>, Int)] {
            [
                (\.city, 14), (\.time, 6), (\.city, 10), (\.gate, 6), (\.belt, 0), (\.status, 9), (\.gate, 0), (\.city, 0),
                (\.status, 0), (\.flight, 14),
            ]
        }

        /// With `countdown`, the time column starts wide enough for `boards in 180 min`; with
        /// `belt`, the arrivals' belt column is there while the width allows (after a status of 14
        /// when no row is a departure's).
        init(width: Int, countdown: Bool = false, belt: Bool = false, idDigits: Int = 7, departures: Bool = false) {
            if countdown { time = 18 }
            if belt { (status, self.belt) = (departures ? 15 : 14, 5) }
            // A space before the id, from the status; without a status the flight's cell ends in one.
            id = max(idDigits, 2) + 1
            for (column, narrower) in Self.narrowingSteps where total > width {
                self[keyPath: column] = narrower
                if status == 0 { id = max(idDigits, 2) }
            }
            if city > 0 { city = min(20, city + max(0, width - total)) }
        }
    }
}

/// The columns after the ID, each from a width on, all of them with `--wide` whatever the width:
/// the terminal (and the belt on the All tab) from 100 columns, the codeshares from 120, the
/// latest remark from 160.
struct ExtraColumns: OptionSet, Hashable, Sendable {
    let rawValue: Int
    static let terminal = ExtraColumns(rawValue: 1)
    static let codeshares = ExtraColumns(rawValue: 2)
    static let remark = ExtraColumns(rawValue: 4)
    static let all: ExtraColumns = [.terminal, .codeshares, .remark]

    /// Each column and the width it appears at, in the order they appear.
    static let thresholds: [(ExtraColumns, Int)] = [(.terminal, 100), (.codeshares, 120), (.remark, 160)]

    /// The columns shown at `width`; every one with `wide`.
    init(width: Int, wide: Bool) {
        self = wide ? .all : ExtraColumns(Self.thresholds.filter { width >= $0.1 }.map(\.0))
    }

    init(rawValue: Int) { self.rawValue = rawValue }

    static let terminalWidth = 6
    /// Two codeshares at most, `Southeast 999, Overland 999` (28), and a space.
    static let codesharesWidth = 30
    /// Room for a short remark ("Gate changed from A3").
    static let remarkWidth = 20

    /// The columns' width, with the two spaces after the ID.
    var width: Int {
        guard !isEmpty else { return 0 }
        return 2 + (contains(.terminal) ? Self.terminalWidth : 0) + (contains(.codeshares) ? Self.codesharesWidth : 0)
            + (contains(.remark) ? Self.remarkWidth : 0)
    }

    var titles: String {
        guard !isEmpty else { return "" }
        var line = "  "
        if contains(.terminal) { line += fit("TERM", Self.terminalWidth) }
        if contains(.codeshares) { line += fit("CODESHARES", Self.codesharesWidth) }
        if contains(.remark) { line += "REMARK" }
        return line.trimmingTrailingSpaces()
    }

    /// `  A     AA 1234, UA 56         Gate changed from A3`: empty cells for what a flight lacks.
    func cells(_ flight: FlightDocument) -> String {
        guard !isEmpty else { return "" }
        var line = "  "
        if contains(.terminal) { line += fit(fit(flight.terminal, Self.terminalWidth - 1), Self.terminalWidth) }
        if contains(.codeshares) {
            line += fit(fit(flight.codeshares.joined(separator: ", "), Self.codesharesWidth - 1), Self.codesharesWidth)
        }
        if contains(.remark) { line += flight.remark ?? "" }
        return line.trimmingTrailingSpaces()
    }
}
