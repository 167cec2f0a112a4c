import BoardProtocol

/// The search prompt (`/`): keys as text, Ctrl-W and Alt-Backspace a word back, Enter searches and
/// Esc closes it; Alt with a key is no command here (`Key.alt`).
extension LiveModel {
    /// Whether the search prompt is on top, taking keys as text.
    var isPromptOpen: Bool {
        if case .searchPrompt = top { true } else { false }
    }

    /// A key typed into the prompt holding `text`.
    mutating func pressInPrompt(_ key: Key, text: String) -> [LiveEffect] {
        switch key {
        case .escape: closePrompt()
        case .enter:
            let query = text.trimmingTrailingSpaces()
            guard !query.isEmpty else {
                closePrompt()
                return []
            }
            promptLeft = []
            return [send(.search(text: query, tab: tab, pinned: pins), for: .search(query))]
        case .backspace: screens[screens.count - 1] = .searchPrompt(String(text.dropLast()))
        case .deleteWord: screens[screens.count - 1] = .searchPrompt(Self.droppingLastWord(text))
        case .deleteAlphanumericWord:
            screens[screens.count - 1] = .searchPrompt(Self.droppingLastWord(text, by: { $0.isLetter || $0.isNumber }))
        case .character(let c):
            guard SearchText.fits(text + String(c)) else { return sayTheSearchIsFull() }
            screens[screens.count - 1] = .searchPrompt(text + String(c))
        case .paste(let pasted):
            // As much of it as the search takes, character by character, and a word when that is not all.
            var joined = text
            for c in pasted where SearchText.fits(joined + String(c)) { joined.append(c) }
            screens[screens.count - 1] = .searchPrompt(joined)
            if joined.count < text.count + pasted.count { return sayTheSearchIsFull() }
        default: break
        }
        return []
    }

    /// A paste off the prompt: what to search for, never keys (a `q` or a `P` in it acts on nothing).
    /// The prompt opens holding it, as `/` and the paste would, and Enter searches; a paste of spaces
    /// alone is nothing to search for.
    mutating func openPrompt(holding pasted: String) -> [LiveEffect] {
        let text = String(pasted.drop { $0 == " " })
        guard !text.isEmpty else { return [] }
        let effects = perform(.search)
        return effects + pressInPrompt(.paste(text), text: "")
    }

    /// Says beside the prompt that what was typed or pasted past the search's limit was left out: it
    /// was dropped without a word. A step `w` waited for keeps the footer.
    private mutating func sayTheSearchIsFull() -> [LiveEffect] {
        if !messageStays { message = "the search holds \(SearchText.maxScalars) characters" }
        return []
    }

    /// Closes the search prompt without searching: back to the screens it was opened from (a flight's
    /// details, search results), which Esc used to leave for the board.
    mutating func closePrompt() {
        screens.removeLast()
        screens += promptLeft
        promptLeft = []
    }

    /// `text` without its last word and what follows it, as readline leaves it: a word is what
    /// `inWord` takes (not a space: Ctrl-W's `unix-word-rubout`; letters and digits: Alt-Backspace's
    /// `backward-kill-word`).
    static func droppingLastWord(_ text: String, by inWord: (Character) -> Bool = { $0 != " " }) -> String {
        var rest = Substring(text)
        while let last = rest.last, !inWord(last) { rest.removeLast() }
        while let last = rest.last, inWord(last) { rest.removeLast() }
        return String(rest)
    }
}
