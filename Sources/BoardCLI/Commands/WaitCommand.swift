import BoardArguments
import BoardProtocol
import BoardSystem
import FlightData

/// `board wait FLIGHT --until STATE [--timeout D]`: blocks until the flight reaches STATE.
struct WaitCommand: BoardCommand, Equatable {
    static let spec = CommandSpec(
        name: "wait",
        summary: "wait until a flight reaches a state",
        overview: OverviewLine("board wait FLIGHT --until STATE", "block until it happens"),
        flags: [.until, .timeout, .date],
        positional: .flightIDs,
        flagValues: ["--until": .words(WaitTarget.names)],
        help: """
            usage: board wait FLIGHT --until STATE [--timeout D] [--date D]

            Waits until the flight reaches STATE, then prints the change that did it
            and exits 0; exits 0 at once, saying so, when it already has. It follows
            the daemon's clock (a simulated clock's jumps too) and survives daemon
            restarts.

            STATE is a status: scheduled, on-time, delayed, boarding, final-call,
            gate-closed, departed (departures), en-route, landed, diverted
            (arrivals), canceled (camelCase too); or gate-change, delay, or
            baggage (belt).

              --until STATE   what to wait for
              --timeout D     give up after D of real time: 30s, 10m, 2h
              --date D        the flight of day D, as 'board show' takes it

            With --json it prints the change that reached it as 'board events --json'
            does, or the flight (as 'board show --json') when it already had.

            Exit status: 0 reached, 4 no such flight, 5 it can no longer happen
            (canceled, diverted, already past STATE, a state of the other
            direction), 124 timed out, 3 no daemon, 2 usage.

            examples:
              board wait "Pacific 123" --until boarding && notify-send "Go to the gate"
              board wait 1234 --until gate-change --timeout 2h
              board wait 2345 --until belt
            """
    )

    var flight: FlightReference
    var date: DateSpec?
    var target: WaitTarget
    var timeout: Duration?

    init(flight: FlightReference, target: WaitTarget, timeout: Duration? = nil, date: DateSpec? = nil) {
        self.flight = flight
        self.target = target
        self.timeout = timeout
        self.date = date
    }

    init(_ arguments: CommandArguments) throws(UsageError) {
        flight = try arguments.flight()
        date = try arguments.date()
        let states = WaitTarget.names.joined(separator: ", ")
        guard let text = arguments.flags["--until"] else {
            throw arguments.usageError("board wait needs --until STATE, one of \(states)")
        }
        guard let target = WaitTarget(text) else {
            throw arguments.usageError(
                "--until needs a state, one of \(states); not \"\(text)\"" + NearestWord.hint(for: text, among: WaitTarget.names))
        }
        self.target = target
        if let text = arguments.flags["--timeout"] {
            guard let timeout = Self.timeout(text) else {
                throw arguments.usageError("--timeout needs a length of time such as 30s, 10m or 2h, not \"\(text)\"")
            }
            self.timeout = timeout
        }
    }

    /// `30s`, `10m`, `2h`, `1h30m`, `1d`: a positive length of real time; nil otherwise.
    static func timeout(_ text: String) -> Duration? {
        let lower = text.lowercased()
        if lower.hasSuffix("s") {
            guard let seconds = Int(lower.dropLast()), seconds > 0, seconds <= 366 * 86_400 else { return nil }
            return .seconds(seconds)
        }
        guard lower.contains(where: { $0 == "m" || $0 == "h" || $0 == "d" }), let minutes = DurationInput.minutes(lower),
            minutes > 0, minutes <= 366 * 1440
        else { return nil }
        return .seconds(minutes * 60)
    }

    func run(on client: inout BoardClient) throws(ClientError) {
        let deadline = timeout.map { ContinuousClock.now + $0 }
        let connection = try client.connect()
        let details = try client.details(of: flight, on: date, over: connection)
        let flight = details.flight
        var subject = WaitSubject(flight)
        let target = target
        switch WaitDecision.decide(target, for: subject) {
        case .reached:
            return Output.print(
                client.options.json ? details.json.text : "\(flight.flightName) \(target.already): \(Self.summary(flight)).")
        case .impossible(let reason): throw .cannotHappen("\(reason); it will not reach \(target.phrase)")
        case .waiting: break
        }
        let width = Output.width()
        let today = EventTime.date(of: details.now)
        let asJSON = client.options.json
        // From the instant the flight was read: a change made since is replayed, not missed.
        var follow = EventFollow(since: details.now)
        let filters: JSON = ["flight": ["id": .int(flight.id), "date": .string(flight.date)]]
        let end = try EventStream.follow(client: client, first: connection, filters: filters, follow: &follow, deadline: deadline)
        {
            change throws(ClientError) in
            guard change.flightID == flight.id, change.flightDate == flight.date else { return false }
            subject.apply(change)
            switch WaitDecision.decide(target, for: subject) {
            case .reached:
                // Numbered as the one change this prints (the subscription counted its own).
                Output.print(asJSON ? change.json(numbered: 1).text : ChangeLine.line(change, today: today, width: width))
                return true
            case .impossible(let reason): throw .cannotHappen("\(reason); it will not reach \(target.phrase)")
            case .waiting: return false
            }
        }
        if end == .timedOut {
            throw .timedOut(
                "timed out waiting for \(flight.flightName) to reach \(target.phrase); it is \(StatusAppearance(subject.status).title.lowercased())"
            )
        }
    }

    /// `Boarding, gate B5`: what a flight that already reached the state looks like.
    static func summary(_ flight: FlightDocument) -> String {
        var parts = [StatusAppearance(flight.status).title, "gate \(flight.gate)"]
        if let previous = flight.previousGate { parts[1] += " (was \(previous))" }
        if flight.delayMinutes > 0 { parts.append("\(flight.delayMinutes) min late") }
        if let baggage = flight.baggage { parts.append("belt \(baggage.belt)") }
        return parts.joined(separator: ", ")
    }
}
