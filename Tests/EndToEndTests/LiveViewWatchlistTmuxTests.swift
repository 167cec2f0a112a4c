import BoardProtocol
import BoardSystem
import Foundation
import Testing

/// The live view's watchlist keys through a real terminal: K/J, x and u reach the state file, and y
/// reaches tmux's paste buffer. What each key does to the model is `LiveViewWatchlistTests`.
@Suite(.serialized) struct LiveViewWatchlistTmuxTests {
    @Test(.enabled(if: LiveViewTmuxTests.tmuxAvailable)) func keysMoveHideUndoAndCopyThroughTheStateFileAndTmux() throws {
        let sandbox = Sandbox()
        let daemon = try RunningDaemon(sandbox: sandbox)
        defer { _ = try? daemon.stop() }
        let rows = try #require(try sandbox.board("--json").json?["flights"]?.array)
        let a = try #require(rows[10]["id"]?.int)
        let b = try #require(rows[4]["id"]?.int)
        let name = try #require(rows[10]["flightName"]?.string)
        #expect(try sandbox.board("pin", String(a)).status == 0)
        #expect(try sandbox.board("pin", String(b)).status == 0)
        func state(_ key: String) throws -> [Int] {
            let json = try JSON.parse(Array(try Data(contentsOf: URL(fileURLWithPath: sandbox.stateDirectory + "/state.json"))))
            return (json[key]?.array ?? []).compactMap { $0["id"]?.int }
        }

        let pane = try TmuxPane(sandbox: sandbox, command: "sh -c '\(Binaries.board) watch all; echo EXITED-$?; sleep 30'")
        try pane.waitFor("the live board") { $0.contains("● live") }
        try pane.send("Home")
        try pane.send("J")
        try waitUntil("the new order to be saved") { try state("pins") == [b, a] }
        try pane.waitFor("the move said") { $0.contains("Moved \(name) down") }
        try pane.send("x")
        try waitUntil("the hide to be saved") { try state("hidden") == [a] }
        try pane.waitFor("the undo offered") { $0.contains("Hidden \(name) — u to undo") && $0.contains("1 hidden") }
        try pane.send("u")
        try waitUntil("the undo to be saved") { try state("hidden") == [] }
        try pane.waitFor("the flight back") { $0.contains("\(name) is back on the board.") }

        try pane.send("a")
        try pane.waitFor("the action menu, with copy inside tmux") { $0.contains("Actions for") && $0.contains("y  copy") }
        try pane.send("y")
        try pane.waitFor("the copy said") { $0.contains("to tmux's paste buffer") }
        try waitUntil("tmux's buffer to hold the flight") {
            let buffer = try pane.tmux(["-S", pane.socket, "show-buffer"]).stdout
            return buffer.hasSuffix(" \(name)") || buffer.contains(" \(name)")
        }
        try pane.send("q")
        try pane.waitFor("the shell after quitting") { $0.contains("EXITED-0") }
    }

    /// A pin, an unpin or a hide from another pane (another `board`) reaches an open view within seconds:
    /// every pane shows the same watchlist, and the view's own next save keeps them.
    @Test(.enabled(if: LiveViewTmuxTests.tmuxAvailable)) func pinsAndHidesFromAnotherBoardReachAnOpenView() throws {
        let sandbox = Sandbox()
        let daemon = try RunningDaemon(sandbox: sandbox)
        defer { _ = try? daemon.stop() }
        let rows = try #require(try sandbox.board("--json").json?["flights"]?.array)
        let pinned = try #require(rows[12]["id"]?.int)
        let pinnedName = try #require(rows[12]["flightName"]?.string)
        let hidden = try #require(rows[13]["flightName"]?.string)
        let pane = try TmuxPane(sandbox: sandbox, command: "sh -c '\(Binaries.board) watch all; echo EXITED-$?; sleep 30'")
        try pane.waitFor("the live board") { $0.contains("● live") && $0.contains(hidden) }
        #expect(try sandbox.board("pin", String(pinned)).status == 0)
        try pane.waitFor("the pin from elsewhere") { $0.contains("*") && $0.contains(pinnedName) }
        #expect(try sandbox.board("hide", hidden).status == 0)
        try pane.waitFor("the hide from elsewhere") { !$0.contains(hidden) && $0.contains("1 hidden") }
        // Another board's tab choice, then an unpin the view shows: the view read both. Its own next save
        // (h, hide past) keeps the other board's tab.
        #expect(try sandbox.board("departures").status == 0)
        #expect(try sandbox.board("unpin", String(pinned)).status == 0)
        try pane.waitFor("the unpin from elsewhere") { !$0.contains("*") }
        try pane.send("h")
        try pane.waitFor("past flights hidden") { $0.contains("past hidden") || $0.contains("no past") }
        try pane.send("q")
        try pane.waitFor("the shell after quitting") { $0.contains("EXITED-0") }
        let state = try JSON.parse(Array(try Data(contentsOf: URL(fileURLWithPath: sandbox.stateDirectory + "/state.json"))))
        #expect(state["hidden"]?.array?.count == 1, "the view's own save kept the other board's hide")
        #expect(state["tab"]?.string == "departures", "and the other board's tab")
    }
    /// The view shows the watchlist as its own save leaves it: a save drops the pins of days that
    /// left the window (and takes in what other panes saved), and the view kept showing the pin.
    @Test(.enabled(if: LiveViewTmuxTests.tmuxAvailable)) func theViewShowsTheWatchlistItsOwnSaveLeaves() throws {
        let sandbox = Sandbox()
        let daemon = try RunningDaemon(sandbox: sandbox)
        defer { _ = try? daemon.stop() }
        let rows = try #require(try sandbox.board("--json").json?["flights"]?.array)
        let name = try #require(rows[12]["flightName"]?.string)
        #expect(try sandbox.board("pin", String(try #require(rows[12]["id"]?.int))).status == 0)
        let pane = try TmuxPane(sandbox: sandbox, command: "sh -c '\(Binaries.board) watch all; echo EXITED-$?; sleep 30'")
        try pane.waitFor("the pinned flight") { $0.contains("● live") && $0.contains("*") && $0.contains(name) }
        #expect(try sandbox.board("clock", "set", "2026-12-01T12:00:00-05:00").status == 0)
        try pane.waitFor("the next day's board") { $0.contains("Tue Dec 1") && $0.contains("● live") }
        // A save (h: hide past flights) on Dec 1 drops the pin of Nov 30, which has left the window.
        try pane.send("h")
        try waitUntil("the pin to be dropped by the save") {
            let state = try JSON.parse(Array(try Data(contentsOf: URL(fileURLWithPath: sandbox.stateDirectory + "/state.json"))))
            return state["pins"]?.array?.isEmpty == true
        }
        try pane.send("h")
        #expect(try sandbox.board("clock", "set", "2026-11-30T12:00:00-05:00").status == 0)
        let back = try pane.waitFor("Nov 30's board again") { $0.contains("Mon Nov 30") && $0.contains(name) }
        #expect(!back.contains("*"), "the view no longer pins what the state no longer has: \(back)")
        try pane.send("q")
        try pane.waitFor("the shell after quitting") { $0.contains("EXITED-0") }
    }
    /// The view turns on bracketed paste: text pasted into the search prompt (tmux's `paste-buffer -p`,
    /// as a terminal pastes) is text, even with an ESC and command letters in it.
    @Test(.enabled(if: LiveViewTmuxTests.tmuxAvailable)) func pastedTextIsTextNotKeys() throws {
        let sandbox = Sandbox()
        let daemon = try RunningDaemon(sandbox: sandbox)
        defer { _ = try? daemon.stop() }
        let pane = try TmuxPane(sandbox: sandbox, command: "sh -c '\(Binaries.board) watch all; echo EXITED-$?; sleep 30'")
        try pane.waitFor("the live board") { $0.contains("● live") }
        _ = try pane.tmux(["-S", pane.socket, "set-buffer", "miami\u{1B}xPq"])
        try pane.send("/")
        try pane.waitFor("the search prompt") { $0.contains("/█") }
        _ = try pane.tmux(["-S", pane.socket, "paste-buffer", "-p"])
        try pane.waitFor("the pasted text in the prompt") { $0.contains("/miamixPq█") }
        // Esc, then q once the prompt has closed: ESC and q within the escape time are Alt-q, which
        // the prompt takes as no key (as tmux reads them within its `escape-time`).
        try pane.send("Escape")
        try pane.waitFor("the prompt closed") { !$0.contains("█") && $0.contains("● live") }
        // On the board, the paste opens the prompt holding it: its P and q act on nothing.
        _ = try pane.tmux(["-S", pane.socket, "paste-buffer", "-p"])
        try pane.waitFor("the paste in a prompt it opened") { $0.contains("/miamixPq█") }
        try pane.send("Escape")
        try pane.waitFor("that prompt closed") { !$0.contains("█") && $0.contains("● live") }
        try pane.send("q")
        try pane.waitFor("the shell after quitting") { $0.contains("EXITED-0") }
        let state = FileManager.default.contents(atPath: sandbox.stateDirectory + "/state.json").flatMap {
            try? JSON.parse(Array($0))
        }
        #expect(
            (state?["hidden"]?.array ?? []).isEmpty && (state?["pins"]?.array ?? []).isEmpty, "the paste hid and pinned nothing")
    }
}
