import BoardProtocol
import FoundationEssentials

/// The boards of one change, offered to every watcher a share at a time: each watched view's board
/// is built once (a view with pins, once a watcher) and the same bytes go to all its watchers.
///
/// A value: `start` takes the change's instant and the watchers, each `nextShare` returns what to
/// queue for the next `watchersPerTurn` of them. `BoardFanOutTests` drives it with no socket.
struct BoardFanOut {
    /// Watchers offered a board per turn of the loop: thousands of watchers are reached over a few
    /// turns, with the other clients served between them.
    static let watchersPerTurn = 128

    /// One watcher's board of the change: its view's, ending its line.
    struct Offer {
        let token: UInt64
        let board: EncodedDocument
    }

    /// The watchers still to be offered the boards of the last change, and where the offering is.
    private var queue: [UInt64] = []
    private var index = 0
    /// The boards of views without pins, each shared by all its watchers (a few tabs and days).
    private var bodies: [WatchView: EncodedDocument] = [:]
    /// The instant of the change being offered.
    private(set) var at = Date.distantPast
    /// The boards of the change, each board's shared encoding looked up once for all its views.
    private var boards: WatchBoards?
    /// How many views without pins the last finished offering built.
    private(set) var lastViewCount = 0

    var isOffering: Bool { index < queue.count }

    /// Starts offering the boards at `now` to `watchers`. Those the offering under way had not reached
    /// yet go first, so quick changes never starve the end of the queue; all get the newest boards.
    mutating func start(at now: Date, watchers: [UInt64], service: BoardService) {
        at = now
        bodies.removeAll(keepingCapacity: true)
        if isOffering {
            let waiting = Array(queue[index...])
            let first = Set(waiting)
            queue = waiting + watchers.filter { !first.contains($0) }
        } else {
            queue = watchers
        }
        index = 0
        boards = queue.isEmpty ? nil : service.watchBoards(at: now)
    }

    /// The next share: up to `watchersPerTurn` watchers, each with its view's board. `view` says a
    /// watcher's view, nil for one that no longer watches (left out).
    mutating func nextShare(service: BoardService, view: (UInt64) -> WatchView?) -> [Offer] {
        guard isOffering else { return [] }
        let end = min(queue.count, index + Self.watchersPerTurn)
        var offers: [Offer] = []
        offers.reserveCapacity(end - index)
        for token in queue[index..<end] {
            guard let view = view(token) else { continue }
            let body: EncodedDocument
            if !view.pinned.isEmpty {
                // A view with pins is most often one watcher's own: assembled for it (a handful of
                // slices), not hashed, kept and freed with thousands of others at the end.
                body = board(view, service)
            } else if let cached = bodies[view] {
                body = cached
            } else {
                body = board(view, service)
                bodies[view] = body
            }
            offers.append(Offer(token: token, board: body))
        }
        index = end
        if !isOffering {
            lastViewCount = bodies.count
            queue.removeAll(keepingCapacity: true)
            index = 0
            bodies.removeAll()
            boards = nil
        }
        return offers
    }

    /// `view`'s board of the change being offered, ending its line.
    private mutating func board(_ view: WatchView, _ service: BoardService) -> EncodedDocument {
        var encoded = boards?.board(view) ?? service.watchBoard(view, at: at)
        encoded.pieces.append(.bytes(WireLine.closing[...]))
        return encoded
    }
}
