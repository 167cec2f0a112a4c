import Testing

@testable import BoardCLI

/// `board: ` and a message: a sentence starts lower-case after the program's name, names keep their capitals.
struct OutputTests {
    @Test(arguments: [
        ("No flight 1234 on 2026-11-30.", "no flight 1234 on 2026-11-30."),
        ("The daemon is away", "the daemon is away"),
        ("no daemon is answering", "no daemon is answering"),
        ("US 481 of Nov 30 is no longer on the board", "US 481 of Nov 30 is no longer on the board"),
        (
            "Pacific 506 is the last flight of the window in this tab.",
            "Pacific 506 is the last flight of the window in this tab."
        ),
        ("NO_COLOR is set", "NO_COLOR is set"),
        ("\"x\" is not a flight", "\"x\" is not a flight"),
        ("", ""),
    ])
    func aSentenceStartsLowerCaseAfterBoard(message: String, shown: String) {
        #expect(Output.lowercasingFirstLetter(message) == shown)
    }

    /// An error quotes what was typed, but never more than 60 characters of it: a 100 KB argument
    /// made a 100 KB error line.
    @Test func anErrorQuotesLongTextShort() {
        let long = String(repeating: "x", count: 100_000)
        #expect(
            Output.shorteningQuotes("unknown command \"\(long)\"; see 'board --help'")
                == "unknown command \"\(String(repeating: "x", count: 40))…\"; see 'board --help'")
        let sixty = String(repeating: "y", count: 60)
        let short = "--date needs YYYY-MM-DD, today, tomorrow or +N, not \"\(sixty)\" nor \"z\""
        #expect(Output.shorteningQuotes(short) == short, "60 is whole")
        #expect(Output.shorteningQuotes("a quote \" left open \(long)") == "a quote \" left open \(long)")
    }
}
