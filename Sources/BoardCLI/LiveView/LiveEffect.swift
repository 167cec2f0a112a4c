import BoardProtocol
import FlightData

/// What `LiveModel.update(_:)` asks the loop to do; the model itself does no I/O.
public enum LiveEffect: Hashable, Sendable {
    /// Subscribe to the board (a `.watch` request); later pushes replace the board.
    case subscribe(LiveRequest)
    /// Send a request; its answer comes back as `.replied` or `.replyFailed` with the same id.
    case send(LiveRequestID, LiveRequest)
    /// Remember the selected tab in the state file.
    case saveTab(Tab)
    /// Remember the flight as the last viewed.
    case saveLastViewed(FlightDocument)
    /// Add a pin to the state file, or remove one.
    case pin(FlightDocument)
    case unpin(LiveModel.FlightKey)
    /// Save the watchlist in this order; hide a flight, or bring it back; copy text to tmux's paste buffer.
    case savePinOrder([LiveModel.FlightKey])
    case hide(FlightDocument)
    case unhide(LiveModel.FlightKey)
    case copyToTmux(String)
    /// Repaint the whole screen (after a resize).
    case repaint
    /// Restore the terminal and exit with this status.
    case quit(Int32)
}

/// A request of the live view, in the model's terms (flights by `LiveModel.FlightKey`).
///
/// `request` is the protocol's request it stands for (`BoardProtocol/Requests`); `method` and `params` are its.
public enum LiveRequest: Hashable, Sendable {
    /// The board of `tab`; of `date` when given (`YYYY-MM-DD`), else the daemon's today.
    case watch(tab: Tab, hidePast: Bool, pinned: [LiveModel.FlightKey], date: String? = nil)
    case flight(LiveModel.FlightKey, pinned: [LiveModel.FlightKey])
    /// The flight after (or before) `from` in `tab`, in the domain's order.
    case step(from: LiveModel.FlightKey, forward: Bool, tab: Tab, pinned: [LiveModel.FlightKey])
    case search(text: String, tab: Tab, pinned: [LiveModel.FlightKey])
    /// The next flight of `tab` not yet past.
    case soonest(tab: Tab, pinned: [LiveModel.FlightKey])

    /// The protocol's request; nil for a flight whose date is not one (only a daemon that wrote
    /// such a date could have made its key), which no request can name: see `undated`.
    public var request: (any BoardRequest)? {
        switch self {
        case .watch(let tab, let hidePast, let pinned, let date):
            return BoardWatchRequest(tab: tab, hidePast: hidePast, date: date.flatMap(DateSpec.init), pinned: PinnedParam(pinned))
        case .flight(let key, let pinned):
            return key.identity.map { FlightGetRequest($0, pinned: PinnedParam(pinned)) }
        case .step(let key, let forward, let tab, let pinned):
            guard let from = key.identity else { return nil }
            return forward
                ? FlightNextRequest(from: from, tab: tab, pinned: PinnedParam(pinned))
                : FlightPrevRequest(from: from, tab: tab, pinned: PinnedParam(pinned))
        case .search(let text, let tab, let pinned):
            return SearchRequest(text: text, tab: tab, pinned: PinnedParam(pinned))
        case .soonest(let tab, let pinned):
            return FlightSoonestRequest(tab: tab, pinned: PinnedParam(pinned))
        }
    }

    public var method: WireMethod {
        switch self {
        case .watch: .boardWatch
        case .flight: .flightGet
        case .step(_, let forward, _, _): forward ? .flightNext : .flightPrev
        case .search: .search
        case .soonest: .flightSoonest
        }
    }

    /// The parameters as the contract names them (none when there is no `request`).
    public var params: JSON { request?.params ?? [:] }

    /// The answer to a request for a flight whose date is not one: as far as the view can ask, it is gone.
    static let undated = WireError(.notFound, "That flight has no YYYY-MM-DD date to ask for it by.")
}

extension PinnedParam {
    /// The live view's pins: identities, id and date (an id alone would pin another day's flight
    /// once the window slides), with the names they were pinned by, where known (see `LiveModel.FlightKey`).
    init(_ pinned: [LiveModel.FlightKey]) {
        var names: [FlightKey: String] = [:]
        let keys = pinned.compactMap { key in
            key.identity.map { identity in
                if let name = key.name, names[identity] == nil { names[identity] = name }
                return identity
            }
        }
        self.init(keys, names: names)
    }
}
