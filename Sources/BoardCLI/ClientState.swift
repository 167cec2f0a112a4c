import BoardProtocol
import BoardSystem
import FlightData
import Foundation

/// What the client remembers between runs: the selected tab, the last viewed flight, the pins,
/// and where the live view was left.
struct ClientState: Equatable {
    var tab: Tab = .all
    var lastViewed: RememberedFlight?
    var pins: [RememberedFlight] = []
    /// Each pane's live view (`$TMUX_PANE` inside tmux, else one shared entry).
    var liveView = SavedLiveViews()

    var json: JSON {
        [
            "schema": 1,
            "tab": .string(tab.rawValue),
            "lastViewed": lastViewed?.json ?? .null,
            "pins": .array(pins.map(\.json)),
            "liveView": liveView.isEmpty ? .null : liveView.json,
        ]
    }

    init() {}

    /// Reads what it can; nil when the document is not a state at all.
    init?(json: JSON) {
        guard json.objectPairs != nil else { return nil }
        if let text = json["tab"]?.string, let tab = Tab(rawValue: text) { self.tab = tab }
        if let last = json["lastViewed"] { lastViewed = RememberedFlight(json: last) }
        pins = (json["pins"]?.array ?? []).compactMap(RememberedFlight.init(json:))
        if let saved = json["liveView"], let views = SavedLiveViews(json: saved) { liveView = views }
    }
}
