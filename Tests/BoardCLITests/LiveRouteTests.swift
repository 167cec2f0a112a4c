import BoardProtocol
import FlightData
import Testing

@testable import BoardCLI

/// Routes as text: short, stable, shell-safe, and read totally (every malformed text is a reason).
struct LiveRouteTests {
    typealias Key = LiveModel.FlightKey

    @Test(arguments: [
        LiveRoute(tab: .all),
        LiveRoute(tab: .departures, screens: [.flight(Key(id: 1234, date: "2026-12-01"))]),
        LiveRoute(tab: .all, hidePast: true, screens: [.search("new york"), .flight(Key(id: 1, date: "2026-11-30"))]),
        LiveRoute(tab: .arrivals, date: "2026-12-03", hidePast: true),
        LiveRoute(tab: .all, date: "2026-12-03", screens: [.search("ü/@+%?*$(x) `y`")]),
        LiveRoute(tab: .arrivals, screens: [.flight(Key(id: 9_999_999, date: "2026-12-14"))]),
        // A stack: the flights n and p opened one on top of the other.
        LiveRoute(
            tab: .departures,
            screens: [
                .flight(Key(id: 12, date: "2026-12-01")), .flight(Key(id: 7, date: "2026-12-01")),
                .flight(Key(id: 12, date: "2026-12-01")),
            ]),
        // The longest the live view makes: every byte of the longest search percent-encoded, and a full stack.
        LiveRoute(
            tab: .departures, date: "2026-12-03", hidePast: true,
            screens: [.search(String(repeating: "😀", count: 100))]
                + Array(repeating: .flight(Key(id: 9_999_999, date: "2026-12-14")), count: LiveModel.stackLimit - 1)),
    ])
    func aRouteReadsBackAsItself(route: LiveRoute) throws {
        let text = route.description
        let read = try LiveRoute.parse(text).get()
        #expect(read.tab == route.tab)
        #expect(read.hidePast == route.hidePast)
        #expect(read.screens == route.screens)
        #expect(read.boardDate == route.boardDate)
        #expect(read.description == text, "stable: printing what was read gives the same text")
        // Shell-safe: nothing a POSIX shell reads specially, no glob characters.
        #expect(text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-._~%@+/".contains($0)) })
    }

    @Test func theTextIsShort() {
        #expect(
            LiveRoute(tab: .departures, screens: [.flight(Key(id: 1234, date: "2026-12-01"))]).description
                == "departures/flight/1234@2026-12-01")
        #expect(
            LiveRoute(tab: .all, hidePast: true, screens: [.search("boston"), .flight(Key(id: 1234, date: "2026-12-01"))])
                .description == "all+hide-past/search/boston/flight/1234@2026-12-01")
        // The day of a flight right above the board is implied, so it is not said twice.
        #expect(
            LiveRoute(tab: .all, date: "2026-12-01", screens: [.flight(Key(id: 7, date: "2026-12-01"))]).description
                == "all/flight/7@2026-12-01")
        #expect(LiveRoute(tab: .all, date: "2026-12-02").description == "all@2026-12-02")
        #expect(LiveRoute(tab: .all, screens: [.search("new york")]).description == "all/search/new%20york")
    }

    @Test(arguments: [
        ("", "empty"),
        ("sideways", "\"sideways\" is not a tab"),
        ("departures/", "ends with \"/\""),
        ("departures//flight/1@2026-12-01", "empty part"),
        ("departures/flight", "needs a value"),
        ("departures/flight/0@2026-12-01", "\"flight/0@2026-12-01\""),
        ("departures/flight/12345678@2026-12-01", "\"flight/12345678@2026-12-01\""),
        ("departures/flight/99999999999999999999999@2026-12-01", "from 1 to 9999999"),
        ("departures/flight/-5@2026-12-01", "ID@YYYY-MM-DD"),
        ("departures/flight/1234", "\"flight/1234\""),
        ("departures/flight/1234@2026-13-01", "\"flight/1234@2026-13-01\""),
        ("departures/flight/1234@2026-12-01@x", "ID@YYYY-MM-DD"),
        (
            "departures/search/x" + String(repeating: "/flight/1@2026-12-01", count: LiveModel.stackLimit),
            "at most \(LiveModel.stackLimit) screens"
        ),
        ("departures/flight/1@2026-12-01/search/x", "search comes first"),
        ("departures/search/", "empty"),
        ("departures/search/%20%20", "empty"),
        ("departures/search/%zz", "badly percent-encoded"),
        ("departures/search/%2", "badly percent-encoded"),
        ("departures/search/%FF", "badly percent-encoded"),
        ("departures/search/%1B%5B2J", "control character"),
        ("departures/search/%E2%80%AEgnp.exe", "control character"),
        ("departures/tv/1", "\"tv\" is not a screen"),
        ("departures@tomorrow", "\"tomorrow\" after the tab is not a date"),
        ("departures+show-past", "\"+show-past\" is not an option"),
        ("departures/search/a b", "U+0020"),
        ("departures/search/a\u{1B}[2J", "U+001B"),
        ("departures?past=hide", "\"?\""),
        ("all/search/'x'", "\"'\""),
        ("all/search/\u{0}", "U+0000"),
    ])
    func aMalformedRouteSaysWhichPartIsWrong(text: String, expected: String) {
        guard case .failure(let malformed) = LiveRoute.parse(text) else {
            Issue.record("\(text) was read as a route")
            return
        }
        let reason = malformed.reason
        #expect(reason.contains(expected), "\(text): \(reason)")
        #expect(!reason.contains("\n"), "one line")
        #expect(!reason.contains("\u{1B}"), "no escape reaches the terminal")
    }

    /// The prompt takes the search text the daemon takes (`SearchText`), in scalars and bytes: a hundred
    /// emoji, or a letter and its combining marks, and no more; every route it leads to reads back.
    @Test func thePromptTakesWhatTheDaemonAndARouteTake() throws {
        for (key, expected) in [("😀", 100), ("e\u{301}", 50)] {
            var model = LiveViewFixture.liveModel()
            model.press(.character("/"))
            for _ in 0..<150 { for scalar in key.unicodeScalars { model.press(.character(Character(scalar))) } }
            guard case .searchPrompt(let text) = model.top else {
                Issue.record("no prompt")
                return
            }
            #expect(SearchText.fits(text) && text.count == expected, "\(key): \(text.unicodeScalars.count) scalars")
            let route = LiveRoute(tab: .all, screens: [.search(text)])
            #expect(try LiveRoute.parse(route.description).get().screens == route.screens)
        }
    }

    @Test func hugeAndEndlessInputsAreRefusedQuickly() {
        let segments = String(repeating: "/search/x", count: 10_000)
        guard case .failure(let long) = LiveRoute.parse("all" + segments) else {
            Issue.record("10,000 segments read")
            return
        }
        #expect(long.reason.contains("longer than"))
        let slashes = String(repeating: "/", count: 900)
        #expect((try? LiveRoute.parse("all" + slashes).get()) == nil)
        #expect((try? LiveRoute.parse(String(repeating: "a", count: 1_000_000)).get()) == nil)
        #expect(
            (try? LiveRoute.parse("all/search/" + String(repeating: "%41", count: 101)).get()) == nil,
            "a search text longer than the prompt takes")
    }

    @Test func fuzzedTextsNeverCrashAndAreEitherARouteOrAReason() {
        var generator = SplitMix64(seed: 16)
        let alphabet = Array("adlprstuvwy0123456789/@+%-._~hfgic \u{1B}?é")
        // Every input is checked; the failures are gathered and asserted once (an #expect for each of
        // 5,000 inputs cost the test machinery seconds, far more than the parsing).
        var failures: [String] = []
        for _ in 0..<5_000 {
            let length = Int(generator.next() % 40)
            let text = String((0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] })
            switch LiveRoute.parse(text) {
            case .success(let route):
                if (try? LiveRoute.parse(route.description).get()) != route { failures.append("\(text): reads back otherwise") }
            case .failure(let malformed):
                if malformed.reason.isEmpty || malformed.reason.utf8.contains(UInt8(ascii: "\n")) {
                    failures.append("\(text): reason \(malformed.reason)")
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.prefix(5))")
    }
}

/// `board watch`'s deep-link arguments, read by the command table alone.
struct WatchDeepLinkArgumentsTests {
    static func watch(_ arguments: String...) throws -> WatchCommand {
        try #require(try ClientArguments(["watch"] + arguments).command as? WatchCommand)
    }

    @Test func aFlightADesignatorAndARouteAreRead() throws {
        #expect(try Self.watch("9541").flight == .id(9541))
        let designated = try Self.watch("Pacific", "123", "--date", "tomorrow")
        #expect(designated.flight == FlightReference("Pacific 123"))
        #expect(designated.date == DateSpec("tomorrow"))
        #expect(try Self.watch("departures").tab == .departures)
        #expect(try Self.watch("departures").flight == nil)
        let routed = try Self.watch("--route", "departures+hide-past/flight/1234@2026-12-01")
        #expect(
            routed.route == LiveRoute(tab: .departures, hidePast: true, screens: [.flight(.init(id: 1234, date: "2026-12-01"))]))
        #expect(try Self.watch("--print-route").printRoute)
    }

    @Test func theWatchRequestCarriesTheDayOnlyWhenThereIsOne() {
        #expect(LiveRequest.watch(tab: .all, hidePast: false, pinned: []).params["date"] == nil)
        #expect(LiveRequest.watch(tab: .all, hidePast: false, pinned: [], date: "2026-12-01").params["date"] == "2026-12-01")
    }
}
