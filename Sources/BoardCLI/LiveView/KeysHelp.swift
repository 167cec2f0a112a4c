/// The keys' help (`?`): every key of the live view, as `board help watch` names them, over the
/// screen below the tab bar, scrolled where the pane is shorter than the list. The footer shows
/// only the keys that fit (four at 40 columns); this is where the rest are found.
extension LiveModel {
    /// A key while the help is open: Esc, `?` or `q` close it, the arrows and pages scroll it, Ctrl-C
    /// quits; the rest do nothing, so that a key tried while reading does not act unseen.
    mutating func pressInKeysHelp(_ key: Key) -> [LiveEffect] {
        guard let first = keysHelp else { return [] }
        // A footer message stays: the help hides it, and it is there again when the help closes.
        let lines = LiveFrame.keysHelpLines(width: size.columns)
        let page = max(1, LiveFrame.keysHelpRows(size.rows) - 1)
        let last = max(0, lines.count - LiveFrame.keysHelpRows(size.rows))
        switch key {
        case .interrupt: return [.quit(130)]
        case .escape, .character("?"), .character("q"): keysHelp = nil
        case .up, .character("k"): keysHelp = max(0, first - 1)
        case .down, .character("j"): keysHelp = min(last, first + 1)
        case .pageUp: keysHelp = max(0, first - page)
        case .pageDown, .character(" "): keysHelp = min(last, first + page)
        case .home, .character("g"): keysHelp = 0
        case .end, .character("G"): keysHelp = last
        default: break
        }
        return []
    }
}

extension LiveFrame {
    /// What the rows' marks mean, after the keys: the one-shot board says it under its rows, the live
    /// view had nowhere to.
    static let marksPhrases = [
        "Marks: * pinned, › the last viewed flight",
        RecentChange.legends(mark: true, gate: false)[0],
        RecentChange.legends(mark: false, gate: true)[0],
    ]

    /// The help's lines at `width`: each key's phrase, then the marks', wrapped with following lines indented.
    static func keysHelpLines(width: Int) -> [String] {
        // Two columns of margin, and two more for a phrase's following lines.
        let room = max(10, width - 4)
        func lines(_ phrases: [String]) -> [String] {
            phrases.flatMap { phrase in
                LiveKeyMap.wrap(phrase, width: room).split(separator: "\n").enumerated().map { index, line in
                    (index == 0 ? "" : "  ") + line
                }
            }
        }
        return lines(LiveKeyMap.helpPhrases) + [""] + lines(marksPhrases)
    }

    /// The rows the help's lines take: all but the header, the tab bar, its title and the footer.
    static func keysHelpRows(_ rows: Int) -> Int { max(0, rows - 4) }

    /// The fewest rows of a pane the help opens on: one line of keys at least.
    static let keysHelpLeast = 5

    /// `lines` with the keys' help over everything under the tab bar, when it is open.
    func withKeysHelp(_ lines: [String], _ model: LiveModel) -> [String] {
        guard let first = model.keysHelp, lines.count >= Self.keysHelpLeast else { return lines }
        let all = Self.keysHelpLines(width: size.columns)
        let rows = Self.keysHelpRows(lines.count)
        let start = min(first, max(0, all.count - rows))
        let shown = all[start..<min(all.count, start + rows)]
        var out = Array(lines.prefix(2))
        out.append(style.bold(fit("Keys", size.columns)))
        out += shown.map { fit("  " + $0, size.columns) }
        while out.count < lines.count - 1 { out.append(fit("", size.columns)) }
        // Where the lines shown are and how to close: the longest of these that fits.
        let close = "Esc closes"
        let below = all.count - start - shown.count
        var footers = [close]
        if let marks = BoardViewport.marks(above: start, below: below) {
            let short = [start > 0 ? "↑\(start)" : nil, below > 0 ? "↓\(below)" : nil].compactMap { $0 }.joined(separator: " ")
            footers = ["\(marks)  ↑/↓ scroll  \(close)", "\(marks)  \(close)", "\(short)  \(close)", close]
        }
        let footer = footers.first { $0.columns <= size.columns } ?? close
        out.append(style.dim(fit(footer, size.columns)))
        return out
    }
}
