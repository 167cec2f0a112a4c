import BoardLink
import BoardProtocol
import BoardSystem
import Foundation
import Glibc
import Testing

/// `board status`: one line, whatever state the daemon is in.
@Suite struct StatusLineTests {
    @Test func withTheDaemonUpItShowsCountsAndTheNextDeparture() throws {
        let sandbox = Sandbox()
        let daemon = try RunningDaemon(sandbox: sandbox)
        let result = try sandbox.status()
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 2 && lines[1].isEmpty, "exactly one line: \(result.stdout)")
        // At 12:00 on the frozen clock: the flights still to come, neither past nor ended (the hall still
        // shows Pacific 578, landed at 12:00); the next departure is Overland 256.
        let board = try #require(try sandbox.board("all", "--hide-past", "--json").json)
        let rows = try (board["flights"]?.array ?? []).map(FlightRow.init)
        let now = try instant(knownInstant)
        func toCome(_ direction: String) -> Int? {
            rows.filter { $0.direction == direction && $0.isStillToCome(at: now) }.count
        }
        let departures = toCome("departure")
        let arrivals = toCome("arrival")
        let soonest = try #require(try sandbox.board("soonest", "departures", "--json").json)
        let name = try #require(soonest["flightName"]?.string)
        #expect(result.stdout.contains("↓\(arrivals ?? -1)"))
        #expect(result.stdout.contains("↑\(departures ?? -1)"))
        #expect(result.stdout.contains(name))
        #expect(result.stdout.contains(soonest["gate"]?.string ?? "?"))

        let custom = try sandbox.status("--format", "{next}|{gate}|{clock}")
        #expect(custom.stdout == "\(name)|\(soonest["gate"]!.string!)|12:00\n")
        let tmux = try sandbox.board("status", "--tmux", "--format", "{status}")
        #expect(tmux.status == 0)
        #expect(!tmux.stdout.contains("\u{1B}"), "tmux codes, not ANSI")
        try daemon.stop()
    }

    /// A pin of a later day only (`board pin F --date tomorrow`) is the line's pinned flight, named
    /// with its day, in `%p`, `--json` and waybar's tooltip: the line showed no pinned flight.
    @Test func aPinOfALaterDayIsTheLinesPinnedFlight() throws {
        let sandbox = Sandbox()
        let daemon = try RunningDaemon(sandbox: sandbox)
        defer { _ = try? daemon.stop() }
        #expect(try sandbox.board("pin", "Pacific 320", "--date", "tomorrow").status == 0)
        // Tomorrow's flights are all still scheduled at noon today.
        // The later day's pin takes a second round trip within the line's budget.
        let line = try sandbox.status("--format", "[%p]") { $0.stdout != "[]\n" }
        #expect(line.status == 0 && line.stdout == "[Pacific 320 Dec 1 Scheduled]\n", "\(line.stdout)")
        let json = try sandbox.status("--json") { $0.json?["pinned"]?.string != nil }
        #expect(json.json?["pinned"]?.string == "Pacific 320 Dec 1 Scheduled", "\(json.stdout)")
        let waybar = try sandbox.status("--waybar") { $0.stdout.contains("pinned: ") }
        #expect(waybar.json?["tooltip"]?.string?.contains("pinned: Pacific 320 Dec 1") == true, "\(waybar.stdout)")
        // A pin of today comes first, without its day.
        #expect(try sandbox.board("pin", "US 455").status == 0)
        #expect(try sandbox.status("--format", "%p") { $0.stdout != "\n" }.stdout.hasPrefix("US 455 "))
    }

    /// `--format` with %-codes against the real daemon on its frozen simulated clock (12:00), then
    /// over the same daemon stopped (SIGSTOP): the offline marker, within the line's deadline.
    @Test func aFormatShowsTheNextDepartureAndNeverWaitsForAStoppedDaemon() throws {
        let sandbox = Sandbox()
        let daemon = try RunningDaemon(sandbox: sandbox)
        defer { _ = kill(daemon.pid, SIGCONT) }
        let soonest = try #require(try sandbox.board("soonest", "departures", "--json").json)
        let name = try #require(soonest["flightName"]?.string)
        let time = try #require(soonest["currentTime"]?.string ?? soonest["scheduledTime"]?.string)
        let minutes = (Int(time.dropFirst(11).prefix(2))! - 12) * 60 + Int(time.dropFirst(14).prefix(2))!
        let line = try sandbox.status("--format", "%n|%g|%c|%d|%C|%m|%i|100%%")
        #expect(line.status == 0)
        #expect(
            line.stdout
                == "\(name)|\(soonest["gate"]!.string!)|\(soonest["otherAirport"]!.string!)|↑|12:00|\(minutes)|\(soonest["id"]!.int!)|100%\n"
        )
        let unknown = try sandbox.board("status", "--format", "%n %q")
        #expect(unknown.status == 2 && unknown.stdout.isEmpty)
        #expect(unknown.stderr.contains("unknown placeholder %q in --format; the codes are %a"))

        let start = try processStartSeconds(sandbox)
        #expect(kill(daemon.pid, SIGSTOP) == 0)
        let started = Date()
        let stopped = try sandbox.board("status", "--tmux", "--format", "%n %t %s %p %P", timeout: 5)
        let took = Date().timeIntervalSince(started)
        #expect(stopped.status == 0)
        #expect(stopped.stdout == "#[fg=colour244]board: offline#[default]\n")
        // The line's own budget is 150 ms, where the hello's deadline is 2 s.
        #expect(took < start + 1.5, "took \(took) s, starting board \(start) s")
        #expect(kill(daemon.pid, SIGCONT) == 0)
        try daemon.stop()
    }

    /// Still to come is the contract's rule: a current time at or after now, neither canceled nor
    /// diverted. At its very time US 455 (13:40) has departed and is still the next departure; a second
    /// later it is no longer next, counted or the soonest, though the hall keeps it on the board until
    /// 13:50 (no departed flight the hall still shows is "next ... Departed").
    @Test func aFlightIsNoLongerNextOnceItsTimeHasPassed() throws {
        let user = BoardUser()
        let daemon = try user.startDaemon(now: "2026-11-30T13:40:00-05:00")
        defer { _ = try? daemon.stop() }
        let leaving = try #require(try user.rows("departures").first { $0.flightName == "US 455" })
        #expect(leaving.status == "departed" && leaving.json["past"] == false, "the case: departed at 13:40, on the board")
        #expect(try user.status("--format", "%n|%s").stdout == "US 455|Departed\n", "at its very time it is next")
        #expect(try user.json("soonest", "departures")["flightName"]?.string == "US 455")

        _ = try user.json("clock", "set", "2026-11-30T13:40:01-05:00")
        let shown = try #require(try user.rows("departures", "--hide-past").first { $0.flightName == "US 455" })
        #expect(shown.status == "departed" && shown.json["past"] == false, "the hall still shows it")
        let second = try instant("2026-11-30T13:40:01-05:00")
        let toCome = try user.rows("departures", "--hide-past").filter { $0.isStillToCome(at: second) }.count
        let next = try user.status("--format", "%n|%s|%D")
        #expect(!next.stdout.hasPrefix("US 455"), "\(next.stdout)")
        #expect(!next.stdout.contains("Departed"), "\(next.stdout)")
        #expect(next.stdout.hasSuffix("|\(toCome)\n"), "counted as to come: \(next.stdout)")
        let filtered = try user.status("--airline", "US", "--format", "%n|%D")
        #expect(!filtered.stdout.hasPrefix("US 455|"), "\(filtered.stdout)")
        let soonest = try user.json("soonest", "departures")
        #expect(soonest["flightName"]?.string != "US 455")
        #expect(soonest["status"]?.string != "departed")
    }

    /// With no departure left today, a filter or a hidden first flight still finds tomorrow's
    /// (the line said "next -"), and the line has no trailing spaces.
    @Test func afterTheDaysLastDepartureTheNextIsTomorrowsWithAFilterOrAHiddenFlight() throws {
        let user = BoardUser()
        let daemon = try user.startDaemon(now: "2026-11-30T23:00:00-05:00")
        defer { _ = try? daemon.stop() }
        let tomorrow = try user.rows("departures", "--date", "tomorrow")
        let first = try #require(tomorrow.first { $0.status != "canceled" })
        // Tomorrow's departure comes from the daemon's soonest, or with a filter from tomorrow's board.
        let plain = try user.status { !$0.stdout.contains("next -") }
        #expect(plain.stdout.contains("next \(first.flightName) Dec 1"), "\(plain.stdout)")
        #expect(!plain.stdout.hasSuffix(" \n"), "no trailing spaces: \(plain.stdout.debugDescription)")
        let airline = String(first.flightName.split(separator: " ")[0])
        let filtered = try user.status("--airline", airline, "--format", "%n %t") { !$0.stdout.hasPrefix("- ") }
        let firstOfAirline = try #require(tomorrow.first { $0.status != "canceled" && $0.flightName.hasPrefix(airline + " ") })
        #expect(filtered.stdout.hasPrefix("\(firstOfAirline.flightName) Dec 1"), "\(filtered.stdout)")
        #expect(try user.board("hide", String(first.id), "--date", "tomorrow").status == 0)
        let hidden = try user.status("--format", "%n") { $0.stdout != "-\n" }
        let second = try #require(tomorrow.first { $0.status != "canceled" && $0.id != first.id })
        #expect(hidden.stdout == "\(second.flightName)\n", "\(hidden.stdout)")
    }

    /// A flight you hid is not the soonest, as it is not the status line's next.
    @Test func theSoonestSkipsAFlightYouHid() throws {
        let user = BoardUser()
        let daemon = try user.startDaemon()
        defer { _ = try? daemon.stop() }
        let soonest = try #require(try user.json("soonest", "departures")["id"]?.int)
        #expect(try user.board("hide", String(soonest)).status == 0)
        let after = try user.json("soonest", "departures")
        #expect(after["id"]?.int != soonest)
        let status = after["status"]?.string ?? ""
        #expect(after["past"] == false && !["departed", "landed", "canceled", "diverted"].contains(status), "\(after.text)")
    }

    @Test func jsonGivesTheLineAndEachValueByName() throws {
        let sandbox = Sandbox()
        let offline = try #require(try sandbox.board("status", "--json").json)
        #expect(offline["schema"]?.int == 1)
        #expect(offline["online"]?.bool == false)
        #expect(offline["line"]?.string == "board: offline")
        #expect(offline["next"] == .null)
        let daemon = try RunningDaemon(sandbox: sandbox)
        let online = try #require(try sandbox.status("--json").json)
        let soonest = try #require(try sandbox.board("soonest", "departures", "--json").json)
        #expect(online["online"]?.bool == true)
        #expect(online["code"]?.string == "MTN")
        #expect(online["next"]?.string == soonest["flightName"]?.string)
        #expect(online["gate"]?.string == soonest["gate"]?.string)
        #expect(online["clock"]?.string == "12:00")
        let line = try #require(online["line"]?.string)
        let name = try #require(soonest["flightName"]?.string)
        #expect(line.contains(name))
        try daemon.stop()
    }

    @Test func helpAndCompletionsTakeJSONToo() throws {
        let sandbox = Sandbox()
        let help = try #require(try sandbox.board("help", "show", "--json").json)
        #expect(help["schema"]?.int == 1 && help["command"]?.string == "show")
        #expect(help["text"]?.string == (try sandbox.board("help", "show").stdout.dropLast().description))
        let completions = try #require(try sandbox.board("completions", "bash", "--json").json)
        #expect(completions["shell"]?.string == "bash")
        let script = try #require(completions["script"]?.string)
        #expect(script.contains("complete -F"))
    }

    @Test func withNoDaemonItPrintsTheOfflineMarkerOnceAndStartsOneInTheBackground() throws {
        let sandbox = Sandbox()
        defer { for pid in ProcessTable.processes(withArgument: sandbox.socket) { try? ProcessTable.stop(pid) } }
        let start = try processStartSeconds(sandbox)
        let started = Date()
        let result = try sandbox.board("status", autostart: true, timeout: 5)
        #expect(result.status == 0)
        #expect(result.stdout == "board: offline\n")
        // An autostart is waited for up to 3 s by other commands.
        #expect(Date().timeIntervalSince(started) < start + 2.5, "status never waits for an autostart")
        // The daemon it started comes up by itself, and the next line is live.
        try waitUntil("the autostarted daemon to answer", timeout: 10) {
            (try? BoardConnection(path: sandbox.socket, timeoutMilliseconds: 200)) != nil
        }
        #expect(ProcessTable.processes(withArgument: sandbox.socket).count == 1, "one daemon")
        let live = try statusOnline { try sandbox.board("status", autostart: true, timeout: 5) }
        #expect(live.stdout.hasPrefix("MTN "), "\(live.stdout)")
    }

    @Test func withAutostartOffItStartsNothing() throws {
        let sandbox = Sandbox()
        let result = try sandbox.board("status", timeout: 5)
        #expect(result.stdout == "board: offline\n")
        let flag = try sandbox.board("status", "--no-autostart", autostart: true, timeout: 5)
        #expect(flag.stdout == "board: offline\n")
        #expect(UnixSocket.isSocket(path: sandbox.socket) == nil, "no daemon was started")
        #expect(ProcessTable.processes(withArgument: sandbox.socket).isEmpty)
    }

    @Test func withAHungDaemonItStillPrintsOneLine() throws {
        let sandbox = Sandbox()
        try FileManager.default.createDirectory(atPath: sandbox.path + "/run", withIntermediateDirectories: true)
        // A socket that accepts (the kernel's backlog) and never answers.
        let hung = try UnixSocket.listen(path: sandbox.socket)
        defer { hung.close() }
        let result = try sandbox.board("status", timeout: 5)
        #expect(result.status == 0)
        #expect(result.stdout == "board: offline\n")
        let tmux = try sandbox.board("status", "--tmux", timeout: 5)
        #expect(tmux.stdout.hasPrefix("#[fg="))
        #expect(tmux.stdout.split(separator: "\n").count == 1)
        // No colour when told so: `--color never`, or NO_COLOR with `auto`; `--color always` wins over NO_COLOR.
        let never = try sandbox.board("status", "--tmux", "--color", "never", timeout: 5)
        #expect(never.stdout == "board: offline\n", "\(never.stdout)")
        let noColor = try sandbox.board("status", "--tmux", env: ["NO_COLOR": "1"], timeout: 5)
        #expect(noColor.stdout == "board: offline\n", "\(noColor.stdout)")
        let always = try sandbox.board("status", "--tmux", "--color", "always", env: ["NO_COLOR": "1"], timeout: 5)
        #expect(always.stdout.hasPrefix("#[fg="), "\(always.stdout)")
    }
}
