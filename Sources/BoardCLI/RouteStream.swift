import BoardProtocol
import BoardSystem
import FlightData

/// `board watch --route R` (or `board watch FLIGHT`) not on a terminal, when a search or a flight is
/// open over the route's board: that screen, printed again whenever it changes, as the plain board
/// is printed at each update (`LiveView.stream`). A route names the same screen on a terminal or off it.
///
/// The route's board (its tab, day and hide-past) is watched for the updates. At each one the
/// search is asked again, as `board search TEXT --tab TAB` asks it with the filter flags, past
/// flights left out with hide-past; or the flight is fetched by its identity, as `board show`
/// shows it. What is the same as the last printed is not printed again (a flight compared
/// without its `now`). A flight that has left the window ends it with status 4.
enum RouteStream {
    /// The screen a route opens over its board that this stream prints: the top one.
    enum Screen: Equatable, Sendable {
        case search(String)
        case flight(LiveModel.FlightKey)
    }

    /// The screen on top of `screens` (a route's or a deep link's), when there is one over the board.
    static func screen(of screens: [SavedLiveView.Screen]) -> Screen? {
        switch screens.last {
        case .searchResults(let text)?: .search(text)
        case .flight(let id, let date, let name)?: .flight(LiveModel.FlightKey(id: id, date: date, name: name))
        default: nil
        }
    }

    /// What one update prints, and what it is compared by.
    struct Printed: Equatable {
        let text: String
        let compared: String
    }

    /// How the screen is printed: the filter, `--wide`, `--json`.
    struct Options {
        var tab: Tab
        var hidePast: Bool
        var date: String?
        var filter = FlightFilter()
        var wide = false
    }

    /// Prints `screen` at every update until stdout's reader leaves or a signal ends it; a daemon that
    /// goes away is waited for, as `LiveView.stream` waits. Throws what the daemon refuses.
    static func run(client: BoardClient, screen: Screen, options: Options) throws(ClientError) {
        let connection = try client.connect()
        var last: Printed?
        let watch = BoardWatchRequest(
            tab: options.tab, hidePast: options.hidePast, date: options.date.flatMap(DateSpec.init),
            pinned: PinnedParam(client.sentPins.compactMap(\.key)))
        // A daemon gone between its board and the question (`.noDaemon`) is asked again once it is back.
        try LiveView.followBoards(client: client, connection: connection, watch: watch) { _ throws(ClientError) in
            let printed = try Self.printed(screen, options: options, client: client)
            if printed != last { Output.print(printed.text) }
            last = printed
        }
    }

    /// The screen as it is now: the search's results or the flight, as `--json` or people's text.
    static func printed(_ screen: Screen, options: Options, client: BoardClient) throws(ClientError) -> Printed {
        let json = client.options.json
        switch screen {
        case .search(let text):
            var (found, reply) = try SearchCommand.results(of: text, tab: options.tab, filter: options.filter, on: client)
            if options.hidePast {
                found = found.keeping { !$0.past }
                reply = nil
            }
            if json {
                let text = (reply ?? found.json).text
                return Printed(text: text, compared: text)
            }
            var renderer = client.renderer
            renderer.wide = options.wide
            if !options.filter.isEmpty { renderer.filterNote = options.filter.description }
            let text = renderer.search(found) + "\n"
            return Printed(text: text, compared: text)
        case .flight(let key):
            let gone = ClientError.notFound(
                "flight \(key.id) of \(key.date) is no longer on the board; 'board watch' opens the board")
            guard let identity = key.identity else { throw gone }
            let reply: JSON
            do { reply = try client.call(FlightGetRequest(identity, pinned: client.pinnedParam)) } catch .notFound {
                throw gone
            }
            let details = try client.decode(FlightDetailsDocument.self, reply)
            let compared = reply.removing("now").text
            return Printed(
                text: json ? reply.text : client.renderer.details(details, hidden: client.state.hides(details.flight)) + "\n",
                compared: compared)
        }
    }
}
