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
        flags: [.tab, .wide, Self.allPagesFlag] + FlightFilter.flags + [.within],
        positional: .nothing,
        help: """
            usage: board search TEXT [--tab TAB] [--wide] [--all-pages] [--airline A]
                                [--city TEXT] [--gate G] [--terminal T] [--status S]
                                [--within D]

            Finds flights across the whole window by city, airline, number or gate
            (ignoring case), grouped by day with a count a day. A flight found
            through a partner's designator (a codeshare, "pacific 333", or its
            number alone, "333") and nothing of its own says so under its row:
            "as Pacific 333". --tab selects that tab for later commands too (not
            with --json).

            The daemon answers with at most 200 flights a page: the list says how
            many it found in all ("416 flights matching "a" (the first 200
            shown)"), and --json carries "total" and "next". --all-pages reads
            every page (up to 10,000 flights) and prints them as one list, one
            JSON document whose "next" is null.

            The filters keep only the flights found that match them, as on the
            board (see 'board help board'): --airline, --city, --gate, --terminal,
            --status, each repeatable or comma-separated. They are applied to
            what the daemon finds, every page of it, and the counts count what
            is left.

              --within D   only flights whose current time is from the daemon's
                           now to D after it (90m, 2h, 1h30m; 1m to 24h), as on
                           the board: past flights are left out
              --wide       every column whatever the width, also the terminal,
                           codeshares and remark (a longer line is cut with …
                           on a terminal or at COLUMNS; piped, never cut);
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
    /// `--all-pages`: every page of the daemon's answer, not only the first.
    var allPages = false

    static let allPagesFlag = Flag("--all-pages", summary: "every page of what is found, not only the first 200 flights")

    init(text: String, tab: Tab? = nil, filter: FlightFilter = FlightFilter(), wide: Bool = false, allPages: Bool = false) {
        self.text = text
        self.tab = tab
        self.filter = filter
        self.wide = wide
        self.allPages = allPages
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
        allPages = arguments.has("--all-pages")
    }

    /// What `board search` finds for `text`: the daemon's first page, with `reply` as the daemon sent
    /// it; with a filter, every page read and only the matching flights kept (`reply` nil); with
    /// `allPages`, every page read as one (its `total` the daemon's, `reply` nil).
    static func results(
        of text: String, tab: Tab?, filter: FlightFilter, allPages: Bool = false, on client: BoardClient
    ) throws(ClientError) -> (found: SearchResultsDocument, reply: JSON?) {
        var request = SearchRequest(text: text, tab: tab, pinned: client.pinnedParam)
        let result = try client.call(request)
        let found = try client.decode(SearchResultsDocument.self, result)
        if filter.isEmpty, !allPages || found.next == nil { return (found, result) }
        // Every page: the filter may keep only a few of many.
        var pages: [SearchResultsDocument] = []
        var next = found.next
        while let cursor = next, pages.count < Self.pageLimit - 1 {
            request.cursor = cursor
            let page = try client.decode(SearchResultsDocument.self, try client.call(request))
            pages.append(page)
            next = page.next
        }
        // `--within` counts from the daemon's now, which search results do not carry.
        let now = filter.within == nil ? nil : try client.decode(ClockDocument.self, try client.call(ClockGetRequest())).now
        let kept = filter.apply(to: found, pages: pages, now: now)
        guard filter.isEmpty else { return (kept, nil) }
        // Every page read: the total is what they held (a flight two pages held, once). Cut by the
        // page limit: the daemon's total says how much more there is.
        let total = kept.next == nil ? kept.count : found.total
        return (
            SearchResultsDocument(
                text: kept.text, tab: kept.tab, count: kept.count, days: kept.days, total: total, next: kept.next),
            nil
        )
    }

    /// The most pages a search reads (filtered, or with `--all-pages`): 50 pages of 200 flights,
    /// more than a year of 30 a day.
    static let pageLimit = 50

    func run(on client: inout BoardClient) throws(ClientError) {
        let (found, reply) = try Self.results(of: text, tab: tab, filter: filter, allPages: allPages, on: client)
        // Chosen once the daemon has answered: a search that fails selects no tab.
        client.select(tab)
        // Filtered, the JSON says so, as a filtered board's does.
        if client.options.json {
            return Output.print((reply ?? (filter.isEmpty ? found.json : found.json.adding("filter", filter.json))).text)
        }
        var renderer = client.renderer(wide: wide)
        if !filter.isEmpty { renderer.filterNote = filter.description }
        Output.print(renderer.search(found))
        // A note for a person reading the list; a script reads --json's total and next (and `| head` stays quiet).
        if found.remaining > 0, FileDescriptor.standardOutput.isTerminal {
            let total = found.total ?? found.count
            Output.warning(
                allPages
                    ? "… \(found.remaining) more not shown: board search reads at most \(Self.pageLimit) pages, \(found.count) of the \(total) flights found; narrow the search"
                    : "… \(found.remaining) more not shown: the daemon sends at most \(found.count) of the \(total) flights found; narrow the search or add --all-pages"
            )
        }
    }
}
