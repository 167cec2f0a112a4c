extension LiveFrame {
    /// The last row: the search prompt (with a word on the search beside it), else the message,
    /// the action menu's hint, or the keys of the screen on top.
    func footer(_ model: LiveModel) -> String {
        if case .searchPrompt(let text) = model.top {
            // A word on the search (the daemon away) beside the prompt where both fit: what is typed
            // stays in sight.
            let prompt = Self.prompt(text, width: size.columns)
            guard let message = model.message else { return prompt }
            let both = prompt + "  " + message
            if both.columns <= size.columns { return both }
            // A long search's end (where the typing is) beside the message, where 20 columns are left
            // for it: the word that a paste was cut was never seen under 136 columns.
            let room = size.columns - message.columns - 2
            return room >= 20 ? Self.prompt(text, width: room) + "  " + message : prompt
        }
        if let message = model.message { return fit(message, size.columns) }
        if model.menu != nil {
            let help = "a key above does it  Esc closes"
            return style.dim(fit(help.columns <= size.columns ? help : "Esc closes", size.columns))
        }
        // The keys of the side with the focus on a split pane, else of the screen on top.
        let split = model.layout.splits(columns: size.columns)
        let screen = model.keyScreen(split: split)
        let hints = LiveKeyMap.hints(
            on: screen, width: size.columns, besideList: split && model.top.isFlight, emptyList: model.listedFlights.isEmpty)
        return style.dim(fit(hints, size.columns))
    }

    /// `/text█`, its end kept (where the typing is) with `…` before it when it is wider than the screen.
    static func prompt(_ text: String, width: Int) -> String {
        let line = "/" + text + "█"
        guard line.columns > width, width > 3 else { return String(line.suffix(columns: width)) }
        return "/…" + line.suffix(columns: width - 2)
    }
}
