import BoardProtocol
import BoardSystem
import Foundation
import Glibc
import Testing

/// The real `board` at COLUMNS=30, 57 and 200 for every command with people's output: no line is wider
/// than COLUMNS (display columns; the harness turns colour off). `--within` on search, events and status,
/// and `board status --waybar`, against a daemon frozen at noon.
struct WidthSweepEndToEndTests {
    static let commands: [[String]] = [
        ["arrivals"], ["all"], ["departures"], ["all", "--wide"], ["departures", "--countdown"],
        ["departures", "--wide", "--countdown", "--airline", "Pacific,Southeast", "--city", "a"], ["show", "8087"],
        ["search", "pacific"], ["search", "pacific", "--wide"], ["search", "東京東京東京東京東京東京東京東京"],
        ["all", "--city", "東京東京東京東京東京東京東京東京,a"], ["events"], ["events", "--since", "12h"], ["status"],
        ["status", "--format", "%l %a ↓%A ↑%D next %n %t %g %s %c %d %i min %m"], ["pins"], ["hidden"],
    ]

    /// Display columns: wide East Asian characters count two, combining marks none.
    static func columns(_ line: Substring) -> Int {
        line.unicodeScalars.reduce(0) { count, scalar in
            if scalar.properties.generalCategory == .nonspacingMark { return count }
            return count + ((0x1100...0x115F).contains(scalar.value) || (0x2E80...0xFFDC).contains(scalar.value) ? 2 : 1)
        }
    }

    @Test func everyCommandFitsCOLUMNS() throws {
        let user = BoardUser()
        let daemon = try user.startDaemon()
        for (command, flight) in [("pin", "8087"), ("pin", "1565"), ("hide", "9939")] {
            #expect(try user.board(command, flight).status == 0)
        }
        for width in [20, 30, 57, 200] {
            for command in Self.commands {
                let result = try user.board(arguments: command, env: ["COLUMNS": String(width)])
                #expect(result.status == 0, "board \(command.joined(separator: " ")): \(result.stderr)")
                #expect(!result.stdout.isEmpty)
                #expect(!result.stdout.contains("\u{1B}"), "no colour off a terminal")
                for line in result.stdout.split(separator: "\n") {
                    #expect(
                        Self.columns(line) <= width,
                        "board \(command.joined(separator: " ")) at COLUMNS=\(width): \(Self.columns(line)): \(line)")
                }
            }
        }
        try daemon.stop()
    }

    /// `--wide` piped with no COLUMNS cuts no line: every row has its ID whole and every column, as
    /// `ps -ww` prints (80 columns cut the ID off the full-width columns). On a width given, it fits it.
    @Test func wideOutputPipedIsNeverCut() throws {
        let user = BoardUser()
        let daemon = try user.startDaemon()
        defer { _ = try? daemon.stop() }
        let rows = try user.lookup()
        for command in [["all", "--wide"], ["arrivals", "--wide"], ["search", "a", "--wide"]] {
            let result = try user.board(arguments: command)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(!result.stdout.contains("…"), "board \(command): \(result.stdout)")
            let lines = result.stdout.split(separator: "\n")
            #expect(lines.contains { Self.columns($0) > 80 }, "wider than 80: board \(command)")
            for row in rows where command[0] == "all" {
                #expect(lines.contains { $0.contains(row.flightName) && $0.contains("  \(row.id)  ") }, "\(row.flightName)")
            }
        }
        let fitted = try user.board(arguments: ["all", "--wide"], env: ["COLUMNS": "80"])
        #expect(fitted.stdout.split(separator: "\n").allSatisfy { Self.columns($0) <= 80 })
        // `board watch --wide` piped prints its boards uncut too.
        let out = user.sandbox.path + "/watch-wide.out"
        let pid = try spawnChild(
            [Binaries.board, "watch", "all", "--wide"], environment: user.sandbox.environment(),
            stdout: .file(out, append: false), stderr: .devNull)
        defer { reap(pid) }
        try waitUntil("the first board in the pipe") {
            ((try? String(contentsOfFile: out, encoding: .utf8)) ?? "").contains("\(rows.last?.id ?? 0)")
        }
        let streamed = try String(contentsOfFile: out, encoding: .utf8)
        #expect(!streamed.contains("…") && streamed.split(separator: "\n").contains { Self.columns($0) > 80 }, "\(streamed)")
    }

    /// From noon on the frozen clock: US 455 at 13:40 is the next US flight, 100 minutes on.
    @Test func withinOnSearchEventsAndStatus() throws {
        let user = BoardUser()
        let daemon = try user.startDaemon()
        let search = try user.json("search", "us", "--within", "100m")
        let found = (search["days"]?.array ?? []).flatMap { $0["flights"]?.array ?? [] }.compactMap { $0["flightName"]?.string }
        #expect(found == ["US 455"])
        #expect(try user.json("search", "us", "--within", "99m")["count"]?.int == 0)
        // Events: only changes of flights due within the span, each one of the board's within that span.
        let due = Set(try user.rows("all", "--within", "3h").map(\.id))
        #expect(!due.isEmpty)
        let events = try user.board("events", "--since", "12h", "--within", "3h", "--json")
        #expect(events.status == 0, "\(events.stderr)")
        let ids = events.stdout.split(separator: "\n").compactMap { try? JSON.parse(Array($0.utf8))["flight"]?["id"]?.int }
        #expect(!ids.isEmpty)
        #expect(ids.allSatisfy(due.contains))
        let all = try user.board("events", "--since", "12h", "--json")
        #expect(ids.count < all.stdout.split(separator: "\n").count)
        let status = try user.status("--within", "100m", "--airline", "US", "--format", "%n %m")
        #expect(status.stdout == "US 455 100\n")
        let none = try user.status("--within", "99m", "--airline", "US", "--format", "%n")
        #expect(none.stdout == "-\n")
        let bad = try user.board("events", "--within", "25h")
        #expect(bad.status == 2 && bad.stdout.isEmpty && bad.stderr.contains("--within needs a duration from 1m to 24h"))
        try daemon.stop()
    }

    @Test func waybarIsOneLineOfJSONOnlineAndOffline() throws {
        let user = BoardUser()
        let start = try processStartSeconds(user.sandbox)
        let offlineStarted = Date()
        let offline = try user.board("status", "--waybar")
        #expect(Date().timeIntervalSince(offlineStarted) < start + 1.5)
        #expect(offline.status == 0)
        #expect(offline.stdout.split(separator: "\n").count == 1 && offline.stdout.hasSuffix("}\n"))
        let down = try #require(offline.json)
        #expect(down["class"]?.string == "offline" && down["text"]?.string == "board: offline")
        #expect(down["tooltip"]?.string?.hasPrefix("No daemon answered") == true, "\(down)")
        let daemon = try user.startDaemon()
        let online = try user.status("--waybar", "--airline", "Pacific", "--format", "✈ %n %t")
        #expect(online.stdout.split(separator: "\n").count == 1)
        let up = try #require(online.json)
        #expect(up["text"]?.string == "✈ Pacific 320 16:00")
        #expect(up["class"]?.string == "on-time")
        #expect(up["tooltip"]?.string?.contains("next: Pacific 320 to Detroit 16:00") == true)
        let both = try user.board("status", "--waybar", "--json")
        #expect(both.status == 2 && both.stderr.contains("drop --json"))
        try daemon.stop()
    }

    /// `board watch departures --airline Pacific`, full screen and in a pipe: the arrivals badge is the
    /// filtered count (Pacific 578, 762 and 807: three), not `–`, as the one-shot board counts it.
    @Test(.enabled(if: LiveViewTmuxTests.tmuxAvailable)) func watchCountsTheOtherTabFiltered() throws {
        let sandbox = Sandbox()
        let daemon = try RunningDaemon(sandbox: sandbox)
        defer { _ = try? daemon.stop() }
        let pane = try TmuxPane(
            sandbox: sandbox, command: "sh -c '\(Binaries.board) watch departures --airline Pacific; echo EXITED-$?; sleep 30'")
        let screen = try pane.waitFor("the filtered board") { $0.contains("● live") && $0.contains("Pacific 320") }
        #expect(screen.contains("Arrivals 3") && screen.contains("[Departures 1]"), "\(screen)")
        #expect(!screen.contains("–"))
        #expect(!screen.contains("Southeast"))
        try pane.send("q")
        try pane.waitFor("the shell after quitting") { $0.contains("EXITED-0") }

        let out = sandbox.path + "/watch.out"
        let pid = try spawnChild(
            [Binaries.board, "watch", "departures", "--airline", "Pacific", "--json"], environment: sandbox.environment(),
            stdout: .file(out, append: false), stderr: .devNull)
        defer { reap(pid) }
        var first: JSON?
        try waitUntil("the first board in the pipe") {
            first = ((try? String(contentsOfFile: out, encoding: .utf8)) ?? "").split(separator: "\n").first.flatMap {
                try? JSON.parse(Array($0.utf8))
            }
            return first != nil
        }
        let board = try #require(first)
        #expect(board["tab"]?.string == "departures")
        let badges = (board["tabs"]?.array ?? []).map { "\($0["id"]?.string ?? "") \($0["badge"]?.string ?? "")" }
        #expect(badges == ["arrivals 3", "all Nov 30", "departures 1"])
        #expect(board["filter"]?.text == #"{"airline":["Pacific"]}"#)
        #expect((board["flights"]?.array ?? []).allSatisfy { $0["direction"]?.string == "departure" })
    }
}
