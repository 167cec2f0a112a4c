import BoardArguments
import BoardProtocol
import FlightData

/// `board completions bash|zsh|fish`: a completion script; `--ids` gives the scripts the day's flight ids.
struct CompletionsCommand: BoardCommand, Equatable {
    static let spec = CommandSpec(
        name: "completions",
        summary: "print a shell completion script",
        overview: OverviewLine("board completions bash|zsh|fish", "a shell completion script"),
        flags: [
            // For the completion scripts themselves (see CompletionIDs), not offered.
            Flag("--ids", summary: "ids").hidden(),
            Flag("--hidden-ids", summary: "hidden ids").hidden(),
            Flag("--pinned-ids", summary: "pinned ids").hidden(),
            Flag.date.hidden(),
        ],
        positional: .words(CompletionShell.allCases.map(\.rawValue)),
        help: """
            usage: board completions bash|zsh|fish

            Prints a completion script for the shell: commands, flags, tab names,
            flag values, and the day's flight ids after show, pin, hide, watch,
            log, wait and events --flight (asked of the daemon with 'board
            completions --ids', which answers within about 200 ms and prints
            nothing when no daemon runs; it never starts one). After unhide it
            offers the hidden flights, and after unpin and 'pins move' the pinned
            ones, read from the state file ('board completions --hidden-ids' and
            '--pinned-ids').

            scripts/install.sh installs all three where the shells look.

            examples:
              source <(board completions bash)                       # in ~/.bashrc
              board completions zsh > ~/.zfunc/_board                # a directory in $fpath
              board completions fish > ~/.config/fish/completions/board.fish
            """
    )

    enum Action: Equatable, Sendable {
        case script(CompletionShell)
        /// Today's flight ids for a completion script: quick, quiet, never starting a daemon.
        case ids(date: DateSpec?)
        /// The hidden (or pinned) flights' ids from the state file, for `unhide` (or `pins move`).
        case remembered(hidden: Bool)
    }

    var action: Action

    init(_ action: Action) { self.action = action }

    init(_ arguments: CommandArguments) throws(UsageError) {
        if arguments.has("--ids") {
            try arguments.noArguments()
            action = .ids(date: try arguments.date())
            return
        }
        for flag in ["--hidden-ids", "--pinned-ids"] where arguments.has(flag) {
            try arguments.noArguments()
            action = .remembered(hidden: flag == "--hidden-ids")
            return
        }
        guard !arguments.has("--date") else { throw arguments.usageError("--date goes with --ids") }
        let shells = CompletionShell.allCases.map(\.rawValue).joined(separator: ", ")
        let words = arguments.positionals
        guard let text = words.first else { throw arguments.usageError("board completions needs a shell: \(shells)") }
        guard words.count == 1, let shell = CompletionShell(rawValue: text) else {
            throw arguments.usageError("board completions knows \(shells), not \"\(words.joined(separator: " "))\"")
        }
        action = .script(shell)
    }

    var leavesStateAsItIs: Bool { true }

    func run(on client: inout BoardClient) throws(ClientError) {
        switch action {
        case .script(let shell):
            let script = CompletionScript.text(for: shell)
            Output.print(
                client.options.json
                    ? (["schema": 1, "shell": .string(shell.rawValue), "script": .string(script)] as JSON).text : script)
        case .ids(let date):
            for line in CompletionIDs(socket: client.socket).lines(date: date) { Output.print(line) }
        case .remembered(let hidden):
            for line in CompletionIDs.lines(hidden ? client.state.hidden : client.state.pins) { Output.print(line) }
        }
    }
}
