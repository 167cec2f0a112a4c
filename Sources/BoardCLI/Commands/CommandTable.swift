/// Every `board` command, in the order help and the completion scripts list them.
///
/// Adding a command is one new file under `Commands/` and one entry here.
enum CommandTable {
    static let all: [any BoardCommand.Type] = [
        BoardViewCommand.self,
        ShowCommand.self,
        LastCommand.self,
        NextCommand.self,
        PrevCommand.self,
        SoonestCommand.self,
        SearchCommand.self,
        PinCommand.self,
        UnpinCommand.self,
        PinsCommand.self,
        HideCommand.self,
        UnhideCommand.self,
        HiddenCommand.self,
        WatchCommand.self,
        EventsCommand.self,
        LogCommand.self,
        WaitCommand.self,
        StatusCommand.self,
        ClockCommand.self,
        BenchmarkCommand.self,
        CompletionsCommand.self,
        HelpCommand.self,
    ]

    /// The command run when no command word is given: the board itself.
    static let board: any BoardCommand.Type = BoardViewCommand.self

    static var specs: [CommandSpec] { all.map { $0.spec } }

    /// The words that name a command (`show`, `last`, ...): every command but the board.
    static var names: [String] { all.map { $0.spec.name }.filter { $0 != board.spec.name } }

    /// What `board help` takes: every command, and `board` for the board's own help.
    static var helpTopics: [String] { names + [board.spec.name] }

    /// The command named `name` (`board` for the board itself).
    static func command(named name: String) -> (any BoardCommand.Type)? {
        all.first { $0.spec.name == name }
    }
}
