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
final class BoardDocumentCache: Sendable {
    struct Key: Hashable {
        let view: WatchView
        let date: LocalDate
    }

    struct Entry {
        let validFrom: Date
        let validUntil: Date
        /// The document up to the value of "now", and from after it.
        let prefix: [UInt8]
        let suffix: [UInt8]
    }

    /// Enough for every view people use; cleared when full rather than tracked by age.
    static let capacity = 256
    private let entries = Mutex<[Key: Entry]>([:])

    /// The encoded board for `key` at `now` (`nowText` is its "now", encoded), built with `build` when no
    /// entry covers `now`.
    func document(_ key: Key, at now: Date, nowText: [UInt8], build: () -> (json: JSON, validUntil: Date)) -> EncodedDocument {
        let cached = entries.withLock { $0[key] }
        let entry: Entry
        if let cached, cached.validFrom <= now, now < cached.validUntil {
            entry = cached
        } else {
            let (json, validUntil) = build()
            entry = Self.split(json, validFrom: now, validUntil: validUntil)
            entries.withLock { table in
                if table.count >= Self.capacity { table.removeAll(keepingCapacity: true) }
                table[key] = entry
            }
        }
        // The large parts are shared, not copied: they go to the socket as they are.
        return EncodedDocument(pieces: [entry.prefix, nowText, entry.suffix])
    }

    /// The marker that stands for "now" while the document is encoded once.
    static let marker = "\u{1}now\u{1}"

    static func split(_ json: JSON, validFrom: Date, validUntil: Date) -> Entry {
        let bytes = json.bytes
        var quoted: [UInt8] = []
        JSON.writeString(marker, into: &quoted)
        guard let start = bytes.firstRange(of: quoted) else {
            return Entry(validFrom: validFrom, validUntil: validFrom, prefix: bytes, suffix: [])  // never reused
        }
        return Entry(
            validFrom: validFrom, validUntil: validUntil, prefix: Array(bytes[..<start.lowerBound]),
            suffix: Array(bytes[start.upperBound...]))
    }
}

/// A JSON document as pieces to be written one after another (with `writev`), so shared parts are never copied.
public struct EncodedDocument: Sendable {
    var pieces: [[UInt8]]

    var count: Int { pieces.reduce(0) { $0 + $1.count } }

    /// The document in one array, for the few places that need it whole.
    public var joined: [UInt8] { Array(pieces.joined()) }
}

/// The clock read once a second: the airport's date and "now" as encoded JSON.
///
/// Both need the time zone's offset, which Foundation asks ICU for; at tens of
/// thousands of requests a second that was the daemon's largest own cost.
/// Within one second both are the same, so they are kept until the second changes.
final class ClockReadings: Sendable {
    struct Reading {
        let second: Int
        let date: LocalDate
        /// `"2026-11-30T12:00:00-05:00"`, quoted, as it goes into a document.
        let nowText: [UInt8]
    }

    private let last = Mutex<Reading?>(nil)

    func reading(at now: Date, localTime: LocalTime) -> Reading {
        let second = Int(now.timeIntervalSince1970.rounded(.down))
        if let cached = last.withLock({ $0 }), cached.second == second { return cached }
        var nowText: [UInt8] = []
        JSON.writeString(localTime.iso8601(now), into: &nowText)
        let reading = Reading(second: second, date: localTime.date(at: now), nowText: nowText)
        last.withLock { $0 = reading }
        return reading
    }
}
