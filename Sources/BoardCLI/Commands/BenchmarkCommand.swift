import BoardArguments
import BoardProtocol

/// `board bench`: measures the daemon (or Redis) under load; the work is `BenchCommand`'s.
struct BenchmarkCommand: BoardCommand, Equatable {
    static let spec = CommandSpec(
        name: "bench",
        summary: "measure the daemon under load",
        overview: OverviewLine("board bench [--clients N | --watchers N]", "load the daemon"),
        flags: [
            Flag("--clients", value: .number, summary: "clients asking at once"),
            Flag("--duration", value: .number, summary: "seconds to run"),
            Flag("--method", value: .choices(Self.methods), summary: "the request to send"),
            Flag("--params", value: .free, summary: "params"),
            Flag("--watchers", value: .number, summary: "watchers connected meanwhile"),
            Flag("--rounds", value: .number, summary: "times to repeat the run"),
            Flag("--watch-on", value: .free, summary: "the sockets the watchers watch, comma-separated"),
            Flag(
                "--subscription", value: .choices(BenchRunner.Subscription.allCases.map(\.rawValue)),
                summary: "what fan-out watchers watch"),
            Flag("--resp", value: .free, summary: "resp"),
            Flag("--payload", value: .file, summary: "payload"),
            Flag(
                "--hostile", value: .choices(FairnessBench.Hostile.allCases.map(\.rawValue)),
                summary: "a hostile load beside pings"),
        ],
        positional: .nothing,
        help: """
            usage: board bench [--clients N] [--duration S] [--method M] [--params JSON]
                   board bench --watchers N [--rounds R] [--subscription board|views|events]
                               [--watch-on SOCKET,SOCKET...]
                   board bench --hostile KIND [--duration S] [--watchers N]
                   board bench --resp KEY [--payload FILE] ...   (the same, against Redis)

            Measures the daemon. Request/response: N clients (default 50), driven
            from one thread as redis-benchmark's are, send board.get (or --method
            with --params) back to back for S seconds (default 5) and it prints
            requests per second and p50/p99/max latency.
            Fan-out: N watchers, then R rounds (default 20) of one clock.advance
            each, timed until every watcher holds the new board; it also times the
            reply to the client that moved the clock. --subscription views gives
            each watcher its own pin list (as many views as watchers); events has
            them follow events.watch instead, each round a one-minute move that
            made one change, timed until every follower holds it (moves of several
            changes are read to the end, counted, not timed). Both modes print the
            server's peak memory. Fan-out needs a simulated clock. --watch-on
            spreads the watchers over other daemons' sockets, in turn, while the
            clock moves on --socket: replicas (boardd --follow) of that source,
            each round timed until every replica's watchers hold the move.

            Fairness: --hostile runs one hostile load while one client pings back
            to back on a connection kept open and another every 10 ms on a fresh
            connection each time, and prints both pings' p50/p99/max, the server's
            resident memory (idle, peak) and, when the load moves the clock, each
            move's reply time and the CPU of the server's main loop (where moves
            and fan-outs run) a move, over three moves made once the pings and
            the hostile requests stop.

            KIND is none (the pings alone, the baseline); pipeline (1,000 searches
            in one write, again and again); flood (8 clients of 100 board.get a
            write); and with --watchers N hostile connections and the clock moved (a
            simulated clock): views (N watchers, default 2000, each with its own
            pins); unread (N events.watch subscribers with the least receive buffer
            that read nothing after the hello; memory is read again 5 s after they
            leave); filters (N subscribers, default 1000, each pinning its own five
            flights, and a day-long clock.advance every half second); trickle (N
            board watchers reading a byte at a time); kinds (N subscribers with the
            63 distinct kinds filters); rewatch (N connections, default 20,
            re-sending board.watch).

            --resp KEY speaks Redis's protocol to the server on --socket: GET KEY,
            or SUBSCRIBE KEY and PUBLISH the --payload FILE for fan-out, so both
            sides are measured with one client design (scripts/bench-vs-redis.sh).
            A flag of another mode (--rounds without --watchers, --clients beside
            it) is refused, not passed over.

            examples:
              board bench --clients 50 --duration 5
              board bench --clients 1 --method flight.get --params '{"id":8087}'
              board bench --watchers 5000 --rounds 20 --json
              board bench --watchers 2000 --subscription views
              board bench --watchers 8000 --watch-on /run/r1.sock,/run/r2.sock
              board bench --watchers 5000 --subscription events
              board bench --hostile views --watchers 2000 --duration 5
              board bench --hostile filters --watchers 1000 --duration 4
              board bench --resp board --socket /tmp/redis.sock --clients 50
            """
    )

    /// The methods `--method` takes: every request but the watches, which never end.
    static let methods = WireMethod.allCases.filter { $0 != .boardWatch && $0 != .eventsWatch }.map(\.rawValue)

    var options: BenchOptions

    init(_ options: BenchOptions) { self.options = options }

    init(_ arguments: CommandArguments) throws(UsageError) {
        try arguments.noArguments()
        var bench = BenchOptions()
        bench.clients = try arguments.number("--clients", in: 1...1000) ?? bench.clients
        bench.watchers = try arguments.number("--watchers", in: 1...100_000)
        bench.rounds = try arguments.number("--rounds", in: 1...100_000) ?? bench.rounds
        if let text = arguments.flags["--duration"] {
            guard let seconds = DecimalNumber.value(text), seconds > 0, seconds <= 3600 else {
                throw arguments.usageError("--duration needs seconds above 0, at most 3600, not \"\(text)\"")
            }
            bench.duration = seconds
        }
        if let method = arguments.flags["--method"] {
            guard Self.methods.contains(method) else {
                throw arguments.usageError("--method needs a request method such as board.get or flight.get, not \"\(method)\"")
            }
            bench.method = method
        }
        if let params = arguments.flags["--params"] {
            guard (try? JSON.parse(params))?.objectPairs != nil else {
                throw arguments.usageError("--params needs a JSON object, such as '{\"tab\":\"arrivals\"}'")
            }
            bench.params = params
        }
        if let text = arguments.flags["--subscription"] {
            guard let subscription = BenchRunner.Subscription(rawValue: text) else {
                throw arguments.usageError("--subscription needs board, views or events, not \"\(text)\"")
            }
            bench.subscription = subscription
        }
        if let text = arguments.flags["--watch-on"] {
            let sockets = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            guard !sockets.isEmpty, sockets.allSatisfy({ !$0.isEmpty }) else {
                throw arguments.usageError(
                    "--watch-on needs sockets separated by commas, such as /run/r1.sock,/run/r2.sock, not \"\(text)\"")
            }
            bench.watchSockets = sockets
        }
        bench.respKey = arguments.flags["--resp"]
        bench.payloadFile = arguments.flags["--payload"]
        if let hostile = arguments.flags["--hostile"] {
            guard let kind = FairnessBench.Hostile(rawValue: hostile) else {
                let kinds = FairnessBench.Hostile.allCases.map(\.rawValue)
                throw arguments.usageError(
                    "--hostile needs \(kinds.dropLast().joined(separator: ", ")) or \(kinds.last!), not \"\(hostile)\"")
            }
            bench.hostile = kind
        }
        try Self.refuseFlagsOfOtherModes(arguments, bench)
        options = bench
    }

    /// The flags each mode reads, in the order they are named when one is refused.
    static let requestFlags = ["--clients", "--duration", "--method", "--params", "--resp"]
    static let fanOutFlags = ["--watchers", "--rounds", "--subscription", "--watch-on", "--resp", "--payload"]
    static let hostileFlags = ["--hostile", "--watchers", "--duration"]

    /// A flag the chosen mode would pass over is refused, naming the mode it goes with: `--rounds`
    /// without `--watchers` measured requests, not rounds, and said nothing.
    static func refuseFlagsOfOtherModes(_ arguments: CommandArguments, _ bench: BenchOptions) throws(UsageError) {
        let given = (requestFlags + fanOutFlags + hostileFlags).filter { arguments.flags[$0] != nil }
        if bench.hostile != nil, let flag = given.first(where: { !hostileFlags.contains($0) }) {
            throw arguments.usageError("\(flag) does not go with --hostile, which takes --watchers and --duration")
        }
        if bench.hostile == nil, bench.watchers != nil, let flag = given.first(where: { !fanOutFlags.contains($0) }) {
            throw arguments.usageError("\(flag) is for request/response runs, not with --watchers (fan-out)")
        }
        if bench.hostile == nil, bench.watchers == nil, let flag = given.first(where: { !requestFlags.contains($0) }) {
            throw arguments.usageError("\(flag) goes with --watchers (fan-out); without it, board bench measures requests")
        }
        if bench.respKey != nil, let flag = ["--method", "--params"].first(where: { arguments.flags[$0] != nil }) {
            throw arguments.usageError("\(flag) does not go with --resp: Redis is sent GET KEY")
        }
        if bench.respKey == nil, bench.payloadFile != nil {
            throw arguments.usageError("--payload goes with --resp: it is what Redis publishes; boardd sends its own board")
        }
    }

    func run(on client: inout BoardClient) throws(ClientError) {
        try BenchCommand.run(options, client: client)
    }
}
