import BoardProtocol
import BoardSystem
import FlightData

extension LiveModel {
    /// Takes one input and returns what the loop must do; the one place the live view's state changes.
    @discardableResult
    public mutating func update(_ event: LiveEvent) -> [LiveEffect] {
        let effects: [LiveEffect]
        switch event {
        case .key(.alt(let character)) where !isPromptOpen:
            // Off the search prompt, `ESC x` in one read is Esc typed ahead of x while the view was busy
            // (or within tmux's `escape-time`): the two keys, wherever they go (a menu, the keys' help).
            return update(.key(.escape)) + update(.key(.character(character)))
        case .key(let key):
            // Typed ahead of a screen on its way, a key waits for that screen; one that leaves (back,
            // the board, another tab, quit) acts at once, and what was on its way or typed ahead is dropped.
            if awaitingScreen {
                guard let leaving = leaving(key) else {
                    if typedAhead.count < Self.typeAheadLimit { typedAhead.append(key) }
                    return []
                }
                typedAhead = []
                // Another tab keeps what it was opening as its saved path (`changeTab` drops the answers).
                if leaving != .toAnotherTab {
                    pending = pending.filter {
                        switch $0.value {
                        case .refresh, .refreshSearch: true
                        default: false
                        }
                    }
                }
            }
            // A key holds the page: rotation waits a whole period from the next tick.
            if rotation != nil { rotationHeld = true }
            if case .reconnecting = link, keysHelp == nil, menu == nil, !isPromptOpen,
                let action = LiveKeyMap.action(for: key, on: keyScreen), Self.asksForABoard(action)
            {
                // Another tab, day or hide-past needs the daemon's board: refused and said, where the
                // view switched under the board it had (the tab bar still said the old tab).
                message = Self.awaySentence
                return []
            }
            let undoable = undo
            effects = keysHelp != nil ? pressInKeysHelp(key) : menu != nil ? pressInMenu(key) : press(key)
            if undo == undoable { undo = nil }  // any other key ends the chance to undo a hide

        case .resized(let newSize):
            let wasSplit = isSplit
            size = newSize
            if size.rows < LiveFrame.keysHelpLeast { keysHelp = nil }
            // From split to stack the flight on screen may not be the menu's (it was the list's):
            // the menu closes rather than act on a flight no longer shown.
            if wasSplit, !isSplit, let open = menu, open.flight.id != actionFlight?.id || open.flight.date != actionFlight?.date {
                menu = nil
            }
            effects = [.repaint]
        case .tick(let now): effects = tick(now) + expireUndo(at: now) + expireMessage(at: now)
        case .boardPushed(let newBoard, let at): effects = receive(newBoard, at: at)
        case .replied(let id, let result): effects = answer(id, result)
        case .replyFailed(let id, let refusal): effects = refused(id, refusal)
        case .watchRefused(let refusal): effects = watchRefused(refusal)
        case .requestUnsent(let id):
            pending.removeValue(forKey: id)
            message = "The daemon is away; try again when it is back."
            effects = []
        case .connectionLost(let at):
            pending.removeAll()
            viewedOnArrival = nil
            if case .reconnecting = link {} else { link = .reconnecting(since: at) }
            effects = []
        case .daemonStopped(let at, let autostart):
            effects = update(.connectionLost(at: at))
            daemonStopped = true
            // Said as `board status` says it, until a key: the view waits for a daemon and starts none.
            message = Self.stoppedSentence(autostart: autostart)
            messageStays = true
        case .connected:
            daemonStopped = false
            if message == Self.awaySentence { message = nil }
            if message == Self.stoppedSentence(autostart: true) || message == Self.stoppedSentence(autostart: false) {
                message = nil
            }
            effects = [subscription]
        case .replication(let replication):
            self.replication = replication
            effects = []
        case .watchlistChanged(let newPins, let newHidden):
            let pinsChanged = newPins != pins
            pins = newPins
            hidden = newHidden
            rearrange()
            // The daemon marks pins and puts them first: a new list is a new watch.
            effects = pinsChanged ? [subscription] : []
        case .copyFailed(let why):
            message = "Not in tmux's paste buffer: \(why)"
            effects = []
        case .signal(let signal):
            switch signal {
            case .windowChanged, .continued: effects = [.repaint]
            case .terminalStop: effects = []  // the loop stops the view itself (`FullScreenLoop.suspend`)
            case .interrupt: effects = [.quit(130)]
            case .terminate: effects = [.quit(128 + 15)]
            case .hangUp: effects = [.quit(128 + 1)]
            case .quit: effects = [.quit(128 + 3)]
            case .userDefined1, .userDefined2: effects = []  // the live view does not ask for them
            }
        }
        keepCursorOnScreen()
        if unfinishedRestore == nil { reopening = [] }
        return effects + pressTypedAhead()
    }

    /// The keys typed ahead, once no screen is on its way; those after a key that sends for another
    /// wait again.
    private mutating func pressTypedAhead() -> [LiveEffect] {
        var effects: [LiveEffect] = []
        while !awaitingScreen, !typedAhead.isEmpty {
            effects += update(.key(typedAhead.removeFirst()))
        }
        return effects
    }

    // MARK: What is shown

    /// The screen on top.
    var top: Screen { screens.last ?? .board }

    /// The list under the top screen: search results, or the board's flights.
    var listedFlights: [FlightDocument] {
        for screen in screens.reversed() {
            if case .searchResults(let results) = screen { return results.flights }
        }
        return board?.flights ?? []
    }

    /// The cursor of that list.
    var cursor: ListCursor {
        get {
            for screen in screens.reversed() {
                if case .searchResults(let results) = screen { return results.cursor }
            }
            return boardCursor
        }
        set {
            for index in screens.indices.reversed() {
                if case .searchResults(var results) = screens[index] {
                    results.cursor = newValue
                    screens[index] = .searchResults(results)
                    return
                }
            }
            boardCursor = newValue
        }
    }

    /// The row the cursor is on: its flight's row, or where it was when that flight left the list.
    var selectedRow: Int { Self.row(of: cursor, in: listedFlights) }

    var selectedFlight: FlightDocument? {
        let flights = listedFlights
        let row = selectedRow
        return flights.indices.contains(row) ? flights[row] : nil
    }

    /// Whether the screen at `index` is the list on screen (only the search prompt may be above it).
    private func isShown(_ index: Int) -> Bool {
        screens[(index + 1)...].allSatisfy { if case .searchPrompt = $0 { true } else { false } }
    }

    /// After every event: the cursor on a listed flight (the same one when it is still there), and in view.
    ///
    /// A list under another screen keeps its cursor's flight even while that flight is missing from
    /// it, so that going back lands on the flight you came from when the list has it again.
    private mutating func keepCursorOnScreen() {
        let visible = Self.listRows(size.rows)
        // Until the chosen tab's board arrives, the board on screen is the tab left: the cursor, kept
        // for this tab, is not settled on that board's rows (it took the flight at its row there).
        if board == nil || board?.tab == tab {
            let rows = Self.boardRows(size.rows, board: board)
            var settled = Self.settled(boardCursor, in: board?.flights ?? [], visible: rows, shown: isShown(0))
            // The scroll as the viewport holds it (pinned rows held at the top, the marks' row), from
            // where it was before this event.
            let before = ListCursor(flight: settled.flight, row: settled.row, scroll: boardCursor.scroll)
            settled.scroll = Self.viewport(of: board, rows: size.rows, cursor: before).first
            boardCursor = settled
        }
        for index in screens.indices {
            if case .searchResults(var results) = screens[index] {
                let cursor = results.cursor
                let lines = Self.resultRows(size.rows, results: results)
                results.cursor = Self.settled(cursor, in: results.flights, visible: visible, shown: isShown(index))
                results.cursor.scroll = Self.scroll(results, from: cursor.scroll, keeping: results.cursor.row, visible: lines)
                screens[index] = .searchResults(results)
            }
        }
    }

    private static func settled(_ cursor: ListCursor, in flights: [FlightDocument], visible: Int, shown: Bool) -> ListCursor {
        var settled = cursor
        settled.row = row(of: cursor, in: flights)
        let listed = cursor.flight.map { key in flights.contains { FlightKey($0) == key } } ?? false
        if shown || listed {
            settled.flight = flights.indices.contains(settled.row) ? FlightKey(flights[settled.row]) : cursor.flight
        }
        settled.scroll = scroll(cursor.scroll, keeping: settled.row, visible: visible, count: flights.count)
        return settled
    }

    // MARK: Keys

    private enum Leaving { case back, toAnotherTab }

    /// Whether `key` leaves what is on screen: Esc, the board, quit, Ctrl-C (back), or another tab.
    private func leaving(_ key: Key) -> Leaving? {
        if key == .interrupt || key == .escape { return .back }
        if isPromptOpen { return nil }
        switch LiveKeyMap.action(for: key, on: keyScreen) {
        case .back?, .root?, .quit?: return .back
        case .nextTab?, .previousTab?, .selectTab?: return .toAnotherTab
        default: return nil
        }
    }

    private mutating func press(_ key: Key) -> [LiveEffect] {
        // The step `w` waited for, come while the search prompt holds the footer (it is said beside
        // the prompt only where both fit), waits for the prompt to close rather than go with the keys
        // typed into it.
        let promptOpen = isPromptOpen
        if !(messageStays && promptOpen) { message = nil }
        if key == .interrupt { return [.quit(130)] }
        switch top {
        case .searchPrompt(let text): return pressInPrompt(key, text: text)
        case .details, .gone, .board, .searchResults:
            if case .paste(let pasted) = key { return openPrompt(holding: pasted) }
            // On a split pane, the side with the focus (`keyScreen`): the list's keys beside a flight too.
            return LiveKeyMap.action(for: key, on: keyScreen).map { perform($0) } ?? unbound(key)
        }
    }

    /// What a key's action does (`LiveKeyMap` says which key means which action where).
    mutating func perform(_ action: LiveAction) -> [LiveEffect] {
        switch action {
        case .quit: return [.quit(0)]
        case .back:
            // One screen back; the board is always underneath. A flight uncovered is fetched again:
            // only the top one follows the clock while it is covered. Beside the list, to the list.
            if focusListBesideFlight() { return [] }
            guard screens.count > 1 else { return date != nil ? backToToday() : [] }
            land(from: screens.removeLast())
            // The list's cursor on the flight uncovered, as the split pane shows it beside the list
            // (it stayed on the flight closed, which Enter and `a` then acted on).
            if case .details(let open) = top, listedFlights.contains(where: { FlightKey($0) == open.key }) {
                cursor.flight = open.key
            }
            return refreshTop()
        case .root:
            // The board's cursor is on the flight on top when the flights were opened from the board
            // (stepping with n / p ends where the board lands), else where the board was left.
            let fromBoard = !screens.contains { if case .searchResults = $0 { true } else { false } }
            let closed = fromBoard ? top : .board
            screens = [.board]
            land(from: closed)
        case .nextTab: return switchTab(to: tab.next)
        case .previousTab: return switchTab(to: tab.previous)
        case .selectTab(let chosen): return switchTab(to: chosen)
        case .moveUp: move(by: -1)
        case .moveDown: move(by: 1)
        case .pageUp: if !scrollDetails(pages: -1) { move(by: -pageRows) }
        case .pageDown: if !scrollDetails(pages: 1) { move(by: pageRows) }
        case .first:
            // The top of the list, also under pinned rows held at the top (`BoardViewport`).
            move(by: -listedFlights.count)
            cursor.scroll = 0
        case .last: move(by: listedFlights.count)
        case .open:
            if let effects = openBesideList() { return effects }
            if let flight = selectedFlight {
                return [send(.flight(FlightKey(flight), pinned: pins), for: .open(asked: GoneFlight(flight)))]
            }
        case .soonest: return openSoonest()
        case .nextFlight, .previousFlight:
            if case .details(let open) = top { return stepFlight(from: open.key, forward: action == .nextFlight) }
        case .lineDown, .lineUp: return scrollOrStep(forward: action == .lineDown)
        case .togglePast:
            // The board asks the daemon again; search results leave out (or show again) what they hold.
            hidePast.toggle()
            screens = Self.hiding(screens, past: hidePast)
            todayLeft = Self.hiding(todayLeft, past: hidePast)
            otherTabs = otherTabs.mapValues { path in
                guard case .open(let screens, let cursor) = path else { return path }
                return .open(screens: Self.hiding(screens, past: hidePast), cursor: cursor)
            }
            return [subscription]
        case .search:
            // From a flight, back to its list first; a new search replaces the results on screen (a
            // search sits right above the board, as routes say). A prompt left without searching
            // gives those screens back.
            let before = screens
            while top.isFlight { land(from: screens.removeLast()) }
            if case .searchResults = top { screens.removeLast() }
            promptLeft = Array(before[screens.count...])
            screens.append(.searchPrompt(""))
        case .pin:
            if case .details(let open) = top, !listFocusedBesideFlight { return togglePin(open.flight) }
            if let flight = selectedFlight { return togglePin(flight) }
        case .movePin, .hide, .undoHide, .actions, .waitForNextStep, .showLog, .copyToTmux:
            return performOnFlight(action)
        case .yankRoute: return yankRoute()
        case .keysHelp:
            // A pane too short for a line of keys says where they are instead.
            guard size.rows >= LiveFrame.keysHelpLeast else {
                message = "The pane is too short for the keys; 'board help watch' lists them."
                return []
            }
            keysHelp = 0
        case .previousDay: return showDay(after: -1)
        case .nextDay: return showDay(after: 1)
        }
        // On a split pane, the details beside the list follow its cursor.
        return Self.movesCursor(action) ? follow() : []
    }

    /// `screens` with their search results leaving out past flights, or showing them again.
    private static func hiding(_ screens: [Screen], past: Bool) -> [Screen] {
        screens.map { screen in
            if case .searchResults(let results) = screen { .searchResults(results.hiding(past: past)) } else { screen }
        }
    }

    /// Pages through the open flight's details when they are taller than the pane; false when no
    /// flight is open with the keys (PageUp and PageDown then page through the list).
    private mutating func scrollDetails(pages: Int) -> Bool {
        guard keyScreen == .details, case .details(var open) = top else { return false }
        let layout = LiveFrame.detailsLayout(open, model: self, size: size)
        open.scroll = max(0, min(layout.lastScroll, layout.scroll + pages * max(1, layout.shown - 1)))
        screens[screens.count - 1] = .details(open)
        return true
    }

    private mutating func move(by delta: Int) {
        let flights = listedFlights
        guard !flights.isEmpty else { return }
        let row = min(max(0, selectedRow + delta), flights.count - 1)
        cursor.row = row
        cursor.flight = FlightKey(flights[row])
    }

    /// Another tab, as it was left (`changeTab`); the choice is saved for later.
    private mutating func switchTab(to newTab: Tab) -> [LiveEffect] {
        // Each tab keeps its own path: the one left is kept, the one chosen comes back as it was.
        changeTab(to: newTab)
        return [.saveTab(newTab), subscription]
    }

    /// Where the cursor starts on `board`: the last viewed flight when it is listed, else the first
    /// flight still to come (`StatusLine.isToCome`: not the departed and landed flights the hall still
    /// shows), else the first not yet past, else (every flight past) the last one; nil on an empty board.
    static func startingFlight(on board: BoardDocument, lastViewed: FlightKey?) -> FlightDocument? {
        if let lastViewed, let last = board.flights.first(where: { lastViewed.names($0) }) { return last }
        return board.flights.first(where: { StatusLine.isToCome($0, now: board.now) })
            ?? board.flights.first(where: { !$0.past })
            ?? board.flights.last
    }

    mutating func togglePin(_ flight: FlightDocument) -> [LiveEffect] {
        let key = FlightKey(flight)
        // A pin of this identity made for another flight (a config reloaded with another schedule)
        // gives way to this one: P pins what is under the cursor.
        if let index = pins.firstIndex(of: key), !pins[index].names(flight) {
            pins[index] = key
            message = "Pinned \(flight.flightName)."
            return [.pin(flight), subscription]
        }
        if let index = pins.firstIndex(of: key) {
            pins.remove(at: index)
            message = "Unpinned \(flight.flightName)."
            return [.unpin(key), subscription]
        }
        // The cap is where pins are made: the daemon would refuse every request past it.
        guard pins.count < PinnedParam.limit else {
            message = "Cannot pin \(flight.flightName): \(PinnedParam.limit) pins is the most; P on a pinned one unpins it."
            return []
        }
        pins.append(key)
        message = "Pinned \(flight.flightName)."
        return [.pin(flight), subscription]
    }

    mutating func step(from key: FlightKey, forward: Bool) -> LiveEffect {
        send(.step(from: key, forward: forward, tab: tab, pinned: pins), for: .step(from: key, forward: forward, steps: 0))
    }
}
