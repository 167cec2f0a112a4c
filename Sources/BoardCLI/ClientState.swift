import BoardProtocol
import BoardSystem
import FlightData
import FoundationEssentials

/// What the client remembers between runs: the selected tab, the last viewed flight, the pins
/// (the watchlist, in the order people gave it), the hidden flights, and where the live view was left.
struct ClientState: Equatable {
    var tab: Tab = .all
    var lastViewed: RememberedFlight?
    var pins: [RememberedFlight] = []
    /// Flights taken off this person's boards (`board hide`), as pins are kept: by identity, capped, pruned.
    var hidden: [RememberedFlight] = []
    /// Pins a save dropped because their day left the window, until `board pins` says so (once).
    var endedPins: [RememberedFlight] = []
    /// Each pane's live view (`SavedLiveViews.pane`: `$TMUX_PANE` inside tmux, else one shared entry).
    var liveView = SavedLiveViews()
    /// The keys of the file this version does not know (a newer `board` wrote them), in the file's
    /// order, written back as they were: an older `board` saving its tab dropped them.
    var otherKeys: [OtherKey] = []

    struct OtherKey: Equatable {
        let name: String
        let value: JSON
    }

    /// Whether `flight` is off this person's boards: the flight of a hidden entry's name, as the boards
    /// decide (`Watchlist.shows`); another schedule's flight under the same id and day is not.
    func hides(_ flight: FlightDocument) -> Bool { hidden.contains { $0.names(flight) } }

    /// The version of the file's shape this `board` writes; a file of a later one is never written over.
    static let schema = 1

    /// The keys this version reads and writes: those `json` writes.
    static let keys = Set(ClientState().json.objectPairs?.map(\.0) ?? [])

    var json: JSON {
        let known: JSON = [
            "schema": .int(Self.schema),
            "tab": .string(tab.rawValue),
            "lastViewed": lastViewed?.json ?? .null,
            "pins": .array(pins.map(\.stateJSON)),
            "hidden": .array(hidden.map(\.json)),
            "endedPins": .array(endedPins.map(\.json)),
            "liveView": liveView.isEmpty ? .null : liveView.json,
        ]
        return .object((known.objectPairs ?? []) + otherKeys.map { ($0.name, $0.value) })
    }

    init() {}

    /// Reads what it can; nil when the document is not a state at all.
    init?(json: JSON) {
        guard let pairs = json.objectPairs else { return nil }
        otherKeys = pairs.filter { !Self.keys.contains($0.0) }.map { OtherKey(name: $0.0, value: $0.1) }
        if let text = json["tab"]?.string, let tab = Tab(rawValue: text) { self.tab = tab }
        if let last = json["lastViewed"] { lastViewed = RememberedFlight(json: last) }
        pins = Self.flights(json["pins"])
        hidden = Self.flights(json["hidden"])
        endedPins = Self.flights(json["endedPins"])
        if let saved = json["liveView"], let views = SavedLiveViews(json: saved) { liveView = views }
    }

    /// The lists (and the last viewed flight) `json` holds in part or in a shape that is not one:
    /// `init(json:)` drops what it cannot read, and the caller keeps the file rather than lose it unsaid.
    static func unreadableParts(of json: JSON) -> [String] {
        var parts: [String] = []
        if let last = json["lastViewed"], last != .null, RememberedFlight(json: last) == nil { parts.append("lastViewed") }
        for name in ["pins", "hidden", "endedPins"] {
            guard let list = json[name], list != .null else { continue }
            if list.array?.allSatisfy({ RememberedFlight(json: $0) != nil }) != true { parts.append(name) }
        }
        return parts
    }

    /// The flight this client remembers under `id` on a day before `flight`'s (the last viewed, a pin,
    /// a hidden flight, an ended pin): ids are a day's, so the id named that flight then and names
    /// `flight` now. Nil when it remembers none, or only `flight` itself.
    func earlierFlight(withID id: Int, than flight: FlightDocument) -> RememberedFlight? {
        let remembered = [lastViewed].compactMap { $0 } + pins + hidden + endedPins
        return remembered.first { $0.id == id && $0.date < flight.date && !$0.names(flight) }
    }

    /// A list of remembered flights: entries that are not one are dropped (`RememberedFlight.init(json:)`),
    /// and so is a second entry for the same flight (the first keeps its place), in one pass however
    /// long the file's list.
    static func flights(_ json: JSON?) -> [RememberedFlight] {
        var seen = Set<String>()
        return (json?.array ?? []).compactMap(RememberedFlight.init(json:)).filter {
            seen.insert("\($0.id)@\($0.date)").inserted
        }
    }
}
