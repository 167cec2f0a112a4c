import BoardProtocol
import BoardSystem
import FlightData

/// What the live view shows and how keys change it: a state machine as a value.
///
/// `handle(_:)` takes a key and returns what the loop must do (subscribe
/// again, fetch a flight, search, pin, save the tab, quit); no I/O here.
struct LiveScreen {
    enum Mode: Equatable {
        case board
        case details(JSON)
        case searchPrompt(String)
        case searchResults(text: String, flights: [WireFlight])
    }

    enum Link: Equatable {
        case connecting
        case live
        /// Since when (monotonic seconds) the daemon has been gone.
        case reconnecting(since: Double)
    }

    enum Action: Equatable {
        case subscribe
        case openFlight(id: Int, date: String)
        /// Fetch the open flight again after an update, without making it the last viewed again.
        case refreshFlight(id: Int)
        case stepFlight(id: Int, date: String, forward: Bool)
        case search(String)
        case togglePin(WireFlight)
        case saveTab
        case quit(Int32)
    }

    var mode: Mode = .board
    var tab: Tab
    var hidePast: Bool
    var board: WireBoard?
    /// Monotonic seconds when the board arrived.
    var boardReceivedAt: Double?
    var link: Link = .connecting
    var selectedIndex = 0
    var selectedID: Int?
    var scroll = 0
    var message: String?

    init(tab: Tab, hidePast: Bool) {
        self.tab = tab
        self.hidePast = hidePast
    }

    /// The rows the list shows now: the board's flights, or search results.
    var listedFlights: [WireFlight] {
        switch mode {
        case .searchResults(_, let flights): flights
        default: board?.flights ?? []
        }
    }

    var selectedFlight: WireFlight? {
        let flights = listedFlights
        return flights.indices.contains(selectedIndex) ? flights[selectedIndex] : nil
    }

    mutating func receive(_ newBoard: WireBoard, at time: Double) {
        board = newBoard
        boardReceivedAt = time
        link = .live
        if case .board = mode { keepSelection() }
    }

    /// After an update, stays on the same flight when it is still listed.
    mutating func keepSelection() {
        let flights = listedFlights
        if let id = selectedID, let index = flights.firstIndex(where: { $0.id == id }) {
            selectedIndex = index
        } else {
            selectedIndex = min(selectedIndex, max(0, flights.count - 1))
            selectedID = selectedFlight?.id
        }
    }

    mutating func move(by delta: Int) {
        let count = listedFlights.count
        guard count > 0 else { return }
        selectedIndex = min(max(0, selectedIndex + delta), count - 1)
        selectedID = selectedFlight?.id
    }

    /// Keeps the selection on screen when `visibleRows` rows fit.
    mutating func scrollToSelection(visibleRows: Int) {
        let rows = max(1, visibleRows)
        if selectedIndex < scroll { scroll = selectedIndex }
        if selectedIndex >= scroll + rows { scroll = selectedIndex - rows + 1 }
        scroll = max(0, min(scroll, max(0, listedFlights.count - rows)))
    }

    mutating func switchTab(to newTab: Tab) -> [Action] {
        tab = newTab
        selectedIndex = 0
        selectedID = nil
        scroll = 0
        mode = .board
        return [.saveTab, .subscribe]
    }

    mutating func handle(_ key: Key, pageSize: Int) -> [Action] {
        message = nil
        if key == .interrupt { return [.quit(130)] }
        switch mode {
        case .searchPrompt(let text):
            switch key {
            case .escape: mode = .board
            case .enter:
                let query = text.trimmingTrailingSpaces()
                guard !query.isEmpty else {
                    mode = .board
                    return []
                }
                return [.search(query)]
            case .backspace: mode = .searchPrompt(String(text.dropLast()))
            case .character(let c) where text.count < 100: mode = .searchPrompt(text + String(c))
            default: break
            }
            return []
        case .details(let json):
            let id = json["id"]?.int ?? 0
            let date = json["date"]?.string ?? ""
            switch key {
            case .escape, .backspace: mode = .board
            case .character("q"): return [.quit(0)]
            case .character("n"), .down, .character("j"): return [.stepFlight(id: id, date: date, forward: true)]
            case .character("p"), .up, .character("k"): return [.stepFlight(id: id, date: date, forward: false)]
            case .character("P"):
                if let flight = try? WireFlight(json) { return [.togglePin(flight)] }
            case .tab, .right: return switchTab(to: tab.next)
            case .backTab, .left: return switchTab(to: tab.previous)
            default: break
            }
            return []
        case .board, .searchResults:
            let inResults = mode != .board
            switch key {
            case .character("q"): return [.quit(0)]
            case .escape:
                if inResults {
                    mode = .board
                    selectedIndex = 0
                    selectedID = nil
                    scroll = 0
                    keepSelection()
                }
            case .tab, .right: return switchTab(to: tab.next)
            case .backTab, .left: return switchTab(to: tab.previous)
            case .up, .character("k"), .character("p"): move(by: -1)
            case .down, .character("j"), .character("n"): move(by: 1)
            case .pageUp: move(by: -max(1, pageSize))
            case .pageDown, .character(" "): move(by: max(1, pageSize))
            case .home, .character("g"): move(by: -listedFlights.count)
            case .end, .character("G"): move(by: listedFlights.count)
            case .enter:
                if let flight = selectedFlight { return [.openFlight(id: flight.id, date: flight.date)] }
            case .character("h"):
                hidePast.toggle()
                return [.subscribe]
            case .character("/"): mode = .searchPrompt("")
            case .character("P"):
                if let flight = selectedFlight { return [.togglePin(flight)] }
            case .character("1"): return switchTab(to: .arrivals)
            case .character("2"): return switchTab(to: .all)
            case .character("3"): return switchTab(to: .departures)
            default: break
            }
            return []
        }
    }
}
