import BoardProtocol
import BoardSystem
import Foundation
import Glibc
import Testing

/// The split layout as a person uses it in a wide tmux pane: the board and a flight side by side, the
/// details following the cursor, and the same flight when the pane narrows into the stack and widens back.
@Suite(.serialized) struct LiveViewSplitTmuxTests {
    /// The title of the flight on the details side (`Pacific 578  Arrival from …  (id 9541)`): right of
    /// the divider on a split pane, the whole line on a stacked one.
    static func title(_ screen: String) -> String? {
        screen.split(separator: "\n").first { $0.contains("(id ") }.map { line in
            let side = line.split(separator: "│", maxSplits: 1).last ?? line
            return side.trimmingCharacters(in: .whitespaces)
        }
    }

    static func isSplit(_ screen: String) -> Bool {
        screen.split(separator: "\n").dropFirst(2).dropLast().contains { $0.contains("│") }
    }

    @Test(.enabled(if: LiveViewTmuxTests.tmuxAvailable)) func aPersonReadsTheBoardAndAFlightSideBySide() throws {
        let sandbox = Sandbox()
        let daemon = try RunningDaemon(sandbox: sandbox)
        defer { _ = try? daemon.stop() }
        let pane = try TmuxPane(
            sandbox: sandbox, command: "sh -c '\(Binaries.board) watch; echo EXITED-$?; sleep 30'", columns: 200, rows: 30)

        // 200 columns: the board, and beside it what Enter does.
        try pane.waitFor("the board beside what Enter does") {
            $0.contains("● live") && $0.contains("FLIGHT") && $0.contains("⏎ shows its details here")
        }
        // Enter opens the flight under the cursor beside the board, which stays.
        try pane.send("Enter")
        var screen = try pane.waitFor("a flight beside the board") {
            Self.isSplit($0) && Self.title($0) != nil && $0.contains("FLIGHT") && $0.contains("History")
        }
        let first = try #require(Self.title(screen))
        // Esc gives the keys to the list; moving its cursor shows the next flight beside it.
        try pane.send("Escape")
        try pane.waitFor("the list's keys") { $0.contains("⏎ details") }
        try pane.send("Down")
        screen = try pane.waitFor("the next flight beside the board") {
            Self.isSplit($0) && Self.title($0).map { $0 != first } ?? false
        }
        let second = try #require(Self.title(screen))

        // 80 columns: that flight, as the top of the stack, without the board.
        try pane.resize(columns: 80, rows: 30)
        screen = try pane.waitFor("the same flight in the stack") { !Self.isSplit($0) && Self.title($0) == second }
        #expect(!screen.contains("FLIGHT  "), "\(screen)")
        for line in screen.split(separator: "\n") { #expect(line.count <= 80, "\(line)") }

        // Back to 200: both again.
        try pane.resize(columns: 200, rows: 30)
        screen = try pane.waitFor("both sides again") { Self.isSplit($0) && Self.title($0) == second && $0.contains("FLIGHT") }
        for line in screen.split(separator: "\n") { #expect(line.count <= 200, "\(line)") }

        try pane.send("q")
        try pane.waitFor("the shell after quitting") { $0.contains("EXITED-0") }
    }
}
