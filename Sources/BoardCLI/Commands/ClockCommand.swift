import BoardArguments
import BoardProtocol
import FlightData
import FoundationEssentials

/// `board clock [set TIME | advance DURATION]`: shows or moves the daemon's clock.
struct ClockCommand: BoardCommand, Equatable {
    static let spec = CommandSpec(
        name: "clock",
        summary: "show or move the daemon's clock",
        overview: OverviewLine("board clock [set TIME | advance DURATION]"),
        flags: [],
        positional: .words(["set", "advance"]),
        help: """
            usage: board clock [set TIME | advance DURATION]

            Shows the daemon's clock. With a simulated clock (boardd --now TIME
            [--speed X]), 'set' moves it to TIME (ISO-8601, or HH:MM today) and
            'advance' moves it by DURATION (90m, 2h, 1h30m, 1d; negative goes back;
            1d is 24 hours, so across a change to or from summer time the clock
            reads an hour more or less than the same time the next day). A local
            TIME the clocks skip (02:30 as they go forward at 02:00) is read as
            03:30, with a warning.
            Both are refused (exit 1) on the real clock, and on a replica
            (boardd --follow), whose clock is its source's: move the source's.
            On a source or a replica the line ends with its part, as in
            (replica · live) or (source · publishing).

            examples:
              board clock
              board clock set 2026-11-30T09:00
              board clock advance 90m
            """
    )

    enum Action: Equatable, Sendable {
        case get
        case set(String)
        case advance(minutes: Int)
    }

    var action: Action

    init(_ action: Action) { self.action = action }

    init(_ arguments: CommandArguments) throws(UsageError) {
        let words = arguments.positionals
        guard let first = words.first else {
            action = .get
            return
        }
        switch first {
        case "set":
            guard words.count == 2 else {
                throw arguments.usageError("board clock set needs one TIME, such as 2026-11-30T09:00 or 09:00")
            }
            // Read here as the daemon reads it (only the zone is the daemon's to know), so that a time
            // that is not one is a usage error before any daemon is asked, or started.
            let time = words[1]
            guard time.utf8.count <= 64, InstantInput.reads(time) else {
                throw arguments.usageError("board clock set needs a TIME such as 2026-11-30T09:00 or 09:00, not \"\(time)\"")
            }
            action = .set(time)
        case "advance":
            guard words.count == 2 else {
                throw arguments.usageError("board clock advance needs one DURATION, such as 90m, 2h or 1h30m")
            }
            guard let minutes = DurationInput.minutes(words[1]), minutes.magnitude <= ClockLimits.maximumAdvanceMinutes else {
                throw arguments.usageError(
                    "board clock advance needs a DURATION of whole minutes, hours or days, at most 366d either way, "
                        + "such as 90m, 2h or 1h30m, not \"\(words[1])\""
                )
            }
            action = .advance(minutes: minutes)
        default:
            throw arguments.usageError("board clock takes set TIME or advance DURATION, not \"\(first)\"")
        }
    }

    func run(on client: inout BoardClient) throws(ClientError) {
        switch action {
        case .get: try client.printClock(try client.call(ClockGetRequest()))
        case .set(let time):
            do {
                let asked = ContinuousClock.now
                let reply = try client.call(ClockSetRequest(time: time))
                let elapsed = ContinuousClock.now - asked
                try client.printClock(reply)
                if let skipped = Self.skippedWallTime(asked: time, reply: reply, elapsed: elapsed) { Output.warning(skipped) }
            } catch .usage(let refusal) {
                // The daemon's refusal names its param ("clock.set needs \"time\""); say it as the command line
                // would, and whether the time was not one or was outside the clock's range.
                let wanted =
                    refusal.message.contains(ClockLimits.instantsText)
                    ? "a TIME \(ClockLimits.instantsText)" : "a TIME such as 2026-11-30T09:00 or 09:00"
                throw .usage(UsageError(message: "board clock set needs \(wanted), not \"\(time)\"", command: "clock"))
            }
        case .advance(let minutes):
            do { try client.printClock(try client.call(ClockAdvanceRequest(minutes: minutes))) } catch .usage(let refusal) {
                // Said in the command's words, as a refused set is, not the request's ("clock.advance would ...").
                guard refusal.message.contains(ClockLimits.instantsText) else { throw .usage(refusal) }
                throw .usage(
                    UsageError(
                        message: "board clock advance would move the clock past its range, \(ClockLimits.instantsText)",
                        command: "clock"))
            }
        }
    }

    /// A local time the clocks skip on its day (`02:30` as they go forward at 02:00), which the daemon
    /// reads as the same length of time after the change (`03:30`): said, not passed over. Nil when the
    /// time asked for names a zone or an offset, or exists.
    ///
    /// Read from the reply's local time (the daemon writes it in the airport's zone, with its offset),
    /// without the zone's rules: the static `board` has none (`TimeZone(identifier:)` needs ICU, which
    /// only the daemon links). The daemon read the time asked for otherwise
    /// when its clock reads later than that by more than the clock can have run while it answered
    /// (`elapsed` at its `speed`) and a quarter of an hour (a clock change is half an hour or more; the
    /// seconds asked for are not counted).
    static func skippedWallTime(asked: String, reply: JSON, elapsed: Duration = .zero) -> String? {
        guard let wall = InstantInput.wallClock(asked), let clock = try? ClockDocument(json: reply),
            let zoneName = clock.timeZone, let reading = InstantInput.localReading(clock.now), reading.offset != nil
        else { return nil }
        let day = wall.date ?? clock.date.flatMap({ LocalDate($0) }) ?? reading.date
        let later = (reading.date.dayNumber - day.dayNumber) * 86_400 + reading.minute * 60 + reading.second - wall.minute * 60
        let run = clock.speed * (elapsed / .seconds(1))
        // A clock change moves the wall clock by hours at most; more is a clock that ran on.
        guard Double(later) - run >= 15 * 60, later <= 3 * 3600 else { return nil }
        return "\(LocalTime.clockText(wall.minute)) does not exist on \(day) in \(zoneName) (the clocks skip it); "
            + "the clock reads \(LocalTime.clockText(reading.minute))"
    }
}
