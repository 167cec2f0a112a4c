import Testing

@testable import BoardDaemon

/// The log's rate limit and escaping, on made-up instants: no process, no stderr.
struct LogRateLimiterTests {
    let start = ContinuousClock.now

    func texts(_ lines: [(Log.Level, String)]) -> [String] { lines.map(\.1) }

    @Test func aFloodOfOneKindBecomesAFewLinesAndACount() {
        var limiter = LogRateLimiter()
        var written: [String] = []
        // 22,000 clock moves in one second, as a client pipelining clock.advance caused.
        for minute in 0..<22_000 {
            let at = start + .microseconds(minute * 45)
            written += texts(limiter.admit("clock moved to 2026-11-30T\(minute % 24):00", level: .info, at: at))
        }
        #expect(written.count == 5)
        written += texts(limiter.flush(at: start + .seconds(2)))
        #expect(written.count == 6)
        #expect(written.last == "suppressed 21995 similar messages; the last: clock moved to 2026-11-30T15:00")
    }

    /// A source's writes refused by Redis (out of memory), retried every 3.3 s for an hour: a line
    /// when it starts, one a minute with how often it was met, one when the words change, and one
    /// at once after it ended and came back. It was a line a retry: 1,090 in the hour.
    @Test func aFailureMetOnEveryRetryIsSaidOnceAMinute() {
        var log = RepeatedFailureLog()
        let refused = "redis 127.0.0.1:6379: EVALSHA: OOM command not allowed; publishing again in 3.3 s"
        var lines: [String] = []
        for retry in 0..<1090 {
            if let line = log.admit(refused, at: start + .milliseconds(retry * 3300)) { lines.append(line) }
        }
        #expect(lines.count == 58, "one at the start, then one every 19th retry (62.7 s): \(lines.count)")
        #expect(lines.first == refused)
        #expect(lines[1] == refused + " (met 19 times since the last line)", "\(lines[1])")
        let readOnly = "redis 127.0.0.1:6379: EVALSHA: READONLY You can't write against a read only replica."
        #expect(log.admit(readOnly, at: start + .seconds(3600)) == readOnly, "other words are said at once")
        log.clear()
        #expect(log.admit(readOnly, at: start + .seconds(3601)) == readOnly, "after it ended, at once")
    }

    @Test func aFloodOfOneKindDoesNotHideAnother() {
        var limiter = LogRateLimiter()
        for _ in 0..<1000 { _ = limiter.admit("refused a connection from uid 65534", level: .warning, at: start) }
        #expect(texts(limiter.admit("reloaded the config from /etc/board/boardd.json", level: .info, at: start)).count == 1)
    }

    @Test func theCountIsReportedWhenTheKindSpeaksAgainAfterItsWindow() {
        var limiter = LogRateLimiter()
        for uid in 0..<7 { _ = limiter.admit("refused a connection from uid \(uid)", level: .warning, at: start) }
        let later = texts(limiter.admit("refused a connection from uid 9", level: .warning, at: start + .seconds(1)))
        #expect(
            later == [
                "suppressed 2 similar messages; the last: refused a connection from uid 6", "refused a connection from uid 9",
            ])
    }

    @Test func theKindsRememberedAreBounded() {
        var limiter = LogRateLimiter()
        limiter.maxKinds = 4
        for kind in ["a", "b", "c", "d", "e", "f"] {
            #expect(texts(limiter.admit("kind \(kind)", level: .info, at: start)) == ["kind \(kind)"])
        }
        #expect(limiter.flush(at: start, all: true).isEmpty)
    }

    @Test(arguments: [
        ("plain", "plain"), ("a\nb", #"a\nb"#), ("tab\there", #"tab\there"#), ("\u{1B}]0;title\u{07}", #"\x1b]0;title\x07"#),
        ("del\u{7F}", #"del\x7f"#), ("c1\u{9B}31m", #"c1\x9b31m"#), ("café ✈", "café ✈"),
        ("a\u{202E}b\u{2066}c", #"a\u202eb\u2066c"#), ("ع – …", "ع – …"),
    ])
    func controlCharactersAreEscaped(text: String, escaped: String) {
        #expect(text.escapingControlCharacters == escaped)
    }

    @Test func aLogLineIsOneLineWhateverTheMessage() {
        let log = Log(minimum: .info, toJournal: false)
        let line = log.line(.error, "key \"a\u{1B}[2J\nb\"", at: "2026-11-30T17:00:00Z")
        #expect(line.hasSuffix(#"error: key "a\x1b[2J\nb""# + "\n"))
        #expect(line.filter { $0 == "\n" }.count == 1)
        #expect(!line.unicodeScalars.contains("\u{1B}"))
    }
}

/// A message below the log's level is never made: a debug line on a client's closing costs nothing at info.
struct LogLevelTests {
    @Test func aMessageBelowTheLevelIsNeverMade() {
        let log = Log(minimum: .info, toJournal: true)
        var made: [String] = []
        func message(_ text: String) -> String {
            made.append(text)
            return text
        }
        log.debug(message("debug"))
        #expect(made.isEmpty)
        let quiet = Log(minimum: .warning, toJournal: true)
        quiet.info(message("info"))
        #expect(made.isEmpty)
    }
}
