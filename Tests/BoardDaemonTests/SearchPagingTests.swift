import BoardProtocol
import FlightData
import Foundation
import Testing

@testable import BoardDaemon

/// A search reply holds at most 200 flights, with the total and a cursor for the rest; its text is
/// measured in Unicode scalars and bytes.
struct SearchPagingTests {
    /// 2026-11-30T12:00:00-05:00.
    static let noon = Date(timeIntervalSince1970: 1_796_050_800)

    static func service(_ config: DaemonConfig = .builtIn) -> BoardService {
        BoardService(config: config, clock: DaemonClock(simulatedAt: noon, speed: 0), instance: "test")
    }

    static func search(_ service: BoardService, _ params: JSON) throws(WireError) -> SearchResultsDocument {
        service.search(try SearchRequest(params: params), at: noon)
    }

    static func ids(_ document: SearchResultsDocument) -> [Int] { document.days.flatMap { $0.flights.map(\.id) } }

    @Test func aLargeResultComesInPagesThatAddUpToTheWhole() throws {
        let service = Self.service()
        let pinned = PinnedFlights(
            service.window(at: Self.noon).flights(on: service.window(at: Self.noon).firstDate).prefix(4).map(FlightKey.init))
        let whole = FlightSearch(text: "a").run(in: service.window(at: Self.noon), at: Self.noon, pinned: pinned).flatMap {
            $0.flights.map(\.id)
        }
        #expect(whole.count > 200, "the test needs a result over one page")
        let pinnedParam = JSON.array(pinned.flights.map { ["id": .int($0.id), "date": .string($0.date.description)] })
        var seen: [Int] = []
        var cursor: JSON = .null
        var pages = 0
        repeat {
            let page = try Self.search(service, ["text": "a", "cursor": cursor, "pinned": pinnedParam, "limit": 150])
            #expect(page.total == whole.count)
            #expect(page.count == Self.ids(page).count && page.count <= 150)
            #expect(page.days.allSatisfy { $0.count == $0.flights.count && !$0.flights.isEmpty })
            seen += Self.ids(page)
            cursor = page.next.map(JSON.string) ?? .null
            pages += 1
        } while !cursor.isNull && pages < 100
        #expect(seen == whole)
        #expect(pages == (whole.count + 149) / 150)
        let first = try Self.search(service, ["text": "a"])
        #expect(first.count == BoardService.searchPageLimit && first.next == "200")
    }

    @Test func aSearchFindsWhatFlightSearchFinds() throws {
        let service = Self.service()
        let window = service.window(at: Self.noon)
        let some = window.flights(on: window.firstDate.adding(days: 3))[7]
        let texts = [
            "a", "5", "12", "b3", "B3", " pacific 5", "pacific5", "ft worth", "dallas/ft.", "us", "c1", String(some.id),
            " \(some.id) ", "0\(some.id)", String(some.number), some.flightName, "zzz", "9",
        ]
        for text in texts {
            for tab in Tab.allCases {
                let whole = FlightSearch(text: text, tab: tab).run(in: window, at: Self.noon).flatMap { $0.flights.map(\.id) }
                var seen: [Int] = []
                var cursor: JSON = .null
                repeat {
                    let page = try Self.search(service, ["text": .string(text), "tab": .string(tab.rawValue), "cursor": cursor])
                    seen += Self.ids(page)
                    cursor = page.next.map(JSON.string) ?? .null
                } while !cursor.isNull
                #expect(seen == whole, "\(text) in \(tab)")
            }
        }
    }

    @Test func aSmallResultIsTheOldReplyWithTotalAndANullNext() throws {
        let service = Self.service()
        let search = FlightSearch(text: "denver")
        let old = service.encoding.search(
            search, results: search.run(in: service.window(at: Self.noon), at: Self.noon), at: Self.noon, pinned: []
        ).json.bytes
        let new = try Self.search(service, ["text": "denver"])
        #expect(new.json.bytes == old.dropLast() + Array(#","total":\#(new.count),"next":null}"#.utf8))
    }

    @Test(arguments: [
        JSON.int(0), .int(201), .int(-1), .int(Int.min), .int(Int.max), .double(1.5), .double(1e300), .string("10"), .bool(true),
        .array([]),
    ])
    func aLimitOutOfRangeIsInvalidParams(limit: JSON) {
        #expect(throws: WireError.self) { try Self.search(Self.service(), ["text": "a", "limit": limit]) }
    }

    @Test(arguments: [
        JSON.string(""), .string("-1"), .string("abc"), .string("1e3"), .string(String(repeating: "9", count: 30)), .int(5),
        .double(.greatestFiniteMagnitude), .object([]),
    ])
    func aCursorThatIsNotANextIsInvalidParams(cursor: JSON) {
        #expect(throws: WireError.self) { try Self.search(Self.service(), ["text": "a", "cursor": cursor]) }
    }

    @Test func aCursorPastTheEndIsAnEmptyLastPage() throws {
        let page = try Self.search(Self.service(), ["text": "a", "cursor": "999999999"])
        #expect(page.count == 0 && page.days.isEmpty && page.next == nil && (page.total ?? 0) > 200)
    }

    @Test func oneLetterWithFiftyThousandCombiningMarksIsRefusedNamingTheLimit() {
        let text = "a" + String(repeating: "\u{0301}", count: 50_000)
        #expect(text.count == 1, "one character")
        do {
            _ = try Self.search(Self.service(), ["text": .string(text)])
            Issue.record("answered")
        } catch {
            #expect(error.code == .invalidParams)
            #expect(error.message.contains("100 Unicode scalars and 400 bytes"), "\(error.message)")
        }
    }

    @Test func a100ScalarTextIsAcceptedAndA101IsNot() throws {
        _ = try Self.search(Self.service(), ["text": .string(String(repeating: "z", count: 100))])
        #expect(throws: WireError.self) {
            try Self.search(Self.service(), ["text": .string(String(repeating: "z", count: 101))])
        }
        // Four-byte scalars: 100 of them are 400 bytes, within both limits.
        _ = try Self.search(Self.service(), ["text": .string(String(repeating: "😀", count: 100))])
    }
}
