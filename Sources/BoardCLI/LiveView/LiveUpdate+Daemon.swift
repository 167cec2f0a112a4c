import BoardProtocol
import BoardSystem
import FlightData

/// The live view and the daemon: the subscription, requests and their replies, pushed boards.
extension LiveModel {
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

    mutating func receive(_ pushed: BoardDocument, at time: ContinuousClock.Instant) -> [LiveEffect] {
        pushedBoard = pushed
        let steps = noteSteps(on: pushed) + endPins(on: pushed) + followToday(pushed)
        return steps + show(pushed, at: time)
    }

    /// The day this pane asked for has left the window (the clock moved past it, or was set back
    /// before it), and the daemon pushed today's board instead: the view follows today, says so, and
    /// watches today's board, so that its header, `[`/`]` and its route name the board on screen.
    /// Only once the asked day's board was on screen: a board pushed for the watch before `]` replaced
    /// it is today's too, and is not the day leaving.
    private mutating func followToday(_ pushed: BoardDocument) -> [LiveEffect] {
        guard let asked = date, board?.date == asked, pushed.date != asked, pushed.date == String(pushed.now.prefix(10))
        else { return [] }
        date = nil
        cursorPlaced = false
        // What was open over today's board was of a day the clock has moved from: it does not come back.
        todayLeft = []
        todaySaved = []
        let day = LocalDate(asked)?.shortName ?? asked
        if !messageStays { message = "\(day) is outside the board's window now; today's board." }
        return [subscription]
    }

    /// Pins whose day left the window (the clock passed midnight): said once in the footer, unpinned
    /// (so `board pins` does not say them again) and no longer sent with the watch.
    private mutating func endPins(on pushed: BoardDocument) -> [LiveEffect] {
        let ended = Watchlist.endedPins(pins, on: pushed)
        guard !ended.isEmpty else { return [] }
        pins.removeAll { pin in ended.contains { $0.key == pin } }
        if ended.count == 1 {
            message = ended[0].sentence
        } else {
            let names = ended.map {
                "\($0.key.name ?? "flight \($0.key.id)") of \(LocalDate($0.key.date)?.shortName ?? $0.key.date)"
            }
            message = "\(ended.count) pins left the window with their day; unpinned: \(names.joined(separator: ", "))."
        }
        messageStays = true
        return ended.map { .unpin($0.key) } + [subscription]
    }

    /// Shows a pushed board: arranged, the cursor placed, the screens to reopen asked for, the open flight refreshed.
    private mutating func show(_ pushed: BoardDocument, at time: ContinuousClock.Instant) -> [LiveEffect] {
        // Arranged (the watchlist's order, hidden flights out) and filtered on arrival, so that the cursor,
        // the keys, the rows and the counts see the same board.
        let newBoard = arranged(pushed)
        // Past midnight today's board is the new day's: its cursor starts as a fresh view's does (on
        // the first flight still to come), not where the day before's was scrolled to.
        if date == nil, rotation == nil, let shownDay = board?.date, shownDay != newBoard.date {
            boardCursor = ListCursor()
            cursorPlaced = false
        }
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
        // Search results on screen follow the clock too: their statuses, what is past, the days of the window.
        return refreshSearchResults()
    }

    /// The screen uncovered on top asked for again (Esc, the view back on today's board): the open
    /// flight, else search results, which the clock may have changed meanwhile.
    mutating func refreshTop() -> [LiveEffect] {
        if case .details(let open) = top, !pending.values.contains(.refresh(open.key)) {
            nextDetailsRefresh = nil
            return [send(.flight(open.key, pinned: pins), for: .refresh(open.key))]
        }
        return refreshSearchResults()
    }

    /// Asks again for the search results on top (once at a time): a new board means the clock moved,
    /// and results answered before it show statuses and days it has left behind. They come back with
    /// the cursor on its flight (`receive(search:)`).
    mutating func refreshSearchResults() -> [LiveEffect] {
        guard case .searchResults(let results) = top, !pending.values.contains(.refreshSearch(results.text)) else {
            return []
        }
        return [send(.search(text: results.text, tab: tab, pinned: pins), for: .refreshSearch(results.text))]
    }

    /// Search results asked for again: in place of those of the same search in the stack, the cursor
    /// on its flight; dropped when none is left (the view went back to the board meanwhile).
    private mutating func receive(refreshed text: String, _ result: JSON) {
        func isThisSearch(_ screen: Screen) -> Bool {
            if case .searchResults(let shown) = screen { shown.text == text } else { false }
        }
        guard let found = try? SearchResultsDocument(json: result), let index = screens.lastIndex(where: isThisSearch),
            case .searchResults(let shown) = screens[index]
        else { return }
        var results = SearchResults(text: text, days: found.days, more: found.remaining, hidePast: hidePast)
        results.cursor = shown.cursor
        screens[index] = .searchResults(results)
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
    mutating func refused(_ id: LiveRequestID, _ refusal: WireError) -> [LiveEffect] {
        guard let purpose = pending.removeValue(forKey: id) else { return [] }
        let gone = refusal.code == .notFound || refusal.code == .outsideWindow
        // A flight of a day after the window (the clock set back) is not gone: it is not there yet.
        func marked(_ flight: GoneFlight) -> GoneFlight {
            var flight = flight
            flight.notYet = refusal.code == .outsideWindow && board.map { flight.key.date > String($0.now.prefix(10)) } == true
            return flight
        }
        switch purpose {
        case .waited(let key): answerWaited(key, .failure(refusal))
        case .follow(let asked): return answerFollow(asked, .failure(refusal))
        case .refresh(let key):
            guard case .details(let open) = top, open.key == key else { return [] }
            if gone { showGone(marked(GoneFlight(open.flight))) } else { message = refusal.message }
        case .open(let asked?) where gone:
            showGone(marked(asked), onTop: true)
        case .step(_, let forward, let steps) where gone && steps > 0:
            message = "No \(forward ? "later" : "earlier") flight in the window is one this board shows."
        case .step(let key, _, _) where gone:
            // "Not found" is either the end of the tab or the open flight gone: asking for the open
            // flight again tells which (gone, it gets its "gone" screen).
            message = refusal.message
            if case .details(let open) = top, open.key == key, !pending.values.contains(.refresh(key)) {
                return [send(.flight(key, pinned: pins), for: .refresh(key))]
            }
        case .soonest(let steps) where gone && steps > 0:
            message =
                filter.isEmpty
                ? "No flight still to come in the window but those you hid; 'board hidden' lists them."
                : "No flight still to come in the window matches the filter" + (hidden.isEmpty ? "." : " and is not hidden.")
        case .open, .step, .soonest, .search:
            message = refusal.message
        case .refreshSearch:
            break  // the results shown stay; the next board asks again
        }
        return []
    }

    /// Shows the "gone" screen: in place of the open flight's details when that flight left the board,
    /// or `onTop` of what is open when a flight asked for is gone (the stack keeps what it was opened from).
    mutating func showGone(_ gone: GoneFlight, onTop: Bool = false) {
        if isPromptOpen { screens.removeLast() }
        if !onTop, case .details = top { screens.removeLast() }
        // A gone screen is a dead end, never stacked over another: a view reopened days later over
        // flights that have all left the board shows the last of them once, not one screen each.
        if case .gone = top { screens.removeLast() }
        push(.gone(gone))
        // A message that stays until a key (pins that left the window with their day, said in the same
        // update at midnight) is not cleared by the screen: it would be the pins' only word.
        if !messageStays { message = nil }
    }

    /// Opens `screen` on top of what is open, as a navigation stack does; past `stackLimit` screens
    /// above the board, the lowest flight above the list gives way (a search stays right above the board).
    mutating func push(_ screen: Screen) {
        screens.append(screen)
        nextDetailsRefresh = nil
        while screens.count - 1 > Self.stackLimit,
            let lowest = screens.indices.dropFirst().first(where: { screens[$0].isFlight })
        {
            screens.remove(at: lowest)
        }
    }

    mutating func answer(_ id: LiveRequestID, _ result: JSON) -> [LiveEffect] {
        guard let purpose = pending.removeValue(forKey: id) else { return [] }
        switch purpose {
        case .waited(let key):
            answerWaited(key, .success(result))
            return []
        case .follow(let asked): return answerFollow(asked, .success(result))
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
            // Refreshed where it was scrolled to.
            screens[screens.count - 1] = .details(OpenFlight(details: details, scroll: open.scroll))
            return []
        case .open, .step, .soonest:
            let asked: GoneFlight? = if case .open(let asked) = purpose { asked } else { nil }
            let details: FlightDetailsDocument
            do { details = try FlightDetailsDocument(json: result) } catch {
                message = error.message
                return []
            }
            let flight = details.flight
            if let past = stepPast(details, for: purpose) { return past }
            if let asked, asked.key != FlightKey(flight) || asked.flightName != flight.flightName {
                showGone(asked, onTop: true)
                return []
            }
            if isPromptOpen { screens.removeLast() }
            // A gone flight is a dead end: the flight `s` or Enter opens from it takes its place, as
            // does the flight itself come back (the clock set back), never stacked over its gone screen.
            if case .gone(let gone) = top, asked == nil || gone.key == FlightKey(flight) { screens.removeLast() }
            // Back on the list, the cursor is on this flight when the list has it.
            if listedFlights.contains(where: { FlightKey($0) == FlightKey(flight) }) { cursor.flight = FlightKey(flight) }
            push(.details(OpenFlight(details: details)))
            // A flight opened takes the keys (on a split pane, the details side).
            focus = .details
            // A flight opened again as a tab's saved path comes back is not made the last viewed, unless
            // that path holds the last viewed flight (a deep link's, the pane's own stack): then, as
            // each is opened, the one on top ends as the last viewed.
            func saved(_ screen: SavedLiveView.Screen, names key: FlightKey?) -> Bool {
                if case .flight(let id, let date, _) = screen { FlightKey(id: id, date: date) == key } else { false }
            }
            if reopening.contains(where: { saved($0, names: FlightKey(flight)) }),
                !reopening.contains(where: { saved($0, names: lastViewed) })
            {
                return []
            }
            lastViewed = FlightKey(flight)
            return [.saveLastViewed(flight)]
        case .search(let text):
            let found: SearchResultsDocument
            do { found = try SearchResultsDocument(json: result) } catch {
                message = error.message
                return []
            }
            if isPromptOpen { screens.removeLast() }
            if case .searchResults = top { screens.removeLast() }
            screens.append(.searchResults(SearchResults(text: text, days: found.days, more: found.remaining, hidePast: hidePast)))
            return []
        case .refreshSearch(let text):
            receive(refreshed: text, result)
            return []
        }
    }

    /// The footer's word on a daemon stopped on purpose, and how to start one.
    static func stoppedSentence(autostart: Bool) -> String {
        "Daemon stopped; " + (autostart ? "'board clock' starts it again" : "start it with boardd")
            + " and this view reconnects."
    }
}

extension LiveModel {
    /// The footer's word on a key refused while the daemon is away (`asksForABoard`).
    static let awaySentence = "The daemon is away; tabs, days and h work again when it is back."

    /// Whether `action` needs a new board from the daemon: another tab, another day, hide-past.
    static func asksForABoard(_ action: LiveAction) -> Bool {
        switch action {
        case .nextTab, .previousTab, .selectTab, .previousDay, .nextDay, .togglePast: true
        default: false
        }
    }
}
