import BoardProtocol
import Foundation
import Testing

/// The day unfolding as people see it, with the real binaries: a gate change is marked `◆` on the
/// board for 15 minutes of the daemon's clock and the old gate stays beside the new one; `board show`
/// lists the announcement; `board status` names a pinned flight's change for 10 minutes.
///
/// Relies on the default seed only in that Dec 1 2026 has a gate change; the flight is found through
/// `--json` (`previousGate`, the announcements' `at`), never by its id.
struct AnnouncementsDisplayTests {
    /// A flight of Dec 1 whose gate changes, as the board lists it once the day is over, and the
    /// instant of its gate change.
    func gateChange(_ user: BoardUser) throws -> (id: Int, gate: String, previous: String, at: String) {
        _ = try user.json("clock", "set", "2026-12-01T23:59:00-05:00")
        let flights = try #require(try user.json()["flights"]?.array)
        for flight in flights {
            guard let previous = flight["previousGate"]?.string, let id = flight["id"]?.int, let gate = flight["gate"]?.string
            else { continue }
            let shown = try user.json("show", String(id))
            let announcements = shown["announcements"]?.array ?? []
            let at = announcements.last { $0["kind"]?.string == "gate" }?["at"]?.string
            // The one whose gate change is its latest announcement at that instant, so that the mark sits by the gate.
            if let at, announcements.filter({ $0["at"]?.string == at }).count == 1 { return (id, gate, previous, at) }
        }
        Issue.record("no flight of Dec 1 changes gate alone: the default seed changed")
        throw TimedOut(what: "a gate change")
    }

    /// The flight's row in `board`'s text: the line that ends with its id.
    func row(_ user: BoardUser, id: Int) throws -> String {
        let text = try user.text()
        return try #require(text.split(separator: "\n").first { $0.hasSuffix(" \(id)") }.map(String.init), "\(text)")
    }

    @Test func aGateChangeIsMarkedForFifteenMinutesAndTheOldGateStays() throws {
        let user = BoardUser()
        let daemon = try user.startDaemon()
        let change = try gateChange(user)
        let gates = "\(change.gate)←\(change.previous)"

        _ = try user.json("clock", "set", change.at)
        let flight = try user.json("show", String(change.id))
        #expect(flight["changedAt"]?.string == change.at)
        #expect(flight["remark"]?.string == "Gate changed from \(change.previous)")
        let marked = try row(user, id: change.id)
        #expect(marked.contains(" ◆\(gates) "), "\(marked)")
        #expect(try user.text().contains("◆ changed in the last 15 min"), "the legend explains the mark")
        let shown = try user.text("show", String(change.id))
        let time = String(change.at.dropFirst(11).prefix(5))
        #expect(shown.contains("changed from \(change.previous) at \(time)"), "\(shown)")
        #expect(shown.contains("\(time) ◆Gate changed from \(change.previous)"), "\(shown)")

        _ = try user.json("clock", "advance", "20m")
        let later = try row(user, id: change.id)
        #expect(!later.contains("◆"), "20 minutes on: \(later)")
        #expect(later.contains(" \(gates) "), "the old gate stays: \(later)")
        let shownLater = try user.text("show", String(change.id))
        #expect(shownLater.contains("\(time)  Gate changed from \(change.previous)"), "\(shownLater)")
        try daemon.stop()
    }

    @Test func theStatusLineNamesAPinnedFlightsChangeForTenMinutes() throws {
        let user = BoardUser()
        let daemon = try user.startDaemon()
        let change = try gateChange(user)
        let name = try #require(try user.json("show", String(change.id))["flightName"]?.string)
        _ = try user.json("clock", "set", change.at)
        #expect(try user.board("pin", String(change.id)).status == 0)

        let alert = "◆ \(name) Gate changed from \(change.previous)"
        let line = try user.status()
        #expect(line.status == 0)
        #expect(line.stdout.hasPrefix(alert + "  "), "\(line.stdout)")
        let tmux = try user.status("--tmux")
        #expect(tmux.stdout.hasPrefix("#[fg=yellow,bold]\(alert)#[default]  "), "\(tmux.stdout)")

        _ = try user.json("clock", "advance", "11m")
        let later = try user.status()
        #expect(!later.stdout.contains("◆"), "11 minutes on: \(later.stdout)")
        try daemon.stop()
    }
}
