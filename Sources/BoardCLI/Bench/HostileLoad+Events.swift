import BoardProtocol
import BoardSystem
import FlightData
import FoundationEssentials

/// The events loads of `board bench --hostile` (issue 33's attack classes): subscribers that never
/// read, distinct pin lists under day-long moves, and many distinct kinds filters.
extension HostileLoad {
    /// `unread`: `count` `events.watch` connections with the least receive buffer that read nothing
    /// after the hello (which says the daemon took them), while a client moves the clock ten minutes
    /// at a time, back to back.
    mutating func startUnread(count: Int) throws(Failure) {
        let line = Array(#"{"id":1,"method":"events.watch"}"#.utf8) + [10]
        for _ in 0..<count {
            let fd = try open()
            UnixSocket.setReceiveBuffer(fd, bytes: 1)
            do { try fd.writeAll(line) } catch { throw Failure(description: "events.watch: \(error)") }
        }
        try moveClock(minutes: 10)
    }

    /// `filters`: `count` subscribers, each pinning its own five flights of the coming week and reading
    /// all it is sent, while a client moves the clock a day at a time, every half second.
    mutating func startFilters(count: Int) throws(Failure) {
        let lists = try fivePinLists(count: count)
        readAll(try subscribe("events.watch", lists.map { ["pinned": $0] }))
        try moveClock(minutes: 1440, pause: 0.5)
    }

    /// `kinds`: `count` subscribers with the 63 distinct `kinds` filters in turn, reading all they are
    /// sent, while a client moves the clock a minute at a time, back to back.
    mutating func startKinds(count: Int) throws(Failure) {
        let names = FlightChange.Kind.allCases.map(\.rawValue)
        let params: [JSON] = (0..<count).map { index in
            let mask = index % 63 + 1
            return ["kinds": .array(names.enumerated().filter { mask >> $0.offset & 1 == 1 }.map { .string($0.element) })]
        }
        readAll(try subscribe("events.watch", params))
        try moveClock(minutes: 1)
    }

    /// `count` distinct lists of five flights (id and date) of the window's first seven days.
    mutating func fivePinLists(count: Int) throws(Failure) -> [JSON] {
        let control = try open()
        let scanner = ReplyScanner(protocolKind: Self.board)
        var flights: [JSON] = []
        for day in 0..<7 {
            let board: JSON
            do {
                board = try BenchRunner.request(
                    control, scanner, BenchProtocol.line(id: 5, BoardGetRequest(date: DateSpec("+\(day)"))))
            } catch { break }  // past the window's end
            flights += (board["flights"]?.array ?? []).map { ["id": $0["id"] ?? .null, "date": $0["date"] ?? .null] }
        }
        guard flights.count >= 5 else { throw Failure(description: "board.get: too few flights to pin") }
        var generator = SplitMix64(seed: 33, keys: UInt64(count))
        var seen = Set<[Int]>()
        var lists: [JSON] = []
        var tries = 0
        while lists.count < count, tries < 100 * count {
            tries += 1
            var picked = Set<Int>()
            while picked.count < 5 { picked.insert(Int(generator.next() % UInt64(flights.count))) }
            guard seen.insert(picked.sorted()).inserted else { continue }
            lists.append(.array(picked.sorted().map { flights[$0] }))
        }
        return lists
    }
}
