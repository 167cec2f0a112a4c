/// The daemon's clients, in slots indexed by their epoll token: no hashing on the hot path.
///
/// A token is a slot number plus `firstToken` (lower tokens are the listener, the signals, a
/// replica's feed and the mailbox from the other loop). Freed slots are reused, newest first.
struct ConnectionTable {
    static let firstToken: UInt64 = 4

    private var slots: [ClientConnection?] = []
    /// Which slots hold a connection, kept beside them: testing a slot for nil copied its connection.
    private var occupied: [Bool] = []
    private var free: [Int] = []
    private(set) var count = 0

    /// The token the next inserted connection will get.
    var nextToken: UInt64 { UInt64(free.last ?? slots.count) + Self.firstToken }

    /// Adds a connection under `nextToken`.
    mutating func insert(_ connection: ClientConnection) -> UInt64 {
        let token = nextToken
        let index = Int(token - Self.firstToken)
        if index == slots.count {
            slots.append(connection)
            occupied.append(true)
        } else {
            free.removeLast()
            slots[index] = connection
            occupied[index] = true
        }
        count += 1
        return token
    }

    subscript(token: UInt64) -> ClientConnection? {
        get {
            let index = Int(token &- Self.firstToken)
            return token >= Self.firstToken && index < slots.count ? slots[index] : nil
        }
        _modify {
            let index = Int(token &- Self.firstToken)
            if token >= Self.firstToken, index < slots.count {
                let wasPresent = occupied[index]
                yield &slots[index]
                if wasPresent && slots[index] == nil { release(index) }
            } else {
                var nothing: ClientConnection? = nil
                yield &nothing
            }
        }
    }

    @discardableResult
    mutating func removeValue(forKey token: UInt64) -> ClientConnection? {
        let index = Int(token &- Self.firstToken)
        guard token >= Self.firstToken, index < slots.count, let connection = slots[index] else { return nil }
        slots[index] = nil
        release(index)
        return connection
    }

    /// Whether a connection is under `token` (without copying it out).
    func contains(_ token: UInt64) -> Bool {
        let index = Int(token &- Self.firstToken)
        return token >= Self.firstToken && index < occupied.count && occupied[index]
    }

    /// Changes the connection under `token` in place (its arrays are never copied); nil when there is none.
    mutating func update<Result>(_ token: UInt64, _ body: (inout ClientConnection) -> Result) -> Result? {
        let index = Int(token &- Self.firstToken)
        guard token >= Self.firstToken, index < slots.count, occupied[index] else { return nil }
        return body(&slots[index]!)
    }

    private mutating func release(_ index: Int) {
        occupied[index] = false
        count -= 1
        free.append(index)
    }

    /// The tokens in use.
    var tokens: [UInt64] { occupied.indices.compactMap { occupied[$0] ? UInt64($0) + Self.firstToken : nil } }

    /// The tokens of the connections `test` accepts, each looked at in place: a connection is never
    /// copied (taking one out of its slot retained its every buffer, a fifth of a fan-out's time).
    mutating func tokens(where test: (inout ClientConnection) -> Bool) -> [UInt64] {
        var found: [UInt64] = []
        found.reserveCapacity(count)
        for index in occupied.indices where occupied[index] && test(&slots[index]!) {
            found.append(UInt64(index) + Self.firstToken)
        }
        return found
    }

    var values: [ClientConnection] { slots.compactMap { $0 } }
}
