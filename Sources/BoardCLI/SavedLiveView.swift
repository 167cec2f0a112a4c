import BoardProtocol

/// Where `board watch` was left, kept in `state.json` so the next `board watch` reopens it:
/// whether past flights were hidden, and the screens open above the board.
struct SavedLiveView: Equatable, Sendable {
    /// A screen above the board, as much of it as it takes to open it again.
    enum Screen: Equatable, Sendable {
        case searchResults(text: String)
        /// A flight's details, by its identity (and its name, for the "gone" screen when it has left).
        case flight(id: Int, date: String, flightName: String)
    }

    var hidePast = false
    /// The screens above the board, the bottom one first.
    var screens: [Screen] = []

    init(hidePast: Bool = false, screens: [Screen] = []) {
        self.hidePast = hidePast
        self.screens = screens
    }

    var json: JSON {
        [
            "hidePast": .bool(hidePast),
            "screens": .array(
                screens.map { screen in
                    switch screen {
                    case .searchResults(let text): ["search": .string(text)]
                    case .flight(let id, let date, let flightName):
                        ["flight": ["id": .int(id), "date": .string(date), "flightName": .string(flightName)]]
                    }
                }),
        ]
    }

    /// Reads what it can: a screen it does not understand is left out, never an error.
    init?(json: JSON) {
        guard json.objectPairs != nil else { return nil }
        hidePast = json["hidePast"]?.bool ?? false
        screens = (json["screens"]?.array ?? []).compactMap { screen -> Screen? in
            if let text = screen["search"]?.string, !text.isEmpty, text.count <= 100 { return .searchResults(text: text) }
            if let flight = screen["flight"], let id = flight["id"]?.int, let date = flight["date"]?.string,
                let name = flight["flightName"]?.string
            {
                return .flight(id: id, date: date, flightName: name)
            }
            return nil
        }
    }
}
