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
