import BoardArguments
import FlightData
import Testing

@testable import BoardCLI

/// Whether two parsed commands are the same command with the same arguments.
func same(_ a: any RunnableCommand, _ b: any RunnableCommand) -> Bool {
    func open<C: RunnableCommand>(_ a: C) -> Bool { (b as? C) == a }
    return open(a)
}

/// `board`'s arguments read into commands, by the table alone: no process, no daemon.
struct ClientArgumentsTests {
    /// Every flag `board bench` declares belongs to a mode's list, so that a new one is refused
    /// where its mode is not the run's, not passed over in every mode.
    @Test func everyBenchFlagBelongsToAMode() {
        let modes = Set(BenchmarkCommand.requestFlags + BenchmarkCommand.fanOutFlags + BenchmarkCommand.hostileFlags)
        #expect(Set(BenchmarkCommand.spec.flags.map(\.name)) == modes)
    }

    static let airlines = FlightCatalog.airlines.joined(separator: ", ")

    static let commands: [([String], any RunnableCommand)] = [
        ([], BoardViewCommand()),
        (["arrivals"], BoardViewCommand(tab: .arrivals)),
        (["arrivals", "--wide"], BoardViewCommand(tab: .arrivals, wide: true)),
        (["--wide"], BoardViewCommand(wide: true)),
        (["watch", "--wide"], WatchCommand(wide: true)),
        (
            ["DEPARTURES", "--hide-past", "--date", "tomorrow"],
            BoardViewCommand(tab: .departures, hidePast: true, date: .relative(days: 1))
        ),
        (["--date=+3", "all"], BoardViewCommand(tab: .all, date: .relative(days: 3))),
        (["show", "1234"], ShowCommand(flight: .id(1234))),
        (
            ["show", "Pacific", "123", "--date", "2026-12-01"],
            ShowCommand(flight: FlightReference("Pacific 123")!, date: DateSpec("2026-12-01"))
        ),
        (["show", "pacific123"], ShowCommand(flight: FlightReference("pacific123")!)),
        (["last"], LastCommand()),
        (["next"], NextCommand()),
        (["prev"], PrevCommand()),
        (["soonest"], SoonestCommand()),
        (["soonest", "departures"], SoonestCommand(tab: .departures)),
        (["search", "new", "york"], SearchCommand(text: "new york")),
        (["search", "B3", "--tab", "arrivals"], SearchCommand(text: "B3", tab: .arrivals)),
        (["search", "a", "--all-pages"], SearchCommand(text: "a", allPages: true)),
        (["pin", "1234", "--date", "today"], PinCommand(flight: .id(1234), date: .relative(days: 0))),
        (["unpin", "US", "100"], UnpinCommand(flight: FlightReference("US 100")!)),
        (["pins"], PinsCommand()),
        (["pin", "1234", "--first"], PinCommand(flight: .id(1234), first: true)),
        (["pins", "move", "1234", "up"], PinsCommand(.move(.id(1234), .up))),
        (["pins", "move", "Pacific", "123", "LAST"], PinsCommand(.move(FlightReference("Pacific 123")!, .last))),
        (["hide", "1234", "--date", "tomorrow"], HideCommand(flight: .id(1234), date: .relative(days: 1))),
        (["unhide", "Pacific", "123"], UnhideCommand(flight: FlightReference("Pacific 123")!)),
        (["hidden"], HiddenCommand()),
        (["completions", "--hidden-ids"], CompletionsCommand(.remembered(hidden: true))),
        (["completions", "--pinned-ids"], CompletionsCommand(.remembered(hidden: false))),
        (["status", "--format", "{ {} {next"], StatusCommand(format: "{ {} {next")),  // braces around no word are text
        (["watch"], WatchCommand()),
        (
            ["watch", "arrivals", "--hide-past", "--rotate", "30"],
            WatchCommand(tab: .arrivals, hidePast: true, rotateSeconds: 30)
        ),
        (["watch", "--reduced-motion"], WatchCommand(reducedMotion: true)),
        (["watch", "--layout", "split"], WatchCommand(layout: .split)),
        (["watch", "departures", "--layout=stack"], WatchCommand(tab: .departures, layout: .stack)),
        (
            ["watch", "departures", "--airline", "Pacific", "--countdown"],
            WatchCommand(tab: .departures, filter: FlightFilter(airlines: ["Pacific"]), countdown: true)
        ),
        (
            ["watch", "--gate", "A1,B5", "--within", "2h"],
            WatchCommand(filter: FlightFilter(gates: ["A1", "B5"], within: 120))
        ),
        (["status"], StatusCommand()),
        (["status", "--format", "{next} {gate}", "--tmux"], StatusCommand(format: "{next} {gate}", tmux: true)),
        (["clock"], ClockCommand(.get)),
        (["clock", "set", "09:00"], ClockCommand(.set("09:00"))),
        (["clock", "advance", "1h30m"], ClockCommand(.advance(minutes: 90))),
        (["clock", "advance", "-90m"], ClockCommand(.advance(minutes: -90))),
        (["bench"], BenchmarkCommand(BenchOptions())),
        (
            ["bench", "--clients", "1", "--duration", "0.5", "--method", "flight.get", "--params", #"{"id":8087}"#],
            BenchmarkCommand(BenchOptions(clients: 1, duration: 0.5, method: "flight.get", params: #"{"id":8087}"#))
        ),
        (
            ["bench", "--rounds", "3", "--watchers", "20", "--resp", "board", "--payload", "/tmp/p"],
            BenchmarkCommand(BenchOptions(watchers: 20, rounds: 3, respKey: "board", payloadFile: "/tmp/p"))
        ),
        (
            ["bench", "--watchers", "20", "--subscription", "views", "--watch-on", "/r1,/r2"],
            BenchmarkCommand(BenchOptions(watchers: 20, subscription: .views, watchSockets: ["/r1", "/r2"]))
        ),
        (
            ["bench", "--hostile", "views", "--watchers", "200", "--duration", "2"],
            BenchmarkCommand(BenchOptions(duration: 2, watchers: 200, hostile: .views))
        ),
        (["completions", "bash"], CompletionsCommand(.script(.bash))),
        (["completions", "fish"], CompletionsCommand(.script(.fish))),
        (["completions", "--ids"], CompletionsCommand(.ids(date: nil))),
        (["completions", "--ids", "--date", "+1"], CompletionsCommand(.ids(date: .relative(days: 1)))),
        (["help"], HelpCommand(topic: nil)),
        (["help", "watch"], HelpCommand(topic: "watch")),
        (["help", "board"], HelpCommand(topic: "board")),
        // A tab is the board's command (`board arrivals`): its help is the board's.
        (["help", "arrivals"], HelpCommand(topic: "board")),
        (["help", "all"], HelpCommand(topic: "board")),
        (["--help"], HelpCommand(topic: nil)),
        (["-h"], HelpCommand(topic: nil)),
        (["arrivals", "--help"], HelpCommand(topic: nil)),
        (["show", "--help"], HelpCommand(topic: "show")),
        (["bench", "-h", "--clients", "0"], HelpCommand(topic: "bench")),
        (["--version"], VersionCommand()),
        (["-V", "frobnicate"], VersionCommand()),
        (["--", "arrivals"], BoardViewCommand(tab: .arrivals)),
        (["search", "--", "--json"], SearchCommand(text: "--json")),
        (["search", "-"], SearchCommand(text: "-")),
    ]

    @Test(arguments: commands)
    func readsTheCommand(arguments: [String], expected: any RunnableCommand) throws {
        let parsed = try ClientArguments(arguments)
        #expect(same(parsed.command, expected), "board \(arguments): \(parsed.command)")
    }

    @Test func readsTheGlobalFlagsWhereverTheyStand() throws {
        let parsed = try ClientArguments([
            "--json", "show", "--socket", "/s", "1234", "--color=always", "--no-autostart", "--state-dir", "/d",
        ])
        #expect(
            parsed.options
                == {
                    var options = GlobalOptions()
                    options.json = true
                    options.socket = "/s"
                    options.color = .always
                    options.noAutostart = true
                    options.stateDirectory = "/d"
                    return options
                }())
        #expect(same(parsed.command, ShowCommand(flight: .id(1234))))
        #expect(try ClientArguments([]).options == GlobalOptions())
    }

    /// Every global flag goes with every command.
    @Test(arguments: CommandTable.specs.map(\.name))
    func everyCommandTakesTheGlobalFlags(name: String) throws {
        let words = name == "board" ? [] : [name]
        let example: [String: [String]] = [
            "show": ["1"], "pin": ["1"], "unpin": ["1"], "hide": ["1"], "unhide": ["1"], "search": ["x"], "completions": ["bash"],
            "log": ["1"],
            "wait": ["1", "--until", "boarding"],
        ]
        let flags = ["--json", "--socket", "/s", "--color", "never", "--no-autostart", "--state-dir", "/d"]
        let parsed = try ClientArguments(words + (example[name] ?? []) + flags)
        #expect(parsed.options.json && parsed.options.noAutostart && parsed.options.color == .never)
        #expect(type(of: parsed.command) == CommandTable.command(named: name))
    }

    static let usageErrors: [([String], String)] = [
        // an id the daemon would refuse in its own words
        (["show", "0"], "0 is not a flight id: ids are whole numbers from 1 to 9999999; see 'board help show'"),
        (["pin", "0"], "0 is not a flight id: ids are whole numbers from 1 to 9999999; see 'board help pin'"),
        // an id past the range says the range, as 0 does, not "is not a flight"
        (["show", "12345678"], "12345678 is not a flight id: ids are whole numbers from 1 to 9999999; see 'board help show'"),
        (["hide", "--", "-5"], "-5 is not a flight id: ids are whole numbers from 1 to 9999999; see 'board help hide'"),
        // an empty path names nothing
        (["--socket", "", "all"], #"--socket needs a path, not ""; see 'board --help'"#),
        (["status", "--state-dir="], #"--state-dir needs a path, not ""; see 'board --help'"#),
        // unknown command
        (["frobnicate"], #"unknown command "frobnicate"; see 'board --help'"#),
        (["shwo", "1234"], #"unknown command "shwo" (did you mean show?); see 'board --help'"#),
        (["arrivalz"], #"unknown command "arrivalz" (did you mean arrivals?); see 'board --help'"#),
        (["arr"], #"unknown command "arr" (did you mean arrivals?); see 'board --help'"#),
        (["Dep"], #"unknown command "Dep" (did you mean departures?); see 'board --help'"#),
        (["serach", "miami"], #"unknown command "serach" (did you mean search?); see 'board --help'"#),
        (["p"], #"unknown command "p"; see 'board --help'"#),  // too short to guess
        (["pi"], #"unknown command "pi"; see 'board --help'"#),  // pin or pins: no guess
        (["board"], #"unknown command "board"; see 'board --help'"#),
        // unknown flag
        (["--frob"], "unknown flag --frob; see 'board --help'"),
        (["show", "1234", "--verbose"], "unknown flag --verbose; see 'board --help'"),
        (["-x"], "unknown flag -x; see 'board --help'"),
        (["--frob", "--date"], "unknown flag --frob; see 'board --help'"),
        (["--hide-pst"], "unknown flag --hide-pst (did you mean --hide-past?); see 'board --help'"),
        (["events", "--jsn"], "unknown flag --jsn (did you mean --json?); see 'board --help'"),
        (["--colour", "never"], "unknown flag --colour (did you mean --color?); see 'board --help'"),
        // Among the command's own flags: clock takes no --follow.
        (["clock", "--follw"], "unknown flag --follw; see 'board --help'"),
        (["events", "--follw"], "unknown flag --follw (did you mean --follow?); see 'board --help'"),
        (["clock", "advance", "-1x"], "unknown flag -1x; see 'board --help'"),
        // a flag the command does not take
        (["show", "1234", "--hide-past"], "board show does not take --hide-past; see 'board help show'"),
        (["search", "x", "--date", "tomorrow"], "board search does not take --date; see 'board help search'"),
        (["clock", "--tab", "all"], "board clock does not take --tab; see 'board help clock'"),
        (["status", "--tab", "all"], "board status does not take --tab; see 'board help status'"),
        (["--tmux", "--rotate", "5"], "the board does not take --tmux; see 'board --help'"),
        // missing value
        (["--date"], "--date needs a value; see 'board --help'"),
        (["--socket"], "--socket needs a value; see 'board --help'"),
        (["--color"], "--color needs a value; see 'board --help'"),
        (["--state-dir"], "--state-dir needs a value; see 'board --help'"),
        (["search", "x", "--tab"], "--tab needs a value; see 'board --help'"),
        (["--date", "--json"], "--date needs a value; see 'board --help'"),
        (["--hide-past", "--date"], "--date needs a value; see 'board --help'"),
        // a value for a switch
        (["--hide-past=yes"], "--hide-past takes no value; see 'board --help'"),
        (["--json=1"], "--json takes no value; see 'board --help'"),
        // bad value
        (["--color", "sometimes"], #"--color needs auto, always or never, not "sometimes"; see 'board --help'"#),
        (["--help", "--color", "x"], #"--color needs auto, always or never, not "x"; see 'board --help'"#),
        (["--date", "soon"], #"--date needs YYYY-MM-DD, today, tomorrow or +N, not "soon"; see 'board --help'"#),
        (["show", "1234", "--date=soon"], #"--date needs YYYY-MM-DD, today, tomorrow or +N, not "soon"; see 'board help show'"#),
        (
            ["search", "x", "--tab", "sideways"],
            #"--tab needs arrivals, all or departures, not "sideways"; see 'board help search'"#
        ),
        (["soonest", "sideways"], #"expected a tab: arrivals, all or departures, not "sideways"; see 'board help soonest'"#),
        (
            ["soonest", "depart"],
            #"expected a tab: arrivals, all or departures, not "depart" (did you mean departures?); see 'board help soonest'"#
        ),
        (
            ["search", "x", "--tab", "arivals"],
            #"--tab needs arrivals, all or departures, not "arivals" (did you mean arrivals?); see 'board help search'"#
        ),
        (
            ["status", "--format", "{nxt} {gate}"],
            #"unknown placeholder {nxt} in --format; a {name} is one of code, airport, clock, arrivals, departures, next, time, gate, status, id, city, direction, minutes, pinned, alert, replica (or use a %-code); see 'board help status'"#
        ),
        (
            ["watch", "sideways"],
            #"expected a tab (arrivals, all or departures) or a flight (1234, "Pacific 123"), not "sideways"; see 'board help watch'"#
        ),
        (
            ["show", "not a flight"],
            #""not a flight" is not a flight: give an id (1234) or an airline and number ("Pacific 123"; airlines: \#(airlines)); see 'board help show'"#
        ),
        // an airline mistyped in a designator: the nearest airline, the number as given
        (["show", "Pacfic 298"], #""Pacfic 298" is not a flight (did you mean "Pacific 298"?); see 'board help show'"#),
        // No hint of a number no flight has (100 to 999).
        (
            ["show", "Pacfic 5780"],
            #""Pacfic 5780" is not a flight: give an id (1234) or an airline and number ("Pacific 123"; airlines: US, Southeast, Pacific, Overland); see 'board help show'"#
        ),
        (["log", "pacifc298"], #""pacifc298" is not a flight (did you mean "Pacific 298"?); see 'board help log'"#),
        (["pin", "Overlnd", "812"], #""Overlnd 812" is not a flight (did you mean "Overland 812"?); see 'board help pin'"#),
        (
            ["pin", "Overlnd", "12"],
            #""Overlnd 12" is not a flight: give an id (1234) or an airline and number ("Pacific 123"; airlines: US, Southeast, Pacific, Overland); see 'board help pin'"#
        ),
        (
            ["wait", "Ux 830", "--until", "boarding"],
            #""Ux 830" is not a flight (did you mean "US 830"?); see 'board help wait'"#
        ),
        (
            ["events", "--flight", "Southest 900"],
            #"--flight needs an id (1234) or a designator ("Pacific 123"), not "Southest 900" (did you mean "Southeast 900"?); see 'board help events'"#
        ),
        (
            ["pin", "Nowhere", "12"],
            #""Nowhere 12" is not a flight: give an id (1234) or an airline and number ("Pacific 123"; airlines: \#(airlines)); see 'board help pin'"#
        ),
        (
            ["watch", "--within", "0"],
            #"--within needs a duration from 1m to 24h, such as 90m, 2h or 1h30m, not "0"; see 'board help watch'"#
        ),
        (
            ["watch", "--status", "late"],
            #"--status needs one of scheduled, on-time, delayed, boarding, final-call, gate-closed, departed, en-route, landed, canceled, diverted, not "late"; see 'board help watch'"#
        ),
        (["watch", "--layout", "wide"], #"--layout needs auto, stack or split, not "wide"; see 'board help watch'"#),
        (["watch", "--rotate", "0"], #"--rotate needs a number of seconds from 2 to 3600, not "0"; see 'board help watch'"#),
        (["watch", "--rotate", "x"], #"--rotate needs a number of seconds from 2 to 3600, not "x"; see 'board help watch'"#),
        (["watch", "--rotate", "1"], #"--rotate needs a number of seconds from 2 to 3600, not "1"; see 'board help watch'"#),
        (
            ["watch", "--rotate", "3601"],
            #"--rotate needs a number of seconds from 2 to 3600, not "3601"; see 'board help watch'"#
        ),
        // missing or extra arguments
        (["show"], #"board show needs a flight: an id (1234) or a designator ("Pacific 123"); see 'board help show'"#),
        (["pin"], #"board pin needs a flight: an id (1234) or a designator ("Pacific 123"); see 'board help pin'"#),
        (["unpin"], #"board unpin needs a flight: an id (1234) or a designator ("Pacific 123"); see 'board help unpin'"#),
        (["--", "show"], #"board show needs a flight: an id (1234) or a designator ("Pacific 123"); see 'board help show'"#),
        (["search"], "board search needs text: a city, airline, number or gate; see 'board help search'"),
        (["search", "  "], "board search needs text: a city, airline, number or gate; see 'board help search'"),
        (
            ["search", String(repeating: "a", count: 101)],
            "search text is limited to 100 Unicode scalars and 400 bytes of UTF-8; see 'board help search'"
        ),
        (
            ["search", String(repeating: "e\u{301}", count: 60)],
            "search text is limited to 100 Unicode scalars and 400 bytes of UTF-8; see 'board help search'"
        ),
        (["last", "again"], #"board last takes no argument "again"; see 'board help last'"#),
        (["next", "1"], #"board next takes no argument "1"; see 'board help next'"#),
        (["prev", "1"], #"board prev takes no argument "1"; see 'board help prev'"#),
        (["pins", "all"], #"board pins takes nothing, or move FLIGHT up|down|first|last; not "all"; see 'board help pins'"#),
        (
            ["pins", "move", "1234"],
            "board pins move needs a flight and where to: board pins move FLIGHT up|down|first|last; see 'board help pins'"
        ),
        (
            ["pins", "move", "1234", "sideways"],
            #"board pins move takes up, down, first or last, not "sideways"; see 'board help pins'"#
        ),
        (["pins", "move", "0", "up"], "0 is not a flight id: ids are whole numbers from 1 to 9999999; see 'board help pins'"),
        (["hide"], #"board hide needs a flight: an id (1234) or a designator ("Pacific 123"); see 'board help hide'"#),
        (["unhide"], #"board unhide needs a flight: an id (1234) or a designator ("Pacific 123"); see 'board help unhide'"#),
        (["hidden", "x"], #"board hidden takes no argument "x"; see 'board help hidden'"#),
        (["status", "extra"], #"board status takes no argument "extra"; see 'board help status'"#),
        (["arrivals", "departures"], #"unexpected argument "departures"; see 'board --help'"#),
        (
            ["help", "nonsense"],
            #"no help for "nonsense": the commands are show, last, next, prev, soonest, search, pin, unpin, pins, hide, unhide, hidden, watch, events, log, wait, status, clock, bench, completions, help, board; see 'board --help'"#
        ),
        (["help", "shwo"], #"no help for "shwo" (did you mean show?); see 'board --help'"#),
        (["help", "show", "watch"], "board help takes one command name; see 'board --help'"),
        // clock
        (["clock", "set"], "board clock set needs one TIME, such as 2026-11-30T09:00 or 09:00; see 'board help clock'"),
        (
            ["clock", "set", "a", "b"],
            "board clock set needs one TIME, such as 2026-11-30T09:00 or 09:00; see 'board help clock'"
        ),
        (["clock", "advance"], "board clock advance needs one DURATION, such as 90m, 2h or 1h30m; see 'board help clock'"),
        (
            ["clock", "advance", "soon"],
            #"board clock advance needs a DURATION of whole minutes, hours or days, at most 366d either way, such as 90m, 2h or 1h30m, not "soon"; see 'board help clock'"#
        ),
        (
            ["clock", "advance", "5x"],
            #"board clock advance needs a DURATION of whole minutes, hours or days, at most 366d either way, such as 90m, 2h or 1h30m, not "5x"; see 'board help clock'"#
        ),
        // The daemon's limit, said in the command line's words before the daemon is asked.
        (
            ["clock", "advance", "100000h"],
            #"board clock advance needs a DURATION of whole minutes, hours or days, at most 366d either way, such as 90m, 2h or 1h30m, not "100000h"; see 'board help clock'"#
        ),
        (
            ["clock", "advance", "-367d"],
            #"board clock advance needs a DURATION of whole minutes, hours or days, at most 366d either way, such as 90m, 2h or 1h30m, not "-367d"; see 'board help clock'"#
        ),
        (["clock", "rewind"], #"board clock takes set TIME or advance DURATION, not "rewind"; see 'board help clock'"#),
        // bench
        (["bench", "--clients", "0"], #"--clients needs a whole number from 1 to 1000, not "0"; see 'board help bench'"#),
        (["bench", "--rounds", "0"], #"--rounds needs a whole number from 1 to 100000, not "0"; see 'board help bench'"#),
        (
            ["bench", "--watchers", "100001"],
            #"--watchers needs a whole number from 1 to 100000, not "100001"; see 'board help bench'"#
        ),
        (["bench", "--duration", "x"], #"--duration needs seconds above 0, at most 3600, not "x"; see 'board help bench'"#),
        (
            ["bench", "--duration", "0x10"],
            #"--duration needs seconds above 0, at most 3600, not "0x10"; see 'board help bench'"#
        ),
        (
            ["bench", "--method", "board.watch"],
            #"--method needs a request method such as board.get or flight.get, not "board.watch"; see 'board help bench'"#
        ),
        (["bench", "--params", "[1]"], #"--params needs a JSON object, such as '{"tab":"arrivals"}'; see 'board help bench'"#),
        (["bench", "extra"], #"board bench takes no argument "extra"; see 'board help bench'"#),
        // A flag its mode would pass over, named with the mode it goes with.
        (
            ["bench", "--rounds", "3"],
            "--rounds goes with --watchers (fan-out); without it, board bench measures requests; see 'board help bench'"
        ),
        (
            ["bench", "--clients", "10", "--subscription", "views"],
            "--subscription goes with --watchers (fan-out); without it, board bench measures requests; see 'board help bench'"
        ),
        (
            ["bench", "--watchers", "50", "--clients", "10"],
            "--clients is for request/response runs, not with --watchers (fan-out); see 'board help bench'"
        ),
        (
            ["bench", "--watchers", "50", "--duration", "3"],
            "--duration is for request/response runs, not with --watchers (fan-out); see 'board help bench'"
        ),
        (
            ["bench", "--hostile", "pipeline", "--rounds", "3"],
            "--rounds does not go with --hostile, which takes --watchers and --duration; see 'board help bench'"
        ),
        (
            ["bench", "--hostile", "none", "--resp", "board"],
            "--resp does not go with --hostile, which takes --watchers and --duration; see 'board help bench'"
        ),
        (
            ["bench", "--resp", "board", "--method", "ping"],
            "--method does not go with --resp: Redis is sent GET KEY; see 'board help bench'"
        ),
        (
            ["bench", "--watchers", "5", "--payload", "/tmp/p"],
            "--payload goes with --resp: it is what Redis publishes; boardd sends its own board; see 'board help bench'"
        ),
        // completions
        (["completions"], "board completions needs a shell: bash, zsh, fish; see 'board help completions'"),
        (["completions", "tcsh"], #"board completions knows bash, zsh, fish, not "tcsh"; see 'board help completions'"#),
        (
            ["completions", "bash", "zsh"],
            #"board completions knows bash, zsh, fish, not "bash zsh"; see 'board help completions'"#
        ),
        (["completions", "--date", "tomorrow"], "--date goes with --ids; see 'board help completions'"),
        (["completions", "--ids", "extra"], #"board completions takes no argument "extra"; see 'board help completions'"#),
    ]

    @Test(arguments: usageErrors)
    func usageErrorsSayWhatIsWrongAndPointAtHelp(arguments: [String], message: String) {
        let error = #expect(throws: UsageError.self, "board \(arguments)") { try ClientArguments(arguments) }
        #expect(error?.pointingAtBoardHelp == message)
        // Printed whole: a line past `Output.longestError` loses its middle (the names of {name} did).
        #expect(("board: " + message).count <= Output.longestError, "\(message.count) characters")
    }

    @Test(arguments: ["soon", "2026-13-01", "2026-11-31", "30/11/2026", "+", "+x", "-1", "-0", "-+1", "yesterday", "tomorow", ""])
    func aMalformedDateIsAUsageError(spec: String) {
        for (arguments, hint) in [(["--date", spec], "'board --help'"), (["show", "1", "--date=\(spec)"], "'board help show'")] {
            let error = #expect(throws: UsageError.self, "board \(arguments)") { try ClientArguments(arguments) }
            // A day before today is said to be before the window, not only malformed.
            // `-0` is today, and `-+1` no day at all: only a day before today is said so.
            let why = ["-1", "yesterday"].contains(spec) ? "; the board's window starts today: it holds no day before it" : ""
            #expect(
                error?.pointingAtBoardHelp
                    == "--date needs YYYY-MM-DD, today, tomorrow or +N, not \"\(spec)\"\(why); see \(hint)")
        }
    }

    /// `board NAME --help` is `board help NAME`, for every command (and the overview for the board).
    @Test(arguments: CommandTable.specs.map(\.name))
    func dashDashHelpIsTheCommandsHelp(name: String) throws {
        let words = name == "board" ? [] : [name]
        let parsed = try ClientArguments(words + ["--help"]).command
        #expect(same(parsed, HelpCommand(topic: name == "board" ? nil : name)))
        #expect(same(try ClientArguments(words + ["-h"]).command, parsed))
    }

    /// As `board` prints a refusal of the daemon's (`invalidParams`): without its full stop.
    @Test func aDaemonsSentenceLosesItsFullStop() {
        let error = ClientError.usage(UsageError(message: "time is not a time."))
        #expect(error.description == "time is not a time; see 'board --help'")
        #expect(error.exitStatus == 2)
    }
}
