import BoardProtocol

extension BoardRenderer {
    /// The column widths for this screen width.
    ///
    /// 80 columns and wider show every column. Narrower, columns shrink and go in a fixed order,
    /// one step at a time until the row fits (`narrowingSteps`): the city shortens, the time shows
    /// only the current one, the city shortens again, the gate loses the room for a recent-change
    /// mark, the belt goes, the gate goes, then the city, then the status shortens and goes. The
    /// flight's name (up to `Southeast 999`) and the ID stay down to `narrowest` (29 columns):
    /// people need the id for `board show`. What is left over goes to the city.
    ///
    /// The status column holds `Departed 14:52` (15); on the arrivals tab, which has no departures,
    /// `◆Landed 14:05` (14) and then the belt. The id column is as wide as the longest id shown and
    /// a space (5 in the default window; without the status column, the id alone).
    struct Columns: Equatable {
        var pin = 2, time = 13, flight = 15, city = 20, gate = 7, status = 15, belt = 0, id = 8
        var total: Int { pin + time + flight + city + gate + status + belt + id }

        /// The narrowest row: marks, the current time, the flight's name and a 7-digit id.
        static let narrowest = Columns(width: 0).total

        /// Each step, in order, as a key path and its new width.
        static var narrowingSteps: [(WritableKeyPath<Columns, Int>, Int)] {
            [
                (\.city, 14), (\.time, 6), (\.city, 10), (\.gate, 6), (\.belt, 0), (\.gate, 0), (\.city, 0), (\.status, 9),
                (\.status, 0), (\.flight, 14),
            ]
        }

        /// With `countdown`, the time column starts wide enough for `boards in 180 min`; with
        /// `belt`, the arrivals' belt column is there while the width allows.
        init(width: Int, countdown: Bool = false, belt: Bool = false, idDigits: Int = 7) {
            if countdown { time = 18 }
            if belt { (status, self.belt) = (14, 5) }
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

/// The columns only `--wide` shows, after the ID: the terminal, the codeshares and the latest remark.
enum WideColumns {
    static let terminal = 6
    /// Two codeshares at most, `Southeast 999, Overland 999` (28), and a space.
    static let codeshares = 30
    /// The columns' width before the remark, and room for a short one ("Gate changed from A3").
    static let width = 2 + terminal + codeshares + 20

    static var titles: String { "  " + fit("TERM", terminal) + fit("CODESHARES", codeshares) + "REMARK" }

    /// `  A     AA 1234, UA 56         Gate changed from A3`: empty cells for what a flight lacks.
    static func cells(_ flight: FlightDocument) -> String {
        let shares = flight.codeshares.joined(separator: ", ")
        let line =
            "  " + fit(fit(flight.terminal, terminal - 1), terminal) + fit(fit(shares, codeshares - 1), codeshares)
            + (flight.remark ?? "")
        return line.trimmingTrailingSpaces()
    }
}
