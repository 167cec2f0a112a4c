import BoardArguments
import BoardProtocol
import BoardSystem
import FlightData

/// `board search TEXT [--tab TAB]`: flights across the window by city, airline, number or gate.
struct SearchCommand: BoardCommand, Equatable {
    static let spec = CommandSpec(
        name: "search",
        summary: "find flights by city, airline, number or gate",
        overview: OverviewLine("board search TEXT [--tab TAB]", "city, airline, number or gate"),
        flags: [.tab],
        positional: .nothing,
        help: """
            usage: board search TEXT [--tab TAB]

            Finds flights across the whole window by city, airline, number or gate
            (ignoring case), grouped by day with a count a day. --tab selects that
            tab for later commands too (not with --json).

            examples:
              board search miami
              board search "pacific 5" --tab departures
              board search B3
            """
    )

    var text: String
    var tab: Tab?

    init(text: String, tab: Tab? = nil) {
        self.text = text
        self.tab = tab
    }

    init(_ arguments: CommandArguments) throws(UsageError) {
        text = arguments.positionals.joined(separator: " ")
        guard !text.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw arguments.usageError("board search needs text: a city, airline, number or gate")
        }
        guard text.count <= 100 else { throw arguments.usageError("search text is limited to 100 characters") }
        tab = try arguments.flags["--tab"].map { text throws(UsageError) in try arguments.tab(text, flag: "--tab") }
    }

    func run(on client: inout BoardClient) throws(ClientError) {
        client.select(tab)
        var params: JSON = ["text": .string(text), "pinned": client.pinnedParam]
        if let tab { params = params.adding("tab", .string(tab.rawValue)) }
        let result = try client.call(.search, params)
        if client.options.json { return Output.print(result.text) }
        let found = try client.decode(SearchResultsDocument.self, result)
        Output.print(client.renderer.search(found))
        // A note for a person reading the list; a script reads --json's total and next (and `| head` stays quiet).
        if found.remaining > 0, FileDescriptor.standardOutput.isTerminal {
            Output.warning(
                "… \(found.remaining) more not shown: the daemon sends at most \(found.count) of the \(found.total ?? found.count) flights found; narrow the search"
            )
        }
    }
}
