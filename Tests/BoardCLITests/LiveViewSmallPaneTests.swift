import BoardProtocol
import BoardSystem
import FlightData
import Foundation
import Testing

@testable import BoardCLI

extension ActionMenuPlacementTests {
    /// A pane shorter than the menu shows every action as its key and a word, several to a line, and
    /// the footer says how to close it: at 20x5 the menu showed 2 of its 6 actions.
    @Test(arguments: [(20, 5), (20, 6), (24, 6), (40, 7), (80, 7)])
    func aPaneTooShortForTheMenuShowsEveryActionInAWord(columns: Int, rows: Int) throws {
        for (pinned, onDetails) in [(false, false), (true, false), (false, true), (true, true)] {
            var model = Fixture.liveModel()
            model.insideTmux = true
            let size = TerminalSize(columns: columns, rows: rows)
            model.update(.resized(size))
            if onDetails { try model.openSelected() }
            if pinned { model.press(.character("P")) }
            model.press(.character("a"))
            let menu = try #require(model.menu)
            #expect(menu.lines.count > rows - 2, "the whole menu does not fit")
            let frame = model.frame(size)
            let text = frame.map(\.visibleText)
            for item in menu.items {
                #expect(text.contains { $0.contains("\(item.key) \(item.word)") }, "\(item.key): \(frame.screenText)")
            }
            #expect(frame.count == rows)
            #expect(text.allSatisfy { $0.columns <= columns }, "\(frame.screenText)")
            #expect(text.last?.contains("Esc closes") == true, "the footer stays: \(frame.screenText)")
        }
    }
}

extension ActionMenuPlacementTests {
    /// A narrow pane tall enough for the menu shows each action whole: a title without its note in
    /// brackets, else in its word, and the heading shorter; at 30 columns three titles and the
    /// heading ended in `…`.
    @Test(arguments: [24, 30, 34, 40, 44])
    func aNarrowPaneShowsEachActionWhole(columns: Int) throws {
        for (pinned, onDetails) in [(false, false), (true, false), (false, true)] {
            var model = Fixture.liveModel()
            model.insideTmux = true
            let size = TerminalSize(columns: columns, rows: 24)
            model.update(.resized(size))
            if onDetails { try model.openSelected() }
            if pinned { model.press(.character("P")) }
            model.press(.character("a"))
            let menu = try #require(model.menu)
            let text = model.frame(size).map(\.visibleText)
            #expect(text.allSatisfy { $0.columns <= columns }, "\(text.joined(separator: "\n"))")
            let lines = menu.lines(width: columns - 1)
            for line in lines {
                #expect(!line.contains("…") && text.contains { $0.contains(line) }, "\(line): \(text.joined(separator: "\n"))")
            }
            #expect(lines[0].contains(menu.flight.flightName))
            for item in menu.items {
                let shown = text.first { $0.contains("  \(item.key)  ") }
                #expect(shown?.contains(item.word) == true, "\(item.key): \(text.joined(separator: "\n"))")
            }
        }
        // Wide enough, every title is said whole.
        var wide = Fixture.liveModel()
        wide.insideTmux = true
        wide.press(.character("a"))
        let menu = try #require(wide.menu)
        let text = wide.frame(TerminalSize(columns: 80, rows: 24)).map(\.visibleText)
        for line in menu.lines { #expect(text.contains { $0.contains(line.trimmingTrailingSpaces()) }, "\(line)") }
        #expect(menu.lines.contains("  x  hide from your boards (u undoes)"))
    }
}

/// A footer message wider than the pane wraps over the lines above the footer (up to five), so a
/// sentence said once is read whole: two pins that left the window were cut at "Pacific 32…".
struct LongFooterMessageTests {
    static let sentence = "2 pins left the window with their day; unpinned: Pacific 320 of Nov 30, US 455 of Nov 30."

    @Test(arguments: [(60, 12), (40, 10), (30, 6), (200, 30)])
    func aLongMessageIsReadWhole(columns: Int, rows: Int) {
        var model = LiveViewFixture.liveModel()
        let size = TerminalSize(columns: columns, rows: rows)
        model.update(.resized(size))
        model.message = Self.sentence
        model.messageStays = true
        let frame = model.frame(size).map(\.visibleText)
        #expect(frame.count == rows && frame.allSatisfy { $0.columns <= columns }, "\(frame.joined(separator: "\n"))")
        let lines = (Self.sentence.columns + columns - 1) / columns + 1
        let tail = frame.suffix(min(lines, LiveFrame.messageLines)).map { $0.trimmingTrailingSpaces() }.joined(separator: " ")
        #expect(tail.contains(Self.sentence), "\(frame.joined(separator: "\n"))")
        #expect(frame[1].contains("[All Nov 30]"), "the tab bar stays")
    }
}

/// What a narrow pane says of an empty list or a flight gone is wrapped, never cut: at 30 columns
/// `Southeast 791 of Nov 30 is …` and `Nothing in the window's arr…` were all the screen said.
struct NarrowPaneSentenceTests {
    typealias Fixture = LiveViewFixture

    /// The words of the frame's lines from `first` on, joined as one text.
    static func words(_ frame: [String], from first: Int) -> String {
        frame.dropFirst(first).map { $0.visibleText.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            .joined(separator: " ")
    }

    @Test(arguments: [24, 30, 45])
    func aGoneFlightIsSaidWhole(columns: Int) throws {
        var model = Fixture.liveModel()
        try model.openSelected()
        let flight = try #require(model.listedFlights.first)
        let gone = LiveModel.GoneFlight(flight)
        model.showGone(gone)
        let size = TerminalSize(columns: columns, rows: 16)
        let frame = model.frame(size)
        #expect(frame.allSatisfy { $0.visibleText.columns <= columns })
        let text = Self.words(frame, from: 2)
        #expect(text.contains(gone.sentence), "\(frame.joined(separator: "\n"))")
        #expect(text.contains("⏎ or s: the soonest flight still to come in All"), "\(text)")
    }

    @Test(arguments: [24, 30])
    func anEmptySearchIsSaidWhole(columns: Int) throws {
        var model = Fixture.liveModel(tab: .arrivals)
        let size = TerminalSize(columns: columns, rows: 16)
        model.update(.resized(size))
        try model.search("qx")
        let frame = model.frame(size)
        #expect(frame.allSatisfy { $0.visibleText.columns <= columns })
        #expect(
            Self.words(frame, from: 3).contains("Nothing in the window's arrivals matches. Esc goes back to the board."),
            "\(frame.joined(separator: "\n"))")
    }
}
