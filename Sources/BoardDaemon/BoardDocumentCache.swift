import BoardProtocol
import BoardSystem
import FlightData
import FoundationEssentials
import Synchronization

/// Encoded boards, kept until the board next changes, so a request costs a copy rather than a build.
///
/// A board's bytes depend on the clock only through its statuses and "past"
/// marks, which change at known instants, and through its `now`, which is
/// spliced in on every request. An entry built at instant T is good for any
/// instant in [T, next change), and is rebuilt when the clock leaves that span
/// (by running on, or by being set back).
///
/// Pins are a presentation of one board: an entry is built once per tab,
/// hide-past and day, with every row of the tab encoded once, and a view with
/// pins is assembled from those bytes (its pinned rows first, their `"pinned"`
/// set, and the tab counts redone when a pin keeps a past flight visible). So
/// two thousand watchers with two thousand different pin lists cost one build
/// and two thousand concatenations, and the bytes are those a full build gives.
final class BoardDocumentCache: Sendable {
    struct Key: Hashable {
        let tab: Tab
        let hidePast: Bool
        let date: LocalDate
    }

    /// One board (tab, hide-past, day) without pins, in parts. A class, so that looking one up for each
    /// of thousands of views is one reference counted, not one for each of its arrays.
    final class Entry: Sendable {
        let validFrom: Date
        let validUntil: Date
        /// The document up to the value of "now", and from after it up to and including `"tabs":`.
        let prefix: [UInt8]
        let middle: [UInt8]
        /// The day's flights in time order (every tab), whether each is past, and each one's state:
        /// the next build of the same board reuses the bytes of each row whose state and past are the same.
        let flights: [Flight]
        let past: [Bool]
        let states: [FlightState]
        let indexByID: [Int: Int]
        /// Each row of the tab encoded pinned (`"pinned":true`), each followed by a comma, and each
        /// flight's range in them without its comma (nil for a flight not in the tab): a view's pinned
        /// rows are slices of these, sent by reference as the shared rows are.
        let pinnedRows: SpliceableBytes
        let pinnedRanges: [Range<Int>?]
        /// Without pins: each tab's count, the tabs encoded and the rows shown, comma-separated, and each
        /// flight's range in those rows (nil for a flight not shown).
        let counts: [Int]
        let tabs: [UInt8]
        /// The rows in pages of their own, sent to every reader by reference (`SpliceWriter`).
        let rows: SpliceableBytes
        let rowRanges: [Range<Int>?]
        /// How many rows `rows` holds.
        let shownCount: Int
        /// How many of the tab's rows this build encoded; the others were copied from the entry before.
        let encodedRows: Int

        var size: Int { prefix.count + middle.count + pinnedRows.count + rows.count + tabs.count + flights.count * 64 }

        init(
            validFrom: Date, validUntil: Date, prefix: [UInt8], middle: [UInt8], flights: [Flight], past: [Bool],
            states: [FlightState], indexByID: [Int: Int], pinnedRows: SpliceableBytes, pinnedRanges: [Range<Int>?], counts: [Int],
            tabs: [UInt8], rows: SpliceableBytes, rowRanges: [Range<Int>?], encodedRows: Int
        ) {
            self.validFrom = validFrom
            self.validUntil = validUntil
            self.prefix = prefix
            self.middle = middle
            self.flights = flights
            self.past = past
            self.states = states
            self.indexByID = indexByID
            self.pinnedRows = pinnedRows
            self.pinnedRanges = pinnedRanges
            self.counts = counts
            self.tabs = tabs
            self.rows = rows
            self.rowRanges = rowRanges
            self.shownCount = rowRanges.lazy.filter { $0 != nil }.count
            self.encodedRows = encodedRows
        }
    }

    /// The source of an entry: the day's flights and the instant the board next changes.
    struct Source {
        let flights: [Flight]
        let validUntil: Date
    }

    /// Enough for every view people use; cleared when full rather than tracked by age.
    static let capacity = 256
    /// Entries of the largest schedules are large: the cache is cleared past this many bytes too.
    static let capacityBytes = 64 << 20
    private let entries = Locked<(table: [Key: Entry], bytes: Int)>(([:], 0))
    /// How many entries were built: once per tab, hide-past, day and span, whatever the pins.
    let builds = Atomic<Int>(0)

    /// The entry for `key` that covers `now`, built from `source` when none does.
    func entry(
        _ key: Key, at now: Date, encoding: WireEncoding, simulated: Bool, speed: Double, source: () -> Source
    ) -> Entry {
        let cached = entries.withLock { $0.table[key] }
        if let cached, cached.validFrom <= now, now < cached.validUntil { return cached }
        builds.add(1, ordering: .relaxed)
        let entry = Self.build(
            key, source: source(), at: now, encoding: encoding, simulated: simulated, speed: speed, previous: cached)
        entries.withLock { cache in
            if cache.table.count >= Self.capacity || cache.bytes + entry.size > Self.capacityBytes {
                cache.table.removeAll(keepingCapacity: true)
                cache.bytes = 0
            }
            if let old = cache.table.updateValue(entry, forKey: key) { cache.bytes -= old.size }
            cache.bytes += entry.size
        }
        return entry
    }

    /// The marker that stands for "now" while the document is encoded once.
    static let marker = "\u{1}now\u{1}"
    static let flightsOpening = Array(#","flights":["#.utf8)
    static let documentClosing = Array("]}".utf8)
    static let pinnedFalse = Array("false}".utf8)
    static let pinnedTrue = Array("true}".utf8)

    /// The entry of `key` at `now`. Each row whose flight has the same state and past mark as in
    /// `previous` (the same board's entry before, most rows after a short move of the clock) is
    /// copied from it rather than encoded again: the same bytes (`BoardDocumentCacheTests`).
    static func build(
        _ key: Key, source: Source, at now: Date, encoding: WireEncoding, simulated: Bool, speed: Double,
        previous: Entry? = nil
    ) -> Entry {
        let flights = source.flights.sorted(by: Board.timeOrder(at: now))
        let past = flights.map { $0.isPast(at: now) }
        let states = flights.map { $0.state(at: now) }
        var indexByID: [Int: Int] = [:]
        indexByID.reserveCapacity(flights.count)
        for (index, flight) in flights.enumerated() { indexByID[flight.id] = index }

        // The document without tabs and flights, which are the last two fields.
        let empty = Board(flights: [], query: BoardQuery(date: key.date, tab: key.tab, hidePast: key.hidePast), now: now)
        var head = encoding.board(empty, simulated: simulated, speed: speed, nowText: marker).bytes
        // `..."tabs":[...],"flights":[]}`: keep up to `"tabs":` (the last, as the airport's name could hold one).
        let tabsKey = Array(#","tabs":"#.utf8)
        let flightsTail = Array(#""flights":[]}"#.utf8)
        precondition(Array(head.suffix(flightsTail.count)) == flightsTail)
        let tabsAt = head.indices.reversed().first { head[$0...].starts(with: tabsKey) }!
        head.removeSubrange((tabsAt + tabsKey.count)...)
        var quoted: [UInt8] = []
        JSON.writeString(marker, into: &quoted)
        let split = head.firstRange(of: quoted)!

        var row: [UInt8] = []
        var pinnedRows: [UInt8] = []
        var pinnedRanges: [Range<Int>?] = []
        pinnedRanges.reserveCapacity(flights.count)
        var rows: [UInt8] = []
        var rowRanges: [Range<Int>?] = []
        rowRanges.reserveCapacity(flights.count)
        var counts = [Int](repeating: 0, count: Tab.allCases.count)
        var encodedRows = 0
        for (index, flight) in flights.enumerated() {
            let shown = !key.hidePast || !past[index]
            if shown { for (t, tab) in Tab.allCases.enumerated() where tab.includes(flight) { counts[t] += 1 } }
            guard key.tab.includes(flight) else {
                pinnedRanges.append(nil)
                rowRanges.append(nil)
                continue
            }
            let start = pinnedRows.count
            if let previous, let before = previous.indexByID[flight.id], previous.flights[before].date == flight.date,
                previous.states[before] == states[index], previous.past[before] == past[index],
                let range = previous.pinnedRanges[before]
            {
                pinnedRows.append(contentsOf: previous.pinnedRows.bytes(range).assumingMemoryBound(to: UInt8.self))
                row.removeAll(keepingCapacity: true)
                row += pinnedRows[start..<(pinnedRows.count - pinnedTrue.count)]
                row += pinnedFalse
            } else {
                encodedRows += 1
                row.removeAll(keepingCapacity: true)
                encoding.flight(flight, state: states[index], past: past[index], pinned: false).write(into: &row)
                pinnedRows += row[..<(row.count - pinnedFalse.count)]
                pinnedRows += pinnedTrue
            }
            pinnedRanges.append(start..<pinnedRows.count)
            pinnedRows.append(UInt8(ascii: ","))
            guard shown else {
                rowRanges.append(nil)
                continue
            }
            if !rows.isEmpty { rows.append(UInt8(ascii: ",")) }
            let rowStart = rows.count
            rows += row
            rowRanges.append(rowStart..<rows.count)
        }
        return Entry(
            validFrom: now, validUntil: source.validUntil, prefix: Array(head[..<split.lowerBound]),
            middle: Array(head[split.upperBound...]), flights: flights, past: past, states: states,
            indexByID: indexByID,
            pinnedRows: SpliceableBytes(pinnedRows), pinnedRanges: pinnedRanges, counts: counts,
            tabs: tabsBytes(counts, date: key.date),
            rows: SpliceableBytes(rows),
            rowRanges: rowRanges, encodedRows: encodedRows)
    }

    static func tabsBytes(_ counts: [Int], date: LocalDate) -> [UInt8] {
        let entries: [JSON] = Tab.allCases.enumerated().map { t, tab in
            BoardDocument.TabEntry(
                id: tab, title: tab.title, count: counts[t], badge: tab == .all ? date.shortName : String(counts[t])
            ).json
        }
        return JSON.array(entries).bytes
    }

    /// The view's document from the entry's parts: shared bytes when no pin falls on the board's day.
    /// With pins, the pinned rows come first, as slices of the entry's rows encoded pinned (one slice
    /// for pins next to each other in the tab), then the other rows as slices of the shared rows, cut
    /// around the pinned ones; each slice takes the comma after it but the last. Nothing is copied
    /// (but the pinned rows, where slicing them would keep too much in memory: below): a view is a
    /// handful of pieces, the same head as every view's, each piece a vector for `writev` (or a
    /// reference for `splice`) and a reference counted as it is queued.
    static func assemble(_ entry: Entry, key: Key, pinned: PinnedFlights, nowText: [UInt8]) -> EncodedDocument {
        let pins = pinnedIndices(entry, date: key.date, pinned: pinned)
        var pieces: [OutputChunk] = []
        pieces.reserveCapacity(2 * pins.count + 8)  // the head's five, the runs, the closing and a line's end
        pieces.append(.bytes(entry.prefix[...]))
        pieces.append(.bytes(nowText[...]))
        pieces.append(.bytes(entry.middle[...]))
        guard !pins.isEmpty else {
            pieces.append(.bytes(entry.tabs[...]))
            pieces.append(.bytes(flightsOpening[...]))
            pieces.append(entry.rows[entry.rows.all])
            pieces.append(.bytes(documentClosing[...]))
            return EncodedDocument(pieces: pieces)
        }
        var counts = entry.counts
        if key.hidePast {
            // A pin keeps a past flight on the board, in every tab it belongs to.
            for index in pins where entry.past[index] {
                for (t, tab) in Tab.allCases.enumerated() where tab.includes(entry.flights[index]) { counts[t] += 1 }
            }
        }
        // The tabs are encoded again only when a pin changed a count (a pinned past flight under hide-past).
        let tabs = counts == entry.counts ? entry.tabs : tabsBytes(counts, date: key.date)
        pieces.append(.bytes(tabs[...]))
        pieces.append(.bytes(flightsOpening[...]))

        // The pinned rows, in time order; a run of pins next to each other in the tab is one slice.
        let pinnedShown = pins.lazy.filter { entry.rowRanges[$0] != nil }.count
        let othersFollow = entry.shownCount > pinnedShown
        var pinnedRuns: [Range<Int>] = []
        for index in pins {
            guard let range = entry.pinnedRanges[index] else { continue }
            if let run = pinnedRuns.last, run.upperBound + 1 == range.lowerBound {
                pinnedRuns[pinnedRuns.count - 1] = run.lowerBound..<range.upperBound
            } else {
                pinnedRuns.append(range)
            }
        }
        // Each run takes the comma after it, but the last when no other row follows.
        for (number, run) in pinnedRuns.enumerated() where number < pinnedRuns.count - 1 || othersFollow {
            pinnedRuns[number] = run.lowerBound..<(run.upperBound + 1)
        }
        let pinnedAt = pieces.count

        // Runs of the shared rows between the pinned ones, each one slice, found from the pins alone
        // (a view of a 3,000-flight day costs its pins, not the day's flights): each run takes the
        // comma after it, the one before the pinned row that ends it; the last run takes none.
        var start = 0  // where the next run begins in the rows
        for index in pins {
            guard let pinnedRow = entry.rowRanges[index] else { continue }
            if pinnedRow.lowerBound > start { pieces.append(entry.rows[start..<pinnedRow.lowerBound]) }
            start = pinnedRow.upperBound + 1  // past the pinned row and the comma after it
        }
        if start < entry.rows.count {
            pieces.append(entry.rows[start..<entry.rows.count])
        } else if pieces.count > pinnedAt, case .spliceable(let rows, let last) = pieces[pieces.count - 1] {
            // The rows end with pinned ones: the run before them is the last, without its comma.
            pieces[pieces.count - 1] = .spliceable(rows, last.lowerBound..<(last.upperBound - 1))
        }
        pieces.append(.bytes(documentClosing[...]))

        // Slices keep their whole buffers in memory while they wait to be written, and the output
        // limits count what is queued. The pinned rows go as slices when that keeps at most three
        // times the document's size alive; else (a few pins of a large day whose rows are mostly
        // hidden: hide-past, late) they are copied, and the document keeps only the shown rows, which
        // are at most its own size.
        let pinnedSize = pinnedRuns.reduce(0) { $0 + $1.count }
        let size = pieces.reduce(pinnedSize) { $0 + $1.count }
        let rowsKept = pieces.count > pinnedAt + 1 ? entry.rows.count : 0
        if rowsKept + entry.pinnedRows.count <= 3 * size {
            pieces.insert(contentsOf: pinnedRuns.map { entry.pinnedRows[$0] }, at: pinnedAt)
        } else {
            var copied: [UInt8] = []
            copied.reserveCapacity(pinnedSize)
            for run in pinnedRuns { copied += entry.pinnedRows.bytes(run) }
            pieces.insert(.bytes(copied[...]), at: pinnedAt)
        }
        return EncodedDocument(pieces: pieces)
    }

    /// The indices (in time order) of the entry's flights that `pinned` pins: each pin looked up by id
    /// (its identity then checked without hashing), or, for a pin list longer than the day, each flight
    /// looked up among the pins.
    static func pinnedIndices(_ entry: Entry, date: LocalDate, pinned: PinnedFlights) -> [Int] {
        guard !pinned.isEmpty else { return [] }
        guard pinned.count < entry.flights.count else {
            return entry.flights.indices.filter { pinned.contains(entry.flights[$0]) }
        }
        var indices: [Int] = []
        indices.reserveCapacity(pinned.count)
        for id in pinned.anyDay { if let index = entry.indexByID[id] { indices.append(index) } }
        let checkAnyDay = !pinned.anyDay.isEmpty
        for key in pinned.flights where key.date == date {
            // The flight's fields are read in place: passing `entry.flights[index]` copied it, retaining its every string.
            guard let index = entry.indexByID[key.id], entry.flights[index].date == key.date,
                pinned.names.isEmpty || pinned.names(entry.flights[index], as: key)
            else { continue }
            if checkAnyDay && pinned.anyDay.contains(key.id) { continue }  // already found by its id alone
            indices.append(index)
        }
        indices.sort()
        return indices
    }
}
