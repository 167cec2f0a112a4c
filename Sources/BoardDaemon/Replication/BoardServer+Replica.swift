import BoardProtocol
import BoardSystem

/// A replica's main loop: the source's moves, applied as the source applied them.
extension BoardServer {
    static let replicaToken: UInt64 = 2

    /// Makes this server a replica: its feed wakes the loop with each batch of the source's moves.
    func follow(_ feed: ReplicaFeed) throws(SystemError) {
        try loop.register(feed.wakeup.descriptor, token: Self.replicaToken)
        replica = feed
    }

    /// Applies the moves the follower read, in order, each as the source applied its own: the read
    /// loop sees it first, then subscribers get its changes and watchers its boards.
    func applyReplicaMoves() {
        guard let replica else { return }
        for move in replica.takeMoves() {
            switch move {
            case .clock(let state, let fromStream):
                service.follow(state)
                replica.applied(state, fromStream: fromStream)
                loop.log.info(
                    "clock moved to \(service.localTime.iso8601(service.clock.now)) (the source's \(state.move.rawValue))")
            case .config(let config):
                reload(to: config)
                loop.log.info("took the source's config (\(config.summary))")
            }
            loop.link.publish(service)
            publish()
        }
    }
}
