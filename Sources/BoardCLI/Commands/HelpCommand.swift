import BoardArguments
import BoardProtocol
import FlightData

/// `board help [COMMAND]`, `--help`: the overview, or one command's details and examples.
struct HelpCommand: BoardCommand, Equatable {
    static let spec = CommandSpec(
        name: "help",
        summary: "a command's details and examples",
        overview: OverviewLine("board help [COMMAND] | --help | --version"),
        flags: [],
        positional: .commands,
        help: """
            usage: board help [COMMAND]

            Shows the overview, or one command's details and examples.

            example:
              board help watch
            """
    )

    /// The command to explain, nil (or `board`) for the overview.
    var topic: String?

    init(topic: String?) { self.topic = topic }

    init(_ arguments: CommandArguments) throws(UsageError) {
        let words = arguments.positionals
        guard words.count <= 1 else { throw UsageError(message: "board help takes one command name") }
        // A tab's name is the board's command (`board arrivals`), so its help is the board's.
        if let word = words.first, Tab(rawValue: word) != nil {
            topic = "board"
            return
        }
        if let topic = words.first, CommandTable.command(named: topic) == nil {
            let topics = CommandTable.helpTopics
            if let meant = NearestWord.suggestion(for: topic, among: topics) {
                throw UsageError(message: "no help for \"\(topic)\" (did you mean \(meant)?)")
            }
            throw UsageError(message: "no help for \"\(topic)\": the commands are \(topics.joined(separator: ", "))")
        }
        topic = words.first
    }

    func run(on client: inout BoardClient) throws(ClientError) {
        let text = HelpText.text(for: topic)
        Output.print(
            client.options.json
                ? (["schema": 1, "command": .string(topic ?? "board"), "text": .string(text)] as JSON).text : text)
    }
}
