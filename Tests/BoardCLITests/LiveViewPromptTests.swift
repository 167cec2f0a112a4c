import BoardProtocol
import BoardSystem
import FlightData
import Foundation
import Testing

@testable import BoardCLI

/// Alt with a key typed in the search prompt (`ESC x` in one read) is no command: Alt-x hid the
/// flight under the cursor and Alt-q quit the view, the typed text lost. Ctrl-W and Alt-Backspace
/// delete the last word, as in readline. Off the prompt it is Esc typed ahead of the key.
struct SearchPromptAltKeyTests {
    @Test func altKeysInThePromptNeitherCloseItNorRunCommands() {
        var model = LiveViewFixture.liveModel()
        model.press(.character("/"), .character("d"), .character("e"), .character("n"))
        let hiddenBefore = model.hidden
        for key in ["x", "q", "P", "b", "[", "f"] {
            let effects = model.press(.alt(Character(key)))
            #expect(effects.isEmpty, "Alt-\(key): \(effects)")
            #expect(model.top == .searchPrompt("den"), "Alt-\(key)")
        }
        #expect(model.hidden == hiddenBefore && model.pins.isEmpty)
        model.press(.character(" "), .character("n"), .character("y"), .deleteWord)
        #expect(model.top == .searchPrompt("den "))
        model.press(.deleteWord)
        #expect(model.top == .searchPrompt(""))
        model.press(.deleteWord)
        #expect(model.top == .searchPrompt(""))
        // Alt-Backspace takes letters and digits only, as readline's backward-kill-word: `a-b/c`
        // leaves `a-b/` (it took the whole of it, as Ctrl-W does).
        for c in "a-b/c " { model.press(.character(c)) }
        model.press(.deleteAlphanumericWord)
        #expect(model.top == .searchPrompt("a-b/"))
        model.press(.deleteAlphanumericWord)
        #expect(model.top == .searchPrompt("a-"))
        model.press(.deleteWord)
        #expect(model.top == .searchPrompt(""))
        // Off the prompt, `ESC q` in one read is Esc typed ahead of q (the view was busy): it quits,
        // as the two keys apart do.
        model.press(.escape)
        #expect(model.top == .board)
        #expect(model.press(.alt("q")) == [.quit(0)])
    }
}
