import BoardProtocol
import Testing

@testable import BoardCLI

/// `board status` puts a pinned flight's latest announcement first for 10 minutes of the daemon's
/// clock: `◆ Pacific 123 Gate changed from A3`, then the usual line.
struct StatusLineAlertTests {
    /// The fixture's board at `now` with two changed flights (gate at 11:50, delay at 11:55), pinned as asked.
    static func board(now: String, pinned: Set<Int> = [0, 1]) -> BoardDocument {
        let board = AnnouncementRenderingTests.board(now: now)
        return LiveViewFixture.board(board) { flights in
            flights.enumerated().map { index, flight in
                .object(
                    flight.objectPairs!.map { key, value in key == "pinned" ? (key, .bool(pinned.contains(index))) : (key, value)
                    })
            }
        }
    }

    static let line = StatusLine(socket: "", state: ClientState(), format: "{code}", tmux: false)

    @Test func theNewestPinnedChangeComesFirst() {
        let alert = StatusLine.Alert.newest(in: Self.board(now: "2026-11-30T12:00:00-05:00"))
        #expect(alert == StatusLine.Alert(flightName: "US 481", remark: "New time 12:35", minutesAgo: 5))
        #expect(alert?.text == "◆ US 481 New time 12:35")
    }

    /// Only pinned flights: the same changes without pins give no alert.
    @Test func flightsThatAreNotPinnedGiveNoAlert() {
        #expect(StatusLine.Alert.newest(in: Self.board(now: "2026-11-30T12:00:00-05:00", pinned: [])) == nil)
        let gateOnly = StatusLine.Alert.newest(in: Self.board(now: "2026-11-30T12:00:00-05:00", pinned: [0]))
        #expect(gateOnly?.text == "◆ Pacific 123 Gate changed from A3")
    }

    /// Ten minutes of the daemon's clock each: the delay (11:55) until 12:05, the gate (11:50) until
    /// 12:00; none before the first, none after both.
    @Test(
        arguments: [
            ("12:00", "◆ US 481 New time 12:35"), ("12:05", "◆ US 481 New time 12:35"),
            ("12:05:01", nil), ("12:06", nil), ("11:54", "◆ Pacific 123 Gate changed from A3"), ("11:49", nil),
        ] as [(String, String?)])
    func theAlertLastsTenMinutes(clock: String, alert: String?) {
        let now = "2026-11-30T\(clock.count == 5 ? clock + ":00" : clock)-05:00"
        #expect(StatusLine.Alert.newest(in: Self.board(now: now))?.text == alert, "at \(clock)")
    }

    @Test func theAlertGoesBeforeTheUsualLineAndIsColouredForTmux() {
        var reading = StatusLine.Reading(
            values: StatusLineDocument.Values(
                code: "MTN", airport: "Mountain Airport", clock: "12:00", arrivals: "3", departures: "4"))
        #expect(Self.line.line(reading) == "MTN")
        reading.alert = StatusLine.Alert(flightName: "Pacific 123", remark: "Gate changed from A3", minutesAgo: 2)
        #expect(Self.line.line(reading) == "◆ Pacific 123 Gate changed from A3  MTN")
        let tmux = StatusLine(socket: "", state: ClientState(), format: "{code}", tmux: true)
        #expect(tmux.line(reading) == "#[fg=yellow,bold]◆ Pacific 123 Gate changed from A3#[default]  MTN")
        // tmux reads `#` as the start of a format: an alert escapes it.
        reading.alert?.remark = "Gate #5"
        #expect(tmux.line(reading) == "#[fg=yellow,bold]◆ Pacific 123 Gate ##5#[default]  MTN")
        // Without colour (`--color never`, NO_COLOR) the `#` is still tmux's, the codes go.
        var plain = tmux
        plain.tmuxColours = false
        #expect(plain.line(reading) == "◆ Pacific 123 Gate ##5  MTN")
        #expect(plain.line(nil) == "board: offline")
    }

    /// A pinned flight that is past is listed on a board that hides the past; it is not still to come.
    /// Nor is a diverted arrival, nor one that has landed and that the hall still shows: Pacific 578,
    /// landed at 12:00, is still to come at noon itself (its time is now), no longer at 12:05.
    @Test func pinnedPastAndDivertedFlightsAreNotStillToCome() {
        let board = Self.board(now: "2026-11-30T12:00:00-05:00")
        let shown = board.flights.filter { $0.direction == .arrival && !$0.past }
        #expect(shown.contains { $0.flightName == "Southeast 999" && $0.status == .diverted })
        #expect(shown.contains { $0.flightName == "Pacific 578" && $0.status == .landed })
        #expect(!shown.contains { $0.status == .canceled })
        #expect(StatusLine.stillToCome(board, .arrival) == shown.count - 1, "the diverted arrival does not come")
        let later = Self.board(now: "2026-11-30T12:05:00-05:00")
        #expect(
            StatusLine.stillToCome(later, .arrival) == shown.count - 2, "nor, five minutes on, the arrival that landed")
    }
}
