import BoardArguments
import FlightData

/// The shells `board completions` writes scripts for.
enum CompletionShell: String, CaseIterable, Equatable, Sendable {
    case bash, zsh, fish
}

/// What a completion script offers, read from the command table.
///
/// Commands, their flags, the flags' values and summaries and what a command's
/// first argument is all come from the declarations in `Commands/`, so a
/// script can never offer what the parser refuses. Hidden flags are taken but
/// not offered.
enum CompletionSpec {
    /// Every command word, in the order help lists them.
    static var commands: [String] { CommandTable.names }

    /// What `board help` takes (a `.commands` argument).
    static var helpTopics: [String] { CommandTable.helpTopics }

    static var tabs: [String] { Tab.allCases.map(\.rawValue) }

    /// The flags `command` takes beyond the global ones and offers; "board" is the board itself.
    static func flags(of command: String) -> [String] {
        (CommandTable.command(named: command)?.spec.flags ?? []).filter { !$0.isHidden }.map(\.name)
    }

    /// Flags every command takes.
    static var globalFlags: [String] { GlobalOptions.flags.filter { !$0.isHidden }.map(\.name) }

    /// Every flag `board` takes, one declaration a name.
    static var allFlags: [String: Flag] {
        ClientArguments.knownFlags.reduce(into: [:]) { flags, flag in flags[flag.name] = flags[flag.name] ?? flag }
    }

    /// Every flag that takes a value, so a script can skip the value when it looks for the command.
    static var valueFlags: [String] { allFlags.values.filter(\.takesValue).map(\.name).sorted() }

    /// What follows `flag`.
    static func value(of flag: String) -> FlagValue { allFlags[flag]?.value ?? .none }

    /// What completes `flag`'s value in `command` when the command says (see `CommandSpec.flagValues`); nil: `value(of:)`.
    static func value(of flag: String, in command: String) -> PositionalKind? {
        CommandTable.command(named: command)?.spec.flagValues[flag]
    }

    /// The commands that complete `flag`'s value their own way, with how, in the table's order.
    static func commandValues(of flag: String) -> [(command: String, value: PositionalKind)] {
        (["board"] + commands).compactMap { command in value(of: flag, in: command).map { (command, $0) } }
    }

    /// What the first word after `command` can be (a flight id is fetched from the daemon).
    static func positional(of command: String) -> PositionalKind {
        CommandTable.command(named: command)?.spec.positional ?? .nothing
    }

    /// Where `board pins move FLIGHT` takes the flight.
    static var moveDirections: [String] { PinsCommand.Direction.allCases.map(\.rawValue) }

    static func summary(ofCommand command: String) -> String {
        CommandTable.command(named: command)?.spec.summary ?? "board \(command)"
    }

    static func summary(ofTab tab: String) -> String {
        switch tab {
        case "arrivals": "the board's arrivals"
        case "departures": "the board's departures"
        default: "the whole board"
        }
    }

    static func summary(ofFlag flag: String) -> String {
        allFlags[flag]?.summary ?? String(flag.dropFirst(2))
    }
}
