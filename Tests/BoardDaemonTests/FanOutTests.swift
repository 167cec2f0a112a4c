import BoardProtocol
import FlightData
import Foundation
import Testing

@testable import BoardDaemon

/// The board and events fan-outs as values: a move and the subscribers in, what to queue for each
/// out, a share at a time, with no loop and no socket.
struct BoardFanOutTests {
    static func service() -> BoardService { PinnedParamTests.service() }

    static let allView = WatchView(tab: .all, hidePast: false, pinned: PinnedFlights())

    @Test func everyWatcherIsOfferedOneBoardAShareATime() {
        let service = Self.service()
        var fanOut = BoardFanOut()
        let watchers = (0..<300).map { UInt64($0) + ConnectionTable.firstToken }
        fanOut.start(at: service.clock.now, watchers: watchers, service: service)
        var shares: [[BoardFanOut.Offer]] = []
        while fanOut.isOffering { shares.append(fanOut.nextShare(service: service) { _ in Self.allView }) }
        #expect(shares.map(\.count) == [128, 128, 44])
        #expect(shares.flatMap { $0.map(\.token) } == watchers)
        // One view, one board: built once and the same bytes for all.
        #expect(fanOut.lastViewCount == 1)
        let boards = Set(shares.flatMap { $0.map { $0.board.joined } })
        #expect(boards.count == 1)
        #expect(boards.first?.last == UInt8(ascii: "\n"))
    }

    @Test func eachViewGetsItsOwnBoardAndAWatcherThatLeftIsSkipped() {
        let service = Self.service()
        var fanOut = BoardFanOut()
        let departures = WatchView(tab: .departures, hidePast: true, pinned: PinnedFlights())
        fanOut.start(at: service.clock.now, watchers: [3, 4, 5, 6], service: service)
        let offers = fanOut.nextShare(service: service) { token in
            switch token {
            case 3, 5: Self.allView
            case 4: departures
            default: nil
            }
        }
        #expect(offers.map(\.token) == [3, 4, 5])
        #expect(offers[0].board.joined == offers[2].board.joined)
        #expect(offers[0].board.joined != offers[1].board.joined)
        #expect(fanOut.lastViewCount == 2)
    }

    @Test func aChangeDuringAnOfferingPutsThoseNotReachedFirst() {
        let service = Self.service()
        var fanOut = BoardFanOut()
        let watchers = (0..<300).map { UInt64($0) + ConnectionTable.firstToken }
        fanOut.start(at: service.clock.now, watchers: watchers, service: service)
        _ = fanOut.nextShare(service: service) { _ in Self.allView }
        fanOut.start(at: service.clock.now.addingTimeInterval(60), watchers: watchers, service: service)
        var order: [UInt64] = []
        while fanOut.isOffering { order += fanOut.nextShare(service: service) { _ in Self.allView }.map(\.token) }
        #expect(order == Array(watchers[128...]) + Array(watchers[..<128]))
    }
}

struct EventsFanOutTests {
    static func subscription(_ filter: EventFilter = EventFilter(), at service: BoardService) -> ClientConnection.EventWatch {
        ClientConnection.EventWatch(requestID: .int(1), filter: filter, position: .after(service.clock.now))
    }

    static func advance(_ service: inout BoardService, minutes: Int) {
        _ = service.handle(WireRequest(id: 1, method: .clockAdvance, params: ["minutes": .int(minutes)]))
    }

    @Test func anHoursChangesAreComputedOnceAndOfferedToEverySubscriber() {
        var service = PinnedParamTests.service()
        var fanOut = EventsFanOut(publishedAt: service.clock.now)
        let subscription = Self.subscription(at: service)
        Self.advance(&service, minutes: 60)
        let note = fanOut.start(subscribers: Array(3..<203), service: service)
        #expect(note?.hasPrefix("offering ") == true)
        let first = fanOut.nextShare(service: service) { _ in subscription }
        #expect(first.count == BoardFanOut.watchersPerTurn)
        let rest = fanOut.nextShare(limit: .max, service: service) { _ in subscription }
        #expect(rest.count == 200 - BoardFanOut.watchersPerTurn)
        #expect(!fanOut.isOffering)
        let changes = first[0].changes.map(\.change)
        #expect(!changes.isEmpty)
        #expect((first + rest).allSatisfy { $0.changes.map(\.change) == changes && $0.alsoSkipped == 0 })
        #expect(fanOut.through == service.clock.now)
    }

    @Test func aMoveOfADayOrMoreOffersEachSubscriberItsFirstPageAndACount() {
        var service = PinnedParamTests.service()
        var fanOut = EventsFanOut(publishedAt: service.clock.now)
        let subscription = Self.subscription(at: service)
        Self.advance(&service, minutes: 2 * 1440)
        #expect(fanOut.start(subscribers: [3, 4], service: service)?.hasSuffix("bounded") == true)
        let offers = fanOut.nextShare(service: service) { _ in subscription }
        #expect(offers.count == 2)
        #expect(offers.allSatisfy { $0.changes.count == BoardService.eventsPerMove && $0.alsoSkipped > 0 })
    }

    @Test func noSubscriberOrAClockSetBackOffersNothing() {
        var service = PinnedParamTests.service()
        var fanOut = EventsFanOut(publishedAt: service.clock.now)
        Self.advance(&service, minutes: 60)
        #expect(fanOut.start(subscribers: [], service: service) == nil)
        #expect(fanOut.nextChange == .distantFuture)
        Self.advance(&service, minutes: -30)
        #expect(fanOut.start(subscribers: [3], service: service) == nil)
        #expect(!fanOut.isOffering)
        #expect(fanOut.publishedAt == service.clock.now)
    }
}
