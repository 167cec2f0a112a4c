import BoardProtocol
import BoardSystem
import Foundation
import Glibc
import Testing

/// The watchlist (`pin --first`, `pins move`) and hiding (`hide`, `unhide`, `hidden`) through the real
/// binaries and the state file, and across a window slide. A private daemon, frozen, its clock moved by hand.
struct WatchlistTests {
    func pinnedIDs(_ user: BoardUser, _ arguments: String...) throws -> [Int] {
        try user.rows(arguments: arguments).filter(\.pinned).map(\.id)
    }

    func statePins(_ user: BoardUser, _ key: String = "pins") -> [String] {
        (user.state()?[key]?.array ?? []).map { "\($0["id"]?.int ?? -1)@\($0["date"]?.string ?? "?")" }
    }

    @Test func theWatchlistKeepsYourOrderThroughTheStateFileAndAWindowSlide() throws {
        let user = BoardUser()
        let daemon = try user.startDaemon()
        defer { _ = try? daemon.stop() }
        let rows = try user.lookup()
        let (a, b, c) = (rows[20], rows[3], rows[11])
        _ = try user.text("pin", String(a.id))
        _ = try user.text("pin", b.flightName)
        let first = try user.text("pin", String(c.id), "--first")
        #expect(first.contains("Pinned \(c.flightName) of Nov 30, first."), "\(first)")
        #expect(try pinnedIDs(user) == [c.id, a.id, b.id], "the board in the watchlist's order, not time order")
        // Pinning again keeps the place, and says so.
        let again = try user.text("pin", String(a.id), "--first")
        #expect(again.contains("already pinned, 2 of 3"), "\(again)")
        #expect(statePins(user) == [c, a, b].map { "\($0.id)@\(knownDate)" })

        let moved = try user.text("pins", "move", String(b.id), "first")
        #expect(moved.contains("Moved \(b.flightName) of Nov 30 first: 1 of 3."), "\(moved)")
        _ = try user.text("pins", "move", String(c.id), "down")
        #expect(try pinnedIDs(user) == [b.id, a.id, c.id])
        // A pin that cannot go further is said where it is, as asked.
        #expect(try user.text("pins", "move", String(c.id), "last").contains("\(c.flightName) of Nov 30 is already last of 3."))
        #expect(try user.text("pins", "move", String(b.id), "up").contains("\(b.flightName) of Nov 30 is already first of 3."))
        #expect(try pinnedIDs(user, "departures").count == [a, b, c].filter { $0.direction == "departure" }.count)
        let listed = try user.json("pins")["flights"]?.array?.compactMap { $0["id"]?.int }
        #expect(listed == [b.id, a.id, c.id])
        let text = try user.text("pins")
        let listedRows = text.lines.filter { $0.hasPrefix("Nov 30") }
        #expect(listedRows.count == 3 && listedRows[0].hasSuffix(" \(b.id)"), "\(text)")
        #expect(statePins(user) == [b, a, c].map { "\($0.id)@\(knownDate)" })

        // Bad input: the state file untouched.
        let before = try String(contentsOfFile: user.stateFile, encoding: .utf8)
        let sideways = try user.board("pins", "move", String(a.id), "sideways")
        #expect(sideways.status == 2)
        #expect(
            sideways.stderr == "board: board pins move takes up, down, first or last, not \"sideways\"; see 'board help pins'\n")
        let unpinned = try user.board("pins", "move", String(rows[5].id), "up")
        #expect(unpinned.status == 4)
        #expect(unpinned.stderr.contains("\(rows[5].id) is not pinned") && unpinned.stderr.lines.count == 1)
        #expect(try String(contentsOfFile: user.stateFile, encoding: .utf8) == before)

        // A pin of tomorrow keeps its place after the window slides; today's leave at the next save.
        let tomorrow = try user.lookup("--date", "tomorrow")[7]
        _ = try user.text("pin", String(tomorrow.id), "--date", "tomorrow", "--first")
        _ = try user.text("clock", "advance", "1d")
        _ = try user.text("show", String(tomorrow.id))  // a save (the last viewed), with the daemon's new today
        #expect(statePins(user) == ["\(tomorrow.id)@\(tomorrowDate)"])
        #expect(try pinnedIDs(user) == [tomorrow.id])
    }

    /// A single pin moved anywhere is the only one: it said "already first" when asked to go last.
    @Test func theOnlyPinMovedIsSaidToBeTheOnlyOne() throws {
        let user = BoardUser()
        let daemon = try user.startDaemon()
        defer { _ = try? daemon.stop() }
        let flight = try user.lookup()[4]
        _ = try user.text("pin", String(flight.id))
        for direction in ["up", "down", "first", "last"] {
            let said = try user.text("pins", "move", String(flight.id), direction)
            #expect(said == "\(flight.flightName) of Nov 30 is the only pin.\n", "\(direction): \(said)")
        }
    }

    @Test func hiddenFlightsLeaveYourBoardsAndCountsUntilUnhiddenOrTheirDayLeaves() throws {
        let user = BoardUser()
        let daemon = try user.startDaemon()
        defer { _ = try? daemon.stop() }
        let departures = try user.lookup("departures")
        let hidden = departures[2]
        let board = try user.json("departures")
        let count = try #require(board["tabs"]?.array?.first { $0["id"]?.string == "departures" }?["count"]?.int)

        let said = try user.text("hide", String(hidden.id))
        #expect(said.contains("Hidden \(hidden.flightName) of Nov 30"), "\(said)")
        #expect(try user.text("hide", hidden.flightName).contains("already hidden"))
        #expect(statePins(user, "hidden") == ["\(hidden.id)@\(knownDate)"])
        for tab in ["departures", "arrivals", "all"] {
            let shown = try user.json(tab)
            #expect(!(shown["flights"]?.array ?? []).contains { $0["id"]?.int == hidden.id }, "\(tab)")
            let tabs = try #require(shown["tabs"]?.array)
            #expect(tabs.first { $0["id"]?.string == "departures" }?["count"]?.int == count - 1, "counts on \(tab)")
            #expect(tabs.first { $0["id"]?.string == "departures" }?["badge"]?.string == String(count - 1))
        }
        let text = try user.text("departures")
        #expect(text.lines.first?.hasSuffix("1 hidden") == true, "\(text)")
        #expect(!text.contains(hidden.flightName + " "))
        #expect(!(try user.text("arrivals").lines.first ?? "").contains("hidden"), "none of the arrivals is hidden")
        // A filter the hidden flight would not pass counts it not: "hidden" is what you would have seen.
        let otherAirline = try #require(
            ["US", "Southeast", "Pacific", "Overland"].first { !hidden.flightName.hasPrefix($0 + " ") })
        #expect(try user.json("departures", "--airline", otherAirline)["hidden"] == nil, "none hidden is no key")
        #expect(!(try user.text("departures", "--airline", otherAirline).lines.first ?? "").contains("hidden"))
        let ownAirline = String(hidden.flightName.split(separator: " ")[0])
        #expect(try user.json("departures", "--airline", ownAirline)["hidden"]?.int == 1)
        // Commands that name the flight still find it.
        #expect(try user.json("show", String(hidden.id))["id"]?.int == hidden.id)
        // And say it is hidden: nothing said why it was missing from the boards.
        let shown = try user.text("show", String(hidden.id))
        #expect(shown.contains("(hidden from your boards)"), "\(shown)")
        let list = try user.json("hidden")
        #expect(list["hidden"]?.array?.map { $0["id"]?.int } == [hidden.id])
        #expect(try user.text("hidden").contains(hidden.flightName))

        let notHidden = try user.board("unhide", String(departures[4].id))
        #expect(notHidden.status == 4)
        #expect(notHidden.stderr == "board: \(departures[4].id) is not hidden; 'board hidden' lists the hidden flights\n")
        _ = try user.text("unhide", hidden.flightName)
        #expect(try user.rows("departures").map(\.id) == departures.map(\.id))
        #expect(try user.note("hidden").contains("No hidden flights"))

        // board status's next departure is never a hidden one, and its counts leave hidden flights out.
        let status = try #require(try user.status("--json").json)
        let next = try #require(status["id"]?.int).description
        let departuresLeft = try #require(status["departures"]?.int)
        _ = try user.text("hide", next)
        let after = try #require(try user.status("--json").json)
        #expect(after["id"]?.int != nil && after["id"]?.int?.description != next, "\(after.text)")
        #expect(after["departures"]?.int == departuresLeft - 1)
        _ = try user.text("unhide", next)

        // Hidden once more (with another), then their day leaves the window: named as they were.
        let other = departures[6]
        _ = try user.text("hide", String(hidden.id))
        _ = try user.text("hide", String(other.id))
        _ = try user.text("clock", "advance", "1d")
        // Said as gone, one a line, with no column titles over no rows (it printed them).
        let goneText = try user.text("hidden")
        #expect(!goneText.contains("FLIGHT"), "\(goneText)")
        #expect(goneText.contains("\(hidden.flightName) of Nov 30 is no longer on the board"), "\(goneText)")
        let gone = try user.json("hidden")
        #expect(gone["hidden"]?.array?.isEmpty == true)
        #expect(Set(gone["gone"]?.array?.compactMap { $0["id"]?.int } ?? []) == [hidden.id, other.id])
        // Unhidden then, it is on no board to come back to, and says so: it said "back on your boards".
        let unhidden = try user.text("unhide", String(hidden.id))
        #expect(
            unhidden == "Unhidden \(hidden.flightName) of Nov 30: its day has left the window, so it is on no board.\n",
            "\(unhidden)")
        // Its save prunes the other, as any command's save does.
        #expect(statePins(user, "hidden") == [])
    }

    /// A flight not hidden or not pinned on the day --date gives is named by that day, as a pin is
    /// (`Pacific 320 of Dec 5`), whichever form the day was given in: it said "of +5". Nothing is saved.
    @Test func aFlightNotFoundOnADayNamesTheDay() throws {
        let user = BoardUser()
        let daemon = try user.startDaemon()
        defer { _ = try? daemon.stop() }
        _ = try user.text("pin", "Pacific 320")
        let before = try String(contentsOfFile: user.stateFile, encoding: .utf8)
        for (arguments, said) in [
            (
                ["unhide", "Pacific 320", "--date", "+5"],
                "Pacific 320 of Dec 5 is not hidden; 'board hidden' lists the hidden flights"
            ),
            (
                ["unpin", "Pacific 320", "--date", "2026-12-03"],
                "Pacific 320 of Dec 3 is not pinned; 'board pins' lists the pins"
            ),
            (
                ["pins", "move", "Pacific 320", "up", "--date", "tomorrow"],
                "Pacific 320 of Dec 1 is not pinned; 'board pins' lists the pins, 'board pin FLIGHT' pins one"
            ),
        ] {
            let result = try user.board(arguments: arguments)
            #expect(result.status == 4 && result.stderr == "board: \(said)\n", "\(arguments): \(result.stderr)")
        }
        #expect(try String(contentsOfFile: user.stateFile, encoding: .utf8) == before, "nothing saved")
    }

    /// A script reading `board --json` learns that rows were left out: `hidden` counts the flights
    /// you hid from this board, `filter` states the filter; neither is there when nothing was.
    @Test func aBoardsJSONSaysWhatYourHidesAndFiltersLeftOut() throws {
        let user = BoardUser()
        let daemon = try user.startDaemon()
        defer { _ = try? daemon.stop() }
        let plain = try user.json("departures")
        #expect(plain["hidden"] == nil && plain["filter"] == nil, "\(plain.text)")
        let departures = try user.lookup("departures")
        _ = try user.text("hide", String(departures[1].id))
        _ = try user.text("hide", String(departures[3].id))
        #expect(try user.json("departures")["hidden"]?.int == 2)
        #expect(try user.json("all")["hidden"]?.int == 2)
        #expect(try user.json("arrivals")["hidden"] == nil, "none of the arrivals is hidden")
        let filtered = try user.json("departures", "--airline", "Pacific,US", "--city", "ft worth", "--within", "2h")
        #expect(
            filtered["filter"]?.text == #"{"airline":["Pacific","US"],"city":["ft worth"],"withinMinutes":120}"#,
            "\(filtered.text)")
        #expect(try user.json("departures", "--status", "delayed")["filter"]?.text == #"{"status":["delayed"]}"#)
        _ = try user.text("unhide", String(departures[1].id))
        _ = try user.text("unhide", String(departures[3].id))
        #expect(try user.json("departures")["hidden"] == nil)
    }

    @Test func watchNotOnATerminalArrangesEachBoardAsTheOneShotBoardDoes() throws {
        let user = BoardUser()
        let daemon = try user.startDaemon()
        defer { _ = try? daemon.stop() }
        let rows = try user.lookup()
        _ = try user.text("pin", String(rows[20].id))
        _ = try user.text("pin", String(rows[3].id))
        _ = try user.text("hide", String(rows[8].id))
        let expected = try user.json("all")
        let outputPath = user.sandbox.path + "/watch.out"
        let output = open(outputPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        #expect(output >= 0)
        let watch = try StartedProcess(
            [Binaries.board, "watch", "all", "--json"], environment: user.environment, standardOutput: output)
        close(output)
        try waitUntil("a board from board watch", timeout: 10) {
            ((try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "").contains("\n")
        }
        kill(watch.pid, SIGTERM)
        _ = try watch.finish(timeout: 10)
        let line = try #require(try String(contentsOfFile: outputPath, encoding: .utf8).split(separator: "\n").first)
        let board = try JSON.parse(Array(line.utf8))
        let ids = (board["flights"]?.array ?? []).compactMap { $0["id"]?.int }
        #expect(ids.prefix(2) == [rows[20].id, rows[3].id], "the watchlist's order")
        #expect(!ids.contains(rows[8].id), "hidden")
        #expect(ids == (expected["flights"]?.array ?? []).compactMap { $0["id"]?.int }, "as the one-shot board")
        #expect(board["tabs"] == expected["tabs"])
        #expect(board["hidden"]?.int == 1 && expected["hidden"]?.int == 1)
    }

    @Test func bashCompletesTheHiddenAndPinnedFlightsAndWhereToMoveThem() throws {
        let user = BoardUser()
        let daemon = try user.startDaemon()
        defer { _ = try? daemon.stop() }
        let rows = try user.lookup()
        _ = try user.text("hide", String(rows[1].id))
        _ = try user.text("hide", String(rows[2].id))
        _ = try user.text("pin", String(rows[9].id))
        let script = try user.board("completions", "bash").stdout
        let path = user.sandbox.path + "/board.bash"
        try script.write(toFile: path, atomically: true, encoding: .utf8)
        func complete(_ words: String...) throws -> [String] {
            let quoted = words.map { "'" + $0 + "'" }.joined(separator: " ")
            let driver = """
                source '\(path)'
                COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1)
                _board
                printf '%s\\n' "${COMPREPLY[@]}"
                """
            let environment = user.environment.merging(
                ["PATH": Binaries.directory + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")]
            ) { $1 }
            let result = try run("/bin/bash", ["-c", driver], environment: environment)
            #expect(result.status == 0, "\(result.stderr)")
            return result.stdout.split(separator: "\n").map(String.init)
        }
        #expect(try complete("board", "unhide", "") == [String(rows[1].id), String(rows[2].id)])
        #expect(try complete("board", "pins", "") == ["move"])
        #expect(try complete("board", "pins", "move", "") == [String(rows[9].id)])
        #expect(try complete("board", "unpin", "") == [String(rows[9].id)], "the pinned flights, not the day's")
        #expect(try complete("board", "pins", "move", String(rows[9].id), "") == ["up", "down", "first", "last"])
        #expect(try complete("board", "pins", "move", String(rows[9].id), "f") == ["first"])
        #expect(try complete("board", "hi") == ["hide", "hidden"])
        let lines = try user.board("completions", "--hidden-ids").stdout.split(separator: "\n")
        #expect(lines.first == "\(rows[1].id)\t\(rows[1].flightName) of Nov 30")
    }
}
