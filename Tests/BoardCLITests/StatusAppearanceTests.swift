import BoardProtocol
import FlightData
import Testing

@testable import BoardCLI

/// How statuses look to people, decided in one place: every status has its words, and the
/// board, a flight's details and the status line all show those words.
@Suite struct StatusAppearanceTests {
    @Test func everyStatusHasItsOwnTitle() {
        let titles = FlightStatus.allCases.map { StatusAppearance($0).title }
        #expect(Set(titles).count == FlightStatus.allCases.count)
        #expect(titles.allSatisfy { !$0.isEmpty })
        let short = FlightStatus.allCases.map { StatusAppearance($0).shortTitle }
        #expect(Set(short).count == FlightStatus.allCases.count, "a narrow board still tells every status apart")
        #expect(short.allSatisfy { (1...8).contains($0.count) })
    }

    @Test(
        arguments: [
            (FlightStatus.scheduled, "Scheduled", nil, nil), (.onTime, "On time", nil, nil),
            (.delayed, "Delayed", "33", "yellow"),
            (.boarding, "Boarding", "32", "green"), (.finalCall, "Final call", "1;32", "green"),
            (.gateClosed, "Gate closed", "35", "magenta"), (.departed, "Departed", "2", nil), (.enRoute, "En route", "36", nil),
            (.landed, "Landed", "2", nil), (.canceled, "Canceled", "31", "red"), (.diverted, "Diverted", "31", "red"),
        ] as [(FlightStatus, String, String?, String?)])
    func theBoardsWordsAndColours(_ status: FlightStatus, _ title: String, _ colour: String?, _ tmux: String?) {
        let appearance = StatusAppearance(status)
        #expect(appearance.title == title)
        #expect(appearance.colour == colour)
        #expect(appearance.tmuxColour == tmux)
        #expect(appearance.dimsWhenPast == (status != .canceled && status != .diverted))
    }

    @Test func aStatusIsColouredOnlyWhenColourIsOn() {
        #expect(Style(enabled: true).status(.delayed, "Delayed") == "\u{1B}[33mDelayed\u{1B}[0m")
        #expect(Style(enabled: false).status(.delayed, "Delayed") == "Delayed")
        #expect(Style(enabled: true).status(.onTime, "On time") == "On time")
    }

    @Test func tmuxColoursTheStatusOrLeavesItPlain() {
        #expect(StatusLine.tmuxColour(.canceled, "Canceled") == "#[fg=red]Canceled#[default]")
        #expect(StatusLine.tmuxColour(.landed, "Landed") == "Landed")
        #expect(StatusLine.tmuxColour(nil, "") == "")
    }

    /// Every way a day can end has its mark, told apart by its symbol; the legend names the marks shown, in order.
    @Test func theHistoryLegendNamesEveryMarkShown() {
        let ends: [(FlightStatus, Int)] = [(.departed, 0), (.landed, 15), (.canceled, 0), (.diverted, 20)]
        let marks = ends.map { HistoryMark($0.0, delayMinutes: $0.1) }
        #expect(marks == HistoryMark.allCases)
        #expect(Set(marks.map(\.symbol)).count == marks.count)
        #expect(HistoryMark.legend(of: marks) == "● on time ◐ delayed × canceled ↷ diverted")
        #expect(HistoryMark.legend(of: [.canceled, .onTime, .onTime]) == "● on time × canceled")
        #expect(HistoryMark(.landed, delayMinutes: 0) == .onTime && HistoryMark(.departed, delayMinutes: 5) == .delayed)
    }

    @Test func theStatusLinesPlaceholdersAreTheDocumentsValues() {
        #expect(StatusFormat.Field.allCases.map(\.rawValue) == StatusLineDocument.Values.names)
        #expect(Set(StatusFormat.codes.map(\.field)) == Set(StatusFormat.Field.allCases), "every value has a %-code")
    }
}
