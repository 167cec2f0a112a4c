import BoardProtocol
import FlightData

/// Where `board watch` was left in one pane, kept in `state.json` so the next `board watch` there
/// reopens it: the tab, whether past flights were hidden, the board's day, the layout (`--layout`),
/// and each tab's screens.
struct SavedLiveView: Equatable, Sendable {
    /// A screen above the board, as much of it as it takes to open it again.
    enum Screen: Equatable, Sendable {
        case searchResults(text: String)
        /// A flight's details, by its identity (and its name, for the "gone" screen when it has left).
        case flight(id: Int, date: String, flightName: String)
    }

    /// The tab shown; nil in a state written before tabs were saved per pane (the remembered tab then).
    var tab: Tab?
    var hidePast = false
    /// The board's day when it was not the daemon's today (`YYYY-MM-DD`).
    var date: String?
    /// `--layout` as last given in this pane (written only when it is not `auto`).
    var layout = LiveLayout.auto
    /// The screens above the shown tab's board, the bottom one first.
    var screens: [Screen] = []
    /// The other tabs' screens: each tab keeps its own path.
    var otherTabs: [Tab: [Screen]] = [:]

    init(
        hidePast: Bool = false, screens: [Screen] = [], tab: Tab? = nil, date: String? = nil, layout: LiveLayout = .auto,
        otherTabs: [Tab: [Screen]] = [:]
    ) {
        self.hidePast = hidePast
        self.layout = layout
        self.screens = screens
        self.tab = tab
        self.date = date
        self.otherTabs = otherTabs.filter { !$0.value.isEmpty && $0.key != tab }
    }

    /// Every tab's screens, the shown one's under `tab` (or `shownTab` when the state named none).
    func stacks(shownTab: Tab) -> [Tab: [Screen]] {
        var stacks = otherTabs
        stacks[tab ?? shownTab] = screens
        return stacks.filter { !$0.value.isEmpty }
    }

    var json: JSON {
        var pairs: [(String, JSON)] = []
        if let tab { pairs.append(("tab", .string(tab.rawValue))) }
        pairs.append(("hidePast", .bool(hidePast)))
        if let date { pairs.append(("date", .string(date))) }
        if layout != .auto { pairs.append(("layout", .string(layout.rawValue))) }
        pairs.append(("screens", Self.json(screens)))
        if !otherTabs.isEmpty {
            let tabs = Tab.allCases.compactMap { tab in otherTabs[tab].map { (tab.rawValue, Self.json($0)) } }
            pairs.append(("tabs", .object(tabs)))
        }
        return .object(pairs)
    }

    private static func json(_ screens: [Screen]) -> JSON {
        .array(
            screens.map { screen in
                switch screen {
                case .searchResults(let text): ["search": .string(text)]
                case .flight(let id, let date, let flightName):
                    ["flight": ["id": .int(id), "date": .string(date), "flightName": .string(flightName)]]
                }
            })
    }

    /// The most screens kept for one tab: a hand-edited state cannot make the view open hundreds.
    static let maxScreens = 8

    /// Reads what it can: a screen it does not understand is left out, never an error.
    init?(json: JSON) {
        guard json.objectPairs != nil else { return nil }
        hidePast = json["hidePast"]?.bool ?? false
        tab = json["tab"]?.string.flatMap(Tab.init(rawValue:))
        if let text = json["date"]?.string, text.count == 10, LocalDate(text) != nil { date = text }
        layout = json["layout"]?.string.flatMap(LiveLayout.init(rawValue:)) ?? .auto
        screens = Self.screens(json["screens"])
        for tab in Tab.allCases where tab != self.tab {
            let screens = Self.screens(json["tabs"]?[tab.rawValue])
            if !screens.isEmpty { otherTabs[tab] = screens }
        }
    }

    private static func screens(_ json: JSON?) -> [Screen] {
        let screens = (json?.array ?? []).prefix(maxScreens * 4).compactMap { screen -> Screen? in
            // Text that reaches the screen holds no control character: a hand-edited state cannot send escapes.
            if let text = screen["search"]?.string, !text.allSatisfy(\.isWhitespace), SearchText.fits(text),
                !text.hasTerminalControls
            {
                return .searchResults(text: text)
            }
            if let flight = screen["flight"], let id = flight["id"]?.int, RememberedFlight.ids.contains(id),
                let date = flight["date"]?.string, date.count == 10, LocalDate(date) != nil,
                let name = flight["flightName"]?.string, name.count <= 100, !name.hasTerminalControls
            {
                return .flight(id: id, date: date, flightName: name)
            }
            return nil
        }
        return Array(screens.prefix(maxScreens))
    }
}

/// Every pane's live view, the most recently saved last: inside tmux each pane (`$TMUX_PANE`, and
/// the server's socket when it is not a default one) keeps its own, outside tmux one shared entry
/// serves every terminal.
struct SavedLiveViews: Equatable, Sendable {
    struct Entry: Equatable, Sendable {
        let pane: String
        var view: SavedLiveView
    }

    /// The key outside tmux, and of a state written before views were kept per pane.
    static let shared = "shared"
    /// The most panes remembered; saving one more drops the one saved longest ago.
    static let limit = 32

    private(set) var entries: [Entry] = []

    init(_ entries: [Entry] = []) {
        self.entries = Array(entries.suffix(Self.limit))
    }

    var isEmpty: Bool { entries.isEmpty }

    subscript(pane: String) -> SavedLiveView? {
        entries.last { $0.pane == pane }?.view
    }

    /// Saves `view` for `pane` as the newest, dropping the oldest past `limit`.
    mutating func save(_ view: SavedLiveView, for pane: String) {
        entries.removeAll { $0.pane == pane }
        entries.append(Entry(pane: pane, view: view))
        if entries.count > Self.limit { entries.removeFirst(entries.count - Self.limit) }
    }

    /// The pane this process runs in: `$TMUX_PANE` (`%3`) inside tmux, with the server's socket
    /// after an `@` when it is not a default one (`%3@/tmp/tmux-1000/work`, a `tmux -L work`), since
    /// every tmux server numbers its panes from `%0`; else the shared key.
    ///
    /// `$TMUX` is `SOCKET,PID,SESSION`. The socket, not the pid, names the server, so a server
    /// started again on the same socket reopens its panes' views.
    static func pane(tmux: String?, tmuxPane: String?) -> String {
        guard let tmux, !tmux.isEmpty, let pane = tmuxPane, isPaneID(pane) else { return shared }
        let fields = tmux.split(separator: ",", omittingEmptySubsequences: false)
        guard fields.count >= 3 else { return pane }
        let socket = fields.dropLast(2).joined(separator: ",")
        guard isServerSocket(socket), !socket.hasSuffix("/default") else { return pane }
        return pane + "@" + socket
    }

    /// A key `pane` gives: the shared one, a pane (`%3`), or a pane of another server (`%3@/path`).
    static func isPaneKey(_ text: String) -> Bool {
        if text == shared { return true }
        guard let at = text.firstIndex(of: "@") else { return isPaneID(text) }
        return isPaneID(String(text[..<at])) && isServerSocket(String(text[text.index(after: at)...]))
    }

    /// `%` and up to nine digits: what tmux names a pane.
    static func isPaneID(_ text: String) -> Bool {
        text.count >= 2 && text.count <= 10 && text.first == "%" && text.dropFirst().allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// An absolute path of at most 107 bytes (what a Unix socket's address holds), without control
    /// characters: what `$TMUX` names a server by.
    static func isServerSocket(_ text: String) -> Bool {
        text.first == "/" && text.utf8.count <= 107 && !text.unicodeScalars.contains { $0.properties.generalCategory == .control }
    }

    var json: JSON {
        ["panes": .array(entries.map { entry in entry.view.json.adding("pane", .string(entry.pane)) })]
    }

    /// Reads the keyed shape (`{"panes": [...]}`), or the single view of an older state, which
    /// becomes the shared entry. Entries with a key that is no pane are left out.
    init?(json: JSON) {
        guard json.objectPairs != nil else { return nil }
        guard let panes = json["panes"]?.array else {
            guard let view = SavedLiveView(json: json) else { return nil }
            self.init([Entry(pane: Self.shared, view: view)])
            return
        }
        var entries: [Entry] = []
        for item in panes.suffix(Self.limit * 4) {
            guard let pane = item["pane"]?.string, Self.isPaneKey(pane),
                let view = SavedLiveView(json: item)
            else { continue }
            entries.removeAll { $0.pane == pane }
            entries.append(Entry(pane: pane, view: view))
        }
        self.init(entries)
    }
}
