import BoardProtocol
import FlightData

/// The live view on a split pane (`LiveLayout`): which side takes the keys, and the details that follow
/// the list's cursor, as a split view's detail follows its list's selection.
///
/// The stack stays the one model: the details side shows the screen on top. Enter, n, p and `s` push a
/// flight as in the stack; a flight shown because the cursor moved replaces the one on top instead, so
/// that moving down a list of thirty flights does not stack thirty screens for Esc to go back through.
extension LiveModel {
    /// Esc (or Backspace) on the flight beside the list: the keys go back to the list and the flight
    /// stays shown. Whether it did; elsewhere Esc goes back one screen, as in the stack.
    mutating func focusListBesideFlight() -> Bool {
        guard isSplit, top.isFlight, focus == .details else { return false }
        focus = .list
        viewedOnArrival = nil
        return true
    }

    /// Enter on the list of a split pane: the keys go to the details side. With a flight open there, the
    /// flight under the cursor is shown (it becomes the last viewed; fetched first when it is another);
    /// nil when nothing is open, for Enter to open it as in the stack.
    mutating func openBesideList() -> [LiveEffect]? {
        guard isSplit else { return nil }
        focus = .details
        guard top.isFlight else { return nil }
        if case .details(let open) = top, let flight = selectedFlight, open.key == FlightKey(flight) {
            lastViewed = open.key
            return [.saveLastViewed(open.flight)]
        }
        // Another flight is shown, or one is on its way (a slow daemon, keys typed ahead): the one under
        // the cursor becomes the last viewed when it is shown.
        return follow(viewing: true)
    }

    /// Whether `action` moves the list's cursor (after which the details follow it).
    static func movesCursor(_ action: LiveAction) -> Bool {
        switch action {
        case .moveUp, .moveDown, .pageUp, .pageDown, .first, .last: true
        default: false
        }
    }

    /// The flight under the list's cursor shown beside it in place of the open one, once the cursor
    /// moved on a split pane with a flight open. One fetch at a time, never in the keys' way: while one
    /// is on its way, only the latest flight wanted is kept, and asked for when the answer comes.
    /// `viewing` (Enter): the flight becomes the last viewed once shown; the cursor moving on, or
    /// anything else, forgets that (`viewedOnArrival`).
    mutating func follow(viewing: Bool = false) -> [LiveEffect] {
        viewedOnArrival = viewing ? selectedFlight.map(FlightKey.init) : nil
        guard isSplit, top.isFlight, let flight = selectedFlight else { return [] }
        if pending.values.contains(where: { if case .follow = $0 { true } else { false } }) {
            wantedFlight = flight
            return []
        }
        wantedFlight = nil
        guard shownFlight != FlightKey(flight) else { return [] }
        return [send(.flight(FlightKey(flight), pinned: pins), for: .follow(asked: GoneFlight(flight)))]
    }

    /// The flight on top: its details or its "gone" screen.
    var shownFlight: FlightKey? {
        switch top {
        case .details(let open): open.key
        case .gone(let gone): gone.key
        case .board, .searchPrompt, .searchResults: nil
        }
    }

    /// The answer to a `follow`: the flight replaces the one on top (its "gone" screen when the daemon
    /// no longer has it); when the cursor moved on meanwhile, the flight it is on now is asked for instead.
    mutating func answerFollow(_ asked: GoneFlight, _ result: Result<JSON, WireError>) -> [LiveEffect] {
        let wanted = wantedFlight
        wantedFlight = nil
        // Esc or b closed the flight meanwhile: nothing to replace.
        guard top.isFlight else {
            viewedOnArrival = nil
            return []
        }
        if let wanted, FlightKey(wanted) != asked.key {
            guard shownFlight != FlightKey(wanted) else { return [] }
            return [send(.flight(FlightKey(wanted), pinned: pins), for: .follow(asked: GoneFlight(wanted)))]
        }
        let viewed = viewedOnArrival == asked.key
        viewedOnArrival = nil
        switch result {
        case .success(let json):
            let details: FlightDetailsDocument
            do { details = try FlightDetailsDocument(json: json) } catch {
                message = error.message
                return []
            }
            guard FlightKey(details.flight) == asked.key, details.flight.flightName == asked.flightName else {
                showGone(asked)
                return []
            }
            screens[screens.count - 1] = .details(OpenFlight(details: details))
            nextDetailsRefresh = nil
            if viewed {
                lastViewed = asked.key
                return [.saveLastViewed(details.flight)]
            }
        case .failure(let refusal):
            if refusal.code == .notFound || refusal.code == .outsideWindow { showGone(asked) } else { message = refusal.message }
        }
        return []
    }
}
