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

    /// An error line is at most 240 characters, its start and its end (what to do) kept, whatever
    /// it quotes: a 100 KB argument made a 100 KB error line, and one holding a quote mark too.
    @Test func anErrorLineOfALongArgumentKeepsItsStartAndEnd() {
        let hint = "; see 'board help show'"
        for argument in [String(repeating: "x", count: 100_000), "ab\"" + String(repeating: "c", count: 300)] {
            let message = "\"\(argument)\" is not a flight: give an id (1234) or an airline and number" + hint
            let line = Output.shortening(message)
            #expect(line.count == Output.longestError, "\(line)")
            #expect(line.hasPrefix("\"ab\"ccc") || line.hasPrefix("\"xxx"), "\(line)")
            #expect(line.hasSuffix("or an airline and number" + hint), "\(line)")
            #expect(line.contains("…"))
        }
        let short = "--date needs YYYY-MM-DD, today, tomorrow or +N, not \"\(String(repeating: "y", count: 100))\""
        #expect(Output.shortening(short) == short)
    }

    /// A long path (a word, unquoted) in an over-long message is shortened in its middle, never the
    /// reason: a 134-byte --socket's line was cut in "is 1…than the 107 a Unix socket takes".
    @Test func aLongPathIsShortenedAndTheReasonKept() {
        let path = "/tmp/x/" + String(repeating: "x", count: 120) + "/s.sock"
        let reason =
            " is 134 bytes, longer than the 107 a Unix socket takes (choose a shorter --socket): File name too long"
        let line = Output.errorLine("the socket path " + path + reason)
        #expect(line.count == Output.longestError, "\(line)")
        #expect(line.hasPrefix("the socket path /tmp/x/xxx") && line.hasSuffix("xxx/s.sock" + reason), "\(line)")
        #expect(line.filter { $0 == "…" }.count == 1, "\(line)")
        // A 100,000-character word is cut to fit as well, the sentence around it whole.
        let long = Output.errorLine("\(String(repeating: "y", count: 100_000)) is not a flight; see 'board help show'")
        #expect(long.count == Output.longestError && long.hasSuffix("y is not a flight; see 'board help show'"), "\(long)")
    }

    /// A long value quoted in an over-long message is shortened, never the sentence: a 1,400-character
    /// route's "is not a tab: a route starts with …" was cut out of its line.
    @Test func aLongQuotedValueIsShortenedAndTheSentenceKept() {
        let sentence = " is not a tab: a route starts with arrivals, all or departures; see 'board help watch'"
        let route = String(repeating: "x", count: 1400)
        let line = Output.errorLine("--route: \"\(route)\"" + sentence)
        #expect(line == "--route: \"" + String(repeating: "x", count: 40) + "…\"" + sentence, "\(line)")
        // Two values, and one whose quote has no pair: the pairs are shortened, the rest kept as it is.
        let two = Output.shorteningQuoted("\"\(route)\" and \"short\" and \"\(route)")
        #expect(two == "\"" + String(repeating: "x", count: 40) + "…\" and \"short\" and \"\(route)")
        // A message within the limit is left whole, its quoted values too.
        let within = "--date needs YYYY-MM-DD, not \"\(String(repeating: "y", count: 100))\""
        #expect(Output.errorLine(within) == within)
        // Still too long after that (a long message, not a long value): cut in its middle.
        #expect(Output.shorteningLongestWord(String(repeating: "word ", count: 100)).count > Output.longestError)
        #expect(Output.errorLine(String(repeating: "word ", count: 100)).count == Output.longestError)
    }
}

/// A command an error suggests is one a shell runs as shown: a path with a space, a quote or a `$`
/// is quoted (a socket path with a space made `boardd --socket` two words).
struct ShellWordTests {
    @Test func aPlainPathIsAsItIsAndAnyOtherIsQuotedForTheShell() {
        #expect("/run/user/1000/board/boardd.sock".shellWord == "/run/user/1000/board/boardd.sock")
        #expect("/tmp/with space.sock".shellWord == "\"/tmp/with space.sock\"")
        #expect("/tmp/it's.sock".shellWord == "\"/tmp/it's.sock\"")
        #expect("/tmp/$HOME\".sock".shellWord == #"'/tmp/$HOME".sock'"#)
        #expect("/tmp/a'$b".shellWord == #"'/tmp/a'\''$b'"#)
        #expect("~/x".shellWord == "\"~/x\"", "a tilde would expand")
        #expect("".shellWord == "\"\"")
        let error = ClientError(
            .noDaemon(path: "/tmp/with space.sock"), socket: "/tmp/with space.sock", autostartOffBy: "--no-autostart")
        #expect("\(error)".contains("start one with 'boardd --socket \"/tmp/with space.sock\" &'"), "\(error)")
    }
}
