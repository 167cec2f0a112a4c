import BoardProtocol
import BoardSystem

/// A JSON document as pieces to be written one after another (with `writev`, or spliced), so shared
/// parts are never copied: each piece is part of an array, or of a board's rows (`SpliceableBytes`),
/// as a view's rows are slices of its board's rows.
public struct EncodedDocument: Sendable {
    var pieces: [OutputChunk]

    init(pieces: [OutputChunk]) { self.pieces = pieces }

    /// A document encoded per request, in one piece, written straight to bytes (`WireDocument.bytes`).
    init(_ document: some WireDocument) { pieces = [.bytes(document.bytes[...])] }

    var count: Int { pieces.reduce(0) { $0 + $1.count } }

    /// The document in one array, for the few places that need it whole.
    public var joined: [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count)
        for piece in pieces {
            switch piece {
            case .bytes(let part): bytes += part
            case .spliceable(let shared, let range): bytes += shared.bytes(range)
            }
        }
        return bytes
    }
}
