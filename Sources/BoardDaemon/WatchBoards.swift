import FlightData
import FoundationEssentials

/// The boards of many watchers' views at one instant, as one change is offered to every watcher.
///
/// The window, the encoded "now" and each board's shared encoding (its cache entry) are looked up
/// once, so each view costs only its assembly: a clock move offered to two thousand views, each with
/// its own pins, takes the cache's lock and the clock's reading once, not two thousand times.
struct WatchBoards {
    private let service: BoardService
    private let now: Date
    private let window: ScheduleWindow
    private let nowText: [UInt8]
    /// The entries looked up so far; the last one apart, as most views share it.
    private var entries: [BoardDocumentCache.Key: BoardDocumentCache.Entry] = [:]
    private var last: (key: BoardDocumentCache.Key, entry: BoardDocumentCache.Entry)?

    init(service: BoardService, at now: Date) {
        self.service = service
        self.now = now
        self.window = service.window(at: now)
        self.nowText = service.nowText(at: now)
    }

    /// `view`'s board: of its day while that day is in the window, else of today.
    mutating func board(_ view: WatchView) -> EncodedDocument {
        let date = view.date.flatMap { window.contains($0) ? $0 : nil } ?? window.firstDate
        let key = BoardDocumentCache.Key(tab: view.tab, hidePast: view.hidePast, date: date)
        let entry: BoardDocumentCache.Entry
        if let last, last.key == key {
            entry = last.entry
        } else if let known = entries[key] {
            entry = known
        } else {
            entry = service.entry(key, at: now, window: window)
            entries[key] = entry
        }
        last = (key, entry)
        return BoardDocumentCache.assemble(entry, key: key, pinned: view.pinned, nowText: nowText)
    }
}
