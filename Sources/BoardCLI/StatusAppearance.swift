import FlightData

/// How a flight's status looks to people: its words, its colour on a terminal and in tmux, and
/// whether a past flight with it is dimmed. Decided here, once, for every status.
///
/// Adding a status to `FlightStatus` stops the build here until it has its appearance.
struct StatusAppearance: Hashable, Sendable {
    /// `On time`, `Final call`: how the board, a flight's details and the status line name it.
    let title: String
    /// At most 8 characters, for a narrow board's status column: `Final`, `Closed`.
    let shortTitle: String
    /// The SGR parameters it is drawn with on a terminal (`33` yellow); nil for plain text.
    let colour: String?
    /// The colour `board status --tmux` gives it (`#[fg=yellow]`); nil for plain text.
    let tmuxColour: String?
    /// Whether a past flight's row is dimmed; a canceled flight keeps its colour all day.
    let dimsWhenPast: Bool

    init(_ status: FlightStatus) {
        switch status {
        case .scheduled: self.init("Scheduled", short: "Sched.")
        case .onTime: self.init("On time")
        case .delayed: self.init("Delayed", colour: "33", tmux: "yellow")
        case .boarding: self.init("Boarding", colour: "32", tmux: "green")
        case .finalCall: self.init("Final call", short: "Final", colour: "1;32", tmux: "green")
        case .gateClosed: self.init("Gate closed", short: "Closed", colour: "35", tmux: "magenta")
        case .departed: self.init("Departed", colour: "2")
        case .enRoute: self.init("En route", colour: "36")
        case .landed: self.init("Landed", colour: "2")
        case .canceled: self.init("Canceled", colour: "31", tmux: "red", dimsWhenPast: false)
        case .diverted: self.init("Diverted", colour: "31", tmux: "red", dimsWhenPast: false)
        }
    }

    private init(
        _ title: String, short: String? = nil, colour: String? = nil, tmux: String? = nil, dimsWhenPast: Bool = true
    ) {
        self.title = title
        self.shortTitle = short ?? title
        self.colour = colour
        self.tmuxColour = tmux
        self.dimsWhenPast = dimsWhenPast
    }
}

/// How one earlier day of a flight's history is marked in its details: a symbol in a colour.
struct HistoryMark: Hashable, Sendable, CaseIterable {
    let symbol: String
    /// The SGR parameters the symbol is drawn with.
    let colour: String
    /// The legend's words for it.
    let meaning: String

    static let onTime = HistoryMark(symbol: "●", colour: "32", meaning: "on time")
    static let delayed = HistoryMark(symbol: "◐", colour: "33", meaning: "delayed")
    static let canceled = HistoryMark(symbol: "×", colour: "31", meaning: "canceled")
    static let diverted = HistoryMark(symbol: "↷", colour: "31", meaning: "diverted")
    static let allCases = [onTime, delayed, canceled, diverted]

    private init(symbol: String, colour: String, meaning: String) {
        self.symbol = symbol
        self.colour = colour
        self.meaning = meaning
    }

    /// A day that ended `status` (`departed`, `landed`, `canceled`, `diverted`) after a delay of
    /// `delayMinutes`: on time when it left or landed at its scheduled time.
    init(_ status: FlightStatus, delayMinutes: Int) {
        switch status {
        case .canceled: self = .canceled
        case .diverted: self = .diverted
        default: self = delayMinutes > 0 ? .delayed : .onTime
        }
    }

    /// `● on time ◐ delayed × canceled`: what the marks of `shown` mean, in `allCases` order.
    static func legend(of shown: [HistoryMark]) -> String {
        allCases.filter(shown.contains).map { "\($0.symbol) \($0.meaning)" }.joined(separator: " ")
    }
}
