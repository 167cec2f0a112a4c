import Testing

@testable import BoardCLI

/// The few text helpers the client writes itself, now that it imports `FoundationEssentials` only.
struct TextHelpersTests {
    @Test(arguments: [
        (0.0, 3, "0.000"), (1.2345, 3, "1.235"), (1.2344, 3, "1.234"), (12.5, 0, "13"), (0.05, 1, "0.1"),
        (1536.0 / 1024, 1, "1.5"), (-2.25, 1, "-2.3"), (-0.04, 1, "0.0"), (99.999, 2, "100.00"),
    ])
    func fixedPrintsAsPercentFDoes(value: Double, digits: Int, expected: String) {
        #expect(BenchCommand.fixed(value, digits: digits) == expected)
    }

    @Test func replacingAllReplacesEveryOccurrenceAndNothingElse() {
        #expect("2026-11-30T12:00".replacingAll("T", with: " ") == "2026-11-30 12:00")
        #expect("final_call_x".replacingAll("_", with: "-") == "final-call-x")
        #expect("\u{1B}[32m● live\u{1B}[0m".replacingAll("\u{1B}[32m", with: "").replacingAll("\u{1B}[0m", with: "") == "● live")
        #expect("aaa".replacingAll("aa", with: "b") == "ba")
        #expect("abc".replacingAll("", with: "x") == "abc")
        #expect("東京東京".replacingAll("京", with: "都") == "東都東都")
    }
}
