import FlightData

/// One change, as `events.get` lists it and `events.watch` pushes it:
/// `{"seq","at","flight":{"id","date","flightName"},"kind","from","to","cursor"}`.
///
/// `from` and `to` are text (a status's raw name, an ISO time, a gate, a city) or, for baggage,
/// `{belt, firstBag, lastBag}`; null when the kind has no value there.
public struct ChangeDocument: WireDocument {
    /// The flight a change is about: its identity and its name.
    public struct FlightRef: WireDocument {
        public let id: Int
        /// `YYYY-MM-DD`.
        public let date: String
        public let flightName: String

        public init(id: Int, date: String, flightName: String) {
            self.id = id
            self.date = date
            self.flightName = flightName
        }
    }

    /// A value before or after a change: a string, or a baggage object.
    public enum Value: WireDocument {
        case text(String)
        case baggage(BaggageDocument)

        public init(from decoder: any Decoder) throws {
            if let text = try? decoder.singleValueContainer().decode(String.self) {
                self = .text(text)
            } else {
                self = .baggage(try BaggageDocument(from: decoder))
            }
        }

        public func encode(to encoder: any Encoder) throws {
            switch self {
            case .text(let text):
                var container = encoder.singleValueContainer()
                try container.encode(text)
            case .baggage(let baggage): try baggage.encode(to: encoder)
            }
        }

        /// The text, when the value is one.
        public var text: String? { if case .text(let text) = self { text } else { nil } }
    }

    /// Counts 1... within one answer or one subscription.
    public let seq: Int
    /// When it was announced or happened, ISO-8601 with the airport's offset.
    public let at: String
    public let flight: FlightRef
    public let kind: FlightChange.Kind
    public let from: Value?
    public let to: Value?
    /// Names the change's position: pass it back as `cursor` for the changes after it.
    public let cursor: String

    public init(seq: Int, at: String, flight: FlightRef, kind: FlightChange.Kind, from: Value?, to: Value?, cursor: String) {
        self.seq = seq
        self.at = at
        self.flight = flight
        self.kind = kind
        self.from = from
        self.to = to
        self.cursor = cursor
    }

    /// The same change numbered `seq`.
    public func numbered(_ seq: Int) -> ChangeDocument {
        ChangeDocument(seq: seq, at: at, flight: flight, kind: kind, from: from, to: to, cursor: cursor)
    }
}

extension ChangeDocument: JSONWritable {
    /// The fast path (`JSONWritable`): one for every change of a page of events.
    public func writeJSON(into out: inout [UInt8]) {
        JSONObjectWriter.write(into: &out) { object in
            object.write(seq, CodingKeys.seq)
            object.write(at, CodingKeys.at)
            object.write(flight, CodingKeys.flight)
            object.write(kind, CodingKeys.kind)
            object.write(from, CodingKeys.from)
            object.write(to, CodingKeys.to)
            object.write(cursor, CodingKeys.cursor)
        }
    }
}

extension ChangeDocument.FlightRef: JSONWritable {
    /// The fast path (`JSONWritable`).
    public func writeJSON(into out: inout [UInt8]) {
        JSONObjectWriter.write(into: &out) { object in
            object.write(id, CodingKeys.id)
            object.write(date, CodingKeys.date)
            object.write(flightName, CodingKeys.flightName)
        }
    }
}

extension ChangeDocument.Value: JSONWritable {
    /// The fast path (`JSONWritable`): most values are text.
    public func writeJSON(into out: inout [UInt8]) {
        switch self {
        case .text(let text): JSON.writeString(text, into: &out)
        case .baggage(let baggage): baggage.write(into: &out)
        }
    }
}

/// The reply to `events.get`: one page of the changes in (`since`, `until`], the number of them all,
/// and the cursor for the next page (null on the last).
public struct EventsDocument: WireDocument {
    public private(set) var schema = DocumentSchema()
    public let since: String
    public let until: String
    public let changes: [ChangeDocument]
    /// Every change matching the request in its interval, not only this page's.
    public let total: Int
    public let next: String?

    public init(since: String, until: String, changes: [ChangeDocument], total: Int, next: String?) {
        self.since = since
        self.until = until
        self.changes = changes
        self.total = total
        self.next = next
    }
}

/// The first reply to `events.watch`: the daemon's now, and the cursor of that instant (where to
/// resume when no change arrives before the connection ends).
public struct EventsWatchDocument: WireDocument {
    public private(set) var schema = DocumentSchema()
    public let now: String
    public let cursor: String

    public init(now: String, cursor: String) {
        self.now = now
        self.cursor = cursor
    }
}

/// A pushed line of an `events.watch` subscription: a change, or the note that some were skipped.
public enum EventPush: Hashable, Sendable {
    /// `{"id":N,"event":"change","seq":S,"result":CHANGE}`.
    case change(ChangeDocument)
    case skipped(SkippedEventDocument)

    /// Reads a pushed line; nil when it is not an events push (a reply, a board).
    public init?(line json: JSON) throws(WireError) {
        switch json["event"]?.string {
        case "change": self = .change(try ChangeDocument(json: try json.field("result") { $0 }))
        case "skipped": self = .skipped(try SkippedEventDocument(json: json))
        default: return nil
        }
    }

    public func line(id: JSON) -> JSON {
        switch self {
        case .change(let change):
            .object([("id", id), ("event", "change"), ("seq", .int(change.seq)), ("result", change.json)])
        case .skipped(let skipped): skipped.line(id: id)
        }
    }
}

/// Changes a subscription did not send (past the bound of one clock move, or while the client read
/// too slowly): `{"id":N,"event":"skipped","seq":S,"count":K,"since":T,"until":T,"cursor":C}`.
///
/// `cursor` is the last change sent before the gap: `events.get` with that `cursor` and this `until`
/// gives exactly the skipped changes. Its `json` is the line without its `id` and `event` (`line(id:)`).
public struct SkippedEventDocument: WireDocument {
    public let seq: Int
    public let count: Int
    public let since: String
    public let until: String
    public let cursor: String

    public init(seq: Int, count: Int, since: String, until: String, cursor: String) {
        self.seq = seq
        self.count = count
        self.since = since
        self.until = until
        self.cursor = cursor
    }

    /// The whole pushed line's object.
    public func line(id: JSON) -> JSON {
        .object([("id", id), ("event", "skipped")] + (json.objectPairs ?? []))
    }
}
