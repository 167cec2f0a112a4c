import BoardProtocol
import FlightData
import Testing

@testable import BoardCLI

/// `board status --waybar`: waybar's custom-module JSON on one line, from the fixture's noon.
struct WaybarStatusTests {
    static func status(format: String? = nil) -> StatusLine {
        var line = StatusLine(socket: "", state: ClientState(), format: format, tmux: false)
        line.waybar = true
        return line
    }

    static func parsed(_ text: String) throws -> JSON { try JSON.parse(Array(text.utf8)) }

    /// The reading `board status` would make at noon: Pacific's next departure is Pacific 320, on time.
    static func reading(pinned: Set<Int> = [], filter: FlightFilter = FlightFilter()) -> StatusLine.Reading {
        let board = filter.apply(to: LiveViewFixture.board(hidePast: true, pinned: pinned))
        return StatusLine.reading(board, next: StatusLine.nextDeparture(board))
    }

    @Test func onlineItIsOneLineWithTheTextTooltipAndClass() throws {
        let reading = Self.reading(filter: FlightFilter(airlines: ["Pacific"]))
        let text = Self.status(format: "✈ %n %t %g").waybarJSON(reading)
        #expect(!text.contains("\n"))
        let json = try Self.parsed(text)
        #expect(json.objectPairs?.map(\.0) == ["text", "tooltip", "class"])
        #expect(json["text"]?.string == "✈ Pacific 320 16:00 B2")
        #expect(json["class"]?.string == "on-time")
        let tooltip = try #require(json["tooltip"]?.string)
        #expect(tooltip.split(separator: "\n").count == 3)
        #expect(tooltip.contains("Mountain Airport (MTN)  12:00"))
        #expect(tooltip.contains("next: Pacific 320 to Detroit 16:00, gate B2, On time, in 240 min"))
        // The default format's line, when no --format is given.
        let plain = try Self.parsed(Self.status().waybarJSON(reading))
        #expect(plain["text"]?.string == Self.status().line(reading))
    }

    @Test func offlineItIsOneLineWithTheOfflineClass() throws {
        let text = Self.status().waybarJSON(nil)
        #expect(!text.contains("\n"))
        let json = try Self.parsed(text)
        #expect(json["text"]?.string == "board: offline")
        #expect(json["class"]?.string == "offline")
        #expect(json["tooltip"]?.string?.contains("board clock") == true)
    }

    @Test func theClassFollowsTheNextDepartureAndAPinnedChange() throws {
        for (name, status) in FlightFilter.statusNames {
            var reading = Self.reading()
            reading.nextStatus = status
            #expect(StatusLine.WaybarClass(reading).rawValue == name)
        }
        // None left today (a filter nothing matches): `none`.
        let none = Self.reading(filter: FlightFilter(gates: ["C9"]))
        #expect(StatusLine.WaybarClass(none) == .none)
        #expect(try Self.parsed(Self.status().waybarJSON(none))["tooltip"]?.string?.contains("no departure left today") == true)
        // With the filter on the line, the tooltip says none matches it, not that none is left.
        var filtered = Self.status()
        filtered.filter = FlightFilter(gates: ["C9"])
        let tooltip = try Self.parsed(filtered.waybarJSON(none))["tooltip"]?.string ?? ""
        #expect(tooltip.contains("no departure matches the filter (gate C9)") && !tooltip.contains("left today"), "\(tooltip)")
        var alerted = Self.reading()
        alerted.alert = StatusLine.Alert(flightName: "US 481", remark: "New time 12:35", minutesAgo: 2)
        #expect(StatusLine.WaybarClass(alerted) == .alert)
        #expect(
            try Self.parsed(Self.status().waybarJSON(alerted))["tooltip"]?.string?.hasSuffix("◆ US 481 New time 12:35") == true)
    }

    /// waybar reads the text as Pango markup: `&`, `<` and `>` from a format or a remark are escaped;
    /// control characters never reach the line.
    @Test func markupAndControlCharactersAreEscaped() throws {
        let text = Self.status(format: "<b>%n</b> & co\u{1B}[2J").waybarJSON(Self.reading())
        #expect(!text.contains("\n") && !text.contains("\u{1B}"))
        let json = try Self.parsed(text)
        #expect(json["text"]?.string?.hasPrefix("&lt;b&gt;") == true)
        #expect(json["text"]?.string?.contains("&lt;/b&gt; &amp; co") == true)
    }

    @Test func theFlagsAreReadAndCheckedTogether() throws {
        let status = try #require(try ClientArguments(["status", "--waybar", "--format", "%n"]).command as? StatusCommand)
        #expect(status.waybar && status.format == "%n")
        #expect(
            FlightFilterTests.usage(["status", "--waybar", "--tmux"])
                == "--tmux and --waybar are two bars' formats: give one; see 'board help status'")
    }
}
