/// A JSON document as pieces to be written one after another (with `writev`), so shared parts are never
/// copied: each piece is an array or part of one (a view's rows are slices of its board's rows).
public struct EncodedDocument: Sendable {
    var pieces: [ArraySlice<UInt8>]

    var count: Int { pieces.reduce(0) { $0 + $1.count } }

    /// The document in one array, for the few places that need it whole.
    public var joined: [UInt8] { Array(pieces.joined()) }
}
