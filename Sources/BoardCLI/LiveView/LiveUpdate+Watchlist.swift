import BoardProtocol
import BoardSystem
import FlightData

/// A hide that `u` can undo: the flight, and until when (set by the first tick after the hide).
struct HiddenUndo: Hashable, Sendable {
    let key: LiveModel.FlightKey
    let flightName: String
    var expires: ContinuousClock.Instant?

    /// How long the footer offers the undo.
    static let window = Duration.seconds(5)

    /// `Hidden Pacific 123 — u to undo`.
    var message: String { "Hidden \(flightName) — u to undo" }
}

/// A flight waited on (`w`): its status when asked; the first board that shows another says so in the footer.
struct WaitingFlight: Hashable, Sendable {
    let key: LiveModel.FlightKey
    let flightName: String
    var status: FlightStatus

    /// Whether `status` comes before the one waited from in the flight's day: the clock was set back
    /// (a cancellation or a diversion is a step forward from anything, and undone only by going back).
    func isStepBack(to status: FlightStatus) -> Bool {
        if status.lifecycleRank < 0 { return false }
        if self.status.lifecycleRank < 0 { return true }
        return status.lifecycleRank < self.status.lifecycleRank || (self.status == .delayed && status == .onTime)
    }
}

/// The action menu (`a`): the actions of one flight, each with its direct key.
struct ActionMenu: Hashable, Sendable {
    let flight: FlightDocument
    let items: [Item]

    struct Item: Hashable, Sendable {
        let key: Character
        let title: String
        /// The title in a word, for a pane too short for a line an item (`compactLines`).
        let word: String
        let action: LiveAction
    }

    /// The items for `flight`: pin or unpin, move (when pinned), hide, wait, log, and copy only inside tmux.
    init(flight: FlightDocument, pinned: Bool, insideTmux: Bool) {
        self.flight = flight
        var items = [
            Item(key: "P", title: pinned ? "unpin" : "pin to the watchlist", word: pinned ? "unpin" : "pin", action: .pin)
        ]
        if pinned {
            items.append(Item(key: "K", title: "move up in the watchlist", word: "up", action: .movePin(up: true)))
            items.append(Item(key: "J", title: "move down in the watchlist", word: "down", action: .movePin(up: false)))
        }
        items.append(Item(key: "x", title: "hide from your boards (u undoes)", word: "hide", action: .hide))
        items.append(Item(key: "w", title: "wait for its next step", word: "wait", action: .waitForNextStep))
        items.append(Item(key: "l", title: "show its log (details, announcements)", word: "log", action: .showLog))
        if insideTmux {
            items.append(Item(key: "y", title: "copy id and flight to tmux's buffer", word: "copy", action: .copyToTmux))
        }
        self.items = items
    }

    /// `Actions for Pacific 123 (1234)`, then one line an item, then how to close it.
    var lines: [String] { lines(width: .max) }

    /// `lines` for a menu of at most `width` columns: a title too wide is said without its note in
    /// brackets, else in its word, and the heading without the id, then without `Actions for`, so that
    /// a narrow pane shows each action whole (at 30 columns they ended in `…`).
    func lines(width: Int) -> [String] {
        let name = flight.flightName
        let heading = ["Actions for \(name) (\(flight.id))", "Actions for \(name)", "\(name) (\(flight.id))"]
        let shown = items.map { item in
            let titles = [item.title, String(item.title.prefix { $0 != "(" }).trimmingTrailingSpaces(), item.word]
            let lines = titles.map { "  \(item.key)  \($0)" }
            return lines.first { $0.columns <= width } ?? lines[2]
        }
        return [heading.first { $0.columns <= width } ?? name] + shown + ["  Esc  close"]
    }

    /// Every item as its key and word (`P pin  x hide`), as many to a line as fit `width`: the menu
    /// of a pane too short for `lines`, where the footer says how to close it and the flight is the
    /// one under the cursor.
    func compactLines(width: Int) -> [String] {
        var out: [String] = []
        for item in items.map({ "\($0.key) \($0.word)" }) {
            if let last = out.last, last.columns + 2 + item.columns <= width {
                out[out.count - 1] = last + "  " + item
            } else {
                out.append(item)
            }
        }
        return out
    }
}

extension LiveModel {
    /// The pushed board as this person sees it: the watchlist's order, hidden flights out, then the filter.
    mutating func arranged(_ pushed: BoardDocument) -> BoardDocument {
        let result = Self.arranged(pushed, pins: pins, hidden: hidden, on: tab, by: filter)
        hiddenCount = result.hiddenCount
        return result.board
    }

    /// `pushed` arranged (`Watchlist.arrange`) and shown on `tab` by `filter`, with the count of the
    /// hidden flights that tab and filter would have shown: the full-screen view's and the piped watch's.
    static func arranged(
        _ pushed: BoardDocument, pins: [Watchlist.Key], hidden: [Watchlist.Key], on tab: Tab, by filter: FlightFilter
    ) -> (board: BoardDocument, hiddenCount: Int) {
        let result = Watchlist.arrange(
            pushed, pins: pins, hidden: hidden,
            counting: { tab.includesDirection($0.direction) && filter.matches($0, now: pushed.now) })
        return (shown(result.board, on: tab, by: filter), result.hiddenCount)
    }

    /// Arranges the last pushed board again, after a hide, an undo, a move or another `board`'s change of
    /// the watchlist: the daemon sends nothing new.
    mutating func rearrange() {
        guard let pushedBoard else { return }
        board = arranged(pushedBoard)
    }

    /// Whether `flight` is off this person's boards (its details say so), as the boards decide.
    func hides(_ flight: FlightDocument) -> Bool { hidden.contains { $0.names(flight) } }

    /// The flight the actions are for: the open flight's, else the one under the cursor.
    var actionFlight: FlightDocument? {
        // On a split pane whose list has the keys, the flight under its cursor.
        if listFocusedBesideFlight { return selectedFlight }
        if case .details(let open) = top { return open.flight }
        if case .gone = top { return nil }
        return selectedFlight
    }

    /// Keys while the action menu is open: an item's key does it, Esc (or `a`) closes; nothing else passes.
    mutating func pressInMenu(_ key: Key) -> [LiveEffect] {
        guard let open = menu else { return [] }
        message = nil
        if key == .interrupt { return [.quit(130)] }
        if key == .escape || key == .character("a") || key == .character("q") {
            menu = nil
            return []
        }
        guard case .character(let c) = key, let item = open.items.first(where: { $0.key == c }) else { return [] }
        menu = nil
        // The menu's flight, even if the board moved under it meanwhile.
        return perform(item.action, on: open.flight)
    }

    /// The watchlist's actions, for the flight under the cursor (or the open one).
    mutating func performOnFlight(_ action: LiveAction) -> [LiveEffect] {
        if action == .undoHide { return undoHide() }
        guard let flight = actionFlight else { return [] }
        return perform(action, on: flight)
    }

    private mutating func perform(_ action: LiveAction, on flight: FlightDocument) -> [LiveEffect] {
        // A flight whose day left the window while its menu or screen stayed open (midnight): a pin or
        // a hide of it would be dropped at once by the save, after "Pinned" had been said.
        if action == .hide || (action == .pin && !pins.contains(FlightKey(flight))),
            let today = board.map({ String($0.now.prefix(10)) }), flight.date < today
        {
            let day = LocalDate(flight.date)?.shortName ?? flight.date
            message =
                "\(flight.flightName) of \(day) has left the window with its day; it cannot be \(action == .hide ? "hidden" : "pinned")."
            return []
        }
        switch action {
        case .pin: return togglePin(flight)
        case .movePin(let up): return movePin(flight, up: up)
        case .hide: return hide(flight)
        case .undoHide: return undoHide()
        case .actions:
            menu = ActionMenu(flight: flight, pinned: pins.contains(FlightKey(flight)), insideTmux: insideTmux)
            return []
        case .waitForNextStep:
            let name = flight.flightName
            let now = StatusAppearance(flight.status).title
            // Departed, landed, canceled or diverted: its day here has ended, and no step would come
            // (`board wait` says the same with status 5); waiting would say "Waiting for" for good.
            guard !flight.status.hasEnded else {
                message = "\(name) has no next step to wait for: \(now) is its last here."
                return []
            }
            waiting.removeAll { $0.key == FlightKey(flight) }
            waiting.append(WaitingFlight(key: FlightKey(flight), flightName: name, status: flight.status))
            message = "Waiting for \(name)'s next step (now \(now)); the footer says when it comes."
            return []
        case .showLog:
            // Its log is its details screen: the announcements, newest first, as they were made.
            if case .details(let open) = top, open.key == FlightKey(flight) {
                message =
                    open.details.announcements.isEmpty
                    ? "\(flight.flightName) has no announcements yet; they come to this screen as they are made."
                    : "\(flight.flightName)'s log is on this screen: its announcements, as they were made."
                return []
            }
            // Said as it opens: the same screen as Enter's, which holds the announcements, not each step.
            message =
                "\(flight.flightName)'s log: its announcements, under Announced; 'board log \(flight.id)' lists its steps too."
            return [send(.flight(FlightKey(flight), pinned: pins), for: .open(asked: GoneFlight(flight)))]
        case .copyToTmux:
            guard insideTmux else {
                message = "Copying needs tmux: y puts the id and flight in tmux's paste buffer."
                return []
            }
            let text = "\(flight.id) \(flight.flightName)".filter { !$0.isASCII || $0.isLetter || $0.isNumber || $0 == " " }
            message = "Copied \"\(text)\" to tmux's paste buffer."
            return [.copyToTmux(text)]
        default: return perform(action)
        }
    }

    /// Moves a pinned flight one place up or down among its day's pins (the ones its board shows).
    private mutating func movePin(_ flight: FlightDocument, up: Bool) -> [LiveEffect] {
        let key = FlightKey(flight)
        guard let from = pins.firstIndex(of: key) else {
            message = "\(flight.flightName) is not pinned; P pins it, then K and J move it."
            return []
        }
        let sameDay = pins.indices.filter { pins[$0].date == key.date }
        let neighbour = up ? sameDay.last { $0 < from } : sameDay.first { $0 > from }
        guard let neighbour else {
            message = "\(flight.flightName) is already \(up ? "first" : "last") of its day's pins."
            return []
        }
        pins.remove(at: from)
        // Before the pin above (whose index is unchanged), or after the pin below (now one place earlier).
        pins.insert(key, at: neighbour)
        let place = (pins.indices.filter { pins[$0].date == key.date }.firstIndex { pins[$0] == key } ?? 0) + 1
        message = "Moved \(flight.flightName) \(up ? "up" : "down"): \(place) of \(sameDay.count) pinned that day."
        rearrange()
        cursor.flight = key
        return [.savePinOrder(pins)]
    }

    private mutating func hide(_ flight: FlightDocument) -> [LiveEffect] {
        let key = FlightKey(flight)
        guard !hidden.contains(key) else { return [] }
        guard hidden.count < PinnedParam.limit else {
            message = "Cannot hide \(flight.flightName): \(PinnedParam.limit) hidden is the most; 'board unhide' brings one back."
            return []
        }
        // The cursor goes to the next flight down (or up at the end), as a mail client's does.
        let list = listedFlights
        if let row = list.firstIndex(where: { FlightKey($0) == key }) {
            let next = row + 1 < list.count ? row + 1 : row - 1
            cursor.flight = list.indices.contains(next) ? FlightKey(list[next]) : nil
            cursor.row = max(0, min(row, list.count - 2))
        }
        if case .details(let open) = top, open.key == key { screens.removeLast() }
        let watched = Self.watchedTab(tab, filter: filter, hidden: hidden)
        hidden.append(key)
        rearrange()
        let undo = HiddenUndo(key: key, flightName: flight.flightName)
        self.undo = undo
        message = undo.message
        // The first hidden flight on a direction tab: watch `all`, so the other tab's count stays exact.
        return [.hide(flight)] + (Self.watchedTab(tab, filter: filter, hidden: hidden) != watched ? [subscription] : [])
    }

    private mutating func undoHide() -> [LiveEffect] {
        guard let undo else {
            // The undo is offered for 5 s: past that, `u` said nothing and did nothing.
            message = "Nothing to undo: 'board hidden' lists the flights you hid, 'board unhide FLIGHT' brings one back."
            return []
        }
        self.undo = nil
        let watched = Self.watchedTab(tab, filter: filter, hidden: hidden)
        hidden.removeAll { $0 == undo.key }
        rearrange()
        if listedFlights.contains(where: { FlightKey($0) == undo.key }) { cursor.flight = undo.key }
        message = "\(undo.flightName) is back on the board."
        return [.unhide(undo.key)] + (Self.watchedTab(tab, filter: filter, hidden: hidden) != watched ? [subscription] : [])
    }

    /// The undo is offered for `HiddenUndo.window` from the first tick after the hide; then the footer clears.
    mutating func expireUndo(at now: ContinuousClock.Instant) -> [LiveEffect] {
        guard var undo else { return [] }
        guard let expires = undo.expires else {
            undo.expires = now + HiddenUndo.window
            self.undo = undo
            return []
        }
        if now >= expires {
            self.undo = nil
            if message == undo.message { message = nil }
        }
        return []
    }

    /// A footer message leaves after `messageLasts` (the undo's has its own, shorter, time).
    mutating func expireMessage(at now: ContinuousClock.Instant) -> [LiveEffect] {
        guard message != nil, message != undo?.message, !messageStays else { return [] }
        guard let expires = messageExpires else {
            messageExpires = now + Self.messageLasts
            return []
        }
        if now >= expires { message = nil }
        return []
    }

    /// A flight waited on whose status changed on this board: said in the footer, and no longer waited on.
    ///
    /// One the board pushed no longer lists (past and hidden, with hide-past on, in the same move that
    /// made its step) is asked for (`Purpose.waited`), so that its step is said all the same.
    mutating func noteSteps(on board: BoardDocument) -> [LiveEffect] {
        guard !waiting.isEmpty else { return [] }
        let source = pushedBoard?.flights ?? board.flights
        var effects: [LiveEffect] = []
        for wait in waiting {
            guard let flight = source.first(where: { FlightKey($0) == wait.key }) else {
                if !pending.values.contains(.waited(wait.key)) {
                    effects.append(send(.flight(wait.key, pinned: pins), for: .waited(wait.key)))
                }
                continue
            }
            noteStep(of: wait, now: flight)
        }
        return effects
    }

    /// Says `wait`'s step when `flight`, the flight waited on as it is now, has taken one.
    mutating func noteStep(of wait: WaitingFlight, now flight: FlightDocument) {
        guard flight.status != wait.status else { return }
        if wait.isStepBack(to: flight.status), let index = waiting.firstIndex(of: wait) {
            // Not a step: the wait goes on from where the flight is now.
            waiting[index].status = flight.status
            message =
                "\(wait.flightName) is \(StatusAppearance(flight.status).title) again (the clock went back); "
                + "still waiting for its next step."
            return
        }
        waiting.removeAll { $0 == wait }
        message = "\(wait.flightName): \(StatusAppearance(flight.status).title) (was \(StatusAppearance(wait.status).title))."
        // What `w` waited for is news for whoever looks back at the screen: it stays until a key.
        messageStays = true
    }

    /// The flight waited on, asked for because the board left it out: its step, or that it has gone.
    mutating func answerWaited(_ key: FlightKey, _ result: Result<JSON, WireError>) {
        guard let wait = waiting.first(where: { $0.key == key }) else { return }
        switch result {
        case .success(let json):
            guard let details = try? FlightDetailsDocument(json: json), wait.key.names(details.flight) else { return }
            noteStep(of: wait, now: details.flight)
        case .failure(let refusal) where refusal.code == .notFound || refusal.code == .outsideWindow:
            waiting.removeAll { $0 == wait }
            message = "\(wait.flightName) is no longer on the board; its next step will not be said."
            messageStays = true
        case .failure: break
        }
    }
}
