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
            restarts. A step of the flight's day it went through counts as reached
            (a departed flight boarded); scheduled, on-time and delayed say what it
            is, so past them it can no longer be (a delay once announced stays
            reached). A flight of another day than today is said on stderr first.

            \(WaitTarget.statesParagraph)

              --until STATE   what to wait for
              --timeout D     give up after D of real time: 30s, 10m, 2h, 1m30s
              --date D        the flight of day D, as 'board show' takes it

            With --json it prints the change that reached it as 'board events --json'
            does, or the flight (as 'board show --json') when it already had.

            Exit status: 0 reached, 4 no such flight, 5 it can no longer happen
            (canceled, diverted, already past STATE, a state of the other
            direction), 124 timed out, 3 no daemon, 2 usage.

            examples:
              board wait "Overland 256" --until boarding && notify-send "Go to the gate"
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
                // A bare number is seconds to timeout(1) and minutes to `board clock`: the unit is asked for.
                if let number = Int(text), number > 0 {
                    throw arguments.usageError("--timeout needs a unit: \(number)s, \(number)m or \(number)h, not \"\(text)\"")
                }
                if let minutes = DurationInput.minutes(text), minutes > 366 * 1440 {
                    throw arguments.usageError("--timeout is at most 366d, not \"\(text)\"")
                }
                throw arguments.usageError("--timeout needs a length of time such as 30s, 10m or 2h, not \"\(text)\"")
            }
            self.timeout = timeout
        }
    }

    /// `30s`, `10m`, `2h`, `1h30m`, `1m30s`, `1d`: a positive length of real time, at most 366 days;
    /// nil otherwise. Seconds after minutes, hours or days are under 60, as a clock writes them.
    static func timeout(_ text: String) -> Duration? {
        let lower = text.lowercased()
        var seconds = 0
        // `+30s` is 30s, as `Int` reads `+30`; a `-` is refused below.
        var rest = lower.hasPrefix("+") ? lower.dropFirst() : Substring(lower)
        if rest.hasSuffix("s") {
            rest = rest.dropLast()
            let digits = rest.reversed().prefix { $0.isASCII && $0.isNumber }
            guard !digits.isEmpty, digits.count <= 8, let value = Int(String(digits.reversed())) else { return nil }
            rest = rest.dropLast(digits.count)
            guard rest.isEmpty || value < 60 else { return nil }
            seconds = value
        }
        if !rest.isEmpty {
            guard rest.contains(where: { $0 == "m" || $0 == "h" || $0 == "d" }),
                let minutes = DurationInput.minutes(String(rest)),
                minutes >= 0, minutes <= 366 * 1440
            else { return nil }
            seconds += minutes * 60
        }
        guard seconds > 0, seconds <= 366 * 86_400 else { return nil }
        return .seconds(seconds)
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
            return Output.print(client.options.json ? details.json.text : Self.alreadyReached(target, details))
        case .impossible(let reason): throw .cannotHappen("\(reason); it will not reach \(target.phrase)")
        case .waiting: break
        }
        let width = Output.width()
        let today = EventTime.date(of: details.now)
        if flight.date != today, let day = LocalDate(flight.date), let now = LocalDate(today) {
            // An id or name that is another day's flight (ids are reused, `--date`): said, or the wait
            // looks hung for days of the clock.
            Output.note("Waiting for \(flight.flightName) of \(day.shortName), not today's (\(now.shortName)).")
        }
        let asJSON = client.options.json
        // From the instant the flight was read: a change made since is replayed, not missed.
        var follow = EventFollow(since: details.now)
        let filters = EventFilterParams(flight: try client.eventFlight(flight))
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

    /// What `board wait` says of a flight that reached the state before it asked: `Pacific 123 is
    /// already boarding: Boarding, gate B5.`, or for a step it went through, when:
    /// `US 605 boarded at 14:15: Gate closed, gate A5.`
    static func alreadyReached(_ target: WaitTarget, _ details: FlightDetailsDocument) -> String {
        let flight = details.flight
        // Delayed, and since boarding or gone: it has a delay (`summary` says how long).
        if target == .status(.delayed), flight.status != .delayed {
            return "\(flight.flightName) \(WaitTarget.delay.already): \(summary(flight))."
        }
        guard case .status(let wanted) = target, wanted != flight.status, let (verb, at) = step(wanted, of: details) else {
            return "\(flight.flightName) \(target.already): \(summary(flight))."
        }
        return "\(flight.flightName) \(verb) at \(at): \(summary(flight))."
    }

    /// The past tense of a lifecycle step and its clock time, from the flight's details; nil for a
    /// status that is not a step with a time of its own.
    static func step(_ status: FlightStatus, of details: FlightDetailsDocument) -> (verb: String, at: String)? {
        let flight = details.flight
        let current = (flight.currentTime ?? flight.scheduledTime)
        func before(_ minutes: Int) -> String { clockMinus(clockText(current), minutes) }
        switch status {
        case .boarding: return ("boarded", details.boardingTime.map(clockText) ?? before(40))
        case .finalCall: return ("had its final call", before(15))
        case .gateClosed: return ("closed its gate", details.gateClosesTime.map(clockText) ?? before(10))
        case .departed: return ("departed", clockText(current))
        case .enRoute: return ("left \(flight.otherAirport)", details.departureTime.map(clockText) ?? before(flight.flightTime))
        case .landed: return ("landed", clockText(current))
        default: return nil
        }
    }

    /// `14:55` less 40 minutes is `14:15`, on a 24-hour clock.
    static func clockMinus(_ clock: String, _ minutes: Int) -> String {
        let parts = clock.split(separator: ":").compactMap { Int($0) }
        guard parts.count == 2 else { return clock }
        let total = ((parts[0] * 60 + parts[1] - minutes) % 1440 + 1440) % 1440
        return LocalDate.pad(total / 60, 2) + ":" + LocalDate.pad(total % 60, 2)
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
