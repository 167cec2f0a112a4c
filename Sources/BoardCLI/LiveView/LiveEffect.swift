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

/// A request of the live view, with typed parameters.
public enum LiveRequest: Hashable, Sendable {
    /// The board of `tab`; of `date` when given (`YYYY-MM-DD`), else the daemon's today.
    case watch(tab: Tab, hidePast: Bool, pinned: [LiveModel.FlightKey], date: String? = nil)
    case flight(LiveModel.FlightKey, pinned: [LiveModel.FlightKey])
    /// The flight after (or before) `from` in `tab`, in the domain's order.
    case step(from: LiveModel.FlightKey, forward: Bool, tab: Tab, pinned: [LiveModel.FlightKey])
    case search(text: String, tab: Tab, pinned: [LiveModel.FlightKey])
    /// The next flight of `tab` not yet past.
    case soonest(tab: Tab, pinned: [LiveModel.FlightKey])

    public var method: WireMethod {
        switch self {
        case .watch: .boardWatch
        case .flight: .flightGet
        case .step(_, let forward, _, _): forward ? .flightNext : .flightPrev
        case .search: .search
        case .soonest: .flightSoonest
        }
    }

    /// The parameters as the contract names them.
    public var params: JSON {
        switch self {
        case .watch(let tab, let hidePast, let pinned, let date):
            {
                let params: JSON = ["tab": .string(tab.rawValue), "hidePast": .bool(hidePast), "pinned": Self.pins(pinned)]
                return date.map { params.adding("date", .string($0)) } ?? params
            }()
        case .flight(let key, let pinned):
            ["id": .int(key.id), "date": .string(key.date), "pinned": Self.pins(pinned)]
        case .step(let key, _, let tab, let pinned):
            ["id": .int(key.id), "date": .string(key.date), "tab": .string(tab.rawValue), "pinned": Self.pins(pinned)]
        case .search(let text, let tab, let pinned):
            ["text": .string(text), "tab": .string(tab.rawValue), "pinned": Self.pins(pinned)]
        case .soonest(let tab, let pinned):
            ["tab": .string(tab.rawValue), "pinned": Self.pins(pinned)]
        }
    }

    /// Identities, id and date: an id alone would pin another day's flight once the window slides;
    /// with the names they were pinned by, where known (see `LiveModel.FlightKey`).
    private static func pins(_ pinned: [LiveModel.FlightKey]) -> JSON {
        var names: [FlightKey: String] = [:]
        let keys = pinned.compactMap { key in
            LocalDate(key.date).map { date in
                let identity = FlightKey(id: key.id, date: date)
                if let name = key.name, names[identity] == nil { names[identity] = name }
                return identity
            }
        }
        return PinnedParam.json(keys, names: names)
    }
}
