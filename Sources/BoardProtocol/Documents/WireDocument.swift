/// A reply's result (or a line the client prints) as a value: one type per document, used by the
/// daemon to encode and by the client to decode, so both sides agree by construction.
///
/// A document is `Codable`: its keys are its properties (or its `CodingKeys`), written once, in the
/// order the contract gives them, and `json` and `init(json:)` are `JSONValueEncoder` and
/// `JSONValueDecoder` on it (`bytes`, `JSONBytesEncoder`). So `json` keeps the contract's key
/// order, number formatting and nulls: a document the daemon sent, decoded and encoded again,
/// gives the same bytes.
public protocol WireDocument: Codable, Hashable, Sendable {
    /// Reads the document; a missing, malformed or unknown value is a `WireError` that names it.
    init(json: JSON) throws(WireError)
    var json: JSON { get }
}

extension WireDocument {
    public init(json: JSON) throws(WireError) {
        do {
            self = try JSONValueDecoder().decode(Self.self, from: json)
        } catch {
            throw WireError(reading: error, in: json)
        }
    }

    public var json: JSON {
        do {
            return try JSONValueEncoder().encode(self)
        } catch {
            preconditionFailure(Self.unencodable(error))
        }
    }

    /// The bytes of `json`, written straight (`JSONBytesEncoder`): how the daemon sends a document.
    public var bytes: [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(256)
        write(into: &out)
        return out
    }

    /// Appends the bytes of `json` to `out`, without making `json`: by the document's own
    /// `writeJSON(into:)` when it has one (`JSONWritable`), else `JSONBytesEncoder`.
    public func write(into out: inout [UInt8]) {
        if writeItself(self, into: &out) { return }
        do {
            try JSONBytesEncoder().encode(self, into: &out)
        } catch {
            preconditionFailure(Self.unencodable(error))
        }
    }

    /// A document holds strings, `Int`s, `Double`s and documents: nothing it holds can fail to encode.
    private static func unencodable(_ error: any Error) -> String { "\(Self.self) did not encode: \(error)" }
}

/// The `"schema"` every top-level document carries; it changes only when a document changes incompatibly.
public let documentSchema = 1

/// A top-level document's first key, `"schema":1` (`documentSchema`).
///
/// It is not checked when read (a reply without one is read too), so a document holds it as a
/// value that is always the same.
public struct DocumentSchema: Codable, Hashable, Sendable {
    public init() {}

    public init(from decoder: any Decoder) throws {}

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(documentSchema)
    }
}

extension KeyedDecodingContainer {
    /// A document's schema, present or not: a synthesized `init(from:)` reads it through this.
    public func decode(_: DocumentSchema.Type, forKey _: Key) -> DocumentSchema { DocumentSchema() }
}
