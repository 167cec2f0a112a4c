import BoardProtocol
import BoardSystem
import Foundation
import Glibc
import Testing

/// A private tmux server running one pane, for driving the full-screen view as a person would.
final class TmuxPane {
    let socket: String
    let environment: [String: String]
    let directory: String

    /// A tmux server of its own on `socketName` in the sandbox, running `command` in its one pane.
    init(
        sandbox: Sandbox, command: String, columns: Int = 80, rows: Int = 24, autostart: Bool = false,
        socketName: String = "tmux.sock"
    ) throws {
        socket = sandbox.path + "/" + socketName
        directory = sandbox.path
        environment = sandbox.environment(autostart: autostart)
        var arguments = ["-S", socket, "-f", "/dev/null", "new-session", "-d", "-x", "\(columns)", "-y", "\(rows)"]
        for key in ["BOARD_SOCKET", "BOARD_STATE_DIR", "BOARD_NO_AUTOSTART", "XDG_CONFIG_HOME"] {
            if let value = environment[key] { arguments += ["-e", "\(key)=\(value)"] }
        }
        arguments += ["-e", "TERM=xterm-256color", command]
        let result = try tmux(arguments)
        guard result.status == 0 else { throw TimedOut(what: "tmux to start: \(result.stderr)") }
        _ = try tmux(["-S", socket, "set-option", "-g", "remain-on-exit", "on"])
    }

    @discardableResult
    func tmux(_ arguments: [String]) throws -> ProcessResult {
        try runAsFromAShell(["tmux"] + arguments, environment: environment, timeout: 10)
    }

    func capture() throws -> String { try tmux(["-S", socket, "capture-pane", "-p"]).stdout }

    func send(_ keys: String...) throws { try tmux(["-S", socket, "send-keys"] + keys) }

    func resize(columns: Int, rows: Int) throws {
        try tmux(["-S", socket, "resize-window", "-x", "\(columns)", "-y", "\(rows)"])
    }

    /// Waits until the pane shows what `condition` looks for; returns that screen.
    @discardableResult
    func waitFor(_ what: String, timeout: Double = 10, _ condition: (String) -> Bool) throws -> String {
        var screen = ""
        do {
            try waitUntil(what, timeout: timeout) {
                screen = try capture()
                return condition(screen)
            }
        } catch {
            Issue.record("waiting for \(what); the pane shows:\n\(screen)")
            throw error
        }
        return screen
    }

    deinit { _ = try? tmux(["-S", socket, "kill-server"]) }
}

/// End-to-end smokes of the full-screen view: a real terminal, a real daemon, keys as a person types them.
///
/// What a frame shows for a model (tabs, badges, the cursor, details, search, pins, narrow layouts,
/// the reconnecting marker) is checked without any process in `Tests/BoardCLITests/LiveView*Tests.swift`;
/// these check what only the real loop does: raw mode and the alternate screen, keys from the
/// terminal, requests to the daemon, the state file, SIGWINCH, reconnecting, and the exit.
@Suite(.serialized) struct LiveViewTmuxTests {
    static var tmuxAvailable: Bool { access("/usr/bin/tmux", X_OK) == 0 || access("/usr/local/bin/tmux", X_OK) == 0 }

    @Test(.enabled(if: tmuxAvailable)) func aPersonWatchesTheBoard() throws {
        let sandbox = Sandbox()
        var daemon: RunningDaemon? = try RunningDaemon(sandbox: sandbox)
        let pane = try TmuxPane(sandbox: sandbox, command: "sh -c '\(Binaries.board) watch; echo EXITED-$?; sleep 30'")

        // The live board from the daemon.
        var screen = try pane.waitFor("the live board") { $0.contains("● live") }
        #expect(screen.contains("[All Nov 30]"))

        // A key switches tabs, and the choice reaches the state file.
        try pane.send("Right")
        try pane.waitFor("the departures tab") { $0.contains("[Departures 15]") }
        let state = try String(contentsOfFile: sandbox.stateDirectory + "/state.json", encoding: .utf8)
        #expect(state.contains("\"tab\":\"departures\""))

        // Enter asks the daemon for the flight; Esc goes back.
        try pane.send("Down", "Enter")
        try pane.waitFor("a flight's details") { $0.contains("Departure to") && $0.contains("History") }
        try pane.send("Escape")
        try pane.waitFor("the board again") { $0.contains("FLIGHT") && $0.contains("[Departures 15]") }

        // A resize (SIGWINCH) redraws at the new size.
        try pane.resize(columns: 40, rows: 10)
        screen = try pane.waitFor("the narrow layout") { $0.contains("[Dep 15]") }
        for line in screen.split(separator: "\n") { #expect(line.count <= 40, "\(line)") }
        try pane.resize(columns: 80, rows: 24)
        try pane.waitFor("the wide layout") { $0.contains("[Departures 15]") }

        // The daemon goes away: the board stays, and the view says so.
        try daemon?.stop(signal: SIGKILL)
        daemon = nil
        screen = try pane.waitFor("the reconnecting marker") { $0.contains("reconnecting") }
        #expect(screen.contains("FLIGHT") && screen.contains("→ "), "the last board stays on screen")

        // It comes back (a new instance): live again, by itself.
        daemon = try RunningDaemon(sandbox: sandbox, now: "2026-11-30T15:00:00-05:00")
        try pane.waitFor("live again after the restart", timeout: 15) { $0.contains("● live") && $0.contains("15:00") }

        // q quits and restores the screen.
        try pane.send("q")
        screen = try pane.waitFor("the shell after quitting") { $0.contains("EXITED-0") }
        #expect(!screen.contains("● live"), "the alternate screen is gone")
        try daemon?.stop()
    }

    /// A daemon stopped on purpose (SIGTERM) is said as stopped, with how to start one, not as
    /// "reconnecting" for ever; the view is live again once one is started.
    @Test(.enabled(if: tmuxAvailable)) func aDaemonStoppedOnPurposeIsSaidAsStopped() throws {
        let sandbox = Sandbox()
        var daemon = try RunningDaemon(sandbox: sandbox)
        let pane = try TmuxPane(sandbox: sandbox, command: "sh -c '\(Binaries.board) watch; echo EXITED-$?; sleep 30'")
        try pane.waitFor("the live board") { $0.contains("● live") }
        try daemon.stop()
        let screen = try pane.waitFor("the stopped daemon said") { $0.contains("○ stopped") }
        #expect(screen.contains("Daemon stopped; start it with boardd and this view reconnects."), "autostart is off: \(screen)")
        daemon = try RunningDaemon(sandbox: sandbox)
        defer { _ = try? daemon.stop() }
        let live = try pane.waitFor("live again", timeout: 15) { $0.contains("● live") }
        #expect(!live.contains("Daemon stopped"), "\(live)")
        try pane.send("q")
        try pane.waitFor("the shell after quitting") { $0.contains("EXITED-0") }
    }

    @Test(.enabled(if: tmuxAvailable)) func watchStartsAnAbsentDaemonShowsAStoppedOneIsNotLiveAndStartsAKilledOneAgain() throws {
        let sandbox = Sandbox()
        defer { for pid in ProcessTable.processes(withArgument: sandbox.socket) { try? ProcessTable.stop(pid) } }
        let pane = try TmuxPane(
            sandbox: sandbox, command: "sh -c '\(Binaries.board) watch; echo EXITED-$?; sleep 30'", autostart: true)

        // No daemon: watch starts one, as every other command does.
        try pane.waitFor("the live board from an autostarted daemon") { $0.contains("● live") }
        let daemon = try #require(ProcessTable.processes(withArgument: sandbox.socket).first)

        // Stopped, the daemon keeps its socket open and says nothing: within seconds it is not live.
        #expect(kill(daemon, SIGSTOP) == 0)
        let screen = try pane.waitFor("the stopped daemon shown as not live", timeout: 8) { $0.contains("reconnecting") }
        #expect(!screen.contains("● live"))
        // The board's age counts from the last word heard, at least the heartbeat's patience before
        // the view gave up (it counted from giving up: "board 0s old").
        let age = screen.firstMatch(of: /board (\d+)s old/).flatMap { Int($0.1) }
        #expect(age.map { $0 >= 3 } == true, "\(screen)")
        #expect(screen.contains("FLIGHT"), "the last board stays on screen")

        // Continued, it is live again by itself.
        #expect(kill(daemon, SIGCONT) == 0)
        try pane.waitFor("live again once continued", timeout: 15) { $0.contains("● live") }

        // Killed without a word, it is started again by the view, which is live again.
        #expect(kill(daemon, SIGKILL) == 0)
        try waitUntil("a daemon started again", timeout: 15) {
            ProcessTable.processes(withArgument: sandbox.socket).contains { $0 != daemon }
        }
        try pane.waitFor("live on the new daemon", timeout: 15) { $0.contains("● live") }
        try pane.send("q")
        try pane.waitFor("the shell after quitting") { $0.contains("EXITED-0") }
    }

    /// `--rotate 2` on a 14-row screen (9 flights a page and the now line): the pages of All turn by themselves,
    /// then the Departures tab comes up from its top, and a key still works.
    @Test(.enabled(if: tmuxAvailable)) func aWallScreenRotatesPagesThenTabs() throws {
        let sandbox = Sandbox()
        let daemon = try RunningDaemon(sandbox: sandbox)
        let pane = try TmuxPane(
            sandbox: sandbox, command: "sh -c '\(Binaries.board) watch all --rotate 2; echo EXITED-$?; sleep 30'", rows: 14)
        // Any page first: a test thread held up for the 2 s of a page sees the second one first.
        try pane.waitFor("the first page") { $0.contains("● live") && $0.contains("page ") && $0.contains("/4") }
        try pane.waitFor("the second page, by itself") { $0.contains("page 2/4") }
        try pane.waitFor("the next tab after the last page", timeout: 15) {
            $0.contains("[Departures 15]") && $0.contains("page 1/2")
        }
        try pane.send("q")
        try pane.waitFor("the shell after quitting") { $0.contains("EXITED-0") }
        try daemon.stop()
    }

    /// `config/tmux.conf` binds prefix + B to a pane wide enough for the ID and the gate, and leaves
    /// the user's own status-interval and status-right-length alone.
    @Test(.enabled(if: tmuxAvailable)) func theTmuxSnippetKeepsTheUsersStatusSettings() throws {
        let sandbox = Sandbox()
        let pane = try TmuxPane(sandbox: sandbox, command: "sleep 30")
        _ = try pane.tmux(["-S", pane.socket, "set-option", "-g", "status-interval", "7"])
        _ = try pane.tmux(["-S", pane.socket, "set-option", "-g", "status-right-length", "33"])
        _ = try pane.tmux(["-S", pane.socket, "set-option", "-g", "status-right", "MINE"])
        let sourced = try pane.tmux(["-S", pane.socket, "source-file", Repository.root + "/config/tmux.conf"])
        #expect(sourced.status == 0, "\(sourced.stderr)")
        func option(_ name: String) throws -> String {
            try pane.tmux(["-S", pane.socket, "show-options", "-gv", name]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        #expect(try option("status-interval") == "7")
        #expect(try option("status-right-length") == "33")
        #expect(try option("status-right") == "MINE #(board status --tmux)", "appended to the user's own")
        // Sourced again (a prefix r habit), it is not appended twice.
        _ = try pane.tmux(["-S", pane.socket, "source-file", Repository.root + "/config/tmux.conf"])
        #expect(try option("status-right") == "MINE #(board status --tmux)", "once only")
        let binding = try pane.tmux(["-S", pane.socket, "list-keys", "-T", "prefix", "B"]).stdout
        let width = try #require(binding.firstMatch(of: /-l (\d+)/).flatMap { Int($0.1) })
        #expect(width >= 59, "\(binding)")
        // At that width the board's rows keep the gate and the id.
        let daemon = try RunningDaemon(sandbox: sandbox)
        defer { _ = try? daemon.stop() }
        let board = try sandbox.board("--color", "never", env: ["COLUMNS": "\(width)"]).stdout.lines
        let titles = try #require(board.first { $0.contains("FLIGHT") })
        #expect(titles.contains("GATE") && titles.hasSuffix("ID"), "\(titles)")
    }

    /// The optional messages line of `config/tmux.conf`, as shipped, hands tmux each `#` of a change
    /// doubled, so a line with `#(...)` shows as written and runs nothing: tmux's `run-shell` turned
    /// the `##` of its sed into `#`, which doubled nothing. Its events are a file's line here.
    @Test(.enabled(if: tmuxAvailable)) func thePinnedMessagesLineShowsAHashAndRunsNothing() throws {
        let sandbox = Sandbox()
        let pane = try TmuxPane(sandbox: sandbox, command: "sleep 30")
        let conf = try String(contentsOfFile: Repository.root + "/config/tmux.conf", encoding: .utf8)
        let shipped = try #require(conf.split(separator: "\n").first { $0.hasPrefix("# run-shell -b 'board events") })
        let mark = sandbox.path + "/ran"
        let shown = sandbox.path + "/shown"
        let line = "Pacific 1 #(touch \(mark)) gate ##A1"
        let events = "board events --follow --since 0m --pinned"
        let display = #"tmux display-message "board: $line""#
        try #require(shipped.contains(events) && shipped.contains(display), "\(shipped)")
        // The change comes out of a command, as board events prints it: never through tmux's formats.
        try (line + "\n").write(toFile: sandbox.path + "/change", atomically: true, encoding: .utf8)
        let tested = shipped.dropFirst(2)
            .replacingOccurrences(of: events, with: "cat " + sandbox.path + "/change")
            .replacingOccurrences(of: display, with: #"tmux display-message -p "board: $line" >> "# + shown)
        try tested.write(toFile: sandbox.path + "/messages.conf", atomically: true, encoding: .utf8)
        let sourced = try pane.tmux(["-S", pane.socket, "source-file", sandbox.path + "/messages.conf"])
        #expect(sourced.status == 0, "\(sourced.stderr)")
        try waitUntil("the message") { (try? String(contentsOfFile: shown, encoding: .utf8))?.contains("\n") == true }
        #expect(try String(contentsOfFile: shown, encoding: .utf8) == "board: \(line)\n")
        #expect(!FileManager.default.fileExists(atPath: mark), "#(...) ran nothing")
    }

    /// A save from the live view (here, choosing a tab) prunes pins whose day has left the window,
    /// as every other command's save does.
    @Test(.enabled(if: tmuxAvailable)) func aSaveFromTheLiveViewPrunesPinsThatLeftTheWindow() throws {
        let sandbox = Sandbox()
        let daemon = try RunningDaemon(sandbox: sandbox)
        defer { _ = try? daemon.stop() }
        #expect(try sandbox.board("pin", "9541").status == 0)
        #expect(try sandbox.board("clock", "set", "2026-12-15T12:00:00-05:00").status == 0)
        func state() throws -> JSON {
            try JSON.parse(Array(try Data(contentsOf: URL(fileURLWithPath: sandbox.stateDirectory + "/state.json"))))
        }
        #expect(try state()["pins"]?.array?.count == 1)

        let pane = try TmuxPane(sandbox: sandbox, command: "sh -c '\(Binaries.board) watch; echo EXITED-$?; sleep 30'")
        try pane.waitFor("the live board of Dec 15") { $0.contains("● live") && $0.contains("Dec 15") }
        try pane.send("Right")
        try waitUntil("the tab to be saved") { try state()["tab"]?.string == "departures" }
        #expect(try state()["pins"]?.array?.isEmpty == true, "Pacific 578 of Nov 30 left the window")
        try pane.send("q")
        try pane.waitFor("the shell after quitting") { $0.contains("EXITED-0") }
    }

    /// A signal that ends the view ends it with the terminal as it was: the alternate screen left and the
    /// cursor shown (SIGQUIT left the terminal raw, in the alternate screen, the cursor hidden).
    @Test(.enabled(if: tmuxAvailable), arguments: [SIGQUIT, SIGTERM, SIGHUP])
    func aSignalEndsTheViewWithTheTerminalRestored(signal: Int32) throws {
        let sandbox = Sandbox()
        let daemon = try RunningDaemon(sandbox: sandbox)
        defer { _ = try? daemon.stop() }
        let pane = try TmuxPane(sandbox: sandbox, command: "sh -c '\(Binaries.board) watch all; echo EXITED-$?; sleep 30'")
        try pane.waitFor("the live board") { $0.contains("● live") }
        func paneFlag(_ name: String) throws -> String {
            try pane.tmux(["-S", pane.socket, "display-message", "-p", "#{\(name)}"]).stdout.trimmingCharacters(
                in: .whitespacesAndNewlines)
        }
        #expect(try paneFlag("alternate_on") == "1", "the view is on the alternate screen")
        let shell = try #require(Int32(try paneFlag("pane_pid")))
        let children = try String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)
        let board = try #require(children.split(separator: " ").first.flatMap { Int32($0) }, "board under the pane's shell")
        #expect(kill(board, signal) == 0)
        try pane.waitFor("the shell after the signal") { $0.contains("EXITED-\(128 + signal)") }
        #expect(try paneFlag("alternate_on") == "0", "the alternate screen left")
        #expect(try paneFlag("cursor_flag") == "1", "the cursor shown")
    }

    /// On `TERM=dumb` (an Emacs shell buffer: no cursor moves) the view prints each board as it comes,
    /// as into a pipe, instead of drawing a full screen with cursor addressing.
    @Test(.enabled(if: tmuxAvailable)) func aDumbTerminalGetsBoardsPrintedNotAFullScreen() throws {
        let sandbox = Sandbox()
        let daemon = try RunningDaemon(sandbox: sandbox)
        defer { _ = try? daemon.stop() }
        let pane = try TmuxPane(sandbox: sandbox, command: "sh -c 'TERM=dumb \(Binaries.board) watch all; sleep 30'")
        // The rows printed (the header may have scrolled off the pane).
        try pane.waitFor("a board printed") { $0.contains("On time") && $0.contains("→") }
        let alternate = try pane.tmux(["-S", pane.socket, "display-message", "-p", "#{alternate_on}"]).stdout
        #expect(alternate.trimmingCharacters(in: .whitespacesAndNewlines) == "0", "no full screen")
        #expect(!(try pane.waitFor("the board") { _ in true }).contains("● live"), "the live view's header is not drawn")
    }

    /// After `stop`, the shell of `pane` (`echo STOPPED-$?; read line; fg`) has the terminal, the view
    /// stopped by SIGTSTP; Enter runs `fg`, and the view is full screen again.
    static func expectStoppedAndBroughtBack(_ pane: TmuxPane, stop: () throws -> Void) throws {
        func alternateScreen() throws -> String {
            try pane.tmux(["-S", pane.socket, "display-message", "-p", "#{alternate_on}"]).stdout.trimmingCharacters(
                in: .whitespacesAndNewlines)
        }
        // What the view writes from the stop on, to count how often it takes the screen again.
        let written = pane.socket + ".out"
        _ = try pane.tmux(["-S", pane.socket, "pipe-pane", "-o", "cat >> '\(written)'"])
        try stop()
        try pane.waitFor("the shell, the view stopped (128 + SIGTSTP)") { $0.contains("STOPPED-148") }
        #expect(try alternateScreen() == "0", "the terminal given back")
        try pane.send("Enter")
        try pane.waitFor("the view again after fg") { $0.contains("● live") && !$0.contains("STOPPED-148") }
        #expect(try alternateScreen() == "1")
        // Keys are read one by one again: ? shows the keys with no Enter after it.
        try pane.send("?")
        try pane.waitFor("the keys' help") { $0.contains("Esc closes") }
        try pane.send("Escape")
        try pane.waitFor("the board again") { $0.contains("● live") && !$0.contains("Esc closes") }
        // Taken and drawn whole once: the SIGCONT that fg sends is the stop's own end, and it drew
        // the whole view a second time (the screen cleared twice, a flicker).
        let output = try String(contentsOfFile: written, encoding: .utf8)
        #expect(output.components(separatedBy: "\u{1B}[?1049h").count - 1 == 1, "\(output.debugDescription.prefix(400))")
    }

    /// Ctrl-Z stops the view as less and vim stop: the terminal given back to the shell (it was
    /// swallowed as a key), and full screen again on `fg`.
    @Test(.enabled(if: tmuxAvailable)) func ctrlZSuspendsTheViewAndFgBringsItBack() throws {
        let sandbox = Sandbox()
        let daemon = try RunningDaemon(sandbox: sandbox)
        defer { _ = try? daemon.stop() }
        let pane = try TmuxPane(
            sandbox: sandbox,
            command: "sh -c 'set -m; \(Binaries.board) watch all; echo STOPPED-$?; read line; fg; echo EXITED-$?; sleep 30'")
        try pane.waitFor("the live board") { $0.contains("● live") }
        try Self.expectStoppedAndBroughtBack(pane) { try pane.send("C-z") }
        try pane.send("q")
        try pane.waitFor("the shell after quitting") { $0.contains("EXITED-0") }
    }

    /// A stop sent from elsewhere (`kill -TSTP`) gives the terminal back as Ctrl-Z does, and `fg` brings
    /// the view back whole, its keys read at once: the view stopped in raw mode under the shell's
    /// prompt and, continued, read keys only after Enter. A `kill -STOP` it cannot see is drawn over
    /// on `kill -CONT`.
    @Test(.enabled(if: tmuxAvailable)) func aStopFromElsewhereGivesTheTerminalBackAndFgBringsTheViewBack() throws {
        let sandbox = Sandbox()
        let daemon = try RunningDaemon(sandbox: sandbox)
        defer { _ = try? daemon.stop() }
        let pidFile = sandbox.path + "/view.pid"
        let pane = try TmuxPane(
            sandbox: sandbox,
            command:
                "sh -c 'set -m; \(Binaries.board) watch all & echo $! > \(pidFile); fg; echo STOPPED-$?; read line; fg; "
                + "echo EXITED-$?; sleep 30'")
        try pane.waitFor("the live board") { $0.contains("● live") }
        let pid = try #require(
            Int32((try String(contentsOfFile: pidFile, encoding: .utf8)).trimmingCharacters(in: .whitespacesAndNewlines)))
        try Self.expectStoppedAndBroughtBack(pane) { #expect(kill(pid, SIGTSTP) == 0) }
        try pane.send("q")
        try pane.waitFor("the shell after quitting") { $0.contains("EXITED-0") }

        // Stopped where it cannot see it (no shell takes the terminal), then continued: drawn whole again.
        let alonePID = sandbox.path + "/alone.pid"
        // A tmux server of its own: on the first's socket it would be a second session, and a pane
        // named without a target could be the first's.
        // The view is the pane's process's child, not the pane's process: tmux continues a pane's
        // process that stops (`server_child_stopped`), which raced the text written over the view.
        let alone = try TmuxPane(
            sandbox: sandbox,
            command: "sh -c 'sh -c \"echo \\$\\$ > \(alonePID); exec \(Binaries.board) watch all\"; sleep 30'",
            socketName: "alone.sock")
        try alone.waitFor("the live board") { $0.contains("● live") }
        let view = try #require(
            Int32((try String(contentsOfFile: alonePID, encoding: .utf8)).trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(kill(view, SIGSTOP) == 0)
        // What another program printed meanwhile, over the view.
        let tty = try alone.tmux(["-S", alone.socket, "display-message", "-p", "#{pane_tty}"]).stdout.trimmingCharacters(
            in: .whitespacesAndNewlines)
        try Data("\u{1B}[2JGARBAGE-OVER-THE-VIEW\r\n".utf8).write(to: URL(fileURLWithPath: tty))
        try alone.waitFor("the text over the view") { $0.contains("GARBAGE-OVER-THE-VIEW") }
        // Still stopped (`T` in /proc): nothing but the test continues it.
        let state = try String(contentsOfFile: "/proc/\(view)/stat", encoding: .utf8)
        #expect(state.split(separator: ")").last?.split(separator: " ").first == "T", "\(state)")
        #expect(kill(view, SIGCONT) == 0)
        try alone.waitFor("the view drawn whole again") { $0.contains("● live") && !$0.contains("GARBAGE-OVER-THE-VIEW") }
        try alone.send("q")
    }

    /// `board watch` reopens as it was left: the open flight on top of its board, and Esc lands on
    /// the board with the cursor on that flight, marked as the last viewed.
    @Test(.enabled(if: tmuxAvailable)) func watchReopensWhereItWasLeft() throws {
        let sandbox = Sandbox()
        let daemon = try RunningDaemon(sandbox: sandbox)
        defer { _ = try? daemon.stop() }
        let board = "\(Binaries.board) watch"
        // The second starts on Enter once the first has gone: until then the first's last screen,
        // the flight under "● live", is still in the pane, and a key sent meanwhile is flushed.
        let pane = try TmuxPane(
            sandbox: sandbox, command: "sh -c '\(board); echo FIRST-$?; read line; \(board); echo EXITED-$?; sleep 30'")
        try pane.waitFor("the live board") { $0.contains("● live") }
        try pane.send("Down", "Enter")
        let details = try pane.waitFor("a flight's details") { $0.contains("History") && $0.contains("(id ") }
        let title = try #require(details.split(separator: "\n").first { $0.contains("(id ") }).trimmingCharacters(
            in: .whitespaces)
        try pane.send("q")
        try pane.waitFor("the first to have quit") { $0.contains("FIRST-0") }
        try pane.send("Enter")

        // The second `board watch` opens that flight again, over its board.
        try pane.waitFor("the same flight reopened") { $0.contains(title) && $0.contains("● live") }
        try pane.send("Escape")
        let back = try pane.waitFor("its board under it") { $0.contains("FLIGHT") && $0.contains("● live") }
        let name = String(title.split(separator: "  ").first ?? "")
        let cursorRow = back.split(separator: "\n").first { $0.hasPrefix(">") || $0.contains("›") }
        #expect(cursorRow?.contains(name) == true, "the last viewed \(name) is marked: \(back)")
        try pane.send("q")
        try pane.waitFor("the shell after quitting") { $0.contains("EXITED-0") }
    }

    /// `]` on the window's last day: the daemon's refusal in the footer, the day shown kept (and `[`
    /// goes back one day from it); a pane's saved day that left the window since opens today's board,
    /// saying so, rather than waiting on a board the daemon will not send.
    @Test(.enabled(if: tmuxAvailable)) func aDayOutsideTheWindowIsSaidAndASavedOneOpensToday() throws {
        let sandbox = Sandbox()
        let daemon = try RunningDaemon(sandbox: sandbox)
        defer { _ = try? daemon.stop() }
        let board = "\(Binaries.board) watch"
        let pane = try TmuxPane(
            sandbox: sandbox,
            command: "sh -c '\(board) --date +14; echo FIRST-$?; read line; \(board); echo EXITED-$?; sleep 30'")
        try pane.waitFor("the window's last day") { $0.contains("[All Dec 14]") && $0.contains("● live") }
        try pane.send("]")
        var screen = try pane.waitFor("the refusal") { $0.contains("outside the board's window") }
        #expect(screen.contains("[All Dec 14]"), "the day shown stays: \(screen)")
        try pane.send("[")
        try pane.waitFor("the day before the one shown") { $0.contains("[All Dec 13]") }
        // Tomorrow's board saved, then the clock past it: the saved day left the window.
        try pane.send("Escape")
        try pane.waitFor("today's board") { $0.contains("[All Nov 30]") }
        try pane.send("]")
        try pane.waitFor("tomorrow's board") { $0.contains("[All Dec 1]") }
        try pane.send("q")
        try pane.waitFor("the first to have quit") { $0.contains("FIRST-0") }
        #expect(try sandbox.board("clock", "advance", "2d").status == 0)
        try pane.send("Enter")
        screen = try pane.waitFor("today's board instead") { $0.contains("[All Dec 2]") && $0.contains("● live") }
        #expect(screen.contains("Today's board: 2026-12-01 is outside the board's window"), "\(screen)")
        try pane.send("q")
        try pane.waitFor("the shell after quitting") { $0.contains("EXITED-0") }
    }
}
