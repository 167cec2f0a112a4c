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
        let line = shortening(lowercasingFirstLetter(message)).replacingControlCharacters()
        try? FileDescriptor.standardError.writeAll("board: \(line)\n")
    }

    /// The most characters an error line takes; a longer one keeps its start and its end (where it says
    /// what to do), so that a 100 KB argument quoted in it makes a short line still (it printed all of it).
    static let longestError = 240

    /// `message` cut in its middle with `…` when longer than `longestError`.
    static func shortening(_ message: String) -> String {
        guard message.count > longestError else { return message }
        let end = 80
        return message.prefix(longestError - end - 1) + "…" + message.suffix(end)
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
