import BoardProtocol
import BoardSystem
import Foundation
import Glibc
import Testing

/// The live view as a person uses it in tmux: a stack of flights (n opens on top, Esc comes back
/// through each), the days with `[` and `]`, the marks of the rows out of sight, and the columns that
/// appear as the pane widens.
@Suite(.serialized) struct LiveViewStackTmuxTests {
    /// The title line of a flight's details (`Pacific 578  (id 9541)`), trimmed.
    static func title(_ screen: String) -> String? {
        screen.split(separator: "\n").first { $0.contains("(id ") }.map { $0.trimmingCharacters(in: .whitespaces) }
    }

    @Test(.enabled(if: LiveViewTmuxTests.tmuxAvailable)) func aPersonStepsThroughFlightsAndDaysAndWidths() throws {
        let sandbox = Sandbox()
        let daemon = try RunningDaemon(sandbox: sandbox)
        defer { _ = try? daemon.stop() }
        // The stack at every width (`--layout stack`): its columns widen with the pane rather than split it.
        let pane = try TmuxPane(
            sandbox: sandbox, command: "sh -c '\(Binaries.board) watch --layout stack; echo EXITED-$?; sleep 30'")

        // 30 flights in a 24-row pane: what is out of sight is counted.
        var screen = try pane.waitFor("the live board with its marks") { $0.contains("● live") && $0.contains(" more") }
        #expect(screen.contains("↓ ") || screen.contains("↑ "), "\(screen)")

        // Enter opens a flight, n the next on top of it, Esc comes back through each.
        try pane.send("Enter")
        screen = try pane.waitFor("a flight's details") { Self.title($0) != nil && $0.contains("History") }
        let first = try #require(Self.title(screen))
        try pane.send("n")
        screen = try pane.waitFor("the next flight") { Self.title($0).map { $0 != first } ?? false }
        try pane.send("Escape")
        try pane.waitFor("the first flight again") { Self.title($0) == first }
        try pane.send("Escape")
        try pane.waitFor("the board") { $0.contains("FLIGHT") && $0.contains("[All Nov 30]") }

        // ] shows tomorrow's board, the header saying which day; [ comes back to today's.
        try pane.send("]")
        screen = try pane.waitFor("tomorrow's board") { $0.contains("Tue Dec 1") && $0.contains("(now") }
        try pane.send("[")
        try pane.waitFor("today's board") { $0.contains("Mon Nov 30 2026") && !$0.contains("(now") }

        // Wider panes show more columns, without --wide.
        try pane.resize(columns: 130, rows: 24)
        screen = try pane.waitFor("the terminal and codeshares") { $0.contains("TERM") && $0.contains("CODESHARES") }
        #expect(!screen.contains("REMARK"))
        try pane.resize(columns: 170, rows: 24)
        screen = try pane.waitFor("the remark too") { $0.contains("REMARK") }
        for line in screen.split(separator: "\n") { #expect(line.count <= 170, "\(line)") }
        try pane.resize(columns: 80, rows: 24)
        try pane.waitFor("the usual columns") { $0.contains("FLIGHT") && !$0.contains("TERM") }

        try pane.send("q")
        try pane.waitFor("the shell after quitting") { $0.contains("EXITED-0") }
    }
}
