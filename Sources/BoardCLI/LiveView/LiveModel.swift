import BoardProtocol
import BoardSystem
import FlightData

/// Everything the live view knows, as one value: the model of model-update-view.
///
/// Inputs reach it only through `update(_:)`, which returns what the loop must
/// do; `view(size:now:)` draws a frame from it. It never reads a clock: the
/// instants it holds came in with events.
public struct LiveModel: Sendable {
    /// Configuration: colour, the `--rotate` interval, and `--reduced-motion` (no rotation, nothing that moves by itself).
    let style: Style
    let rotate: Duration?
    let reducedMotion: Bool
    /// `--wide`: every column on the board, cut at the screen's edge.
    var wide = false
    /// The filter flags (`--airline` … `--within`): each board is filtered as it arrives.
    var filter = FlightFilter()
    /// `--countdown`: the time column says the minutes left where it can.
    var countdown = false
    /// Running inside tmux: `y` copies a flight and `R` the route into tmux's paste buffer.
    var insideTmux = false
    /// `--layout` (saved per pane): the board and the open flight side by side on a wide pane
    /// (`LiveLayout`), which side takes the keys there, and the flight the list's cursor wants shown
    /// while another is being fetched (`LiveUpdate+Split.swift`).
    var layout = LiveLayout.auto
    var focus = Focus.details
    var wantedFlight: FlightDocument?
    /// Enter pressed on the list while the flight under the cursor was still on its way: it becomes the
    /// last viewed once it is shown (`answerFollow`).
    var viewedOnArrival: FlightKey?

    /// The selected tab (saved when it changes) and whether past flights are hidden.
    var tab: Tab
    var hidePast: Bool
    /// Pinned flights, sent with each request so the daemon lists them first; the board shows them in this order.
    var pins: [FlightKey]
    /// The watchlist and hiding (`LiveUpdate+Watchlist.swift`): hidden flights, the board as pushed before
    /// it is arranged, the hide `u` undoes, the action menu and the flights waited on.
    var hidden: [FlightKey] = []
    var pushedBoard: BoardDocument?
    var hiddenCount = 0
    var undo: HiddenUndo?
    var menu: ActionMenu?
    /// The keys' help (`?`), when it is open: the first of its lines shown.
    var keysHelp: Int?
    var waiting: [WaitingFlight] = []

    /// The open screens, the board at the bottom and the one shown on top: a navigation stack, where
    /// Enter, n and p push a flight, Esc pops one and b pops them all.
    var screens: [Screen] = [.board]
    /// The most screens above the board: as many as a pane's saved view keeps.
    static let stackLimit = SavedLiveView.maxScreens
    /// The screens the search prompt was opened from, given back when it closes without a search.
    var promptLeft: [Screen] = []
    /// The screens open over today's board when `[` or `]` showed another day's (flights, search
    /// results), given back when the view comes back to today's; a tab chosen meanwhile keeps them.
    var todayLeft: [Screen] = []
    /// A tab's screens saved by an earlier run, chosen while another day's board is shown: opened
    /// again (`restoring`) when the view comes back to today's board.
    var todaySaved: [SavedLiveView.Screen] = []
    /// Where the cursor is on the board (the search results carry their own).
    var boardCursor = ListCursor()

    /// The last board the daemon pushed, and when it arrived.
    var board: BoardDocument?
    var boardReceivedAt: ContinuousClock.Instant?
    var link: Link = .connecting
    /// The daemon's part in replication, as its last `ping` said: a replica's header names it.
    var replication: ReplicationDocument?
    /// The screen's size, for page keys and scrolling; frames are drawn at the size `view` is given.
    var size: TerminalSize

    /// Requests sent and not yet answered, and what each answer is for.
    var pending: [LiveRequestID: Purpose] = [:]
    /// Keys pressed while a screen was on its way (`awaitingScreen`), pressed once it is shown, in order:
    /// `n` then `x` hides the flight `n` opens, not the one on screen when `x` was typed.
    var typedAhead: [Key] = []
    /// The most keys kept while a screen is on its way; more are dropped, as a terminal's buffer would.
    static let typeAheadLimit = 64
    var nextRequest = 1
    /// A line for the footer: until the next key, or for `messageLasts` from the first tick that
    /// shows it (a view left open all day does not keep "Pinned Pacific 123." for hours).
    var message: String? {
        didSet {
            if message != oldValue {
                messageExpires = nil
                messageStays = false
            }
        }
    }
    var messageExpires: ContinuousClock.Instant?
    /// The daemon went away saying it was stopped on purpose, and none has answered since.
    var daemonStopped = false
    /// The message stays until the next key (a step `w` waited for), not `messageLasts`.
    var messageStays = false
    static let messageLasts = Duration.seconds(10)
    /// When `--rotate` turns the page next (set by the first tick).
    var nextRotate: ContinuousClock.Instant?
    /// A key was pressed since the last tick: rotation waits a whole period from that tick.
    var rotationHeld = false
    /// Rotation turned to another tab: its first board is shown from the top.
    var rotationTurnedTab = false
    /// When the open flight is fetched again so that its details follow the clock (set by a tick).
    var nextDetailsRefresh: ContinuousClock.Instant?
    /// The last flight opened (here or by `board show`): marked on the board, and where the cursor
    /// starts when nothing else was open.
    var lastViewed: FlightKey?
    /// Screens to open again once the tab's board arrives: where the last `board watch` was left, or a deep link.
    var restoring: [SavedLiveView.Screen] = []
    /// The screens last asked for again, kept while their answers are on the way.
    var reopening: [SavedLiveView.Screen] = []
    /// Whether the cursor has been put on its first flight (the last viewed, when the board has it).
    var cursorPlaced = false
    /// The board's day when it is not the daemon's today (`YYYY-MM-DD`): a deep link to a flight of another day.
    var date: String?
    /// The tabs not shown, each with its own path: leaving a tab with a flight open and coming back returns to it.
    var otherTabs: [Tab: TabPath] = [:]

    /// A tab's path while another tab is shown.
    enum TabPath: Equatable, Sendable {
        /// Screens opened in this run, with the board's cursor.
        case open(screens: [Screen], cursor: ListCursor)
        /// Screens saved by an earlier run, opened again when the tab is shown.
        case saved([SavedLiveView.Screen])
    }

    public init(
        tab: Tab, hidePast: Bool, pins: [FlightKey] = [], style: Style, rotate: Duration? = nil,
        reducedMotion: Bool = false, size: TerminalSize = TerminalSize(columns: 80, rows: 24)
    ) {
        self.tab = tab
        self.hidePast = hidePast
        self.pins = pins
        self.style = style
        self.rotate = rotate
        self.reducedMotion = reducedMotion
        self.size = size
    }

    /// A model that reopens where the last `board watch` in this pane was left (`saved`): each tab's
    /// screens, the board's day, its cursor on the last viewed flight when that is on the board.
    /// `--hide-past` on the command line still hides past flights.
    init(
        tab: Tab, hidePast: Bool, pins: [FlightKey], lastViewed: FlightKey?, restoring saved: SavedLiveView?,
        style: Style, rotate: Duration?, reducedMotion: Bool = false
    ) {
        self.init(
            tab: tab, hidePast: hidePast || saved?.hidePast == true, pins: pins, style: style, rotate: rotate,
            reducedMotion: reducedMotion)
        self.lastViewed = lastViewed
        let stacks = saved?.stacks(shownTab: tab) ?? [:]
        self.restoring = stacks[tab] ?? []
        self.otherTabs = stacks.filter { $0.key != tab }.mapValues { .saved($0) }
        self.date = saved?.date
        self.layout = saved?.layout ?? .auto
    }

    /// What to keep of this view for the next `board watch` in this pane: the tab, hide-past, the
    /// board's day and every tab's screens above its board.
    var saved: SavedLiveView {
        SavedLiveView(
            hidePast: hidePast, screens: unfinishedRestore ?? rotatedOverPath ?? Self.saved(screens), tab: tab, date: date,
            layout: layout,
            otherTabs: otherTabs.mapValues { path in
                switch path {
                case .open(let screens, _): Self.saved(screens)
                case .saved(let screens): screens
                }
            })
    }

    /// The screens being opened again, while some are not open yet: what a tab left or a quit keeps.
    var unfinishedRestore: [SavedLiveView.Screen]? {
        if !restoring.isEmpty { return restoring }
        return awaitingScreen && !reopening.isEmpty ? reopening : nil
    }

    /// Whether an answer that changes the screen is on its way: a flight to open or step to, or
    /// search results (not the open flight's refresh).
    var awaitingScreen: Bool {
        pending.values.contains {
            switch $0 {
            case .refresh, .refreshSearch, .waited, .follow: false
            case .open, .step, .soonest, .search: true
            }
        }
    }

    static func saved(_ screens: [Screen]) -> [SavedLiveView.Screen] {
        screens.compactMap { screen -> SavedLiveView.Screen? in
            switch screen {
            case .board, .searchPrompt: nil
            case .searchResults(let results): .searchResults(text: results.text)
            case .details(let open): .flight(id: open.key.id, date: open.key.date, flightName: open.flight.flightName)
            case .gone(let gone): .flight(id: gone.key.id, date: gone.key.date, flightName: gone.flightName)
            }
        }
    }

    /// A flight's identity: its id and its local date (ids repeat once the window slides).
    ///
    /// It may carry the flight's name as it was pinned or hidden, which two keys are not compared
    /// by: a pin or a hide then keeps to the flight of that name (`names`), so that after a config
    /// reloaded with another schedule, where the same identity is another flight, it attaches to none.
    public struct FlightKey: Hashable, Sendable, CustomStringConvertible {
        public let id: Int
        public let date: String
        public let name: String?

        public init(id: Int, date: String, name: String? = nil) {
            self.id = id
            self.date = date
            self.name = name
        }

        public init(_ flight: FlightDocument) { self.init(id: flight.id, date: flight.date, name: flight.flightName) }

        /// The identity as requests carry it; nil when `date` is not one (a daemon that wrote another).
        public var identity: FlightData.FlightKey? { LocalDate(date).map { FlightData.FlightKey(id: id, date: $0) } }

        /// Whether `flight`, of this identity, is the flight this key was made for (its name too, when known).
        func names(_ flight: FlightDocument) -> Bool {
            flight.id == id && flight.date == date && (name.map { $0 == flight.flightName } ?? true)
        }

        public static func == (a: FlightKey, b: FlightKey) -> Bool { a.id == b.id && a.date == b.date }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(id)
            hasher.combine(date)
        }

        public var description: String { "\(id) on \(date)" }
    }

    /// One open screen.
    enum Screen: Hashable, Sendable {
        case board
        case details(OpenFlight)
        /// The open flight left the board (or was gone when opened): named as it was.
        case gone(GoneFlight)
        case searchPrompt(String)
        case searchResults(SearchResults)

        /// A flight's details or its "gone" screen.
        var isFlight: Bool {
            switch self {
            case .details, .gone: true
            case .board, .searchPrompt, .searchResults: false
            }
        }
    }

    /// The flight a details screen shows: the daemon's details document for it.
    struct OpenFlight: Hashable, Sendable {
        let details: FlightDetailsDocument
        /// The first line shown of the details, when they are taller than the pane (PageDown, PageUp).
        var scroll = 0
        var flight: FlightDocument { details.flight }
        var key: FlightKey { FlightKey(flight) }
    }

    /// A flight that is no longer on the board, as it was when it was shown.
    struct GoneFlight: Hashable, Sendable {
        let key: FlightKey
        let flightName: String
        /// Its day is after the board's window (the clock set back): it will come, not gone.
        var notYet = false

        init(_ flight: FlightDocument) { self.init(key: FlightKey(flight), flightName: flight.flightName) }

        init(key: FlightKey, flightName: String) {
            self.key = key
            self.flightName = flightName
        }

        /// `Pacific 578 of Nov 30 is no longer on the board.`, or `… is not on the board yet.`
        var sentence: String {
            "\(flightName) of \(LocalDate(key.date)?.shortName ?? key.date) is \(notYet ? "not on the board yet" : "no longer on the board")."
        }
    }

    /// A cursor on a list of flights: the flight it is on, and where.
    ///
    /// The flight decides; `row` only says where the cursor stays when its flight leaves the
    /// list, and `scroll` is the first row shown.
    struct ListCursor: Hashable, Sendable {
        var flight: FlightKey?
        var row = 0
        var scroll = 0
    }

    /// The connection to the daemon, as the screen tells it.
    enum Link: Hashable, Sendable {
        /// Connected, waiting for the first board.
        case connecting
        case live
        /// The daemon went away at `since`; the last board stays on screen until a new one arrives.
        case reconnecting(since: ContinuousClock.Instant)
    }

    /// What an answered request is for.
    enum Purpose: Hashable, Sendable {
        /// Open a flight (it becomes the last viewed); when the daemon answers that `asked` is not on
        /// the board (or answers with another flight), its "gone" screen is shown.
        case open(asked: GoneFlight?)
        /// Fetch the open flight again (after a new board, or as the clock runs), without making it the last viewed again.
        case refresh(FlightKey)
        /// Open the flight after (or before) `from`, the open flight, `steps` flights past the
        /// daemon's answer: one the board does not show is stepped past (`stepPast`).
        case step(from: FlightKey, forward: Bool, steps: Int)
        /// Open the soonest flight still to come (`s`), `steps` flights past the daemon's soonest:
        /// one you hid is stepped past, as `board soonest` does.
        case soonest(steps: Int)
        case search(String)
        /// Ask again for search results shown, after the clock moved: they are replaced where they are in
        /// the stack, the cursor on its flight, and no key waits for them.
        case refreshSearch(String)
        /// A flight waited on (`w`) that the pushed board no longer lists: its step is said from its details.
        case waited(FlightKey)
        /// On a split pane, the flight under the list's cursor, to show in place of the open one (`follow`).
        case follow(asked: GoneFlight)
    }
}

/// Names one request the model sent, so its answer finds what it was for.
public struct LiveRequestID: Hashable, Sendable, CustomStringConvertible {
    public let value: Int
    public init(_ value: Int) { self.value = value }
    public var description: String { "#\(value)" }
}
