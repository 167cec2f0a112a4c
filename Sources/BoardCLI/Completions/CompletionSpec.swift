import BoardProtocol
import BoardSystem
import FlightData

/// The shells `board completions` writes scripts for.
enum CompletionShell: String, CaseIterable, Equatable {
    case bash, zsh, fish
}

/// What a completion script offers, read from the argument parser's own tables.
///
/// Commands and flags come from `ClientArguments`, so a script can never offer
/// what the parser refuses; this file adds only the words people read beside
/// them (summaries) and the values a flag takes.
enum CompletionSpec {
    /// What a flag's value is, for completing it.
    enum Value: Equatable {
        case choices([String])
        case file
        case directory
        /// Free text or a number: nothing to offer.
        case free
    }

    /// Every command, in the order help lists them.
    static var commands: [String] { ClientArguments.commands }

    static var tabs: [String] { Tab.allCases.map(\.rawValue) }

    /// The flags `command` takes beyond the global ones; "board" is the board itself.
    static func flags(of command: String) -> [String] {
        guard let own = ClientArguments.commandFlags[command] else { return [] }
        return own.filter { !(hiddenFlags[command] ?? []).contains($0) }
    }

    /// Flags every command takes.
    static var globalFlags: [String] { ClientArguments.globalFlags }

    /// Flags the scripts use themselves and do not offer: `board completions --ids [--date D]`.
    static let hiddenFlags: [String: Set<String>] = ["completions": ["--ids", "--date"]]

    /// Every flag that takes a value, so a script can skip the value when it looks for the command.
    static var valueFlags: [String] { ClientArguments.valueFlags.sorted() }

    static func value(of flag: String) -> Value {
        switch flag {
        case "--color": .choices(ColorChoice.allCases.map(\.rawValue))
        case "--tab": .choices(tabs)
        case "--date": .choices(["today", "tomorrow", "+1", "+2", "+3"])
        case "--method": .choices(WireMethod.allCases.map(\.rawValue).filter { $0 != WireMethod.boardWatch.rawValue })
        case "--payload": .file
        case "--socket": .file
        case "--state-dir": .directory
        default: .free
        }
    }

    /// What the first word after `command` can be (a flight id is fetched from the daemon).
    enum Positional: Equatable {
        case commandsAndTabs
        case tabs
        case flightIDs
        case words([String])
        case nothing
    }

    /// The positional argument `command` takes first.
    static func positional(of command: String) -> Positional {
        switch command {
        case "board": .commandsAndTabs
        case "soonest", "watch": .tabs
        case "show", "pin", "unpin": .flightIDs
        case "clock": .words(["set", "advance"])
        case "help": .words(commands)
        case "completions": .words(CompletionShell.allCases.map(\.rawValue))
        default: .nothing
        }
    }

    static func summary(ofCommand command: String) -> String {
        commandSummaries[command] ?? "board \(command)"
    }

    static func summary(ofTab tab: String) -> String {
        switch tab {
        case "arrivals": "the board's arrivals"
        case "departures": "the board's departures"
        default: "the whole board"
        }
    }

    static func summary(ofFlag flag: String) -> String {
        flagSummaries[flag] ?? String(flag.dropFirst(2))
    }

    static let commandSummaries: [String: String] = [
        "show": "one flight; it becomes the last viewed",
        "last": "the last viewed flight",
        "next": "the flight after the last viewed",
        "prev": "the flight before the last viewed",
        "soonest": "the next flight not yet past",
        "search": "find flights by city, airline, number or gate",
        "pin": "keep a flight at the top of the board",
        "unpin": "remove a pin",
        "pins": "list the pinned flights",
        "watch": "the live board, full screen",
        "status": "one line for a status bar",
        "clock": "show or move the daemon's clock",
        "bench": "measure the daemon under load",
        "completions": "print a shell completion script",
        "help": "a command's details and examples",
    ]

    static let flagSummaries: [String: String] = [
        "--json": "print JSON for scripts",
        "--socket": "the daemon's socket",
        "--color": "colour: auto, always or never",
        "--no-autostart": "do not start boardd when none answers",
        "--state-dir": "where the tab, last flight and pins live",
        "--help": "show help",
        "--version": "show the version",
        "--hide-past": "leave out flights whose time has passed",
        "--date": "another day: YYYY-MM-DD, today, tomorrow, +N",
        "--tab": "only this tab",
        "--rotate": "page through a long board every SECONDS",
        "--format": "the line's format, with {placeholders}",
        "--tmux": "tmux colour codes",
        "--clients": "clients asking at once",
        "--duration": "seconds to run",
        "--method": "the request to send",
        "--watchers": "watchers connected meanwhile",
        "--rounds": "times to repeat the run",
    ]
}
