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
