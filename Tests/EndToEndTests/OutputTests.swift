import BoardProtocol
import BoardSystem
import Foundation
import Testing

/// People's output: header, tab bar, rows, 80 columns, and colour only where the contract allows it.
@Suite(.sharedDaemon) struct OutputTests {
    @Test func theHeaderNamesTheAirportDateTimeAndSimulated() throws {
        let user = try BoardUser.ofSharedDaemon()
        let header = try #require(try user.text().lines.first)
        for part in ["Mountain Airport", "MTN", "Mon Nov 30 2026", "12:00", "SIMULATED"] {
            #expect(header.contains(part), "\(header)")
        }
    }

    @Test(arguments: tabNames)
    func theTabBarShowsBadgesAndMarksTheSelectedTab(tab: String) throws {
        let user = try BoardUser.ofSharedDaemon()
        let board = try user.json(tab)
        let counts = try #require(board["tabs"]?.array).map { $0["count"]?.int ?? -1 }
        let bar = try #require(try user.text(tab).lines.dropFirst().first)
        let labels = ["Arrivals \(counts[0])", "All Nov 30", "Departures \(counts[2])"]
        for (name, label) in zip(tabNames, labels) {
            if name == tab {
                #expect(bar.contains("[\(label)]"), "the selected tab is marked: \(bar)")
            } else {
                #expect(bar.contains(label) && !bar.contains("[\(label)]"), "\(bar)")
            }
        }
    }

    @Test(arguments: tabNames)
    func oneRowAFlightInTheBoardsOrder(tab: String) throws {
        let user = try BoardUser.ofSharedDaemon()
        let rows = try user.lookup(tab)
        let lines = try user.text(tab).lines
        // Rows end with the flight's id; everything above them is header, tabs and column titles.
        let rowLines = lines.filter { line in rows.contains { line.hasSuffix(" \($0.id)") } }
        #expect(rowLines.count == rows.count, "\(lines.joined(separator: "\n"))")
        for (line, row) in zip(rowLines, rows) {
            #expect(line.hasSuffix(" \(row.id)"), "rows in the board's order")
            #expect(line.contains(row.flightName), "\(line)")
            #expect(line.contains(row.otherAirport.prefix(10)), "\(line)")
            // A changed gate shows the one before it: `B3←B5`.
            let gate = row.json["previousGate"]?.string.map { "\(row.gate)←\($0)" } ?? row.gate
            #expect(line.contains(" \(gate) "), "\(line)")
            let scheduled = String(row.scheduledText.dropFirst(11).prefix(5))
            #expect(line.contains(scheduled), "\(line)")
            if let current = row.currentTime, current != row.scheduledTime {
                let currentText = String(try #require(row.json["currentTime"]?.string).dropFirst(11).prefix(5))
                #expect(line.contains(currentText), "the new time when it changed: \(line)")
            }
        }
        #expect(lines.contains { $0.contains("TIME") && $0.contains("FLIGHT") && $0.contains("GATE") && $0.contains("STATUS") })
    }

    @Test func statusesReadAsWords() throws {
        let user = try BoardUser.ofSharedDaemon()
        let titles = [
            "scheduled": "Scheduled", "onTime": "On time", "delayed": "Delayed", "boarding": "Boarding",
            "finalCall": "Final call",
            "gateClosed": "Gate closed", "departed": "Departed", "enRoute": "En route", "landed": "Landed",
            "canceled": "Canceled",
        ]
        let rows = try user.lookup()
        let lines = try user.text().lines
        for row in rows {
            let line = try #require(lines.first { $0.hasSuffix(" \(row.id)") })
            #expect(line.contains(try #require(titles[row.status])), "\(row.status): \(line)")
            // What happened, with when: `Departed 14:52`, `Landed 14:05`.
            if row.status == "departed" || row.status == "landed" {
                let actual = clockText(row.json["currentTime"]?.string)
                #expect(line.contains("\(try #require(titles[row.status])) \(actual)"), "\(line)")
            }
        }
    }

    /// The arrivals tab has a BELT column after STATUS, with each landed arrival's belt; the other
    /// tabs have none.
    @Test func theArrivalsTabShowsTheBelt() throws {
        let user = try BoardUser.ofSharedDaemon()
        let lines = try user.text("arrivals").lines
        let titles = try #require(lines.first { $0.contains("STATUS") })
        let status = try #require(titles.range(of: "STATUS"))
        #expect(titles.range(of: "BELT").map { $0.lowerBound > status.upperBound } == true, "\(titles)")
        var belts = 0
        for row in try user.lookup("arrivals") {
            let line = try #require(lines.first { $0.hasSuffix(" \(row.id)") })
            if let belt = row.json["baggage"]?["belt"]?.int {
                #expect(line.hasSuffix(" \(belt)  \(row.id)"), "belt \(belt): \(line)")
                belts += 1
            }
        }
        #expect(belts > 0, "at noon the morning's arrivals have their belts")
        for tab in ["all", "departures"] {
            #expect(!(try user.text(tab)).contains("BELT"), "\(tab)")
        }
    }

    /// People's commands whose every line must fit 80 columns, with and without colour.
    static let peoplesCommands: [[String]] = [
        [], ["arrivals"], ["departures", "--hide-past"], ["--date", "+5"], ["search", "a"], ["search", "Dallas"], ["soonest"],
        ["clock"], ["pins"],
    ]

    @Test(arguments: peoplesCommands)
    func everyLineFitsEightyColumns(arguments: [String]) throws {
        let user = try BoardUser.ofSharedDaemon()
        // The pins' table: an empty list prints nothing on stdout (its note goes to stderr).
        if arguments == ["pins"] { _ = try user.text("pin", String(try user.lookup()[3].id)) }
        for colour in ["never", "always"] {
            let text = try user.text(arguments: arguments + ["--color", colour])
            #expect(!text.isEmpty)
            for line in text.withoutANSI.lines {
                #expect(line.count <= 80, "\(line.count) columns in board \(arguments): \(line)")
            }
        }
    }

    /// In a narrow pane (`COLUMNS`, as a shell sets it) people's output still never wraps, and every
    /// row of a board keeps its flight's id, the last column to go.
    @Test(arguments: [30, 45, 60])
    func aNarrowTerminalDropsColumnsAndKeepsTheID(columns: Int) throws {
        let user = try BoardUser.ofSharedDaemon()
        // Boards, details and search results; a sentence (the clock, a hint) wraps as any text does.
        for arguments in Self.peoplesCommands where arguments != ["clock"] && arguments != ["pins"] {
            let result = try user.board(arguments: arguments + ["--color", "always"], env: ["COLUMNS": "\(columns)"])
            #expect(result.status == 0, "\(result.stderr)")
            for line in result.stdout.withoutANSI.lines {
                #expect(line.count <= columns, "\(line.count) columns in board \(arguments) at \(columns): \(line)")
            }
        }
        let json = try #require(try user.board(arguments: ["--json"]).json)
        let ids = try #require(json["flights"]?.array?.compactMap { $0["id"]?.int })
        // The rows run from below the column titles to the blank line before the marks' legend, the
        // now line among them.
        let rows = try user.board(arguments: ["--color", "never"], env: ["COLUMNS": "\(columns)"]).stdout.lines.dropFirst(4)
            .prefix { !$0.isEmpty }.withoutNowLine()
        #expect(rows.count == ids.count)
        for (row, id) in zip(rows, ids) { #expect(row.hasSuffix(" \(id)"), "\(row)") }
    }

    @Test func showFitsEightyColumns() throws {
        let user = try BoardUser.ofSharedDaemon()
        // A flight of each status, and one to the city with the longest name: the widest details there are.
        let rows = try user.lookup() + user.lookup("--date", "tomorrow")
        var statuses = Set<String>()
        var chosen = rows.filter { statuses.insert($0.status).inserted }
        if let longest = rows.max(by: { $0.otherAirport.count < $1.otherAirport.count }) { chosen.append(longest) }
        for row in chosen {
            let text = try user.text("show", String(row.id), "--color", "always")
            for line in text.withoutANSI.lines { #expect(line.count <= 80, "\(line)") }
        }
    }

    @Test(arguments: [
        (["--color", "never"], [String: String]()), ([], [:]), (["--color", "auto"], [:]), ([], ["NO_COLOR": "1"]),
    ])
    func noEscapesWhenNotATerminalOrAskedNot(flags: [String], env: [String: String]) throws {
        let user = try BoardUser.ofSharedDaemon()
        for command in [
            [], ["search", "miami"], ["show", String(try #require(user.lookup().first).id)], ["soonest"], ["clock"],
        ] {
            let result = try user.board(arguments: command + flags, env: env)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(!result.stdout.hasANSI, "board \(command + flags) with \(env)")
            #expect(!result.stderr.hasANSI)
        }
    }

    @Test func escapesWithColorAlways() throws {
        let user = try BoardUser.ofSharedDaemon()
        #expect(try user.text("--color", "always").hasANSI)
        #expect(try user.text("--color=always", "show", String(try #require(user.lookup().first).id)).hasANSI)
    }

    @Test func jsonNeverCarriesEscapes() throws {
        let user = try BoardUser.ofSharedDaemon()
        let result = try user.board("--json", "--color", "always")
        #expect(result.status == 0)
        #expect(!result.stdout.hasANSI)
        #expect(result.json?["schema"]?.int == 1)
    }

    @Test func colourOnATerminalUnlessNoColor() throws {
        let user = try BoardUser.ofSharedDaemon()
        let environment = user.environment
        let onTerminal = try runOnTerminal(Binaries.board, [], environment: environment)
        #expect(onTerminal.status == 0, "\(onTerminal.stderr)")
        #expect(onTerminal.stdout.contains("Mountain Airport"))
        #expect(onTerminal.stdout.hasANSI, "colour on a TTY")

        var noColor = environment
        noColor["NO_COLOR"] = "1"
        let withNoColor = try runOnTerminal(Binaries.board, [], environment: noColor)
        #expect(withNoColor.status == 0, "\(withNoColor.stderr)")
        #expect(withNoColor.stdout.contains("Mountain Airport"))
        #expect(!withNoColor.stdout.hasANSI, "never with NO_COLOR set")

        let never = try runOnTerminal(Binaries.board, ["--color", "never"], environment: environment)
        #expect(!never.stdout.hasANSI, "--color never on a TTY")

        var dumb = environment
        dumb["TERM"] = "dumb"
        let onADumbTerminal = try runOnTerminal(Binaries.board, [], environment: dumb)
        #expect(onADumbTerminal.stdout.contains("Mountain Airport"))
        #expect(!onADumbTerminal.stdout.hasANSI, "no colour for TERM=dumb, as git and ls")
        #expect(try runOnTerminal(Binaries.board, ["--color", "always"], environment: dumb).stdout.hasANSI)
        // No TERM at all is a terminal nothing is known of: no colour, as git.
        var unknown = environment
        unknown.removeValue(forKey: "TERM")
        #expect(!(try runOnTerminal(Binaries.board, [], environment: unknown)).stdout.hasANSI, "no colour without TERM")
    }

    /// A terminal that says its columns and no rows (a serial console, `script`'s pty) is as wide as it
    /// says: the rows were printed 80 columns wide on a 30-column terminal, which wrapped them.
    @Test func aTerminalWithNoRowsIsAsWideAsItSays() throws {
        let user = try BoardUser.ofSharedDaemon()
        var environment = user.environment
        environment["COLUMNS"] = nil
        for arguments in [["departures", "--color", "never"], ["status"]] {
            let result = try runOnTerminal(Binaries.board, arguments, environment: environment, columns: 30, rows: 0)
            #expect(result.status == 0, "\(result.stderr)")
            let lines = result.stdout.split(whereSeparator: \.isNewline)
            #expect(!lines.isEmpty && lines.allSatisfy { $0.count <= 30 }, "\(arguments): \(result.stdout)")
        }
    }

    /// The live view on such a terminal is its columns wide and 24 rows high (it was 80x24).
    @Test func aTerminalWithNoRowsIsItsColumnsBy24() throws {
        let master = PseudoTerminalCalls.openMaster(O_RDWR | O_NOCTTY | O_CLOEXEC)
        defer { close(master) }
        try #require(master >= 0 && PseudoTerminalCalls.grant(master) == 0 && PseudoTerminalCalls.unlock(master) == 0)
        let name = try #require(PseudoTerminalCalls.slaveName(master))
        let slave = open(name, O_RDWR | O_NOCTTY | O_CLOEXEC)
        defer { close(slave) }
        var size = winsize(ws_row: 0, ws_col: 30, ws_xpixel: 0, ws_ypixel: 0)
        #expect(ioctl(slave, UInt(TIOCSWINSZ), &size) == 0)
        #expect(TerminalSize(of: FileDescriptor(slave)) == TerminalSize(columns: 30, rows: 24))
        #expect(TerminalSize.columns(of: FileDescriptor(slave)) == 30)
        size = winsize(ws_row: 0, ws_col: 0, ws_xpixel: 0, ws_ypixel: 0)
        #expect(ioctl(slave, UInt(TIOCSWINSZ), &size) == 0)
        #expect(TerminalSize(of: FileDescriptor(slave)) == nil, "no width said: the caller's default")
    }

    @Test func dataGoesToStdoutAndNothingToStderr() throws {
        let user = try BoardUser.ofSharedDaemon()
        for command in [[], ["--json"], ["search", "B3"], ["clock", "--json"], ["help"], ["--version"]] {
            let result = try user.board(arguments: command)
            #expect(result.status == 0)
            #expect(!result.stdout.isEmpty)
            #expect(result.stderr == "", "board \(command) wrote to stderr: \(result.stderr)")
        }
    }
}
