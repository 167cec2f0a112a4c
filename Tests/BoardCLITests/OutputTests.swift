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
}
