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
    /// else 80, or `uncutWidth` with `uncut` (`--wide` piped: every column whole, the ID too, as
    /// `ps -ww` prints).
    static func width(uncut: Bool = false, environment: (String) -> String? = BoardPaths.environment) -> Int {
        knownWidth(environment: environment) ?? (uncut ? uncutWidth : 80)
    }

    /// The terminal's width on stdout, else `COLUMNS` (1 to 10,000); nil when neither says one.
    static func knownWidth(environment: (String) -> String? = BoardPaths.environment) -> Int? {
        if let columns = TerminalSize.columns(of: .standardOutput) { return columns }
        return environment("COLUMNS").flatMap(Int.init).flatMap { (1...10_000).contains($0) ? $0 : nil }
    }

    /// The width of a line that is not cut: more than any row's columns.
    static let uncutWidth = 10_000

    static func print(_ text: String) {
        do {
            try FileDescriptor.standardOutput.writeAll(text + "\n")
        } catch {
            if error.isBrokenPipe { Program.exit(0) }
            Self.error("cannot write the output: \(SystemError.message(for: error.code))")
            Program.exit(1)
        }
    }

    /// A line for people about the output, not part of it (`No changes since 10:31.`): on stderr, so
    /// that a script reading stdout line by line never takes it for data.
    static func note(_ message: String) {
        try? FileDescriptor.standardError.writeAll("\(message.replacingControlCharacters())\n")
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
        try? FileDescriptor.standardError.writeAll("board: \(errorLine(message))\n")
    }

    /// What `error` prints after `board: `. A message longer than `longestError` first has each value
    /// it quotes shortened (`shorteningQuoted`), so that the sentence around a long route or argument
    /// stays whole; only one still too long is cut in its middle (`shortening`).
    static func errorLine(_ message: String) -> String {
        var line = lowercasingFirstLetter(message)
        if line.count > longestError { line = shorteningLongestWord(shorteningQuoted(line)) }
        return shortening(line).replacingControlCharacters()
    }

    /// The most characters an error line takes; a longer one keeps its start and its end (where it says
    /// what to do), so that a 100 KB argument quoted in it makes a short line still (it printed all of it).
    static let longestError = 240

    /// The most characters of a quoted value an over-long error line keeps, before `…`.
    static let longestQuoted = 40

    /// `message` with each quoted value (between a pair of `"`) longer than `longestQuoted` cut to its
    /// start and `…`: `"xxxx…" is not a tab: …`. A quote mark left without its pair ends the pairs.
    static func shorteningQuoted(_ message: String) -> String {
        var shortened = ""
        var rest = Substring(message)
        while let open = rest.firstIndex(of: "\"") {
            shortened += rest[...open]
            let inside = rest[rest.index(after: open)...]
            guard let close = inside.firstIndex(of: "\"") else { return shortened + inside }
            let quoted = inside[..<close]
            shortened += quoted.count > longestQuoted ? quoted.prefix(longestQuoted) + "…" : quoted
            shortened += "\""
            rest = inside[inside.index(after: close)...]
        }
        return shortened + rest
    }

    /// The fewest characters of a word `shorteningLongestWord` keeps: shorter, it says too little.
    static let shortestWordKept = 24

    /// `message` longer than `longestError` with its longest word, when it is longer than a quoted value
    /// is kept (a path, an argument: no spaces), cut in its middle with `…` to fit, its start and end kept
    /// (`/tmp/x/xxx…xxx/s.sock`), so that the sentence around it stays whole; as it was when that would
    /// leave the word under `shortestWordKept`.
    static func shorteningLongestWord(_ message: String) -> String {
        let excess = message.count - longestError
        let words: [Substring] = message.split(separator: " ")
        guard excess > 0, let word = words.max(by: { $0.count < $1.count }), word.count > longestQuoted else { return message }
        let kept = word.count - excess - 1
        guard kept >= shortestWordKept else { return message }
        let cut = String(word.prefix(kept - kept / 2)) + "…" + String(word.suffix(kept / 2))
        return String(message[..<word.startIndex]) + cut + String(message[word.endIndex...])
    }

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
