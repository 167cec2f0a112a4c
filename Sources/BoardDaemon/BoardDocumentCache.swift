import BoardProtocol
import BoardSystem
import FlightData
import Foundation
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

    /// One board (tab, hide-past, day) without pins, in parts.
    struct Entry: Sendable {
        let validFrom: Date
        let validUntil: Date
        /// The document up to the value of "now", and from after it up to and including `"tabs":`.
        let prefix: [UInt8]
        let middle: [UInt8]
        /// The day's flights in time order (every tab), and whether each is past.
        let flights: [Flight]
        let past: [Bool]
        let indexByID: [Int: Int]
        /// Each row of the tab encoded unpinned, one after another, and each flight's range in it
        /// (nil for a flight not in the tab).
        let fragments: [UInt8]
        let ranges: [Range<Int>?]
        /// Without pins: each tab's count, the tabs encoded and the rows shown, comma-separated, and each
        /// flight's range in those rows (nil for a flight not shown).
        let counts: [Int]
        let tabs: [UInt8]
        let rows: [UInt8]
        let rowRanges: [Range<Int>?]

        var size: Int { prefix.count + middle.count + fragments.count + rows.count + tabs.count + flights.count * 64 }
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

    /// The encoded board for `key` with `pinned` at `now` (`nowText` is its "now", encoded), built from
    /// `source` when no entry covers `now`.
    func document(
        _ key: Key, pinned: PinnedFlights, at now: Date, nowText: [UInt8], encoding: WireEncoding, simulated: Bool,
        speed: Double, source: () -> Source
    ) -> EncodedDocument {
        let cached = entries.withLock { $0.table[key] }
        let entry: Entry
        if let cached, cached.validFrom <= now, now < cached.validUntil {
            entry = cached
        } else {
            builds.add(1, ordering: .relaxed)
            entry = Self.build(
                key, source: source(), at: now, encoding: encoding, simulated: simulated, speed: speed)
            entries.withLock { cache in
                if cache.table.count >= Self.capacity || cache.bytes + entry.size > Self.capacityBytes {
                    cache.table.removeAll(keepingCapacity: true)
                    cache.bytes = 0
                }
                if let old = cache.table.updateValue(entry, forKey: key) { cache.bytes -= old.size }
                cache.bytes += entry.size
            }
        }
        return Self.assemble(entry, key: key, pinned: pinned, nowText: nowText)
    }

    /// The marker that stands for "now" while the document is encoded once.
    static let marker = "\u{1}now\u{1}"
    static let flightsOpening = Array(#","flights":["#.utf8)
    static let documentClosing = Array("]}".utf8)
    static let pinnedFalse = Array("false}".utf8)
    static let pinnedTrue = Array("true}".utf8)

    static func build(
        _ key: Key, source: Source, at now: Date, encoding: WireEncoding, simulated: Bool, speed: Double
    ) -> Entry {
        let flights = source.flights.sorted(by: Board.timeOrder(at: now))
        let past = flights.map { $0.isPast(at: now) }
        var indexByID: [Int: Int] = [:]
        indexByID.reserveCapacity(flights.count)
        for (index, flight) in flights.enumerated() { indexByID[flight.id] = index }

        // The document without tabs and flights, which are the last two fields.
        let empty = Board(flights: [], query: BoardQuery(date: key.date, tab: key.tab, hidePast: key.hidePast), now: now)
        var head = encoding.board(empty, simulated: simulated, speed: speed, nowText: marker).json.bytes
        // `..."tabs":[...],"flights":[]}`: keep up to `"tabs":` (the last, as the airport's name could hold one).
        let tabsKey = Array(#","tabs":"#.utf8)
        let flightsTail = Array(#""flights":[]}"#.utf8)
        precondition(Array(head.suffix(flightsTail.count)) == flightsTail)
        let tabsAt = head.indices.reversed().first { head[$0...].starts(with: tabsKey) }!
        head.removeSubrange((tabsAt + tabsKey.count)...)
        var quoted: [UInt8] = []
        JSON.writeString(marker, into: &quoted)
        let split = head.firstRange(of: quoted)!

        var fragments: [UInt8] = []
        var ranges: [Range<Int>?] = []
        ranges.reserveCapacity(flights.count)
        var rows: [UInt8] = []
        var rowRanges: [Range<Int>?] = []
        rowRanges.reserveCapacity(flights.count)
        var counts = [Int](repeating: 0, count: Tab.allCases.count)
        for (index, flight) in flights.enumerated() {
            let shown = !key.hidePast || !past[index]
            if shown { for (t, tab) in Tab.allCases.enumerated() where tab.includes(flight) { counts[t] += 1 } }
            guard key.tab.includes(flight) else {
                ranges.append(nil)
                rowRanges.append(nil)
                continue
            }
            let start = fragments.count
            encoding.flight(flight, at: now, pinned: false).json.write(into: &fragments)
            ranges.append(start..<fragments.count)
            guard shown else {
                rowRanges.append(nil)
                continue
            }
            if !rows.isEmpty { rows.append(UInt8(ascii: ",")) }
            let rowStart = rows.count
            rows += fragments[start...]
            rowRanges.append(rowStart..<rows.count)
        }
        return Entry(
            validFrom: now, validUntil: source.validUntil, prefix: Array(head[..<split.lowerBound]),
            middle: Array(head[split.upperBound...]), flights: flights, past: past, indexByID: indexByID,
            fragments: fragments, ranges: ranges, counts: counts, tabs: tabsBytes(counts, date: key.date), rows: rows,
            rowRanges: rowRanges)
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
    /// With pins, only the pinned rows (moved first, their `"pinned"` set) are new bytes; the other
    /// rows are slices of the board's shared rows, cut around the pinned ones, never copied.
    static func assemble(_ entry: Entry, key: Key, pinned: PinnedFlights, nowText: [UInt8]) -> EncodedDocument {
        let pins = pinnedIndices(entry, date: key.date, pinned: pinned)
        guard !pins.isEmpty else {
            return EncodedDocument(
                pieces: [
                    entry.prefix[...], nowText[...], entry.middle[...], entry.tabs[...], flightsOpening[...],
                    entry.rows[...], documentClosing[...],
                ])
        }
        var counts = entry.counts
        if key.hidePast {
            // A pin keeps a past flight on the board, in every tab it belongs to.
            for index in pins where entry.past[index] {
                for (t, tab) in Tab.allCases.enumerated() where tab.includes(entry.flights[index]) { counts[t] += 1 }
            }
        }
        var pinnedRows: [UInt8] = []
        for index in pins {
            guard let range = entry.ranges[index] else { continue }
            if !pinnedRows.isEmpty { pinnedRows.append(UInt8(ascii: ",")) }
            pinnedRows += entry.fragments[range.lowerBound..<(range.upperBound - pinnedFalse.count)]
            pinnedRows += pinnedTrue
        }
        // The tabs are encoded again only when a pin changed a count (a pinned past flight under hide-past).
        let tabs = counts == entry.counts ? entry.tabs : tabsBytes(counts, date: key.date)
        var pieces: [ArraySlice<UInt8>] = [
            entry.prefix[...], nowText[...], entry.middle[...], tabs[...], flightsOpening[...],
        ]
        pieces.reserveCapacity(pieces.count + 2 * pins.count + 4)
        var wrote = !pinnedRows.isEmpty
        if wrote { pieces.append(pinnedRows[...]) }
        // Runs of the shared rows between the pinned ones: each run is one slice, commas and all.
        var run: Range<Int>?
        func endRun() {
            guard let current = run else { return }
            if wrote { pieces.append(comma[...]) }
            pieces.append(entry.rows[current])
            wrote = true
            run = nil
        }
        var nextPin = 0
        for index in entry.flights.indices {
            let isPinned = nextPin < pins.count && pins[nextPin] == index
            if isPinned { nextPin += 1 }
            guard let range = entry.rowRanges[index] else { continue }
            if isPinned {
                endRun()
                continue
            }
            run = (run?.lowerBound ?? range.lowerBound)..<range.upperBound
        }
        endRun()
        pieces.append(documentClosing[...])
        return EncodedDocument(pieces: pieces)
    }

    static let comma: [UInt8] = [UInt8(ascii: ",")]

    /// The indices (in time order) of the entry's flights that `pinned` pins.
    static func pinnedIndices(_ entry: Entry, date: LocalDate, pinned: PinnedFlights) -> [Int] {
        guard !pinned.isEmpty else { return [] }
        var indices: [Int]
        if pinned.count < entry.flights.count {
            indices = []
            for id in pinned.anyDay { if let index = entry.indexByID[id] { indices.append(index) } }
            for key in pinned.flights where key.date == date && !pinned.anyDay.contains(key.id) {
                if let index = entry.indexByID[key.id] { indices.append(index) }
            }
            indices = indices.filter { pinned.contains(entry.flights[$0]) }
            indices.sort()
        } else {
            indices = entry.flights.indices.filter { pinned.contains(entry.flights[$0]) }
        }
        return indices
    }
}
