import BoardProtocol
import BoardSystem
import FlightData

extension LiveModel {
    /// Takes one input and returns what the loop must do; the one place the live view's state changes.
    @discardableResult
    public mutating func update(_ event: LiveEvent) -> [LiveEffect] {
        let effects: [LiveEffect]
        switch event {
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
                if leaving != .toAnotherTab { pending = pending.filter { if case .refresh = $0.value { true } else { false } } }
            }
            // A key holds the page: rotation waits a whole period from the next tick.
            if rotation != nil { rotationHeld = true }
            let undoable = undo
            effects = menu != nil ? pressInMenu(key) : press(key)
            if undo == undoable { undo = nil }  // any other key ends the chance to undo a hide
        case .resized(let newSize):
            size = newSize
            effects = [.repaint]
        case .tick(let now): effects = tick(now) + expireUndo(at: now) + expireMessage(at: now)
        case .boardPushed(let newBoard, let at): effects = receive(newBoard, at: at)
        case .replied(let id, let result): effects = answer(id, result)
        case .replyFailed(let id, let refusal): effects = refused(id, refusal)
        case .requestUnsent(let id):
            pending.removeValue(forKey: id)
            message = "The daemon is away; try again when it is back."
            effects = []
        case .connectionLost(let at):
            pending.removeAll()
            if case .reconnecting = link {} else { link = .reconnecting(since: at) }
            effects = []
        case .connected: effects = [subscription]
        case .watchlistChanged(let newPins, let newHidden):
            let pinsChanged = newPins != pins
            pins = newPins
            hidden = newHidden
            rearrange()
            // The daemon marks pins and puts them first: a new list is a new watch.
            effects = pinsChanged ? [subscription] : []
        case .signal(let signal):
            switch signal {
            case .windowChanged: effects = [.repaint]
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

    static func row(of cursor: ListCursor, in flights: [FlightDocument]) -> Int {
        if let key = cursor.flight, let index = flights.firstIndex(where: { FlightKey($0) == key }) { return index }
        return min(cursor.row, max(0, flights.count - 1))
    }

    /// Rows of flights that fit: the screen less header, tab bar, column titles and footer.
    static func listRows(_ rows: Int) -> Int { max(1, rows - 4) }

    /// Rows of flights on the board's screen: the list's rows, less one for the now line on a board
    /// of today (`NowLine`), so that a page (scrolling, PageDown, `--rotate`) holds its flights and
    /// the line, and no flight falls between two pages.
    static func boardRows(_ rows: Int, board: BoardDocument?) -> Int {
        let list = listRows(rows)
        guard list > 1, let board, NowLine(board.flights, now: board.now, date: board.date) != nil else { return list }
        return list - 1
    }

    /// The first row shown so that the cursor's row is on screen with `visible` rows.
    static func scroll(_ scroll: Int, keeping row: Int, visible: Int, count: Int) -> Int {
        let rows = max(1, visible)
        var first = scroll
        if row < first { first = row }
        if row >= first + rows { first = row - rows + 1 }
        return max(0, min(first, max(0, count - rows)))
    }

    /// The first line shown of search results so that flight `row` is on screen, with its day's
    /// heading when the flight is the first of its day and there is room.
    static func scroll(_ results: SearchResults, from scroll: Int, keeping row: Int, visible: Int) -> Int {
        let line = results.line(ofRow: row)
        var first = Self.scroll(scroll, keeping: line, visible: visible, count: results.lines.count)
        if results.startsADay(row), first == line, first > 0, visible > 1 { first -= 1 }
        return first
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
            boardCursor = Self.settled(boardCursor, in: board?.flights ?? [], visible: rows, shown: isShown(0))
        }
        for index in screens.indices {
            if case .searchResults(var results) = screens[index] {
                let cursor = results.cursor
                results.cursor = Self.settled(cursor, in: results.flights, visible: visible, shown: isShown(index))
                results.cursor.scroll = Self.scroll(results, from: cursor.scroll, keeping: results.cursor.row, visible: visible)
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
        let screen: LiveKeyMap.Screens
        switch top {
        case .searchPrompt: return nil
        case .details: screen = .details
        case .gone: screen = .gone
        case .board, .searchResults: screen = .list
        }
        switch LiveKeyMap.action(for: key, on: screen) {
        case .back?, .root?, .quit?: return .back
        case .nextTab?, .previousTab?, .selectTab?: return .toAnotherTab
        default: return nil
        }
    }

    /// Closes the search prompt without searching: back to the screens it was opened from (a flight's
    /// details, search results), which Esc used to leave for the board.
    private mutating func closePrompt() {
        screens.removeLast()
        screens += promptLeft
        promptLeft = []
    }

    private mutating func press(_ key: Key) -> [LiveEffect] {
        // The step `w` waited for, come while the search prompt hides the footer, waits for the
        // prompt to close rather than go with the keys typed into it.
        let promptOpen = if case .searchPrompt = top { true } else { false }
        if !(messageStays && promptOpen) { message = nil }
        if key == .interrupt { return [.quit(130)] }
        switch top {
        case .searchPrompt(let text):
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
            case .character(let c) where SearchText.fits(text + String(c)):
                screens[screens.count - 1] = .searchPrompt(text + String(c))
            case .paste(let pasted):
                // As much of it as the search takes, character by character.
                var joined = text
                for c in pasted where SearchText.fits(joined + String(c)) { joined.append(c) }
                screens[screens.count - 1] = .searchPrompt(joined)
            default: break
            }
            return []
        case .details:
            return LiveKeyMap.action(for: key, on: .details).map { perform($0) } ?? []
        case .gone:
            return LiveKeyMap.action(for: key, on: .gone).map { perform($0) } ?? []
        case .board, .searchResults:
            return LiveKeyMap.action(for: key, on: .list).map { perform($0) } ?? []
        }
    }

    /// What a key's action does (`LiveKeyMap` says which key means which action where).
    mutating func perform(_ action: LiveAction) -> [LiveEffect] {
        switch action {
        case .quit: return [.quit(0)]
        case .back:
            // Back from a flight's details or search results; the board is always underneath.
            if screens.count > 1 { land(from: screens.removeLast()) } else if date != nil { return backToToday() }
        case .root:
            // The board's cursor is where the board was left, or on the flight just closed when
            // it was opened from the board.
            let closed = screens.count == 2 ? top : .board
            screens = [.board]
            land(from: closed)
        case .nextTab: return switchTab(to: tab.next)
        case .previousTab: return switchTab(to: tab.previous)
        case .selectTab(let chosen): return switchTab(to: chosen)
        case .moveUp: move(by: -1)
        case .moveDown: move(by: 1)
        case .pageUp: move(by: -pageRows)
        case .pageDown: move(by: pageRows)
        case .first: move(by: -listedFlights.count)
        case .last: move(by: listedFlights.count)
        case .open:
            if let flight = selectedFlight {
                return [send(.flight(FlightKey(flight), pinned: pins), for: .open(asked: GoneFlight(flight)))]
            }
        case .soonest:
            return [send(.soonest(tab: tab, pinned: pins), for: .soonest(steps: 0))]
        case .nextFlight, .previousFlight:
            if case .details(let open) = top { return [step(from: open.key, forward: action == .nextFlight)] }
        case .togglePast:
            hidePast.toggle()
            return [subscription]
        case .search:
            // From a flight, back to its list first; a new search replaces the results on screen (a
            // search sits right above the board, as routes say). A prompt left without searching
            // gives those screens back.
            let before = screens
            if case .details = top { land(from: screens.removeLast()) }
            if case .gone = top { land(from: screens.removeLast()) }
            if case .searchResults = top { screens.removeLast() }
            promptLeft = Array(before[screens.count...])
            screens.append(.searchPrompt(""))
        case .pin:
            if case .details(let open) = top { return togglePin(open.flight) }
            if let flight = selectedFlight { return togglePin(flight) }
        case .movePin, .hide, .undoHide, .actions, .waitForNextStep, .showLog, .copyToTmux:
            return performOnFlight(action)
        case .yankRoute: return yankRoute()
        }
        return []
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

    private mutating func step(from key: FlightKey, forward: Bool) -> LiveEffect {
        send(.step(from: key, forward: forward, tab: tab, pinned: pins), for: .step(from: key))
    }

    // MARK: The daemon

    var subscription: LiveEffect {
        .subscribe(
            .watch(
                tab: Self.watchedTab(tab, filter: filter, hidden: hidden), hidePast: hidePast, pinned: pins, date: date))
    }

    mutating func send(_ request: LiveRequest, for purpose: Purpose) -> LiveEffect {
        let id = LiveRequestID(nextRequest)
        nextRequest += 1
        pending[id] = purpose
        return .send(id, request)
    }

    private mutating func receive(_ pushed: BoardDocument, at time: ContinuousClock.Instant) -> [LiveEffect] {
        // Arranged (the watchlist's order, hidden flights out) and filtered on arrival, so that the cursor,
        // the keys, the rows and the counts see the same board.
        pushedBoard = pushed
        let newBoard = arranged(pushed)
        noteSteps(on: newBoard)
        board = newBoard
        boardReceivedAt = time
        link = .live
        // A wall screen (`--rotate`) starts its first page at the top too, as every later one does:
        // the first cycle's "page 1" showed the rows around the first flight still to come.
        if rotationTurnedTab || (!cursorPlaced && rotation != nil) {
            rotationTurnedTab = false
            cursorPlaced = true
            boardCursor = ListCursor(flight: newBoard.flights.first.map { FlightKey($0) }, row: 0, scroll: 0)
        }
        if !cursorPlaced {
            // The first board (of the view, or of a tab just chosen): the cursor on the last viewed
            // flight when the board has it, else on the first flight not yet past.
            cursorPlaced = true
            if let start = Self.startingFlight(on: newBoard, lastViewed: lastViewed) {
                boardCursor.flight = FlightKey(start)
                boardCursor.row = newBoard.flights.firstIndex(of: start) ?? 0
            }
        }
        if !restoring.isEmpty {
            // Reopen where the last `board watch` was left, in order: the daemon answers in order.
            let screens = restoring
            restoring = []
            reopening = screens
            return screens.map { screen in
                switch screen {
                case .searchResults(let text):
                    send(.search(text: text, tab: tab, pinned: pins), for: .search(text))
                case .flight(let id, let date, let flightName):
                    send(
                        .flight(FlightKey(id: id, date: date), pinned: pins),
                        for: .open(asked: GoneFlight(key: FlightKey(id: id, date: date), flightName: flightName)))
                }
            }
        }
        // A flight shown as gone that the board lists again (the clock set back): its details again,
        // once at a time; the gone screen stayed up while the header said its day had come back.
        if case .gone(let gone) = top,
            pushed.flights.contains(where: { FlightKey($0) == gone.key && $0.flightName == gone.flightName }),
            !pending.values.contains(.open(asked: gone))
        {
            return [send(.flight(gone.key, pinned: pins), for: .open(asked: gone))]
        }
        // The open flight may have changed with the board: fetch it again (once at a time).
        if case .details(let open) = top, !pending.values.contains(.refresh(open.key)) {
            return [send(.flight(open.key, pinned: pins), for: .refresh(open.key))]
        }
        return []
    }

    /// The tab the view subscribes to: its own, or with a filter on, `all`, so that every tab's
    /// count can be the filtered count (the one-shot board fetches the `all` tab for the same reason).
    /// The tab the view asks the daemon for: with a filter on or flights hidden, `all`, so that every tab's
    /// count can be counted again from it (a direction tab's board lacks the other direction's flights).
    static func watchedTab(_ tab: Tab, filter: FlightFilter, hidden: [FlightKey] = []) -> Tab {
        filter.isEmpty && hidden.isEmpty ? tab : .all
    }

    /// The board shown on `tab` from the board the daemon pushed: with a filter on, only the flights it
    /// keeps, and every tab's count and badge counted again from the `all` board pushed. A direction tab's
    /// rows are the `all` board's flights in that direction, in the same order (the daemon orders every
    /// tab alike: pins first, then current time, then id).
    static func shown(_ pushed: BoardDocument, on tab: Tab, by filter: FlightFilter) -> BoardDocument {
        guard !filter.isEmpty || (pushed.tab == .all && tab != .all) else { return pushed }
        guard pushed.tab != .all else {
            guard tab != .all else { return filter.apply(to: pushed) }
            let rows = pushed.flights.filter { tab.includesDirection($0.direction) }
            return filter.apply(to: pushed.replacing(tab: tab, flights: rows), all: pushed)
        }
        // A direction tab pushed (not what the view asks for with a filter on): the other direction's
        // flights are not at hand, so its badge says `–` rather than a wrong count.
        let kept = filter.apply(to: pushed)
        let tabs = kept.tabs.map { entry in
            entry.id == pushed.tab || entry.id == .all
                ? entry : BoardDocument.TabEntry(id: entry.id, title: entry.title, count: entry.count, badge: "–")
        }
        return kept.replacing(tabs: tabs)
    }

    /// The daemon's refusal: a flight that is no longer on the board gets its "gone" screen;
    /// anything else is a line in the footer.
    private mutating func refused(_ id: LiveRequestID, _ refusal: WireError) -> [LiveEffect] {
        guard let purpose = pending.removeValue(forKey: id) else { return [] }
        let gone = refusal.code == .notFound || refusal.code == .outsideWindow
        switch purpose {
        case .refresh(let key):
            guard case .details(let open) = top, open.key == key else { return [] }
            if gone { showGone(GoneFlight(open.flight)) } else { message = refusal.message }
        case .open(let asked?) where gone:
            showGone(asked)
        case .step(let key) where gone:
            // "Not found" is either the end of the tab or the open flight gone: asking for the open
            // flight again tells which (gone, it gets its "gone" screen).
            message = refusal.message
            if case .details(let open) = top, open.key == key, !pending.values.contains(.refresh(key)) {
                return [send(.flight(key, pinned: pins), for: .refresh(key))]
            }
        case .soonest(let steps) where gone && steps > 0:
            message = "No flight still to come in the window but those you hid; 'board hidden' lists them."
        case .open, .step, .soonest, .search:
            message = refusal.message
        }
        return []
    }

    /// Shows the "gone" screen in place of the flight's details (or on top of the list it was opened from).
    private mutating func showGone(_ gone: GoneFlight) {
        if case .details = top { screens.removeLast() }
        if case .gone = top { screens.removeLast() }
        if case .searchPrompt = top { screens.removeLast() }
        screens.append(.gone(gone))
        nextDetailsRefresh = nil
        message = nil
    }

    private mutating func answer(_ id: LiveRequestID, _ result: JSON) -> [LiveEffect] {
        guard let purpose = pending.removeValue(forKey: id) else { return [] }
        switch purpose {
        case .refresh(let key):
            guard case .details(let open) = top, open.key == key, let details = try? FlightDetailsDocument(json: result) else {
                return []
            }
            // Another flight with the same id (a daemon that went by the id alone), or of the same
            // identity with another name (a config reloaded with another schedule), is not this one.
            guard FlightKey(details.flight) == key, details.flight.flightName == open.flight.flightName else {
                showGone(GoneFlight(open.flight))
                return []
            }
            screens[screens.count - 1] = .details(OpenFlight(details: details))
            return []
        case .open, .step, .soonest:
            let asked: GoneFlight? = if case .open(let asked) = purpose { asked } else { nil }
            let details: FlightDetailsDocument
            do { details = try FlightDetailsDocument(json: result) } catch {
                message = error.message
                return []
            }
            let flight = details.flight
            // The soonest is never a flight you hid: the one after it, still to come, is asked for.
            if case .soonest(let steps) = purpose, Watchlist.stepsPast(details, steps: steps, hidden: hidden) {
                return [
                    send(.step(from: FlightKey(flight), forward: true, tab: tab, pinned: pins), for: .soonest(steps: steps + 1))
                ]
            }
            if let asked, asked.key != FlightKey(flight) || asked.flightName != flight.flightName {
                showGone(asked)
                return []
            }
            if case .details = top { screens.removeLast() }
            if case .gone = top { screens.removeLast() }
            if case .searchPrompt = top { screens.removeLast() }
            nextDetailsRefresh = nil
            // Back on the list, the cursor is on this flight when the list has it.
            if listedFlights.contains(where: { FlightKey($0) == FlightKey(flight) }) { cursor.flight = FlightKey(flight) }
            screens.append(.details(OpenFlight(details: details)))
            lastViewed = FlightKey(flight)
            return [.saveLastViewed(flight)]
        case .search(let text):
            let found: SearchResultsDocument
            do { found = try SearchResultsDocument(json: result) } catch {
                message = error.message
                return []
            }
            if case .searchPrompt = top { screens.removeLast() }
            if case .searchResults = top { screens.removeLast() }
            screens.append(.searchResults(SearchResults(text: text, days: found.days)))
            return []
        }
    }

    // MARK: Time

    private mutating func tick(_ now: ContinuousClock.Instant) -> [LiveEffect] {
        refreshOpenFlight(at: now) + rotatePage(at: now)
    }

    /// The open flight's details follow the daemon's clock: it is fetched again every few of the
    /// daemon's seconds (more often in the air, where progress moves), at most once a second of
    /// real time and one request at a time; never on a frozen clock, where only a new board changes it.
    private mutating func refreshOpenFlight(at now: ContinuousClock.Instant) -> [LiveEffect] {
        guard case .details(let open) = top, link == .live, let interval = detailsRefreshInterval(open) else {
            nextDetailsRefresh = nil
            return []
        }
        guard let due = nextDetailsRefresh else {
            nextDetailsRefresh = now + interval
            return []
        }
        guard now >= due else { return [] }
        nextDetailsRefresh = now + interval
        // One at a time: while an answer is awaited (a slow or stopped daemon), this round is skipped.
        guard !pending.values.contains(.refresh(open.key)) else { return [] }
        return [send(.flight(open.key, pinned: pins), for: .refresh(open.key))]
    }

    /// Real time between fetches of the open flight: 5 of the daemon's seconds in the air, else 30,
    /// scaled by the clock's speed, and never under a second; nil on a frozen clock.
    func detailsRefreshInterval(_ open: OpenFlight) -> Duration? {
        let speed = board.map { $0.simulated ? $0.speed : 1 } ?? 1
        guard speed > 0 else { return nil }
        let inTheAir = open.details.progress.map { $0 > 0 && $0 < 1 } ?? false
        return max(.seconds(1), .seconds((inTheAir ? 5.0 : 30.0) / speed))
    }

    /// The rows PageUp and PageDown move by: the board's (`boardRows`) on the board, the list's on search results.
    private var pageRows: Int {
        if case .board = top { return Self.boardRows(size.rows, board: board) }
        return Self.listRows(size.rows)
    }

    /// The `--rotate` interval, unless `--reduced-motion` stops rotation.
    var rotation: Duration? { reducedMotion ? nil : rotate }

    /// The board's pages at this screen's height, and the one shown (from 1): the page the first row
    /// shown is on, the last page once the last flight is shown.
    var boardPage: (number: Int, count: Int) {
        let page = Self.boardRows(size.rows, board: board)
        let count = board?.flights.count ?? 0
        let pages = max(1, (count + page - 1) / page)
        let first = boardCursor.scroll
        return (first + page >= count ? pages : min(pages, first / page + 1), pages)
    }

    /// `--rotate`, as airport screens do: every period the board shows its next page; after the last
    /// page (or when it fits on one) the next tab, from its top, cycling. Only on the board: over a
    /// flight's details or search results it waits. A key holds the page for a whole period; the
    /// tabs it turns to are not saved as the tab to reopen.
    private mutating func rotatePage(at now: ContinuousClock.Instant) -> [LiveEffect] {
        guard let rotate = rotation else { return [] }
        guard let due = nextRotate, !rotationHeld else {
            rotationHeld = false
            nextRotate = now + rotate
            return []
        }
        guard now >= due else { return [] }
        nextRotate = now + rotate
        guard case .board = top, let board else { return [] }
        let page = Self.boardRows(size.rows, board: board)
        let flights = board.flights
        guard boardCursor.scroll + page >= flights.count else {
            let first = boardCursor.scroll + page
            boardCursor = ListCursor(flight: FlightKey(flights[first]), row: first, scroll: first)
            return []
        }
        tab = tab.next
        boardCursor = ListCursor()
        // The next tab's board starts at its top, not on the first flight still to come.
        rotationTurnedTab = true
        return [subscription]
    }

    /// How long the loop may wait before the screen needs drawing again (the header clock, `--rotate`,
    /// the open flight's next fetch).
    public func wakeInterval(now: ContinuousClock.Instant) -> Duration {
        var wait = Duration.seconds(1)
        if let board, board.simulated, board.speed >= 60 { wait = .milliseconds(250) }
        if let nextRotate, rotation != nil { wait = min(wait, max(.milliseconds(10), nextRotate - now)) }
        if let nextDetailsRefresh { wait = min(wait, max(.milliseconds(10), nextDetailsRefresh - now)) }
        return wait
    }
}
