import BoardProtocol
import FlightData
import Foundation
import Testing

@testable import BoardDaemon

/// `board.watch` takes a `date`: a deep link to another day's flight watches that day's board.
struct WatchDateTests {
    static func watch(_ params: JSON) -> Result<WatchView, WireError> {
        var service = PinnedParamTests.service()
        switch service.handle(WireRequest(id: 1, method: .boardWatch, params: params)) {
        case .watch(let view): return .success(view)
        case .failure(let error): return .failure(error)
        default: return .failure(WireError(.internal, "not a watch"))
        }
    }

    static func board(_ view: WatchView, at now: Date = PinnedParamTests.noon) throws -> JSON {
        try JSON.parse(PinnedParamTests.service().watchBoard(view, at: now).joined)
    }

    /// Watchers get a board when the clocks change: its `now` has the new offset, and the live
    /// view's clock, run on from the last board, would otherwise read 02:01 an hour after New York's
    /// 02:00 became 03:00, until the next flight changed.
    @Test(arguments: [
        (Date(timeIntervalSince1970: 1_772_953_200), "2026-03-08T03:00:00-04:00"),  // spring forward
        (Date(timeIntervalSince1970: 1_793_512_800), "2026-11-01T01:00:00-05:00"),  // fall back
    ])
    func theBoardsChangeWhenTheClocksChange(transition: Date, after: String) throws {
        let before = transition.addingTimeInterval(-120)
        let service = BoardService(config: .builtIn, clock: DaemonClock(simulatedAt: before, speed: 0), instance: "test")
        #expect(service.nextChange(after: before) <= transition)
        #expect(service.nextChange(after: transition.addingTimeInterval(-1)) == transition)
        let board = try JSON.parse(service.watchBoard(WatchView(tab: .all, hidePast: false, pinned: []), at: transition).joined)
        #expect(board["now"]?.string == after)
    }

    @Test func aWatchedDayIsThatDaysBoardAndWithoutOneToday() throws {
        let tomorrow = try Self.watch(["tab": "departures", "date": "2026-12-01"]).get()
        #expect(try Self.board(tomorrow)["date"]?.string == "2026-12-01")
        let relative = try Self.watch(["date": "+2"]).get()
        #expect(try Self.board(relative)["date"]?.string == "2026-12-02")
        let today = try Self.watch(["tab": "all"]).get()
        #expect(try Self.board(today)["date"]?.string == "2026-11-30")
    }

    @Test func aDayThatLeftTheWindowFallsBackToToday() throws {
        let view = try Self.watch(["date": "2026-12-01"]).get()
        let later = PinnedParamTests.noon.addingTimeInterval(3 * 86_400)
        #expect(try Self.board(view, at: later)["date"]?.string == "2026-12-03")
    }

    @Test(arguments: [
        ("2027-01-30", WireErrorCode.outsideWindow), ("2026-11-29", .outsideWindow), ("yesterday", .invalidParams),
        ("2026-13-01", .invalidParams),
    ])
    func aDateOutsideTheWindowOrMalformedIsRefused(date: String, code: WireErrorCode) {
        guard case .failure(let error) = Self.watch(["date": .string(date)]) else {
            Issue.record("\(date) was watched")
            return
        }
        #expect(error.code == code)
    }
}
