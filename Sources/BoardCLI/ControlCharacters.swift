import BoardProtocol

extension StringProtocol {
    /// This text with each control character (C0, DEL and C1: an escape sequence's ESC, a carriage
    /// return, a line break; and the bidirectional controls: `Unicode.Scalar.isTerminalControl`) as
    /// `replacement`, so that printing it can neither move the cursor, retitle or clear the terminal,
    /// start a second line, nor show the line in another order than it holds.
    ///
    /// For text the client did not write itself: command-line arguments echoed in an error, a state
    /// file people may edit, a status format. Scalars, not characters, are looked at: `\r\n` is one
    /// `Character`, and neither `\r` nor `\n` alone.
    func replacingControlCharacters(with replacement: Unicode.Scalar = "\u{FFFD}") -> String {
        guard hasTerminalControls else { return String(self) }
        return String(String.UnicodeScalarView(unicodeScalars.map { $0.isTerminalControl ? replacement : $0 }))
    }

    /// Whether this text holds a character that `replacingControlCharacters` would replace.
    var hasTerminalControls: Bool { unicodeScalars.contains(where: \.isTerminalControl) }
}

extension String {
    /// The text as one word a shell reads back unchanged, for a command a message suggests: as it is
    /// when plain (letters, digits, `/._-+:@%=,`), else in double quotes, or single quotes when it
    /// holds what double quotes would still expand (`"`, `$`, a backquote, `\`, `!`). A socket path
    /// with a space made a suggested `boardd --socket` two words.
    var shellWord: String {
        let plain =
            !isEmpty
            && unicodeScalars.allSatisfy {
                $0.isASCII && ($0.properties.isAlphabetic || "0123456789/._-+:@%=,".unicodeScalars.contains($0))
            }
        if plain { return self }
        if !contains(where: { "\"$`\\!".contains($0) }) { return "\"" + self + "\"" }
        return CompletionScript.quoted(self)
    }
}
