import BoardArguments
import BoardProtocol
import BoardSystem
import FlightData

/// `board search TEXT [--tab TAB] [--wide] [filters] [--within D]`: flights across the window by city, airline, number or gate.
struct SearchCommand: BoardCommand, Equatable {
    static let spec = CommandSpec(
        name: "search",
        summary: "find flights by city, airline, number or gate",
        overview: OverviewLine("board search TEXT [--tab TAB]", "city, airline, number or gate"),
        flags: [.tab, .wide] + FlightFilter.flags + [.within],
        positional: .nothing,
        help: """
            usage: board search TEXT [--tab TAB] [--wide] [--airline A] [--city TEXT]
                                [--gate G] [--terminal T] [--status S] [--within D]

            Finds flights across the whole window by city, airline, number or gate
            (ignoring case), grouped by day with a count a day. A flight found
            through a partner's designator (a codeshare, "pacific 333", or its
            number alone, "333") and nothing of its own says so under its row:
            "as Pacific 333". --tab
            selects that tab for later commands too (not with --json).

            The filters keep only the flights found that match them, as on the
            board (see 'board help board'): --airline, --city, --gate, --terminal,
            --status, each repeatable or comma-separated. They are applied to
            what the daemon finds, every page of it, and the counts count what
            is left.

              --within D   only flights whose current time is from the daemon's
                           now to D after it (90m, 2h, 1h30m; 1m to 24h), as on
                           the board: past flights are left out
              --wide       every column whatever the width, also the terminal,
                           codeshares and remark (a longer line is cut with …);
                           without it the columns narrow and widen as the
                           board's do (terminal, codeshares, remark at 100,
                           120 and 160 columns)

            examples:
              board search miami
              board search "pacific 5" --tab departures
              board search B3
              board search denver --status delayed,canceled
              board search pacific --within 2h
            """
    )

    var text: String
    var tab: Tab?
    var filter = FlightFilter()
    var wide = false

    init(text: String, tab: Tab? = nil, filter: FlightFilter = FlightFilter(), wide: Bool = false) {
        self.text = text
        self.tab = tab
        self.filter = filter
        self.wide = wide
    }

    init(_ arguments: CommandArguments) throws(UsageError) {
        text = arguments.positionals.joined(separator: " ")
        guard !text.allSatisfy(\.isWhitespace) else {
            throw arguments.usageError("board search needs text: a city, airline, number or gate")
        }
        guard SearchText.fits(text) else { throw arguments.usageError("search text is \(SearchText.limits)") }
        tab = try arguments.flags["--tab"].map { text throws(UsageError) in try arguments.tab(text, flag: "--tab") }
        filter = try arguments.flightFilter()
        filter.within = try arguments.within()
        wide = arguments.has("--wide")
    }

    /// What `board search` finds for `text`: the daemon's first page, with `reply` as the daemon sent
    /// it; with a filter, every page read and only the matching flights kept (`reply` nil).
    static func results(of text: String, tab: Tab?, filter: FlightFilter, on client: BoardClient) throws(ClientError)
        -> (found: SearchResultsDocument, reply: JSON?)
    {
        var request = SearchRequest(text: text, tab: tab, pinned: client.pinnedParam)
        let result = try client.call(request)
        let found = try client.decode(SearchResultsDocument.self, result)
        if filter.isEmpty { return (found, result) }
        // Every page: the filter may keep only a few of many.
        var pages: [SearchResultsDocument] = []
        var next = found.next
        while let cursor = next, pages.count < Self.filteredPages {
            request.cursor = cursor
            let page = try client.decode(SearchResultsDocument.self, try client.call(request))
            pages.append(page)
            next = page.next
        }
        // `--within` counts from the daemon's now, which search results do not carry.
        let now = filter.within == nil ? nil : try client.decode(ClockDocument.self, try client.call(ClockGetRequest())).now
        return (filter.apply(to: found, pages: pages, now: now), nil)
    }

    /// The most pages a filtered search reads: 50 pages of 200 flights, more than a year of 30 a day.
    static let filteredPages = 50

    func run(on client: inout BoardClient) throws(ClientError) {
        let (found, reply) = try Self.results(of: text, tab: tab, filter: filter, on: client)
        // Chosen once the daemon has answered: a search that fails selects no tab.
        client.select(tab)
        // Filtered, the JSON says so, as a filtered board's does.
        if client.options.json { return Output.print((reply ?? found.json.adding("filter", filter.json)).text) }
        var renderer = client.renderer
        renderer.wide = wide
        if !filter.isEmpty { renderer.filterNote = filter.description }
        Output.print(renderer.search(found))
        // A note for a person reading the list; a script reads --json's total and next (and `| head` stays quiet).
        if found.remaining > 0, FileDescriptor.standardOutput.isTerminal {
            Output.warning(
                "… \(found.remaining) more not shown: the daemon sends at most \(found.count) of the \(found.total ?? found.count) flights found; narrow the search"
            )
        }
    }
}
