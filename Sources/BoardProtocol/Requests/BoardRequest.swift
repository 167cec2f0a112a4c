/// A request of one method, with its params as typed values: what the client builds and the daemon reads.
///
/// `params` writes the keys that are set, in a fixed order; `init(params:)` reads them back and
/// refuses what is not one of them with `invalidParams`, in the words the protocol documents. Only
/// what needs the daemon's state (the window's days, the clock, the flights) is checked after.
public protocol BoardRequest: Hashable, Sendable {
    static var method: WireMethod { get }
    var params: JSON { get }
    init(params: JSON) throws(WireError)
}

extension WireRequest {
    /// A request line of `request`'s method and params.
    public init(id: Int, _ request: some BoardRequest) {
        self.init(id: id, method: type(of: request).method, params: request.params)
    }
}
