import BoardProtocol
import FlightData
import Testing

@testable import BoardCLI

/// `board status --format`: every `%`-code against a board from the fixture's schedule, with two
/// pinned flights changed by hand (StatusLineAlertTests), the daemon's clock at noon.
struct StatusFormatTests {
    static let board = StatusLineAlertTests.board(now: "2026-11-30T12:00:00-05:00")
    /// US 481, delayed from 12:20 to 12:35, gate A1, to Atlanta: the next departure in this story.
    static var next: FlightDocument { board.flights[1] }
    static let reading = StatusLine.reading(board, next: next)
    /// The same without the pinned change (as eleven minutes later), so that only the format shows.
    static var quiet: StatusLine.Reading {
        var quiet = reading
        quiet.alert = nil
        return quiet
    }

    static func line(_ format: String, tmux: Bool = false, _ reading: StatusLine.Reading? = Self.quiet) -> String {
        StatusLine(socket: "", state: ClientState(), format: format, tmux: tmux).line(reading)
    }

    @Test(
        arguments: [
            ("%a", "MTN"), ("%l", "Mountain Airport"), ("%C", "12:00"), ("%n", "US 481"), ("%t", "12:35"), ("%m", "35"),
            ("%g", "A1"), ("%c", "Atlanta"), ("%d", "↑"), ("%s", "Delayed"), ("%p", "Pacific 123 On time"),
            ("%P", ""), ("%%", "%"), ("100%% %n", "100% US 481"),
            ("{next} at {time}, in {minutes} min", "US 481 at 12:35, in 35 min"),
            ("{ {} {next", "{ {} {next"), ("{ {} {next}", "{ {} US 481"),
        ])
    func everyCodeShowsItsValue(format: String, shown: String) {
        #expect(Self.line(format) == shown, "\(format)")
    }

    /// Still to come: not past, neither canceled nor diverted, its current time at or after now (the
    /// hall keeps flights up a while after they leave or land: those are no longer to come).
    @Test func theCountsAreTheFlightsStillToCome() {
        func toCome(_ flight: FlightDocument) -> Bool {
            !flight.past && flight.status != .canceled && flight.status != .diverted
                && (flight.currentTime ?? flight.scheduledTime) >= "2026-11-30T12:00:00-05:00"
        }
        let arrivals = Self.board.flights.filter { $0.direction == .arrival && toCome($0) }
        let departures = Self.board.flights.filter { $0.direction == .departure && toCome($0) }
        #expect(Self.line("%A %D") == "\(arrivals.count) \(departures.count)")
        #expect(arrivals.count > 0 && departures.count > 0)
    }

    @Test func theIdIsTheNextFlightsAndEveryCodeIsListed() {
        #expect(Self.line("%i") == String(Self.next.id))
        // Each code, and each field under its {name}, gives the same text.
        for code in StatusFormat.codes {
            #expect(Self.line("%\(code.letter)") == Self.line("{\(code.field.rawValue)}"), "\(code.letter)")
        }
    }

    @Test func theDefaultLineIsTheOneItAlwaysWas() {
        let old = "{code} ↓{arrivals} ↑{departures} next {next} {time} {gate} {status}"
        #expect(Self.line(old) == Self.line(StatusFormat.defaultText))
        let plain = StatusLine(socket: "", state: ClientState(), format: nil, tmux: false).line(Self.quiet)
        #expect(plain.hasPrefix("MTN ↓") && plain.hasSuffix("next US 481 12:35 A1 Delayed"))
    }

    /// In a narrow terminal the default line gives up its parts before it is cut: the status, the
    /// word "next", the gate, the airport's code; the next departure and its time stay longest.
    /// A format of your own is cut as it is.
    @Test func theDefaultLineShortensByPartsInANarrowTerminal() {
        let standard = StatusLine(socket: "", state: ClientState(), format: nil, tmux: false)
        let full = standard.line(Self.quiet)
        let counts = String(full.split(separator: " ")[1...2].joined(separator: " "))  // ↓N ↑N
        let forms = [
            full, "MTN \(counts) next US 481 12:35 A1", "MTN \(counts) US 481 12:35 A1", "MTN \(counts) US 481 12:35",
            "\(counts) US 481 12:35",
        ]
        // Each form where it just fits, and the next where it is one cell too wide.
        for (form, next) in zip(forms, forms.dropFirst()) {
            #expect(standard.line(Self.quiet, width: form.columns) == form)
            #expect(standard.line(Self.quiet, width: form.columns - 1) == next, "\(form.columns - 1)")
        }
        // Narrower still, the shortest form is cut: its time goes last.
        let shortest = forms.last!
        #expect(standard.line(Self.quiet, width: shortest.columns - 1) == cut(shortest, shortest.columns - 1))
        for width in 1...full.columns { #expect(standard.line(Self.quiet, width: width).columns <= width) }
        let own = StatusLine(socket: "", state: ClientState(), format: StatusFormat.defaultText, tmux: false)
        #expect(own.line(Self.quiet, width: full.columns - 1) == cut(full, full.columns - 1))
        #expect(standard.line(nil, width: 10) == cut(StatusLine.offlineText, 10))
    }

    /// Whatever the format's own text holds, the line is one line that moves no cursor: `\r\n` is one
    /// `Character`, so looking for `\n` alone let it through.
    @Test func theLineIsOneLineWithoutControlCharacters() {
        for tmux in [false, true] {
            let line = StatusLine(socket: "", state: ClientState(), format: "a\r\nb\u{1B}[31m%a\u{0B}\u{0C}\u{9B}c\n", tmux: tmux)
                .line(Self.quiet)
            #expect(!line.unicodeScalars.contains { $0.properties.generalCategory == .control }, "\(line.debugDescription)")
            #expect(line.hasPrefix("a  b [31mMTN") && line.hasSuffix("c "), "\(line.debugDescription)")
        }
    }

    /// The change goes first unless the format places it with %P.
    @Test func thePinnedChangeGoesFirstUnlessTheFormatPlacesIt() {
        #expect(Self.line("%n", Self.reading) == "◆ US 481 New time 12:35  US 481")
        #expect(Self.line("%n %P", Self.reading) == "US 481 ◆ US 481 New time 12:35")
        #expect(Self.line("%n|%P|") == "US 481||", "no change: %P is empty")
    }

    /// `--json` gives every code's value by name, and reads back the same.
    @Test func theJSONHasEveryValueByName() throws {
        let document = StatusLineDocument(line: Self.line("%n"), values: Self.reading.values)
        let json = document.json
        #expect(json["minutes"]?.int == 35 && json["city"]?.string == "Atlanta" && json["direction"]?.string == "↑")
        #expect(json["arrivals"]?.int != nil && json["departures"]?.int != nil && json["id"]?.int != nil, "numbers: \(json.text)")
        #expect(json["pinned"]?.string == "Pacific 123 On time" && json["alert"]?.string == "◆ US 481 New time 12:35")
        #expect(try StatusLineDocument(json: json).values == Self.reading.values)
        let offline = StatusLineDocument(line: "board: offline", values: nil).json
        #expect(StatusFormat.Field.allCases.allSatisfy { offline[$0.rawValue] == .null })
        // No next departure, no pin: null, as offline, not "-" and "" (a script's `.id` fed "" to board show).
        let unpinned = StatusLineAlertTests.board(now: "2026-11-30T12:00:00-05:00", pinned: [])
        let none = StatusLine.reading(unpinned, next: nil)
        let noneJSON = StatusLineDocument(line: "x", values: none.values).json
        for name in ["next", "time", "gate", "status", "id", "city", "direction", "minutes", "pinned", "alert"] {
            #expect(noneJSON[name] == .null, "\(name): \(noneJSON.text)")
        }
        #expect(try StatusLineDocument(json: noneJSON).values == none.values)
    }

    @Test func noNextDepartureAndNoPinsLeaveTheirCodesEmpty() {
        let unpinned = StatusLineAlertTests.board(now: "2026-11-30T12:00:00-05:00", pinned: [])
        let reading = StatusLine.reading(unpinned, next: nil)
        #expect(Self.line("%n|%t|%m|%g|%c|%d|%s|%i|%p|%P", reading) == "-|||||||||")
    }

    @Test func tmuxColoursTheStatusThePinnedFlightAndTheChange() {
        #expect(Self.line("%s", tmux: true) == "#[fg=yellow]Delayed#[default]")
        #expect(Self.line("%p", tmux: true) == "Pacific 123 On time", "on time has no tmux colour")
        #expect(Self.line("%n %P", tmux: true, Self.reading) == "US 481 #[fg=yellow,bold]◆ US 481 New time 12:35#[default]")
        #expect(Self.line("%n", tmux: true, nil) == "#[fg=colour244]board: offline#[default]")
    }

    /// tmux reads `#(…)` as a command to run and `#[…]` as a style: with `--tmux` every field from the
    /// daemon or the config, and the format's own text, reach it as text (each `#` doubled).
    @Test func withTmuxNoValueAndNoLiteralTextIsReadAsATmuxFormat() {
        var reading = Self.quiet
        reading.values.airport = "#(touch /tmp/x)"
        reading.values.code = "#[fg=red]"
        reading.values.status = "Delayed #5"
        #expect(Self.line("%l %a", tmux: true, reading) == "##(touch /tmp/x) ##[fg=red]")
        #expect(Self.line("%s", tmux: true, reading) == "#[fg=yellow]Delayed ##5#[default]")
        #expect(Self.line("#(date) %a #[bold]", tmux: true, reading) == "##(date) ##[fg=red] ##[bold]")
        // Without --tmux the text is the text.
        #expect(Self.line("#(date) %l", tmux: false, reading) == "#(date) #(touch /tmp/x)")
    }

    /// `%m` counts as the board's `--countdown` does, rounded up: 35 min at 12:00, 35 at 12:00:30 (it
    /// said 34, and the board "in 35 min"), 1 at 12:34:59 (it said 0 before the flight was due), 0 at 12:35.
    @Test(arguments: [("12:00:00", "35"), ("12:00:30", "35"), ("12:34:01", "1"), ("12:34:59", "1"), ("12:35:00", "0")])
    func minutesAreRoundedUpAsTheCountdownCounts(now: String, minutes: String) {
        let board = StatusLineAlertTests.board(now: "2026-11-30T\(now)-05:00")
        let reading = StatusLine.reading(board, next: board.flights[1])
        #expect(reading.values.minutes == minutes, "\(now)")
    }
}
