import BoardProtocol
import BoardSystem
import FlightData

/// The pins as `state.json` holds them now, looked at once a second at most: `board events --pinned
/// --follow` follows what another `board` pins and unpins meanwhile, as every pane of the live view does.
struct PinsOnDisk {
    private(set) var client: BoardClient
    private var sent: PinnedParam
    private var nextLook = ContinuousClock.now + .seconds(1)

    init(_ client: BoardClient) {
        self.client = client
        sent = client.pinnedParam
    }

    /// The daemon's instant each pin was made, where the state says it.
    var pinnedAt: [FlightKey: String] {
        var instants: [FlightKey: String] = [:]
        for pin in client.state.pins {
            if let key = pin.key, let at = pin.pinnedAt { instants[key] = at }
        }
        return instants
    }

    /// The pins when they changed since last said (none: nil); `waiting`, it sleeps until its next look.
    mutating func changed(waiting: Bool = false) -> PinnedParam? {
        if waiting, nextLook > .now { _ = DescriptorPoll.readable([], timeout: nextLook - .now) }
        guard nextLook <= .now else { return nil }
        nextLook = .now + .seconds(1)
        guard let state = client.store.reread() else { return nil }
        client.state = state
        let pins = client.pinnedParam
        guard pins != sent else { return nil }
        sent = pins
        return pins
    }
}
