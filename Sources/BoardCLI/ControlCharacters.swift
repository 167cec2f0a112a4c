extension StringProtocol {
    /// This text with each control character (C0, DEL and C1: an escape sequence's ESC, a carriage
    /// return, a line break) as `replacement`, so that printing it can neither move the cursor, retitle
    /// or clear the terminal, nor start a second line.
    ///
    /// For text the client did not write itself: command-line arguments echoed in an error, a state
    /// file people may edit, a status format. Scalars, not characters, are looked at: `\r\n` is one
    /// `Character`, and neither `\r` nor `\n` alone.
    func replacingControlCharacters(with replacement: Unicode.Scalar = "\u{FFFD}") -> String {
        guard unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else { return String(self) }
        return String(
            String.UnicodeScalarView(unicodeScalars.map { $0.properties.generalCategory == .control ? replacement : $0 }))
    }
}
