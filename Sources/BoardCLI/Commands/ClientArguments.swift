import BoardArguments
import BoardSystem
import FlightData

/// Reads `board`'s arguments into a command and its options, by the declarations in `CommandTable`.
struct ClientArguments {
    var command: any RunnableCommand
    var options: GlobalOptions

    /// Every flag `board` knows: the global ones, then each command's (a name declared twice is one flag).
    static var knownFlags: [Flag] { GlobalOptions.flags + CommandTable.specs.flatMap(\.flags) }

    init(_ arguments: [String]) throws(UsageError) {
        let known = Self.knownFlags
        var tokenizer = FlagTokenizer(arguments, flags: known) { word in
            // `--hide-pst`: the flag it was meant to be, when one is near, among those of the command
            // given (its first word that is no flag; the board's own without one).
            let command = arguments.first { !$0.hasPrefix("-") }.flatMap(CommandTable.command(named:)) ?? CommandTable.board
            let candidates = Set((GlobalOptions.flags + command.spec.flags).map(\.name)).sorted()
            return "unknown flag \(word)" + NearestWord.hint(for: word, among: candidates)
        }
        var positionals: [String] = []
        var given: [String] = []
        var flags: [String: String] = [:]
        var values: [String: [String]] = [:]
        while let token = try tokenizer.next() {
            switch token {
            case .argument(let word): positionals.append(word)
            case .flag(let flag, let value):
                if flags[flag.name] == nil { given.append(flag.name) }
                flags[flag.name] = value ?? ""
                values[flag.name, default: []].append(value ?? "")
            }
        }
        options = try GlobalOptions(flags)

        if flags["--version"] != nil {
            command = VersionCommand()
            return
        }
        var type = CommandTable.board
        if let first = positionals.first, CommandTable.names.contains(first), let named = CommandTable.command(named: first) {
            type = named
            positionals.removeFirst()
        } else if let first = positionals.first, Tab(rawValue: first.lowercased()) == nil {
            let words = CommandTable.names + Tab.allCases.map(\.rawValue)
            throw UsageError(message: "unknown command \"\(first)\"" + NearestWord.hint(for: first, among: words))
        }
        let spec = type.spec
        let isBoard = spec.name == CommandTable.board.spec.name
        if flags["--help"] != nil {
            command = HelpCommand(topic: isBoard ? nil : spec.name)
            return
        }
        let global = Set(GlobalOptions.flags.map(\.name))
        let own = Set(spec.flags.map(\.name))
        for flag in given where !global.contains(flag) && !own.contains(flag) {
            throw UsageError(
                message: "\(isBoard ? "the board" : "board \(spec.name)") does not take \(flag)",
                command: isBoard ? nil : spec.name)
        }
        command = try type.init(CommandArguments(name: spec.name, positionals: positionals, flags: flags, values: values))
        // A socket path too long from the environment stops only the commands that talk to a daemon:
        // help, completions and the version still answer.
        if ![HelpCommand.spec.name, CompletionsCommand.spec.name].contains(spec.name),
            let problem = UnixSocket.pathProblem(flag: options.socket)
        {
            throw UsageError(message: problem)
        }
    }
}

extension UsageError {
    /// The message as `board` prints it, pointing at the command's help: `...; see 'board help show'`.
    var pointingAtBoardHelp: String {
        pointing(to: "'\(command.map { "board help \($0)" } ?? "board --help")'")
    }
}
