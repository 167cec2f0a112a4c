import BoardArguments
import BoardProtocol
import FlightData
import FoundationEssentials

/// Which flights a person asked to see: `--airline`, `--city`, `--gate`, `--terminal`, `--status`
/// (and, on the one-shot boards, `--within`).
///
/// Applied by the client, to the documents the daemon sends: the protocol stays as it is, and every
/// command filters the same way. A flight matches when it matches every kind of filter given, and
/// within a kind any of the values given (`--gate A1 --gate B5`, or `--gate A1,B5`).
///
/// - airline: the operating airline (a codeshare's partner does not count), one of `FlightCatalog.airlines`.
/// - city: any part of the other airport's name, case, spaces and punctuation ignored, as `board search`
///   folds it: `ft worth` and `dallas-ft-worth` find Dallas/Ft. Worth.
/// - gate, terminal: the flight's current gate (after a gate change) and its terminal.
/// - status: the status as the flight shows it now.
/// - within: the flight's current time is from now up to that many minutes after it; past flights never.
struct FlightFilter: Equatable, Sendable {
    var airlines: [String] = []
    var cities: [String] = []
    var gates: [String] = []
    var terminals: [String] = []
    var statuses: [FlightStatus] = []
    /// Minutes after now, for `--within`.
    var within: Int?

    /// The flags, in the order they are offered and described.
    static let flags: [Flag] = [.airline, .city, .gate, .terminal, .status]

    /// The status names people type, in the order of the day.
    static let statusNames: [(String, FlightStatus)] = FlightStatus.allCases.map { ($0.commandLineName, $0) }

    static let gateNames = FlightCatalog.gates.map(\.description)
    static let terminalNames = Array(Set(FlightCatalog.gates.map(\.terminal))).sorted()

    /// City names as completion words: lower case, each run of other characters a `-` (`dallas-ft-worth`).
    static let cityWords: [String] = FlightCatalog.cities.map { city in
        var word = ""
        for c in city.name.lowercased() {
            if c.isLetter || c.isNumber {
                word.append(c)
            } else if word.last != "-" {
                word.append("-")
            }
        }
        return word
    }

    var isEmpty: Bool {
        airlines.isEmpty && cities.isEmpty && gates.isEmpty && terminals.isEmpty && statuses.isEmpty && within == nil
    }

    /// Whether `flight` is one to show, on a board whose now is `now` (needed by `within` only).
    func matches(_ flight: FlightDocument, now: String? = nil) -> Bool {
        if !airlines.isEmpty, !airlines.contains(flight.airline) { return false }
        if !cities.isEmpty {
            let name = flight.otherAirport.foldedForFilter
            if !cities.contains(where: { name.contains($0.foldedForFilter) }) { return false }
        }
        if !gates.isEmpty, !gates.contains(flight.gate) { return false }
        if !terminals.isEmpty, !terminals.contains(flight.terminal) { return false }
        if !statuses.isEmpty, !statuses.contains(flight.status) { return false }
        if let within {
            guard !flight.past, let now,
                let seconds = RecentChange.seconds(from: now, to: flight.currentTime ?? flight.scheduledTime),
                (0...within * 60).contains(seconds)
            else { return false }
        }
        return true
    }

    /// Whether a flight known by its name alone (`Pacific 578`, from a change of a day that has left
    /// the board's window) matches: by its airline, which the name carries; never `within`, as a flight
    /// of a day gone is past. Nil when the filter asks for what the name does not say (city, gate,
    /// terminal, status).
    func matches(flightName: String) -> Bool? {
        guard cities.isEmpty, gates.isEmpty, terminals.isEmpty, statuses.isEmpty else { return nil }
        if within != nil { return false }
        return airlines.isEmpty || airlines.contains { flightName.hasPrefix($0 + " ") }
    }

    /// `airline Pacific, gate B5`: what the header says is filtered.
    var description: String {
        var parts: [String] = []
        func add(_ name: String, _ values: [String]) {
            if !values.isEmpty { parts.append("\(name) \(values.joined(separator: " or "))") }
        }
        add("airline", airlines)
        add("city", cities.map { "\"\($0)\"" })
        add("gate", gates)
        add("terminal", terminals)
        add("status", statuses.map(\.commandLineName))
        if let within { parts.append("within \(DurationText.minutes(within))") }
        return parts.joined(separator: ", ")
    }

    /// The filter as `--json` states it on a board: each kind given, by the values given
    /// (`{"airline":["Pacific"],"gate":["B5"]}`), and `withinMinutes`.
    var json: JSON {
        var pairs: [(String, JSON)] = []
        func add(_ name: String, _ values: [String]) {
            if !values.isEmpty { pairs.append((name, .array(values.map { .string($0) }))) }
        }
        add("airline", airlines)
        add("city", cities)
        add("gate", gates)
        add("terminal", terminals)
        add("status", statuses.map(\.rawValue))
        if let within { pairs.append(("withinMinutes", .int(within))) }
        return .object(pairs)
    }

    /// The board with only the matching flights, its tab counts and badges counted again from
    /// `all`, the same day's `all` tab (the board itself when it is that tab).
    func apply(to board: BoardDocument, all: BoardDocument? = nil) -> BoardDocument {
        let source = all ?? board
        let kept = source.flights.filter { matches($0, now: board.now) }
        let tabs = board.tabs.map { entry in
            let count = kept.count { entry.id.includesDirection($0.direction) }
            let badge = entry.id == .all ? entry.badge : String(count)
            return BoardDocument.TabEntry(id: entry.id, title: entry.title, count: count, badge: badge)
        }
        return BoardDocument(
            airport: board.airport, now: board.now, simulated: board.simulated, speed: board.speed, date: board.date,
            tab: board.tab, hidePast: board.hidePast, tabs: tabs,
            flights: board.flights.filter { matches($0, now: board.now) })
    }

    /// The search results with only the matching flights, each day counted again, days left empty left
    /// out; `now` is the daemon's, for `within`.
    func apply(to results: SearchResultsDocument, pages: [SearchResultsDocument] = [], now: String? = nil)
        -> SearchResultsDocument
    {
        results.keeping(pages: pages) { matches($0, now: now) }
    }
}

extension SearchResultsDocument {
    /// These results and `pages` after them as one, with only the flights `keep` keeps, each day
    /// counted again, days left empty left out.
    ///
    /// When these results are a page (`total` set), the kept ones are one too, of the shape a script
    /// reads (PROTOCOL.md, `search`): their `total` is what was kept, and `next` the last page's (nil
    /// when every page was read). `total` and `next` were left out, and `.total` read null.
    ///
    /// A flight a page repeats (the clock moved it across the seam between two pages) is kept once.
    func keeping(pages: [SearchResultsDocument] = [], _ keep: (FlightDocument) -> Bool) -> SearchResultsDocument {
        var days: [SearchResultsDocument.Day] = []
        struct Seen: Hashable {
            let id: Int
            let date: String
        }
        var seen: Set<Seen> = []
        for day in ([self] + pages).flatMap(\.days) {
            let flights = day.flights.filter { keep($0) && seen.insert(Seen(id: $0.id, date: $0.date)).inserted }
            guard !flights.isEmpty else { continue }
            if let last = days.last, last.date == day.date {
                days[days.count - 1] = .init(
                    date: day.date, badge: day.badge, count: last.count + flights.count, flights: last.flights + flights)
            } else {
                days.append(.init(date: day.date, badge: day.badge, count: flights.count, flights: flights))
            }
        }
        let count = days.reduce(0) { $0 + $1.count }
        return SearchResultsDocument(
            text: text, tab: tab, count: count, days: days, total: total == nil ? nil : count, next: (pages.last ?? self).next)
    }
}

extension BoardDocument {
    /// The same board on another tab, with other tab entries or other flights.
    func replacing(tab: Tab? = nil, tabs: [TabEntry]? = nil, flights: [FlightDocument]? = nil) -> BoardDocument {
        BoardDocument(
            airport: airport, now: now, simulated: simulated, speed: speed, date: date, tab: tab ?? self.tab,
            hidePast: hidePast, tabs: tabs ?? self.tabs, flights: flights ?? self.flights)
    }
}

extension Tab {
    /// Whether a flight in `direction` is on this tab.
    func includesDirection(_ direction: Direction) -> Bool {
        switch self {
        case .all: true
        case .arrivals: direction == .arrival
        case .departures: direction == .departure
        }
    }
}

extension String {
    /// Lower-case letters and digits only, as `board search` folds a city: `Dallas/Ft. Worth` is `dallasftworth`.
    var foldedForFilter: String { String(lowercased().filter { $0.isLetter || $0.isNumber }) }
}

/// `90 min`, `2 h`, `1 h 30 min`: a number of minutes as people read it.
enum DurationText {
    static func minutes(_ minutes: Int) -> String {
        let (hours, rest) = minutes.quotientAndRemainder(dividingBy: 60)
        if hours == 0 { return "\(rest) min" }
        return rest == 0 ? "\(hours) h" : "\(hours) h \(rest) min"
    }
}

/// The filter flags: declared once, so that they mean the same on every command that takes them.
extension Flag {
    static let airline = Flag(
        "--airline", value: .choices(FlightCatalog.airlines), summary: "only this airline's flights (repeatable)")
    static let city = Flag(
        "--city", value: .choices(FlightFilter.cityWords), summary: "only flights from or to a city (any part of its name)")
    static let gate = Flag("--gate", value: .choices(FlightFilter.gateNames), summary: "only flights at this gate (repeatable)")
    static let terminal = Flag(
        "--terminal", value: .choices(FlightFilter.terminalNames), summary: "only flights in this terminal")
    static let status = Flag(
        "--status", value: .choices(FlightFilter.statusNames.map(\.0)), summary: "only flights with this status (repeatable)")
    static let within = Flag("--within", value: .free, summary: "only flights due within this long: 90m, 2h")
    static let countdown = Flag("--countdown", summary: "minutes left instead of clock times, for the next 3 hours")
}

extension CommandArguments {
    /// Every value given for `flag`, each split at commas, in order.
    private func words(_ flag: String) -> [String] {
        (values[flag] ?? flags[flag].map { [$0] } ?? []).flatMap {
            $0.split(separator: ",", omittingEmptySubsequences: false).map {
                String($0).trimmingWhitespace()
            }
        }
    }

    /// Each value of `flag` as the one of `accepted` it names, without repeats, ignoring case: a word
    /// as JSON writes it (`onTime`, fed back from `jq`) or as the board shows it (`on time`, `on_time`)
    /// is `on-time`; `ontime` is still a misspelling, with its hint.
    private func choices(_ flag: String, _ accepted: [String]) throws(UsageError) -> [String] {
        func key(_ text: String) -> String {
            var kebab = ""
            var previous: Character?
            for character in text {
                if character.isUppercase, previous?.isLowercase == true { kebab.append("-") }
                kebab.append(character == "_" || character == " " ? "-" : character)
                previous = character
            }
            return kebab.lowercased()
        }
        var found: [String] = []
        for word in words(flag) {
            // Case alone (`SouthEast`), or the word's parts (`onTime`).
            guard let match = accepted.first(where: { $0.lowercased() == word.lowercased() || key($0) == key(word) }) else {
                throw usageError(
                    "\(flag) needs one of \(accepted.joined(separator: ", ")), not \"\(word)\""
                        + NearestWord.hint(for: word, among: accepted))
            }
            if !found.contains(match) { found.append(match) }
        }
        return found
    }

    /// The filter flags given: `--airline`, `--city`, `--gate`, `--terminal`, `--status`.
    func flightFilter() throws(UsageError) -> FlightFilter {
        var filter = FlightFilter()
        filter.airlines = try choices("--airline", FlightCatalog.airlines)
        filter.gates = try choices("--gate", FlightFilter.gateNames)
        filter.terminals = try choices("--terminal", FlightFilter.terminalNames)
        let names = FlightFilter.statusNames.map(\.0)
        filter.statuses = try choices("--status", names).compactMap { name in
            FlightFilter.statusNames.first { $0.0 == name }?.1
        }
        for city in words("--city") {
            // The filter is said back on every board ("filtered: city ..."): no control may ride in it.
            guard !city.hasTerminalControls, !city.contains(where: \.isNewline) else {
                throw usageError("--city takes a city's name, not control characters or line breaks: \"\(city)\"")
            }
            guard !city.foldedForFilter.isEmpty else {
                throw usageError(
                    "--city needs a letter or digit of a city's name, such as \"denver\" or \"ft worth\", not \"\(city)\"")
            }
            if !filter.cities.contains(city) { filter.cities.append(city) }
        }
        return filter
    }

    /// `--within`, when given: whole minutes from 1 to a day.
    func within() throws(UsageError) -> Int? {
        guard let text = flags["--within"] else { return nil }
        guard let minutes = DurationInput.minutes(text), (1...1440).contains(minutes), !text.hasPrefix("+") else {
            throw usageError("--within needs a duration from 1m to 24h, such as 90m, 2h or 1h30m, not \"\(text)\"")
        }
        return minutes
    }
}
