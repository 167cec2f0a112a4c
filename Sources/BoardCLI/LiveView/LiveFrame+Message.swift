extension LiveFrame {
    /// The most lines a footer message wider than the pane takes, the footer's among them.
    static let messageLines = 5

    /// `lines` with the footer's message wrapped over the lines above the footer when it is wider
    /// than the pane, up to `messageLines` and never over the header and tab bar: a message said once
    /// (pins that left the window, named) was cut at the pane's edge and never said again.
    func withWholeMessage(_ lines: [String], _ model: LiveModel) -> [String] {
        // The menu and the keys' help keep their lines (the message is the menu's footer, cut).
        if case .searchPrompt = model.top { return lines }
        if model.menu != nil || model.keysHelp != nil { return lines }
        guard let message = model.message, message.columns > size.columns, size.columns > 0 else { return lines }
        var wrapped = LiveKeyMap.wrap(message, width: size.columns).split(separator: "\n").map(String.init)
        let room = min(Self.messageLines, max(1, lines.count - 2))
        if wrapped.count > room {
            wrapped = Array(wrapped.prefix(room))
            wrapped[room - 1] = cut(wrapped[room - 1] + " …", size.columns)
        }
        var out = lines
        for (offset, line) in wrapped.enumerated() { out[out.count - wrapped.count + offset] = fit(line, size.columns) }
        return out
    }
}
