import BoardProtocol
import FlightData

/// The live view's paths: one per tab, the route of what is shown, and landing back on the
/// flight you came from.
extension LiveModel {
    /// Shows `newTab` as it was left: its screens and its board's cursor when it was open in this run,
    /// its saved screens (opened again once its board arrives) when an earlier run left them, else
    /// its board with the cursor placed as when the view opens. The tab left keeps its own path.
    ///
    /// `--rotate` turns tabs without choosing them (`rotatePage`): a tab it shows keeps its path
    /// aside until the tab is chosen (its key, or Tab / Shift-Tab onto it).
    mutating func changeTab(to newTab: Tab) {
        if newTab != tab, rotatedOverPath == nil {
            // On another day's board, the tab keeps what was open over today's (`todayLeft`), with
            // today's cursor to place: that day's screens close, as b closes them.
            let open = date == nil ? screensKept : [.board] + todayLeft
            otherTabs[tab] =
                unfinishedRestore.map { .saved($0) } ?? .open(screens: open, cursor: date == nil ? boardCursor : ListCursor())
        }
        reopening = []
        todayLeft = []
        todaySaved = []
        viewedOnArrival = nil
        let path = otherTabs.removeValue(forKey: newTab)
        tab = newTab
        restoring = []
        // Answers on their way were asked for the tab left: they must not open on this one.
        pending = pending.filter { if case .refresh = $0.value { true } else { false } }
        switch path {
        case .open(let kept, _)? where date != nil:
            // Another day's board is shown: the tab's screens are today's, and wait for today's board,
            // so that no flight is shown over a day's board that does not list it.
            screens = [.board]
            todayLeft = Array(kept.dropFirst())
            boardCursor = ListCursor()
            cursorPlaced = false
        case .open(let kept, let cursor)?:
            screens = kept.isEmpty ? [.board] : kept
            boardCursor = cursor
            cursorPlaced = cursor.flight != nil
        case .saved(let kept)? where date != nil:
            // Saved by an earlier run over today's board: opened again when the view comes back to it.
            screens = [.board]
            boardCursor = ListCursor()
            cursorPlaced = false
            todaySaved = kept
        case .saved(let kept)?:
            screens = [.board]
            boardCursor = ListCursor()
            cursorPlaced = false
            restoring = kept
        case nil:
            screens = [.board]
            boardCursor = ListCursor()
            cursorPlaced = false
        }
    }

    /// The screens open, less a search prompt: what a tab or a day keeps of them.
    var screensKept: [Screen] { screens.filter { if case .searchPrompt = $0 { false } else { true } } }

    /// The path of the tab on screen, kept aside while `--rotate` shows only its board.
    var rotatedOverPath: [SavedLiveView.Screen]? {
        guard screens.count == 1, unfinishedRestore == nil, let kept = otherTabs[tab] else { return nil }
        switch kept {
        case .open(let screens, _): return Self.saved(screens)
        case .saved(let screens): return screens
        }
    }

    /// `[` and `]`: the board of the day before or after the one shown, of the same tab, from any
    /// screen (what was open above the board closes, as b closes it). Today is the window's first
    /// day, so `[` stops there; past the window's last day the daemon refuses the watch
    /// (`watchRefused`) and the last day's board is shown. The header says the day; it is saved and restored.
    mutating func showDay(after days: Int) -> [LiveEffect] {
        guard let board, let today = LocalDate(String(board.now.prefix(10))), let shown = LocalDate(date ?? board.date)
        else { return [] }
        let day = shown.adding(days: days)
        guard day >= today else {
            message = "Today's is the first board in the window; ] shows the next day's."
            return []
        }
        // What is open over today's board waits for the view to come back to it (Esc, or [ / ] onto
        // today); another day's screens close, as b closes them.
        if date == nil { todayLeft = Array(screensKept.dropFirst()) }
        _ = perform(.root)  // the board comes with the new day's watch, below
        message = nil
        if day == today, !todayLeft.isEmpty || !todaySaved.isEmpty { return backToToday() }
        date = day == today ? nil : day.description
        // The cursor is placed on the new day's board when it comes (the board shown keeps it till then).
        cursorPlaced = false
        return [subscription]
    }

    /// The daemon refused the board asked for: the reason in the footer, and the day of the board on
    /// screen asked for again (the subscription was not replaced). With no board on screen yet (a
    /// pane's saved day that left the window, or a day past its end), today's board instead: the view
    /// never waits on a board the daemon will not send.
    mutating func watchRefused(_ refusal: WireError) -> [LiveEffect] {
        message = refusal.message
        guard let board else {
            guard date != nil, refusal.code == .outsideWindow else { return [] }
            message = "Today's board: " + refusal.message
            date = nil
            cursorPlaced = false
            return [subscription]
        }
        guard date != nil, date != board.date else { return [] }
        if refusal.code == .outsideWindow, let asked = date.flatMap(LocalDate.init), let shown = LocalDate(board.date),
            asked.adding(days: -1) > shown
        {
            // `]` pressed faster than the boards came (the boards of superseded watches are not
            // shown): the day before the refused one, still ahead of the board shown, may be the
            // window's last. Asked for in turn until one is taken, never further back than this board.
            let day = asked.adding(days: -1)
            date = String(board.now.prefix(10)) == day.description ? nil : day.description
            cursorPlaced = false
            return [subscription]
        }
        date = String(board.now.prefix(10)) == board.date ? nil : board.date
        cursorPlaced = true
        return [subscription]
    }

    /// Esc on another day's board: today's board, as the view opens on it.
    mutating func backToToday() -> [LiveEffect] {
        date = nil
        boardCursor = ListCursor()
        cursorPlaced = false
        if !todaySaved.isEmpty {
            restoring = todaySaved
            todaySaved = []
        }
        guard !todayLeft.isEmpty else {
            message = "Back to today's board."
            return [subscription]
        }
        // The screens left open over it come back, the one on top asked for again (the clock may
        // have moved since), as Esc asks for what it uncovers.
        screens = [.board] + todayLeft
        todayLeft = []
        message = "Back to today's board and what was open over it."
        return [subscription] + refreshTop()
    }

    /// Back on a list from `closed`: the cursor on the flight that was shown, scrolled into view.
    ///
    /// When the board hides it (past, with hide-past on), the footer says so and the cursor goes to
    /// the nearest row shown: the first flight at or after its time, else the last.
    mutating func land(from closed: Screen) {
        let key: FlightKey
        var shown: FlightDocument?
        switch closed {
        case .details(let open):
            key = open.key
            shown = open.flight
        case .gone(let gone): key = gone.key
        case .board, .searchPrompt, .searchResults: return
        }
        let listed = listedFlights
        if listed.contains(where: { FlightKey($0) == key }) {
            cursor.flight = key
            return
        }
        guard let flight = shown, hidesPast(flight) else { return }
        message = "\(flight.flightName) is past and hidden — h shows past flights."
        let time = flight.currentTime ?? flight.scheduledTime
        let row =
            listed.firstIndex { !$0.pinned && ($0.currentTime ?? $0.scheduledTime, $0.id) >= (time, flight.id) }
            ?? max(0, listed.count - 1)
        cursor.row = row
        cursor.flight = listed.indices.contains(row) ? FlightKey(listed[row]) : nil
    }

    /// Whether the board on screen leaves `flight` out only because it is past and past flights are hidden.
    private func hidesPast(_ flight: FlightDocument) -> Bool {
        guard hidePast, flight.past, let board, screens.count == 1, board.date == flight.date else { return false }
        switch board.tab {
        case .all: return true
        case .arrivals: return flight.direction == .arrival
        case .departures: return flight.direction == .departure
        }
    }

    /// The route of what is shown: the tab, the board's day, hide-past, and the search and flight above it.
    var route: LiveRoute {
        let shown = unfinishedRestore ?? Self.saved(screens)
        let routeScreens = shown.map { screen -> LiveRoute.Screen in
            switch screen {
            case .searchResults(let text): .search(text)
            case .flight(let id, let date, _): .flight(FlightKey(id: id, date: date))
            }
        }
        return LiveRoute(tab: tab, date: date, hidePast: hidePast, screens: routeScreens)
    }

    /// `R`: the route in the footer, and in tmux's paste buffer when inside tmux.
    mutating func yankRoute() -> [LiveEffect] {
        let text = route.description
        guard insideTmux else {
            message = "Route: \(text)"
            return []
        }
        message = "Route: \(text) (in tmux's paste buffer)"
        return [.copyToTmux(text)]
    }

    /// Down / up on a flight's details: a line of them while more is below / above (details taller
    /// than a short tmux pane), as a pager reads on; at their end, or when they fit, the next /
    /// previous flight, as n / p (as mutt's pager goes on to the next message).
    mutating func scrollOrStep(forward: Bool) -> [LiveEffect] {
        guard keyScreen == .details, case .details(var open) = top else { return [] }
        let layout = LiveFrame.detailsLayout(open, model: self, size: size)
        let scroll = max(0, min(layout.lastScroll, layout.scroll + (forward ? 1 : -1)))
        guard scroll != layout.scroll else { return stepFlight(from: open.key, forward: forward) }
        open.scroll = scroll
        screens[screens.count - 1] = .details(open)
        return []
    }

    /// A key that does nothing on the screen with the keys: the footer says where it works, or that
    /// it is none of the view's (`LiveKeyMap.note`), rather than nothing happening unsaid.
    mutating func unbound(_ key: Key) -> [LiveEffect] {
        if let note = LiveKeyMap.note(unbound: key, on: keyScreen) { message = note }
        return []
    }

    /// `s`: the tab's soonest flight still to come, which is today's: from another day's board, over
    /// today's board, which lists it (and what was open over it), so that Esc lands on it.
    mutating func openSoonest() -> [LiveEffect] {
        var effects: [LiveEffect] = []
        if date != nil {
            _ = perform(.root)
            effects = backToToday()
        }
        return effects + [send(.soonest(tab: tab, pinned: pins), for: .soonest(steps: 0))]
    }
}
