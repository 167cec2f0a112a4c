import FlightData

/// What a key asks the live view to do. `LiveModel.perform(_:)` handles each one in an
/// exhaustive switch, so a new action is a new case here and the compiler points at the rest.
enum LiveAction: Hashable, Sendable {
    case quit
    /// Esc: close the screen on top (a flight's details, search results).
    case back
    /// Back to the board in one step, from any depth.
    case root
    case nextTab, previousTab
    case selectTab(Tab)
    case moveUp, moveDown, pageUp, pageDown, first, last
    /// Open the flight under the cursor.
    case open
    /// The flight after (or before) the open one, in the tab's order.
    case nextFlight, previousFlight
    /// Down / up on a flight's details: a line of details taller than the pane while more is
    /// below / above, else the next / previous flight (`LiveModel.scrollOrStep`).
    case lineDown, lineUp
    case togglePast
    case search
    case pin
    /// Open the tab's next flight not yet past (`flight.soonest`).
    case soonest
    /// The watchlist and the action menu (`LiveUpdate+Watchlist.swift`): move the pinned flight under
    /// the cursor, hide it, undo the hide, open the menu, wait for its next step, show its log, copy it.
    case movePin(up: Bool)
    case hide, undoHide, actions, waitForNextStep, showLog, copyToTmux
    /// Say the route of what is shown (and put it in tmux's paste buffer inside tmux): R.
    case yankRoute
    /// `?`: every key, over the screen.
    case keysHelp
    /// The board of the day before or after the one shown, of the same tab, within the window: [ and ].
    case previousDay, nextDay
}

/// The live view's keys, declared once: which key does what on which screen, the footer's
/// hints and the sentence `board help watch` gives them.
///
/// Adding a key is a binding here (and a hint and a phrase when people should see it);
/// a new kind of action is a case of `LiveAction`.
enum LiveKeyMap {
    /// The screens a binding works on.
    struct Screens: OptionSet, Hashable, Sendable {
        let rawValue: Int
        /// The board or search results: a list with a cursor.
        static let list = Screens(rawValue: 1)
        /// A flight's details.
        static let details = Screens(rawValue: 2)
        /// A flight that is no longer on the board.
        static let gone = Screens(rawValue: 4)
        static let all: Screens = [.list, .details, .gone]
    }

    struct Binding: Sendable {
        let keys: [Key]
        let action: LiveAction
        let screens: Screens

        init(_ keys: [Key], _ action: LiveAction, on screens: Screens) {
            self.keys = keys
            self.action = action
            self.screens = screens
        }
    }

    static let bindings: [Binding] = [
        Binding([.character("q")], .quit, on: .all),
        Binding([.escape], .back, on: .all),
        Binding([.backspace], .back, on: [.details, .gone]),
        Binding([.character("b")], .root, on: .all),
        Binding([.home], .root, on: [.details, .gone]),
        Binding([.tab, .right], .nextTab, on: .all),
        Binding([.backTab, .left], .previousTab, on: .all),
        Binding([.character("1")], .selectTab(.arrivals), on: .list),
        Binding([.character("2")], .selectTab(.all), on: .list),
        Binding([.character("3")], .selectTab(.departures), on: .list),
        Binding([.up, .character("k"), .character("p")], .moveUp, on: .list),
        Binding([.down, .character("j"), .character("n")], .moveDown, on: .list),
        Binding([.pageUp], .pageUp, on: [.list, .details]),
        Binding([.pageDown, .character(" ")], .pageDown, on: [.list, .details]),
        Binding([.home, .character("g")], .first, on: .list),
        Binding([.end, .character("G")], .last, on: .list),
        Binding([.enter], .open, on: .list),
        Binding([.character("n")], .nextFlight, on: .details),
        Binding([.character("p")], .previousFlight, on: .details),
        Binding([.down, .character("j")], .lineDown, on: .details),
        Binding([.up, .character("k")], .lineUp, on: .details),
        Binding([.character("h")], .togglePast, on: .list),
        Binding([.character("/")], .search, on: .all),
        Binding([.character("P")], .pin, on: [.list, .details]),
        Binding([.character("s")], .soonest, on: .all),
        Binding([.enter], .soonest, on: .gone),
        Binding([.character("K")], .movePin(up: true), on: .list),
        Binding([.character("J")], .movePin(up: false), on: .list),
        Binding([.character("x")], .hide, on: [.list, .details]),
        Binding([.character("u")], .undoHide, on: .all),
        Binding([.character("a")], .actions, on: [.list, .details]),
        Binding([.character("w")], .waitForNextStep, on: [.list, .details]),
        Binding([.character("l")], .showLog, on: .list),
        Binding([.character("y")], .copyToTmux, on: [.list, .details]),
        Binding([.character("R")], .yankRoute, on: .all),
        Binding([.character("?")], .keysHelp, on: .all),
        Binding([.character("[")], .previousDay, on: .all),
        Binding([.character("]")], .nextDay, on: .all),
    ]

    /// What `key` does on `screen`, if anything.
    static func action(for key: Key, on screen: Screens) -> LiveAction? {
        bindings.first { $0.screens.contains(screen) && $0.keys.contains(key) }?.action
    }

    /// What the footer says of `key` pressed on `screen`, where it does nothing: where it works
    /// (`h works on a list: the board or search results; b goes back to the board`), or that it is no
    /// key of the view's. Nil for keys that are no one's to name (Ctrl keys, Alt, a paste).
    static func note(unbound key: Key, on screen: Screens) -> String? {
        let name: String
        switch key {
        case .character(let character) where !character.isWhitespace: name = String(character)
        case .enter: name = "Enter"
        case .backspace: name = "Backspace"
        case .up, .down, .pageUp, .pageDown, .home, .end: name = "That key"
        default: return nil
        }
        let elsewhere = [Screens.list, .details, .gone].filter { $0 != screen && action(for: key, on: $0) != nil }
        guard let place = elsewhere.first else { return "\(name) is none of the live view's keys; ? lists them." }
        let back = screen == .list ? "" : "; b goes back to the board"
        return switch place {
        case .list: "\(name) works on a list: the board or search results\(back)."
        case .details: "\(name) works on a flight's details; Enter opens one."
        default: "\(name) works on a flight that has left the board."
        }
    }

    /// The footer's hints on a list, on a flight's details and on a gone flight, in the order they are shown.
    static let listHints = [
        "←/→ tabs", "↑/↓ move", "⏎ open", "a actions", "s soonest", "/ search", "h past", "[/] days", "P pin", "? keys",
        "q quit",
    ]
    static let detailsHints = [
        "Esc back", "b board", "n/p next/prev", "a actions", "P pin", "s soonest", "/ search", "←/→ tabs", "? keys",
        "q quit",
    ]
    static let goneHints = ["⏎/s soonest", "Esc back", "b board", "q quit"]
    /// The list's hints that act on its rows.
    static let rowHints: Set = ["↑/↓ move", "⏎ open", "a actions", "P pin"]
    /// The hints that say otherwise on a split pane with a flight open beside the list.
    static let splitHints = ["⏎ open": "⏎ details", "Esc back": "Esc list"]

    /// The hints that fit `width`: the last ones before `? keys  q quit` go first, so that how to
    /// quit and where the rest are is always shown (at 80 columns the list's hints ended "q qu…"),
    /// then `? keys`, down to `q quit` alone on a pane of 6 to 15 columns.
    ///
    /// `besideList`: a split pane with a flight open beside the list, where Enter and Esc move the
    /// keys from one side to the other.
    static func hints(on screen: Screens, width: Int = .max, besideList: Bool = false, emptyList: Bool = false) -> String {
        var hints =
            switch screen {
            case .details: detailsHints
            case .gone: goneHints
            default: listHints
            }
        // A list with no flight (no search result, every flight hidden) has none to move to, open or act on.
        if emptyList, screen == .list { hints.removeAll { Self.rowHints.contains($0) } }
        if besideList { hints = hints.map { splitHints[$0] ?? $0 } }
        let kept = hints.suffix(2) == ["? keys", "q quit"] ? 3 : 2
        while hints.count > 2, hints.joined(separator: "  ").columns > width { hints.remove(at: max(0, hints.count - kept)) }
        while hints.count > 1, hints.joined(separator: "  ").columns > width { hints.remove(at: hints.count - 2) }
        return hints.joined(separator: "  ")
    }

    /// The keys as `board help watch` (and the contract) name them.
    static let helpPhrases = [
        "Tab/Shift-Tab or left/right switch tabs (and keep the choice)",
        "up/down or j/k move (on a flight's details taller than the pane they scroll, then step as n/p)",
        "Enter opens a flight",
        "n/p next and previous flight, or search result (on a flight, Enter, n and p open one on top of what is open; on a list n/p move as down/up)",
        "Esc goes back one screen (on a split pane Enter and Esc move the keys between the board and the flight)",
        "PageUp/PageDown (or space) page through a list, or a flight's details taller than the pane",
        "b (or Home on a flight) goes back to the board in one step",
        "[ and ] the board of the day before and after (Esc: today's, with what was open over it)",
        "s opens the soonest flight still to come",
        "h hides past flights (from search results too)",
        "/ searches (results by day; Ctrl-W or Alt-Backspace deletes a word)",
        "a paste opens the search holding it", "P pins",
        "K/J move the pinned flight up or down the watchlist",
        "x hides a flight (u undoes it for 5 s)", "a opens a flight's actions", "w waits for its next step",
        "l shows its log", "y (inside tmux) copies its id and flight to tmux's paste buffer",
        "R shows the route of the screen (for 'board watch --route'; into tmux's paste buffer inside tmux)",
        "? shows these keys", "Ctrl-Z suspends (fg brings it back)", "q quits",
    ]

    /// The help's "Keys: ..." paragraph, wrapped to 72 columns.
    static var helpParagraph: String { wrap("Keys: " + helpPhrases.joined(separator: ", ") + ".", width: 72) }

    /// Greedy word wrap: as many words a line as fit in `width`; a word wider than `width` (a route,
    /// a path) is broken across lines, so that every character of it is shown.
    static func wrap(_ text: String, width: Int) -> String {
        var lines: [String] = []
        var line = ""
        for var word in text.split(separator: " ") {
            // Broken by the cells it takes (a wide character is two), never less than one character a line.
            while width > 0, word.columns > width {
                if !line.isEmpty { lines.append(line) }
                line = ""
                let piece = word.prefix(columns: width)
                let taken = piece.isEmpty ? word.prefix(1) : piece
                lines.append(String(taken))
                word = word.dropFirst(taken.count)
            }
            if !line.isEmpty, line.columns + 1 + word.columns > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        if !line.isEmpty { lines.append(line) }
        return lines.joined(separator: "\n")
    }
}
