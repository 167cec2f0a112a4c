import BoardProtocol
import BoardSystem
import FlightData

/// Where the client's text goes: data to stdout, everything else to stderr.
///
/// A closed stdout (`board ... | head`) ends the program quietly with status 0; any other failure to
/// write it (a full disk, a closed descriptor) ends it with one line saying so and status 1, as `cat`
/// and `ls` do: a script saving `board all --json > snapshot.json` must not be told it worked.
enum Output {
    /// The width people's output fits: the terminal's on stdout, else `COLUMNS` (as shells set it),
    /// else 80.
    static func width(environment: (String) -> String? = BoardPaths.environment) -> Int {
        if let size = TerminalSize(of: .standardOutput) { return size.columns }
        if let text = environment("COLUMNS"), let columns = Int(text), (1...10_000).contains(columns) { return columns }
        return 80
    }

    static func print(_ text: String) {
        do {
            try FileDescriptor.standardOutput.writeAll(text + "\n")
        } catch {
            if error.isBrokenPipe { Program.exit(0) }
            Self.error("cannot write the output: \(SystemError.message(for: error.code))")
            Program.exit(1)
        }
    }

    /// `board: warning: ` and the message, on one line (see `error`).
    static func warning(_ message: String) {
        try? FileDescriptor.standardError.writeAll("board: warning: \(message.replacingControlCharacters())\n")
    }

    /// `board: ` and the message, its first letter lower-case (the daemon's sentences start upper-case).
    ///
    /// One line, whatever it quotes: a control character in it (an argument such as `$'\e[2J'` echoed
    /// in a usage error) is printed as U+FFFD.
    static func error(_ message: String) {
        let line = shorteningQuotes(lowercasingFirstLetter(message)).replacingControlCharacters()
        try? FileDescriptor.standardError.writeAll("board: \(line)\n")
    }

    /// The longest text an error quotes whole; a longer one is its start and `…`.
    static let longestQuote = 60

    /// `message` with every quoted text longer than `longestQuote` cut, so that an argument of
    /// 100 KB makes a one-line error still (it printed all of it).
    static func shorteningQuotes(_ message: String) -> String {
        guard message.count > longestQuote else { return message }
        var result = ""
        var inside = false
        var quoted = ""
        for character in message {
            guard inside else {
                result.append(character)
                if character == "\"" { inside = true }
                continue
            }
            if character == "\"" {
                result += quoted.count > longestQuote ? quoted.prefix(longestQuote - 20) + "…" : quoted
                result.append(character)
                quoted = ""
                inside = false
            } else {
                quoted.append(character)
            }
        }
        // A quote left open (a message that quotes a quote mark) keeps what followed it.
        return result + quoted
    }

    static func lowercasingFirstLetter(_ message: String) -> String {
        guard let first = message.first, first.isUppercase else { return message }
        // Only a sentence's first word: not one in capitals ("US 481", "NO_COLOR") nor a name ("Pacific 506").
        let word = message.prefix { $0.isLetter }
        guard word.count > 1, word.dropFirst().allSatisfy(\.isLowercase), !FlightCatalog.airlines.contains(String(word))
        else { return message }
        return first.lowercased() + message.dropFirst()
    }
}
