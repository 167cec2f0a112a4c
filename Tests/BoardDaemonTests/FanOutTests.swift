import BoardProtocol
import BoardSystem
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

    /// A share stops once it holds `changesPerTurn` changes, however few subscribers it reached, and
    /// the shares together still reach every subscriber once.
    @Test func aShareOfATurnHoldsAtMostItsChanges() {
        var service = PinnedParamTests.service()
        var fanOut = EventsFanOut(publishedAt: service.clock.now)
        let subscription = Self.subscription(at: service)
        Self.advance(&service, minutes: 2 * 1440)
        _ = fanOut.start(subscribers: Array(3..<53), service: service)
        var reached: [UInt64] = []
        while fanOut.isOffering {
            let share = fanOut.nextShare(service: service) { _ in subscription }
            let changes = share.reduce(0) { $0 + $1.changes.count }
            #expect(!share.isEmpty && changes - share[share.count - 1].changes.count < EventsFanOut.changesPerTurn)
            #expect(share.count < BoardFanOut.watchersPerTurn)
            reached += share.map(\.token)
        }
        #expect(reached == Array(3..<53))
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

/// A clock move's changes read once per day for every subscriber, each offered what events.get pages
/// for its filter from its place, a share a turn even when moves come back to back.
struct EventsFanOutSelectionTests {
    /// A busier fixture than the built-in one: `days` days of `flights` flights, at noon on Nov 30.
    static func service(days: Int = 4, flights: Int = 600) throws -> BoardService {
        let config = try DaemonConfig.parse(
            Array(#"{"days": \#(days), "flightsPerDay": \#(flights)}"#.utf8), file: "busy.json")
        return BoardService(config: config, clock: DaemonClock(simulatedAt: PinnedParamTests.noon, speed: 0), instance: "test")
    }

    /// Distinct filters: everything, kinds, one flight, pins with and without dates, and both.
    static func filters(_ service: BoardService, count: Int) -> [EventFilter] {
        let window = service.window(at: service.clock.now)
        let flights = window.flights(on: window.firstDate) + window.flights(on: window.firstDate.adding(days: 1))
        var generator = SplitMix64(seed: 33, keys: 1)
        let kinds = FlightChange.Kind.allCases
        return (0..<count).map { index in
            var filter = EventFilter()
            let pins = (0..<5).map { _ in flights[Int(generator.next() % UInt64(flights.count))] }
            switch index % 6 {
            case 0: break
            case 1: filter.kinds = Set(kinds.filter { _ in generator.next() % 2 == 0 } + [kinds[index % kinds.count]])
            case 2: filter.flight = FlightKey(pins[0])
            case 3: filter.pinned = PinnedFlights(pins.map(FlightKey.init))
            case 4: filter.pinned = PinnedFlights(pins.dropFirst(3).map(FlightKey.init), anyDay: pins.prefix(3).map(\.id))
            default:
                filter.pinned = PinnedFlights(pins.map(FlightKey.init))
                filter.kinds = [.status, .gate]
            }
            return filter
        }
    }

    @Test(arguments: [60, 1439, 2 * 1440, 16 * 1440])
    func eachOfferIsWhatEventsGetPagesForItsFilterFromItsPlace(minutes: Int) throws {
        var service = try Self.service()
        let from = service.clock.now
        EventsFanOutTests.advance(&service, minutes: minutes)
        let now = service.clock.now
        let inMove = service.allChanges(after: from, through: min(now, from.addingTimeInterval(7200)), at: now)
        let filters = Self.filters(service, count: 60)
        // Most stand where the move starts; some further on, as after a move during an offering.
        let subscriptions = filters.enumerated().map { index, filter in
            let place = index % 4 == 3 && !inMove.isEmpty ? inMove[index % inMove.count].position : .after(from)
            return ClientConnection.EventWatch(requestID: .int(1), filter: filter, position: place)
        }
        var fanOut = EventsFanOut(publishedAt: from)
        #expect(fanOut.start(subscribers: subscriptions.indices.map { UInt64($0) }, service: service) != nil)
        var offers: [EventsFanOut.Offer] = []
        while fanOut.isOffering { offers += fanOut.nextShare(limit: .max, service: service) { subscriptions[Int($0)] } }
        #expect(offers.count == subscriptions.count)
        var skipping = 0
        for offer in offers {
            let subscription = subscriptions[Int(offer.token)]
            let expected = service.changes(
                matching: subscription.filter, counting: subscription.position, keeping: subscription.position,
                through: now, limit: BoardService.eventsPerMove, at: now)
            #expect(offer.changes.map(\.change) == expected.page, "subscriber \(offer.token)")
            #expect(offer.alsoSkipped == expected.kept - expected.page.count, "subscriber \(offer.token)")
            if offer.alsoSkipped > 0 { skipping += 1 }
        }
        if minutes >= 1439 { #expect(skipping > 0, "some filters pass the bound") }
    }

    /// How many times the days' changes are looked up while `subscribers` distinct pin lists are
    /// offered a two-day move.
    static func lookups(subscribers: Int) throws -> (lookups: Int, daysRead: Int, flightsDerived: Int, pinned: Int) {
        var service = try Self.service()
        let from = service.clock.now
        EventsFanOutTests.advance(&service, minutes: 2 * 1440)
        let window = service.window(at: service.clock.now)
        let yesterday = service.eventFlights(on: window.firstDate.adding(days: -1), window: window)
        let subscriptions = (0..<subscribers).map { index in
            let pins = PinnedFlights((0..<5).map { FlightKey(yesterday[(index * 5 + $0) % yesterday.count]) })
            return ClientConnection.EventWatch(
                requestID: .int(1), filter: EventFilter(pinned: pins), position: .after(from))
        }
        let before = service.dayChanges.lookups
        var fanOut = EventsFanOut(publishedAt: from)
        _ = fanOut.start(subscribers: subscriptions.indices.map { UInt64($0) }, service: service)
        var offered = 0
        while fanOut.isOffering {
            let share = fanOut.nextShare(service: service) { subscriptions[Int($0)] }
            #expect(share.count <= BoardFanOut.watchersPerTurn)
            offered += share.filter { !$0.changes.isEmpty }.count
        }
        #expect(offered == subscribers, "every pin list has changes in two days")
        return (
            service.dayChanges.lookups - before, fanOut.daysRead, fanOut.flightsDerived, min(subscribers * 5, yesterday.count)
        )
    }

    @Test func aMoveReadsEachDayItTouchesOnceHoweverManyFilters() throws {
        let few = try Self.lookups(subscribers: 3)
        let many = try Self.lookups(subscribers: 300)
        // Nov 29 (its flights' late changes) through Dec 2, whatever the number of filters.
        #expect(few.daysRead == 4 && many.daysRead == 4)
        #expect(many.lookups == few.lookups)
        #expect(many.lookups <= 2 * 4, "once to see the move changed something, once to choose")
        // Each flight offered is made once for all who are offered it.
        #expect(many.flightsDerived <= many.pinned)
    }

    /// The days a move reads that were not made yet are made `flightsPerTurn` flights a call, none
    /// offered meanwhile: no turn of the loop makes a 3,000-flight day's changes at once.
    @Test func daysNotMadeYetAreMadeAShareOfFlightsACall() throws {
        var service = try Self.service(days: 4, flights: 3000)
        let subscription = EventsFanOutTests.subscription(at: service)
        let from = service.clock.now
        EventsFanOutTests.advance(&service, minutes: 1440)
        var fanOut = EventsFanOut(publishedAt: from)
        _ = fanOut.start(subscribers: [3, 4], service: service)
        var calls = 0
        var offered: [UInt64] = []
        while fanOut.isOffering {
            let before = fanOut.flightsOfDaysMade
            offered += fanOut.nextShare(service: service) { _ in subscription }.map(\.token)
            #expect(fanOut.flightsOfDaysMade - before <= EventsFanOut.flightsPerTurn)
            calls += 1
        }
        // Nov 29 to Dec 1, 9,000 flights: eighteen calls make them, the last of them offering too.
        #expect(fanOut.flightsOfDaysMade == 9000)
        #expect(calls == 9000 / EventsFanOut.flightsPerTurn)
        #expect(offered == [3, 4])
        #expect(fanOut.daysRead == 3)
    }

    /// A subscriber that asks something while it waits for its offer gets it then, before its answer,
    /// the days not made yet made at once for it; the shares pass it by.
    @Test func aSubscriberThatAsksWhileWaitingIsOfferedFirstAndOnce() throws {
        var service = try Self.service(days: 4, flights: 3000)
        let subscription = EventsFanOutTests.subscription(at: service)
        let from = service.clock.now
        EventsFanOutTests.advance(&service, minutes: 60)
        var fanOut = EventsFanOut(publishedAt: from)
        let tokens = (0..<200).map { UInt64($0) + ConnectionTable.firstToken }
        _ = fanOut.start(subscribers: tokens, service: service)
        #expect(fanOut.offerNow(9999, service: service) { _ in subscription } == nil, "not a subscriber")
        let asked = try #require(fanOut.offerNow(tokens[150], service: service) { _ in subscription })
        let expected = service.changes(
            matching: EventFilter(), counting: .after(from), keeping: .after(from), through: service.clock.now,
            limit: BoardService.eventsPerMove, at: service.clock.now)
        #expect(asked.changes.map(\.change) == expected.page)
        #expect(asked.alsoSkipped == expected.kept - expected.page.count)
        #expect(fanOut.offerNow(tokens[150], service: service) { _ in subscription } == nil, "offered once")
        var order: [UInt64] = []
        while fanOut.isOffering { order += fanOut.nextShare(service: service) { _ in subscription }.map(\.token) }
        #expect(order == tokens.filter { $0 != tokens[150] })
    }

    /// What a subscriber was queued, line by line.
    static func lines(_ connection: ClientConnection) throws -> [JSON] {
        var bytes: [UInt8] = []
        for chunk in connection.chunks {
            switch chunk {
            case .bytes(let part): bytes += part
            case .spliceable(let shared, let range): bytes += shared.bytes(range)
            }
        }
        return try bytes.split(separator: UInt8(ascii: "\n")).map { try JSON.parse($0) }
    }

    @Test func aMoveDuringAnOfferingOffersAShareACallAndTheOnesNotReachedFirst() throws {
        var service = PinnedParamTests.service()
        let start = service.clock.now
        let meter = ClientConnection.Meter()
        let tokens = (0..<300).map { UInt64($0) + ConnectionTable.firstToken }
        var connections: [UInt64: ClientConnection] = [:]
        for token in tokens {
            // No socket: every write fails, so what each is offered stays queued for the test to read.
            var connection = ClientConnection(descriptor: FileDescriptor(-1), meter: meter)
            connection.events = ClientConnection.EventWatch(requestID: .int(1), filter: EventFilter(), position: .after(start))
            connections[token] = connection
        }
        var fanOut = EventsFanOut(publishedAt: start)
        var order: [UInt64] = []
        func offer(_ share: [EventsFanOut.Offer]) {
            #expect(share.count <= BoardFanOut.watchersPerTurn)
            for offer in share {
                order.append(offer.token)
                connections[offer.token]?.offerChanges(
                    offer.changes, through: fanOut.through, alsoSkipped: offer.alsoSkipped, bound: BoardService.eventsPerMove,
                    limits: ServerLimits(), encoding: service.encoding, now: .now)
            }
        }
        EventsFanOutTests.advance(&service, minutes: 30)
        #expect(fanOut.start(subscribers: tokens, service: service) != nil)
        offer(fanOut.nextShare(service: service) { connections[$0]?.events })
        // The second move comes while 172 have not been offered the first.
        EventsFanOutTests.advance(&service, minutes: 30)
        #expect(fanOut.start(subscribers: tokens, service: service) != nil)
        while fanOut.isOffering { offer(fanOut.nextShare(service: service) { connections[$0]?.events }) }
        #expect(order == Array(tokens[..<128]) + Array(tokens[128...]) + Array(tokens[..<128]))
        let expected = service.allChanges(after: start, through: service.clock.now, at: service.clock.now)
        #expect(expected.count > 1 && expected.count <= BoardService.eventsPerMove)
        let encoded = expected.map { service.encoding.change($0, seq: 0).json }
        for token in tokens {
            let lines = try Self.lines(try #require(connections[token]))
            #expect(lines.map { $0["event"]?.string } == Array(repeating: "change", count: expected.count), "\(token)")
            #expect(lines.map { $0["seq"]?.int } == (1...expected.count).map { $0 }, "\(token)")
            let results = lines.map { JSON.object(($0["result"]?.objectPairs ?? []).filter { $0.0 != "seq" }).text }
            let wanted = encoded.map { JSON.object(($0.objectPairs ?? []).filter { $0.0 != "seq" }).text }
            #expect(results == wanted, "\(token)")
        }
    }
}
