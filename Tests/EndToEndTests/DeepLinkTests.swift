import BoardProtocol
import BoardSystem
import Foundation
import Glibc
import Testing

/// Deep links into the live view, routes, and one saved view per tmux pane, with the real binaries.
@Suite(.serialized) struct DeepLinkTests {
    static var tmuxAvailable: Bool { LiveViewTmuxTests.tmuxAvailable }
    /// Outside tmux, whatever runs the tests.
    static let outsideTmux = ["TMUX": "", "TMUX_PANE": ""]

    static func stateText(_ sandbox: Sandbox) -> String? {
        try? String(contentsOfFile: sandbox.stateDirectory + "/state.json", encoding: .utf8)
    }

    /// A flight id of `date`, from the one-shot board.
    static func flight(on date: String, _ sandbox: Sandbox) throws -> (id: Int, name: String) {
        let board = try #require(try sandbox.board("--json", "--date", date).json)
        let flight = try #require(board["flights"]?.array?.dropFirst(10).first)
        return (try #require(flight["id"]?.int), try #require(flight["flightName"]?.string))
    }

    @Test(arguments: [
        (["watch", "--route", "sideways"], Int32(2), "\"sideways\" is not a tab"),
        (["watch", "--route", "all/flight/12@2026-13-40"], 2, "\"flight/12@2026-13-40\""),
        (["watch", "--route", "all/search/%1B%5B2J"], 2, "control character"),
        (["watch", "--route", "all/tv/1"], 2, "\"tv\" is not a screen"),
        (["watch", "departures", "--route", "all"], 2, "without a TAB or FLIGHT"),
        (["watch", "--print-route", "all"], 2, "--print-route only prints"),
        (["watch", "--route", "all", "--date", "tomorrow"], 2, "--route names the day too"),
        (["watch", "--date", "+30"], 4, "outside the board's window"),
        (["watch", "--date", "+1000"], 4, "+1000 (2029-08-26) is outside the board's window, 2026-11-30 to 2026-12-14."),
        (["watch", "--date", "+100000000"], 4, "+999999 days on or more is outside the board's window"),
        (["watch", "--date", "-1"], 2, "not \"-1\"; the board's window starts today: it holds no day before it"),
        (["watch", "sideways"], 2, "expected a tab (arrivals, all or departures) or a flight"),
        (["watch", "--layout", "wide"], 2, "--layout needs auto, stack or split, not \"wide\""),
        (["watch", "9999999"], 4, "no flight 9999999"),
        (["watch", "--route", "all/flight/9999999@2026-11-30"], 4, "no flight 9999999 on 2026-11-30;"),
        (["watch", "--route", "all/flight/9999999@2026-12-02"], 4, "no flight 9999999 on 2026-12-02;"),
        (["watch", "--route", "all/flight/9541@2026-11-29"], 4, "2026-11-29 is outside the board's window"),
        (["watch", "--route", "all@2027-01-30"], 4, "outside the board's window"),
    ])
    func aBadDeepLinkIsRefusedBeforeTheScreenOpens(arguments: [String], status: Int32, message: String) throws {
        let sandbox = Sandbox()
        let daemon = try RunningDaemon(sandbox: sandbox)
        defer { _ = try? daemon.stop() }
        _ = try sandbox.board("departures")
        let before = Self.stateText(sandbox)
        let result = try sandbox.board(arguments: arguments, env: Self.outsideTmux)
        #expect(result.status == status, "\(arguments): \(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "one line: \(result.stderr)")
        #expect(!result.stderr.contains("\u{1B}"))
        #expect(result.stdout.isEmpty)
        #expect(Self.stateText(sandbox) == before, "state.json untouched")
    }

    /// A 1,400-character route (the longest read) is refused in one short line that keeps its whole
    /// sentence: the quoted part is shortened (`"xxx…"`), never the reason or the pointer to help.
    @Test(arguments: [
        (String(repeating: "x", count: 1400), "…\" is not a tab: a route starts with arrivals, all or departures"),
        ("all@" + String(repeating: "2", count: 1396), "…\" after the tab is not a date: give YYYY-MM-DD"),
        ("all+" + String(repeating: "h", count: 1396), "…\" is not an option of the tab: only +hide-past is"),
        ("all/search/" + String(repeating: "%", count: 1389), "…\": the text is empty or badly percent-encoded"),
        ("all/flight/" + String(repeating: "1", count: 1389), "…\": a flight is ID@YYYY-MM-DD, an id from 1 to 9999999"),
    ])
    func aLongRouteIsShortenedInItsErrorNotTheSentence(route: String, sentence: String) throws {
        #expect(route.count == 1400)
        let sandbox = Sandbox()
        let result = try sandbox.board("watch", "--route", route, env: Self.outsideTmux)
        #expect(result.status == 2, "\(result.stderr)")
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].count <= 200, "one short line: \(result.stderr)")
        #expect(result.stderr.contains(sentence), "\(result.stderr)")
        #expect(result.stderr.hasSuffix("; see 'board help watch'\n"), "\(result.stderr)")
    }

    @Test func printRouteReadsOnlyTheStateAndNamesThePlainBoardWhenNothingWasSaved() throws {
        let sandbox = Sandbox()
        // No daemon at all: --print-route reads the state only.
        var result = try sandbox.board("watch", "--print-route", env: Self.outsideTmux)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "all\n")

        try FileManager.default.createDirectory(atPath: sandbox.stateDirectory, withIntermediateDirectories: true)
        let state = #"""
            {"schema":1,"tab":"all","pins":[],"liveView":{"panes":[
            {"pane":"shared","tab":"departures","hidePast":true,"screens":[{"flight":{"id":9541,"date":"2026-11-30","flightName":"Pacific 578"}}]},
            {"pane":"%7","tab":"arrivals","hidePast":false,"date":"2026-12-02","screens":[{"search":"new york"}]}]}}
            """#
        try state.write(toFile: sandbox.stateDirectory + "/state.json", atomically: true, encoding: .utf8)
        result = try sandbox.board("watch", "--print-route", env: Self.outsideTmux)
        #expect(result.stdout == "departures+hide-past/flight/9541@2026-11-30\n")
        result = try sandbox.board("watch", "--print-route", env: ["TMUX": "/tmp/tmux-1000/default,1,0", "TMUX_PANE": "%7"])
        #expect(result.stdout == "arrivals@2026-12-02/search/new%20york\n")
        result = try sandbox.board("watch", "--print-route", env: ["TMUX": "/tmp/tmux-1000/default,1,0", "TMUX_PANE": "%8"])
        #expect(result.stdout == "all\n", "a pane with nothing saved")
        result = try sandbox.board(
            "watch", "--print-route", "--json", env: ["TMUX": "/tmp/tmux-1000/default,1,0", "TMUX_PANE": "%7"])
        #expect(result.json?["route"]?.string == "arrivals@2026-12-02/search/new%20york")
        // The old single shape is the shared view.
        try #"{"schema":1,"tab":"arrivals","liveView":{"hidePast":true,"screens":[{"search":"den"}]}}"#.write(
            toFile: sandbox.stateDirectory + "/state.json", atomically: true, encoding: .utf8)
        result = try sandbox.board("watch", "--print-route", env: Self.outsideTmux)
        #expect(result.stdout == "arrivals+hide-past/search/den\n")
    }

    /// The first line `board watch ARGUMENTS` prints into a pipe (the stream ends when its reader leaves).
    static func firstLine(_ sandbox: Sandbox, _ arguments: String...) throws -> String {
        let command = ([Binaries.board, "watch"] + arguments).map { "'\($0)'" }.joined(separator: " ") + " | head -n 1"
        let result = try run("/bin/sh", ["-c", command], environment: sandbox.environment(extra: Self.outsideTmux))
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        return result.stdout.trimmingCharacters(in: .newlines)
    }

    /// A route means the same screen whether or not stdout is a terminal: off one, `board watch --route`
    /// prints its search's results (past flights left out with +hide-past), its flight, or its tab's
    /// board of its day with its hide-past. It printed the plain board of the tab, whatever the route.
    @Test func aRouteOffATerminalPrintsTheScreenItNames() throws {
        let sandbox = Sandbox()
        let daemon = try RunningDaemon(sandbox: sandbox)
        defer { _ = try? daemon.stop() }
        let everything = try #require(try sandbox.board("search", "new york", "--json").json)
        let found = (everything["days"]?.array ?? []).flatMap { $0["flights"]?.array ?? [] }
        try #require(found.contains { $0["past"] == true }, "by noon a New York flight is past")
        let notPast = found.filter { $0["past"] == false }.compactMap { $0["id"]?.int }

        let search = try #require(
            try? JSON.parse(try Self.firstLine(sandbox, "--route", "all+hide-past/search/new%20york", "--json")))
        #expect(search["text"] == "new york" && search["tab"] == "all", "\(search.text.prefix(200))")
        let shown = (search["days"]?.array ?? []).flatMap { $0["flights"]?.array ?? [] }
        #expect(shown.compactMap { $0["id"]?.int } == notPast, "the search's flights, none past")
        #expect(search["count"]?.int == notPast.count)
        let people = try Self.firstLine(sandbox, "--route", "departures/search/new%20york")
        #expect(people.hasSuffix("matching \"new york\""), "as board search prints it: \(people)")

        let flight = try #require(try? JSON.parse(try Self.firstLine(sandbox, "--route", "all/flight/9541@2026-11-30", "--json")))
        #expect(flight["id"] == 9541 && flight["history"] != nil, "the flight, as board show --json: \(flight.text.prefix(200))")

        let board = try #require(try? JSON.parse(try Self.firstLine(sandbox, "--route", "departures+hide-past", "--json")))
        #expect(board["tab"] == "departures" && board["hidePast"] == true, "\(board.text.prefix(200))")
        #expect(board["flights"]?.array?.allSatisfy { $0["past"] == false } == true)
        let tomorrow = try #require(try? JSON.parse(try Self.firstLine(sandbox, "--route", "arrivals@2026-12-01", "--json")))
        #expect(tomorrow["tab"] == "arrivals" && tomorrow["date"] == "2026-12-01", "\(tomorrow.text.prefix(200))")
    }

    /// A route's flight of the other direction than its tab (an arrival over departures) opens over
    /// its own direction's tab, as `board watch FLIGHT` does: Esc landed on a board that never held it.
    @Test(.enabled(if: tmuxAvailable)) func aRoutesFlightOverTheOtherDirectionsTabOpensOverItsOwn() throws {
        let sandbox = Sandbox()
        let daemon = try RunningDaemon(sandbox: sandbox)
        defer { _ = try? daemon.stop() }
        let pane = try TmuxPane(
            sandbox: sandbox,
            command: "sh -c '\(Binaries.board) watch --route departures/flight/9541@2026-11-30; echo EXITED-$?; sleep 30'")
        try pane.waitFor("Pacific 578's details") { $0.contains("Pacific 578") && $0.contains("History") }
        try pane.send("Escape")
        let screen = try pane.waitFor("the board under it") { $0.contains("FLIGHT") && $0.contains("● live") }
        #expect(screen.contains("[Arrivals 15]"), "the arrivals tab: \(screen)")
        let row = try #require(screen.split(separator: "\n").first { $0.contains("Pacific 578") }, "\(screen)")
        #expect(row.contains("›"), "\(row)")
    }

    @Test(.enabled(if: tmuxAvailable)) func aDeepLinkOpensTheFlightOverItsBoardAndEscLandsOnIt() throws {
        let sandbox = Sandbox()
        let daemon = try RunningDaemon(sandbox: sandbox)
        defer { _ = try? daemon.stop() }
        let pane = try TmuxPane(
            sandbox: sandbox, command: "sh -c '\(Binaries.board) watch 9541; echo EXITED-$?; sleep 30'")
        try pane.waitFor("Pacific 578's details") { $0.contains("Pacific 578") && $0.contains("History") }
        try pane.send("Escape")
        let screen = try pane.waitFor("the board under it") { $0.contains("FLIGHT") && $0.contains("● live") }
        let row = try #require(screen.split(separator: "\n").first { $0.contains("Pacific 578") })
        #expect(row.contains("›"), "the flight is marked as the one viewed: \(row)")
        // R says the route; --route opens the same screen again.
        try pane.send("Enter")
        try pane.waitFor("details again") { $0.contains("History") }
        try pane.send("R")
        try pane.waitFor("the route in the footer") { $0.contains("Route: ") && $0.contains("/flight/") }
        // Inside tmux, R also puts the route in tmux's paste buffer.
        var buffer = ""
        try waitUntil("the route in tmux's paste buffer") {
            buffer = try pane.tmux(["-S", pane.socket, "show-buffer"]).stdout
            return buffer.hasPrefix("all/flight/9541@2026-11-30")
        }
        try pane.send("q")
        try pane.waitFor("the shell after quitting") { $0.contains("EXITED-0") }
        let route = try sandbox.board("watch", "--print-route", env: ["TMUX": pane.socket + ",1,0", "TMUX_PANE": "%0"])
        #expect(route.stdout.contains("/flight/") && route.stdout.contains("@2026-11-30"), "\(route.stdout)")
    }

    /// A copy tmux refuses (its `TMUX` names no server) is said in the footer once tmux has answered:
    /// the footer said "in tmux's paste buffer" and nothing was there.
    @Test(.enabled(if: tmuxAvailable)) func aCopyTmuxRefusesIsSaid() throws {
        let sandbox = Sandbox()
        let daemon = try RunningDaemon(sandbox: sandbox)
        defer { _ = try? daemon.stop() }
        let nowhere = sandbox.path + "/no-tmux-server,1,0"
        let pane = try TmuxPane(
            sandbox: sandbox, command: "sh -c 'TMUX=\(nowhere) \(Binaries.board) watch 9541; echo EXITED-$?; sleep 30'")
        try pane.waitFor("Pacific 578's details") { $0.contains("Pacific 578") && $0.contains("History") }
        try pane.send("R")
        try pane.waitFor("the refusal in the footer") {
            $0.contains("Not in tmux's paste buffer: tmux set-buffer exited with status 1")
        }
        try pane.send("q")
        try pane.waitFor("the shell after quitting") { $0.contains("EXITED-0") }
    }

    @Test(.enabled(if: tmuxAvailable)) func aDeepLinkToAnotherDayOpensThatDaysBoard() throws {
        let sandbox = Sandbox()
        let daemon = try RunningDaemon(sandbox: sandbox)
        defer { _ = try? daemon.stop() }
        let flight = try Self.flight(on: "2026-12-02", sandbox)
        let pane = try TmuxPane(
            sandbox: sandbox,
            command: "sh -c '\(Binaries.board) watch --route all/flight/\(flight.id)@2026-12-02; echo EXITED-$?; sleep 30'")
        try pane.waitFor("the flight's details") { $0.contains(flight.name) && $0.contains("History") }
        try pane.send("Escape")
        try pane.waitFor("Dec 2's board") { $0.contains("Dec 2") && $0.contains("FLIGHT") && $0.contains(flight.name) }
        try pane.send("Escape")
        try pane.waitFor("today's board") { $0.contains("[All Nov 30]") && $0.contains("FLIGHT") }
        try pane.send("q")
        try pane.waitFor("the shell after quitting") { $0.contains("EXITED-0") }
    }

    /// `board watch departures --date tomorrow` opens tomorrow's board (it was refused: --date went
    /// with a FLIGHT only, though a route could open it); Esc goes back to today's.
    @Test(.enabled(if: tmuxAvailable)) func watchWithADateOpensThatDaysBoard() throws {
        let sandbox = Sandbox()
        let daemon = try RunningDaemon(sandbox: sandbox)
        defer { _ = try? daemon.stop() }
        let pane = try TmuxPane(
            sandbox: sandbox, command: "sh -c '\(Binaries.board) watch departures --date tomorrow; echo EXITED-$?; sleep 30'")
        try pane.waitFor("Dec 1's departures") { $0.contains("Dec 1") && $0.contains("[Departures") && $0.contains("● live") }
        try pane.send("Escape")
        try pane.waitFor("today's board") { $0.contains("Nov 30") && $0.contains("[Departures") }
        try pane.send("q")
        try pane.waitFor("the shell after quitting") { $0.contains("EXITED-0") }
        let route = try sandbox.board("watch", "--print-route", env: Self.outsideTmux)
        #expect(route.stdout == "departures\n", "back on today's: \(route.stdout)")
    }

    /// Two tmux servers both number their first pane `%0`: each reopens its own view, where the
    /// second opened the first's search.
    @Test(.enabled(if: tmuxAvailable)) func panesOfTwoTmuxServersRestoreTheirOwnViews() throws {
        let sandbox = Sandbox()
        let daemon = try RunningDaemon(sandbox: sandbox)
        defer { _ = try? daemon.stop() }
        let watch = "sh -c '\(Binaries.board) watch; echo EXITED-$?; sleep 30'"
        let first = try TmuxPane(sandbox: sandbox, command: watch, socketName: "first.sock")
        try first.waitFor("the first server's board") { $0.contains("● live") }
        try first.send("/", "D", "e", "n", "Enter")
        try first.waitFor("search results") { $0.contains("found for \"Den\"") }
        try first.send("q")
        try first.waitFor("the first view quit") { $0.contains("EXITED-0") }

        let second = try TmuxPane(sandbox: sandbox, command: watch, socketName: "second.sock")
        let panes = try [first, second].map { try $0.tmux(["-S", $0.socket, "display", "-p", "#{pane_id}"]).stdout }
        #expect(panes[0] == panes[1], "both servers' panes are \(panes[0])")
        let screen = try second.waitFor("the second server's board") { $0.contains("● live") }
        #expect(!screen.contains("found for"), "the second server's pane opens its own view:\n\(screen)")
        try second.send("q")
        try second.waitFor("the second view quit") { $0.contains("EXITED-0") }

        try first.tmux(["-S", first.socket, "respawn-pane", "-k", watch])
        try first.waitFor("the first server's search again") { $0.contains("found for \"Den\"") }
    }

    /// Two panes of one tmux server, each its own `$TMUX_PANE`: each comes back as it was left.
    @Test(.enabled(if: tmuxAvailable)) func twoPanesRestoreTheirOwnStacks() throws {
        let sandbox = Sandbox()
        let daemon = try RunningDaemon(sandbox: sandbox)
        defer { _ = try? daemon.stop() }
        let watch = "sh -c '\(Binaries.board) watch; echo EXITED-$?; sleep 30'"
        let first = try TmuxPane(sandbox: sandbox, command: watch)
        @discardableResult func tmux(_ arguments: String...) throws -> String {
            try first.tmux(["-S", first.socket] + arguments).stdout
        }
        func screen(_ pane: String) throws -> String { try tmux("capture-pane", "-p", "-t", pane) }
        func wait(_ pane: String, _ what: String, _ condition: @escaping (String) -> Bool) throws {
            var shown = ""
            do {
                try waitUntil(what, timeout: 10) {
                    shown = try screen(pane)
                    return condition(shown)
                }
            } catch {
                Issue.record("waiting for \(what); pane \(pane) shows:\n\(shown)")
                throw error
            }
        }
        let panes = try tmux("list-panes", "-F", "#{pane_id}").split(separator: "\n").map(String.init)
        let one = try #require(panes.first)
        let two = try tmux("split-window", "-h", "-P", "-F", "#{pane_id}", watch).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(one != two)

        // Pane one: departures, a flight open. Pane two: arrivals, a search.
        try wait(one, "pane one live") { $0.contains("● live") }
        try wait(two, "pane two live") { $0.contains("● live") }
        try tmux("send-keys", "-t", one, "3")
        try wait(one, "departures in pane one") { $0.contains("[Dep") }
        try tmux("send-keys", "-t", one, "Enter")
        try wait(one, "a departure's details") { $0.contains("History") }
        try tmux("send-keys", "-t", two, "1")
        try wait(two, "arrivals in pane two") { $0.contains("[Arr") }
        try tmux("send-keys", "-t", two, "/", "D", "e", "n", "Enter")
        try wait(two, "search results in pane two") { $0.contains("found for \"Den\"") }
        try tmux("send-keys", "-t", one, "q")
        try tmux("send-keys", "-t", two, "q")
        try wait(one, "pane one quit") { $0.contains("EXITED-0") }
        try wait(two, "pane two quit") { $0.contains("EXITED-0") }

        // Each pane comes back as it was.
        try tmux("respawn-pane", "-k", "-t", one, watch)
        try tmux("respawn-pane", "-k", "-t", two, watch)
        try wait(one, "pane one's departure again") { $0.contains("History") && $0.contains("[Dep") }
        try wait(two, "pane two's search again") { $0.contains("found for \"Den\"") && $0.contains("[Arr") }
        let state = try #require(Self.stateText(sandbox))
        // Keyed by the pane and this server's socket (not a default one).
        let key = { (pane: String) in "\"pane\":\"\(pane)@\(first.socket)\"" }
        #expect(state.contains(key(one)) && state.contains(key(two)), "\(state)")
        try tmux("send-keys", "-t", one, "q")
        try tmux("send-keys", "-t", two, "q")
        try wait(one, "pane one quit again") { $0.contains("EXITED-0") }
    }

    /// The README's tmux binding, run as tmux runs it: a new pane opens the screen of the pane it was pressed in.
    @Test(.enabled(if: tmuxAvailable)) func theReadmesBindingOpensTheSameScreenInANewPane() throws {
        let sandbox = Sandbox()
        let daemon = try RunningDaemon(sandbox: sandbox)
        defer { _ = try? daemon.stop() }
        let readme = try String(contentsOfFile: Repository.root + "/README.md", encoding: .utf8)
        let line = try #require(readme.split(separator: "\n").first { $0.hasPrefix("bind-key W run-shell '") })
        let command = String(line.dropFirst("bind-key W run-shell '".count).dropLast())
            .replacingOccurrences(of: "board watch", with: Binaries.board + " watch")
        let pane = try TmuxPane(sandbox: sandbox, command: "sh -c '\(Binaries.board) watch 9541; echo EXITED-$?; sleep 30'")
        try pane.waitFor("Pacific 578's details") { $0.contains("Pacific 578") && $0.contains("History") }
        // Live, the pane's view is saved as it changes, so the route is already the flight's.
        try pane.tmux(["-S", pane.socket, "run-shell", "-t", "%0", command])
        try waitUntil("a second pane") {
            try pane.tmux(["-S", pane.socket, "list-panes"]).stdout.split(separator: "\n").count == 2
        }
        var shown = ""
        do {
            try waitUntil("the same flight in the new pane") {
                shown = try pane.tmux(["-S", pane.socket, "capture-pane", "-p", "-t", "%1"]).stdout
                return shown.contains("Pacific 578  Arrival from")
            }
        } catch {
            let panes = try pane.tmux(["-S", pane.socket, "list-panes", "-F", "#{pane_id} #{pane_dead} #{pane_dead_status}"])
            Issue.record("the new pane shows:\n\(shown)\npanes: \(panes.stdout) \(panes.stderr)\ncommand: \(command)")
            throw error
        }
    }
}
