import Testing

@testable import FlightData

/// `YYYY-MM-DD` and nothing else: a date is read from the state file, routes, flags and the wire.
struct LocalDateParsingTests {
    @Test(arguments: ["2026-11-30", "2024-02-29", "0001-01-01", "9999-12-31"])
    func aDateIsRead(text: String) throws {
        let date = try #require(LocalDate(text))
        #expect(date.description == text)
        #expect(LocalDate(Substring("x" + text + "x").dropFirst().dropLast()) == date, "from a substring too")
    }

    @Test(arguments: [
        "", "2026-02-30", "2025-02-29", "2026-13-01", "2026-00-10", "2026-11-00", "2026-1-01", "2026-11-3", "2026-11-300",
        "202a-11-30", "２０２６-11-30", "١٢٣٤-11-30", "2026-11-30\u{1B}", " 2026-11-30", "2026-11-30\n", "2026/11/30",
        "2026-11-3\u{301}0", "20261130", "2026--11-30", "-2026-11-30", "2026-11-30-",
    ])
    func anythingElseIsNot(text: String) {
        #expect(LocalDate(text) == nil, "\(text.debugDescription)")
    }
}
