import BoardSystem
import Foundation
import Testing

@testable import BoardCLI

/// The live view's key table is consistent: a key means one thing on a screen, and help names the keys.
struct LiveKeyMapTests {
    @Test(arguments: [LiveKeyMap.Screens.list, .details, .gone])
    func aKeyMeansOneThingOnAScreen(screen: LiveKeyMap.Screens) {
        var seen: [Key: LiveAction] = [:]
        for binding in LiveKeyMap.bindings where binding.screens.contains(screen) {
            for key in binding.keys {
                #expect(seen[key] == nil, "\(key) is bound twice on \(screen.rawValue)")
                seen[key] = binding.action
            }
        }
    }

    /// The footer's hints fit the width by leaving out the last ones before `q quit`, which stays:
    /// at 80 columns the list's ended "q qu…", and under 16 columns `q quit` went with the rest.
    @Test(arguments: [LiveKeyMap.Screens.list, .details, .gone])
    func theHintsAlwaysSayHowToQuit(screen: LiveKeyMap.Screens) {
        for width in 6...120 {
            let hints = LiveKeyMap.hints(on: screen, width: width)
            #expect(hints.hasSuffix("q quit"), "\(width): \(hints)")
            #expect(hints.columns <= width, "\(width): \(hints)")
        }
        #expect(LiveKeyMap.hints(on: .details, width: 13) == "q quit")
        // Where the rest of the keys are is said down to 14 columns: at 80 it was the first hint to go.
        for width in [14, 40, 80] where screen != .gone {
            #expect(LiveKeyMap.hints(on: screen, width: width).hasSuffix("? keys  q quit"), "\(width)")
        }
        #expect(LiveKeyMap.hints(on: .list, width: 80).columns <= 80)
    }

    @Test func theContractsKeysAreBound() {
        // CONTRACT.md's live view: Tab/Shift-Tab or left/right, up/down or j/k, Enter, Esc, n/p, h, /, P, q.
        let list: [(Key, LiveAction)] = [
            (.tab, .nextTab), (.backTab, .previousTab), (.right, .nextTab), (.left, .previousTab), (.up, .moveUp),
            (.character("k"), .moveUp), (.down, .moveDown), (.character("j"), .moveDown), (.enter, .open),
            (.character("h"), .togglePast), (.character("/"), .search), (.character("P"), .pin), (.character("q"), .quit),
        ]
        for (key, action) in list { #expect(LiveKeyMap.action(for: key, on: .list) == action, "\(key)") }
        #expect(LiveKeyMap.action(for: .escape, on: .details) == .back)
        #expect(LiveKeyMap.action(for: .character("n"), on: .details) == .nextFlight)
        #expect(LiveKeyMap.action(for: .character("p"), on: .details) == .previousFlight)
    }

    @Test func backToTheBoardAndTheSoonestFlightAreBoundWhereTheyMeanSomething() {
        for screen in [LiveKeyMap.Screens.list, .details, .gone] {
            #expect(LiveKeyMap.action(for: .character("b"), on: screen) == .root)
            #expect(LiveKeyMap.action(for: .character("s"), on: screen) == .soonest)
            #expect(LiveKeyMap.action(for: .escape, on: screen) == .back)
        }
        #expect(LiveKeyMap.action(for: .home, on: .details) == .root)
        #expect(LiveKeyMap.action(for: .home, on: .list) == .first)
        #expect(LiveKeyMap.action(for: .enter, on: .gone) == .soonest)
        #expect(LiveKeyMap.action(for: .character("P"), on: .gone) == nil, "nothing to pin on a gone flight")
        #expect(LiveKeyMap.hints(on: .gone).contains("soonest"))
        #expect(LiveKeyMap.hints(on: .details).contains("b board"))
    }

    @Test func helpNamesTheKeysOnLinesThatFit() {
        let paragraph = LiveKeyMap.helpParagraph
        #expect(paragraph.hasPrefix("Keys: "))
        for phrase in LiveKeyMap.helpPhrases { #expect(paragraph.replacingAll("\n", with: " ").contains(phrase)) }
        for line in paragraph.split(separator: "\n") { #expect(line.count <= 72) }
        #expect(WatchCommand.spec.help.contains(paragraph))
    }
}

/// `?` shows every key over the screen, scrolled on a short pane: the footer has room for four keys at
/// 40 columns, and the rest were found only outside the view (`board help watch`).
struct KeysHelpTests {
    @Test(arguments: [(40, 10), (80, 24), (30, 6), (200, 50)])
    func everyKeyIsShownAndTheHelpCloses(columns: Int, rows: Int) {
        var model = LiveViewFixture.liveModel()
        let size = TerminalSize(columns: columns, rows: rows)
        model.update(.resized(size))
        let before = model.frame(size)
        model.press(.character("?"))
        // The help's lines in order: the first one shown at each step down, then the whole last page.
        var seen: [String] = []
        while true {
            let frame = model.frame(size).map(\.visibleText)
            #expect(frame.count == rows && frame.allSatisfy { $0.columns <= columns }, "\(frame.joined(separator: "\n"))")
            #expect(frame[2].hasPrefix("Keys") && frame.last?.contains("Esc closes") == true, "\(frame.joined(separator: "\n"))")
            let shown = frame[3..<(rows - 1)].map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            #expect(!shown.contains { $0.hasSuffix("…") }, "a line cut: \(shown)")
            if LiveFrame.keysHelpLines(width: columns).count > LiveFrame.keysHelpRows(rows) {
                #expect(frame.last?.contains("↓") == true || frame.last?.contains("↑") == true, "where: \(frame.last ?? "")")
            }
            let before = model.keysHelp
            model.press(.down)
            if model.keysHelp == before {
                seen += shown
                break
            }
            seen += shown.prefix(1)
        }
        let text = seen.joined(separator: " ")
        for phrase in LiveKeyMap.helpPhrases { #expect(text.contains(phrase), "\(phrase) at \(columns)x\(rows)") }
        // And what the rows' marks mean, which the view said nowhere (the one-shot board says it under its rows).
        for phrase in ["Marks: * pinned, › the last viewed flight", "◆ changed in the last 15 min", "B5←A3 gate B5, was A3"] {
            #expect(text.contains(phrase), "\(phrase) at \(columns)x\(rows)")
        }
        // Keys while it is open do nothing but scroll and close it.
        #expect(model.press(.character("x")).isEmpty && model.hidden.isEmpty)
        model.press(.escape)
        #expect(model.keysHelp == nil)
        #expect(model.frame(size) == before, "closed, the screen is as it was")
        model.press(.character("?"), .character("?"))
        #expect(model.keysHelp == nil, "? closes it too")
    }

    /// A pane too short for a line of keys says where they are, rather than open a help it cannot
    /// show that takes every key; a pane that shrinks under it closes it.
    @Test func aPaneTooShortSaysWhereTheKeysAre() {
        var model = LiveViewFixture.liveModel()
        model.update(.resized(TerminalSize(columns: 30, rows: 4)))
        model.press(.character("?"))
        #expect(model.keysHelp == nil)
        #expect(model.message == "The pane is too short for the keys; 'board help watch' lists them.")
        model.update(.resized(TerminalSize(columns: 30, rows: 10)))
        model.press(.character("?"))
        #expect(model.keysHelp == 0)
        model.update(.resized(TerminalSize(columns: 30, rows: 3)))
        #expect(model.keysHelp == nil)
    }

    /// A footer message that stays until seen (the step `w` waited for), come while the help is open,
    /// is there when the help closes: the keys pressed in it cleared it unseen.
    @Test func aMessageWaitsForTheHelpToClose() {
        var model = LiveViewFixture.liveModel()
        model.press(.character("?"))
        // Come while the help is open (`noteSteps` sets it so).
        model.message = "Overland 256: Gate closed"
        model.messageStays = true
        model.press(.down, .pageDown, .escape)
        #expect(model.keysHelp == nil && model.message == "Overland 256: Gate closed")
        #expect(model.frame().last?.contains("Overland 256: Gate closed") == true)
    }

    /// `ESC j` in one read (Esc typed ahead of j, or within tmux's `escape-time`) closes the help or
    /// the action menu and moves the cursor, as the two keys apart do: both were dropped.
    @Test func escTypedAheadOfAKeyClosesTheHelpOrTheMenuThenActs() {
        for opener in [Key.character("?"), .character("a")] {
            var model = LiveViewFixture.liveModel()
            let row = model.selectedRow
            model.press(opener)
            model.press(.alt("j"))
            #expect(model.keysHelp == nil && model.menu == nil, "\(opener)")
            #expect(model.selectedRow == row + 1, "\(opener): j moved the cursor")
        }
    }

    @Test func theSearchPromptTakesAQuestionMarkAsText() {
        var model = LiveViewFixture.liveModel()
        model.press(.character("/"), .character("?"))
        #expect(model.top == .searchPrompt("?") && model.keysHelp == nil)
    }

    /// A key that does nothing where it is pressed says where it works, or that it is none of the
    /// view's keys: h, K, J, g, G, 1 to 3 and Enter on a flight's details did nothing, unsaid.
    @Test func aKeyThatDoesNothingHereSaysWhereItWorks() throws {
        for key in ["h", "K", "J", "g", "G", "1", "3", "l"] {
            let note = try #require(LiveKeyMap.note(unbound: .character(Character(key)), on: .details), "\(key)")
            #expect(note.hasPrefix("\(key) works on a list") && note.contains("b goes back to the board"), "\(note)")
        }
        #expect(LiveKeyMap.note(unbound: .enter, on: .details)?.hasPrefix("Enter works on a list") == true)
        #expect(LiveKeyMap.note(unbound: .character("z"), on: .list) == "z is none of the live view's keys; ? lists them.")
        #expect(LiveKeyMap.note(unbound: .character("n"), on: .gone)?.hasPrefix("n works on a list") == true)
        #expect(LiveKeyMap.note(unbound: .alt("x"), on: .list) == nil)
        #expect(LiveKeyMap.note(unbound: .character(" "), on: .gone) == nil)
        // In the view: said in the footer, and nothing else changes.
        var model = LiveViewFixture.liveModel()
        try model.openSelected()
        let screens = model.screens
        #expect(model.press(.character("h")).isEmpty)
        #expect(model.screens == screens && !model.hidePast)
        #expect(model.frame().last?.contains("h works on a list") == true, "\(model.frame().last ?? "")")
        // A key that acts says nothing of the kind.
        model.press(.escape)
        model.press(.character("h"))
        #expect(model.hidePast && model.message?.contains("works on") != true)
    }
}
