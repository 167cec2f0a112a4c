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
