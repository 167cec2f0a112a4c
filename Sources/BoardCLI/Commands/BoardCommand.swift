import BoardArguments

/// Something `board` can run once its arguments are read: a command of the table, or `--version`.
protocol RunnableCommand: Sendable, Equatable {
    func run(on client: inout BoardClient) throws(ClientError)
    /// Whether it only reads the state file, run where no one sees its warnings (a shell's Tab,
    /// tmux's status line): a corrupt file is then read as defaults and left as it is, for a command
    /// run by hand to keep aside and say so.
    var leavesStateAsItIs: Bool { get }
}

extension RunnableCommand {
    var leavesStateAsItIs: Bool { false }
}

/// One `board` command: its declaration, how it reads its arguments, and what it does.
///
/// Each command is one type in its own file under `Commands/`, listed once in
/// `CommandTable.all`. Parsing, `board help`, the overview, usage errors and
/// the completion scripts are all derived from the `spec`s.
protocol BoardCommand: RunnableCommand {
    static var spec: CommandSpec { get }

    /// Reads the command's arguments; its flags are already known to be its own.
    init(_ arguments: CommandArguments) throws(UsageError)
}

/// Everything people and shells see of a command, declared once.
struct CommandSpec: Sendable {
    /// The word that names it (`show`); `board` for the board itself, which needs none.
    let name: String
    /// The help a usage error points at: `board help NAME`, or `board --help` for the board itself.
    static func helpTopic(of name: String) -> String? { name == "board" ? nil : name }
    /// One line for a completion menu.
    let summary: String
    /// Its line in `board --help`: the usage, then (when it fits) a few words about it.
    let overview: OverviewLine?
    /// The flags it takes beyond the global ones.
    let flags: [Flag]
    /// What its first argument is, for completing it.
    let positional: PositionalKind
    /// `board help NAME`: usage, what it does, its flags, examples. Written only when asked for: every
    /// command's spec is made to read any command line (their flags), and wrapping every help text
    /// then was a sixth of `board all --json`'s time.
    var help: String { helpText() }
    private let helpText: @Sendable () -> String
    /// What completes a flag's value in this command when its declaration cannot say: a flag shared with
    /// another meaning elsewhere (`board wait --until STATE`, `board events --until T`), or a flight id.
    let flagValues: [String: PositionalKind]

    init(
        name: String, summary: String, overview: OverviewLine?, flags: [Flag] = [], positional: PositionalKind = .nothing,
        flagValues: [String: PositionalKind] = [:], help: @autoclosure @escaping @Sendable () -> String
    ) {
        self.name = name
        self.summary = summary
        self.overview = overview
        self.flags = flags
        self.positional = positional
        self.flagValues = flagValues
        self.helpText = help
    }
}

/// A line of the overview's usage block, such as `board last` and `the last viewed flight`.
struct OverviewLine: Sendable {
    let usage: String
    let note: String?

    init(_ usage: String, _ note: String? = nil) {
        self.usage = usage
        self.note = note
    }
}

/// What a command's first argument can be, for a completion script.
enum PositionalKind: Hashable, Sendable {
    /// A command name or a tab (the board itself).
    case commandsAndTabs
    /// A command name (`board help`).
    case commands
    case tabs
    /// A flight id, fetched from the daemon as the script runs.
    case flightIDs
    /// The id of a flight `board hide` hid, from the state file (`board completions --hidden-ids`).
    case hiddenIDs
    /// The id of a pinned flight, from the state file (`board completions --pinned-ids`).
    case pinnedIDs
    /// A tab or a flight id (`board watch`).
    case tabsAndFlightIDs
    case words([String])
    case nothing

    /// For ids the state file remembers (`hiddenIDs`, `pinnedIDs`): the option of `board completions`
    /// that lists them, and what a shell's menu calls one.
    var stateIDs: (option: String, what: String)? {
        switch self {
        case .hiddenIDs: ("--hidden-ids", "hidden flight")
        case .pinnedIDs: ("--pinned-ids", "pinned flight")
        default: nil
        }
    }
}
