/// A reply's result (or a line the client prints) as a value: one type per document, used by the
/// daemon to encode and by the client to decode, so both sides agree by construction.
///
/// `json` keeps the contract's key order, number formatting and nulls: a document the daemon
/// sent, decoded and encoded again, gives the same bytes.
public protocol WireDocument: Hashable, Sendable {
    /// Reads the document; a missing, malformed or unknown value is a `WireError` that names it.
    init(json: JSON) throws(WireError)
    var json: JSON { get }
}

/// The `"schema"` every top-level document carries; it changes only when a document changes incompatibly.
public let documentSchema = 1
