import BoardProtocol
import FlightData
import Foundation
import Testing

@testable import BoardDaemon

/// A view with pins is assembled from one encoding of its board (tab, hide-past, day), and its bytes
/// are exactly those a full build of that view gives.
struct WatchViewAssemblyTests {
    /// 2026-11-30T12:00:00-05:00.
    static let noon = Date(timeIntervalSince1970: 1_796_050_800)

    static func service(at now: Date) -> BoardService {
        BoardService(config: .builtIn, clock: DaemonClock(simulatedAt: now, speed: 0), instance: "test")
    }

    /// The bytes a full build gives: the board with its pins, encoded whole.
    static func fullBuild(_ service: BoardService, _ view: WatchView, on date: LocalDate, at now: Date) -> [UInt8] {
        let window = service.window(at: now)
        let board = service.board(view, on: date, at: now, window: window)
        return service.encoding.board(board, simulated: service.clock.isSimulated, speed: service.clock.speed).json.bytes
    }

    @Test(arguments: [-6.0, 0, 5.5, 11.9])
    func everyPinnedViewHasTheBytesOfAFullBuild(hoursFromNoon: Double) {
        let now = Self.noon.addingTimeInterval(hoursFromNoon * 3600)
        let service = Self.service(at: now)
        let window = service.window(at: now)
        var random = SplitMix64(seed: UInt64(hoursFromNoon * 10 + 100))
        for date in [window.firstDate, window.firstDate.adding(days: 1)] {
            let flights = window.flights(on: date)
            let other = window.flights(on: date.adding(days: 2))
            var pinSets: [PinnedFlights] = [
                [], PinnedFlights(flights.map(FlightKey.init)), PinnedFlights(anyDay: [flights[3].id, 999_999]),
                PinnedFlights(other.prefix(3).map(FlightKey.init)),
            ]
            // Each flight alone: the first row pinned, the last, a past one under hide-past.
            for flight in flights { pinSets.append([FlightKey(flight)]) }
            for _ in 0..<30 {
                let keys = flights.filter { _ in random.next() % 4 == 0 }.map(FlightKey.init)
                let ids = flights.filter { _ in random.next() % 9 == 0 }.map(\.id)
                let elsewhere = other.filter { _ in random.next() % 5 == 0 }.map(FlightKey.init)
                pinSets.append(PinnedFlights(keys + elsewhere, anyDay: ids))
            }
            for tab in Tab.allCases {
                for hidePast in [false, true] {
                    for pinned in pinSets {
                        let view = WatchView(tab: tab, hidePast: hidePast, pinned: pinned)
                        let assembled = service.document(
                            tab: tab, hidePast: hidePast, pinned: pinned, on: date, at: now, window: window
                        ).joined
                        let full = Self.fullBuild(service, view, on: date, at: now)
                        #expect(
                            assembled == full,
                            "\(tab) hidePast \(hidePast) pins \(pinned.count): \(String(decoding: assembled, as: UTF8.self))")
                    }
                }
            }
        }
    }

    /// A document's slices keep their whole buffers in memory while they wait to be written, and the
    /// output limits count what is queued: no document keeps alive more than three times its own size
    /// (hide-past late in the day with a few pins kept the day's pinned rows, 1.4 MB at 3,000 flights,
    /// for a reply of 2 KB, and a client that never read held 800 MB).
    @Test(arguments: [-6.0, 0, 5.5, 11.9])
    func noViewKeepsMoreThanThreeTimesItsSizeInMemory(hoursFromNoon: Double) throws {
        let now = Self.noon.addingTimeInterval(hoursFromNoon * 3600)
        let service = Self.service(at: now)
        let window = service.window(at: now)
        var random = SplitMix64(seed: UInt64(hoursFromNoon * 10 + 107))
        let date = window.firstDate
        let flights = window.flights(on: date)
        var pinSets: [PinnedFlights] = [[], PinnedFlights(flights.map(FlightKey.init))]
        for flight in flights { pinSets.append([FlightKey(flight)]) }
        for _ in 0..<30 { pinSets.append(PinnedFlights(flights.filter { _ in random.next() % 5 == 0 }.map(FlightKey.init))) }
        for tab in Tab.allCases {
            for hidePast in [false, true] {
                for pinned in pinSets {
                    let document = service.document(
                        tab: tab, hidePast: hidePast, pinned: pinned, on: date, at: now, window: window)
                    var buffers: [ObjectIdentifier: Int] = [:]
                    for case .spliceable(let bytes, _) in document.pieces { buffers[ObjectIdentifier(bytes)] = bytes.count }
                    let kept = buffers.values.reduce(0, +)
                    #expect(
                        kept <= 3 * document.count,
                        "\(tab) hidePast \(hidePast) pins \(pinned.count): keeps \(kept) bytes for \(document.count)")
                }
            }
        }
    }

    /// A board built again as the clock moves copies the rows whose flight did not change from the
    /// build before, and its bytes are still those of a full build: every 7 minutes for a day and a
    /// half (past midnight and the window's slide), each tab, with and without hide-past and a pin.
    @Test func aBoardBuiltAgainReusesTheRowsThatDidNotChangeAndHasTheBytesOfAFullBuild() throws {
        let service = Self.service(at: Self.noon)
        var encoded = 0
        var rows = 0
        for step in 0..<(36 * 60 / 7) {
            let now = Self.noon.addingTimeInterval(Double(step * 7 * 60) + 0.25)
            let window = service.window(at: now)
            let date = window.firstDate
            let pinned = PinnedFlights([FlightKey(window.flights(on: date)[step % 30])])
            for tab in Tab.allCases {
                for hidePast in [false, true] {
                    for pins in [PinnedFlights(), pinned] {
                        let view = WatchView(tab: tab, hidePast: hidePast, pinned: pins)
                        let assembled = service.document(
                            tab: tab, hidePast: hidePast, pinned: pins, on: date, at: now, window: window
                        ).joined
                        #expect(assembled == Self.fullBuild(service, view, on: date, at: now), "\(tab) at \(now)")
                    }
                    let entry = service.entry(.init(tab: tab, hidePast: hidePast, date: date), at: now, window: window)
                    if entry.validFrom == now && step > 0 {
                        encoded += entry.encodedRows
                        rows += entry.pinnedRanges.lazy.filter { $0 != nil }.count
                    }
                }
            }
        }
        #expect(rows > 1000, "boards were built again: \(rows) rows")
        #expect(encoded * 4 < rows, "\(encoded) of \(rows) rows encoded again")
    }

    @Test func twoThousandDistinctPinListsAreOneBuild() {
        let service = Self.service(at: Self.noon)
        let flights = service.window(at: Self.noon).flights(on: service.window(at: Self.noon).firstDate)
        for n in 0..<2000 {
            let pins = PinnedFlights([FlightKey(flights[n % flights.count])], anyDay: [n + 1_000_000])
            _ = service.watchBoard(WatchView(tab: .all, hidePast: true, pinned: pins), at: Self.noon)
        }
        #expect(service.documents.builds.load(ordering: .relaxed) == 1)
    }

    /// A view is hashed once, when made; equal views still hash and compare equal, different ones differ.
    @Test func viewsHashedOnceCompareByWhatTheyShow() {
        let a = PinnedFlights([
            FlightKey(id: 1, date: LocalDate(year: 2026, month: 11, day: 30)!),
            FlightKey(id: 2, date: LocalDate(year: 2026, month: 11, day: 30)!),
        ])
        let b = PinnedFlights([
            FlightKey(id: 2, date: LocalDate(year: 2026, month: 11, day: 30)!),
            FlightKey(id: 1, date: LocalDate(year: 2026, month: 11, day: 30)!),
        ])
        let one = WatchView(tab: .all, hidePast: false, pinned: a)
        #expect(one == WatchView(tab: .all, hidePast: false, pinned: b))
        #expect(one.hashValue == WatchView(tab: .all, hidePast: false, pinned: b).hashValue)
        #expect(Set([one, WatchView(tab: .all, hidePast: false, pinned: b)]).count == 1)
        for other in [
            WatchView(tab: .arrivals, hidePast: false, pinned: a), WatchView(tab: .all, hidePast: true, pinned: a),
            WatchView(tab: .all, hidePast: false, pinned: []), one.on(LocalDate(year: 2026, month: 12, day: 1)!),
        ] {
            #expect(one != other)
        }
        #expect(one.on(LocalDate(year: 2026, month: 12, day: 1)!).date == LocalDate(year: 2026, month: 12, day: 1)!)
        #expect(one.on(LocalDate(year: 2026, month: 12, day: 1)!).pinned == a)
    }

    /// A clock move's boards for many views (`WatchBoards`, which looks each board up once) are those
    /// each view gets alone, whatever order the views come in: other tabs, days in and out of the
    /// window (out of it: today), pins on and off the day.
    @Test func theBoardsOfAMoveAreThoseEachViewGetsAlone() {
        let now = Self.noon.addingTimeInterval(5 * 3600)
        let service = Self.service(at: now)
        let window = service.window(at: now)
        let today = window.flights(on: window.firstDate)
        let days: [LocalDate?] = [nil, window.firstDate, window.firstDate.adding(days: 3), window.firstDate.adding(days: -1)]
        var views: [WatchView] = []
        for tab in Tab.allCases {
            for hidePast in [false, true] {
                for date in days {
                    for pinned in [[], PinnedFlights(today.prefix(4).map(FlightKey.init)), PinnedFlights(anyDay: [today[7].id])] {
                        views.append(WatchView(tab: tab, hidePast: hidePast, pinned: pinned, date: date))
                    }
                }
            }
        }
        var random = SplitMix64(seed: 7)
        for order in [views, views.reversed(), views.shuffled(using: &random)] {
            var boards = service.watchBoards(at: now)
            for view in order {
                #expect(boards.board(view).joined == service.watchBoard(view, at: now).joined, "\(view)")
            }
        }
    }
}
